//! Coin-turning games (Berlekamp, Conway and Guy, *Winning Ways*, ch. 14).
//!
//! A row of coins, each heads or tails; a move turns over some coins by the
//! game's rule, the rightmost of them going from heads to tails (so play
//! ends). A position is the set of places showing heads: `1,4,7`, or the row
//! itself `THHTH` (its first letter at the game's first place), or `none`.
//!
//! **The theorem** (WW ch. 14): a row is the sum of its single heads, since
//! turning a coin twice leaves it as it was, so its value is the nim-sum of
//! the values `g(p)` of single heads at its places `p`. [`TurningRule`]
//! computes `g` by its recurrence; [`CoinTurning`] offers the nim-sum as its
//! [`ClosedForm`], and plain search of whole rows checks it in the tests.
//! Every winning move is found by listing the row's moves and keeping those
//! whose row has value 0 (each valued by the theorem in O(heads)), except
//! where the rule names the coins to turn from the values alone (Turning
//! Turtles and Twins, whose values are the places: as in Nim, at any place).
//!
//! Two-dimensional products ([`ProductTurning`], the **Tartan theorem**):
//! in `G₁ × G₂` a move turns every coin `(x, y)` with `x` among the coins of
//! a `G₁` move and `y` among those of a `G₂` move; a head at `(x, y)` is worth
//! `G₁(x) ⊗ G₂(y)`, the nim-product. Twins × Twins is Turning Corners (turn
//! the four corners of a rectangle), whose table is the nim-multiplication
//! table.

mod product;
mod rule;

pub use product::{Listing, ProductTurning, MAX_COINS_LISTED, MAX_MOVES_LISTED};
pub use rule::{TurningRule, LAST_PLACE_BY_FORMULA, MAX_COINS_TURNED, MAX_PLACE};

use crate::error::{Error, Result};
use crate::game::{parse_number, ClosedForm, Game, Notation, Options};
use crate::nim::NimValue;

/// A one-dimensional coin-turning game; a position is its heads' places, sorted.
///
/// ```
/// use grundy::catalogue::CoinTurning;
/// use grundy::game::Notation;
/// use grundy::game::ClosedForm;
/// let mock = CoinTurning::parse("mock-turtles").unwrap();
/// // Heads at places 1, 2, 3: the odious numbers 1 ⊕ 2 ⊕ 4 = 7.
/// assert_eq!(mock.closed_nim_value(&mock.parse_position("HHH").unwrap()), 7);
/// ```
#[derive(Clone, Debug)]
pub struct CoinTurning {
    rule: TurningRule,
}

impl CoinTurning {
    /// `turning-turtles`, `mock-turtles`, `ruler`, `twins` or `turning:SET`
    /// (see [`TurningRule::parse`]).
    pub fn parse(description: &str) -> Result<Self> {
        Ok(CoinTurning { rule: TurningRule::parse(description)? })
    }

    pub fn rule(&self) -> &TurningRule {
        &self.rule
    }
}

/// The heads after a move turns `coins` (sorted): the symmetric difference.
pub(crate) fn turn<P: Ord + Copy>(heads: &[P], coins: &[P]) -> Vec<P> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(heads.len() + coins.len());
    while i < heads.len() || j < coins.len() {
        match (heads.get(i), coins.get(j)) {
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(&a), Some(&b)) if a < b => {
                out.push(a);
                i += 1;
            }
            (Some(&a), None) => {
                out.push(a);
                i += 1;
            }
            (_, Some(&b)) => {
                out.push(b);
                j += 1;
            }
            (None, None) => unreachable!(),
        }
    }
    out
}

impl Game for CoinTurning {
    type Position = Vec<u32>;
    fn options(&self, heads: &Vec<u32>, options: &mut Options<Vec<u32>>) {
        let mut moves = Vec::new();
        for &head in heads {
            moves.clear();
            self.rule.moves(head, &mut moves);
            for others in &moves {
                let mut coins = others.clone();
                coins.push(head);
                options.push(turn(heads, &coins));
            }
        }
    }

