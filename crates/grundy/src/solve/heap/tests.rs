//! Heap-game sequences against published values and against each other.

use super::*;
use crate::sequence::{find_periodicity, Proof, Unproven};
use crate::solve::{dense::solve_dense, NormalPlay};

fn sequence(description: &str, method: Algorithm, len: usize) -> Vec<u32> {
    let game = HeapGame::parse(description).unwrap();
    let mut sequence = NimSequence::new(&game, method).unwrap();
    assert!(sequence.extend_to(len, |_| false).unwrap());
    sequence.into_values().to_vec()
}

/// Heaps 1..=20 of Kayles (OEIS A002186, terms 1..=20), Dawson's Kayles
/// (A002187, Dawson's Chess, terms 0..=19: the comment there says 0.07
/// has values a(n-1)) and Grundy's game (A002188, terms 1..=20); each by
/// the plain method and by the one the engine picks.
#[test]
fn kayles_dawsons_kayles_and_grundys_game_match_oeis() {
    let published: [(&str, [u32; 20]); 3] = [
        ("kayles", [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]),
        ("dawsons-kayles", [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]),
        ("grundys-game", [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]),
    ];
    for (game, values) in published {
        for method in [Algorithm::Plain, Algorithm::best_for(&HeapGame::parse(game).unwrap())] {
            assert_eq!(sequence(game, method, 21)[1..], values, "{game} by {method:?}");
        }
    }
}

/// The nim-values of a take-and-break game written from its rules alone
/// (Winning Ways ch. 4), with none of the library's code: digit `d_j` of the
/// code (j = 0, 1, …) lets a player take j counters from a heap and leave
/// the rest as k non-empty heaps for every bit k set in `d_j`.
fn by_the_rules(digits: &[u32], heaps: usize) -> Vec<u32> {
    /// Inserts the nim-sum of every way to write `rest` as `parts`
    /// non-empty heaps (no larger than `largest`, so each split once).
    fn splits(rest: usize, parts: u32, largest: usize, sum: u32, values: &[u32], seen: &mut Vec<bool>) {
        if parts == 0 {
            if rest == 0 {
                seen[sum as usize] = true;
            }
            return;
        }
        for heap in 1..=largest.min(rest) {
            splits(rest - heap, parts - 1, heap, sum ^ values[heap], values, seen);
        }
    }
    let mut values = vec![0u32; heaps + 1];
    for n in 1..=heaps {
        let mut seen = vec![false; 4 * n + 4];
        for (take, &digit) in digits.iter().enumerate().take(n + 1) {
            for parts in 0..4 {
                // Taking nothing and leaving one heap is no move.
                if digit >> parts & 1 == 1 && (take > 0 || parts > 1) {
                    splits(n - take, parts, n - take, 0, &values, &mut seen);
                }
            }
        }
        values[n] = seen.iter().position(|&s| !s).unwrap() as u32;
    }
    values
}

