//! Canonical forms against exact misère search, and against CGSuite.

use std::fmt::Debug;
use std::hash::Hash;

use super::*;
use crate::catalogue::{Cram, CramBoard, Nim};
use crate::game::Options;
use crate::solve::heap::HeapGame;
use crate::solve::misere::genus::genus;
use crate::solve::misere::{misere_nim_values, misere_outcome_by_search};
use crate::solve::Search;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Random(u64);
impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Small Cram boards with some cells filled: 2×2 up to 3×4.
fn cram_boards() -> Vec<CramBoard> {
    let texts = [
        "2x2",
        "2x3",
        "3x3",
        "2x4",
        "3x4",
        ".../.#./...",
        "#../.../..#",
        "..../.##./....",
        "##../..../....",
        ".#../..../..#.",
    ];
    texts.iter().map(|t| Cram.parse(t).unwrap()).collect()
}

#[test]
fn a_forms_values_are_the_positions_misere_and_normal_values() {
    for name in ["kayles", "grundys-game", "dawsons-kayles", "0.137"] {
        let game = HeapGame::parse(name).unwrap();
        let searched = misere_nim_values(&game, 0..=14).unwrap();
        let mut sums = CanonicalSums::new(&game);
        let mut normal = Search::normal_play(&game);
        for heap in 0..=14u64 {
            let form = sums.form(&heap).unwrap();
            assert_eq!(sums.forms().misere_value(form), searched[heap as usize], "{name} {heap}");
            assert_eq!(sums.forms().nim_value(form), normal.nim_value(&heap).unwrap(), "{name} {heap}");
        }
    }
    let boards = cram_boards();
    let searched = misere_nim_values(&Cram, boards.iter().copied()).unwrap();
    let mut sums = CanonicalSums::new(Cram);
    for (board, value) in boards.iter().zip(searched) {
        let form = sums.form(board).unwrap();
        assert_eq!(sums.forms().misere_value(form), value, "{}", board.to_text());
    }
}

#[test]
fn nim_heaps_are_their_own_forms() {
    let mut sums = CanonicalSums::new(Nim);
    for heap in 0..=12u64 {
        let form = sums.form(&heap).unwrap();
        assert_eq!(sums.forms().as_nimber(form), Some(heap as usize));
    }
}

/// The outcome of random sums, by forms and by exact search of the sum.
fn check_random_sums<G: Game>(game: &G, pool: &[G::Position], seed: u64, rounds: usize, most: u64)
where
    G::Position: Ord + Debug + Hash,
{
    let mut random = Random(seed);
    let mut sums = CanonicalSums::new(game);
    let mut both = [0; 2];
    for _ in 0..rounds {
        let count = 1 + random.below(most);
        let sum: Vec<G::Position> =
            (0..count).map(|_| pool[random.below(pool.len() as u64) as usize].clone()).collect();
        let by_forms = sums.outcome(&sum).unwrap();
        assert_eq!(by_forms, misere_outcome_by_search(game, &sum).unwrap(), "{sum:?}");
        both[usize::from(by_forms == Outcome::N)] += 1;
    }
    assert!(both[0] > rounds / 20 && both[1] > rounds / 20, "both outcomes occur: {both:?}");
}

#[test]
fn random_sums_of_heaps_agree_with_exact_search() {
    let heaps: Vec<u64> = (0..=9).collect();
    check_random_sums(&HeapGame::parse("kayles").unwrap(), &heaps, 7, 300, 4);
    check_random_sums(&HeapGame::parse("dawsons-kayles").unwrap(), &heaps, 11, 300, 4);
    check_random_sums(&HeapGame::parse("0.137").unwrap(), &heaps, 13, 300, 4);
    check_random_sums(&Nim, &heaps[..6], 17, 300, 4);
}

#[test]
fn random_sums_of_cram_regions_agree_with_exact_search() {
    let boards: Vec<CramBoard> = cram_boards().into_iter().filter(|b| b.empty.count_ones() <= 9).collect();
    check_random_sums(&Cram, &boards, 19, 60, 3);
}

