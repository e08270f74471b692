//! The running-count method, for games that take any number of counters
//! but a few: Nim and the all-but subtraction games.
//!
//! In `all-but:S` a heap `n` may leave any heap `m < n` except `n − s` for
//! `s ∈ S`. So its options' values are the multiset of all earlier values
//! minus at most `|S|` of them. Keep `count[v]` (how many earlier heaps have
//! value `v`) and `M`, the least `v` with `count[v] = 0`. Removing the
//! excluded heaps can only empty a count that was 1, so
//!
//! ```text
//! G(n) = min(M, min{ G(n − s) : s ∈ S, count[G(n − s)] drops to 0 })
//! ```
//!
//! — `O(|S|)` a heap instead of a pass over every earlier value. `M` only
//! grows (counts only grow), so keeping it costs `O(1)` amortized.

use super::HeapGame;
use crate::error::Result;
use crate::sequence::Value;

/// Whether the method applies: no splits, no digit before the point, every
/// written digit either 0 (that number may not be taken) or 3 (it may, and
/// the heap may vanish), and a tail of 3 (any larger number may be taken).
pub fn supports(game: &HeapGame) -> bool {
    let digits = game.digits();
    game.tail() == 3 && !game.unequal() && digits[0] == 0 && digits[1..].iter().all(|&d| d == 0 || d == 3)
}

/// The counts of the values so far.
pub(super) struct Counts {
    /// The numbers that may not be taken.
    excluded: Vec<usize>,
    count: Vec<u64>,
    /// The least value no earlier heap has.
    absent: u32,
    /// Scratch: the values of the excluded options of the current heap.
    removed: Vec<u32>,
}

impl Counts {
    pub fn new(game: &HeapGame) -> Self {
        let excluded = (1..game.digits().len()).filter(|&j| game.digit(j) == 0).collect();
        Counts { excluded, count: Vec::new(), absent: 0, removed: Vec::new() }
    }

    pub fn next_value<T: Value>(&mut self, values: &[T]) -> u32 {
        let n = values.len();
        self.removed.clear();
        for &s in self.excluded.iter().take_while(|&&s| s <= n) {
            let v = values[n - s].get();
            self.count[v as usize] -= 1;
            self.removed.push(v);
        }
        let mut value = self.absent;
        for &v in &self.removed {
            if self.count[v as usize] == 0 {
                value = value.min(v);
            }
        }
        for &v in &self.removed {
            self.count[v as usize] += 1;
        }
        value
    }

    /// Makes room for the counts of the first `heaps` heaps before they are
    /// computed, or says why there is none: a heap's value is at most its
    /// size (it has at most that many options), so `heaps` counts always
    /// suffice, and Nim needs every one of them — 2.4 GB for 3 × 10^8
    /// heaps, which grew by doublings unchecked until the allocator aborted.
    pub fn reserve(&mut self, heaps: usize) -> Result<()> {
        if self.count.capacity() >= heaps {
            return Ok(());
        }
        let more = heaps.saturating_sub(self.count.len());
        crate::watch::reserve(&mut self.count, more, || {
            format!("the running counts of the values of {heaps} heaps (out of memory)")
        })
    }

    /// Counts the newest value (the last of `values`).
    pub fn record<T: Value>(&mut self, values: &[T]) {
        let v = values[values.len() - 1].get() as usize;
        if v >= self.count.len() {
            // Within what `reserve` set aside where it can: a doubling past
            // it would allocate again, unchecked.
            let len = (v + 1).next_power_of_two();
            self.count.resize(if self.count.capacity() > v { len.min(self.count.capacity()) } else { len }, 0);
        }
        self.count[v] += 1;
        while self.count.get(self.absent as usize).is_some_and(|&c| c > 0) {
            self.absent += 1;
        }
    }
}
