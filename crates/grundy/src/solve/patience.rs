//! Patience: how a search that needs only one option to settle a question
//! keeps a costly option from holding it up.
//!
//! Two searches ask a position's options one by one and stop at the first
//! answer that settles the position: the pruned search ("is this option's
//! value k?", [`crate::solve::pruned`]) and the misère search beside a form
//! ("is this option a P-position?", [`crate::solve::misere::canonical`]).
//! Options differ by orders of magnitude in what they cost, and a cheap one
//! that settles the question may come after a costly one that does not. So
//! each option of a round but the last one left may expand only so many
//! positions ([`Budget`]); one that runs out is put off to the next round,
//! which asks the options put off with twice the patience ([`Turns`]). What
//! a search put off finished on the way stays (in the table, in the memo),
//! so asking it again costs only what it had not finished; the doubling
//! bounds the work thrown away. Glop's authors steered their Sprouts search
//! by hand for the same reason ("zapping": Lemoine and Viennot, *Computer
//! analysis of Sprouts with nimbers*, Games of No Chance 4, 2015).

use crate::error::{Error, Result};

/// The positions a search has expanded, and how many it may expand before
/// the option being asked is put off.
#[derive(Clone, Debug)]
pub struct Budget {
    spent: u64,
    limit: u64,
    /// Set when the search stopped at `limit` (not for another reason).
    over: bool,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { spent: 0, limit: u64::MAX, over: false }
    }
}

impl Budget {
    /// Counts one position expanded: an [`Error::Interrupted`] once the
    /// patience of the option being asked has run out ([`patiently`] turns
    /// it into "put off").
    #[inline]
    pub fn spend(&mut self) -> Result<()> {
        self.spent += 1;
        if self.spent >= self.limit {
            self.over = true;
            return Err(Error::Interrupted);
        }
        Ok(())
    }

    /// The positions expanded so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }
}

/// A search that spends a [`Budget`].
pub trait Patient {
    fn budget(&mut self) -> &mut Budget;
}

/// Runs `search` on `searcher` with at most `patience` more positions
/// expanded: `Ok(None)` if it ran out first. Nested calls each keep their
/// own limit; an outer limit running out is the outer call's to report.
///
/// ```
/// use grundy::Result;
/// use grundy::solve::patience::{patiently, Budget, Patient};
/// struct Counter(Budget);
/// impl Patient for Counter {
///     fn budget(&mut self) -> &mut Budget { &mut self.0 }
/// }
/// // A search of `n` positions.
/// let search = |n: u64| move |c: &mut Counter| -> Result<u64> {
///     for _ in 0..n { c.0.spend()?; }
///     Ok(n)
/// };
/// let mut counter = Counter(Budget::default());
/// assert_eq!(patiently(&mut counter, 10, search(5)).unwrap(), Some(5));
/// assert_eq!(patiently(&mut counter, 10, search(50)).unwrap(), None); // put off
/// assert_eq!(counter.0.spent(), 15);
/// ```
pub fn patiently<S: Patient, T>(
    searcher: &mut S,
    patience: u64,
    search: impl FnOnce(&mut S) -> Result<T>,
) -> Result<Option<T>> {
    let budget = searcher.budget();
    let outer = budget.limit;
    budget.limit = outer.min(budget.spent.saturating_add(patience));
    let result = search(searcher);
    let budget = searcher.budget();
    budget.limit = outer;
    match result {
        // This limit (an outer one is the outer search's to catch).
        Err(Error::Interrupted) if budget.over && budget.spent < outer => {
            budget.over = false;
            Ok(None)
        }
        Err(e) => Err(e),
        Ok(found) => Ok(Some(found)),
    }
}