/// Kayles heaps and sums of heaps mixed in one game, so that sums of
/// *different* games' forms meet (a heap of one, a whole position of the
/// other).
#[test]
fn sums_of_forms_are_the_forms_of_sums() {
    let kayles = HeapGame::parse("kayles").unwrap();
    let mut sums = CanonicalSums::new(&kayles);
    let mut whole = CanonicalSums::new(crate::game::SumGame::new(&kayles));
    for (a, b) in [(1, 1), (2, 2), (3, 4), (5, 2), (6, 6), (7, 3)] {
        let (fa, fb) = (sums.form(&a).unwrap(), sums.form(&b).unwrap());
        let sum = sums.forms_mut().sum(fa, fb).unwrap();
        let position = whole.game.canonical([a, b]);
        let of_sum = whole.form(&position).unwrap();
        // Different arenas: compare by notation.
        assert_eq!(sums.forms().display(sum), whole.forms().display(of_sum), "{a} + {b}");
    }
}

#[test]
fn genus_from_forms_matches_genus_by_search() {
    let kayles = HeapGame::parse("kayles").unwrap();
    let mut sums = CanonicalSums::new(&kayles);
    for heap in 0..=10u64 {
        let form = sums.form(&heap).unwrap();
        let searched = genus(&kayles, &heap, 4).unwrap();
        assert_eq!(sums.genus(form).unwrap(), searched, "kayles {heap}");
    }
    // Kayles 5 is 4^14646 (analysis.rs doctest; WW ch. 13's table).
    let five = sums.form(&5).unwrap();
    assert_eq!(sums.genus(five).unwrap().to_string(), "4^14646");
}

#[test]
fn grundys_game_22_has_cgsuites_form() {
    // CGSuite's test suite (aaron-siegel/cgsuite, HeapRulesetTest): the
    // misère canonical form of Grundy's game on a heap of 22.
    let cgsuite = "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]";
    let game = HeapGame::parse("grundys-game").unwrap();
    let mut sums = CanonicalSums::new(&game);
    let form = sums.form(&22).unwrap();
    assert_eq!(sums.forms_mut().parse(cgsuite).unwrap(), form);
    // And our printing of it reads back as the same form.
    let text = sums.forms().display(form);
    assert_eq!(sums.forms_mut().parse(&text).unwrap(), form, "{text}");
}

#[test]
fn far_fewer_forms_than_positions() {
    // Every board reachable on a 3×4 Cram board: hundreds of positions,
    // and a few dozen misère-distinct forms among them.
    let mut sums = CanonicalSums::new(Cram);
    let board = Cram.parse("3x4").unwrap();
    let form = sums.form(&board).unwrap();
    let positions = sums.positions_valued();
    let distinct: rustc_hash::FxHashSet<FormId> = sums.of_position.values().copied().collect();
    assert!(positions > 500, "{positions} positions");
    assert!(distinct.len() * 10 < positions, "{} forms for {positions} positions", distinct.len());
    assert_eq!(sums.forms().misere_value(form), misere_nim_values(&Cram, [board]).unwrap()[0]);
}

/// A game with a cycle: 0 → 1 → 0.
struct Cycle;
impl Game for Cycle {
    type Position = u8;
    fn options(&self, &p: &u8, options: &mut Options<u8>) {
        options.push(1 - p);
    }
}

#[test]
fn a_loopy_game_is_an_error_not_a_hang() {
    let error = CanonicalSums::new(Cycle).form(&0).unwrap_err();
    assert!(matches!(error, Error::Loopy { .. }), "{error}");
}

#[test]
fn a_raised_flag_stops_the_computation() {
    let kayles = HeapGame::parse("kayles").unwrap();
    let mut sums = CanonicalSums::new(&kayles);
    let flag = Arc::new(AtomicBool::new(true));
    sums.set_interrupt(Arc::clone(&flag));
    assert!(matches!(sums.form(&30), Err(Error::Interrupted)));
    flag.store(false, Ordering::Relaxed);
    assert!(sums.form(&30).is_ok());
}

