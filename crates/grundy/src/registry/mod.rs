//! Games described in text, so that front ends need no code per game.
//!
//! A description is a name, optionally followed by `:` and parameters
//! (`subtraction:1,3,4`, `leaper:-2,1/1,-2`), or a take-and-break code
//! (`0.77`). The [`ENTRIES`] list every game once — name, parameters,
//! position syntax, example, description, constructor — and everything
//! else (`grundy list`, dispatch, the README's table) reads it from there.
//!
//! A description becomes a [`Playable`]: an owning, `Send + Sync` session
//! that reads positions as text and answers with typed [`Report`](crate::report::Report)s and
//! [`ValueTable`](crate::report::ValueTable)s, keeping its search's memo between questions.
//!
//! ```
//! use grundy::registry::{game, RuleOptions};
//! use grundy::game::Convention;
//! let nim = game("nim", &RuleOptions::default()).unwrap();
//! let report = nim.solve(&["3".into(), "4".into(), "5".into()]).unwrap();
//! assert_eq!(report.nim_value, Some(2));
//! assert_eq!(report.winning_moves.len(), 1);
//! let misere = nim.solve_in(&["1".into(), "1".into()], Convention::Misere).unwrap();
//! assert_eq!((misere.play, misere.outcome), (Convention::Misere, grundy::game::Outcome::N));
//! ```

mod board;
mod closed;
mod description;
mod entries;
mod families;
mod goal_game;
mod graph;
mod heap;
mod mine;
mod normal_game;
mod options;
mod playable;
mod search_game;
mod tabulators;

pub use description::{Description, Form};
pub use entries::{find, game, game_with_file, open, GameEntry, ENTRIES};
pub use goal_game::GoalGame;
pub use graph::GraphRules;
pub use normal_game::{NormalGame, SearchOf};
pub use options::RuleOptions;
pub use playable::{PlayLoop, Playable, Tabulator};
pub use search_game::{Asked, SearchGame, SearchSettings};
pub use tabulators::{table_of, MAX_TABLE_CELLS};
