//! The pruned search against the plain search (mex over every option, no
//! decomposition, no canonical forms, no theory) on random small positions,
//! and against published values.

use super::{BytesKey, Canonical, CompactKey, NimberSet, Progress, PrunedSearch, WideKey};
use crate::catalogue::{Cram, CramBoard};
use crate::solve::Search;
use crate::testing::Xorshift;

fn random_cram(rng: &mut Xorshift) -> CramBoard {
    // At most 18 cells: the plain search has no decomposition, so it may
    // meet every subset of the board.
    let rows = 1 + rng.below(4) as u32;
    let cols = 1 + rng.below(if rows > 2 { 5 } else { 8 }) as u32;
    let cols = if rows * cols > 18 { 18 / rows } else { cols };
    let mut board = Cram.rectangle(rows, cols).unwrap();
    for _ in 0..rng.below(rows as u64 * cols as u64 / 2 + 1) {
        board.empty &= !(1 << rng.below(rows as u64 * cols as u64));
    }
    board
}

#[test]
fn cram_matches_plain_search() {
    let mut rng = Xorshift::new(2024);
    let mut plain = Search::normal_play(&Cram);
    for threads in [1, 2] {
        let pruned = PrunedSearch::with_memory(&Cram, 1 << 20).threads(threads);
        for _ in 0..150 {
            let board = random_cram(&mut rng);
            let expected = plain.nim_value(&board).unwrap() as u8;
            assert_eq!(pruned.nim_value(&board).unwrap(), expected, "{}", board.to_text());
        }
    }
}

#[test]
fn threads_agree_on_boards_with_long_root_questions() {
    // Boards whose root questions take thousands of positions each, so
    // that threads answer them side by side and a "yes" abandons the
    // questions still in flight. One thread is the reference (checked
    // against the plain search above); 3 threads on 2 cores interleave
    // more.
    let boards = ["4x6", "3x9", "5x5", "4x7", "......../......../....####/....####/....####"];
    for text in boards {
        let board = Cram.parse(text).unwrap();
        let one = PrunedSearch::with_memory(&Cram, 1 << 22).nim_value(&board).unwrap();
        for threads in [2, 3] {
            let many = PrunedSearch::with_memory(&Cram, 1 << 22).threads(threads).nim_value(&board).unwrap();
            assert_eq!(many, one, "{text} on {threads} threads");
        }
    }
    let chomp = crate::catalogue::Chomp.parse("7x7").unwrap();
    let search = |threads| PrunedSearch::new(&crate::catalogue::Chomp).without_exhaustive().threads(threads);
    assert_eq!(search(2).nim_value(&chomp).unwrap(), search(1).nim_value(&chomp).unwrap());
}

#[test]
fn an_interrupt_stops_every_thread() {
    // Set before the search starts: the threads see it at their first
    // check and the search ends with `Interrupted` (not taken for an
    // abandoned question, and no thread left waiting).
    let board = Cram.rectangle(4, 9).unwrap();
    for threads in [1, 2] {
        let search = PrunedSearch::new(&Cram).threads(threads);
        search.interrupt_flag().store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(matches!(search.nim_value(&board), Err(crate::error::Error::Interrupted)), "{threads} threads");
    }
}

#[test]
fn cram_long_boards_match_plain_search() {
    // Boards wider than 8: their big regions keep the general canonical form
    // while small ones move to the 8-wide frame; at most 16 empty cells.
    let mut rng = Xorshift::new(1313);
    let mut plain = Search::normal_play(&Cram);
    let pruned = PrunedSearch::with_memory(&Cram, 1 << 20);
    for _ in 0..60 {
        let (rows, cols) = (1 + rng.below(3) as u32, 9 + rng.below(8) as u32);
        let mut board = Cram.rectangle(rows, cols).unwrap();
        while board.empty.count_ones() > 16 {
            board.empty &= !(1 << rng.below((rows * cols) as u64));
        }
        let expected = plain.nim_value(&board).unwrap() as u8;
        assert_eq!(pruned.nim_value(&board).unwrap(), expected, "{}", board.to_text());
    }
}