/// One sum of two large forms is thousands of sums of their followers and
/// simplifications: it must stop on the flag in the middle, not only
/// between positions, and a sum finished afterwards must be the same as
/// one never interrupted.
#[test]
fn a_raised_flag_stops_a_single_sum_of_forms() {
    let kayles = HeapGame::parse("kayles").unwrap();
    let mut sums = CanonicalSums::new(&kayles);
    let (a, b) = (sums.form(&9).unwrap(), sums.form(&10).unwrap());
    let flag = Arc::new(AtomicBool::new(true));
    sums.set_interrupt(Arc::clone(&flag));
    assert!(matches!(sums.forms_mut().sum(a, b), Err(Error::Interrupted)));
    flag.store(false, Ordering::Relaxed);
    let resumed = sums.forms_mut().sum(a, b).unwrap();

    let mut fresh = CanonicalSums::new(&kayles);
    let (a, b) = (fresh.form(&9).unwrap(), fresh.form(&10).unwrap());
    let whole = fresh.forms_mut().sum(a, b).unwrap();
    assert_eq!(sums.forms().display(resumed), fresh.forms().display(whole));
}
/// CGSuite's short genera of Kayles heaps 0..20 (`game.heap.Kayles(n).Genus`
/// in CGSuite 2.x, as reference-values.md lists them): nim heaps bare, tame
/// heaps with one digit, wild ones trimmed — so the phylum must be right
/// for every heap, not only the digits.
#[test]
fn kayles_short_genera_are_cgsuites() {
    let kayles = HeapGame::parse("kayles").unwrap();
    let mut sums = CanonicalSums::new(&kayles);
    let cgsuite = [
        "0", "1", "2", "3", "1", "4^146", "3", "2^2", "1^1", "4^046", "2^2", "6^46", "4^046", "1^1", "2^2", "7^57",
        "1^13", "4^64", "3^31", "2^20", "1^031",
    ];
    for (heap, expected) in cgsuite.iter().enumerate() {
        let form = sums.form(&(heap as u64)).unwrap();
        let genus = sums.genus(form).unwrap();
        let phylum = sums.phylum(form).unwrap();
        assert_eq!(genus.short(phylum).to_string(), *expected, "heap {heap}");
    }
}

/// A restive form (Winning Ways ch. 13): `G = {*, H}` with `H = {*2 + *2}`
/// (genus `1^1`, tame) has `g⁺ = 0` and `g⁻ = 2`, so its genus is not tame,
/// yet all its options are tame: CGSuite's phylum HEREDITARILY_RESTIVE,
/// whose genus it writes with one digit, `0^2`. Its long genus must follow
/// the restive rule (γ0 = 2, then `γ0 ⊕ 2, γ0, …`), found here by sums of
/// forms, not assumed. Kayles 5 (`4^146`, `g⁺ = 4`) stays wild.
#[test]
fn restive_forms_print_one_digit() {
    let kayles = HeapGame::parse("kayles").unwrap();
    let mut sums = CanonicalSums::new(&kayles);
    let forms = sums.forms_mut();
    let (star, two) = (forms.nimber(1), forms.nimber(2));
    let two_two = forms.sum(two, two).unwrap();
    let h = forms.game([two_two]).unwrap();
    let g = forms.game([star, h]).unwrap();
    assert_eq!(sums.phylum(h).unwrap(), Phylum::Tame);
    assert_eq!(sums.phylum(g).unwrap(), Phylum::Restive);
    let genus = sums.genus(g).unwrap();
    assert_eq!((genus.nim_value, genus.misere[0]), (0, 2));
    assert!(genus.misere.iter().enumerate().skip(1).all(|(i, &v)| v == if i % 2 == 1 { 0 } else { 2 }), "{genus}");
    assert_eq!(genus.short(Phylum::Restive).to_string(), "0^2");
    // Kayles 5 (4^146) is wild, not restive: g⁺ = 4.
    let five = sums.form(&5).unwrap();
    assert_eq!(sums.phylum(five).unwrap(), Phylum::Wild);
}

/// `count` random sums of one to three Cram regions of at most 9 cells.
fn random_cram_sums(seed: u64, count: usize) -> Vec<Vec<CramBoard>> {
    let boards: Vec<CramBoard> = cram_boards().into_iter().filter(|b| b.empty.count_ones() <= 9).collect();
    let mut random = Random(seed);
    let mut sums = Vec::with_capacity(count);
    for _ in 0..count {
        let parts = 1 + random.below(3);
        sums.push((0..parts).map(|_| boards[random.below(boards.len() as u64) as usize]).collect());
    }
    sums
}

