//! Subtraction games: take a number of counters from a fixed set.

use crate::error::{Error, Result};
use crate::game::notation::{heap_too_large, parse_heap};
use crate::game::Notation;
use crate::game::{Game, Indexed, Options};
use crate::solve::heap::MAX_SET_NUMBER;

/// The largest heap whose value is computed with every smaller heap's
/// (four bytes a heap), and the largest that misère search, Every-SG and
/// the notation's check take: each remembers every smaller heap.
pub const MAX_PASSED_HEAP: u64 = 10_000_000;

/// Why heaps stop at [`MAX_PASSED_HEAP`].
const PASSED_HEAP_WHY: &str = "a search remembers every smaller heap";

/// The subtraction game with a finite set `S`: a move takes `s ∈ S`
/// counters from a heap of at least `s`. Its nim-values are eventually
/// periodic (Winning Ways ch. 4); `{1, …, k}` gives `n mod (k + 1)`.
///
/// ```
/// use grundy::catalogue::Subtraction;
/// use grundy::solve::{dense::solve_dense, NormalPlay};
/// let game = Subtraction::new(vec![1, 2, 3]).unwrap();
/// let values = solve_dense(&game, NormalPlay, 9).unwrap();
/// assert_eq!(values, [0, 1, 2, 3, 0, 1, 2, 3, 0]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: Vec<u64>,
}

impl Subtraction {
    /// The game with subtraction set `set` (sorted and de-duplicated here).
    /// Errors on an empty set or a zero, which would let a player pass.
    pub fn new(mut set: Vec<u64>) -> Result<Self> {
        if set.is_empty() {
            return Err(Error::InvalidGame("a subtraction set needs at least one number".into()));
        }
        if set.contains(&0) {
            return Err(Error::InvalidGame("a subtraction set cannot contain 0: taking nothing is not a move".into()));
        }
        set.sort_unstable();
        set.dedup();
        Ok(Subtraction { set })
    }

    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// `subtraction:S`, as it is written.
    pub fn description(&self) -> String {
        let numbers: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("subtraction:{}", numbers.join(","))
    }

    /// Whether a heap past [`MAX_PASSED_HEAP`] is read. The values of a
    /// finite subtraction game are periodic (each is the mex of the last
    /// `max S` values, which can take finitely many forms); a set of
    /// numbers up to [`MAX_SET_NUMBER`] is also a heap code, whose
    /// sequence proves the period, so a heap of any size takes the value
    /// of one whole periods before it.
    pub fn valued_at_any_size(&self) -> bool {
        self.set.last().is_some_and(|&most| most <= MAX_SET_NUMBER)
    }

    /// Refuses a heap past [`MAX_PASSED_HEAP`] for what searches it: misère
    /// sums no quotient decides, Every-SG, the notation's check. Its
    /// normal-play value, winning moves and play come from the period.
    pub fn check_searched(&self, heap: u64) -> Result<()> {
        match heap <= MAX_PASSED_HEAP {
            true => Ok(()),
            false => Err(heap_too_large(
                heap,
                &self.description(),
                MAX_PASSED_HEAP,
                PASSED_HEAP_WHY,
                " (in normal play a larger heap's value, winning moves and play come from the proven period; \
                 in misère play, with --value-only, its outcome where a quotient or the tame rule decides it)",
            )),
        }
    }
}

impl Game for Subtraction {
    type Position = u64;
    fn options(&self, &heap: &u64, options: &mut Options<u64>) {
        for &take in self.set.iter().take_while(|&&take| take <= heap) {
            options.push(heap - take);
        }
    }
}

impl Indexed for Subtraction {
    fn index(&self, &heap: &u64) -> usize {
        heap as usize
    }
    fn position(&self, index: usize) -> u64 {
        index as u64
    }
}

impl Notation for Subtraction {
    fn parse_position(&self, text: &str) -> Result<u64> {
        let limit = if self.valued_at_any_size() { u64::MAX } else { MAX_PASSED_HEAP };
        parse_heap(text, &self.description(), limit, PASSED_HEAP_WHY)
    }
    fn format_position(&self, heap: &u64) -> String {
        heap.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{dense::solve_dense, NormalPlay, Search};

    #[test]
    fn one_to_k_is_n_mod_k_plus_one() {
        for k in 1..8u64 {
            let game = Subtraction::new((1..=k).collect()).unwrap();
            let values = solve_dense(&game, NormalPlay, 200).unwrap();
            for (n, v) in values.iter().enumerate() {
                assert_eq!(*v, n as u64 % (k + 1));
            }
        }
    }

    #[test]
    fn two_three_seven_is_purely_periodic_with_period_five() {
        let game = Subtraction::new(vec![2, 3, 7]).unwrap();
        let values = solve_dense(&game, NormalPlay, 1000).unwrap();
        assert!((0..995).all(|n| values[n] == values[n + 5]));
        assert!((1..5).all(|p| (0..990).any(|n| values[n] != values[n + p])));
    }

    #[test]
    fn table_and_search_agree() {
        let game = Subtraction::new(vec![3, 5, 8, 13]).unwrap();
        let values = solve_dense(&game, NormalPlay, 500).unwrap();
        let mut search = Search::normal_play(&game);
        for (n, v) in values.iter().enumerate() {
            assert_eq!(search.nim_value(&(n as u64)).unwrap(), *v);
        }
    }

    #[test]
    fn bad_sets_are_refused() {
        assert!(Subtraction::new(vec![]).is_err());
        assert!(Subtraction::new(vec![0, 1]).is_err());
    }
}
