//! The rare/common method a block of heaps at a time.
//!
//! For heap `n`, the listing reads `G(n − j − a)` for each of the ~1 300
//! listed heaps `a` of Grundy's game: scattered reads over the last ~10^5
//! values, one a listed heap, which no cache level keeps close. For a block
//! of heaps `n₀ … n₀ + B − 1`, every listed heap `a ≥ B` pairs with
//! `G(n₀ − j − a + k)`, `k < B`: **B contiguous values, all known before the
//! block starts**. So the block lists with the heap `a` outside and the block
//! inside: one contiguous read, an XOR with `G(a)` and one store into the
//! heap's row of [`Rows`] an option, every row a fixed stride from the last.
//! Listed heaps below `B` (whose partners lie in the block itself) and
//! those too large to pair with every heap of the block are listed per
//! heap, afterwards, in order, as before.
//!
//! The same loop also takes a fixed set of *probes*: splits `a + (n − a)`
//! with `a` scattered over `64 ≤ a < 2^16` (the order the pass starts with,
//! `pass.rs`). Their values are genuine options too, so marking them is
//! always correct; in Grundy's game they meet most pending values (the
//! rare values below the upper bound, which need two heaps of one class) at
//! a fraction of the pass's cost a split, and the pass runs only for what
//! they miss. Every value is still decided exactly as by
//! [`Split::next_value`]: the listing is complete, and the pass examines
//! every split before it declares a pending value unmet.
//!
//! A block's listing of listed heaps ([`Listing`]) depends only on its
//! [`Plan`] (which heaps, how wide the rows), the values before it and the
//! listed heaps, so on two cores it is made a block ahead, while the heaps
//! of the block before are finished (`pipeline.rs`).

use super::pass::{first_scattered, SCATTER_BLOCK_LEN};
use super::rare_common::Split;
use super::seen::Rows;
use super::{simple_options, splitting_takes, HeapGame};
use crate::sequence::Value;

/// Heaps a block, at most (rows of 256 values: 16 KB, in the L1 cache).
pub(super) const BLOCK: usize = 64;
/// The block's rows take at most this many bytes.
const ROWS_BYTES: usize = 1 << 14;
/// Probes a heap (for games whose passes are long). Measured on Grundy's
/// game to 2^20: with the table pass, 512 to 2048 probes cost about the
/// same and none a third more; once the pass tests 32 splits at once
/// (`pending.rs`), 256 and 512 probes beat 1024 by about a tenth, and none
/// still costs more (`docs/heap-scale.md`).
const PROBES: usize = 512;

/// The block listing's state.
#[derive(Default)]
pub(super) struct Blocks {
    /// The current block's listing.
    pub(super) listing: Listing,
    /// A second listing, for the thread that lists a block ahead.
    pub(super) spare: Listing,
    /// Parts `a` of the probes, ascending.
    probes: Vec<u32>,
    /// Blocks whose listing was made ahead and used, and made ahead but
    /// thrown away (the block before ended early, or grew wider).
    pub(super) ahead: (usize, usize),
}

impl Blocks {
    pub fn new(probing: bool) -> Self {
        let blocks = if probing { PROBES / SCATTER_BLOCK_LEN } else { 0 };
        let mut probes: Vec<u32> = first_scattered(blocks).map(|a| a as u32).collect();
        probes.sort_unstable();
        Blocks { probes, ..Default::default() }
    }
}

/// Whether heap `n` can start a block: every splitting take is allowed for
/// every heap from `n` on.
pub(super) fn ready(game: &HeapGame, n: usize) -> bool {
    n >= game.digits().len() + 2 * BLOCK
}

/// Which heaps a block holds and how wide its rows are. With the values
/// before the block and the listed heaps, it decides the block's listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Plan {
    pub(super) first: usize,
    pub(super) len: usize,
    width: usize,
    /// When the split is chosen again: until then the listed heaps below the
    /// block only grow at their end, past every part the block lists at once.
    next_choice: usize,
}

impl Plan {
    /// The block that starts at the next heap.
    pub(super) fn new(split: &Split, first: usize, end: usize) -> Plan {
        // Rows of at least 256 values, so that byte values need no check.
        let width = (split.bound() as usize).max(256);
        Plan::sized(first, width, end, split.next_choice())
    }

    fn sized(first: usize, width: usize, end: usize, next_choice: usize) -> Plan {
        // The split is chosen again only between blocks.
        let len = (ROWS_BYTES / width).clamp(8, BLOCK).min(end - first).min(next_choice - first);
        Plan { first, len, width, next_choice }
    }

    /// The block after this one, if this one ends as planned (no value
    /// outgrows the rows) and the split is not chosen again in between.
    pub(super) fn next(&self, end: usize) -> Option<Plan> {
        let first = self.first + self.len;
        (first < end.min(self.next_choice)).then(|| Plan::sized(first, self.width, end, self.next_choice))
    }
}

/// A block's rows, with the splits whose listed part pairs with every heap
/// of the block stored in them at once.
#[derive(Default)]
pub(super) struct Listing {
    /// The block listed, if any.
    pub(super) plan: Option<Plan>,
    rows: Rows,
    /// For each splitting take: the listed heaps, as a range of indices,
    /// listed at once.
    at_once: Vec<(usize, usize, usize)>,
}

