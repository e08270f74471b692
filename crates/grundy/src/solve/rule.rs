//! How a position's value follows from its options' values.

use crate::game::{Game, Goal, Outcome};
use crate::nim::{mex, NimValue};

/// A way of valuing positions from their options.
pub trait Rule<G: Game> {
    /// The value each position gets.
    type Value: Copy + Eq + std::fmt::Debug;

    /// The value of an option from the values of its parts, or `None` where
    /// the rule cannot value a sum of that many parts.
    fn option_value(&self, parts: impl ExactSizeIterator<Item = Self::Value>) -> Option<Self::Value>;

    /// The value of `position` from its options' values (empty when stuck).
    fn position_value(&self, game: &G, position: &G::Position, options: &[Self::Value]) -> Self::Value;

    /// Whether [`Rule::option_value`] values sums of two parts or more. A
    /// rule that does not has the search refuse an option that splits as
    /// soon as it is listed, before valuing its parts: for a heap of
    /// Grundy's game, whose every move splits, those parts are the whole
    /// game (heap 65,536 in Every-SG play filled the memory before).
    const VALUES_SUMS: bool = true;
}

/// Normal play: the last player to move wins; values are nim-values.
///
/// Sprague–Grundy: a position's nim-value is the mex of its options'
/// nim-values, and a sum's nim-value is the nim-sum of its parts'.
#[derive(Clone, Copy, Debug, Default)]
pub struct NormalPlay;

impl<G: Game> Rule<G> for NormalPlay {
    type Value = NimValue;

    fn option_value(&self, parts: impl ExactSizeIterator<Item = NimValue>) -> Option<NimValue> {
        Some(parts.fold(0, |sum, v| sum ^ v))
    }

    fn position_value(&self, _: &G, _: &G::Position, options: &[NimValue]) -> NimValue {
        mex(options)
    }
}

/// Races to a goal: a stuck position's outcome comes from [`Goal`], and
/// otherwise the player to move wins if some option is a P-position, draws
/// if some option is a draw, and loses otherwise.
///
/// Options must be single positions: outcomes of sums with draws are not
/// determined by the parts' outcomes.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoalPlay;

impl<G: Goal> Rule<G> for GoalPlay {
    const VALUES_SUMS: bool = false;

    type Value = Outcome;

    fn option_value(&self, mut parts: impl ExactSizeIterator<Item = Outcome>) -> Option<Outcome> {
        match parts.len() {
            1 => parts.next(),
            // A move that ends play entirely: the mover made the last move.
            0 => Some(Outcome::P),
            _ => None,
        }
    }

    fn position_value(&self, game: &G, position: &G::Position, options: &[Outcome]) -> Outcome {
        if options.is_empty() {
            game.stuck_outcome(position)
        } else {
            Outcome::from_options(options.iter().copied())
        }
    }
}
