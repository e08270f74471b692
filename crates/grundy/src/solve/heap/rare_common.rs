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
//! split must pair a rare heap with a common one (1) or two heaps of one
//! class (0). Rare heaps are few in most octal games, so **all** splits with
//! a rare part are listed up front: that settles every candidate whose
//! witnesses must be mixed. Only candidates that need same-class pairs call
//! for a search over all splits, which usually finds a witness within a few
//! steps and is exhaustive only when that candidate is the answer — which
//! is rare.
//!
//! Every mask and `s` give correct values; a good choice gives speed. They
//! are chosen again from the histogram of (value, heap parity) each time the
//! sequence doubles: the choice that makes the fewest heaps rare.

use super::bits::Bits;
use super::{splitting_takes, TailValues};
use crate::catalogue::HeapGame;

/// Whether the method applies: splits leave at most two heaps.
pub fn supports(game: &HeapGame) -> bool {
    game.digits().iter().all(|&d| d & 8 == 0) && game.tail() & 12 == 0
}

/// The state of the split between rare and common heaps.
#[derive(Default)]
pub(super) struct Split {
    mask: u32,
    /// `s`: whether a heap's parity takes part in its class.
    domain: bool,
    /// Heaps of the rare class, ascending.
    rare_heaps: Vec<u32>,
    /// How many heaps have each value, by heap parity.
    histogram: Vec<[u64; 2]>,
    /// When to choose the split again.
    next_choice: usize,
}

/// The widest mask considered, in bits.
const MASK_BITS: u32 = 12;

#[inline]
fn parity(value: u32, mask: u32) -> u32 {
    (value & mask).count_ones() & 1
}

impl Split {
    #[inline]
    fn is_rare(&self, heap: usize, value: u32) -> bool {
        parity(value, self.mask) ^ (self.domain as u32 & heap as u32) == 0
    }

    /// Notes the newest value (the last of `values`).
    pub(super) fn record(&mut self, values: &[u32]) {
        let n = values.len() - 1;
        let value = values[n];
        if value as usize >= self.histogram.len() {
            self.histogram.resize(value as usize + 1, [0; 2]);
        }
        self.histogram[value as usize][n % 2] += 1;
        if self.is_rare(n, value) {
            self.rare_heaps.push(n as u32);
        }
        if values.len() >= self.next_choice {
            self.choose(values);
            self.next_choice = (values.len() * 2).max(64);
        }
    }

    /// How many heaps so far would be rare under `mask` and `domain`.
    fn rare_count(&self, mask: u32, domain: bool) -> u64 {
        let mut count = 0;
        for (value, heaps) in self.histogram.iter().enumerate() {
            for (heap_parity, &heaps) in heaps.iter().enumerate() {
                if parity(value as u32, mask) ^ (domain as u32 & heap_parity as u32) == 0 {
                    count += heaps;
                }
            }
        }
        count
    }

    /// Picks the mask and `s` that make the fewest heaps rare so far.
    fn choose(&mut self, values: &[u32]) {
        let width = (u32::BITS - (self.histogram.len() as u32).leading_zeros()).min(MASK_BITS);
        let candidates = (0..1u32 << width).flat_map(|mask| [(mask, false), (mask, true)]);
        let best = candidates.min_by_key(|&(mask, domain)| (self.rare_count(mask, domain), domain, mask));
        let Some((mask, domain)) = best else { return };
        if self.rare_count(mask, domain) < self.rare_count(self.mask, self.domain) {
            (self.mask, self.domain) = (mask, domain);
            self.rare_heaps = (0..values.len()).filter(|&n| self.is_rare(n, values[n])).map(|n| n as u32).collect();
        }
    }

    /// The next nim-value, given that `seen` already holds the values of
    /// the options that leave no heap or one heap.
    pub(super) fn next_value(&mut self, game: &HeapGame, values: &[u32], _tail: &TailValues, seen: &mut Bits) -> u32 {
        let n = values.len();
        // Every split with a rare part.
        for j in splitting_takes(game, n, 4) {
            let rest = n - j;
            for &a in &self.rare_heaps {
                let a = a as usize;
                if a == 0 {
                    continue;
                }
                if a >= rest {
                    break;
                }
                if !(game.unequal() && 2 * a == rest) {
                    seen.insert(values[a] ^ values[rest - a]);
                }
            }
        }
        let mut candidate = seen.next_absent(0);
        loop {
            if !self.has_same_class_witness(game, values, candidate) {
                return candidate;
            }
            seen.insert(candidate);
            candidate = seen.next_absent(candidate);
        }
    }

    /// Whether some split of heap `values.len()` into two heaps of one class
    /// has nim-value `target` (mixed splits were all listed already).
    fn has_same_class_witness(&self, game: &HeapGame, values: &[u32], target: u32) -> bool {
        let n = values.len();
        splitting_takes(game, n, 4).any(|j| {
            let rest = n - j;
            let mixed = parity(target, self.mask) ^ (self.domain as u32 & rest as u32) == 1;
            !mixed
                && (1..=rest / 2).any(|a| !(game.unequal() && 2 * a == rest) && values[a] ^ values[rest - a] == target)
        })
    }
}
