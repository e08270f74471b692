//! Cram: players take turns placing a domino on two adjacent empty cells;
//! whoever cannot move loses (Gardner 1974; Winning Ways ch. 22).
//!
//! A board is a bitboard of its empty cells, row-major, at most 64 cells.
//! It falls apart ([`Decompose`]) into its connected regions of empty cells;
//! each region is put in canonical form for the pruned search
//! ([`Canonical`]):
//!
//! - cropped to its bounding box (translation) and turned to the least of
//!   its 4 or 8 images under the board's symmetries (reflections, rotations,
//!   and transposition, which maps an h×w box to a w×h one);
//! - kept in a **frame** when small: a region whose box fits in 8 × 8 is
//!   stored 8 cells wide (a row a byte), one that fits in 4 × 16 is stored
//!   16 wide (a row a 16-bit quarter), the columns past it filled — the same
//!   game, since filled cells take no part. In a frame, cropping, all the
//!   images and the region fill are a few word operations each (byte swaps,
//!   bit reversal, an 8 × 8 transpose, doubling fills), where the general
//!   form loops over rows; most positions a search meets are in a frame.
//!   The key holds the stored width, so forms never share a key: 8, 16,
//!   or for the general form the region's long side, above 8 and never 16
//!   (a region that wide has at most 4 rows, 64 cells being the most, and
//!   goes to the 16-wide frame);
//! - isolated cells vanish (no domino fits);
//! - **stars** are reduced: if a cell `c` has two *tufts* `t1`, `t2` (cells
//!   whose only empty neighbour is `c`), `t2` can be removed. The only move
//!   using `t2` is `{c, t2}`, which leaves the same position as `{c, t1}` up
//!   to isolated cells, and every other move leaves a position with the same
//!   star; by induction the two positions have the same options up to
//!   equivalence;
//! - **bridges** go (a reduction of igs, Beling's solver): a cell `b` that is
//!   neither a tuft nor a centre, and whose every empty neighbour is a
//!   centre `s` (with its tuft `t`), can be removed. A move `{b, s}` leaves
//!   the position that `{s, t}` leaves in the board without `b`, up to the
//!   isolated `t`; any other move keeps `b` a bridge (a centre only loses its
//!   tuft together with itself); so by induction the board and the board
//!   without `b` have options of the same values;
//! - **squares** are cut: in a 2 × 2 square of empty cells two opposite
//!   corners of which have no other empty neighbour, the edges between its
//!   upper cells and between its lower cells can go (another rule of igs,
//!   proved at `CramBoard::cuts`), so the region may fall apart further.
//!
//! Theory that answers without search ([`Canonical::known_nim_value`]):
//! - a region whose cells form a **path** (every cell has at most two empty
//!   neighbours, and there are `n − 1` adjacencies) is Dawson's Kayles
//!   (octal 0.07) on a heap of `n`: a domino removes two adjacent cells of
//!   the path; a **cycle** of `n` cells has the single option "path of
//!   `n − 2`";
//! - the **symmetry strategy** (Gardner 1974; Winning Ways ch. 22): a region
//!   symmetric under the half turn whose centre is a corner of cells is a
//!   P-position (the second player answers each domino with its image, which
//!   never overlaps it); if the centre is the midpoint of two cells, the
//!   first player wins by covering those two and then mirroring. So the
//!   even × even rectangle is 0 and the even × odd one is not 0.

mod bits;
mod board;
mod ring;
#[cfg(test)]
mod tests;
mod wide;

use bits::{low_bits, shl, FIRST_COLUMN};
pub use board::CramBoard;
use board::Degrees;
pub use wide::{WideCram, WideCramBoard, MAX_WIDE_CRAM_CELLS};

use super::drawing::{Drawing, Legend};
use crate::error::{Error, Result};
use crate::game::{parse_number, Notation, SIZE_SEPARATORS};
use crate::game::{Decompose, Game, Options};
use crate::solve::pruned::{Canonical, CompactKey};

/// The most cells a Cram board may have (one bit each in a `u64`).
pub const MAX_CRAM_CELLS: u32 = 64;

/// The game of Cram. Positions are [`CramBoard`]s.
///
/// ```
/// use grundy::catalogue::Cram;
/// let board = Cram.parse("3x3").unwrap();
/// assert_eq!(board.to_text(), ".../.../...");
/// let board = Cram.parse("..#/.../#..").unwrap();
/// assert!(!board.is_empty(0, 2));
/// assert!(Cram.parse("9x9").is_err()); // 81 cells: more than 64
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cram;

