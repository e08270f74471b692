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
//!   without `b` have options of the same values.
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

use super::notation::{parse_pair, Notation};
use crate::error::{Error, Result};
use crate::game::{Decompose, Game, Options};
use crate::solve::pruned::Canonical;

/// The most cells a Cram board may have (one bit each in a `u64`).
pub const MAX_CRAM_CELLS: u32 = 64;

/// The width of the frame small regions are kept in: a region whose box
/// fits in 8 × 8 is stored 8 cells wide, one byte a row, whatever its own
/// width (the columns past it are filled), so that cropping and all eight
/// symmetries take a few word operations each.
const FRAME: u32 = 8;

/// The frame of long thin regions: a region whose box is at most 4 × 16
/// (and not within 8 × 8) is stored 16 cells wide, a row in each 16-bit
/// quarter of the word, its long side along the rows.
const WIDE: u32 = 16;

/// A Cram board: `rows × cols` cells (at most 64), bit `r·cols + c` set when
/// cell `(r, c)` is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CramBoard {
    pub empty: u64,
    pub rows: u8,
    pub cols: u8,
}

/// Bits `0, w, 2w, …` below 64: the first column of a board `w` wide.
const fn first_column(width: u32) -> u64 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < 64 {
        mask |= 1 << i;
        i += width;
    }
    mask
}

const FIRST_COLUMN: [u64; 65] = {
    let mut table = [0u64; 65];
    let mut w = 1;
    while w <= 64 {
        table[w] = first_column(w as u32);
        w += 1;
    }
    table
};

/// Dawson's Kayles (octal 0.07) nim-values of heaps 0..=64: a move removes
/// two adjacent counters from a row, which may split it in two.
const DAWSONS_KAYLES: [u8; 65] = {
    let mut values = [0u8; 65];
    let mut n = 2;
    while n <= 64 {
        let mut seen = 0u64;
        let mut left = 0;
        while left <= n - 2 {
            seen |= 1 << (values[left] ^ values[n - 2 - left]);
            left += 1;
        }
        values[n] = seen.trailing_ones() as u8;
        n += 1;
    }
    values
};

