//! Cram on boards of up to 128 cells ([`WideCram`]): a `u128` of empty
//! cells, and the pruned search's [`WideKey`]s.
//!
//! The boards still open (5 × 13, 6 × 11, 4 × 17, …) have more than 64
//! cells, but most positions a search of them meets are small regions. So a
//! board or region whose cells fit in 64 bits (its `rows × cols` does) is
//! handed to [`Cram`], the 64-bit game with all its reductions (stars,
//! bridges, squares), frames and move order, and its results are widened;
//! only regions whose bounding box has more than 64 cells are handled here,
//! plainly: cropped to the box and turned to the least of their 4 or 8
//! images (the symmetries of `cram`'s module docs), valued by theory when
//! they are strips (Dawson's Kayles) or half-turn symmetric (Gardner's
//! strategy), their dominoes listed from the middle of the box out. The
//! 64-bit game itself is untouched, so boards of up to 64 cells keep its
//! speed (`grundy solve cram` picks it for them).

use super::board::DAWSONS_KAYLES;
use super::CramBoard;
use crate::catalogue::Cram;
use crate::error::{Error, Result};
use crate::game::Notation;
use crate::game::{Decompose, Game, Options};
use crate::solve::pruned::{Canonical, WideKey};

/// The most cells a board of [`WideCram`] may have (one bit each in a `u128`).
pub const MAX_WIDE_CRAM_CELLS: u32 = 128;

/// A Cram board of up to 128 cells: bit `r·cols + c` set when cell `(r, c)`
/// is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WideCramBoard {
    pub empty: u128,
    pub rows: u8,
    pub cols: u8,
}

/// Cram on boards of up to 128 cells. Positions are [`WideCramBoard`]s.
///
/// ```
/// use grundy::catalogue::WideCram;
/// use grundy::solve::pruned::PrunedSearch;
/// let board = WideCram.parse("1x100").unwrap(); // Dawson's Kayles, heap 100
/// assert_eq!(PrunedSearch::new(&WideCram).nim_value(&board).unwrap(), 3);
/// assert!(WideCram.parse("5x13").is_ok()); // 65 cells
/// assert!(WideCram.parse("12x11").is_err()); // 132 cells
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WideCram;

