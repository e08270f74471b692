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

mod bar;
mod board;

use bar::BarValues;
pub use board::{ChompBoard, MAX_CHOMP_ROW, MAX_CHOMP_SIDE, MAX_CHOMP_SQUARES};

use crate::error::{shortened, Error, Result};
use crate::game::{parse_number, Notation, SIZE_SEPARATORS};
use crate::game::{Decompose, Game, Options};
use crate::solve::pruned::{Canonical, CompactKey, Exhaustive, Filling};

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
        if rows == 0 {
            return Err(Error::InvalidPosition("a Chomp row cannot be empty; the first row must have a square".into()));
        }
        if rows != lengths.len() {
            return Err(Error::InvalidPosition(format!(
                "Chomp row {} is empty: a row cannot be empty (leave out the rows past the last square)",
                rows + 1
            )));
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
        within_limits(rows, lengths[0], squares as u128, || {
            format!("the Chomp diagram ({rows} rows, the first of {} squares)", lengths[0])
        })?;
        let mut board = ChompBoard { lengths: [0; MAX_CHOMP_SIDE] };
        lengths.iter().enumerate().for_each(|(i, &l)| board.lengths[i] = l as u8);
        Ok(board)
    }

    /// Reads `RxC` or row lengths `5,4,4,1`.
    pub fn parse(&self, text: &str) -> Result<ChompBoard> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::InvalidPosition(
                "expected a Chomp bar RxC or row lengths like 5,4,4,1, found nothing".into(),
            ));
        }
        let number = |s: &str| match parse_number::<usize>(s, "") {
            Err(Error::InvalidPosition(_)) => Err(Error::InvalidPosition(format!(
                "{:?} in {:?} is too large for a side or a row length of a Chomp diagram",
                shortened(s),
                shortened(text)
            ))),
            Err(_) => Err(Error::InvalidPosition(format!(
                "expected a Chomp bar RxC or row lengths like 5,4,4,1; {:?} in {:?} is not a number",
                shortened(s),
                shortened(text)
            ))),
            found => found,
        };
        if let Some((r, c)) = text.split_once(SIZE_SEPARATORS) {
            let (r, c) = (number(r)?, number(c)?);
            if r == 0 || c == 0 {
                return Err(Error::InvalidPosition(format!("a Chomp bar of {r}×{c} has no squares")));
            }
            within_limits(r, c, r as u128 * c as u128, || {
                // The transpose is the same game, and may fit.
                let fits =
                    r > MAX_CHOMP_SIDE && c <= MAX_CHOMP_SIDE && r <= MAX_CHOMP_ROW && r * c <= MAX_CHOMP_SQUARES;
                let hint = if fits { format!(" (the same game as {c}x{r}, which fits)") } else { String::new() };
                format!("the {r}×{c} Chomp bar{hint}")
            })?;
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
    /// are searched: beyond 2^26 diagrams filling the table would take
    /// minutes, where the search answers sooner.
    fn exhaustive(&self, board: &ChompBoard, memory: usize, filling: Filling<'_>) -> Option<Exhaustive<ChompBoard>> {
        let (rows, cols) = (board.rows(), board.lengths[0] as usize);
        let size = BarValues::size(rows, cols);
        if size > memory || size > 1 << 26 {
            return None;
        }
        let table = BarValues::new(rows, cols, filling)?;
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

/// Refuses a diagram of `rows` rows, the first of `first` squares, past
/// any of the three limits, naming the one it passes (one message naming
/// the squares said "17 squares, more than the limit of 256" for 17 rows).
fn within_limits(rows: usize, first: usize, squares: u128, what: impl Fn() -> String) -> Result<()> {
    let limits = [
        (rows as u128, MAX_CHOMP_SIDE, "rows"),
        (first as u128, MAX_CHOMP_ROW, "squares in a row"),
        (squares, MAX_CHOMP_SQUARES, "squares"),
    ];
    match limits.iter().find(|&&(needed, limit, _)| needed > limit as u128) {
        Some(&(needed, limit, unit)) => Err(Error::TooLarge { what: what(), needed, limit: limit as u128, unit }),
        None => Ok(()),
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
        // Each limit names itself.
        for (bad, says) in [
            ("17x1", "needs 17 rows, more than the limit of 16"),
            ("1x100", "needs 100 squares in a row, more than the limit of 63"),
            ("16x17", "needs 272 squares, more than the limit of 256"),
            // A bar whose transpose fits is told so; one whose does not is not.
            ("40x2", "the 40×2 Chomp bar (the same game as 2x40, which fits) needs 40 rows"),
            ("17x16", "the 17×16 Chomp bar needs 17 rows"),
        ] {
            let error = Chomp.parse(bad).unwrap_err().to_string();
            assert!(error.contains(says), "{bad}: {error}");
        }
    }
}
