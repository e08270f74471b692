//! A rider that slides only towards the axes — left, up, or both, the
//! rook — is Nim on its coordinates: sliding left any distance takes any
//! number from the heap `x`, sliding up from the heap `y`. So the rook at
//! `(x, y)` has nim-value `x ⊕ y`, and one moving left only has `x`.
//!
//! Why a game of its own: as a [`BoardGame`] it is searched cell by cell,
//! each cell listing up to `x + y` options, so `solve rook 3000,2000` took
//! minutes and `rook 100000,2` was refused for the positions it might
//! reach, where the value and the winning move are one nim-sum away.

use super::board::{moves_as_its_board_game, BoardGame, Cell};
use crate::game::ClosedForm;
use crate::nim::NimValue;

/// A [`BoardGame`] whose only moves are rides along `(-1, 0)` and/or
/// `(0, -1)`, with no goal: normal-play Nim on the coordinates it slides
/// along (a bounded board changes nothing: every move stays on it).
///
/// ```
/// use grundy::catalogue::{AxisRider, Board, BoardGame};
/// use grundy::game::ClosedForm;
/// let rook = BoardGame::new(Board::QuarterPlane, vec![], vec![(-1, 0), (0, -1)]).unwrap();
/// let rook = AxisRider::of(rook).unwrap();
/// assert_eq!(rook.closed_nim_value(&(3000, 2000)), 3000 ^ 2000);
/// assert_eq!(rook.options_of_value(&(5, 3), 0), Some(vec![(3, 3)]));
/// let knight = BoardGame::new(Board::QuarterPlane, vec![(-2, -1), (-1, -2)], vec![]).unwrap();
/// assert!(AxisRider::of(knight).is_none());
/// ```
#[derive(Clone, Debug)]
pub struct AxisRider {
    game: BoardGame,
    /// Whether it slides along x (towards column 0), along y.
    along: [bool; 2],
}

impl AxisRider {
    /// The game as Nim on its coordinates, if its moves allow that.
    pub fn of(game: BoardGame) -> Option<AxisRider> {
        let axes = [(-1, 0), (0, -1)];
        if game.goal().is_some() || !game.leaps().is_empty() || game.rides().is_empty() {
            return None;
        }
        if !game.rides().iter().all(|step| axes.contains(step)) {
            return None;
        }
        let along = axes.map(|axis| game.rides().contains(&axis));
        Some(AxisRider { game, along })
    }

    /// The board game it is.
    pub fn board_game(&self) -> &BoardGame {
        &self.game
    }

    /// The heaps: each coordinate it slides along, 0 for the other.
    fn heaps(&self, &(x, y): &Cell) -> [u64; 2] {
        [if self.along[0] { u64::from(x) } else { 0 }, if self.along[1] { u64::from(y) } else { 0 }]
    }
}

moves_as_its_board_game!(AxisRider);

impl ClosedForm for AxisRider {
    fn closed_nim_value(&self, cell: &Cell) -> NimValue {
        let [x, y] = self.heaps(cell);
        x ^ y
    }

    /// The Nim move on each heap that leaves `value`: the heap becomes
    /// `value ⊕ other`, when that is smaller than it.
    fn options_of_value(&self, &(x, y): &Cell, value: NimValue) -> Option<Vec<Cell>> {
        let [hx, hy] = self.heaps(&(x, y));
        let mut options = Vec::new();
        if self.along[0] && (value ^ hy) < hx {
            options.push(((value ^ hy) as u32, y));
        }
        if self.along[1] && (value ^ hx) < hy {
            options.push((x, (value ^ hx) as u32));
        }
        Some(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Board;
    use crate::game::{Game, Options};
    use crate::solve::check_closed_form;

    /// Every cell of a 12 × 12 board, for each way of sliding towards the
    /// axes, against the search of the board game.
    #[test]
    fn the_closed_form_is_the_search_of_the_board_game() {
        for rides in [vec![(-1, 0), (0, -1)], vec![(0, -1), (-1, 0)], vec![(-1, 0)], vec![(0, -1)]] {
            for board in [Board::QuarterPlane, Board::Bounded { rows: 12, cols: 9 }] {
                let game = AxisRider::of(BoardGame::new(board, vec![], rides.clone()).unwrap()).unwrap();
                let cells = (0..12).flat_map(|x| (0..9).map(move |y| (x, y)));
                assert_eq!(check_closed_form(&game, cells).unwrap(), None, "{rides:?} on {board:?}");
            }
        }
    }

    #[test]
    fn the_options_of_a_value_are_the_listed_options_of_that_value() {
        let rook = AxisRider::of(BoardGame::new(Board::QuarterPlane, vec![], vec![(-1, 0), (0, -1)]).unwrap()).unwrap();
        for cell in (0..10).flat_map(|x| (0..10).map(move |y| (x, y))) {
            for value in 0..16 {
                let mut listed = Options::new();
                rook.options(&cell, &mut listed);
                let mut expected: Vec<Cell> =
                    listed.iter().map(|o| o[0]).filter(|o| rook.closed_nim_value(o) == value).collect();
                let mut found = rook.options_of_value(&cell, value).unwrap();
                expected.sort_unstable();
                found.sort_unstable();
                assert_eq!(found, expected, "{cell:?} to {value}");
            }
        }
    }

    #[test]
    fn other_pieces_are_not_nim() {
        let board = Board::QuarterPlane;
        assert!(AxisRider::of(BoardGame::new(board, vec![], vec![(-1, 0), (-1, -1)]).unwrap()).is_none()); // queen-ish
        assert!(AxisRider::of(BoardGame::new(board, vec![(-1, 0)], vec![(0, -1)]).unwrap()).is_none());
        assert!(AxisRider::of(BoardGame::new(board, vec![], vec![(-2, 0)]).unwrap()).is_none());
        let raced = BoardGame::new(board, vec![], vec![(-1, 0), (0, -1)]).unwrap().with_goal((0, 0)).unwrap();
        assert!(AxisRider::of(raced).is_none());
    }
}
