//! The king stepping towards the corner — left, up, or diagonally up-left —
//! has nim-values that depend only on the parities of its coordinates and
//! which one is larger:
//!
//! | `x`, `y`                          | nim-value |
//! |-----------------------------------|-----------|
//! | both even                         | 0         |
//! | both odd                          | 2         |
//! | one odd, and it is the larger     | 1         |
//! | one odd, and it is the smaller    | 3         |
//!
//! Why it holds everywhere: a cell's value is the mex of the values of at
//! most three cells one step back, and the table gives each of them from
//! the parities and the order of the coordinates. Away from the edges and
//! the diagonal (both coordinates at least 2 and apart by at least 2) the
//! order of the three cells is the cell's own, so the mex is one of eight
//! parity patterns, the same at every such cell; the remaining cells (an
//! edge, or one step from the diagonal) fall into finitely many more
//! patterns, each met within the corner 6 × 6. So the induction on `x + y`
//! is checked in full by comparing the table with the search on a corner
//! larger than that, which the tests do.
//!
//! Why a game of its own: as a [`BoardGame`] it is searched cell by cell,
//! and `solve king 100000,100000` was refused for the 10¹⁰ cells it might
//! reach.

use super::board::{moves_as_its_board_game, BoardGame, Cell};
use crate::game::ClosedForm;
use crate::nim::NimValue;

/// A [`BoardGame`] whose only moves are the king's three steps towards the
/// corner, with no goal (on a bounded board too: every move stays on it).
///
/// ```
/// use grundy::catalogue::{Board, BoardGame, CornerKing};
/// use grundy::game::ClosedForm;
/// let king = BoardGame::new(Board::QuarterPlane, vec![(-1, 0), (0, -1), (-1, -1)], vec![]).unwrap();
/// let king = CornerKing::of(king).unwrap();
/// assert_eq!(king.closed_nim_value(&(100_001, 4)), 1);
/// assert_eq!(king.options_of_value(&(3, 3), 0), Some(vec![(2, 2)]));
/// ```
#[derive(Clone, Debug)]
pub struct CornerKing {
    game: BoardGame,
}

/// The king's steps.
const STEPS: [(i32, i32); 3] = [(-1, 0), (0, -1), (-1, -1)];

impl CornerKing {
    /// The game as the king's, if its moves are exactly the king's steps.
    pub fn of(game: BoardGame) -> Option<CornerKing> {
        let mut leaps = game.leaps().to_vec();
        leaps.sort_unstable();
        leaps.dedup();
        let mut king = STEPS.to_vec();
        king.sort_unstable();
        let is_king = game.goal().is_none() && game.rides().is_empty() && leaps == king;
        is_king.then_some(CornerKing { game })
    }

    /// The board game it is.
    pub fn board_game(&self) -> &BoardGame {
        &self.game
    }
}

/// The nim-value of the king at `(x, y)` (the table above).
fn king_value(x: u32, y: u32) -> NimValue {
    match (x % 2, y % 2) {
        (0, 0) => 0,
        (1, 1) => 2,
        (1, 0) if x > y => 1,
        (0, 1) if y > x => 1,
        _ => 3,
    }
}

moves_as_its_board_game!(CornerKing);

impl ClosedForm for CornerKing {
    fn closed_nim_value(&self, &(x, y): &Cell) -> NimValue {
        king_value(x, y)
    }

    /// The steps back whose cell has `value` (three to look at).
    fn options_of_value(&self, &(x, y): &Cell, value: NimValue) -> Option<Vec<Cell>> {
        let back = STEPS.iter().filter_map(|&(dx, dy)| Some((x.checked_add_signed(dx)?, y.checked_add_signed(dy)?)));
        Some(back.filter(|&(a, b)| king_value(a, b) == value).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Board;
    use crate::game::{Game, Options};
    use crate::solve::check_closed_form;

    fn king(board: Board, steps: &[(i32, i32)]) -> Option<CornerKing> {
        CornerKing::of(BoardGame::new(board, steps.to_vec(), vec![]).unwrap())
    }

    /// Every cell of a 40 × 40 corner (far past the 6 × 6 where the last
    /// new pattern of the induction appears), and of bounded boards,
    /// against the search of the board game.
    #[test]
    fn the_closed_form_is_the_search_of_the_board_game() {
        for board in [Board::QuarterPlane, Board::Bounded { rows: 40, cols: 40 }, Board::Bounded { rows: 9, cols: 31 }]
        {
            let game = king(board, &STEPS).unwrap();
            let (rows, cols) = match board {
                Board::Bounded { rows, cols } => (rows, cols),
                _ => (40, 40),
            };
            let cells = (0..rows).flat_map(|x| (0..cols).map(move |y| (x, y)));
            assert_eq!(check_closed_form(&game, cells).unwrap(), None, "{board:?}");
        }
    }

    #[test]
    fn the_options_of_a_value_are_the_listed_options_of_that_value() {
        let game = king(Board::QuarterPlane, &[(-1, -1), (0, -1), (-1, 0)]).unwrap();
        for cell in (0..12).flat_map(|x| (0..12).map(move |y| (x, y))) {
            let mut listed = Options::new();
            game.options(&cell, &mut listed);
            for value in 0..5 {
                let mut expected: Vec<Cell> =
                    listed.iter().map(|o| o[0]).filter(|o| game.closed_nim_value(o) == value).collect();
                let mut found = game.options_of_value(&cell, value).unwrap();
                expected.sort_unstable();
                found.sort_unstable();
                assert_eq!(found, expected, "{cell:?} to {value}");
            }
        }
    }

    #[test]
    fn other_pieces_are_not_the_king() {
        let board = Board::QuarterPlane;
        assert!(king(board, &[(-1, 0), (0, -1)]).is_none());
        assert!(king(board, &[(-1, 0), (0, -1), (-1, -1), (-2, 0)]).is_none());
        let rider = BoardGame::new(board, STEPS.to_vec(), vec![(-1, -1)]).unwrap();
        assert!(CornerKing::of(rider).is_none());
        let raced = BoardGame::new(board, STEPS.to_vec(), vec![]).unwrap().with_goal((0, 0)).unwrap();
        assert!(CornerKing::of(raced).is_none());
    }
}
