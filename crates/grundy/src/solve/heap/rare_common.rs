//! The rare/common ("sparse space") method.
//!
//! Fix a bit mask `m` and a choice `s ∈ {0, 1}`, and give every heap `x` a
//! class: `parity(G(x) & m) ⊕ s·(x mod 2)`. Heaps of class 0 are **rare**,
//! of class 1 **common**. With `s = 0` the class depends on the value only
//! (the *range* split of Winning Ways ch. 4, "Sparse space spells speed");
//! with `s = 1` on the heap's parity too (the *domain* split in
//! Flammenkamp's tables), which helps games where 0 — always of even
//! parity — is a frequent value.
//!
//! Parity adds under XOR. A split of heap `n`, taking `j`, into `a + b` has
//! value `v = G(a) ⊕ G(b)`, and then
//!
//! ```text
//! class(a) ⊕ class(b) = parity(v & m) ⊕ s·((n − j) mod 2)
//! ```
//!
//! So for each candidate `v` the right-hand side says whether a witness
//! split must pair heaps of different classes (1) or of one class (0).
//! Every mixed split has a part in the *smaller* class, and in most octal
//! games one class is small and stays small; so **all** splits with a part
//! in the smaller class are listed up front, which settles every candidate
//! whose witnesses must be mixed. Only candidates that need same-class
//! pairs call for a search over all splits, which usually finds a witness
//! within a few steps and is exhaustive only when that candidate is the
//! answer.
//!
//! The candidates that need same-class pairs are settled together: the
//! least value that needs no search and is absent is an upper bound `c` on
//! the mex, and every absent value below `c` is *pending*. One pass over the
//! splits, in order, crosses off the pending values it meets and stops when
//! none is left (the mex is then `c`); only when the mex itself is pending
//! does the pass run to the end. (Checking the pending values one at a time,
//! each with its own pass from the start, cost Grundy's game 20–30 µs a
//! heap; see `docs/heap-scale.md`.)
//!
//! Every mask and `s` give correct values; a good choice gives speed. They
//! are chosen again from the histogram of (value, heap parity) each time the
//! sequence doubles, to minimise the heaps listed per heap plus the heaps
//! whose own value would have needed an exhaustive search. (In 0.106, for
//! instance, values XOR heap parity all lie in one hyperplane; with its
//! mask and `s = 1` the listed class is nearly empty and almost every mex is
//! settled at once. In Grundy's game the choice is Flammenkamp's mask
//! `…11110` with `s = 0`: about 1300 listed heaps, all below 10^5.)

use super::pass::Pass;
use std::ops::Range;

use super::seen::{Marks, Seen};
use super::{splitting_takes, HeapGame};
use crate::sequence::Value;

/// Whether the method applies: a finite code whose splits leave at most two heaps.
pub fn supports(game: &HeapGame) -> bool {
    game.digits().iter().all(|&d| d & 8 == 0) && game.tail() == 0
}

/// The state of the split between the two classes of heaps.
#[derive(Default)]
pub(super) struct Split {
    mask: u32,
    /// `s`: whether a heap's parity takes part in its class.
    domain: bool,
    /// The class whose heaps are listed (the smaller one).
    listed_class: u32,
    /// Heaps of the listed class, ascending, from 1.
    listed: Vec<u32>,
    /// Their values.
    listed_values: Vec<u32>,
    /// How many heaps have each value, by heap parity.
    histogram: Vec<[u64; 2]>,
    /// When to choose the split again.
    next_choice: usize,
    /// A power of two above every value so far: no option reaches it.
    bound: u32,
    /// Values below the upper bound that need a same-class witness, for the
    /// current heap, ascending.
    pending: Vec<u32>,
    /// The pass's scratch space, for passes run here.
    pass: Pass,
    /// Splits examined by passes so far.
    pass_work: u64,
}

/// The widest mask considered, in bits.
const MASK_BITS: u32 = 12;

/// Bit `b` of the values below 64, as words: `BIT_COLUMNS[b]` has bit `v`
/// set when `v` has bit `b`.
const BIT_COLUMNS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// The values below `bound` (at most 64), as bits.
#[inline]
fn below(bound: u32) -> u64 {
    if bound >= u64::BITS {
        u64::MAX
    } else {
        (1 << bound) - 1
    }
}

#[inline]
fn parity(value: u32, mask: u32) -> u32 {
    (value & mask).count_ones() & 1
}

impl Split {
    #[inline]
    fn class(&self, heap: usize, value: u32) -> u32 {
        parity(value, self.mask) ^ (self.domain as u32 & heap as u32)
    }

    /// The mask and `s` in use.
    #[cfg(test)]
    pub fn mask(&self) -> (u32, bool) {
        (self.mask, self.domain)
    }

    /// Notes the newest value (the last of `values`).
    pub(super) fn record<T: Value>(&mut self, game: &HeapGame, values: &[T]) {
        let n = values.len() - 1;
        let value = values[n].get();
        if value as usize >= self.histogram.len() {
            self.histogram.resize(value as usize + 1, [0; 2]);
        }
        self.histogram[value as usize][n % 2] += 1;
        while value >= self.bound {
            self.bound = (self.bound * 2).max(1);
        }
        if n > 0 && self.class(n, value) == self.listed_class {
            self.listed.push(n as u32);
            self.listed_values.push(value);
        }
        if values.len() >= self.next_choice {
            self.choose(game, values);
            self.next_choice = (values.len() * 2).max(64);
        }
    }

