//! Loopy games: finite game graphs that may have cycles.
//!
//! Normal-play search needs play to end. On a finite graph with cycles a
//! position may instead be a **draw** (neither player can force a win), and
//! two tools still decide everything:
//!
//! - [`retrograde`]: win / loss / draw for the player to move, with
//!   remoteness, working backwards from the stuck positions — linear in the
//!   size of the graph;
//! - [`generalized_values`]: the generalized Sprague–Grundy function of
//!   Smith (1966) and Fraenkel–Yesha (1986), a finite value or `∞(K)`, which
//!   decides *sums* of loopy games ([`sum_outcome`]).
//!
//! Both run on a [`Digraph`] (the game model's explicit graph): read from a
//! graph file, or built by exploring any [`Goal`](crate::game::Goal) game from some positions — so races to
//! a goal (stuck positions that are wins, losses or draws) use the same code.

mod analysis;
mod generalized;
mod retrograde;

pub use analysis::{analyse_loopy_sum, LoopyAnalysis, LoopyMove, SolvedGraph};
pub use generalized::{generalized_values, sum_outcome, GeneralizedValues, LoopyValue};
pub use retrograde::{retrograde, Retrograde};

pub use crate::game::Digraph;

#[cfg(test)]
mod tests;
