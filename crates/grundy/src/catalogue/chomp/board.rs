//! A Chomp diagram: its rows, its transpose, its moves.

/// The most rows (and columns) of a Chomp diagram.
pub const MAX_CHOMP_SIDE: usize = 16;
/// The most squares in a row (6 bits of the key per row).
pub const MAX_CHOMP_ROW: usize = 63;
/// The most squares: a position has one option per square but the poisoned
/// one, and the pruned search handles nim-values below 256.
pub const MAX_CHOMP_SQUARES: usize = 256;

/// A Chomp diagram: `lengths[i]` squares in row `i`, non-increasing, rows
/// past the last are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChompBoard {
    pub lengths: [u8; MAX_CHOMP_SIDE],
}

impl ChompBoard {
    /// The number of non-empty rows.
    pub fn rows(&self) -> usize {
        self.lengths.iter().take_while(|&&l| l > 0).count()
    }

    /// The number of squares.
    pub fn squares(&self) -> u32 {
        self.lengths.iter().map(|&l| l as u32).sum()
    }

    /// The transposed diagram (columns become rows).
    pub fn transposed(&self) -> ChompBoard {
        let mut lengths = [0u8; MAX_CHOMP_SIDE];
        for (c, length) in lengths.iter_mut().enumerate().take(self.lengths[0] as usize) {
            *length = self.lengths.iter().take_while(|&&l| l as usize > c).count() as u8;
        }
        ChompBoard { lengths }
    }

    /// The board after taking square `(row, col)`.
    pub fn take(&self, row: usize, col: usize) -> ChompBoard {
        let mut next = *self;
        for length in &mut next.lengths[row..] {
            *length = (*length).min(col as u8);
        }
        next
    }

    /// The row lengths written `5,4,4,1`.
    pub fn to_text(&self) -> String {
        self.lengths[..self.rows()].iter().map(|l| l.to_string()).collect::<Vec<_>>().join(",")
    }

    pub(super) fn key(&self) -> u128 {
        self.lengths.iter().enumerate().fold(0u128, |key, (i, &l)| key | (l as u128) << (6 * i))
    }

    pub(super) fn canonical(&self) -> ChompBoard {
        let t = self.transposed();
        if self.lengths[0] as usize <= MAX_CHOMP_SIDE && t.key() < self.key() {
            t
        } else {
            *self
        }
    }

    pub(super) fn is_rectangle(&self) -> bool {
        let rows = self.rows();
        self.lengths[..rows].iter().all(|&l| l == self.lengths[0])
    }
}
