//! The pass over all two-heap splits of one heap that looks for the
//! pending values (see [`rare_common`](super::rare_common)).
//!
//! The pass stops as soon as every pending value has been met, so its cost
//! is the number of splits examined before the last pending value turns
//! up: in Grundy's game about 3 000 a heap when the splits `a + (n − a)`
//! are taken in order of `a`. Most of that is waste: the values of Grundy's
//! game repeat almost every third heap over long stretches, so neighbouring
//! splits have correlated values, and small heaps have small values, so
//! `G(a) ⊕ G(n − a)` for small `a` is close to `G(n − a)` and rarely a small
//! pending value. The pass therefore takes, after a short prefix in order
//! (where the witnesses of most octal games are), blocks of
//! [`SCATTER_BLOCK`] splits scattered over the next [`SCATTER_SPAN`]
//! heaps, then the rest in order. Measured on the values to 2^20 (heaps
//! sampled above 2^19, `docs/heap-scale.md`): about 1 200–1 600 splits a
//! heap instead of 3 000. The span is small enough that both ends it reads
//! stay in the L2 cache from one heap to the next; every split is still
//! examined when a pending value is the answer.

use std::ops::Range;

use super::pending::{Avx2, PendingSet};
use super::seen::Seen;
use super::{splitting_takes, HeapGame};
use crate::sequence::{Value, Values};

/// The first heaps `a` are taken in order, in blocks that double from
/// [`FIRST_BLOCK`]: in most octal games every pending value is met there.
const FIRST_BLOCK: usize = 4;
const SCATTER_FROM: usize = 64;
/// Splits in a scattered block: enough for the loop to run at full speed,
/// few enough that neighbouring, correlated splits are not over-sampled.
const SCATTER_BLOCK: usize = 32;
/// The span over which blocks are scattered (at most).
const SCATTER_SPAN: usize = 1 << 16;
/// Blocks past the scattered span, in order.
const BLOCK: usize = 256;
/// An odd step (the golden ratio times 2^32): block `k` of `B` (a power of
/// two) is `k · STRIDE mod B`, a permutation that puts consecutive blocks
/// far apart.
const STRIDE: usize = 0x9E37_79B9;

/// The most pending values the bit path tracks, and the largest bound on
/// the values for which it keeps a table of bits (16 bytes a value).
const MAX_BITS: usize = 128;
const MAX_BIT_TABLE: u32 = 1 << 16;

/// The scattered blocks over the whole span, in the order the pass takes
/// them: the first `blocks` of them, as parts `a`.
pub(super) fn first_scattered(blocks: usize) -> impl Iterator<Item = usize> {
    order(SCATTER_FROM + SCATTER_SPAN, 0).skip_while(|r| r.start < SCATTER_FROM).take(blocks).flatten()
}

/// Splits in a scattered block.
pub(super) const SCATTER_BLOCK_LEN: usize = SCATTER_BLOCK;

/// The ranges of smaller parts `a` of the splits `a + (rest − a)`, `a` from
/// 1 to `last`, in the order the pass takes them: each `a` exactly once,
/// except that when the scattered blocks span all of [`SCATTER_SPAN`], the
/// first `skip` of them are left out (the block listing has marked them).
#[inline]
pub(super) fn order(last: usize, skip: usize) -> impl Iterator<Item = Range<usize>> {
    let (prefix, scattered, rest) = order_parts(last, skip);
    prefix.chain(scattered.map(|start| start..start + SCATTER_BLOCK)).chain(rest)
}