/// The turns of `count` options: every option once, in order (or last to
/// first), then in each later round the options the last one put off, in
/// the order they were put off, with twice the patience. The last option
/// left is asked to the end: there is nothing for it to give way to.
///
/// ```
/// use grundy::solve::patience::Turns;
/// let mut turns = Turns::new(3, false, 10);
/// assert_eq!(turns.next(), Some((0, Some(10))));
/// turns.put_off(0);
/// assert_eq!(turns.next(), Some((1, Some(10))));
/// assert_eq!(turns.next(), Some((2, Some(10)))); // (0 waits)
/// assert_eq!(turns.next(), Some((0, None))); // the last one left
/// assert_eq!(turns.next(), None);
/// ```
#[derive(Debug)]
pub struct Turns {
    count: usize,
    reversed: bool,
    /// The round after the first: the options put off in the one before.
    round: Option<Vec<usize>>,
    /// The next turn in this round.
    next: usize,
    put_off: Vec<usize>,
    patience: u64,
}

impl Turns {
    pub fn new(count: usize, reversed: bool, patience: u64) -> Self {
        Turns { count, reversed, round: None, next: 0, put_off: Vec::new(), patience }
    }

    /// The next option to ask and its patience (`None`: to the end).
    #[allow(clippy::should_implement_trait)] // (`put_off` between turns: not an iterator)
    pub fn next(&mut self) -> Option<(usize, Option<u64>)> {
        let len = self.round.as_ref().map_or(self.count, Vec::len);
        if self.next == len {
            if self.put_off.is_empty() {
                return None;
            }
            self.round = Some(std::mem::take(&mut self.put_off));
            self.next = 0;
            self.patience = self.patience.saturating_mul(2);
            return self.next();
        }
        let n = self.next;
        self.next += 1;
        let option = match &self.round {
            Some(round) => round[n],
            None if self.reversed => self.count - 1 - n,
            None => n,
        };
        let last = self.next == len && self.put_off.is_empty();
        Some((option, (!last).then_some(self.patience)))
    }

    /// Puts `option` (the one just asked) off to the next round.
    pub fn put_off(&mut self, option: usize) {
        self.put_off.push(option);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every turn until the end, putting off the options in `costly` each
    /// time they come with a patience below their cost.
    fn all_turns(count: usize, reversed: bool, costs: &[u64]) -> Vec<(usize, Option<u64>)> {
        let mut turns = Turns::new(count, reversed, 2);
        let mut seen = Vec::new();
        while let Some((option, patience)) = turns.next() {
            seen.push((option, patience));
            if patience.is_some_and(|p| p < costs[option]) {
                turns.put_off(option);
            }
        }
        seen
    }

    #[test]
    fn options_put_off_come_back_with_twice_the_patience_until_one_is_left() {
        let turns = all_turns(4, false, &[1, 5, 1, 100]);
        let expected = [
            (0, Some(2)),
            (1, Some(2)),
            (2, Some(2)),
            (3, Some(2)),
            (1, Some(4)),
            (3, Some(4)),
            (1, Some(8)),
            (3, None),
        ];
        assert_eq!(turns, expected);
        assert_eq!(all_turns(3, true, &[1, 1, 1]), [(2, Some(2)), (1, Some(2)), (0, None)]);
        assert_eq!(all_turns(0, false, &[]), []);
        assert_eq!(all_turns(1, false, &[9]), [(0, None)]);
    }

    struct Counter(Budget);

    impl Patient for Counter {
        fn budget(&mut self) -> &mut Budget {
            &mut self.0
        }
    }

    fn spend(counter: &mut Counter, n: u64) -> Result<u64> {
        (0..n).try_for_each(|_| counter.0.spend())?;
        Ok(n)
    }

    #[test]
    fn an_inner_limit_is_caught_inside_and_an_outer_one_outside() {
        let mut counter = Counter(Budget::default());
        let outer = patiently(&mut counter, 100, |c| {
            // The inner search runs out of its 10 and is put off...
            assert_eq!(patiently(c, 10, |c| spend(c, 20)).unwrap(), None);
            // ... and one that would pass the outer limit stops the outer.
            patiently(c, 1000, |c| spend(c, 500))
        });
        assert_eq!(outer.unwrap(), None);
        assert_eq!(counter.0.spent(), 100);
        // A real interrupt is no running out of patience.
        let stopped = patiently(&mut counter, 10, |_| -> Result<()> { Err(Error::Interrupted) });
        assert_eq!(stopped.unwrap_err(), Error::Interrupted);
    }
}
