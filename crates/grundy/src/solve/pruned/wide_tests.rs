//! The pruned search past 64 cells and vertices (Cram on `u128` boards,
//! Node Kayles on `u128` masks, wide keys) against what is known exactly:
//! Dawson's Kayles and Dawson's Chess computed by the heap machinery, the
//! plain search on boards with few empty cells, the 64-bit game on the
//! same regions, and the symmetry strategy.

use super::PrunedSearch;
use crate::catalogue::{Cram, NodeKayles, WideCram, WideCramBoard};
use crate::solve::heap::HeapGame;
use crate::solve::Search;
use crate::testing::Xorshift;

#[test]
fn strips_of_up_to_128_cells_are_dawsons_kayles() {
    // 1×n Cram is Dawson's Kayles, octal 0.07 (Winning Ways ch. 4 and 22),
    // valued by the heap game's own search; a 2×n board with one row
    // filled is the same strip.
    let dawson = HeapGame::parse("0.07").unwrap();
    let mut heaps = Search::normal_play(&dawson);
    let search = PrunedSearch::with_memory(&WideCram, 1 << 20);
    for n in 1..=128u32 {
        let expected = heaps.nim_value(&(n as u64)).unwrap();
        let strip = WideCram.rectangle(1, n).unwrap();
        assert_eq!(search.nim_value(&strip).unwrap() as u64, expected, "1×{n}");
        if n <= 64 {
            let two = WideCram.rectangle(2, n).unwrap();
            let half = WideCramBoard { empty: two.empty & ((1u128 << n) - 1), ..two };
            assert_eq!(search.nim_value(&half).unwrap() as u64, expected, "2×{n}, one row filled");
        }
    }
}

#[test]
fn node_kayles_paths_and_cycles_to_128_vertices_are_dawsons_chess() {
    // Node Kayles on a path of n vertices is octal 0.137, Dawson's Chess
    // (Winning Ways ch. 4; OEIS A002187); on a cycle of n every move
    // leaves the path of n − 3, so its value is 1 if that path's is 0, else 0.
    let chess_game = HeapGame::parse("0.137").unwrap();
    let mut heaps = Search::normal_play(&chess_game);
    for n in 3..=128usize {
        let path = heaps.nim_value(&(n as u64)).unwrap();
        let cycle = u64::from(heaps.nim_value(&(n as u64 - 3)).unwrap() == 0);
        let wide = NodeKayles::<u128>::family(&format!("path:{n}")).unwrap();
        assert_eq!(PrunedSearch::with_memory(&wide, 1 << 18).nim_value(&wide.start()).unwrap() as u64, path);
        let ring = NodeKayles::<u128>::family(&format!("cycle:{n}")).unwrap();
        assert_eq!(PrunedSearch::with_memory(&ring, 1 << 18).nim_value(&ring.start()).unwrap() as u64, cycle);
        if let Some(narrow) = wide.narrow() {
            assert_eq!(PrunedSearch::with_memory(&narrow, 1 << 18).nim_value(&narrow.start()).unwrap() as u64, path);
        }
    }
}

/// A board of 65–128 cells with at most `empty` empty cells, in clumps.
fn sparse_wide_board(rng: &mut Xorshift, empty: u32) -> WideCramBoard {
    loop {
        let rows = 1 + rng.below(12) as u32;
        let cols = 1 + rng.below(128 / rows as u64) as u32;
        if !(65..=128).contains(&(rows * cols)) {
            continue;
        }
        let mut board = WideCram.rectangle(rows, cols).unwrap();
        board.empty = 0;
        while board.empty.count_ones() < empty {
            // A clump: a cell and some of its neighbours.
            let (r, c) = (rng.below(rows as u64) as u32, rng.below(cols as u64) as u32);
            for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1), (0, 2)] {
                if r + dr < rows && c + dc < cols && rng.below(3) > 0 {
                    board.empty |= 1 << ((r + dr) * cols + c + dc);
                }
            }
        }
        return board;
    }
}

#[test]
fn wide_boards_with_few_empty_cells_match_plain_search() {
    let mut rng = Xorshift::new(65);
    let mut plain = Search::normal_play(&WideCram);
    for threads in [1, 2] {
        let search = PrunedSearch::with_memory(&WideCram, 1 << 20).threads(threads);
        for _ in 0..80 {
            let empty = 8 + rng.below(7) as u32;
            let board = sparse_wide_board(&mut rng, empty);
            let expected = plain.nim_value(&board).unwrap() as u8;
            assert_eq!(search.nim_value(&board).unwrap(), expected, "{}", board.to_text());
        }
    }
}

#[test]
fn a_region_inside_a_wide_board_has_its_value_on_a_small_board() {
    // A random 5×7 pattern (searched by the 64-bit game) placed in a 9×13
    // board, the rest filled, and beside a second one: the wide game crops
    // and hands the regions over, and a sum is the nim-sum.
    let mut rng = Xorshift::new(117);
    let narrow = PrunedSearch::with_memory(&Cram, 1 << 22);
    let wide = PrunedSearch::with_memory(&WideCram, 1 << 22);
    for _ in 0..6 {
        let mut values = 0;
        let mut board = WideCram.rectangle(9, 13).unwrap();
        board.empty = 0;
        for (top, left) in [(0, 0), (4, 7)] {
            let mut small = Cram.rectangle(5, 6).unwrap();
            for _ in 0..6 {
                small.empty &= !(1 << rng.below(30));
            }
            values ^= narrow.nim_value(&small).unwrap();
            for i in 0..30u32 {
                if small.empty >> i & 1 == 1 {
                    board.empty |= 1 << ((top + i / 6) * 13 + left + i % 6);
                }
            }
        }
        assert_eq!(wide.nim_value(&board).unwrap(), values, "{}", board.to_text());
    }
}