/// [`order`] in its three parts: the prefix in doubling blocks, the starts
/// of the scattered blocks (of [`SCATTER_BLOCK`] splits each), the rest.
#[inline]
fn order_parts(
    last: usize,
    skip: usize,
) -> (impl Iterator<Item = Range<usize>>, impl Iterator<Item = usize>, impl Iterator<Item = Range<usize>>) {
    let end = last + 1;
    let prefix_end = end.min(SCATTER_FROM);
    let prefix = std::iter::successors(Some(1..(1 + FIRST_BLOCK).min(prefix_end)), move |r: &Range<usize>| {
        (r.end < prefix_end).then(|| r.end..(r.end + 2 * r.len()).min(prefix_end))
    })
    .filter(|r| !r.is_empty());
    // The largest power-of-two count of blocks that fits.
    let room = end.saturating_sub(SCATTER_FROM).min(SCATTER_SPAN) / SCATTER_BLOCK;
    let blocks: usize = if room == 0 { 0 } else { 1 << room.ilog2() };
    let skip = if blocks == SCATTER_SPAN / SCATTER_BLOCK { skip.min(blocks) } else { 0 };
    let scattered = (skip..blocks).map(move |k| SCATTER_FROM + (k.wrapping_mul(STRIDE) & (blocks - 1)) * SCATTER_BLOCK);
    let rest_start = if blocks == 0 { prefix_end } else { SCATTER_FROM + blocks * SCATTER_BLOCK };
    let rest = (rest_start..end).step_by(BLOCK).map(move |a| a..(a + BLOCK).min(end));
    (prefix, scattered, rest)
}

/// The scratch space of passes (one per thread).
#[derive(Default)]
pub(super) struct Pass {
    /// Each value's bit: `1 << i` for the `i`-th pending value, 0 otherwise.
    want: Vec<u128>,
    /// The values of the splits met so far, in a pass by marks.
    hits: Seen,
    /// The values of heaps `0..m` in reverse, `m` up to [`REVERSED`] and past
    /// every smaller part of the last heap's splits: with them,
    /// both parts of a block of splits are read forwards, so comparing a
    /// block's values with a few pending ones is a vector loop.
    reversed: Values,
    /// Whether passes test the pending values as a set of bytes, a vector of
    /// splits at a time: the proof that the processor has AVX2, once asked.
    by_set: Option<Option<Avx2>>,
}

/// Heaps whose values [`Pass::reversed`] keeps: every scattered block.
const REVERSED: usize = SCATTER_FROM + SCATTER_SPAN;
/// When this few pending values are left, the pass compares instead of
/// looking up bits.
const FEW: usize = 4;

