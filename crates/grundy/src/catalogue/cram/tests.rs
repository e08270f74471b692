use super::bits::{FRAME, WIDE};
use super::board::DAWSONS_KAYLES;
use super::*;

#[test]
fn dawsons_kayles_table_starts_as_published() {
    // Dawson's Kayles 0.07 from heap 1: OEIS A002187 (Dawson's Chess on n files is Dawson's Kayles heap n + 1); Winning Ways ch. 4.
    assert_eq!(&DAWSONS_KAYLES[1..21], &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]);
}

#[test]
fn symmetries_give_one_canonical_form() {
    let shapes = ["..#/.##", "#../##.", ".##/..#", "##./#.."];
    let keys: Vec<crate::solve::pruned::CompactKey> = shapes
        .iter()
        .map(|s| {
            let mut parts = Vec::new();
            Cram.components(&Cram.parse(s).unwrap(), &mut parts);
            assert_eq!(parts.len(), 1);
            Cram.key(&parts[0])
        })
        .collect();
    assert!(keys.iter().all(|&k| k == keys[0]), "{keys:?}");
    let mut tall = Vec::new();
    Cram.components(&Cram.parse("..../..../....").unwrap(), &mut tall);
    let mut wide = Vec::new();
    Cram.components(&Cram.parse(".../.../.../...").unwrap(), &mut wide);
    assert_eq!(Cram.key(&tall[0]), Cram.key(&wide[0]));
}

/// The board's image under symmetry `s` of the square (0..8), cell by cell.
fn image(board: &CramBoard, s: u32) -> CramBoard {
    let (h, w) = (board.rows as u32, board.cols as u32);
    let transposed = s >= 4;
    let mut out = if transposed { Cram.rectangle(w, h) } else { Cram.rectangle(h, w) }.unwrap();
    out.empty = 0;
    for (r, c) in (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).filter(|&(r, c)| board.is_empty(r, c)) {
        let (r, c) = (if s & 1 == 1 { h - 1 - r } else { r }, if s & 2 == 2 { w - 1 - c } else { c });
        let (r, c, width) = if transposed { (c, r, h) } else { (r, c, w) };
        out.empty |= 1 << (r * width + c);
    }
    out
}

/// The keys of the board's regions in normal form (not reduced: which
/// tuft of a star is kept depends on the board's orientation).
fn keys(board: &CramBoard) -> Vec<crate::solve::pruned::CompactKey> {
    let mut keys = Vec::new();
    let mut rest = board.empty;
    while rest != 0 {
        let region = board.region(rest & rest.wrapping_neg(), 0);
        rest &= !region;
        keys.push(Cram.key(&board.with(region).normalized()));
    }
    keys.sort_unstable();
    keys
}

#[test]
fn all_eight_images_have_the_same_components() {
    // Small boards (regions in the 8-wide frame) and long ones (the
    // general form), against images made cell by cell.
    use crate::testing::Xorshift;
    let mut rng = Xorshift::new(88);
    for round in 0..1500 {
        let (rows, cols) = if round % 3 == 2 {
            (1 + rng.below(4) as u32, 9 + rng.below(8) as u32)
        } else {
            (1 + rng.below(8) as u32, 1 + rng.below(8) as u32)
        };
        let mut board = Cram.rectangle(rows, cols).unwrap();
        board.empty &= rng.below(u64::MAX) | rng.below(u64::MAX) | rng.below(u64::MAX);
        let expected = keys(&board);
        for s in 1..8 {
            assert_eq!(keys(&image(&board, s)), expected, "{} image {s}", board.to_text());
        }
        let mut parts = Vec::new();
        Cram.components(&board, &mut parts);
        for part in &parts {
            // A canonical component is its own canonical form, and a board.
            let mut again = Vec::new();
            Cram.components(part, &mut again);
            assert_eq!(again, [*part], "{}", part.to_text());
            assert_eq!(Cram.parse(&part.to_text()).unwrap(), *part);
        }
    }
}

#[test]
fn regions_split_and_single_cells_vanish() {
    let board = Cram.parse("..#./.#../#...").unwrap();
    let mut parts = Vec::new();
    Cram.components(&board, &mut parts);
    let sizes: Vec<u32> = parts.iter().map(|p| Cram.size(p)).collect();
    // A star of two tufts loses one; two bridges between the stars on the
    // right go: three dominoes are left.
    assert_eq!(sizes, [2, 2, 2], "{parts:?}");
}