impl Cram {
    /// The empty `rows × cols` board.
    pub fn rectangle(&self, rows: u32, cols: u32) -> Result<CramBoard> {
        let cells = rows as u64 * cols as u64;
        if rows == 0 || cols == 0 {
            return Err(Error::InvalidPosition(format!("a Cram board of {rows}×{cols} has no cells")));
        }
        if cells > MAX_CRAM_CELLS as u64 {
            return Err(Error::TooLarge {
                what: format!("the {rows}×{cols} Cram board (one bit per cell)"),
                needed: cells as u128,
                limit: MAX_CRAM_CELLS as u128,
                unit: "cells",
            });
        }
        Ok(CramBoard { empty: CramBoard::mask(rows, cols), rows: rows as u8, cols: cols as u8 })
    }

    /// Reads a board: `RxC` (empty), or rows of `.` (empty) and `#` (filled)
    /// separated by `/` or new lines.
    pub fn parse(&self, text: &str) -> Result<CramBoard> {
        let drawing = drawing(text)?;
        let mut board = self.rectangle(drawing.rows, drawing.cols)?;
        drawing.marked.iter().for_each(|&cell| board.empty &= !(1 << cell));
        Ok(board)
    }

    /// Every move of `board`: the two cells `(row, col)` a domino covers.
    pub fn moves(&self, board: &CramBoard) -> Vec<[(u32, u32); 2]> {
        let [right, _, down, _] = board.neighbours(board.empty);
        let cols = board.cols as u32;
        let at = |i: u32| (i / cols, i % cols);
        let mut moves = Vec::new();
        for (mut starts, step) in [(right, 1), (down, cols)] {
            while starts != 0 {
                let i = starts.trailing_zeros();
                moves.push([at(i), at(i + step)]);
                starts &= starts - 1;
            }
        }
        moves
    }

    /// The board after a domino on the two cells.
    pub fn play(&self, board: &CramBoard, cells: [(u32, u32); 2]) -> CramBoard {
        let bit = |(r, c): (u32, u32)| 1u64 << (r * board.cols as u32 + c);
        board.with(board.empty & !bit(cells[0]) & !bit(cells[1]))
    }
}

impl Game for Cram {
    type Position = CramBoard;

    /// Dominoes from the middle lines of the empty cells' box outwards:
    /// moves in the middle split a region (into equal halves, on symmetric
    /// boards), which is where the search finds answers soonest (the move
    /// ordering of igs, Beling's solver, whose components are always wide).
    /// When the box's short side is even, every domino across the long side
    /// (vertical ones in a wide box) comes before any along it; when it is
    /// odd, the two orientations take turns, line by line from the middle.
    /// Across goes first, or along if both sides are odd.
    ///
    /// All that in two rounds: first the dominoes that may split the region
    /// (the ring of cells around them has two arcs of empty cells or more,
    /// see `ring`), then the others. The pruned search lists a position's
    /// options until it meets one whose value the table knows to be the
    /// value asked about; an option in parts has small parts, whose values
    /// the table knows far more often (on Cram 4 × 9, an option whose
    /// largest unknown part has at most 5/8 of the region's cells has the
    /// value asked about 25–30% of the time, one with more than 7/8 of them
    /// 1.6%), so the listing stops sooner.
    fn options(&self, board: &CramBoard, options: &mut Options<CramBoard>) {
        self.options_until(board, |option| {
            options.push(option);
            false
        });
    }
}

impl Cram {
    /// The options of [`Game::options`], in its order, handed to `visit`
    /// one at a time until it returns `true` (stop). The pruned search
    /// stops at the first option whose value answers its question, on
    /// average the fifth of twenty on Cram 4 × 9: the others are never made.
    fn options_until(&self, board: &CramBoard, mut visit: impl FnMut(CramBoard) -> bool) {
        let x = board.empty;
        if x == 0 {
            return;
        }
        let [right, _, down, _] = board.neighbours(x);
        // Dominoes that may split the region first. Measured against the
        // middle-out order alone (least of 7 alternating runs, one thread;
        // 3 for 5×8): Cram 4×9 −8%, 3×13 −18%, 5×7 −14%, 5×8 −24% time;
        // positions expanded 4×9 171,088 → 163,854, 3×13 286,294 →
        // 272,872, 5×8 990,675 → 798,714.
        let (horizontal, vertical) = ring::may_split(board, right, down);
        self.lines_middle_out(board, [(horizontal, vertical), (right & !horizontal, down & !vertical)], &mut visit);
    }

