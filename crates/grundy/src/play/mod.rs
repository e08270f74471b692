//! Playing against the engine: the engine side of `grundy play`.
//!
//! A [`Session`] holds a game in progress (a sum of positions of any game
//! with a [`Notation`](crate::game::Notation)): it lists the legal
//! moves in the syntax `solve` prints, reads the player's move in the same
//! syntax, answers with a winning move when there is one and otherwise with
//! the move that makes the game last longest (by remoteness, see
//! [`engine`]), gives hints, and undoes moves. [`Match`] adds turns and the
//! text commands (`moves`, `hint`, `undo`, `quit`), so that a front end only
//! reads lines and prints replies.
//!
//! ```
//! use grundy::catalogue::Nim;
//! use grundy::play::{Match, Session};
//! let mut session = Session::new(&Nim, vec![1, 2], grundy::game::Convention::Normal).unwrap();
//! let (mut game, opening) = Match::new(&mut session, false).unwrap();
//! assert!(opening.contains("1 + 2"));
//! let reply = game.command("2 -> 5");
//! assert!(reply.text.contains("illegal move") && !reply.over, "{}", reply.text);
//! let reply = game.command("2 -> 1"); // to 1 + 1, a P-position
//! assert!(reply.text.contains("engine plays"));
//! let reply = game.command("1 -> 0");
//! assert!(reply.over && reply.text.contains("You win"), "{}", reply.text);
//! ```

pub mod engine;
mod game_match;
pub mod picture;
mod session;

pub use engine::{Judgement, NimOracle, OutcomeOracle, MAX_EXPLORED_SUMS, ORACLE_EXPLORED_SUMS};
pub use game_match::{Match, Reply};
pub use session::{MoveNames, Picture, Session};

use crate::error::Result;

/// A suggested move and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move, in move syntax.
    pub mv: String,
    pub why: String,
}

/// How a game ended, seen by the player whose turn it would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Stuck and lost (normal play; a race's goal reached by the opponent).
    MoverLost,
    /// Stuck and won (misère play).
    MoverWon,
    /// Stuck off the goal in a race.
    Draw,
    /// A drawn position came round again and again (loopy games).
    DrawByRepetition,
}

impl Ending {
    /// The end of the game, said to the person playing the engine (by
    /// `play` and by the server's page alike). `engine_to_move`: whether the
    /// side that cannot move (or is to move in a repeated draw) is the engine.
    ///
    /// ```
    /// use grundy::play::Ending;
    /// assert_eq!(Ending::MoverLost.said(true), "The engine cannot move. You win!");
    /// ```
    pub fn said(self, engine_to_move: bool) -> &'static str {
        match (self, engine_to_move) {
            (Ending::MoverLost, true) => "The engine cannot move. You win!",
            (Ending::MoverLost, false) => "You cannot move. The engine wins.",
            (Ending::MoverWon, true) => {
                "The engine cannot move, which wins here (misère play, or a position marked a win). The engine wins."
            }
            (Ending::MoverWon, false) => {
                "You cannot move, which wins here (misère play, or a position marked a win). You win!"
            }
            (Ending::Draw, _) => {
                "Nobody can move, and that is a draw (a goal not reached, or a position marked a draw)."
            }
            (Ending::DrawByRepetition, _) => "The same drawn position came round three times: a draw.",
        }
    }
}

/// A game in progress, whatever the game: what [`Match`] and front ends use.
pub trait PlaySession {
    /// The position as a person thinks of it.
    fn show(&self) -> String;
    /// The legal moves, in the syntax [`PlaySession::play`] reads (an error
    /// only when the watch stops the listing: a heap of Nim of ten million
    /// has ten million moves).
    fn moves(&self) -> Result<Vec<String>>;
    /// How many [`PlaySession::moves`] there are, without writing them.
    fn move_count(&self) -> usize;
    /// The first of [`PlaySession::moves`], without listing the others.
    fn first_move(&self) -> Option<String>;
    /// Who wins from here with perfect play, for the player to move.
    fn judgement(&mut self) -> Result<Judgement>;
    /// Makes the player's move, given as text; returns it as the engine writes it.
    fn play(&mut self, text: &str) -> Result<String>;
    /// Makes the engine's move (`None` when there is none).
    fn engine_move(&mut self) -> Result<Option<String>>;
    /// The move the engine would make here, and why.
    fn hint(&mut self) -> Result<Option<Hint>>;
    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;
    /// Whether the game is over, and how.
    fn ending(&mut self) -> Result<Option<Ending>>;
}

#[cfg(test)]
mod tests;