impl Pass {
    /// The least of `pending` (ascending, all below `bound`) that no split
    /// of heap `values.len()` into two heaps reaches, if any; and how many
    /// splits were examined.
    ///
    /// Each pending value gets a bit; `want` maps a value to its bit (or to
    /// none), and the bits met are OR-ed together, so a split costs three
    /// loads and an OR, with no branch. Whether every pending value has been
    /// met is one comparison a block.
    pub(super) fn unmet<T: Value>(
        &mut self,
        game: &HeapGame,
        values: &[T],
        pending: &[u32],
        bound: u32,
        skip: usize,
    ) -> (Option<u32>, u64) {
        if pending.is_empty() || all_met_first(game, values, pending) {
            return (None, 0);
        }
        // The copy covers every smaller part (below n/2 + 1), up to REVERSED
        // heaps; it is made again each time it must grow, to twice the heaps.
        let needed = (values.len() / 2 + 1).min(REVERSED);
        if T::unwrap(&self.reversed).is_none_or(|r| r.len() < needed) {
            let len = needed.next_power_of_two().min(REVERSED).min(values.len());
            self.reversed = T::wrap(values[..len].iter().rev().copied().collect());
        }
        let reversed = T::unwrap(&self.reversed);
        if let (Some(avx2), Some(reversed)) = (*self.by_set.get_or_insert_with(Avx2::detect), reversed) {
            if pending.last() < Some(&256) {
                return avx2.run(|| unmet_by_set(game, values, reversed, pending, skip, avx2));
            }
        }
        if pending.len() > MAX_BITS || bound > MAX_BIT_TABLE {
            return self.unmet_by_marks(game, values, pending, bound, skip);
        }
        let n = values.len();
        if self.want.len() < bound as usize {
            self.want.resize(bound as usize, 0);
        }
        pending.iter().enumerate().for_each(|(i, &v)| self.want[v as usize] = 1 << i);
        let all = u128::MAX >> (MAX_BITS - pending.len());
        let want = &self.want[..bound as usize];
        let (mut met, mut work) = (0u128, 0u64);
        // The pending values left, with their bits, once there are few.
        let (mut few, mut comparing) = ([(0u128, T::default()); FEW], 0);
        'pass: for j in splitting_takes(game, n, 4) {
            let rest = n - j;
            for a in order(last_part(game, rest), skip) {
                work += a.len() as u64;
                if comparing == 0 {
                    met |= block_bits(values, want, rest, a.clone());
                    if met == all {
                        break 'pass;
                    }
                    let unmet = all & !met;
                    if unmet.count_ones() as usize <= FEW && reversed.is_some() {
                        for i in (0..pending.len()).filter(|&i| unmet & (1 << i) != 0) {
                            few[comparing] = (1 << i, T::new(pending[i]));
                            comparing += 1;
                        }
                    }
                } else {
                    for &(bit, value) in &few[..comparing] {
                        if met & bit == 0 && block_meets(values, reversed, rest, a.clone(), value) {
                            met |= bit;
                        }
                    }
                    if met == all {
                        break 'pass;
                    }
                }
            }
        }
        pending.iter().for_each(|&v| self.want[v as usize] = 0);
        let unmet = (0..pending.len()).find(|&i| met & (1 << i) == 0).map(|i| pending[i]);
        (unmet, work)
    }

    /// Whether to test the splits against the pending values 32 at a time
    /// (`pending.rs`; AVX2). Unset until the first pass asks the processor.
    #[cfg(test)]
    pub(super) fn set_vector(&mut self, vector: bool) {
        self.by_set = Some(Avx2::detect().filter(|_| vector));
    }

    /// The pass when too many values are pending for a bit each (or the
    /// values are too large for a table of bits): the splits' values are
    /// marked, and the pending checked per block.
    fn unmet_by_marks<T: Value>(
        &mut self,
        game: &HeapGame,
        values: &[T],
        pending: &[u32],
        bound: u32,
        skip: usize,
    ) -> (Option<u32>, u64) {
        let n = values.len();
        let mut pending = pending.to_vec();
        let hits = &mut self.hits;
        hits.clear();
        hits.reserve(bound);
        let mut work = 0;
        for j in splitting_takes(game, n, 4) {
            let rest = n - j;
            for a in order(last_part(game, rest), skip) {
                let (low, high) = pairs(values, rest, a.clone());
                hits.insert_all(low.iter().zip(high.iter().rev()).map(|(x, y)| x.get() ^ y.get()));
                work += a.len() as u64;
                pending.retain(|&v| !hits.contains(v));
                if pending.is_empty() {
                    return (None, work);
                }
            }
        }
        (pending.first().copied(), work)
    }
}

/// The smaller parts `a ≤ FIRST_PARTS` that [`all_met_first`] tries.
const FIRST_PARTS: usize = 16;

/// Whether the first splits `a + (rest − a)`, `a ≤ FIRST_PARTS`, meet all
/// of a few pending values: in most octal games (0.106) they do, and then a
/// pass costs a few dozen instructions, without the set-up of the table or
/// the vectors. (Those splits are examined again when they do not.)
#[inline]
fn all_met_first<T: Value>(game: &HeapGame, values: &[T], pending: &[u32]) -> bool {
    if pending.len() > FEW {
        return false;
    }
    let mut left = [u32::MAX; FEW];
    left[..pending.len()].copy_from_slice(pending);
    let mut count = pending.len();
    let n = values.len();
    for j in splitting_takes(game, n, 4) {
        let rest = n - j;
        for a in 1..=last_part(game, rest).min(FIRST_PARTS) {
            let value = values[a].get() ^ values[rest - a].get();
            for slot in left.iter_mut().filter(|slot| **slot == value) {
                *slot = u32::MAX;
                count -= 1;
            }
            if count == 0 {
                return true;
            }
        }
    }
    false
}

