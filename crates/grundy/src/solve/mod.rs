//! Solvers: from a game and a position to its value.
//!
//! Every solver is written once over a [`Rule`], which says how a position's
//! value follows from its options' values:
//!
//! - [`NormalPlay`]: nim-values (mex of options, nim-sum across a sum);
//! - [`misere::MiserePlay`]: misère nim-values of whole sums;
//! - [`GoalPlay`]: three-valued outcomes of races to a goal, with draws.
//!
//! and there are two ways to run a rule:
//!
//! - [`Search`]: memoized depth-first search from a position, for any game;
//!   it keeps its own stack, so games a million moves deep do not overflow;
//! - [`dense::solve_dense`]: a dense bottom-up table for [`Indexed`](crate::game::Indexed)
//!   games, with no hashing (an order of magnitude faster where it applies).
//!
//! Beyond single values:
//!
//! - [`analyse_sum`], [`analyse_goal`]: outcome and every winning move
//!   ([`value_sum`]: the nim-values alone);
//!   [`analyse_closed`]: the same from a game's closed form
//!   ([`ClosedOutcome`](crate::game::ClosedOutcome)), far past search;
//! - [`misere`] (with [`misere::genus`]): misère play — exact search, the anti-SG
//!   criterion, Conway's genus, tameness and the tame-sum rule;
//! - [`quotient`]: misère quotients, which decide misère sums of heaps by
//!   monoid arithmetic instead of search;
//! - [`remoteness`]: remoteness (normal and misère) and suspense, which
//!   decides Every-SG games;
//! - [`loopy`]: graphs with cycles — retrograde analysis and generalized
//!   Sprague–Grundy values;
//! - [`heap`]: nim-value sequences of heap games to billions of heaps, and
//!   their periodicity, proven where the octal theorem applies.
//!
//! And one piece two searches share: [`patience`], which puts off an option
//! that costs too much while others may settle the question.

mod analysis;
mod closed_form;
mod decision;
pub mod dense;
pub mod heap;
pub mod loopy;
pub mod misere;
pub mod patience;
pub mod pruned;
pub mod quotient;
pub mod remoteness;
mod rule;
mod search;

pub use analysis::{
    analyse_closed, analyse_goal, analyse_sum, value_sum, ClosedAnalysis, GoalAnalysis, SumAnalysis, WinningMove,
};
pub use closed_form::check_closed_form;
pub use decision::Decision;
pub use rule::{GoalPlay, NormalPlay, Rule};
pub(crate) use search::Splitter;
pub use search::{Search, DEFAULT_POSITION_LIMIT};
