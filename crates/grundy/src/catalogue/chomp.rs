//! Chomp (Gale 1974): a chocolate bar whose top-left square is poisoned.
//! A move takes a square and every square below and to the right of it; the
//! poisoned square cannot be taken, so a player left with only it loses.
//!
//! A position is a Young diagram: non-increasing row lengths. The diagram
//! and its transpose are the same game, so the canonical form is the lesser
//! of the two. Theory the pruned search uses:
//! - **strategy stealing** (Gale 1974): a rectangle of more than one square
//!   is not a P-position (if taking the bottom-right square lost, the reply
//!   that wins against it was available to the first player already);
//! - an **L** (one row and one column) is two nim heaps: the squares right
//!   of the poison and those below it, nim-value `(a−1) ⊕ (b−1)`.

use super::chomp_bar::BarValues;
use crate::error::{Error, Result};
use crate::game::Notation;
use crate::game::{Decompose, Game, Options};
use crate::solve::pruned::{Canonical, CompactKey, Exhaustive};

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

    fn key(&self) -> u128 {
        self.lengths.iter().enumerate().fold(0u128, |key, (i, &l)| key | (l as u128) << (6 * i))
    }

    fn canonical(&self) -> ChompBoard {
        let t = self.transposed();
        if self.lengths[0] as usize <= MAX_CHOMP_SIDE && t.key() < self.key() {
            t
        } else {
            *self
        }
    }

    fn is_rectangle(&self) -> bool {
        let rows = self.rows();
        self.lengths[..rows].iter().all(|&l| l == self.lengths[0])
    }
}

/// The game of Chomp. Positions are [`ChompBoard`]s.
///
/// ```
/// use grundy::catalogue::Chomp;
/// assert_eq!(Chomp.parse("3x4").unwrap().to_text(), "4,4,4");
/// assert_eq!(Chomp.parse("5,4,4,1").unwrap().squares(), 14);
/// assert!(Chomp.parse("2,3").is_err()); // rows must not grow
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Chomp;

impl Chomp {
    /// The `rows × cols` bar.
    pub fn rectangle(&self, rows: usize, cols: usize) -> Result<ChompBoard> {
        self.from_lengths(&vec![cols; rows])
    }

    /// A diagram from its row lengths.
    pub fn from_lengths(&self, lengths: &[usize]) -> Result<ChompBoard> {
        let rows = lengths.iter().take_while(|&&l| l > 0).count();
        if rows == 0 || rows != lengths.len() {
            return Err(Error::InvalidPosition("a Chomp row cannot be empty; the first row must have a square".into()));
        }
        if let Some(i) = (1..rows).find(|&i| lengths[i] > lengths[i - 1]) {
            return Err(Error::InvalidPosition(format!(
                "Chomp row {} has {} squares, more than row {} above it ({}): rows must not grow",
                i + 1,
                lengths[i],
                i,
                lengths[i - 1]
            )));
        }
        let squares: usize = lengths.iter().sum();
        if rows > MAX_CHOMP_SIDE || lengths[0] > MAX_CHOMP_ROW || squares > MAX_CHOMP_SQUARES {
            return Err(Error::TooLarge {
                what: format!(
                    "the Chomp diagram with {rows} rows of up to {} squares (at most {MAX_CHOMP_SIDE} rows and {MAX_CHOMP_SQUARES} squares)",
                    lengths[0]
                ),
                needed: squares.max(rows) as u128,
                limit: MAX_CHOMP_SQUARES as u128,
                unit: "squares",
            });
        }
        let mut board = ChompBoard { lengths: [0; MAX_CHOMP_SIDE] };
        lengths.iter().enumerate().for_each(|(i, &l)| board.lengths[i] = l as u8);
        Ok(board)
    }

