//! The rare/common method for games whose values all lie below 64, a heap
//! at a time with the heap's option values as one 64-bit word.
//!
//! In most octal games (0.106: values below 32 to 10^8, about 20 listed
//! heaps) a heap's work is small: the listed splits, the upper bound and a
//! pass that meets its few pending values within the first splits. What the
//! general loop (`block.rs`) spends is the machinery around it: a row of 256
//! marks a heap, the scan for absent values, the pending values as a list,
//! the pass's set-up. Here every set of values is a word: a mark is an OR, the
//! upper bound is a trailing-zero count, the pending values are a mask, and
//! the pass over the first splits ends when the mask is covered. A heap
//! whose pending values the first [`EARLY_PARTS`] splits do not all meet
//! goes to the general pass ([`Split::check_pending_bits`]), so the values
//! are those of [`Split::next_value`].

use super::pass::last_part;
use super::rare_common::Split;
use super::seen::Marks;
use super::{simple_options, splitting_takes, HeapGame};
use crate::sequence::Value;

/// Values below this fit a word of marks.
const BITS: u32 = u64::BITS;

/// Splits `a + (rest − a)`, `a ≤ EARLY_PARTS`, tried with the word before
/// the general pass runs.
const EARLY_PARTS: usize = 1024;

/// Whether every value so far (and so every option's) fits a word.
pub(super) fn fits(split: &Split) -> bool {
    split.bound() <= BITS
}

/// A set of values below 64.
#[derive(Clone, Copy, Default)]
pub(super) struct Word(pub u64);

impl Marks for Word {
    #[inline]
    fn insert(&mut self, value: u32) {
        debug_assert!(value < BITS);
        self.0 |= 1 << (value & (BITS - 1));
    }

    #[inline]
    fn next_absent(&self, from: u32) -> u32 {
        if from >= BITS {
            return from;
        }
        from + (!self.0 >> from).trailing_zeros().min(BITS - from)
    }
}

/// Computes heaps until `values` holds `end` or a value reaches 64 (the
/// caller then goes on by blocks). Returns the first value that does not fit
/// in `T`, unstored.
pub(super) fn run<T: Value>(split: &mut Split, game: &HeapGame, values: &mut Vec<T>, end: usize) -> Option<u32> {
    // Past the written digits (the code has no tail) every splitting take
    // applies to every heap: the takes, and the values that need a search for
    // each parity of the heap, stay fixed until the split is chosen again.
    debug_assert!(values.len() > game.digits().len() && game.tail() == 0);
    let takes: Vec<usize> = splitting_takes(game, values.len(), 4).collect();
    let (mut choice, mut searched) = (split.next_choice(), split.searched_bits(&takes));
    while values.len() < end && fits(split) {
        if split.next_choice() != choice {
            (choice, searched) = (split.next_choice(), split.searched_bits(&takes));
        }
        let n = values.len();
        let mut seen = Word::default();
        simple_options(game, values, &mut seen);
        let listed = split.listed().0.len();
        for &j in &takes {
            split.list(game, values, &mut seen, n - j, 0..listed);
        }
        let (upper, pending) = Split::settle_bits(split.bound(), searched[n % 2], seen.0);
        let value = if pending == 0 || all_met_early(game, values, &takes, pending) {
            upper
        } else {
            split.check_pending_bits(game, values, upper, pending)
        };
        if let Err(value) = split.store(game, values, value) {
            return Some(value);
        }
    }
    None
}

/// Whether the splits `a + (rest − a)`, `a ≤ EARLY_PARTS`, meet every
/// pending value (a bit each). A test a split keeps the loop scalar (eight
/// splits between tests made the compiler emulate the shifts in vectors,
/// which cost more).
#[inline]
fn all_met_early<T: Value>(game: &HeapGame, values: &[T], takes: &[usize], pending: u64) -> bool {
    let n = values.len();
    let mut met = 0u64;
    for &j in takes {
        let rest = n - j;
        let last = last_part(game, rest).min(EARLY_PARTS);
        // `low[i]` pairs with `high[last − 1 − i]`.
        let (low, high) = (&values[1..=last], &values[rest - last..rest]);
        for (x, y) in low.iter().zip(high.iter().rev()) {
            met |= 1 << ((*x ^ *y).get() & (BITS - 1));
            if pending & !met == 0 {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_finds_its_absent_values() {
        let mut word = Word::default();
        [0, 1, 2, 5, 63].into_iter().for_each(|v| word.insert(v));
        assert_eq!([0, 3, 5, 6, 63, 64, 70].map(|from| word.next_absent(from)), [3, 3, 6, 6, 64, 64, 70]);
        assert_eq!(Word(u64::MAX).next_absent(0), 64);
    }
}