/// The pass with the pending values (all below 256) as a [`PendingSet`],
/// met by vectors of 32 splits: within the reversed copy (up to
/// [`REVERSED`] heaps) both parts of a block are read forwards (the smaller
/// from the copy), past it a split at a time. The same splits in the same order as [`Pass::unmet`].
#[inline(always)]
fn unmet_by_set<T: Value>(
    game: &HeapGame,
    values: &[T],
    reversed: &[T],
    pending: &[u32],
    skip: usize,
    avx2: Avx2,
) -> (Option<u32>, u64) {
    let n = values.len();
    let mut set = PendingSet::new(pending);
    let vector = Some(avx2);
    // Every smaller part lies within the copy.
    let copied = reversed.len();
    let mut work = 0;
    for j in splitting_takes(game, n, 4) {
        let rest = n - j;
        let (prefix, scattered, after) = order_parts(last_part(game, rest), skip);
        // In the order of `order`; the scattered blocks (all within the copy)
        // in one loop, without a range a block.
        for a in prefix {
            work += a.len() as u64;
            let high = &values[rest + 1 - a.end..=rest - a.start];
            set.meet_all(&reversed[copied - a.end..copied - a.start], high, vector);
            if set.is_empty() {
                return (None, work);
            }
        }
        let mut blocks = 0;
        let scattered = scattered.inspect(|_| blocks += 1);
        let done = set.meet_blocks((reversed, values), (copied, rest + 1), scattered, vector);
        work += (blocks * SCATTER_BLOCK) as u64;
        if done {
            return (None, work);
        }
        for a in after {
            work += a.len() as u64;
            if a.end <= copied {
                let high = &values[rest + 1 - a.end..=rest - a.start];
                set.meet_all(&reversed[copied - a.end..copied - a.start], high, vector);
            } else {
                let (low, high) = pairs(values, rest, a);
                set.meet_all_reversed(low, high);
            }
            if set.is_empty() {
                return (None, work);
            }
        }
    }
    (set.least(), work)
}

/// The largest smaller part of a split of `rest` (Grundy's game forbids the
/// equal split).
#[inline]
pub(super) fn last_part(game: &HeapGame, rest: usize) -> usize {
    if game.unequal() {
        (rest - 1) / 2
    } else {
        rest / 2
    }
}

/// The heaps `a` of a range and their partners `rest − a` (reversed).
#[inline]
fn pairs<T: Value>(values: &[T], rest: usize, a: Range<usize>) -> (&[T], &[T]) {
    (&values[a.clone()], &values[rest + 1 - a.end..=rest - a.start])
}

/// The OR of the bits of the values of the splits `a + (rest − a)`.
#[inline]
fn block_bits<T: Value>(values: &[T], want: &[u128], rest: usize, a: Range<usize>) -> u128 {
    let (low, high) = pairs(values, rest, a);
    let last = low.len() - 1;
    let high = &high[..=last];
    // Two accumulators, so consecutive ORs do not wait on each other.
    let (mut even, mut odd) = (0u128, 0u128);
    for i in (0..last).step_by(2) {
        even |= want[(low[i].get() ^ high[last - i].get()) as usize];
        odd |= want[(low[i + 1].get() ^ high[last - i - 1].get()) as usize];
    }
    if last % 2 == 0 {
        even |= want[(low[last].get() ^ high[0].get()) as usize];
    }
    even | odd
}