    /// The cost of a split so far: heaps in its smaller class (listed for
    /// every heap) plus heaps whose own value needed same-class witnesses
    /// (an exhaustive search); and which class is smaller.
    fn cost(&self, mask: u32, domain: bool, takes: [bool; 2]) -> (u64, u32) {
        let mut in_class = [0u64; 2];
        let mut searched = 0;
        for (value, heaps) in self.histogram.iter().enumerate() {
            for (heap_parity, &heaps) in heaps.iter().enumerate() {
                let class = parity(value as u32, mask) ^ (domain as u32 & heap_parity as u32);
                in_class[class as usize] += heaps;
                // A split taking j leaves n − j; same-class witnesses are needed when
                // parity(v & m) ⊕ s·((n − j) mod 2) = 0 for some splitting take j.
                let needs_search = (0..2).any(|j_parity| {
                    takes[j_parity]
                        && parity(value as u32, mask) ^ (domain as u32 & (heap_parity ^ j_parity) as u32) == 0
                });
                if needs_search {
                    searched += heaps;
                }
            }
        }
        let smaller = (in_class[1] < in_class[0]) as u32;
        (in_class[smaller as usize] + searched, smaller)
    }

    /// Picks the mask, `s` and listed class that cost least so far.
    fn choose<T: Value>(&mut self, game: &HeapGame, values: &[T]) {
        let n = values.len();
        let mut takes = [false; 2];
        let last = game.digits().len() - 1;
        for j in (0..=last).filter(|&j| game.digit(j) & 4 != 0) {
            takes[j % 2] = true;
        }
        let width = (u32::BITS - (self.histogram.len() as u32).leading_zeros()).min(MASK_BITS);
        let candidates = (0..1u32 << width).flat_map(|mask| [(mask, false), (mask, true)]);
        let best = candidates.min_by_key(|&(mask, domain)| (self.cost(mask, domain, takes).0, domain, mask));
        let Some((mask, domain)) = best else { return };
        let (cost, listed_class) = self.cost(mask, domain, takes);
        if cost < self.cost(self.mask, self.domain, takes).0 || self.next_choice == 0 {
            (self.mask, self.domain, self.listed_class) = (mask, domain, listed_class);
            let listed = (1..n).filter(|&h| self.class(h, values[h].get()) == listed_class);
            self.listed = listed.map(|h| h as u32).collect();
            self.listed_values = self.listed.iter().map(|&h| values[h as usize].get()).collect();
        }
    }

    /// The next nim-value, given that `seen` already holds the values of
    /// the options that leave no heap or one heap.
    pub(super) fn next_value<T: Value>(&mut self, game: &HeapGame, values: &[T], seen: &mut Seen) -> u32 {
        let upper = self.propose(game, values, seen);
        self.check_pending(game, values, upper, 0)
    }

    /// Stores heap `values.len()`'s value and notes it, or hands it back
    /// when it does not fit in `T` ([`super::store`]).
    #[inline]
    pub(super) fn store<T: Value>(&mut self, game: &HeapGame, values: &mut Vec<T>, value: u32) -> Result<(), u32> {
        super::store(values, value)?;
        self.record(game, values);
        Ok(())
    }

    /// The nim-value, given the upper bound [`Split::settle`] returned: the
    /// least pending value no split reaches, or the bound. The pass leaves
    /// out the first `skip` scattered blocks of splits (see `pass.rs`),
    /// which the caller has marked already.
    pub(super) fn check_pending<T: Value>(&mut self, game: &HeapGame, values: &[T], upper: u32, skip: usize) -> u32 {
        if self.pending.is_empty() {
            return upper;
        }
        let mut pass = std::mem::take(&mut self.pass);
        let (unmet, work) = pass.unmet(game, values, &self.pending, self.bound, skip);
        self.pass = pass;
        self.pass_work += work;
        unmet.unwrap_or(upper)
    }

    /// The upper bound on the next nim-value: the least value that no
    /// mixed split reaches and that needs no search. The values below it
    /// that no mixed split reaches are left in [`Split::pending`]; the
    /// nim-value is the least of them that no split at all reaches, or the
    /// upper bound if splits reach them all.
    pub(super) fn propose<T: Value>(&mut self, game: &HeapGame, values: &[T], seen: &mut Seen) -> u32 {
        let n = values.len();
        seen.reserve(self.bound);
        // Every split with a part in the listed class: all mixed splits.
        for j in splitting_takes(game, n, 4) {
            self.list(game, values, seen, n - j, 0..self.listed.len());
        }
        self.settle(game, n, seen)
    }