impl Listing {
    /// Starts the rows of `plan`'s block and stores at once the splits whose
    /// listed part `a` is at least `from` and the smaller part of every
    /// heap's split (2a < rest). Their partners must be in `values`: every
    /// heap below `plan.first + plan.len − from`.
    pub(super) fn list<T: Value>(
        &mut self,
        plan: Plan,
        game: &HeapGame,
        values: &[T],
        (listed, listed_values): (&[u32], &[u32]),
        from: usize,
    ) {
        self.plan = Some(plan);
        self.rows.start(plan.len, plan.width);
        let stamp = self.rows.stamp();
        self.at_once.clear();
        for j in splitting_takes(game, plan.first, 4) {
            let rest = plan.first - j;
            let low = listed.partition_point(|&a| (a as usize) < from);
            let high = listed.partition_point(|&a| 2 * (a as usize) < rest).max(low);
            self.at_once.push((j, low, high));
            let parts = listed[low..high].iter().zip(&listed_values[low..high]).map(|(&a, &g)| (a as usize, g));
            list_at_once(self.rows.rows_mut(plan.len), plan.width, stamp, values, rest, parts);
        }
    }
}

/// Computes heaps until `values` holds `end`, a block at a time; the
/// values are those of [`Split::next_value`]. (`pipeline.rs` does the
/// same with a second thread listing each block ahead.) Returns the first
/// value that does not fit in `T`, unstored.
pub(super) fn run<T: Value>(
    blocks: &mut Blocks,
    split: &mut Split,
    game: &HeapGame,
    values: &mut Vec<T>,
    end: usize,
) -> Option<u32> {
    while values.len() < end {
        let plan = Plan::new(split, values.len(), end);
        // Every part a ≥ len pairs with values before the block.
        blocks.listing.list(plan, game, values, split.listed(), plan.len);
        if let Some(value) = blocks.finish(split, game, values) {
            return Some(value);
        }
    }
    None
}

impl Blocks {
    /// Finishes the block listed in [`Blocks::listing`]: the probes, then
    /// heap by heap the rest of the listing, the upper bound and the pass.
    /// Ends early when a value outgrows the rows. Returns the first value
    /// that does not fit in `T`, unstored.
    pub(super) fn finish<T: Value>(&mut self, split: &mut Split, game: &HeapGame, values: &mut Vec<T>) -> Option<u32> {
        let listing = &mut self.listing;
        let plan = listing.plan.expect("a block listed");
        debug_assert_eq!(plan.first, values.len());
        let stamp = listing.rows.stamp();
        // Whether every probe pairs with every heap of the block, so that the
        // pass may leave them out.
        let mut all_probed = true;
        for j in splitting_takes(game, plan.first, 4) {
            let rest = plan.first - j;
            let usable = self.probes.partition_point(|&a| 2 * (a as usize) < rest);
            let low = self.probes.partition_point(|&a| (a as usize) < plan.len);
            all_probed &= low == 0 && usable == self.probes.len();
            let probes = self.probes[low..usable.max(low)].iter().map(|&a| (a as usize, values[a as usize].get()));
            list_at_once(listing.rows.rows_mut(plan.len), plan.width, stamp, values, rest, probes);
        }
        let skip = if all_probed { self.probes.len() / SCATTER_BLOCK_LEN } else { 0 };
        for k in 0..plan.len {
            let n = values.len();
            let mut row = listing.rows.row(k);
            simple_options(game, values, &mut row);
            let listed = split.listed().0.len();
            for &(j, low, high) in &listing.at_once {
                split.list(game, values, &mut row, n - j, 0..low);
                split.list(game, values, &mut row, n - j, high..listed);
            }
            let upper = split.settle(game, n, &row);
            let value = split.check_pending(game, values, upper, skip);
            if let Err(value) = split.store(game, values, value) {
                return Some(value);
            }
            if split.bound() as usize > plan.width {
                // The rows cannot hold the new values: a new block, wider.
                break;
            }
        }
        None
    }
}

/// Marks, for every heap `first + k` of the block (row `k`), the value
/// `g ⊕ G(rest − a + k)` of each part `(a, g)`: the partners are contiguous
/// and precede the block. (Rows of a width known when compiling need no
/// bounds check a store.)
#[inline]
fn list_at_once<T: Value>(
    rows: &mut [u8],
    width: usize,
    stamp: u8,
    values: &[T],
    rest: usize,
    parts: impl Iterator<Item = (usize, u32)>,
) {
    match width {
        256 => list_rows::<T, 256>(rows, stamp, values, rest, parts),
        512 => list_rows::<T, 512>(rows, stamp, values, rest, parts),
        1024 => list_rows::<T, 1024>(rows, stamp, values, rest, parts),
        _ => {
            let (len, mask) = (rows.len() / width, width - 1);
            for (a, g) in parts {
                let partners = &values[rest - a..rest - a + len];
                for (row, x) in rows.chunks_exact_mut(width).zip(partners) {
                    row[(x.get() ^ g) as usize & mask] = stamp;
                }
            }
        }
    }
}

#[inline]
fn list_rows<T: Value, const W: usize>(
    rows: &mut [u8],
    stamp: u8,
    values: &[T],
    rest: usize,
    parts: impl Iterator<Item = (usize, u32)>,
) {
    let len = rows.len() / W;
    for (a, g) in parts {
        let partners = &values[rest - a..rest - a + len];
        for (row, x) in rows.chunks_exact_mut(W).zip(partners) {
            let row: &mut [u8; W] = row.try_into().expect("rows of W values");
            row[(x.get() ^ g) as usize % W] = stamp;
        }
    }
}
