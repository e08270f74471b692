//! Word operations on Cram bitboards: the frames small regions are kept
//! in, shifts that tolerate a full word, an 8 × 8 transpose, and the
//! doubling region fill. (Why frames: see the module docs of `cram`.)

/// The width of the frame small regions are kept in: a region whose box
/// fits in 8 × 8 is stored 8 cells wide, one byte a row, whatever its own
/// width (the columns past it are filled), so that cropping and all eight
/// symmetries take a few word operations each.
pub(super) const FRAME: u32 = 8;

/// The frame of long thin regions: a region whose box is at most 4 × 16
/// (and not within 8 × 8) is stored 16 cells wide, a row in each 16-bit
/// quarter of the word, its long side along the rows.
pub(super) const WIDE: u32 = 16;

/// Bits `0, w, 2w, …` below 64: the first column of a board `w` wide.
pub(super) const fn first_column(width: u32) -> u64 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < 64 {
        mask |= 1 << i;
        i += width;
    }
    mask
}

/// [`first_column`] of every width `1..=64`, looked up in the hot loops.
pub(super) const FIRST_COLUMN: [u64; 65] = {
    let mut table = [0u64; 65];
    let mut w = 1;
    while w <= 64 {
        table[w] = first_column(w as u32);
        w += 1;
    }
    table
};

/// An 8 × 8 bit matrix (bit `8r + c` is entry `(r, c)`) transposed, by
/// swapping 4 × 4, 2 × 2 and 1 × 1 blocks across the diagonal.
pub(super) fn transpose8(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// The region fill of a pattern `x` of a frame `W` wide, not crossing the
/// edges right of the cells of `cut`: each round spreads a region to the
/// ends of its runs in all four directions at once — rightwards by the
/// carry of one addition (as in [`CramBoard::region`]), the other ways by
/// doubling steps (the occluded fill of Kogge and Stone, known from chess
/// bitboards), with constant shifts and no bit reversal. The masks depend
/// on `x` and `cut` alone, so they are made once for all the regions of a
/// pattern.
///
/// [`CramBoard::region`]: super::board::CramBoard::region
pub(super) struct FrameFill<const W: u32> {
    /// The cells from which a fill goes on to the right neighbour: empty,
    /// not in the last column nor in `cut`, the neighbour empty.
    passes_right: u64,
    left: [u64; 4],
    down: [u64; 4],
    up: [u64; 4],
}

impl<const W: u32> FrameFill<W> {
    /// log2(W) steps span a row, log2(64 / W) a column.
    const ROW_STEPS: u32 = W.trailing_zeros();
    const COLUMN_STEPS: u32 = 6 - W.trailing_zeros();

    pub(super) fn new(x: u64, cut: u64) -> Self {
        // Cells a fill may enter by steps of 1, 2, 4, … bits along a row
        // (and W, 2W, … along a column).
        let doubling = |mut p: u64, step: fn(u64, u32) -> u64, unit: u32, steps: u32| {
            let mut masks = [0u64; 4];
            for (i, mask) in masks.iter_mut().enumerate().take(steps as usize) {
                *mask = p;
                p &= step(p, unit << i);
            }
            masks
        };
        let first_column = FIRST_COLUMN[W as usize];
        FrameFill {
            passes_right: x & !(first_column << (W - 1)) & !cut & x >> 1,
            left: doubling(x & !(first_column << (W - 1)) & !cut, |v, n| v >> n, 1, Self::ROW_STEPS),
            down: doubling(x, |v, n| v << n, W, Self::COLUMN_STEPS),
            up: doubling(x, |v, n| v >> n, W, Self::COLUMN_STEPS),
        }
    }

    /// The region that holds the cells of `seed`, which are cells of
    /// `rest`: a union of whole regions (the pattern less regions found
    /// already), so a region that fills it is complete.
    pub(super) fn region(&self, seed: u64, rest: u64) -> u64 {
        let fill = |mut g: u64, masks: &[u64; 4], step: fn(u64, u32) -> u64, unit: u32, steps: u32| {
            for (i, mask) in masks.iter().enumerate().take(steps as usize) {
                g |= mask & step(g, unit << i);
            }
            g
        };
        let (row_steps, column_steps) = (Self::ROW_STEPS, Self::COLUMN_STEPS);
        let mut region = seed;
        loop {
            // Along the rows both ways from the same cells (two independent
            // chains reach the same runs as one after the other), then along
            // the columns. Rightwards, adding a cell to a run of cells that
            // pass the fill on clears the run from there up to its end and
            // sets the cell after it, the last of the row's run of empty
            // cells.
            let passes = self.passes_right;
            let rows = region
                | passes.wrapping_add(region & passes) ^ passes
                | fill(region, &self.left, |v, n| v >> n, 1, row_steps);
            let g = fill(rows, &self.down, |v, n| v << n, W, column_steps)
                | fill(rows, &self.up, |v, n| v >> n, W, column_steps);
            // Done when nothing grew, or (the common case: the last region,
            // often the only one) when every cell left is in, which saves
            // the round that would only confirm it.
            if g == region || g == rest {
                return g;
            }
            region = g;
        }
    }
}

/// `x << n`, 0 when `n ≥ 64`.
pub(super) fn shl(x: u64, n: u32) -> u64 {
    x.checked_shl(n).unwrap_or(0)
}

/// `x >> n`, 0 when `n ≥ 64`.
pub(super) fn shr(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

/// The `n` lowest bits.
pub(super) fn low_bits(n: u32) -> u64 {
    shl(1, n).wrapping_sub(1)
}

/// The h × w pattern at the top left of a board `from` cells wide,
/// rewritten `to` cells wide.
pub(super) fn repack(x: u64, h: u32, w: u32, from: u32, to: u32) -> u64 {
    (0..h).fold(0, |p, r| p | (x >> (r * from) & low_bits(w)) << (r * to))
}
