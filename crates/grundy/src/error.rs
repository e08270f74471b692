//! The library's error type.

use thiserror::Error;

/// What can go wrong inside the engine.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum Error {
    /// A position was reached again while it was still being valued: the
    /// game has a cycle, and the normal-play solvers need play to end.
    #[error("the game is loopy: position {position} can be reached from itself")]
    Loopy { position: String },

    /// A search or table would need more positions than it is allowed.
    #[error("too large: {what} needs {needed} positions, more than the limit of {limit}")]
    TooLarge { what: String, needed: u128, limit: u128 },

    /// An [`crate::game::Indexed`] game broke its promise that options come earlier.
    #[error("position number {index} has an option numbered {option}, which is not earlier; the table order is wrong")]
    NotTopological { index: usize, option: usize },

    /// A rule description or parameter that does not describe a game.
    #[error("{0}")]
    InvalidGame(String),

    /// A position that is not a position of the game.
    #[error("{0}")]
    InvalidPosition(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;
