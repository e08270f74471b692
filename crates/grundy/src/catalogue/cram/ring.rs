//! Which dominoes may split a region, for every domino of a board at once.
//!
//! The *ring* of a domino is the 10 cells at (Chebyshev) distance 1 from
//! it, in cyclic order; consecutive cells of the ring are neighbours. If the
//! empty cells of the ring form a single arc, every empty neighbour of the
//! domino is joined to every other along that arc, so a region that held
//! the domino is still one region after it is placed: any cell that reached
//! the domino's cells before reaches them through some neighbour, and the
//! neighbours are joined. With two arcs or more the domino *may* split the
//! region (the arcs may also be joined further away). The count of arcs is
//! the count of empty/filled changes around the ring, halved; for all
//! dominoes at once it is ten shifted copies of the board and a bit-sliced
//! counter, a few dozen word operations for the whole board.
//!
//! Cram lists the dominoes that may split first ([`super::Cram`]'s
//! `options`): only the order of the options depends on this, never their
//! set, so a wrong guess costs time, not correctness.

use super::bits::{shl, shr};
use super::board::CramBoard;

/// Of the starts of horizontal dominoes `right` (the left cells) and of
/// vertical ones `down` (the top cells), those whose ring has two arcs of
/// empty cells or more.
pub(super) fn may_split(board: &CramBoard, right: u64, down: u64) -> (u64, u64) {
    let x = board.empty;
    let w = board.cols as i32;
    // Bit p: whether cell p + o is empty (cells off the board are filled;
    // off the left or right edge, by the column masks below).
    let at = |o: i32| if o >= 0 { shr(x, o as u32) } else { shl(x, o.unsigned_abs()) };
    let (first, last) = (board.first_column(), board.last_column());
    // Starts whose column c − 1, c + 1 or c + 2 is on the board.
    let (left, next, after_next) = (!first, !last, !(last | last >> 1));
    let horizontal = [
        at(-w - 1) & left,
        at(-w),
        at(-w + 1),
        at(-w + 2) & after_next,
        at(2) & after_next,
        at(w + 2) & after_next,
        at(w + 1),
        at(w),
        at(w - 1) & left,
        at(-1) & left,
    ];
    let vertical = [
        at(-w - 1) & left,
        at(-w),
        at(-w + 1) & next,
        at(1) & next,
        at(w + 1) & next,
        at(2 * w + 1) & next,
        at(2 * w),
        at(2 * w - 1) & left,
        at(w - 1) & left,
        at(-1) & left,
    ];
    (right & more_than_one_arc(&horizontal), down & more_than_one_arc(&vertical))
}

/// Where a ring (bit p of `ring[k]`: whether the k-th ring cell of the
/// domino at p is empty) changes between empty and filled more than twice
/// going round, that is, has two arcs of empty cells or more. (The changes
/// are counted to 3 by a bit-sliced counter: `ones`, `twos`, `more`.)
fn more_than_one_arc(ring: &[u64; 10]) -> u64 {
    let (mut ones, mut twos, mut more) = (0u64, 0u64, 0u64);
    for k in 0..ring.len() {
        let change = ring[k] ^ ring[(k + 1) % ring.len()];
        more |= twos & change;
        twos |= ones & change;
        ones |= change;
    }
    more
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Cram;

    /// Whether the empty cells of `board` are one region (or none).
    fn connected(board: &CramBoard) -> bool {
        let x = board.empty;
        x == 0 || board.region(x & x.wrapping_neg(), 0) == x
    }

    #[test]
    fn a_domino_said_not_to_split_leaves_one_region() {
        // Every domino of random connected boards in the widths the search
        // meets (the frames 8 and 16 wide, and others), against the fill;
        // and the guess must single out the dominoes that do split, or it
        // orders nothing.
        use crate::testing::Xorshift;
        let mut rng = Xorshift::new(4321);
        let (mut splitting, mut flagged_splitting, mut flagged) = (0u32, 0u32, 0u32);
        let mut dominoes = 0u32;
        for round in 0..3000 {
            let (rows, cols) = match round % 4 {
                0 => (1 + rng.below(8) as u32, 8),
                1 => (1 + rng.below(4) as u32, 16),
                2 => (1 + rng.below(8) as u32, 1 + rng.below(8) as u32),
                _ => (1 + rng.below(3) as u32, 9 + rng.below(12) as u32),
            };
            let mut board = Cram.rectangle(rows, cols).unwrap();
            board.empty &= rng.below(u64::MAX) | rng.below(u64::MAX);
            let x = board.empty;
            if x == 0 {
                continue;
            }
            let board = board.with(board.region(x & x.wrapping_neg(), 0));
            let [right, _, down, _] = board.neighbours(board.empty);
            let (horizontal, vertical) = may_split(&board, right, down);
            assert_eq!((horizontal & !right, vertical & !down), (0, 0));
            for [(r1, c1), (r2, c2)] in Cram.moves(&board) {
                let start = r1 * cols + c1;
                let domino = 1u64 << start | 1u64 << (r2 * cols + c2);
                let guess = if r1 == r2 { horizontal } else { vertical } >> start & 1 == 1;
                let splits = !connected(&board.with(board.empty & !domino));
                assert!(guess || !splits, "{}: the domino at {start} splits it, unflagged", board.to_text());
                dominoes += 1;
                splitting += u32::from(splits);
                flagged += u32::from(guess);
                flagged_splitting += u32::from(guess && splits);
            }
        }
        assert!(splitting > 0 && flagged_splitting == splitting);
        // Most flagged dominoes do split: the guess is worth ordering by.
        assert!(flagged_splitting * 2 > flagged, "{flagged_splitting} of {flagged} flagged split");
        assert!(flagged < dominoes, "{flagged} of {dominoes} flagged");
    }

    #[test]
    fn a_full_rectangle_has_no_splitting_domino_and_a_corridor_has_one() {
        let board = Cram.rectangle(4, 9).unwrap();
        let [right, _, down, _] = board.neighbours(board.empty);
        assert_eq!(may_split(&board, right, down), (0, 0));
        // Two 3 × 2 rooms joined by a corridor two cells long: the
        // corridor's domino is flagged, and the domino across the far
        // end of each room (which keeps it whole) is not.
        let board = Cram.parse("..##../....../..##..").unwrap();
        let [right, _, down, _] = board.neighbours(board.empty);
        let (horizontal, vertical) = may_split(&board, right, down);
        assert_eq!(horizontal >> 8 & 1, 1, "{horizontal:#b}");
        assert_eq!(vertical & (1 | 1 << 5), 0, "{vertical:#b}");
    }
}