#[test]
fn transposing_twice_is_the_identity() {
    use crate::testing::Xorshift;
    let mut rng = Xorshift::new(8);
    for _ in 0..500 {
        let (rows, cols) = (1 + rng.below(9) as u32, 1 + rng.below(9) as u32);
        if rows * cols > 64 {
            continue;
        }
        let mut board = Cram.rectangle(rows, cols).unwrap();
        board.empty &= rng.below(u64::MAX);
        let t = board.transposed();
        assert_eq!((t.rows, t.cols), (board.cols, board.rows));
        for (r, c) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
            assert_eq!(t.is_empty(c, r), board.is_empty(r, c), "{} at ({r}, {c})", board.to_text());
        }
        assert_eq!(t.transposed(), board);
    }
}

#[test]
fn regions_are_the_connected_parts() {
    use crate::testing::Xorshift;
    let mut rng = Xorshift::new(9);
    for _ in 0..800 {
        // Width 8 often: regions of the 8-wide frame are filled another way.
        let rows = 1 + rng.below(8) as u32;
        let cols = match rng.below(4) {
            0 => FRAME,
            1 => WIDE,
            _ => 1 + rng.below(16) as u32,
        };
        if rows * cols > 64 {
            continue;
        }
        let mut board = Cram.rectangle(rows, cols).unwrap();
        board.empty &= rng.below(u64::MAX) | rng.below(u64::MAX);
        let x = board.empty;
        // Half the time, edges cut right of random cells.
        let cut = if rng.below(2) == 0 { 0 } else { x & rng.below(u64::MAX) & rng.below(u64::MAX) };
        let mut rest = x;
        while rest != 0 {
            // One cell, or a few cells, of what is left.
            let seed = match rng.below(2) {
                0 => rest & rest.wrapping_neg(),
                _ => rest & (rng.below(u64::MAX) | rest & rest.wrapping_neg()),
            };
            // The plain fill: one step in each direction at a time.
            let mut expected = seed;
            loop {
                let right = (expected & !cut & !board.last_column()) << 1;
                let left = (expected & !board.first_column()) >> 1 & !cut;
                let vertical = expected << cols | expected >> cols;
                let grown = (right | left | vertical) & x | expected;
                if grown == expected {
                    break;
                }
                expected = grown;
            }
            assert_eq!(board.region(seed, cut), expected, "{} cut {cut:#x}", board.to_text());
            rest &= !expected;
        }
    }
}

#[test]
fn middle_out_visits_every_line_once() {
    for n in 0..12 {
        let mut seen: Vec<u32> = middle_out(n).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..n).collect::<Vec<_>>());
    }
    assert_eq!(middle_out(5).collect::<Vec<_>>(), [2, 3, 1, 4, 0]);
}

/// A `rows × cols` board with fewer than `most_filled` cells filled at random.
fn random_board(rng: &mut crate::testing::Xorshift, rows: u32, cols: u32, most_filled: u32) -> CramBoard {
    let mut board = Cram.rectangle(rows, cols).unwrap();
    for _ in 0..rng.below(most_filled as u64) {
        board.empty &= !(1 << rng.below((rows * cols) as u64));
    }
    board
}

#[test]
fn options_visited_one_at_a_time_are_the_options_in_order() {
    // The search's lazy listing against `Game::options`: the same boards in
    // the same order, and a stop after the k-th is a stop there.
    let mut rng = crate::testing::Xorshift::new(5);
    for _ in 0..300 {
        let (rows, cols) = (1 + rng.below(8) as u32, 1 + rng.below(8) as u32);
        let board = random_board(&mut rng, rows, cols, rows * cols / 2 + 1);
        let mut all = Options::new();
        Cram.options(&board, &mut all);
        assert_eq!(all.len(), Cram.moves(&board).len());
        // (0: never stop.)
        let stop = rng.below(all.len() as u64 + 1) as usize;
        let mut visited = Vec::new();
        Cram.visit_options(&board, &mut Options::new(), |option| {
            visited.push(option.to_vec());
            visited.len() == stop
        });
        let expected = if stop == 0 { all.len() } else { stop };
        assert_eq!(visited, all.iter().take(expected).map(<[_]>::to_vec).collect::<Vec<_>>(), "{}", board.to_text());
    }
}