#[test]
fn a_big_region_has_one_key_for_all_its_images() {
    // A region whose box has more than 64 cells is canonical by itself:
    // its reflections and rotations (built cell by cell here) split into
    // the same component.
    use super::Canonical;
    use crate::game::Decompose;
    let board = WideCram.parse("....................../.#######.#.#######.#../.........#.#..........").unwrap();
    let (h, w) = (board.rows as u32, board.cols as u32);
    let image = |to: &dyn Fn(u32, u32) -> (u32, u32), rows: u32, cols: u32| {
        let mut b = WideCramBoard { empty: 0, rows: rows as u8, cols: cols as u8 };
        for r in 0..h {
            for c in 0..w {
                if board.is_empty(r, c) {
                    let (r2, c2) = to(r, c);
                    b.empty |= 1 << (r2 * cols + c2);
                }
            }
        }
        b
    };
    let key = |b: &WideCramBoard| {
        let mut parts = Vec::new();
        WideCram.components(b, &mut parts);
        let mut keys: Vec<_> = parts.iter().map(|p| WideCram.key(p)).collect();
        keys.sort();
        keys
    };
    let expected = key(&board);
    assert_eq!(expected.len(), 1, "one region");
    for (to, rows, cols) in [
        (&(|r, c| (h - 1 - r, c)) as &dyn Fn(u32, u32) -> (u32, u32), h, w),
        (&|r, c| (r, w - 1 - c), h, w),
        (&|r, c| (h - 1 - r, w - 1 - c), h, w),
        (&|r, c| (c, r), w, h),
        (&|r, c| (w - 1 - c, h - 1 - r), w, h),
    ] {
        assert_eq!(key(&image(to, rows, cols)), expected);
    }
}

#[test]
fn the_symmetry_strategy_decides_even_boards_of_any_size() {
    // Gardner (1974), Winning Ways ch. 22: an even × even board is a
    // P-position (the second player answers each domino with its image
    // under the half turn), an even × odd one an N-position (the first
    // player takes the two middle cells, then mirrors). Checked against the
    // plain search where it finishes quickly, then up to 128 cells.
    let mut plain = Search::normal_play(&WideCram);
    let search = PrunedSearch::with_memory(&WideCram, 1 << 20);
    for (rows, cols) in [(2, 2), (2, 3), (2, 4), (2, 5), (3, 4), (4, 4), (2, 6), (2, 7), (4, 5)] {
        let board = WideCram.rectangle(rows, cols).unwrap();
        let p = (rows % 2 == 0) && (cols % 2 == 0);
        assert_eq!(plain.nim_value(&board).unwrap() == 0, p, "plain search of {rows}×{cols}");
    }
    for (rows, cols) in [(8, 8), (2, 32), (6, 10), (8, 16), (10, 12), (4, 32), (2, 64)] {
        let board = WideCram.rectangle(rows, cols).unwrap();
        assert_eq!(search.outcome(&board).unwrap(), crate::game::Outcome::P, "{rows}×{cols}");
        assert_eq!(search.nim_value(&board).unwrap(), 0, "{rows}×{cols}");
    }
    for (rows, cols) in [(4, 7), (6, 9), (2, 33), (8, 15), (10, 11), (4, 31), (2, 63)] {
        let board = WideCram.rectangle(rows, cols).unwrap();
        assert_eq!(search.outcome(&board).unwrap(), crate::game::Outcome::N, "{rows}×{cols}");
    }
    assert_eq!(PrunedSearch::new(&Cram).outcome(&Cram.rectangle(6, 7).unwrap()).unwrap(), crate::game::Outcome::N);
}

#[test]
fn node_kayles_on_big_graphs_with_few_vertices_left_matches_plain_search() {
    let mut rng = Xorshift::new(128);
    for _ in 0..40 {
        let n = 65 + rng.below(64) as usize;
        let edges: Vec<(usize, usize)> = (0..3 * n)
            .map(|_| {
                let u = rng.below(n as u64) as usize;
                (u, (u + 1 + rng.below(6) as usize) % n)
            })
            .collect();
        let game = NodeKayles::<u128>::with_edges(n, edges, "random").unwrap();
        // A window of at most 14 consecutive vertices (neighbours in the
        // graph, mostly): a few components, searched by both.
        let first = rng.below(n as u64 - 14) as usize;
        let mut position = 0u128;
        for v in first..first + 14 {
            if rng.below(4) > 0 {
                position |= 1 << v;
            }
        }
        let expected = Search::normal_play(&game).nim_value(&position).unwrap() as u8;
        assert_eq!(PrunedSearch::with_memory(&game, 1 << 18).nim_value(&position).unwrap(), expected);
    }
}