/// `x << n`, 0 when `n ≥ 128`.
fn shl(x: u128, n: u32) -> u128 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x >> n`, 0 when `n ≥ 128`.
fn shr(x: u128, n: u32) -> u128 {
    x.checked_shr(n).unwrap_or(0)
}

/// The `n` lowest bits of a `u128`.
fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        !0
    } else {
        (1 << n) - 1
    }
}

impl WideCramBoard {
    /// The board as a 64-bit [`CramBoard`], if its cells fit.
    pub fn narrow(&self) -> Option<CramBoard> {
        (self.rows as u32 * self.cols as u32 <= 64).then_some(CramBoard {
            empty: self.empty as u64,
            rows: self.rows,
            cols: self.cols,
        })
    }

    /// A 64-bit board, widened.
    pub fn from_narrow(board: &CramBoard) -> WideCramBoard {
        WideCramBoard { empty: board.empty as u128, rows: board.rows, cols: board.cols }
    }

    /// Whether cell `(r, c)` is empty.
    pub fn is_empty(&self, r: u32, c: u32) -> bool {
        self.empty >> (r * self.cols as u32 + c) & 1 == 1
    }

    /// The board drawn as rows of `.` (empty) and `#` (filled) separated by `/`.
    pub fn to_text(&self) -> String {
        (0..self.rows as u32)
            .map(|r| (0..self.cols as u32).map(|c| if self.is_empty(r, c) { '.' } else { '#' }).collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }

    fn first_column(&self) -> u128 {
        (0..self.rows as u32).fold(0, |m, r| m | 1 << (r * self.cols as u32))
    }

    /// Cells with an empty neighbour to the right, left, below, above.
    fn neighbours(&self, x: u128) -> [u128; 4] {
        let w = self.cols as u32;
        let first = self.first_column();
        let last = first << (w - 1);
        [x & !last & x >> 1, x & !first & x << 1, x & shr(x, w), x & shl(x, w)]
    }

    /// The connected region of empty cells holding `seed`.
    fn region(&self, seed: u128) -> u128 {
        let x = self.empty;
        let mut region = seed & x;
        let [right, left, down, up] = self.neighbours(x);
        let w = self.cols as u32;
        loop {
            let grown =
                region | (region & right) << 1 | (region & left) >> 1 | shl(region & down, w) | shr(region & up, w);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The cells of `x` cropped to their bounding box, as a board of that box.
    fn cropped(&self, x: u128) -> WideCramBoard {
        let (w, h) = (self.cols as u32, self.rows as u32);
        let rows: Vec<u32> = (0..h).filter(|&r| shr(x, r * w) & low_bits(w) != 0).collect();
        let columns = (0..h).fold(0u128, |m, r| m | shr(x, r * w) & low_bits(w));
        let (top, bottom) = (rows[0], rows[rows.len() - 1]);
        let (left, right) = (columns.trailing_zeros(), 127 - columns.leading_zeros());
        let (bh, bw) = (bottom - top + 1, right - left + 1);
        let empty = (0..bh).fold(0u128, |p, r| p | shl(shr(x, (top + r) * w + left) & low_bits(bw), r * bw));
        WideCramBoard { empty, rows: bh as u8, cols: bw as u8 }
    }

    /// The board mapped cell by cell: `(r, c)` to `to(r, c)` on a board of
    /// `rows × cols`.
    fn mapped(&self, rows: u32, cols: u32, to: impl Fn(u32, u32) -> (u32, u32)) -> WideCramBoard {
        let w = self.cols as u32;
        let mut empty = 0u128;
        let mut rest = self.empty;
        while rest != 0 {
            let i = rest.trailing_zeros();
            let (r, c) = to(i / w, i % w);
            empty |= 1 << (r * cols + c);
            rest &= rest - 1;
        }
        WideCramBoard { empty, rows: rows as u8, cols: cols as u8 }
    }

    /// The least of the board's images under the symmetries of its box
    /// (reflections and half turn; transposition too, which maps an h×w
    /// box to a w×h one).
    fn canonical(&self) -> WideCramBoard {
        let (h, w) = (self.rows as u32, self.cols as u32);
        let images = [
            *self,
            self.mapped(h, w, |r, c| (h - 1 - r, c)),
            self.mapped(h, w, |r, c| (r, w - 1 - c)),
            self.mapped(h, w, |r, c| (h - 1 - r, w - 1 - c)),
            self.mapped(w, h, |r, c| (c, r)),
            self.mapped(w, h, |r, c| (w - 1 - c, r)),
            self.mapped(w, h, |r, c| (c, h - 1 - r)),
            self.mapped(w, h, |r, c| (w - 1 - c, h - 1 - r)),
        ];
        images.into_iter().min_by_key(|b| (b.rows, b.cols, b.empty)).expect("eight images")
    }

    /// Whether the empty cells are symmetric under the half turn about the
    /// board's centre.
    fn half_turn_symmetric(&self) -> bool {
        let n = self.rows as u32 * self.cols as u32;
        self.empty.reverse_bits() >> (128 - n) == self.empty
    }

    /// The nim-value of a connected region (this board's empty cells) that
    /// is a strip: a path or cycle of cells, Dawson's Kayles.
    fn strip_value(&self) -> Option<u8> {
        if self.empty == 0 || self.region(self.empty & self.empty.wrapping_neg()) != self.empty {
            return None; // not one region
        }
        let [right, left, down, up] = self.neighbours(self.empty);
        let three = (right & left & (down | up)) | (down & up & (right | left));
        if three != 0 {
            return None;
        }
        let two = (right & (left | down | up)) | (left & (down | up)) | (down & up);
        let cells = self.empty.count_ones() as usize;
        Some(if self.empty & !two != 0 { DAWSONS_KAYLES[cells] } else { u8::from(DAWSONS_KAYLES[cells - 2] == 0) })
    }

    /// Gardner's symmetry strategy (see `cram`): `Some(true)` if the board
    /// is a P-position by it (half-turn symmetric about a corner of cells),
    /// `Some(false)` if the first player wins by it (symmetric about the
    /// midpoint of two empty cells), else `None`.
    fn symmetry(&self) -> Option<bool> {
        let (h, w) = (self.rows as u32, self.cols as u32);
        if !self.half_turn_symmetric() || (h % 2 == 1 && w % 2 == 1) {
            return None;
        }
        if h % 2 == 0 && w % 2 == 0 {
            return Some(true);
        }
        let centre = if h % 2 == 0 {
            ((h / 2 - 1) * w + w / 2, (h / 2) * w + w / 2)
        } else {
            ((h / 2) * w + w / 2 - 1, (h / 2) * w + w / 2)
        };
        (self.empty >> centre.0 & 1 == 1 && self.empty >> centre.1 & 1 == 1).then_some(false)
    }
}

impl WideCram {
    /// The empty `rows × cols` board (at most 128 cells).
    pub fn rectangle(&self, rows: u32, cols: u32) -> Result<WideCramBoard> {
        let cells = rows as u64 * cols as u64;
        if rows == 0 || cols == 0 {
            return Err(Error::InvalidPosition(format!("a Cram board of {rows}×{cols} has no cells")));
        }
        if cells > MAX_WIDE_CRAM_CELLS as u64 {
            return Err(Error::TooLarge {
                what: format!("the {rows}×{cols} Cram board (one bit per cell)"),
                needed: cells as u128,
                limit: MAX_WIDE_CRAM_CELLS as u128,
                unit: "cells",
            });
        }
        Ok(WideCramBoard { empty: low_bits(cells as u32), rows: rows as u8, cols: cols as u8 })
    }

    /// Reads a board as [`Cram::parse`] does, of up to 128 cells.
    pub fn parse(&self, text: &str) -> Result<WideCramBoard> {
        let drawing = super::drawing(text)?;
        let mut board = self.rectangle(drawing.rows, drawing.cols)?;
        drawing.marked.iter().for_each(|&cell| board.empty &= !(1 << cell));
        Ok(board)
    }

    /// Splits `board` into canonical regions; with `theory`, the regions
    /// theory values are left out and their nim-sum returned.
    fn split(&self, board: &WideCramBoard, components: &mut Vec<WideCramBoard>, theory: bool) -> u8 {
        if let Some(narrow) = board.narrow() {
            return self.narrow_split(&narrow, components, theory);
        }
        let mut nim_sum = 0;
        let mut rest = board.empty;
        while rest != 0 {
            let region = board.region(rest & rest.wrapping_neg());
            rest &= !region;
            if region & region.wrapping_sub(1) == 0 {
                continue; // a single cell
            }
            let cropped = board.cropped(region);
            if let Some(narrow) = cropped.narrow() {
                nim_sum ^= self.narrow_split(&narrow, components, theory);
                continue;
            }
            let component = cropped.canonical();
            match (theory, self.known_nim_value(&component)) {
                (true, Some(v)) => nim_sum ^= v,
                _ => components.push(component),
            }
        }
        nim_sum
    }

    /// [`WideCram::split`] of a board that fits in 64 bits: by [`Cram`].
    fn narrow_split(&self, board: &CramBoard, components: &mut Vec<WideCramBoard>, theory: bool) -> u8 {
        let mut narrow = Vec::new();
        let nim_sum = if theory { Cram.components_beyond_theory(board, &mut narrow) } else { 0 };
        if !theory {
            Cram.components(board, &mut narrow);
        }
        components.extend(narrow.iter().map(WideCramBoard::from_narrow));
        nim_sum
    }
}

impl Game for WideCram {
    type Position = WideCramBoard;

    /// [`Cram`]'s order when the board fits in 64 bits; otherwise every
    /// domino, those nearest the middle of the board first (moves in the
    /// middle split the region soonest).
    fn options(&self, board: &WideCramBoard, options: &mut Options<WideCramBoard>) {
        if let Some(narrow) = board.narrow() {
            Cram.options_until(&narrow, |option| {
                options.push(WideCramBoard::from_narrow(&option));
                false
            });
            return;
        }
        let [right, _, down, _] = board.neighbours(board.empty);
        let (h, w) = (board.rows as i64, board.cols as i64);
        let mut dominoes = Vec::new();
        for (mut starts, pair) in [(right, 0b11u128), (down, 1 | shl(1, w as u32))] {
            while starts != 0 {
                let i = starts.trailing_zeros() as i64;
                let cells = pair << i;
                // Distance of the domino's middle from the board's, doubled.
                let (r, c) = (2 * (i / w) + i64::from(pair != 0b11), 2 * (i % w) + i64::from(pair == 0b11));
                dominoes.push(((r - (h - 1)).abs() + (c - (w - 1)).abs(), cells));
                starts &= starts - 1;
            }
        }
        dominoes.sort_by_key(|&(distance, _)| distance);
        for (_, cells) in dominoes {
            options.push(WideCramBoard { empty: board.empty & !cells, ..*board });
        }
    }
}

impl Decompose for WideCram {
    /// The canonical regions (by [`Cram`] for those that fit in 64 bits).
    fn components(&self, board: &WideCramBoard, components: &mut Vec<WideCramBoard>) {
        self.split(board, components, false);
    }
}

impl Canonical for WideCram {
    type Key = WideKey;

    #[inline]
    fn key(&self, region: &WideCramBoard) -> WideKey {
        WideKey { pattern: region.empty, extra: (region.rows as u64) << 8 | region.cols as u64 }
    }

    fn components_beyond_theory(&self, board: &WideCramBoard, components: &mut Vec<WideCramBoard>) -> u8 {
        self.split(board, components, true)
    }

    fn size(&self, region: &WideCramBoard) -> u32 {
        region.empty.count_ones()
    }

    fn known_nim_value(&self, region: &WideCramBoard) -> Option<u8> {
        if let Some(narrow) = region.narrow() {
            return Cram.known_nim_value(&narrow);
        }
        if region.symmetry() == Some(true) {
            return Some(0);
        }
        region.strip_value()
    }

    fn known_not_zero(&self, region: &WideCramBoard) -> bool {
        match region.narrow() {
            Some(narrow) => Cram.known_not_zero(&narrow),
            None => region.symmetry() == Some(false),
        }
    }
}

impl Notation for WideCram {
    fn parse_position(&self, text: &str) -> Result<WideCramBoard> {
        self.parse(text)
    }

    fn format_position(&self, board: &WideCramBoard) -> String {
        board.to_text()
    }
}