#[test]
fn cram_set_queries_match_plain_search() {
    let mut rng = Xorshift::new(77);
    let mut plain = Search::normal_play(&Cram);
    for _ in 0..300 {
        // A fresh table each time, so the queries are really searched.
        let pruned = PrunedSearch::with_memory(&Cram, 1 << 16);
        let board = random_cram(&mut rng);
        let value = plain.nim_value(&board).unwrap() as u8;
        let set: NimberSet = (0..4).map(|_| rng.below(5) as u8).collect();
        let found = pruned.value_in(&board, set).unwrap();
        if set.contains(value) {
            assert_eq!(found, Some(value), "{} in {set:?}", board.to_text());
        } else {
            assert_eq!(found, None, "{} in {set:?}", board.to_text());
        }
        assert_eq!(pruned.outcome(&board).unwrap() == crate::game::Outcome::P, value == 0);
    }
}

#[test]
fn cram_set_queries_on_a_warm_table_match_plain_search() {
    // One table for all queries: options valued by earlier queries are
    // known, so a listing often stops early (every requested value is
    // taken by a known option) and "not in R" answers are filed.
    let mut rng = Xorshift::new(4242);
    let mut plain = Search::normal_play(&Cram);
    let pruned = PrunedSearch::with_memory(&Cram, 1 << 20);
    for _ in 0..400 {
        let board = random_cram(&mut rng);
        let value = plain.nim_value(&board).unwrap() as u8;
        let set: NimberSet = (0..1 + rng.below(3)).map(|_| rng.below(4) as u8).collect();
        let found = pruned.value_in(&board, set).unwrap();
        assert_eq!(found, set.contains(value).then_some(value), "{} in {set:?}", board.to_text());
    }
}

#[test]
fn cram_strips_are_dawsons_kayles() {
    // 1×n Cram is Dawson's Kayles, octal 0.07 (Winning Ways ch. 4 and 22);
    // compared with the heap game's own sequence.
    let dawson = crate::solve::heap::HeapGame::parse("0.07").unwrap();
    let mut heaps = Search::normal_play(&dawson);
    let pruned = PrunedSearch::new(&Cram);
    for n in 1..=64u32 {
        let strip = Cram.rectangle(1, n).unwrap();
        assert_eq!(pruned.nim_value(&strip).unwrap() as u64, heaps.nim_value(&(n as u64)).unwrap(), "1×{n}");
    }
}

#[test]
fn chomp_matches_plain_search() {
    use crate::catalogue::Chomp;
    let mut rng = Xorshift::new(5);
    let mut plain = Search::normal_play(&Chomp);
    // The exhaustive table answers at once; the search is tested without it.
    let pruned = PrunedSearch::with_memory(&Chomp, 1 << 20);
    let searched = PrunedSearch::with_memory(&Chomp, 1 << 20).without_exhaustive();
    for _ in 0..200 {
        let rows = 1 + rng.below(6) as usize;
        let mut lengths: Vec<usize> = (0..rows).map(|_| 1 + rng.below(7) as usize).collect();
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        let board = Chomp.from_lengths(&lengths).unwrap();
        let expected = plain.nim_value(&board).unwrap() as u8;
        assert_eq!(pruned.nim_value(&board).unwrap(), expected, "{}", board.to_text());
        assert_eq!(searched.nim_value(&board).unwrap(), expected, "{}", board.to_text());
        let fresh = PrunedSearch::with_memory(&Chomp, 1 << 16).without_exhaustive();
        assert_eq!(fresh.outcome(&board).unwrap() == crate::game::Outcome::P, expected == 0, "{}", board.to_text());
    }
}

#[test]
fn chomp_rectangles_match_plain_search() {
    // Every bar up to 4×5; the strategy-stealing shortcut (no bar of more
    // than one square is P) is used by the pruned search, not the plain one.
    use crate::catalogue::Chomp;
    let mut plain = Search::normal_play(&Chomp);
    let pruned = PrunedSearch::with_memory(&Chomp, 1 << 20).without_exhaustive();
    for rows in 1..=4 {
        for cols in 1..=5 {
            let board = Chomp.rectangle(rows, cols).unwrap();
            let expected = plain.nim_value(&board).unwrap();
            assert_eq!(pruned.nim_value(&board).unwrap() as u64, expected, "{rows}×{cols}");
            let exhaustive = PrunedSearch::with_memory(&Chomp, 1 << 20);
            assert_eq!(exhaustive.nim_value(&board).unwrap() as u64, expected, "{rows}×{cols}");
        }
    }
}

