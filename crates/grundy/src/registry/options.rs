//! The settings that go with a description.

use super::search_game::SearchSettings;
use crate::catalogue::{Board, Cell};

/// Settings that go with a description: the board for board games, a goal,
/// how the pruned search runs for the games that use it, a misère quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleOptions {
    pub board: Board,
    /// For board games: the game ends when the token reaches this cell (the
    /// mover wins); being stuck elsewhere is a draw.
    pub goal: Option<Cell>,
    /// For Cram, Chomp and Node Kayles: memory, value only, checkpoint.
    pub search: SearchSettings,
    /// For heap games: a misère quotient computed before (`grundy quotient
    /// --output`), used for misère sums instead of computing one.
    pub misere_quotient: Option<std::sync::Arc<crate::solve::quotient::PartialQuotient>>,
    /// Misère play: decide sums this way rather than by the library's
    /// choice (only [`crate::solve::Decision::Canonical`], canonical forms).
    pub misere_method: Option<crate::solve::Decision>,
    /// Whether a parameter or a position may name a file on this machine
    /// (`node-kayles:FILE`, a Hackenbush graph's file): the command line's
    /// user reads their own files, a server's client must not read the
    /// server's.
    pub read_files: bool,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions {
            board: Board::QuarterPlane,
            goal: None,
            search: SearchSettings::default(),
            misere_quotient: None,
            misere_method: None,
            read_files: true,
        }
    }
}
