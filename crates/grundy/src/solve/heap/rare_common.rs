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
//! Every mask and `s` give correct values; a good choice gives speed. They
//! are chosen again from the histogram of (value, heap parity) each time the
//! sequence doubles, to minimise the heaps listed per heap plus the heaps
//! whose own value would have needed an exhaustive search. (In 0.106, for
//! instance, values XOR heap parity all lie in one hyperplane; with its
//! mask and `s = 1` the listed class is nearly empty and almost every mex is
//! settled at once.)

use super::bits::Bits;
use super::splitting_takes;
use crate::catalogue::HeapGame;

/// Whether the method applies: splits leave at most two heaps.
pub fn supports(game: &HeapGame) -> bool {
    game.digits().iter().all(|&d| d & 8 == 0) && game.tail() & 12 == 0
}

/// The state of the split between the two classes of heaps.
#[derive(Default)]
pub(super) struct Split {
    mask: u32,
    /// `s`: whether a heap's parity takes part in its class.
    domain: bool,
    /// The class whose heaps are listed (the smaller one).
    listed_class: u32,
    /// Heaps of the listed class, ascending.
    listed: Vec<u32>,
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
    fn class(&self, heap: usize, value: u32) -> u32 {
        parity(value, self.mask) ^ (self.domain as u32 & heap as u32)
    }

    /// Notes the newest value (the last of `values`).
    pub(super) fn record(&mut self, game: &HeapGame, values: &[u32]) {
        let n = values.len() - 1;
        let value = values[n];
        if value as usize >= self.histogram.len() {
            self.histogram.resize(value as usize + 1, [0; 2]);
        }
        self.histogram[value as usize][n % 2] += 1;
        if self.class(n, value) == self.listed_class {
            self.listed.push(n as u32);
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
    fn choose(&mut self, game: &HeapGame, values: &[u32]) {
        let n = values.len();
        let mut takes = [false; 2];
        for j in splitting_takes(game, n, 4) {
            takes[j % 2] = true;
        }
        let width = (u32::BITS - (self.histogram.len() as u32).leading_zeros()).min(MASK_BITS);
        let candidates = (0..1u32 << width).flat_map(|mask| [(mask, false), (mask, true)]);
        let best = candidates.min_by_key(|&(mask, domain)| (self.cost(mask, domain, takes).0, domain, mask));
        let Some((mask, domain)) = best else { return };
        let (cost, listed_class) = self.cost(mask, domain, takes);
        if cost < self.cost(self.mask, self.domain, takes).0 || self.next_choice == 0 {
            (self.mask, self.domain, self.listed_class) = (mask, domain, listed_class);
            self.listed = (0..n).filter(|&h| self.class(h, values[h]) == listed_class).map(|h| h as u32).collect();
        }
    }

    /// The next nim-value, given that `seen` already holds the values of
    /// the options that leave no heap or one heap.
    pub(super) fn next_value(&mut self, game: &HeapGame, values: &[u32], seen: &mut Bits) -> u32 {
        let n = values.len();
        // Every split with a part in the listed class: all mixed splits.
        for j in splitting_takes(game, n, 4) {
            let rest = n - j;
            for &a in &self.listed {
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