/// Filling Chomp's table of every diagram is reported as it goes (the
/// 14 × 14 bar's 40 million take seconds, which showed as a silent wait),
/// and is over before the search reports positions.
#[test]
fn the_filling_of_an_exhaustive_table_is_reported() {
    use crate::catalogue::Chomp;
    use std::sync::{Arc, Mutex};
    let seen = Arc::new(Mutex::new(Vec::new()));
    let heard = Arc::clone(&seen);
    let search = PrunedSearch::new(&Chomp)
        .progress_every(std::time::Duration::ZERO)
        .on_progress(move |progress, _| heard.lock().unwrap().push(progress.exhaustive));
    // The 10 × 10 bar holds C(20, 10) = 184,756 diagrams; the filling
    // reports every 65,536.
    search.nim_value(&Chomp.rectangle(10, 10).unwrap()).unwrap();
    assert_eq!(*seen.lock().unwrap(), [Some((65_536, 184_756)), Some((131_072, 184_756))]);
    assert_eq!(search.progress().exhaustive, None);
}

#[test]
fn node_kayles_matches_plain_search() {
    use crate::catalogue::NodeKayles;
    let mut rng = Xorshift::new(99);
    for _ in 0..60 {
        let n = 1 + rng.below(12) as usize;
        let edges: Vec<(usize, usize)> = (0..rng.below(2 * n as u64 + 1))
            .map(|_| (rng.below(n as u64) as usize, rng.below(n as u64) as usize))
            .collect();
        let game = NodeKayles::from_edges(n, edges, "random").unwrap();
        let expected = Search::normal_play(&game).nim_value(&game.start()).unwrap() as u8;
        let pruned = PrunedSearch::with_memory(&game, 1 << 18);
        assert_eq!(pruned.nim_value(&game.start()).unwrap(), expected);
    }
}

#[test]
fn node_kayles_on_paths_is_dawsons_chess() {
    // Node Kayles on a path of n vertices is octal 0.137, Dawson's Chess
    // (Winning Ways ch. 4): the plain search on the graph against the heap game.
    use crate::catalogue::NodeKayles;
    let chess = crate::solve::heap::HeapGame::parse("0.137").unwrap();
    let mut heaps = Search::normal_play(&chess);
    for n in 1..=14usize {
        let game = NodeKayles::parse(&format!("path:{n}")).unwrap();
        let plain = Search::normal_play(&game).nim_value(&game.start()).unwrap();
        assert_eq!(plain, heaps.nim_value(&(n as u64)).unwrap(), "path:{n}");
        let pruned = PrunedSearch::with_memory(&game, 1 << 16);
        assert_eq!(pruned.nim_value(&game.start()).unwrap() as u64, plain, "path:{n}");
    }
    let cycle = NodeKayles::parse("cycle:12").unwrap();
    let plain = Search::normal_play(&cycle).nim_value(&cycle.start()).unwrap();
    assert_eq!(PrunedSearch::with_memory(&cycle, 1 << 16).nim_value(&cycle.start()).unwrap() as u64, plain);
}