    /// Marks the splits of `rest` counters whose listed part is one of
    /// the listed heaps `range` (those below `rest`; Grundy's game forbids the
    /// equal split).
    #[inline]
    pub(super) fn list<T: Value, M: Marks>(
        &self,
        game: &HeapGame,
        values: &[T],
        seen: &mut M,
        rest: usize,
        range: Range<usize>,
    ) {
        let (heaps, heap_values) = (&self.listed[range.clone()], &self.listed_values[range]);
        // Past the listed heaps (most heaps of most games) no search is needed.
        let below = |&a: &u32| (a as usize) < rest;
        let end = if heaps.last().is_none_or(below) { heaps.len() } else { heaps.partition_point(below) };
        let (heaps, heap_values) = (&heaps[..end], &heap_values[..end]);
        // The heap rest/2, if listed, pairs with nothing in Grundy's game.
        let equal = (game.unequal() && rest % 2 == 0).then(|| heaps.binary_search(&(rest as u32 / 2)).ok());
        match equal.flatten() {
            Some(i) => {
                mark_listed(seen, &heaps[..i], &heap_values[..i], values, rest);
                mark_listed(seen, &heaps[i + 1..], &heap_values[i + 1..], values, rest);
            }
            None => mark_listed(seen, heaps, heap_values, values, rest),
        }
    }

    /// Given every mixed split of heap `n` in `seen`, the upper bound on its
    /// nim-value, with the values below it that need a same-class witness
    /// left in [`Split::pending`]. The parities of the remainders say which
    /// values may also come from two heaps of one class.
    pub(super) fn settle<M: Marks>(&mut self, game: &HeapGame, n: usize, seen: &M) -> u32 {
        let mut rest_parities = [false; 2];
        splitting_takes(game, n, 4).for_each(|j| rest_parities[(n - j) % 2] = true);
        let (mask, domain) = (self.mask, self.domain as usize);
        let needs_search = |v: u32| (0..2).any(|p| rest_parities[p] && parity(v, mask) as usize ^ (domain & p) == 0);
        self.pending.clear();
        let mut v = seen.next_absent(0);
        loop {
            if v >= self.bound || !needs_search(v) {
                return v.min(self.bound);
            }
            self.pending.push(v);
            v = seen.next_absent(v + 1);
        }
    }

    /// The values below 64 that need a same-class witness (as bits), for
    /// heaps of even and of odd size, given the splitting takes (the same
    /// for every heap past the written digits).
    pub(super) fn searched_bits(&self, takes: &[usize]) -> [u64; 2] {
        // The values below 64 whose parity under the mask is odd.
        let odd = (0..6).filter(|&b| self.mask >> b & 1 != 0).fold(0, |odd, b| odd ^ BIT_COLUMNS[b]);
        // A remainder n − j of parity p needs same-class witnesses for the
        // values with parity(v & m) = s·p.
        [0, 1].map(|n| takes.iter().fold(0, |bits, &j| bits | if self.domain && (n + j) % 2 == 1 { odd } else { !odd }))
    }

    /// [`Split::settle`] for values below 64 (`bound` at most 64), with the
    /// options, and the values that need a search, as bits: the upper bound,
    /// and the pending values as bits.
    #[inline]
    pub(super) fn settle_bits(bound: u32, searched: u64, seen: u64) -> (u32, u64) {
        debug_assert!(bound <= u64::BITS);
        let absent = !seen & below(bound);
        let upper = (absent & !searched).trailing_zeros().min(bound);
        (upper, absent & searched & below(upper))
    }

    /// [`Split::check_pending`] with the pending values as bits (below 64).
    pub(super) fn check_pending_bits<T: Value>(
        &mut self,
        game: &HeapGame,
        values: &[T],
        upper: u32,
        pending: u64,
    ) -> u32 {
        self.pending.clear();
        let mut bits = pending;
        while bits != 0 {
            self.pending.push(bits.trailing_zeros());
            bits &= bits - 1;
        }
        self.check_pending(game, values, upper, 0)
    }

    /// Whether passes may test pending values a vector of splits at a time
    /// (see `pending.rs`); the values are the same either way.
    #[cfg(test)]
    pub(super) fn set_vector(&mut self, vector: bool) {
        self.pass.set_vector(vector);
    }

    /// The listed heaps, ascending, and their values.
    pub(super) fn listed(&self) -> (&[u32], &[u32]) {
        (&self.listed, &self.listed_values)
    }

    /// When the split is chosen again (as the values reach this many).
    pub(super) fn next_choice(&self) -> usize {
        self.next_choice
    }

    /// A power of two above every value so far.
    pub(super) fn bound(&self) -> u32 {
        self.bound
    }

    /// Splits examined by passes so far (to decide whether passes are long).
    pub(super) fn pass_work(&self) -> u64 {
        self.pass_work
    }
}

/// Marks the values `G(a) ⊕ G(rest − a)` of the splits of `rest` with a
/// listed part `a` (each below `rest`): a load, an XOR and a store a heap.
#[inline]
fn mark_listed<T: Value, M: Marks>(seen: &mut M, heaps: &[u32], heap_values: &[u32], values: &[T], rest: usize) {
    let window = &values[..rest];
    seen.insert_all(heaps.iter().zip(heap_values).map(|(&a, &value)| value ^ window[rest - a as usize].get()));
}
