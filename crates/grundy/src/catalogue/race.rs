//! Races of a chess piece to a corner (HDU 5754 "Life Winner Bo").

use super::board::{Board, BoardGame, Step};
use super::wythoff::Wythoff;
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::solve::{table::solve_table, GoalPlay};
use crate::Indexed;

/// A chess piece that may only move toward one corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChessPiece {
    King,
    Rook,
    Knight,
    Queen,
}

impl ChessPiece {
    pub const ALL: [ChessPiece; 4] = [ChessPiece::King, ChessPiece::Rook, ChessPiece::Knight, ChessPiece::Queen];

    /// The race as a [`BoardGame`]: a cell is the piece's distance `(x, y)`
    /// from the goal `(0, 0)`; steps lower the distance; reaching the goal
    /// wins and being stuck anywhere else is a draw.
    pub fn race(self) -> BoardGame {
        let (leaps, rides): (Vec<Step>, Vec<Step>) = match self {
            ChessPiece::King => (vec![(-1, 0), (0, -1), (-1, -1)], vec![]),
            ChessPiece::Rook => (vec![], vec![(-1, 0), (0, -1)]),
            ChessPiece::Knight => (vec![(-1, -2), (-2, -1)], vec![]),
            ChessPiece::Queen => (vec![], vec![(-1, 0), (0, -1), (-1, -1)]),
        };
        BoardGame::new(Board::QuarterPlane, leaps, rides)
            .and_then(|game| game.with_goal((0, 0)))
            .expect("the chess pieces' steps all approach the corner")
    }
}

/// The outcomes of one piece's race for every distance up to a bound.
///
/// The rook and the queen can always move until they reach the goal, so no
/// position is a draw and their races are normal-play games: the rook's is
/// two-heap Nim (P iff `x = y`) and the queen's is Wythoff's game (P-positions
/// in closed form, exact integers). Their closed forms serve here; tests
/// check them against the general solver. The king and the knight are
/// tabled by the general solver ([`GoalPlay`] over a [`BoardGame`] region),
/// which is linear in the table size since they have at most three moves.
pub struct RaceOutcomes {
    piece: ChessPiece,
    /// For leapers: the outcomes of the cells of a square region, by rank.
    table: Option<(Vec<Outcome>, Vec<u32>, u32)>,
}

impl RaceOutcomes {
    /// Outcomes for distances `0 ≤ x, y ≤ max_distance`.
    pub fn new(piece: ChessPiece, max_distance: u32) -> Result<Self> {
        let table = match piece {
            ChessPiece::Rook | ChessPiece::Queen => None,
            ChessPiece::King | ChessPiece::Knight => {
                let side =
                    max_distance.checked_add(1).ok_or_else(|| Error::InvalidGame("distance too large".into()))?;
                let game = piece.race();
                let region = game.region(side, side)?;
                let outcomes = solve_table(&region, GoalPlay, region.len())?;
                // Re-key by cell so that lookups need no region.
                let mut by_cell = vec![u32::MAX; side as usize * side as usize];
                for x in 0..side {
                    for y in 0..side {
                        by_cell[x as usize * side as usize + y as usize] = region.index(&(x, y)) as u32;
                    }
                }
                Some((outcomes, by_cell, side))
            }
        };
        Ok(RaceOutcomes { piece, table })
    }

    /// The outcome with the piece `(x, y)` away from the goal, for the
    /// player to move. Errors beyond the bound given to [`RaceOutcomes::new`].
    pub fn outcome(&self, x: u32, y: u32) -> Result<Outcome> {
        match (&self.table, self.piece) {
            (None, ChessPiece::Rook) => Ok(Outcome::of_nim_value((x ^ y) as u64)),
            (None, _) => Ok(if Wythoff::is_p_position(x as u64, y as u64) { Outcome::P } else { Outcome::N }),
            (Some((outcomes, by_cell, side)), _) => {
                if x >= *side || y >= *side {
                    return Err(Error::InvalidPosition(format!(
                        "distance ({x},{y}) is beyond the table's {}",
                        side - 1
                    )));
                }
                Ok(outcomes[by_cell[x as usize * *side as usize + y as usize] as usize])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Search;

    #[test]
    fn closed_forms_and_tables_agree_with_search_of_the_race() {
        for piece in ChessPiece::ALL {
            let game = piece.race();
            let outcomes = RaceOutcomes::new(piece, 80).unwrap();
            let mut search = Search::goal_play(&game);
            for x in 0..=80 {
                for y in 0..=80 {
                    assert_eq!(
                        outcomes.outcome(x, y).unwrap(),
                        search.outcome(&(x, y)).unwrap(),
                        "{piece:?} at ({x},{y})"
                    );
                }
            }
        }
    }

    #[test]
    fn the_knights_race_follows_the_known_pattern() {
        // Reachable only when x + y ≡ 0 (mod 3); then P iff x = y, N iff |x − y| = 1.
        let outcomes = RaceOutcomes::new(ChessPiece::Knight, 300).unwrap();
        for x in 0..=300u32 {
            for y in 0..=300u32 {
                let k = (x + y) / 3;
                let expected = if (x + y) % 3 != 0 || x.max(y) > 2 * k {
                    Outcome::Draw
                } else if x == y {
                    Outcome::P
                } else if x.abs_diff(y) == 1 {
                    Outcome::N
                } else {
                    Outcome::Draw
                };
                assert_eq!(outcomes.outcome(x, y).unwrap(), expected, "({x},{y})");
            }
        }
    }
}