/// Whether a split `a + (rest − a)` of the range has the value `value`.
/// Within the reversed copy the smaller parts are read forwards from the
/// reversed copy, the larger ones forwards from the values: one XOR and one
/// comparison a split, which the compiler turns into a vector loop.
#[inline]
fn block_meets<T: Value>(values: &[T], reversed: Option<&[T]>, rest: usize, a: Range<usize>, value: T) -> bool {
    let high = &values[rest + 1 - a.end..=rest - a.start];
    match reversed.filter(|r| a.end <= r.len()) {
        Some(reversed) => {
            let low = &reversed[reversed.len() - a.end..reversed.len() - a.start];
            low.iter().zip(high).fold(false, |met, (&x, &y)| met | (x ^ y == value))
        }
        None => values[a].iter().zip(high.iter().rev()).any(|(&x, &y)| x ^ y == value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bit_pass_and_the_marking_pass_agree() {
        // Both against every split's value computed directly, for heaps of
        // Grundy's game and of 0.106 and pending sets of many sizes.
        for code in ["grundys-game", "0.106"] {
            let game = HeapGame::parse(code).unwrap();
            let values: Vec<u8> =
                super::super::nim_values(&game, 3000).unwrap().to_vec().iter().map(|&v| v as u8).collect();
            let mut random = crate::testing::Xorshift::new(7);
            let mut pass = Pass::default();
            for n in (200..3000).step_by(97) {
                let mut reached = vec![false; 256];
                for j in splitting_takes(&game, n, 4) {
                    let rest = n - j;
                    (1..=last_part(&game, rest)).for_each(|a| reached[(values[a] ^ values[rest - a]) as usize] = true);
                }
                for size in [1, 5, 40, 300] {
                    let mut pending: Vec<u32> =
                        (0..size).map(|_| random.below(if size > 100 { 256 } else { 64 }) as u32).collect();
                    pending.sort_unstable();
                    pending.dedup();
                    let expected = pending.iter().copied().find(|&v| !reached[v as usize]);
                    let by_bits = pass.unmet(&game, &values[..n], &pending, 256, 0).0;
                    let by_marks = pass.unmet_by_marks(&game, &values[..n], &pending, 256, 0).0;
                    assert_eq!((by_bits, by_marks), (expected, expected), "{code}, heap {n}, {pending:?}");
                }
            }
        }
    }

    #[test]
    fn comparing_few_pending_values_agrees_with_every_split() {
        // Values past the reversed copy, skewed so that some values are rare:
        // the pass switches to comparing once few pending values are left.
        let mut random = crate::testing::Xorshift::new(11);
        let values: Vec<u8> = (0..150_000)
            .map(|_| {
                let bits = random.below(8);
                random.below(1 << bits) as u8
            })
            .collect();
        // With the pending values as a vector-tested set (AVX2, where the
        // processor has it) and by the bits and comparisons.
        for vector in [false, true] {
            let mut pass = Pass::default();
            pass.set_vector(vector);
            for game in [HeapGame::grundys_game(), HeapGame::parse("4.07").unwrap()] {
                for n in [131_500, 140_001, 149_998] {
                    let mut reached = [false; 256];
                    for j in splitting_takes(&game, n, 4) {
                        let rest = n - j;
                        (1..=last_part(&game, rest))
                            .for_each(|a| reached[(values[a] ^ values[rest - a]) as usize] = true);
                    }
                    for size in [1, 3, 6, 12] {
                        let mut pending: Vec<u32> = (0..size).map(|_| random.below(256) as u32).collect();
                        pending.sort_unstable();
                        pending.dedup();
                        let expected = pending.iter().copied().find(|&v| !reached[v as usize]);
                        let (unmet, _) = pass.unmet(&game, &values[..n], &pending, 256, 0);
                        assert_eq!(unmet, expected, "heap {n}, {pending:?}, vector {vector}");
                    }
                }
            }
            assert_eq!(pass.reversed.len(), REVERSED, "the comparing path ran");
        }
    }

    #[test]
    fn the_order_takes_every_part_once() {
        for last in (0..300).chain([1000, 5000, 70_000, 200_000]) {
            let mut seen = vec![0u8; last + 1];
            for range in order(last, 0) {
                assert!(!range.is_empty() && range.start >= 1 && range.end <= last + 1, "{range:?} for {last}");
                range.for_each(|a| seen[a] += 1);
            }
            assert!(seen[1..].iter().all(|&count| count == 1), "last part {last}");
        }
    }

    #[test]
    fn the_order_without_the_first_scattered_blocks_takes_every_other_part_once() {
        // The block listing marks the first scattered blocks (its probes) and
        // the pass leaves them out: together, every part exactly once.
        for last in [SCATTER_FROM + SCATTER_SPAN - 1, 100_000, 300_000] {
            for skip in [0, 1, 64, SCATTER_SPAN / SCATTER_BLOCK] {
                let mut seen = vec![0u8; last + 1];
                first_scattered(skip).for_each(|a| seen[a] += 1);
                order(last, skip).flatten().for_each(|a| seen[a] += 1);
                assert!(seen[1..].iter().all(|&count| count == 1), "last part {last}, {skip} skipped");
            }
        }
        // With a partial span nothing is left out.
        assert_eq!(order(5000, 10).map(|r| r.len()).sum::<usize>(), 5000);
    }
}
