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
//! those too large to pair with every heap of the block are listed per heap,
//! afterwards, in order, as before.
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

use super::pass::{first_scattered, SCATTER_BLOCK_LEN};
use super::rare_common::Split;
use super::seen::Rows;
use super::{simple_options, splitting_takes, HeapGame, Value};

/// Heaps a block, at most (rows of 256 values: 16 KB, in the L1 cache).
pub(super) const BLOCK: usize = 64;
/// The block's rows take at most this many bytes.
const ROWS_BYTES: usize = 1 << 14;
/// The fewest heaps each core lists for when the block is split between two.
const MIN_HALF: usize = 8;
/// Probes a heap (for games whose passes are long). Measured on Grundy's
/// game to 2^20: with the table pass, 512 to 2048 probes cost about the
/// same and none a third more; once the pass tests 32 splits at once
/// (`pending.rs`), 256 and 512 probes beat 1024 by about a tenth, and none
/// still costs more (`docs/heap-scale.md`).
const PROBES: usize = 512;

/// The block listing's state.
#[derive(Default)]
pub(super) struct Blocks {
    rows: Rows,
    /// Parts `a` of the probes, ascending.
    probes: Vec<u32>,
    /// Whether to probe (passes are long).
    probing: bool,
    /// For each splitting take of the current block: the listed heaps, as a
    /// range of indices, that the block lists at once.
    at_once: Vec<(usize, usize, usize)>,
}

impl Blocks {
    pub fn new(probing: bool) -> Self {
        let blocks = if probing { PROBES / SCATTER_BLOCK_LEN } else { 0 };
        let mut probes: Vec<u32> = first_scattered(blocks).map(|a| a as u32).collect();
        probes.sort_unstable();
        Blocks { probes, probing, ..Default::default() }
    }
}

/// Whether heap `n` can start a block: every splitting take is allowed for
/// every heap from `n` on.
pub(super) fn ready(game: &HeapGame, n: usize) -> bool {
    n >= game.digits().len() + 2 * BLOCK
}

/// Computes heaps until `values` holds `end`, a block at a time; the
/// values are those of [`Split::next_value`]. Returns the first value that
/// does not fit in `T`, unstored.
pub(super) fn run<T: Value>(
    blocks: &mut Blocks,
    split: &mut Split,
    game: &HeapGame,
    values: &mut Vec<T>,
    end: usize,
    parallel: bool,
) -> Option<u32> {
    while values.len() < end {
        let first = values.len();
        // Rows of at least 256 values, so that byte values need no check.
        let width = (split.bound() as usize).max(256);
        // The split is chosen again only between blocks.
        let len = (ROWS_BYTES / width).clamp(8, BLOCK).min(end - first).min(split.next_choice() - first);
        blocks.rows.start(len, width);
        let stamp = blocks.rows.stamp();
        blocks.at_once.clear();
        // Whether every probe pairs with every heap of the block, so that the
        // pass may leave them out.
        let mut all_probed = true;
        let (listed, listed_values) = split.listed();
        for j in splitting_takes(game, first, 4) {
            let rest = first - j;
            // A part a lists at once if its partners precede the block
            // (a ≥ len) and it is the smaller part of every heap's split (2a < rest).
            let low = listed.partition_point(|&a| (a as usize) < len);
            let high = listed.partition_point(|&a| 2 * (a as usize) < rest).max(low);
            blocks.at_once.push((j, low, high));
            let parts = (&listed[low..high], &listed_values[low..high]);
            let probes = if blocks.probing {
                let usable = blocks.probes.partition_point(|&a| 2 * (a as usize) < rest);
                let low = blocks.probes.partition_point(|&a| (a as usize) < len);
                all_probed &= low == 0 && usable == blocks.probes.len();
                &blocks.probes[low..usable.max(low)]
            } else {
                &[]
            };
            let rows = blocks.rows.rows_mut(len);
            if parallel && len >= 2 * MIN_HALF {
                // Each core lists for half the heaps of the block: separate rows.
                let half = len / 2;
                let (low_rows, high_rows) = rows.split_at_mut(half * width);
                rayon::join(
                    || list_block(low_rows, width, stamp, values, rest, parts, probes),
                    || list_block(high_rows, width, stamp, values, rest + half, parts, probes),
                );
            } else {
                list_block(rows, width, stamp, values, rest, parts, probes);
            }
        }
        for k in 0..len {
            let n = values.len();
            let mut row = blocks.rows.row(k);
            simple_options(game, values, &mut row);
            let listed = split.listed().0.len();
            for &(j, low, high) in &blocks.at_once {
                split.list(game, values, &mut row, n - j, 0..low);
                split.list(game, values, &mut row, n - j, high..listed);
            }
            let upper = split.settle(game, n, &row);
            let skip = if blocks.probing && all_probed { blocks.probes.len() / SCATTER_BLOCK_LEN } else { 0 };
            let value = split.check_pending(game, values, upper, skip);
            if value > T::MAX {
                return Some(value);
            }
            values.push(T::new(value));
            split.record(game, values);
            if split.bound() as usize > width {
                // The rows cannot hold the new values: a new block, wider.
                break;
            }
        }
    }
    None
}

/// Lists the splits with a listed part and the probes at once, for the
/// heaps whose rows are `rows` (the first with `rest` counters after the take).
fn list_block<T: Value>(
    rows: &mut [u8],
    width: usize,
    stamp: u8,
    values: &[T],
    rest: usize,
    (listed, listed_values): (&[u32], &[u32]),
    probes: &[u32],
) {
    let parts = listed.iter().zip(listed_values).map(|(&a, &g)| (a as usize, g));
    list_at_once(rows, width, stamp, values, rest, parts);
    let probes = probes.iter().map(|&a| (a as usize, values[a as usize].get()));
    list_at_once(rows, width, stamp, values, rest, probes);
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