/// An 8 × 8 bit matrix (bit `8r + c` is entry `(r, c)`) transposed, by
/// swapping 4 × 4, 2 × 2 and 1 × 1 blocks across the diagonal.
fn transpose8(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// The connected part of `x` (a pattern of the 8-wide frame) that holds
/// the cells of `seed`: each round spreads the region to the ends of its
/// runs in all four directions at once, each direction by three doubling
/// steps (the occluded fill of Kogge and Stone, known from chess
/// bitboards), with constant masks and no bit reversal.
fn region_in_frame<const W: u32>(x: u64, seed: u64) -> u64 {
    // Cells a fill may enter by steps of 1, 2, 4, … bits along a row (and
    // W, 2W, … along a column): the doubling masks, which depend on `x`
    // alone. log2(W) steps span a row, log2(64 / W) a column.
    let doubling = |mut p: u64, step: fn(u64, u32) -> u64, unit: u32, steps: u32| {
        let mut masks = [0u64; 4];
        for (i, mask) in masks.iter_mut().enumerate().take(steps as usize) {
            *mask = p;
            p &= step(p, unit << i);
        }
        masks
    };
    let (row_steps, column_steps) = (W.trailing_zeros(), 6 - W.trailing_zeros());
    let first_column = FIRST_COLUMN[W as usize];
    let right = doubling(x & !first_column, |v, n| v << n, 1, row_steps);
    let left = doubling(x & !(first_column << (W - 1)), |v, n| v >> n, 1, row_steps);
    let down = doubling(x, |v, n| v << n, W, column_steps);
    let up = doubling(x, |v, n| v >> n, W, column_steps);
    let fill = |mut g: u64, masks: &[u64; 4], step: fn(u64, u32) -> u64, unit: u32, steps: u32| {
        for (i, mask) in masks.iter().enumerate().take(steps as usize) {
            g |= mask & step(g, unit << i);
        }
        g
    };
    let mut region = seed & x;
    loop {
        // Along the rows both ways from the same cells (two independent
        // chains reach the same runs as one after the other), then along
        // the columns.
        let rows = fill(region, &right, |v, n| v << n, 1, row_steps) | fill(region, &left, |v, n| v >> n, 1, row_steps);
        let g = fill(rows, &down, |v, n| v << n, W, column_steps) | fill(rows, &up, |v, n| v >> n, W, column_steps);
        // Done when nothing grew, or (the common case: a region that did
        // not split) when every cell is in, which saves the round that
        // would only confirm it.
        if g == region || g == x {
            return g;
        }
        region = g;
    }
}

/// `x << n`, 0 when `n ≥ 64`.
fn shl(x: u64, n: u32) -> u64 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x >> n`, 0 when `n ≥ 64`.
fn shr(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

/// The `n` lowest bits.
fn low_bits(n: u32) -> u64 {
    shl(1, n).wrapping_sub(1)
}

/// The h × w pattern at the top left of a board `from` cells wide,
/// rewritten `to` cells wide.
fn repack(x: u64, h: u32, w: u32, from: u32, to: u32) -> u64 {
    (0..h).fold(0, |p, r| p | (x >> (r * from) & low_bits(w)) << (r * to))
}

impl CramBoard {
    fn mask(rows: u32, cols: u32) -> u64 {
        low_bits(rows * cols)
    }

    /// The last column (and bits past the board, which hold no cells).
    fn last_column(&self) -> u64 {
        FIRST_COLUMN[self.cols as usize] << (self.cols - 1)
    }

    /// The first column (and bits past the board, which hold no cells).
    fn first_column(&self) -> u64 {
        FIRST_COLUMN[self.cols as usize]
    }

    /// Cells with an empty neighbour to the right, left, below, above.
    fn neighbours(&self, x: u64) -> [u64; 4] {
        let w = self.cols as u32;
        [x & !self.last_column() & (x >> 1), x & !self.first_column() & (x << 1), x & shr(x, w), x & shl(x, w)]
    }

    /// The connected region of empty cells that holds the cells of `seed`.
    ///
    /// Runs along rows are filled in one step each by the carry of an
    /// addition (adding a seed bit to a run of ones clears the run up to its
    /// end and sets the bit after it), leftwards on the bit-reversed board;
    /// the last (first) column is cleared from the addend so that carries
    /// stop at the row's end. Only the turns between rows take iterations.
    fn region(&self, seed: u64) -> u64 {
        match self.cols as u32 {
            FRAME => return region_in_frame::<FRAME>(self.empty, seed),
            WIDE => return region_in_frame::<WIDE>(self.empty, seed),
            _ => {}
        }
        let x = self.empty;
        let w = self.cols as u32;
        let (right_ok, left_ok) = (x & !self.last_column(), x & !self.first_column());
        let (right_rev, x_rev) = (left_ok.reverse_bits(), x.reverse_bits());
        let mut region = seed & x;
        loop {
            let s = region & right_ok;
            let rightwards = (right_ok.wrapping_add(s) ^ right_ok) & x;
            let s = (region & left_ok).reverse_bits();
            let leftwards = ((right_rev.wrapping_add(s) ^ right_rev) & x_rev).reverse_bits();
            let row_filled = region | rightwards | leftwards;
            let grown = row_filled | (shl(row_filled, w) | shr(row_filled, w)) & x;
            if grown == row_filled {
                // Closed along rows and between rows.
                return row_filled;
            }
            region = grown;
        }
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

    fn with(&self, empty: u64) -> CramBoard {
        CramBoard { empty, ..*self }
    }

    /// The board cropped to the bounding box of its empty cells.
    fn cropped(&self) -> CramBoard {
        let x = self.empty;
        if x == 0 {
            return CramBoard { empty: 0, rows: 0, cols: 0 };
        }
        let w = self.cols as u32;
        let (top, bottom) = (x.trailing_zeros() / w, (63 - x.leading_zeros()) / w);
        let h = bottom - top + 1;
        let x = x >> (top * w);
        let row = low_bits(w);
        let columns = (0..h).fold(0, |columns, r| columns | x >> (r * w) & row);
        let (left, right) = (columns.trailing_zeros(), 63 - columns.leading_zeros());
        let nw = right - left + 1;
        if nw == w {
            return CramBoard { empty: x, rows: h as u8, cols: w as u8 };
        }
        let keep = low_bits(nw);
        let empty = (0..h).fold(0, |empty, r| empty | (x >> (r * w + left) & keep) << (r * nw));
        CramBoard { empty, rows: h as u8, cols: nw as u8 }
    }

    /// The board turned upside down.
    fn flipped_vertically(&self) -> CramBoard {
        let (h, w) = (self.rows as u32, self.cols as u32);
        let mut empty = 0;
        for r in 0..h {
            empty |= shl(shr(self.empty, r * w) & low_bits(w), (h - 1 - r) * w);
        }
        self.with(empty)
    }

    /// The board turned by a half turn.
    fn rotated_half(&self) -> CramBoard {
        let cells = self.rows as u32 * self.cols as u32;
        self.with(self.empty.reverse_bits() >> (64 - cells))
    }

    /// The board reflected in its main diagonal: within an 8 × 8 bitboard
    /// by three delta swaps when both sides are at most 8, else cell by cell.
    fn transposed(&self) -> CramBoard {
        let (h, w) = (self.rows as u32, self.cols as u32);
        let mut empty = 0;
        if h <= 8 && w <= 8 {
            let square = (0..h).fold(0u64, |m, r| m | (self.empty >> (r * w) & low_bits(w)) << (8 * r));
            let t = transpose8(square);
            empty = (0..w).fold(0u64, |e, c| e | (t >> (8 * c) & low_bits(h)) << (c * h));
        } else {
            for r in 0..h {
                let mut row = shr(self.empty, r * w) & low_bits(w);
                while row != 0 {
                    let c = row.trailing_zeros();
                    empty |= 1 << (c * h + r);
                    row &= row - 1;
                }
            }
        }
        CramBoard { empty, rows: self.cols, cols: self.rows }
    }

    /// The least image under the board's symmetries, rows ≤ columns.
    fn canonical(&self) -> CramBoard {
        let base = if self.rows > self.cols { self.transposed() } else { *self };
        let flipped = base.flipped_vertically();
        let mut best = base.empty.min(flipped.empty).min(base.rotated_half().empty).min(flipped.rotated_half().empty);
        if base.rows == base.cols {
            let t = base.transposed();
            let tf = t.flipped_vertically();
            best = best.min(t.empty).min(tf.empty).min(t.rotated_half().empty).min(tf.rotated_half().empty);
        }
        base.with(best)
    }

    /// The columns holding an empty cell (bit `c` for column `c`).
    fn occupied_columns(&self) -> u64 {
        let w = self.cols as u32;
        if w == FRAME || w == WIDE {
            // The rows OR-ed into one: a few steps, no loop.
            let x = self.empty | self.empty >> 32;
            let x = x | x >> 16;
            return if w == WIDE { x & 0xffff } else { (x | x >> 8) & 0xff };
        }
        (0..self.rows as u32).fold(0, |columns, r| columns | shr(self.empty, r * w) & low_bits(w))
    }

    /// The height and width of the empty cells' bounding box, for a board
    /// cropped at the top left (a canonical component): in the 8-wide frame
    /// the columns past the region are padding.
    fn extent(&self) -> (u32, u32) {
        if self.cols as u32 == FRAME || self.cols as u32 == WIDE {
            (self.rows as u32, 64 - self.occupied_columns().leading_zeros())
        } else {
            (self.rows as u32, self.cols as u32)
        }
    }

    /// A region (cells of this board) in canonical form: cropped, and, if
    /// its box fits in 8 × 8, in the 8-wide frame ([`FRAME`]) as the least
    /// of its 8 images; else, if it fits in 4 × 16, in the 16-wide frame
    /// ([`WIDE`]) as the least of its 4 images with the long side along the
    /// rows; otherwise rows ≤ columns and the least of its 4 images.
    fn normalized(&self) -> CramBoard {
        let c = self.cols as u32;
        if c == FRAME || c == WIDE {
            let left = self.occupied_columns().trailing_zeros();
            let top = self.empty.trailing_zeros() / c;
            let x = self.empty >> (top * c + left);
            if c == FRAME {
                return Self::framed(x);
            }
            let h = (63 - x.leading_zeros()) / WIDE + 1;
            let w = 64 - self.with(x).occupied_columns().leading_zeros();
            return if w <= FRAME { Self::framed(repack(x, h, w, WIDE, FRAME)) } else { Self::wide(x, h, w) };
        }
        let cropped = self.cropped();
        let (h, w) = (cropped.rows as u32, cropped.cols as u32);
        if h <= FRAME && w <= FRAME {
            return Self::framed(repack(cropped.empty, h, w, w, FRAME));
        }
        if h.min(w) <= 4 && h.max(w) <= WIDE {
            let long = if h > w { cropped.transposed() } else { cropped };
            let (h, w) = (long.rows as u32, long.cols as u32);
            return Self::wide(repack(long.empty, h, w, w, WIDE), h, w);
        }
        cropped.canonical()
    }

    /// The canonical form of an h × w region (h ≤ 4 < w ≤ 16) given in the
    /// 16-wide frame at the top left: the least of the identity, the half
    /// turn and the two flips (a transposed image would not fit the frame,
    /// and every image of the region has the same four wide ones).
    fn wide(x: u64, h: u32, w: u32) -> CramBoard {
        let half_turn = x.reverse_bits() >> (WIDE * (4 - h) + (WIDE - w));
        // The four 16-bit rows in reverse order, shifted back to the top.
        let flip = |x: u64| {
            let y = x.rotate_left(32);
            (((y >> 16) & 0x0000_ffff_0000_ffff) | ((y & 0x0000_ffff_0000_ffff) << 16)) >> (WIDE * (4 - h))
        };
        let best = x.min(half_turn).min(flip(x)).min(flip(half_turn));
        CramBoard { empty: best, rows: h as u8, cols: WIDE as u8 }
    }

    /// The canonical form of a region given in the 8-wide frame, cropped at
    /// the top left: the least of its 8 images under the symmetries of the
    /// square, each made by byte swaps, bit reversal and [`transpose8`]
    /// and shifted back to the corner. In this frame a row is a byte, so
    /// no image needs a loop, and a transposed image is just another
    /// pattern of the frame (no rows ≤ columns rule is needed).
    fn framed(x: u64) -> CramBoard {
        let h = (63 - x.leading_zeros()) / FRAME + 1;
        let column_bits = CramBoard { empty: x, rows: h as u8, cols: FRAME as u8 }.occupied_columns();
        let w = 64 - column_bits.leading_zeros();
        // The half turn, the vertical flip, and the horizontal flip (the
        // vertical flip of the half turn), of an h × w pattern.
        let images = |x: u64, h: u32, w: u32| {
            let half_turn = x.reverse_bits() >> (FRAME * (FRAME - h) + (FRAME - w));
            let shift = FRAME * (FRAME - h);
            [x, half_turn, x.swap_bytes() >> shift, half_turn.swap_bytes() >> shift]
        };
        let t = transpose8(x);
        let [a, b, c, d] = images(x, h, w);
        let [e, f, g, k] = images(t, w, h);
        let best = a.min(b).min(c).min(d).min(e).min(f).min(g).min(k);
        CramBoard { empty: best, rows: ((63 - best.leading_zeros()) / FRAME + 1) as u8, cols: FRAME as u8 }
    }

    /// The empty cells next to a cell of `x` (`x` itself excluded unless
    /// next to another cell of `x`).
    fn adjacent(&self, x: u64) -> u64 {
        let w = self.cols as u32;
        ((x & !self.last_column()) << 1 | (x & !self.first_column()) >> 1 | shl(x, w) | shr(x, w)) & self.empty
    }

    /// Removes all but one tuft of every star, then every bridge (see the
    /// module docs), until neither applies.
    fn stars_reduced(&self) -> CramBoard {
        let mut board = *self;
        loop {
            let x = board.empty;
            let [right, left, down, up] = board.neighbours(x);
            let at_least_two = (right & (left | down | up)) | (left & (down | up)) | (down & up);
            let tufts = (right | left | down | up) & !at_least_two;
            let w = board.cols as u32;
            // Each tuft's centre, direction by direction; a centre seen before
            // already kept a tuft, so this one goes.
            let mut seen = (tufts & right) << 1;
            let centres = (tufts & left) >> 1;
            let mut remove = (centres & seen) << 1;
            seen |= centres;
            let centres = shl(tufts & down, w);
            remove |= shr(centres & seen, w);
            seen |= centres;
            let centres = shr(tufts & up, w);
            remove |= shl(centres & seen, w);
            seen |= centres;
            // Bridges: cells that are neither tufts nor centres and whose
            // every neighbour is a centre (`seen`).
            let others = x & !(tufts | seen);
            remove |= others & !board.adjacent(others) & at_least_two;
            if remove == 0 {
                return board;
            }
            board = board.with(x & !remove);
        }
    }

    /// The nim-value of a path or cycle region, from Dawson's Kayles.
    fn path_or_cycle_value(&self) -> Option<u8> {
        let x = self.empty;
        let [right, _, down, _] = self.neighbours(x);
        let [r, l, d, u] = self.neighbours(x);
        let three = (r & l & (d | u)) | (d & u & (r | l));
        if three != 0 {
            return None;
        }
        let cells = x.count_ones();
        let edges = right.count_ones() + down.count_ones();
        if edges + 1 == cells {
            Some(DAWSONS_KAYLES[cells as usize])
        } else if edges == cells {
            Some(u8::from(DAWSONS_KAYLES[cells as usize - 2] == 0))
        } else {
            None
        }
    }

    /// Whether a canonical component is its own image under the half turn
    /// of its bounding box.
    fn half_turn_symmetric(&self) -> bool {
        let (h, w) = self.extent();
        let c = self.cols as u32;
        shr(self.empty.reverse_bits(), 64 - h * c + (c - w)) == self.empty
    }
}

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
            });
        }
        Ok(CramBoard { empty: CramBoard::mask(rows, cols), rows: rows as u8, cols: cols as u8 })
    }

    /// Reads a board: `RxC` (empty), or rows of `.` (empty) and `#` (filled)
    /// separated by `/` or new lines.
    pub fn parse(&self, text: &str) -> Result<CramBoard> {
        let text = text.trim();
        if text.contains(['x', 'X']) && !text.contains(['.', '#']) {
            let (rows, cols) = parse_pair::<u32>(&text.replace('X', "x").replace('x', ","), "a Cram board size RxC")?;
            return self.rectangle(rows, cols);
        }
        let lines: Vec<&str> = text.split(['/', '\n']).map(str::trim).filter(|l| !l.is_empty()).collect();
        let cols = lines.first().map_or(0, |l| l.chars().count());
        if lines.is_empty() || cols == 0 {
            return Err(Error::InvalidPosition(format!(
                "expected a Cram board: RxC or rows of '.' and '#' separated by '/', found {text:?}"
            )));
        }
        let mut board = self.rectangle(lines.len() as u32, cols as u32)?;
        for (r, line) in lines.iter().enumerate() {
            if line.chars().count() != cols {
                return Err(Error::InvalidPosition(format!(
                    "row {} of the Cram board has {} cells, but row 1 has {cols}",
                    r + 1,
                    line.chars().count()
                )));
            }
            for (c, ch) in line.chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' => board.empty &= !(1 << (r * cols + c)),
                    _ => {
                        return Err(Error::InvalidPosition(format!(
                            "row {}, column {}: expected '.' (empty) or '#' (filled), found '{ch}'",
                            r + 1,
                            c + 1
                        )))
                    }
                }
            }
        }
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

    /// Dominoes across the long side of the empty cells' box first (vertical
    /// ones in a wide box), from its middle line outwards, then the others
    /// from the middle outwards: moves in the middle split a region (into
    /// equal halves, on symmetric boards), which is where the search finds
    /// answers soonest (the move ordering of igs, Beling's solver, whose
    /// components are always wide).
    fn options(&self, board: &CramBoard, options: &mut Options<CramBoard>) {
        let x = board.empty;
        if x == 0 {
            return;
        }
        let [right, _, down, _] = board.neighbours(x);
        let w = board.cols as u32;
        let columns = board.occupied_columns();
        let (left, width) = (columns.trailing_zeros(), 64 - columns.leading_zeros() - columns.trailing_zeros());
        let (top, height) = (x.trailing_zeros() / w, (63 - x.leading_zeros()) / w + 1 - x.trailing_zeros() / w);
        let push_all = |options: &mut Options<CramBoard>, mut starts: u64, pair: u64| {
            while starts != 0 {
                let i = starts.trailing_zeros();
                options.push(board.with(x & !(pair << i)));
                starts &= starts - 1;
            }
        };
        let vertical_pair = 1 | shl(1, w);
        let verticals = |options: &mut Options<CramBoard>| {
            for c in middle_out(width) {
                push_all(options, down & FIRST_COLUMN[w as usize] << (left + c), vertical_pair);
            }
        };
        let horizontals = |options: &mut Options<CramBoard>| {
            for r in middle_out(height) {
                push_all(options, right & shl(low_bits(w), (top + r) * w), 0b11);
            }
        };
        if height > width {
            horizontals(options);
            verticals(options);
        } else {
            verticals(options);
            horizontals(options);
        }
    }
}