/// The hexadecimal game 0.3F (take one and leave up to one heap, or two
/// and leave up to three), 0.8 in hex, and octal codes with a digit 4
/// (splits), against the rules written out above, to heap 80.
#[test]
fn codes_match_a_brute_force_of_their_rules() {
    for (code, digits) in [
        ("0.3F", &[0, 3, 15][..]),
        ("hex:0.8", &[0, 8]),
        ("4.07", &[4, 0, 7]),
        ("0.137", &[0, 1, 3, 7]),
        ("0.77", &[0, 7, 7]),
        ("0.16", &[0, 1, 6]),
    ] {
        let game = HeapGame::parse(code).unwrap();
        let rules = by_the_rules(digits, 80);
        for method in [Algorithm::Plain, Algorithm::best_for(&game)] {
            assert_eq!(sequence(code, method, 81), rules, "{code} by {method:?}");
        }
    }
    // The reference list's first terms of 0.3F are what the rules give.
    assert_eq!(by_the_rules(&[0, 3, 15], 20)[1..], [1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11]);
    // And Kayles by these rules is OEIS A002186.
    assert_eq!(by_the_rules(&[0, 7, 7], 20)[1..12], [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
}

#[test]
fn the_plain_method_agrees_with_the_general_table_solver() {
    for code in [
        "0.77",
        "0.07",
        "4.07",
        "0.3F",
        "hex:0.8",
        "0.16",
        "0.137",
        "grundys-game",
        "all-but:2,5",
        "nim",
        "subtraction:2,3,7",
    ] {
        let game = HeapGame::parse(code).unwrap();
        let general: Vec<u32> = solve_dense(&game, NormalPlay, 60).unwrap().into_iter().map(|v| v as u32).collect();
        assert_eq!(sequence(code, Algorithm::Plain, 60), general, "{code}");
    }
}

#[test]
fn rare_common_agrees_with_plain_on_many_random_codes() {
    let mut random = crate::testing::Xorshift::new(12345);
    let mut next = |n: u64| random.below(n);
    for _ in 0..300 {
        let length = 1 + next(5) as usize;
        let mut code = String::from(if next(4) == 0 { "4." } else { "0." });
        for _ in 0..length {
            code.push(char::from_digit(next(8) as u32, 8).unwrap());
        }
        let Ok(game) = HeapGame::parse(&code) else { continue };
        let plain = sequence(&code, Algorithm::Plain, 700);
        let fast = sequence(&code, Algorithm::RareCommon, 700);
        assert_eq!(plain, fast, "{code} ({game:?})");
    }
}

#[test]
fn resuming_gives_the_same_values() {
    let game = HeapGame::parse("0.16").unwrap();
    let whole = sequence("0.16", Algorithm::RareCommon, 3000);
    let mut first = NimSequence::new(&game, Algorithm::RareCommon).unwrap();
    first.extend_to(1234, |_| false).unwrap();
    let mut rest = NimSequence::resume(&game, Algorithm::RareCommon, first.into_values()).unwrap();
    rest.extend_to(3000, |_| false).unwrap();
    assert_eq!(rest.values().to_vec(), whole);
}

#[test]
fn a_stop_keeps_what_was_computed() {
    let game = HeapGame::parse("kayles").unwrap();
    let mut sequence = NimSequence::new(&game, Algorithm::RareCommon).unwrap();
    let done = sequence.extend_to(100_000, |n| n >= 2 * STOP_CHECK_INTERVAL).unwrap();
    assert!(!done);
    assert_eq!(sequence.values().len(), 2 * STOP_CHECK_INTERVAL);
}

/// A code that splits in three lists about `heap²/12` splits a heap per
/// such digit, so `stop` is asked every few heaps, not every
/// [`STOP_CHECK_INTERVAL`]: 300 `F`s ask it first at heap 128 (the heaps
/// up to 256 would list 10^8 options), and 3,000 `F`s went on past Ctrl-C
/// until heap 3,000 was done.
#[test]
fn a_code_that_splits_in_three_is_asked_to_stop_often() {
    let game = HeapGame::parse(&format!("hex:0.{}", "F".repeat(300))).unwrap();
    let mut sequence = NimSequence::new(&game, Algorithm::best_for(&game)).unwrap();
    let mut asked = Vec::new();
    let done = sequence
        .extend_to(3000, |n| {
            asked.push(n);
            true
        })
        .unwrap();
    assert!(!done);
    assert_eq!((&asked[..], sequence.values().len()), (&[128][..], 128));
}

/// A period the octal theorem proves from the first heaps of a code must
/// hold for every heap: every code `d0.d1d2` (`d0` 0 or 4) and every
/// prefix of its first 60 values, against its values to heap 240 by the
/// rules. 0.04 (heaps 0..3 of value 0, heap 4 of value 1) was "proven"
/// periodic with period 1 from its first four values, because the
/// theorem was applied from heap 0, where a split may leave an empty part.
#[test]
fn a_proven_period_holds_for_every_heap_of_every_short_code() {
    let mut proven = 0;
    for code in 0..512u32 {
        let digits = [(code >> 6 & 1) * 4, code >> 3 & 7, code & 7];
        if digits[1] == 0 && digits[2] == 0 {
            continue;
        }
        let k = if digits[2] != 0 { 2 } else { 1 };
        let values = by_the_rules(&digits[..=k], 240);
        for len in 1..=60 {
            let Some(pattern) = find_periodicity(&values[..len], Some(k)).filter(|p| p.proven()) else { continue };
            proven += 1;
            for n in pattern.preperiod..values.len() - pattern.period {
                assert_eq!(
                    values[n + pattern.period],
                    values[n],
                    "{digits:?}: {pattern:?} from {len} values, heap {n}"
                );
            }
        }
    }
    assert!(proven > 1000, "{proven}");
}

#[test]
fn kayles_is_proven_periodic_after_heap_70() {
    let values = sequence("kayles", Algorithm::RareCommon, 400);
    let pattern = find_periodicity(&values, Some(2)).unwrap();
    assert_eq!((pattern.preperiod, pattern.period, pattern.saltus, pattern.proven()), (71, 12, 0, true));
    assert!(pattern.proof.to_string().contains("71 ≤ n < 2·71 + 12 + 2 = 156"), "{}", pattern.proof);
    // Too few values for the theorem: only a conjecture, which says what is missing.
    let pattern = find_periodicity(&values[..150], Some(2)).unwrap();
    assert_eq!(pattern.proof, Proof::Conjecture { why: Unproven::TooFewValues { needed_through: 167 } });
}

#[test]
fn dawsons_kayles_is_proven_periodic_with_period_34() {
    let values = sequence("dawsons-kayles", Algorithm::RareCommon, 400);
    let pattern = find_periodicity(&values, Some(2)).unwrap();
    assert_eq!((pattern.preperiod, pattern.period, pattern.proven()), (53, 34, true));
}

#[test]
fn nim_and_all_but_games_are_arithmetic_periodic_conjectures() {
    let values = sequence("nim", Algorithm::Plain, 300);
    let pattern = find_periodicity(&values, None).unwrap();
    assert_eq!((pattern.period, pattern.saltus, pattern.proven()), (1, 1, false));
    let values = sequence("all-but:1,2", Algorithm::Plain, 300);
    let pattern = find_periodicity(&values, None).unwrap();
    assert_eq!((pattern.saltus > 0, &pattern.proof), (true, &Proof::Conjecture { why: Unproven::Arithmetic }));
}

#[test]
fn the_subtraction_game_two_three_seven_is_proven_purely_periodic() {
    let game = HeapGame::parse("subtraction:2,3,7").unwrap();
    let values = sequence("subtraction:2,3,7", Algorithm::RareCommon, 100);
    let pattern = find_periodicity(&values, game.octal_length()).unwrap();
    assert_eq!((pattern.preperiod, pattern.period, pattern.proven()), (0, 5, true));
}

#[test]
fn grundys_game_has_no_pattern_in_its_first_thousands() {
    let values = sequence("grundys-game", Algorithm::RareCommon, 5000);
    assert_eq!(find_periodicity(&values, None), None);
}

/// OEIS A002188 (Sprague–Grundy values for Grundy's game), terms n = 0..104.
const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1,
    2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2,
    4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/// Flammenkamp, "Sprague-Grundy Values of Grundy's Game"
/// (wwwhomes.uni-bielefeld.de/achim/grundy.html), "Known Sparse SGV of
/// Grundy's Game": every heap through 231 whose value has an even number of
/// ones above the lowest bit, with its value.
const FLAMMENKAMP_SPARSE: [(usize, u32); 48] = [
    (0, 0),
    (1, 0),
    (2, 0),
    (3, 1),
    (4, 0),
    (6, 1),
    (7, 0),
    (9, 1),
    (10, 0),
    (12, 1),
    (15, 1),
    (20, 0),
    (23, 0),
    (26, 0),
    (28, 1),
    (31, 1),
    (34, 1),
    (37, 1),
    (40, 1),
    (43, 1),
    (46, 1),
    (49, 1),
    (50, 0),
    (52, 1),
    (53, 0),
    (55, 1),
    (58, 1),
    (61, 1),
    (87, 7),
    (90, 7),
    (93, 7),
    (146, 6),
    (149, 6),
    (152, 6),
    (158, 11),
    (161, 11),
    (164, 11),
    (167, 11),
    (176, 7),
    (179, 7),
    (181, 12),
    (182, 7),
    (185, 7),
    (188, 7),
    (190, 12),
    (193, 12),
    (196, 10),
    (231, 10),
];

#[test]
fn grundys_game_matches_oeis_and_flammenkamps_sparse_values() {
    let game = HeapGame::grundys_game();
    let mut sequence = NimSequence::new(&game, Algorithm::RareCommon).unwrap();
    sequence.extend_to(20_000, |_| false).unwrap();
    let values = sequence.values().to_vec();
    assert_eq!(values[..105], A002188);
    let sparse: Vec<(usize, u32)> =
        (0..=231).filter(|&n| (values[n] & !1).count_ones() % 2 == 0).map(|n| (n, values[n])).collect();
    assert_eq!(sparse, FLAMMENKAMP_SPARSE);
    // The split the data chose is Flammenkamp's: mask …11110, values alone.
    let (mask, domain) = sequence.engine.split.as_ref().unwrap().mask();
    assert_eq!((mask & 0xFF, domain), (0xFE, false));
    assert_eq!(values, self::sequence("grundys-game", Algorithm::Plain, 20_000));
}

#[test]
fn the_running_count_agrees_with_plain_on_random_all_but_games() {
    let mut random = crate::testing::Xorshift::new(8);
    for _ in 0..40 {
        let size = 1 + random.below(4) as usize;
        let set: Vec<u64> = (0..size).map(|_| 1 + random.below(12)).collect();
        let game = HeapGame::all_but(&set).unwrap();
        assert_eq!(Algorithm::best_for(&game), Algorithm::RunningCount);
        let code = game.description().to_string();
        assert_eq!(sequence(&code, Algorithm::Plain, 400), sequence(&code, Algorithm::RunningCount, 400), "{code}");
    }
    assert_eq!(sequence("nim", Algorithm::RunningCount, 50), (0..50).collect::<Vec<u32>>());
    assert!(NimSequence::new(&HeapGame::parse("0.77").unwrap(), Algorithm::RunningCount).is_err());
}

#[test]
fn values_widen_past_a_byte_and_agree_with_plain() {
    // Nim's values are the heaps: they outgrow a byte, then two.
    let mut nim = NimSequence::new(&HeapGame::nim(), Algorithm::RunningCount).unwrap();
    nim.extend_to(70_000, |_| false).unwrap();
    assert_eq!(nim.values().width(), 4);
    assert_eq!(nim.values().to_vec(), (0..70_000).collect::<Vec<u32>>());
    // All-but games' values grow with the heap.
    let values = sequence("all-but:2,5", Algorithm::RunningCount, 3000);
    assert!(values.iter().any(|&v| v > 255));
    assert_eq!(values, sequence("all-but:2,5", Algorithm::Plain, 3000));
}

#[test]
fn a_table_of_heaps_uses_the_fastest_method() {
    let game = HeapGame::parse("0.77").unwrap();
    assert_eq!(nim_values(&game, 999).unwrap().to_vec(), sequence("0.77", Algorithm::Plain, 1000));
    assert_eq!(nim_values(&HeapGame::nim(), 0).unwrap().to_vec(), [0]);
}

#[test]
fn past_a_proven_period_values_are_copied_and_agree_with_plain() {
    // Kayles is proven periodic after 168 heaps: the engine copies from then on.
    let game = HeapGame::parse("0.77").unwrap();
    let mut kayles = NimSequence::new(&game, Algorithm::RareCommon).unwrap();
    kayles.extend_to(5000, |_| false).unwrap();
    assert_eq!(kayles.proven_period, Some(12));
    assert_eq!(kayles.values().to_vec(), sequence("0.77", Algorithm::Plain, 5000));
    // Grundy's game is not an octal code: never copied.
    let mut grundy = NimSequence::new(&HeapGame::grundys_game(), Algorithm::RareCommon).unwrap();
    grundy.extend_to(3000, |_| false).unwrap();
    assert_eq!(grundy.proven_period, None);
}

#[test]
fn the_block_listing_gives_the_values_heap_by_heap() {
    // Grundy's game (long passes: probes) and octal codes (no probes), by
    // blocks past the first stretch, against the same method heap by heap,
    // and Grundy's game against the plain method.
    for (code, len) in [("grundys-game", 50_000), ("0.106", 60_000), ("0.137", 40_000), ("4.07", 40_000)] {
        let game = HeapGame::parse(code).unwrap();
        let run = |by_blocks: bool, parallel: bool| {
            let mut sequence = NimSequence::new(&game, Algorithm::RareCommon).unwrap();
            sequence.set_parallel(parallel);
            if !by_blocks {
                sequence = sequence.heap_by_heap();
            }
            sequence.extend_to(len, |_| false).unwrap();
            let schedules = sequence.schedules();
            // Codes proven periodic early copy their values instead.
            let expected = by_blocks && sequence.proven_period.is_none();
            // (0.106, whose values stay below 64, runs a heap at a time on words: `bits.rs`.)
            assert!(code != "grundys-game" || expected == schedules.contains(&Schedule::Blocks), "{schedules:?}");
            assert!(code != "0.106" || !schedules.contains(&Schedule::Blocks), "{schedules:?}");
            assert!(by_blocks || schedules == [Schedule::HeapByHeap], "{schedules:?}");
            sequence.values().to_vec()
        };
        let by_blocks = run(true, false);
        assert_eq!(by_blocks, run(false, false), "{code}");
        if code == "grundys-game" {
            assert_eq!(by_blocks[..20_000], sequence(code, Algorithm::Plain, 20_000), "{code}");
        }
    }
}

#[test]
fn the_vector_pass_gives_the_values_of_the_table_pass() {
    // Past heap 65 600 the pass reads both parts of its splits forwards and
    // tests 32 of them at once against the pending values (AVX2, where the
    // processor has it): the same values as the table of bits.
    for (code, len) in [("grundys-game", 70_000), ("0.106", 70_000)] {
        let game = HeapGame::parse(code).unwrap();
        let run = |vector: bool| {
            let mut sequence = NimSequence::new(&game, Algorithm::RareCommon).unwrap();
            sequence.set_parallel(false);
            if !vector {
                sequence = sequence.without_vectors();
            }
            sequence.extend_to(len, |_| false).unwrap();
            sequence.into_values()
        };
        assert_eq!(run(true), run(false), "{code}");
    }
}

#[test]
fn values_as_words_agree_with_heap_by_heap_and_plain_on_random_codes() {
    // Past the first 1 024 heaps, games with short passes and values below
    // 64 run on words (`bits.rs`); heap by heap and plain must agree.
    let mut random = crate::testing::Xorshift::new(2026);
    let mut words = 0;
    for _ in 0..60 {
        let length = 2 + random.below(4) as usize;
        let mut code = String::from("0.");
        for _ in 0..length {
            code.push(char::from_digit(random.below(8) as u32, 8).unwrap());
        }
        let Ok(game) = HeapGame::parse(&code) else { continue };
        let run = |by_blocks: bool| {
            let mut sequence = NimSequence::new(&game, Algorithm::RareCommon).unwrap();
            sequence.set_parallel(false);
            if !by_blocks {
                sequence = sequence.heap_by_heap();
            }
            sequence.extend_to(3000, |_| false).unwrap();
            let on_words = sequence.schedules().contains(&Schedule::Words);
            assert!(by_blocks || !on_words);
            (sequence.values().to_vec(), on_words)
        };
        let ((fast, on_words), (serial, _)) = (run(true), run(false));
        words += on_words as usize;
        assert_eq!(fast, serial, "{code}");
        assert_eq!(fast, sequence(&code, Algorithm::Plain, 3000), "{code}");
    }
    assert!(words >= 4, "only {words} codes ran on words");
}

/// Runs `f` in a pool of two threads: sequences made there list each block
/// ahead on a second thread (`pipeline.rs`).
fn on_two_threads<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap().install(f)
}

/// The values of `game` from `prefix` to `len` heaps, by `method`, on one
/// thread or two; with `long_passes`, by blocks with probes from the first
/// heap on. Also the blocks whose listing was made ahead and used, and
/// made ahead and thrown away.
fn continued(
    game: &HeapGame,
    method: Algorithm,
    prefix: Values,
    len: usize,
    two_threads: bool,
    long_passes: bool,
) -> (Vec<u32>, (usize, usize)) {
    let run = || {
        let mut sequence = NimSequence::resume(game, method, prefix).unwrap();
        if long_passes {
            sequence = sequence.assume_long_passes();
        }
        sequence.extend_to(len, |_| false).unwrap();
        let ahead = sequence.listings_ahead();
        (sequence.into_values().to_vec(), ahead)
    };
    if two_threads {
        on_two_threads(run)
    } else {
        rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap().install(run)
    }
}

#[test]
fn listing_a_block_ahead_on_a_second_thread_gives_the_values_of_one() {
    let game = HeapGame::grundys_game();
    let len = 1 << 16;
    let (two, ahead) = continued(&game, Algorithm::RareCommon, Values::new(), len, true, false);
    // (2^16 − 2^14) / 64 blocks, less those after which the split is chosen again.
    assert!(ahead.0 > 700, "blocks listed ahead and used: {ahead:?}");
    let (one, not_ahead) = continued(&game, Algorithm::RareCommon, Values::new(), len, false, false);
    assert_eq!(not_ahead, (0, 0));
    assert_eq!(two, one);
    assert_eq!(two, sequence("grundys-game", Algorithm::Plain, len));
}

#[test]
fn a_sequence_resumed_on_two_threads_lists_ahead_and_agrees() {
    // Resumed in the middle of a block, as from a checkpoint.
    let game = HeapGame::grundys_game();
    let (whole, _) = continued(&game, Algorithm::RareCommon, Values::new(), 50_000, false, false);
    let (first, _) = continued(&game, Algorithm::RareCommon, Values::new(), 30_017, true, false);
    let (rest, ahead) = continued(&game, Algorithm::RareCommon, Values::from(first), 50_000, true, false);
    assert_eq!(rest, whole);
    assert!(ahead.0 > 200, "a resumed sequence lists by blocks, ahead: {ahead:?}");
}

#[test]
fn listings_made_ahead_are_thrown_away_when_values_outgrow_a_byte_or_the_rows() {
    // From a made-up prefix G(h) = h mod m (every method computes the same
    // values from any prefix), Grundy's rule gives values past 255 at once and
    // past 511 later: the values widen to two bytes, blocks end early when a
    // value outgrows their rows, and listings made ahead for the block after
    // are thrown away. With the second prefix a value outgrows the rows on
    // the last heap of a block (the next block starts where planned, wider):
    // comparing only where blocks start fails there.
    let game = HeapGame::grundys_game();
    for (modulus, heaps) in [(256, 4096), (300, 4097)] {
        let prefix = || Values::from((0..heaps).map(|h| h % modulus).collect::<Vec<u32>>());
        let len = 12_000;
        let (two, ahead) = continued(&game, Algorithm::RareCommon, prefix(), len, true, true);
        let (one, _) = continued(&game, Algorithm::RareCommon, prefix(), len, false, true);
        assert_eq!(two, one, "mod {modulus}");
        assert_eq!(two, continued(&game, Algorithm::Plain, prefix(), len, false, false).0, "mod {modulus}");
        assert!(two.iter().any(|&v| v >= 512), "values outgrow rows of 256 and of 512");
        assert!(ahead.0 > 500 && ahead.1 > 0, "listings ahead used and thrown away: {ahead:?}");
    }
}

#[test]
fn an_octal_code_by_blocks_lists_ahead_and_agrees() {
    // 4.077 splits taking 0, 2 or 3, and its values reach 111 (past a word):
    // its passes are short, so it lists by blocks on one thread; made to
    // probe, as if they were long, it lists ahead on two.
    let game = HeapGame::parse("4.077").unwrap();
    let len = 40_000;
    let (by_blocks, not_ahead) = continued(&game, Algorithm::RareCommon, Values::new(), len, true, false);
    assert_eq!(not_ahead, (0, 0), "short passes: no listing ahead");
    let (ahead_values, ahead) = continued(&game, Algorithm::RareCommon, Values::new(), len, true, true);
    assert!(ahead.0 > 500, "blocks listed ahead: {ahead:?}");
    assert_eq!(ahead_values, by_blocks);
    assert_eq!(by_blocks[..10_000], sequence("4.077", Algorithm::Plain, 10_000));
}

/// Heaps past what a search takes are valued from a proven period: the
/// same values as the sequence computed through them, for codes whose
/// periods are proven early (Kayles, Dawson's Kayles, 0.6) and late (0.16:
/// period 149,459 from heap 105,350, Gangolli and Plambeck 1989); a code
/// with no period proven within the bound is valued from its own sequence
/// up to `DIRECT_REACH` times the bound, and past that is an error naming
/// the bound.
#[test]
fn far_heaps_take_the_value_of_a_heap_whole_periods_back() {
    for (code, last) in [("0.77", 5_000), ("0.137", 5_000), ("0.6", 20_000), ("0.16", 600_000)] {
        let game = HeapGame::parse(code).unwrap();
        let direct = nim_values(&game, last).unwrap();
        let heaps: Vec<u64> = [last, last - 1, last - 13, last / 2 + 7, 3].map(|h| h as u64).to_vec();
        let far = nim_values_of_heaps(&game, &heaps, 1 << 20).unwrap();
        let expected: Vec<u64> = heaps.iter().map(|&h| u64::from(direct.get(h as usize))).collect();
        assert_eq!(far, expected, "{code}");
    }
    // Kayles' values repeat every 12 heaps from heap 71: 10^12 + r is heap 72 + r (10^12 ≡ 4 mod 12).
    let kayles = HeapGame::parse("0.77").unwrap();
    let far: Vec<u64> = (0..12).map(|r| 1_000_000_000_000 + r).collect();
    let near: Vec<u64> = (0..12).map(|r| 72 + (4 + r) % 12).collect();
    assert_eq!(
        nim_values_of_heaps(&kayles, &far, 1 << 20).unwrap(),
        nim_values_of_heaps(&kayles, &near, 1 << 20).unwrap()
    );
    let treblecross = HeapGame::parse("0.007").unwrap();
    let reach = 4096 * super::DIRECT_REACH as u64;
    let direct = nim_values(&treblecross, reach as usize).unwrap();
    let within: Vec<u64> = vec![reach - 1, 4097, 5000, 12];
    let expected: Vec<u64> = within.iter().map(|&h| u64::from(direct.get(h as usize))).collect();
    assert_eq!(nim_values_of_heaps(&treblecross, &within, 4096).unwrap(), expected);
    for heap in [reach, 1 << 40] {
        let unproven = nim_values_of_heaps(&treblecross, &[heap], 4096).unwrap_err();
        assert!(unproven.to_string().contains("no period of its nim-values is proven by heap 4096"), "{unproven}");
        assert!(unproven.to_string().contains(&format!("heaps from {reach} on")), "{unproven}");
    }
}

/// A multiple of a short local period still finds the long proven one:
/// `subtraction:100,1000,10000` (the code with digit 3 at places 100,
/// 1,000 and 10,000) has period 1,100 from heap 0, but its values through
/// heap 39,999 end in a hundred equal ones (period 1 from heap 39,900).
/// Skipping every multiple of that period reported it as a conjecture,
/// and the sequence, which proves periods as it goes, never copied.
#[test]
fn a_proven_period_that_is_a_multiple_of_a_local_one_is_found() {
    let set = [100usize, 1000, 10000];
    let mut values: Vec<u32> = Vec::new();
    for n in 0..40_000 {
        let options: Vec<u32> = set.iter().filter(|&&s| s <= n).map(|&s| values[n - s]).collect();
        values.push((0..).find(|v| !options.contains(v)).unwrap());
    }
    let pattern = find_periodicity(&values, Some(10_000)).unwrap();
    assert_eq!((pattern.preperiod, pattern.period, pattern.proven()), (0, 1100, true));
    let game = HeapGame::subtraction(&[100, 1000, 10000]).unwrap();
    let mut sequence = NimSequence::new(&game, Algorithm::best_for(&game)).unwrap();
    sequence.extend_to(40_000, |_| false).unwrap();
    assert_eq!((sequence.proven_period, sequence.into_values().to_vec()), (Some(1100), values));
}

/// Far heaps are valued from the proof of the period, remembered for the
/// next question about the same game: the answers from memory are those of
/// the values themselves, for each of more games than are kept, asked twice
/// in turn (so the first are forgotten and proven again).
#[test]
fn far_heaps_from_a_remembered_proof_agree_with_the_values() {
    let codes = ["kayles", "dawsons-kayles", "0.137", "0.4", "subtraction:1,3,4", "subtraction:2,3,7"];
    assert!(codes.len() > PROVEN_PERIODS_KEPT);
    let mut random = crate::testing::Xorshift::new(7);
    for round in 0..2 {
        for code in codes {
            let game = HeapGame::parse(code).unwrap();
            // A far heap needs the proof, which is then remembered.
            let far: Vec<u64> = (0..50).map(|_| (1 << 40) + random.below(1 << 40)).collect();
            let from_the_proof = nim_values_of_heaps(&game, &far, 1 << 20).unwrap();
            let proven = ProvenPeriod::remembered(&game).expect("remembered once proven");
            let (end, period) = (proven.values.len() as u64, proven.period as u64);
            let back = |heap: u64| end - period + (heap - (end - period)) % period;
            let expected: Vec<u64> = far.iter().map(|&h| u64::from(proven.values.get(back(h) as usize))).collect();
            assert_eq!(from_the_proof, expected, "{code}, round {round}");
            // Near heaps, now from memory, against the values themselves.
            let values = sequence(code, Algorithm::best_for(&game), 4000);
            let near: Vec<u64> = (0..50).map(|_| random.below(4000)).collect();
            let expected: Vec<u64> = near.iter().map(|&h| u64::from(values[h as usize])).collect();
            assert_eq!(nim_values_of_heaps(&game, &near, 1 << 20).unwrap(), expected, "{code}, round {round}");
            assert_eq!(nim_values_of_heaps(&game, &far, 1 << 20).unwrap(), from_the_proof, "{code}, round {round}");
        }
    }
}