    /// For each group in turn, the dominoes starting at the cells of its
    /// `right` (horizontal) and `down` (vertical) masks, line by line from
    /// the middle of the box out (see [`Game::options`] for the order), each
    /// handed to `visit` as the board it leaves; returns `true` as soon as
    /// `visit` does.
    fn lines_middle_out(
        &self,
        board: &CramBoard,
        groups: [(u64, u64); 2],
        visit: &mut impl FnMut(CramBoard) -> bool,
    ) -> bool {
        let x = board.empty;
        let w = board.cols as u32;
        let columns = board.occupied_columns();
        let (left, width) = (columns.trailing_zeros(), 64 - columns.leading_zeros() - columns.trailing_zeros());
        let (top, height) = (x.trailing_zeros() / w, (63 - x.leading_zeros()) / w + 1 - x.trailing_zeros() / w);
        let mut each = |mut starts: u64, pair: u64| {
            while starts != 0 {
                let i = starts.trailing_zeros();
                if visit(board.with(x & !(pair << i))) {
                    return true;
                }
                starts &= starts - 1;
            }
            false
        };
        let vertical_pair = 1 | shl(1, w);
        // Across the long side first, except when both sides are odd: then
        // along it. Measured against "always across": Cram 5×7 and 3×13
        // expand 28% and 9% fewer positions, 4×9 and 4×11 the same, 5×8 3%
        // more; "always along" expands 2.5× as many on 4×9 and 1.5× on 5×8.
        let horizontal_first = (height > width) != (height % 2 == 1 && width % 2 == 1);
        groups.into_iter().any(|(right, down)| {
            let column = |c: u32| (down & FIRST_COLUMN[w as usize] << (left + c), vertical_pair);
            let row = |r: u32| (right & shl(low_bits(w), (top + r) * w), 0b11);
            let (mut rows, mut columns) = (middle_out(height).map(row), middle_out(width).map(column));
            let mut lines = |line: Option<(u64, u64)>| line.is_some_and(|(starts, pair)| each(starts, pair));
            if height.min(width) % 2 == 1 {
                // Turns, line by line. Measured against one orientation
                // after the other (positions expanded): 5×6 −38%, 5×7 −43%,
                // 5×8 −18%, 3×13 −2%; taking turns on every box also gave
                // 4×9 +40% and 4×11 +103%, hence only for odd short sides.
                loop {
                    let (r, c) = (rows.next(), columns.next());
                    if r.is_none() && c.is_none() {
                        return false;
                    }
                    let (first, second) = if horizontal_first { (r, c) } else { (c, r) };
                    if lines(first) || lines(second) {
                        return true;
                    }
                }
            } else if horizontal_first {
                rows.chain(columns).any(|line| lines(Some(line)))
            } else {
                columns.chain(rows).any(|line| lines(Some(line)))
            }
        })
    }
}

/// `0..n` from the middle outwards: for 5, `2, 3, 1, 4, 0`.
fn middle_out(n: u32) -> impl Iterator<Item = u32> {
    let middle = n.saturating_sub(1) / 2;
    (0..n).map(move |i| if i % 2 == 1 { middle + i.div_ceil(2) } else { middle - i / 2 })
}

impl Cram {
    /// The components of `board` (see [`Decompose::components`]); with
    /// `theory`, those [`Canonical::known_nim_value`] values are not pushed
    /// but nim-added to the returned nim-sum — strips by their cells alone,
    /// before any canonical form.
    fn split(&self, board: &CramBoard, components: &mut Vec<CramBoard>, theory: bool) -> u8 {
        self.split_board(board, components, theory, false)
    }

    /// [`Cram::split`], told whether the board is one region already.
    fn split_board(&self, board: &CramBoard, components: &mut Vec<CramBoard>, theory: bool, connected: bool) -> u8 {
        let (reduced, neighbours) = board.stars_reduced_with_neighbours();
        let cut = reduced.cuts_given(neighbours);
        let degrees = Degrees::of(neighbours);
        let mut nim_sum = 0;
        let mut each_region = |region: u64| {
            if region & region.wrapping_sub(1) == 0 {
                return; // a single cell
            }
            // A part the cuts made (an end of a cut edge is in, the other
            // out) may now have stars or squares of its own. It is one
            // region, and stays one if nothing is taken from it.
            let split = (region & cut) << 1 & !region | (region & cut << 1) >> 1 & !region;
            if split != 0 {
                nim_sum ^= self.split_board(&reduced.with(region), components, theory, true);
                return;
            }
            // No cell of the region has an empty neighbour outside it, so
            // the board's degrees are the region's.
            if theory && region & degrees.three == 0 {
                nim_sum ^= degrees.strip_value(region);
                return;
            }
            let component = reduced.with(region).normalized();
            if !(theory && component.symmetric_p_position()) {
                components.push(component);
            }
        };
        if connected && cut == 0 && reduced.empty == board.empty {
            each_region(reduced.empty); // (no fill needed to know it)
        } else {
            reduced.for_each_region(cut, each_region);
        }
        nim_sum
    }
}