/// `0..n` from the middle outwards: for 5, `2, 3, 1, 4, 0`.
fn middle_out(n: u32) -> impl Iterator<Item = u32> {
    let middle = n.saturating_sub(1) / 2;
    (0..n).map(move |i| if i % 2 == 1 { middle + i.div_ceil(2) } else { middle - i / 2 })
}

impl Decompose for Cram {
    /// The connected regions of empty cells, canonical, without single cells.
    fn components(&self, board: &CramBoard, components: &mut Vec<CramBoard>) {
        let reduced = board.stars_reduced();
        let mut rest = reduced.empty;
        while rest != 0 {
            let region = reduced.region(rest & rest.wrapping_neg());
            rest &= !region;
            if region.count_ones() > 1 {
                components.push(reduced.with(region).normalized());
            }
        }
    }
}

impl Canonical for Cram {
    fn key(&self, region: &CramBoard) -> u128 {
        region.empty as u128 | (region.rows as u128) << 64 | (region.cols as u128) << 72
    }

    fn size(&self, region: &CramBoard) -> u32 {
        region.empty.count_ones()
    }

    fn known_nim_value(&self, region: &CramBoard) -> Option<u8> {
        let (h, w) = region.extent();
        if h % 2 == 0 && w % 2 == 0 && region.half_turn_symmetric() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dawsons_kayles_table_starts_as_published() {
        // Dawson's Kayles 0.07 from heap 1 (reference-values.md; Winning Ways ch. 4).
        assert_eq!(&DAWSONS_KAYLES[1..21], &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]);
    }

