//! Games described in text, so that front ends need no code per game.
//!
//! A description is a name, optionally followed by `:` and parameters
//! (`subtraction:1,3,4`, `leaper:-2,1/1,-2`), or a take-and-break code
//! (`0.77`). The [`registry`] lists every game once — name, parameters,
//! position syntax, example, description, constructor — and everything
//! else (`grundy list`, dispatch, the README's table) reads it from there.
//!
//! A description becomes a [`Playable`]: an owning, `Send + Sync` session
//! that reads positions as text and answers with typed [`Report`]s and
//! [`Table`]s, keeping its search's memo between questions.
//!
//! ```
//! use grundy::rules::{game, Convention, Play, RuleOptions};
//! let nim = game("nim", &RuleOptions::default()).unwrap();
//! let report = nim.solve(&["3".into(), "4".into(), "5".into()]).unwrap();
//! assert_eq!(report.nim_value, Some(2));
//! assert_eq!(report.winning_moves.len(), 1);
//! let misere = nim.solve_in(&["1".into(), "1".into()], Play::Misere).unwrap();
//! assert_eq!((misere.play, misere.outcome), (Convention::Misere, grundy::Outcome::N));
//! ```

mod build;
mod closed;
mod families;
mod graph;
mod playable;
pub mod registry;
mod report;
mod search_game;
mod tables;

pub use graph::GraphRules;
pub use playable::{GoalGame, NormalGame, PlayLoop, Playable, SearchOf, Tabulator};
pub use registry::{game, game_with_file, open, GameEntry, ENTRIES};
pub use report::{ComponentReport, Convention, MoveReport, Play, Report, Table, TableCell, TableKind};
pub use search_game::{SearchGame, SearchSettings};
pub use tables::{table_of, MAX_TABLE_CELLS};

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
    /// choice (only [`crate::solve::Method::Canonical`], canonical forms).
    pub misere_method: Option<crate::solve::Method>,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions {
            board: Board::QuarterPlane,
            goal: None,
            search: SearchSettings::default(),
            misere_quotient: None,
            misere_method: None,
        }
    }
}