    /// Counted, not listed: a sum asks this of every component of every
    /// option it builds, and listing a row of a few hundred heads (tens of
    /// thousands of moves) each time made one step of misère search take
    /// seconds (`solve --misere ruler 300` answered Ctrl-C after 15 s).
    fn can_move(&self, heads: &Vec<u32>) -> bool {
        heads.iter().any(|&head| self.rule.move_count(head) > 0)
    }
}

impl CoinTurning {
    /// How many moves `heads` has: listing them (winning moves, play) is
    /// refused past [`MAX_MOVES_LISTED`], where its value is a nim-sum.
    pub fn move_count(&self, heads: &[u32]) -> u128 {
        heads.iter().map(|&p| self.rule.move_count(p)).sum()
    }

    /// What listing the moves of `heads` writes, in coins ([`Listing`]).
    pub fn listing(&self, heads: &[u32]) -> Listing {
        let moves = self.move_count(heads);
        let turned: u128 = heads.iter().map(|&p| self.rule.coins_turned(p)).sum();
        Listing::new(moves, heads.len(), turned)
    }
}

impl ClosedForm for CoinTurning {
    /// The theorem: the nim-sum of the single heads' values.
    fn closed_nim_value(&self, heads: &Vec<u32>) -> NimValue {
        heads.iter().fold(0, |sum, &p| sum ^ self.rule.value(p))
    }

    /// The moves to a row of `value`, where the rule names the coins to
    /// turn without listing its moves ([`TurningRule::others_of_sum`]:
    /// Turning Turtles, Twins): a move at head `h` changes the row's value
    /// by `g(h)` and its other coins' values, whichever way they face.
    ///
    /// ```
    /// use grundy::catalogue::CoinTurning;
    /// use grundy::game::{ClosedForm, Notation};
    /// let turtles = CoinTurning::parse("turning-turtles").unwrap();
    /// // Heads at 3 and 4000000000 (value 4000000003): turn the far head
    /// // and the coin at 3, as in Nim.
    /// let row = turtles.parse_position("3,4000000000").unwrap();
    /// assert_eq!(turtles.options_of_value(&row, 0), Some(vec![vec![]]));
    /// ```
    fn options_of_value(&self, heads: &Vec<u32>, value: NimValue) -> Option<Vec<Vec<u32>>> {
        let sum = self.closed_nim_value(heads);
        let mut options = Vec::new();
        for &head in heads {
            for mut coins in self.rule.others_of_sum(head, sum ^ self.rule.value(head) ^ value)? {
                coins.push(head);
                options.push(turn(heads, &coins));
            }
        }
        Some(options)
    }
}

/// Sorted places from a list; a place given twice is an error.
pub(crate) fn sorted_places<P: Ord + Copy + std::fmt::Debug>(mut places: Vec<P>) -> Result<Vec<P>> {
    places.sort_unstable();
    if let Some(pair) = places.windows(2).find(|w| w[0] == w[1]) {
        return Err(Error::InvalidPosition(format!("a head at {:?} is listed twice", pair[0])));
    }
    Ok(places)
}

impl Notation for CoinTurning {
    fn parse_position(&self, text: &str) -> Result<Vec<u32>> {
        let text = text.trim();
        let places: Vec<u64> = if text == "none" {
            Vec::new()
        } else if !text.is_empty() && text.chars().all(|c| c == 'H' || c == 'T') {
            let first = u64::from(self.rule.first_place());
            text.chars().enumerate().filter(|&(_, c)| c == 'H').map(|(i, _)| first + i as u64).collect()
        } else {
            text.split(',')
                .map(|p| parse_number(p, "a place of a head (or a row of H and T)"))
                .collect::<Result<_>>()?
        };
        sorted_places(places.into_iter().map(|p| self.rule.place(p)).collect::<Result<_>>()?)
    }

    fn format_position(&self, heads: &Vec<u32>) -> String {
        if heads.is_empty() {
            return "none".into();
        }
        heads.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    }
}

#[cfg(test)]
mod tests;
