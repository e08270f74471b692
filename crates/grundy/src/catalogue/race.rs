//! Races of a chess piece to a corner (HDU 5754 "Life Winner Bo").

use super::board::{Board, BoardGame};
use super::pieces::Piece;
use super::wythoff::Wythoff;
use crate::game::{ClosedOutcome, Convention, Game, Options, Outcome};

/// A chess piece that may only move toward one corner, racing to reach it:
/// whoever moves the piece onto the corner wins; a piece stuck elsewhere is
/// a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChessPiece {
    King,
    Rook,
    Knight,
    Queen,
}

impl ChessPiece {
    pub const ALL: [ChessPiece; 4] = [ChessPiece::King, ChessPiece::Rook, ChessPiece::Knight, ChessPiece::Queen];

    /// The named piece that moves like this one ([`Piece::FORWARD_KNIGHT`]
    /// for the knight: Life Winner Bo's knight only approaches the corner).
    pub fn piece(self) -> Piece {
        match self {
            ChessPiece::King => Piece::KING,
            ChessPiece::Rook => Piece::ROOK,
            ChessPiece::Knight => Piece::FORWARD_KNIGHT,
            ChessPiece::Queen => Piece::QUEEN,
        }
    }

    /// The chess piece whose race `piece` runs, if it has a closed form.
    pub fn of_piece(piece: &Piece) -> Option<ChessPiece> {
        ChessPiece::ALL.into_iter().find(|chess| chess.piece() == *piece)
    }

    /// The race as a [`BoardGame`]: a cell is the piece's distance `(x, y)`
    /// from the goal `(0, 0)`; steps lower the distance; reaching the goal
    /// wins and being stuck anywhere else is a draw. This is the definition
    /// the general solvers value; [`ChessPiece::outcome`] is its closed form.
    pub fn race(self) -> BoardGame {
        self.piece()
            .game(Board::QuarterPlane)
            .and_then(|game| game.with_goal((0, 0)))
            .expect("the chess pieces' steps all approach the corner")
    }

    /// The outcome of the race with the piece `(x, y)` away from the goal,
    /// for the player to move, in closed form:
    ///
    /// - **king**: lost iff `x` and `y` are both even (the opponent can
    ///   always restore "both even", and (0, 0) is);
    /// - **rook**: two-heap Nim, lost iff `x = y`;
    /// - **queen**: Wythoff's game, lost iff `(x, y)` is a Wythoff pair
    ///   (exact integer arithmetic, [`Wythoff::is_p_position`]);
    /// - **knight**: each jump lowers `x + y` by 3 and changes `x − y` by 1,
    ///   so the goal is reachable only when `x + y ≡ 0 (mod 3)`; then the
    ///   mover loses if `x = y` (the opponent mirrors), wins if
    ///   `|x − y| = 1`, and otherwise nobody can force the goal: a draw.
    ///
    /// Tests check every case against the general solver run on
    /// [`ChessPiece::race`].
    ///
    /// ```
    /// use grundy::catalogue::race::ChessPiece;
    /// use grundy::game::Outcome;
    /// assert_eq!(ChessPiece::Queen.outcome(4, 4), Outcome::N);
    /// assert_eq!(ChessPiece::Knight.outcome(4, 4), Outcome::Draw);
    /// ```
    pub fn outcome(self, x: u32, y: u32) -> Outcome {
        let lost_if = |lost: bool| if lost { Outcome::P } else { Outcome::N };
        match self {
            ChessPiece::King => lost_if(x % 2 == 0 && y % 2 == 0),
            ChessPiece::Rook => lost_if(x == y),
            ChessPiece::Queen => lost_if(Wythoff::is_p_position(x as u64, y as u64)),
            ChessPiece::Knight => match ((x as u64 + y as u64) % 3, x.abs_diff(y)) {
                (0, 0) => Outcome::P,
                (0, 1) => Outcome::N,
                _ => Outcome::Draw,
            },
        }
    }
}

impl ChessPiece {
    /// The chess piece whose race `game` is, if it is one: a race to the
    /// corner `(0, 0)` with one of the pieces' steps. Every step of these
    /// pieces approaches the corner, so a board's edge never removes an
    /// option and [`ChessPiece::outcome`] holds on any board.
    pub fn of_race(game: &BoardGame) -> Option<ChessPiece> {
        if game.goal() != Some((0, 0)) {
            return None;
        }
        ChessPiece::ALL.into_iter().find(|piece| {
            let race = piece.race();
            race.leaps() == game.leaps() && race.rides() == game.rides()
        })
    }
}

/// The races of the chess pieces by [`ChessPiece::outcome`]; other board
/// games have no closed form here.
impl ClosedOutcome for BoardGame {
    fn closed_play(&self) -> Convention {
        Convention::Goal
    }

    fn closed_outcome(&self, &(x, y): &(u32, u32)) -> Option<Outcome> {
        Some(ChessPiece::of_race(self)?.outcome(x, y))
    }

    /// The options with the outcome wanted, the piece found once.
    fn closed_best_moves(&self, &(x, y): &(u32, u32)) -> Option<Vec<(u32, u32)>> {
        let piece = ChessPiece::of_race(self)?;
        let wanted = match piece.outcome(x, y) {
            Outcome::N => Outcome::P,
            Outcome::Draw => Outcome::Draw,
            Outcome::P => return Some(Vec::new()),
        };
        let mut options = Options::new();
        self.options(&(x, y), &mut options);
        Some(options.parts().iter().copied().filter(|&(x, y)| piece.outcome(x, y) == wanted).collect())
    }

    fn closed_outcome_note(&self) -> String {
        match ChessPiece::of_race(self) {
            Some(piece) => format!("the closed form of the {piece:?} race (HDU 5754); remoteness not computed"),
            None => "no closed form: not the race of a chess piece to the corner".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Indexed;
    use crate::solve::{dense::solve_dense, GoalPlay};

    fn check_against_the_general_solver(piece: ChessPiece, side: u32) {
        let game = piece.race();
        let region = game.region(side, side).unwrap();
        let table = solve_dense(&region, GoalPlay, region.len()).unwrap();
        for x in 0..side {
            for y in 0..side {
                let general = table[region.index(&(x, y))];
                assert_eq!(piece.outcome(x, y), general, "{piece:?} at ({x},{y})");
            }
        }
    }

    #[test]
    fn leapers_agree_with_the_general_solver_at_the_problems_full_size() {
        check_against_the_general_solver(ChessPiece::King, 1000);
        check_against_the_general_solver(ChessPiece::Knight, 1000);
    }

    #[test]
    fn riders_agree_with_the_general_solver() {
        check_against_the_general_solver(ChessPiece::Rook, 250);
        check_against_the_general_solver(ChessPiece::Queen, 250);
    }
}