    #[test]
    fn symmetries_give_one_canonical_form() {
        let shapes = ["..#/.##", "#../##.", ".##/..#", "##./#.."];
        let keys: Vec<u128> = shapes
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
    fn keys(board: &CramBoard) -> Vec<u128> {
        let mut keys = Vec::new();
        let mut rest = board.empty;
        while rest != 0 {
            let region = board.region(rest & rest.wrapping_neg());
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
            let mut rest = board.empty;
            while rest != 0 {
                let seed = rest & rest.wrapping_neg();
                // The plain fill: one step in each direction at a time.
                let mut expected = seed;
                loop {
                    let grown = board.adjacent(expected) | expected;
                    if grown == expected {
                        break;
                    }
                    expected = grown;
                }
                assert_eq!(board.region(seed), expected, "{}", board.to_text());
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
            let mut board = Cram.rectangle(rows, cols).unwrap();
            for _ in 0..rng.below((rows * cols) as u64) {
                board.empty &= !(1 << rng.below((rows * cols) as u64));
            }
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
    fn bad_boards_are_refused() {
        assert!(Cram.parse("0x3").is_err());
        assert!(Cram.parse("8x9").is_err());
        assert!(Cram.parse("../.").is_err());
        assert!(Cram.parse("..a").is_err());
        assert!(Cram.parse("").is_err());
        assert!(Cram.parse("8x8").is_ok());
    }
}