    /// Reads `RxC` or row lengths `5,4,4,1`.
    pub fn parse(&self, text: &str) -> Result<ChompBoard> {
        let text = text.trim();
        let number = |s: &str| {
            s.trim().parse::<usize>().map_err(|_| {
                Error::InvalidPosition(format!(
                    "expected a Chomp bar RxC or row lengths like 5,4,4,1; {s:?} in {text:?} is not a number"
                ))
            })
        };
        if let Some((r, c)) = text.split_once(['x', 'X']) {
            let (r, c) = (number(r)?, number(c)?);
            if r == 0 || c == 0 {
                return Err(Error::InvalidPosition(format!("a Chomp bar of {r}×{c} has no squares")));
            }
            if r > MAX_CHOMP_SIDE || c > MAX_CHOMP_ROW || r * c > MAX_CHOMP_SQUARES {
                return Err(Error::TooLarge {
                    what: format!("the {r}×{c} Chomp bar"),
                    needed: (r * c) as u128,
                    limit: MAX_CHOMP_SQUARES as u128,
                    unit: "squares",
                });
            }
            return self.rectangle(r, c);
        }
        let lengths = text.split(',').map(number).collect::<Result<Vec<_>>>()?;
        self.from_lengths(&lengths)
    }
}

impl Game for Chomp {
    type Position = ChompBoard;

    fn options(&self, board: &ChompBoard, options: &mut Options<ChompBoard>) {
        for row in 0..board.rows() {
            for col in usize::from(row == 0)..board.lengths[row] as usize {
                options.push(board.take(row, col));
            }
        }
    }
}

impl Decompose for Chomp {
    /// A diagram does not split; it is put in canonical form.
    fn components(&self, board: &ChompBoard, components: &mut Vec<ChompBoard>) {
        components.push(board.canonical());
    }
}

impl Canonical for Chomp {
    type Key = CompactKey;

    fn key(&self, board: &ChompBoard) -> CompactKey {
        CompactKey::new(board.key())
    }

    fn size(&self, board: &ChompBoard) -> u32 {
        board.squares()
    }

    fn known_nim_value(&self, board: &ChompBoard) -> Option<u8> {
        let rows = board.rows();
        (board.lengths[1] <= 1).then(|| (board.lengths[0] - 1) ^ (rows as u8 - 1))
    }

    fn known_not_zero(&self, board: &ChompBoard) -> bool {
        board.squares() > 1 && board.is_rectangle()
    }

    /// Every diagram inside the bar that holds `board` (see
    /// `BarValues`): 2.7 MB for 12 × 12, 40 MB for 14 × 14. Bigger bars
    /// are searched: filling the table cannot be interrupted, and beyond
    /// 2^26 diagrams it would take minutes.
    fn exhaustive(&self, board: &ChompBoard, memory: usize) -> Option<Exhaustive<ChompBoard>> {
        let (rows, cols) = (board.rows(), board.lengths[0] as usize);
        let size = BarValues::size(rows, cols);
        if size > memory || size > 1 << 26 {
            return None;
        }
        let table = BarValues::new(rows, cols);
        Some(std::sync::Arc::new(move |b: &ChompBoard| table.nim_value(b)))
    }
}

impl Notation for Chomp {
    fn parse_position(&self, text: &str) -> Result<ChompBoard> {
        self.parse(text)
    }

    fn format_position(&self, board: &ChompBoard) -> String {
        board.to_text()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transposes_and_moves() {
        let board = Chomp.parse("5,4,4,1").unwrap();
        assert_eq!(board.transposed().to_text(), "4,3,3,3,1");
        assert_eq!(board.transposed().transposed(), board);
        assert_eq!(board.take(1, 2).to_text(), "5,2,2,1");
        let mut options = Options::new();
        Chomp.options(&board, &mut options);
        assert_eq!(options.len(), 13);
    }

    #[test]
    fn bad_diagrams_are_refused() {
        for bad in ["", "0x3", "3,0", "2,3", "17x1", "16x17", "a,b", "3x"] {
            assert!(Chomp.parse(bad).is_err(), "{bad}");
        }
    }
}