#[test]
fn reductions_keep_the_value() {
    // Star and bridge reductions against the plain search (mex over every
    // option, no reductions) on random boards, dense and sparse.
    use crate::solve::Search;
    use crate::testing::Xorshift;
    let mut rng = Xorshift::new(31);
    let mut plain = Search::normal_play(&Cram);
    let mut reduced_some = 0;
    for _ in 0..400 {
        let (rows, cols) = (2 + rng.below(3) as u32, 2 + rng.below(4) as u32);
        let board = random_board(&mut rng, rows, cols, rows * cols);
        let reduced = board.stars_reduced();
        reduced_some += usize::from(reduced != board);
        assert_eq!(plain.nim_value(&reduced).unwrap(), plain.nim_value(&board).unwrap(), "{}", board.to_text());
    }
    assert!(reduced_some > 50, "only {reduced_some} boards were reduced");
    // Bridges between three stars: the cells between the centres go.
    let bridged = Cram.parse(".#.#./.....").unwrap().stars_reduced();
    assert_eq!(bridged.to_text(), ".#.#./.#.#.");
}

#[test]
fn cut_squares_keep_the_value() {
    // The nim-sum of a board's components (reduced, cut at the squares of
    // `cuts`) against the plain search of the whole board, on random boards
    // with one of the two kinds of square drawn in: corners closed off on
    // the main diagonal, or on the other.
    use crate::solve::Search;
    use crate::testing::Xorshift;
    let mut rng = Xorshift::new(7);
    let mut plain = Search::normal_play(&Cram);
    let mut split = 0;
    for round in 0..600 {
        // At most 4 × 5: the plain search of a bigger board takes seconds.
        let (rows, cols) = (3 + rng.below(2) as u32, 3 + rng.below(3) as u32);
        let mut board = random_board(&mut rng, rows, cols, rows * cols / 3);
        // The square's top-left cell (r, c), with room around it.
        let (r, c) = (1 + rng.below(rows as u64 - 2) as u32, 1 + rng.below(cols as u64 - 2) as u32);
        let at = |r: u32, c: u32| 1u64 << (r * cols + c);
        let square = at(r, c) | at(r, c + 1) | at(r + 1, c) | at(r + 1, c + 1);
        let closed = if round % 2 == 0 {
            at(r - 1, c)
                | at(r, c - 1)
                | if c + 2 < cols { at(r + 1, c + 2) } else { 0 }
                | if r + 2 < rows { at(r + 2, c + 1) } else { 0 }
        } else {
            at(r - 1, c + 1)
                | if c + 2 < cols { at(r, c + 2) } else { 0 }
                | at(r + 1, c - 1)
                | if r + 2 < rows { at(r + 2, c) } else { 0 }
        };
        board.empty = (board.empty | square) & !closed;
        let reduced = board.stars_reduced();
        let cut = reduced.cuts();
        let mut parts = Vec::new();
        Cram.components(&board, &mut parts);
        let mut whole = Vec::new();
        let mut rest = reduced.empty;
        while rest != 0 {
            let region = reduced.region(rest & rest.wrapping_neg(), 0);
            rest &= !region;
            whole.push(region);
        }
        split += usize::from(cut != 0 && parts.len() > whole.iter().filter(|r| r.count_ones() > 1).count());
        let sum = parts.iter().fold(0, |sum, part| sum ^ plain.nim_value(part).unwrap());
        assert_eq!(sum, plain.nim_value(&board).unwrap(), "{}", board.to_text());
    }
    assert!(split > 100, "only {split} boards were split at a square");
    // A square whose top-left cell is closed off above and to the left,
    // and its bottom-right one below and to the right, in the middle of a
    // 4 × 4 board: cut, the board falls into a left and a right part, each
    // with a square of its own in a corner; cut again, and with the stars
    // reduced, into four dominoes (so the board is a P-position).
    let board = Cram.parse(".#../#.../...#/..#.").unwrap();
    assert_ne!(board.cuts(), 0);
    let mut parts = Vec::new();
    Cram.components(&board, &mut parts);
    let cells: Vec<u32> = parts.iter().map(|p| p.empty.count_ones()).collect();
    assert_eq!(cells, [2, 2, 2, 2], "{:?}", parts.iter().map(CramBoard::to_text).collect::<Vec<_>>());
}

#[test]
fn bad_boards_are_refused() {
    assert!(Cram.parse("0x3").is_err());
    assert!(Cram.parse("8x9").is_err());
    assert!(Cram.parse("../.").is_err());
    assert!(Cram.parse("..a").is_err());
    assert!(Cram.parse("").is_err());
    assert!(Cram.parse("8x8").is_ok());
    // An empty row is no row to skip: `..#//#..` would join rows 1 and 3.
    for joined in ["..#//#..", "../", "/..", "..\n\n.."] {
        let error = Cram.parse(joined).unwrap_err().to_string();
        assert!(error.contains("is empty"), "{joined:?}: {error}");
    }
    assert!(Cram.parse("..\n..\n").is_ok(), "{:?}", Cram.parse("..\n..\n"));
}
