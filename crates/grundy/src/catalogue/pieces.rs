//! Named pieces: the leapers and riders that have a name, defined once.
//!
//! Every piece moves toward the corner `(0, 0)`. The registry offers each
//! one by name (`grundy solve hyper-knight 2,5`), the contest front ends and
//! Life Winner Bo's races ([`super::race::ChessPiece`]) build theirs from
//! here, and the tests use the same steps.

use super::board::{Board, BoardGame, Step};
use crate::error::Result;

/// A piece: its leaps (jumps by a fixed step) and rides (slides along a
/// direction), with a name and a one-line description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub name: &'static str,
    pub leaps: &'static [Step],
    pub rides: &'static [Step],
    pub about: &'static str,
}

impl Piece {
    /// One step up, left, or diagonally up-left.
    pub const KING: Piece = Piece {
        name: "king",
        leaps: &[(-1, 0), (0, -1), (-1, -1)],
        rides: &[],
        about: "one step up, left, or diagonally up-left",
    };

    /// The four knight jumps that lower `x + y`.
    pub const KNIGHT: Piece = Piece {
        name: "knight",
        leaps: &[(-2, -1), (-1, -2), (-2, 1), (1, -2)],
        rides: &[],
        about: "the four knight jumps that lower x+y: (-2,-1) (-1,-2) (-2,1) (1,-2)",
    };

    /// Life Winner Bo's knight (HDU 5754): only the two jumps that approach
    /// the corner in both coordinates.
    pub const FORWARD_KNIGHT: Piece = Piece {
        name: "forward-knight",
        leaps: &[(-1, -2), (-2, -1)],
        rides: &[],
        about: "the two knight jumps that lower both coordinates: (-1,-2) (-2,-1) (HDU 5754)",
    };

    /// LightOJ 1315's hyper knight: six jumps.
    pub const HYPER_KNIGHT: Piece = Piece {
        name: "hyper-knight",
        leaps: &[(-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)],
        rides: &[],
        about: "steps (-2,1) (-3,-1) (-2,-1) (-1,-2) (-1,-3) (1,-2) (LightOJ 1315)",
    };

    /// Slides up or left: two-heap Nim.
    pub const ROOK: Piece =
        Piece { name: "rook", leaps: &[], rides: &[(-1, 0), (0, -1)], about: "slide up or left: two-heap Nim" };

    /// Slides up, left or diagonally: Wythoff's game.
    pub const QUEEN: Piece = Piece {
        name: "queen",
        leaps: &[],
        rides: &[(-1, 0), (0, -1), (-1, -1)],
        about: "slide up, left or diagonally up-left: Wythoff's game",
    };

    /// Every named piece.
    pub const ALL: [Piece; 6] =
        [Piece::KING, Piece::KNIGHT, Piece::FORWARD_KNIGHT, Piece::HYPER_KNIGHT, Piece::ROOK, Piece::QUEEN];

    /// The piece called `name`.
    pub fn named(name: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|piece| piece.name == name)
    }

    /// The piece as a game on `board` (normal play: stuck loses).
    pub fn game(&self, board: Board) -> Result<BoardGame> {
        BoardGame::new(board, self.leaps.to_vec(), self.rides.to_vec())
    }
}