/// [`Beside`]: the largest component searched beside the form of the rest
/// gives the outcome the forms of every component give, whatever the size
/// below which components are valued by their forms (0: every component
/// searched; 3, 5: the two kinds mixed) and however soon a move is put off
/// (patience 1 puts off nearly every move), and exact search of the whole sum.
#[test]
fn a_component_searched_beside_the_form_of_the_rest_has_the_outcome_of_the_forms() {
    let settings = [(0, 1), (0, 128), (3, 2), (5, 1)];
    let sums = random_cram_sums(23, 60 * settings.len());
    let mut forms = CanonicalSums::new(Cram);
    let size = |b: &CramBoard| b.empty.count_ones();
    let mut both = [0; 2];
    for ((small, patience), sums) in settings.into_iter().zip(sums.chunks(60)) {
        let mut beside = Beside::new(Cram, size, small).with_patience(patience);
        for sum in sums {
            let expected = forms.outcome(sum).unwrap();
            assert_eq!(beside.outcome(sum).unwrap(), expected, "{sum:?}, small {small}");
            both[usize::from(expected == Outcome::N)] += 1;
        }
        assert!(small > 3 || beside.searched() > 0, "small {small}: nothing was searched");
    }
    assert!(both[0] > 10 && both[1] > 10, "both outcomes occur: {both:?}");
    // And a whole board against exact search of the game tree.
    let board = Cram.parse("3x4").unwrap();
    let mut beside = Beside::new(Cram, size, 4);
    assert_eq!(beside.outcome(&[board]).unwrap(), misere_outcome_by_search(&Cram, &[board]).unwrap());
}

/// [`Beside::outcome_on_threads`]: the first moves shared out among
/// threads give the outcome the forms give, with moves put off and asked
/// again (patience 1 and 2) and without, on two and three threads.
#[test]
fn first_moves_shared_among_threads_give_the_outcome_of_the_forms() {
    let settings = [(2, 1), (3, 2), (2, 128)];
    let sums = random_cram_sums(29, 40 * settings.len());
    let mut forms = CanonicalSums::new(Cram);
    let size = |b: &CramBoard| b.empty.count_ones();
    let mut both = [0; 2];
    for ((threads, patience), sums) in settings.into_iter().zip(sums.chunks(40)) {
        for sum in sums {
            let expected = forms.outcome(sum).unwrap();
            let mut beside = Beside::new(Cram, size, 3).with_patience(patience);
            let shared = beside.outcome_on_threads(sum, threads).unwrap();
            assert_eq!(shared.outcome, expected, "{sum:?}, {threads} threads, patience {patience}");
            both[usize::from(expected == Outcome::N)] += 1;
        }
    }
    assert!(both[0] > 10 && both[1] > 10, "both outcomes occur: {both:?}");
}

/// The tally a progress line reads counts every position searched, by
/// every thread.
#[test]
fn the_tally_counts_the_positions_every_thread_searched() {
    use std::sync::atomic::{AtomicU64, Ordering};
    let size = |b: &CramBoard| b.empty.count_ones();
    // (4 × 5 is a misère P-position, 3 × 6 an N-position: there the
    // threads stop once one finds a P option.)
    for (board, threads) in [("4x5", 1), ("4x5", 2), ("3x6", 2)] {
        let board = Cram.parse(board).unwrap();
        let tally = std::sync::Arc::new(AtomicU64::new(0));
        let mut beside = Beside::new(Cram, size, 3).with_tally(std::sync::Arc::clone(&tally));
        let shared = beside.outcome_on_threads(&[board], threads).unwrap();
        assert!(shared.searched > 10, "{threads} threads: {}", shared.searched);
        assert_eq!(tally.load(Ordering::Relaxed), shared.searched, "{threads} threads");
        // The same Beside answers again afterwards (its stop flag is gone).
        assert_eq!(beside.outcome_on_threads(&[board], threads).unwrap().outcome, shared.outcome);
    }
}

/// A raised flag stops the search beside forms, on one thread and on two.
#[test]
fn a_raised_flag_stops_the_search_beside_forms() {
    let board = Cram.parse("3x5").unwrap();
    for threads in [1, 2] {
        let mut beside = Beside::new(Cram, |b: &CramBoard| b.empty.count_ones(), 2);
        beside.sums().set_interrupt(std::sync::Arc::new(AtomicBool::new(true)));
        let stopped = beside.outcome_on_threads(&[board], threads);
        assert!(matches!(stopped, Err(Error::Interrupted)), "{threads} threads");
    }
}
