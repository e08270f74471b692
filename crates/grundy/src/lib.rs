//! # grundy — an engine for impartial combinatorial games
//!
//! Two players alternate, both with the same moves. grundy says who wins
//! with perfect play, the position's Sprague–Grundy value (nim-value), and
//! the moves that win.
//!
//! The crate is layered, and data flows one way (each layer uses only the
//! ones above it):
//!
//! 1. [`nim`] — nim arithmetic: mex, nim-sum, nim-product, nim-inverse;
//! 2. [`sequence`] — sequences of nim-values of any origin: compact
//!    [`sequence::Values`], their periodicity ([`sequence::find_periodicity`],
//!    proven by the octal periodicity theorem) and the `.seq` file with its
//!    checkpoints ([`sequence::file`](mod@sequence::file));
//! 3. [`game`] — the game model: the [`game::Game`] trait (a position's options,
//!    each a sum of positions), opt-in capabilities ([`game::Decompose`],
//!    [`game::Indexed`], [`game::ClosedForm`], [`game::Goal`], [`game::NimHeapGenus`],
//!    [`game::Monotone`], [`game::Notation`]) and explicit game graphs
//!    ([`game::Digraph`]);
//! 4. [`solve`] — solvers any game gets for free: memoized search (which
//!    owns its game, so it can be kept and sent), dense tables, analysis of
//!    sums with every winning move, misère play with genus and tameness,
//!    races with draws, remoteness and Every-SG, loopy games with
//!    generalized Sprague–Grundy values, and nim-value sequences of heap
//!    games with proven periodicity;
//! 5. [`catalogue`] — games defined once: Nim, subtraction and take-and-break
//!    heap games, Wythoff, leapers and riders on boards (named pieces in
//!    [`catalogue::Piece`]), the Bomb Game, minesweeper, chess-piece races,
//!    games on explicit graphs;
//! 6. [`report`] — what the front ends print: typed, serializable answers
//!    ([`report::Report`]) and tables of values ([`report::ValueTable`]);
//! 7. [`pattern`] and [`export`] — what a table shows: periods and the form
//!    of its P-positions, and pictures (PNG, SVG);
//! 8. [`play`] — a game in progress against a perfect opponent: legal
//!    moves, the engine's reply (win fastest, or last longest), hints, undo;
//! 9. [`registry`] — the front door: one registry of games described in text
//!    (`subtraction:1,3,4`, `leaper:-2,1/1,-2`), [`registry::Playable`]
//!    sessions (`Send + Sync`, memo kept between questions) answering with
//!    reports, so front ends need no code per game.
//!
//! See `docs/layout.md` for where each idea lives and which layer may use which.
//!
//! The `grundy` program (crate `grundy-cli`) is a thin front end over these.
//!
//! ```
//! use grundy::catalogue::Nim;
//! use grundy::registry::{game, RuleOptions};
//! use grundy::solve::{analyse_sum, Search};
//!
//! // A game type and a solver…
//! let mut search = Search::normal_play(&Nim);
//! let analysis = analyse_sum(&mut search, &[3, 4, 5]).unwrap();
//! assert_eq!(analysis.nim_value, 3 ^ 4 ^ 5);
//! assert_eq!(analysis.outcome, grundy::game::Outcome::N);
//!
//! // …or any registry game by its description, answers as typed reports.
//! let nim = game("nim", &RuleOptions::default()).unwrap();
//! let report = nim.solve(&["3".into(), "4".into(), "5".into()]).unwrap();
//! assert_eq!(report.winning_moves[0].to, ["1"]);
//! ```
//!
//! What it does not do: partizan games (CGSuite's domain).

pub mod catalogue;
mod error;
pub mod export;
pub mod game;
mod long_run;
mod memory;
pub mod nim;
pub mod pattern;
pub mod play;
pub mod registry;
pub mod report;
pub mod sequence;
pub mod solve;
#[cfg(test)]
mod testing;
mod unfinished;
mod watch;

pub use error::{read_text_file, shortened, Error, Result};
pub use long_run::{checkpoint_every, LongRun, Resumable, CHECKPOINT_EVERY};
pub use memory::{available_memory, total_memory};
pub use unfinished::{remove_unfinished_files, Unfinished};
pub use watch::{Watch, POLL_EVERY};

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
