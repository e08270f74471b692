//! The Cram bitboard: parsing and printing, the moves, the split into
//! regions and each region's canonical form.

use super::bits::*;

/// A Cram board: `rows × cols` cells (at most 64), bit `r·cols + c` set when
/// cell `(r, c)` is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CramBoard {
    pub empty: u64,
    pub rows: u8,
    pub cols: u8,
}

/// Dawson's Kayles (octal 0.07) nim-values of heaps 0..=128 (strips of
/// boards up to 128 cells): a move removes two adjacent counters from a
/// row, which may split it in two.
pub(super) const DAWSONS_KAYLES: [u8; 129] = {
    let mut values = [0u8; 129];
    let mut n = 2;
    while n <= 128 {
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

/// The empty cells of a board by how many empty neighbours they have,
/// from its four [`CramBoard::neighbours`] masks.
#[derive(Clone, Copy, Debug)]
pub(super) struct Degrees {
    /// Cells with at least two empty neighbours.
    pub two: u64,
    /// Cells with at least three.
    pub three: u64,
}

impl Degrees {
    pub(super) fn of([right, left, down, up]: [u64; 4]) -> Degrees {
        Degrees {
            two: (right & (left | down | up)) | (left & (down | up)) | (down & up),
            three: (right & left & (down | up)) | (down & up & (right | left)),
        }
    }

    /// The nim-value of `region`, a connected region of the board whose
    /// cells have no empty neighbour outside it, none of them more than
    /// two (`region & self.three == 0`): a **strip**, from Dawson's Kayles
    /// (0.07): a path of `n` cells (it has an end, a cell with one
    /// neighbour) is the heap of `n`; a cycle of `n` has the one option
    /// "path of `n − 2`".
    pub(super) fn strip_value(&self, region: u64) -> u8 {
        let cells = region.count_ones() as usize;
        if region & !self.two != 0 {
            DAWSONS_KAYLES[cells]
        } else {
            u8::from(DAWSONS_KAYLES[cells - 2] == 0)
        }
    }
}

impl CramBoard {
    pub(super) fn mask(rows: u32, cols: u32) -> u64 {
        low_bits(rows * cols)
    }

    /// The last column (and bits past the board, which hold no cells).
    pub(super) fn last_column(&self) -> u64 {
        FIRST_COLUMN[self.cols as usize] << (self.cols - 1)
    }

    /// The first column (and bits past the board, which hold no cells).
    pub(super) fn first_column(&self) -> u64 {
        FIRST_COLUMN[self.cols as usize]
    }

    /// Cells with an empty neighbour to the right, left, below, above.
    pub(super) fn neighbours(&self, x: u64) -> [u64; 4] {
        let w = self.cols as u32;
        [x & !self.last_column() & (x >> 1), x & !self.first_column() & (x << 1), x & shr(x, w), x & shl(x, w)]
    }

    /// Calls `f` with each connected region of empty cells, not crossing
    /// the edge between a cell of `cut` and its right neighbour
    /// ([`CramBoard::cuts`]): the region of the lowest cell left, then of the
    /// lowest cell not in it, and so on.
    pub(super) fn for_each_region(&self, cut: u64, f: impl FnMut(u64)) {
        fn peel(mut rest: u64, grow: impl Fn(u64, u64) -> u64, mut f: impl FnMut(u64)) {
            while rest != 0 {
                let region = grow(rest & rest.wrapping_neg(), rest);
                rest &= !region;
                f(region);
            }
        }
        match self.cols as u32 {
            FRAME => {
                let fill = FrameFill::<FRAME>::new(self.empty, cut);
                peel(self.empty, |seed, rest| fill.region(seed, rest), f);
            }
            WIDE => {
                let fill = FrameFill::<WIDE>::new(self.empty, cut);
                peel(self.empty, |seed, rest| fill.region(seed, rest), f);
            }
            _ => peel(self.empty, |seed, _| self.region(seed, cut), f),
        }
    }

    /// The connected region of empty cells that holds the cells of `seed`,
    /// not crossing the edge between a cell of `cut` and its right
    /// neighbour ([`CramBoard::cuts`]).
    ///
    /// In a frame, by [`FrameFill`]. Otherwise runs along rows are filled in
    /// one step each by the carry of an addition (adding a seed bit to a run
    /// of ones clears the run up to its end and sets the bit after it),
    /// leftwards on the bit-reversed board; the last (first) column and the
    /// cut edges are cleared from the addend so that carries stop there.
    /// Only the turns between rows take iterations.
    pub(super) fn region(&self, seed: u64, cut: u64) -> u64 {
        let x = self.empty;
        match self.cols as u32 {
            FRAME => return FrameFill::<FRAME>::new(x, cut).region(seed & x, x),
            WIDE => return FrameFill::<WIDE>::new(x, cut).region(seed & x, x),
            _ => {}
        }
        let w = self.cols as u32;
        let (right_ok, left_ok) = (x & !self.last_column() & !cut, x & !self.first_column() & !(cut << 1));
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

    /// The 2 × 2 squares of empty cells two opposite corners of which have
    /// no empty cell outside the square: the edges between each such
    /// square's upper cells and between its lower cells can be cut (given
    /// as the left cell of each, for [`CramBoard::region`]) without
    /// changing the game's value, so the board may fall into more parts.
    ///
    /// Why (a rule of igs, Beling's solver, proved here for any graph):
    /// let `u` and `v` be the corners whose only neighbours are the other
    /// two cells `p` and `q`, and cut `u–p` and `v–q`. The two cut moves
    /// leave nothing new: `{u, p}` leaves `v` hanging on `q` alone, as
    /// `{v, p}` leaves `u` hanging on `q` — isomorphic positions — and
    /// `{v, q}` matches `{u, q}` the same way. Moves `{u, q}` and `{v, p}`
    /// leave the same position with or without the cut edges. A move that
    /// takes `p` (not with `u` or `v`) leaves `u` and `v` both hanging on
    /// `q`, a star whose second tuft goes, and the cut board then differs
    /// only in which of them is left; likewise for `q`. Every other move
    /// keeps the square as it is, so by induction the cut board has
    /// options of the same values.
    #[cfg(test)]
    pub(super) fn cuts(&self) -> u64 {
        self.cuts_given(self.neighbours(self.empty))
    }

    /// [`CramBoard::cuts`], given the board's [`CramBoard::neighbours`].
    pub(super) fn cuts_given(&self, [right, left, down, up]: [u64; 4]) -> u64 {
        let w = self.cols as u32;
        // The top-left and bottom-right corners closed off outside...
        let top_left = right & down & !left & !up;
        let bottom_right = left & up & !right & !down;
        let mut squares = top_left & shr(bottom_right, w + 1);
        // ... or the top-right and bottom-left ones (squares named by their
        // top-left cell, as are the first).
        let top_right = left & down & !right & !up;
        let bottom_left = right & up & !left & !down;
        squares |= (top_right >> 1) & shr(bottom_left, w);
        squares | shl(squares, w)
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

    pub(super) fn with(&self, empty: u64) -> CramBoard {
        CramBoard { empty, ..*self }
    }

    /// The board cropped to the bounding box of its empty cells.
    pub(super) fn cropped(&self) -> CramBoard {
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
    pub(super) fn flipped_vertically(&self) -> CramBoard {
        let (h, w) = (self.rows as u32, self.cols as u32);
        let mut empty = 0;
        for r in 0..h {
            empty |= shl(shr(self.empty, r * w) & low_bits(w), (h - 1 - r) * w);
        }
        self.with(empty)
    }

    /// The board turned by a half turn.
    pub(super) fn rotated_half(&self) -> CramBoard {
        let cells = self.rows as u32 * self.cols as u32;
        self.with(self.empty.reverse_bits() >> (64 - cells))
    }

    /// The board reflected in its main diagonal: within an 8 × 8 bitboard
    /// by three delta swaps when both sides are at most 8, else cell by cell.
    pub(super) fn transposed(&self) -> CramBoard {
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
    pub(super) fn canonical(&self) -> CramBoard {
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
    pub(super) fn occupied_columns(&self) -> u64 {
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
    pub(super) fn extent(&self) -> (u32, u32) {
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
    pub(super) fn normalized(&self) -> CramBoard {
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
    pub(super) fn wide(x: u64, h: u32, w: u32) -> CramBoard {
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
    /// the top left: turned (by [`transpose8`]) to be no taller than wide,
    /// then the least of its images under the symmetries that keep it so
    /// (4, or all 8 for a square box), each made by byte swaps and bit
    /// reversal and shifted back to the corner. In this frame a row is a
    /// byte, so no image needs a loop.
    pub(super) fn framed(x: u64) -> CramBoard {
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
        let least = |[a, b, c, d]: [u64; 4]| a.min(b).min(c).min(d);
        // Wider than tall: the four images that keep it so. Taller than
        // wide: those of its transpose, which is wider. Square: all eight.
        // (The same classes as the least of all eight, for half the work
        // on an oblong region.)
        let best = match h.cmp(&w) {
            std::cmp::Ordering::Less => least(images(x, h, w)),
            std::cmp::Ordering::Greater => least(images(transpose8(x), w, h)),
            std::cmp::Ordering::Equal => least(images(x, h, w)).min(least(images(transpose8(x), w, h))),
        };
        CramBoard { empty: best, rows: ((63 - best.leading_zeros()) / FRAME + 1) as u8, cols: FRAME as u8 }
    }

    /// The empty cells next to a cell of `x` (`x` itself excluded unless
    /// next to another cell of `x`).
    pub(super) fn adjacent(&self, x: u64) -> u64 {
        let w = self.cols as u32;
        ((x & !self.last_column()) << 1 | (x & !self.first_column()) >> 1 | shl(x, w) | shr(x, w)) & self.empty
    }

    /// Removes all but one tuft of every star, then every bridge (see the
    /// module docs), until neither applies.
    #[cfg(test)]
    pub(super) fn stars_reduced(&self) -> CramBoard {
        self.stars_reduced_with_neighbours().0
    }

    /// [`CramBoard::stars_reduced`], with the reduced board's
    /// [`CramBoard::neighbours`] (the last round computed them).
    pub(super) fn stars_reduced_with_neighbours(&self) -> (CramBoard, [u64; 4]) {
        let mut board = *self;
        loop {
            let x = board.empty;
            let neighbours = board.neighbours(x);
            let [right, left, down, up] = neighbours;
            let at_least_two = Degrees::of(neighbours).two;
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
                return (board, neighbours);
            }
            board = board.with(x & !remove);
        }
    }

    /// The nim-value of a path or cycle region, from Dawson's Kayles.
    pub(super) fn path_or_cycle_value(&self) -> Option<u8> {
        let degrees = Degrees::of(self.neighbours(self.empty));
        (self.empty & degrees.three == 0).then(|| degrees.strip_value(self.empty))
    }

    /// Whether a canonical component is a P-position by the symmetry
    /// strategy: its box has both sides even and it is its own image under
    /// the half turn (see the module docs).
    pub(super) fn symmetric_p_position(&self) -> bool {
        // The height first: it is a field, the width takes a few steps.
        self.rows % 2 == 0 && self.extent().1 % 2 == 0 && self.half_turn_symmetric()
    }

    /// Whether a canonical component is its own image under the half turn
    /// of its bounding box.
    pub(super) fn half_turn_symmetric(&self) -> bool {
        let (h, w) = self.extent();
        let c = self.cols as u32;
        shr(self.empty.reverse_bits(), 64 - h * c + (c - w)) == self.empty
    }
}