impl Decompose for Cram {
    /// The connected regions of empty cells, reduced, canonical, without
    /// single cells; a region is also cut at the 2 × 2 squares of
    /// `CramBoard::cuts`.
    fn components(&self, board: &CramBoard, components: &mut Vec<CramBoard>) {
        self.split(board, components, false);
    }
}

impl Canonical for Cram {
    fn visit_options(
        &self,
        board: &CramBoard,
        _: &mut Options<CramBoard>,
        mut visit: impl FnMut(&[CramBoard]) -> bool,
    ) {
        self.options_until(board, |option| visit(std::slice::from_ref(&option)));
    }

    type Key = CompactKey;

    fn key(&self, region: &CramBoard) -> CompactKey {
        CompactKey::new(region.empty as u128 | (region.rows as u128) << 64 | (region.cols as u128) << 72)
    }

    /// Strips are valued before their canonical form, and from the
    /// degrees of the whole board: about half the regions the search meets
    /// on Cram 4 × 9 are strips.
    fn components_beyond_theory(&self, board: &CramBoard, components: &mut Vec<CramBoard>) -> u8 {
        self.split(board, components, true)
    }

    fn size(&self, region: &CramBoard) -> u32 {
        region.empty.count_ones()
    }

    fn known_nim_value(&self, region: &CramBoard) -> Option<u8> {
        if region.symmetric_p_position() {
            return Some(0);
        }
        region.path_or_cycle_value()
    }

    fn known_not_zero(&self, region: &CramBoard) -> bool {
        let (h, w) = region.extent();
        if (h + w) % 2 == 0 || !region.half_turn_symmetric() {
            return false;
        }
        // The centre is the midpoint of two cells; are they empty?
        let c = region.cols as u32;
        let centre = if h % 2 == 0 {
            ((h / 2 - 1) * c + w / 2, (h / 2) * c + w / 2)
        } else {
            ((h / 2) * c + w / 2 - 1, (h / 2) * c + w / 2)
        };
        region.empty >> centre.0 & 1 == 1 && region.empty >> centre.1 & 1 == 1
    }
}

impl Notation for Cram {
    fn parse_position(&self, text: &str) -> Result<CramBoard> {
        self.parse(text)
    }

    fn format_position(&self, board: &CramBoard) -> String {
        board.to_text()
    }
}

/// How a Cram board is drawn: `.` an empty cell, `#` a filled one.
const CRAM_LEGEND: Legend = Legend { board: "Cram board", blank: ('.', "empty"), mark: ('#', "filled") };

/// A Cram board as text — `RxC` (every cell empty), or rows of `.` (empty)
/// and `#` (filled) separated by `/` or new lines — read once for boards
/// of every width; the drawing's marked cells are the filled ones.
pub(crate) fn drawing(text: &str) -> Result<Drawing> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::InvalidPosition(
            "expected a Cram board: RxC or rows of '.' and '#' separated by '/', found nothing".into(),
        ));
    }
    if text.contains(SIZE_SEPARATORS) && !text.contains(['.', '#']) {
        // (Read as written: `3x4x5` and `xxxx` are quoted as typed.)
        let shape = || Error::Syntax { expected: "a Cram board size RxC, like 5x8".into(), found: text.to_string() };
        let (rows, cols) =
            text.split_once(SIZE_SEPARATORS).filter(|(_, cols)| !cols.contains(SIZE_SEPARATORS)).ok_or_else(shape)?;
        let rows = parse_number::<u32>(rows, "the number of rows of a Cram board RxC")?;
        let cols = parse_number::<u32>(cols, "the number of columns of a Cram board RxC")?;
        return Ok(Drawing { rows, cols, marked: Vec::new() });
    }
    Drawing::parse(text, &CRAM_LEGEND)
}