#[test]
fn long_searches_save_checkpoints_as_they_go() {
    // Due at every check (every few thousand positions): the file appears
    // during the search, without a call to save_checkpoint, and a fresh
    // search resumes from it to the same value.
    let dir = std::env::temp_dir().join(format!("grundy-periodic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cram.ckpt");
    let board = Cram.rectangle(5, 6).unwrap();
    let search =
        PrunedSearch::with_memory(&Cram, 1 << 22).checkpoint_every(&path, "cram 5x6", std::time::Duration::ZERO);
    let value = search.nim_value(&board).unwrap();
    assert!(search.progress().nodes > 1 << 14, "too few positions for a check: {:?}", search.progress());
    assert!(path.exists(), "no checkpoint written during the search");
    let resumed = PrunedSearch::with_memory(&Cram, 1 << 22);
    let loaded = resumed.load_checkpoint(&path, "cram 5x6").unwrap();
    assert!(loaded > 0);
    // Every entry read is kept: the table grows to hold them before they
    // are stored, instead of overwriting each other in its small first size.
    let Progress { table_capacity, .. } = resumed.progress();
    assert!(table_capacity >= 4 * loaded as u64, "{loaded} entries loaded into a table of {table_capacity}");
    assert_eq!(resumed.nim_value(&board).unwrap(), value);
    // A checkpoint of another table format (older keys) is refused, not
    // read as if its keys named the same positions.
    std::fs::write(&path, b"grundy-pruned-checkpoint 1 cram 5x6\n").unwrap();
    let error = PrunedSearch::with_memory(&Cram, 1 << 22).load_checkpoint(&path, "cram 5x6").unwrap_err();
    assert!(error.to_string().contains("written by another version of grundy (table format 1"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpoint_larger_than_the_first_table_is_kept_whole() {
    // The table starts at a few thousand entries; a checkpoint of a long run
    // holds millions. Loading must grow the table first, or the entries
    // evict each other and the resumed run starts nearly from scratch.
    let dir = std::env::temp_dir().join(format!("grundy-large-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("many.ckpt");
    let written = super::transposition::Table::with_memory(16 << 20);
    let keys: Vec<CompactKey> = (1..=60_000u128)
        .map(|i| CompactKey::new(i.wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c) & ((1 << 96) - 1)))
        .collect();
    for (i, key) in keys.iter().enumerate() {
        written.insert(key, (i % 7) as u8, 20);
    }
    let saved = super::checkpoint::save(&written, &path, "many").unwrap();
    let resumed = PrunedSearch::with_memory(&Cram, 64 << 20);
    assert_eq!(resumed.load_checkpoint(&path, "many").unwrap(), saved);
    let (_, table) = resumed.control.tables.current();
    let kept = keys.iter().enumerate().filter(|&(i, key)| table.get(key) == Some((i % 7) as u8)).count();
    assert!(kept * 100 >= saved * 99, "only {kept} of {saved} entries kept");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A nim heap for the search: heap `n` has the `n` smaller heaps as
/// options and nim-value `n`, so it can have more options than the
/// search's nim-values go.
struct Heap;

impl crate::game::Game for Heap {
    type Position = u32;
    fn options(&self, &n: &u32, options: &mut crate::game::Options<u32>) {
        (0..n).for_each(|m| options.push(m));
    }
}

impl crate::game::Decompose for Heap {
    fn components(&self, &n: &u32, components: &mut Vec<u32>) {
        components.extend((n > 0).then_some(n));
    }
}

impl super::Canonical for Heap {
    type Key = CompactKey;
    fn key(&self, &n: &u32) -> CompactKey {
        CompactKey::new(n as u128)
    }
    fn size(&self, &n: &u32) -> u32 {
        n
    }
}

#[test]
fn a_position_with_more_options_than_nim_values_is_refused() {
    let search = PrunedSearch::new(&Heap);
    assert_eq!(search.nim_value(&255).unwrap(), 255);
    let error = search.nim_value(&300).unwrap_err();
    assert!(matches!(error, crate::error::Error::TooLarge { .. }), "{error}");
    assert!(error.to_string().contains("300"), "{error}");
    // Asked about one value only, the listing may answer before the count
    // matters (heap 0 is an option of value 0): a right answer or the
    // refusal, never a wrong answer or a panic.
    for asked in [0, 7, 255] {
        match search.has_value(&300, asked) {
            Ok(yes) => assert!(!yes, "heap 300 is not {asked}"),
            Err(e) => assert!(matches!(e, crate::error::Error::TooLarge { .. }), "{e}"),
        }
    }
}

/// A root with 300 options, each a position with no move: more options than
/// a [`super::NimberSet`] holds values, yet a nim-value of 1 (the method's
/// set {0, …, 300} cannot be written, so every option is valued and the mex
/// taken, as a Sprouts land of 7 spots with 285 options needs).
struct Fan;

impl crate::game::Game for Fan {
    type Position = u32;
    fn options(&self, &n: &u32, options: &mut crate::game::Options<u32>) {
        if n == 0 {
            (1..=300).for_each(|m| options.push(m));
        }
    }
}

impl crate::game::Decompose for Fan {
    fn components(&self, &n: &u32, components: &mut Vec<u32>) {
        components.push(n);
    }
}

impl super::Canonical for Fan {
    type Key = CompactKey;
    fn key(&self, &n: &u32) -> CompactKey {
        CompactKey::new(n as u128)
    }
    fn size(&self, &n: &u32) -> u32 {
        u32::from(n == 0) * 300
    }
}

#[test]
fn a_position_with_more_options_than_a_nimber_set_holds_is_valued_by_the_mex() {
    assert_eq!(PrunedSearch::new(&Fan).nim_value(&0).unwrap(), 1);
    let search = PrunedSearch::new(&Fan);
    assert!(!search.has_value(&0, 0).unwrap());
    assert!(PrunedSearch::new(&Fan).has_value(&0, 1).unwrap());
    assert_eq!(PrunedSearch::new(&Fan).outcome(&0).unwrap(), crate::game::Outcome::N);
}

/// Cram keyed by another kind of key: the canonical board as text
/// ([`BytesKey`], as a game whose positions are strings keys them), or its
/// pattern and shape in a [`WideKey`]. The search must give the same
/// values whatever the kind.
struct Keyed<K>(std::marker::PhantomData<K>);

impl<K> crate::game::Game for Keyed<K> {
    type Position = CramBoard;
    fn options(&self, board: &CramBoard, options: &mut crate::game::Options<CramBoard>) {
        crate::game::Game::options(&Cram, board, options)
    }
}

impl<K> crate::game::Decompose for Keyed<K> {
    fn components(&self, board: &CramBoard, components: &mut Vec<CramBoard>) {
        Cram.components(board, components)
    }
}

trait CramKey: super::Key {
    fn of(board: &CramBoard) -> Self;
}

impl CramKey for BytesKey {
    fn of(board: &CramBoard) -> Self {
        BytesKey::new(board.to_text().as_bytes())
    }
}

impl CramKey for WideKey {
    fn of(board: &CramBoard) -> Self {
        WideKey { pattern: board.empty as u128, extra: (board.rows as u64) << 8 | board.cols as u64 }
    }
}

impl<K: CramKey> Canonical for Keyed<K> {
    type Key = K;
    fn key(&self, board: &CramBoard) -> K {
        K::of(board)
    }
    fn size(&self, board: &CramBoard) -> u32 {
        Cram.size(board)
    }
    fn known_nim_value(&self, board: &CramBoard) -> Option<u8> {
        Cram.known_nim_value(board)
    }
    fn known_not_zero(&self, board: &CramBoard) -> bool {
        Cram.known_not_zero(board)
    }
}

fn every_kind_of_key_gives_the_same_values<K: CramKey>() {
    let game = Keyed::<K>(std::marker::PhantomData);
    let mut rng = Xorshift::new(77);
    let mut plain = Search::normal_play(&Cram);
    for threads in [1, 2] {
        let pruned = PrunedSearch::with_memory(&game, 1 << 20).threads(threads);
        for _ in 0..60 {
            let board = random_cram(&mut rng);
            let expected = plain.nim_value(&board).unwrap() as u8;
            assert_eq!(pruned.nim_value(&board).unwrap(), expected, "{} ({})", board.to_text(), K::KIND);
        }
    }
    // And through a checkpoint: saved, loaded by a fresh search, refused
    // by a search with another kind of key.
    let dir = std::env::temp_dir().join(format!("grundy-key-kind-{}-{}", K::KIND, std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cram.ckpt");
    let board = Cram.rectangle(4, 5).unwrap();
    let search = PrunedSearch::with_memory(&game, 1 << 20);
    let value = search.nim_value(&board).unwrap();
    let saved = search.save_checkpoint(&path, "cram 4x5").unwrap();
    let resumed = PrunedSearch::with_memory(&game, 1 << 20);
    assert_eq!(resumed.load_checkpoint(&path, "cram 4x5").unwrap(), saved);
    assert_eq!(resumed.nim_value(&board).unwrap(), value);
    assert_eq!(resumed.progress().nodes, 0, "the resumed search found the root's value in the table");
    let error = PrunedSearch::with_memory(&Cram, 1 << 20).load_checkpoint(&path, "cram 4x5").unwrap_err();
    assert!(error.to_string().contains(&format!("its keys are of the kind {:?}", K::KIND)), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bytes_keys_give_the_values_of_the_plain_search() {
    every_kind_of_key_gives_the_same_values::<BytesKey>();
}

#[test]
fn wide_keys_give_the_values_of_the_plain_search() {
    every_kind_of_key_gives_the_same_values::<WideKey>();
}

/// Cram with [`Canonical::patience`] set, however small: options put off
/// and asked again in later rounds must give the values of the plain
/// search, and an interrupt must still stop the search (not be taken for
/// an option's patience running out).
struct Impatient(u64);

impl crate::game::Game for Impatient {
    type Position = CramBoard;
    fn options(&self, board: &CramBoard, options: &mut crate::game::Options<CramBoard>) {
        crate::game::Game::options(&Cram, board, options)
    }
}

impl crate::game::Decompose for Impatient {
    fn components(&self, board: &CramBoard, components: &mut Vec<CramBoard>) {
        Cram.components(board, components)
    }
}

impl Canonical for Impatient {
    type Key = CompactKey;
    fn key(&self, board: &CramBoard) -> CompactKey {
        Cram.key(board)
    }
    fn size(&self, board: &CramBoard) -> u32 {
        Cram.size(board)
    }
    fn patience(&self) -> Option<u64> {
        Some(self.0)
    }
}

#[test]
fn options_put_off_by_patience_give_the_values_of_the_plain_search() {
    let mut rng = Xorshift::new(31337);
    let mut plain = Search::normal_play(&Cram);
    for patience in [1, 2, 5, 40] {
        let game = Impatient(patience);
        for threads in [1, 2] {
            let warm = PrunedSearch::with_memory(&game, 1 << 20).threads(threads);
            for _ in 0..40 {
                let board = random_cram(&mut rng);
                let value = plain.nim_value(&board).unwrap() as u8;
                assert_eq!(warm.nim_value(&board).unwrap(), value, "{} (patience {patience})", board.to_text());
                // Set queries and outcomes (on two threads, the root's
                // rounds stopped at 1) on a fresh table, where every option
                // is searched.
                let set: NimberSet = (0..1 + rng.below(3)).map(|_| rng.below(4) as u8).collect();
                let fresh = || PrunedSearch::with_memory(&game, 1 << 16).threads(threads);
                let found = fresh().value_in(&board, set).unwrap();
                assert_eq!(found, set.contains(value).then_some(value), "{} in {set:?}", board.to_text());
                let outcome = fresh().outcome(&board).unwrap();
                assert_eq!(outcome == crate::game::Outcome::P, value == 0, "{} on {threads} threads", board.to_text());
            }
        }
    }
    // A root found not to be 0 by the rounds files that (not a value): the
    // nim-value asked afterwards on the same table is still right.
    for text in ["4x5", "3x7", "4x6"] {
        let board = Cram.parse(text).unwrap();
        let search = PrunedSearch::new(&Impatient(8)).threads(2);
        let value = PrunedSearch::new(&Cram).nim_value(&board).unwrap();
        assert_eq!(search.outcome(&board).unwrap() == crate::game::Outcome::P, value == 0, "{text}");
        assert_eq!(search.nim_value(&board).unwrap(), value, "{text}");
    }
    // The work thrown away is counted: patience 1 puts off nearly every
    // option once, so it expands more positions than no patience.
    let board = Cram.rectangle(4, 5).unwrap();
    let impatient = PrunedSearch::new(&Impatient(1));
    let patient = PrunedSearch::new(&Cram);
    assert_eq!(impatient.nim_value(&board).unwrap(), patient.nim_value(&board).unwrap());
    assert!(impatient.progress().nodes > patient.progress().nodes);
}

#[test]
fn an_interrupt_is_not_taken_for_patience_running_out() {
    let board = Cram.rectangle(4, 9).unwrap();
    for threads in [1, 2] {
        let search = PrunedSearch::new(&Impatient(1)).threads(threads);
        search.interrupt_flag().store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(matches!(search.nim_value(&board), Err(crate::error::Error::Interrupted)), "{threads} threads");
    }
}
