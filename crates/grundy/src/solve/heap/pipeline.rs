//! The block listing on two cores: a two-stage pipeline.
//!
//! A block's listing (`block.rs`) is ~60 % of the work in Grundy's game, and
//! most of it needs nothing of the block before: a listed part `a` pairs
//! block k + 1's heaps `n₁ + i` (taking `j`) with `G(n₁ − j − a + i)`, and
//! when `a ≥ len(k) + len(k + 1)` every one of those precedes block k. In
//! Grundy's game that is all of the ~1 300 listed heaps but the few dozen
//! below 128. So while this thread finishes block k (its probes, the small
//! parts heap by heap, the upper bounds, the passes), a second thread lists
//! block k + 1 into a second set of rows, each with its own stamp; the parts
//! below `len(k) + len(k + 1)` are listed heap by heap with block k + 1, which
//! covers exactly what the listing ahead leaves out.
//!
//! The listing ahead assumes block k ends as planned ([`Plan::next`]): if a
//! value outgrows the rows (the block ends early and the next is wider) or
//! the split is chosen again, the block's [`Plan`] differs from the one
//! listed and the listing ahead is thrown away and made again here. Heaps
//! listed while block k runs are never parts the listing ahead takes: those
//! need `2a < n₁ − j ≤ n₀ + len(k)`, so `a < n₀` (blocks start past heap 128,
//! `block::ready`). The values are those of one thread, byte for byte.
//!
//! The second thread lives as long as a call (up to 2^14 heaps); one hand-off
//! a block each way, through channels that are polled a while before they
//! sleep (a block is ~100 µs of work, a futex wake-up tens of µs).

use std::mem;
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::thread;

use super::block::{Blocks, Listing, Plan};
use super::rare_common::Split;
use super::HeapGame;
use crate::sequence::Value;

/// Polls of a channel before the thread sleeps on it.
const SPINS: usize = 1 << 12;

/// A block to list ahead, sent to the second thread and back.
struct Ahead<T> {
    listing: Listing,
    /// The block to list.
    plan: Option<Plan>,
    /// The least part listed ahead (`len(k) + len(k + 1)`).
    from: usize,
    /// The listed heaps that may be listed ahead, and their values: a copy,
    /// since this thread appends to the split's own list meanwhile.
    listed: Vec<u32>,
    listed_values: Vec<u32>,
    values: Known<T>,
}

/// The values before block k, which the second thread reads while this one
/// appends to them.
struct Known<T> {
    start: *const T,
    len: usize,
}

// SAFETY: a `Known` is made from a vector that does not move while the
// pipeline runs (its capacity is reserved first), whose first `len` values
// do not change (this thread only pushes past them), and it is used only
// between its send and the reply (the channels order both).
unsafe impl<T: Sync> Send for Known<T> {}

impl<T: Value> Ahead<T> {
    /// Makes the listing of `plan` (block k + 1) with the values of the
    /// heaps before block k (`values`).
    fn list(&mut self, game: &HeapGame) {
        let plan = self.plan.expect("a block to list");
        // SAFETY: see `Known`.
        let values = unsafe { std::slice::from_raw_parts(self.values.start, self.values.len) };
        self.listing.list(plan, game, values, (&self.listed, &self.listed_values), self.from);
    }
}

/// [`block::run`](super::block::run) with each block's listing made a block
/// ahead on a second thread.
pub(super) fn run<T: Value>(
    blocks: &mut Blocks,
    split: &mut Split,
    game: &HeapGame,
    values: &mut Vec<T>,
    end: usize,
) -> Option<u32> {
    // No push below `end` moves the values, which the second thread reads in place.
    values.reserve(end - values.len());
    let start = values.as_ptr();
    thread::scope(|scope| {
        let (to_ahead, jobs) = channel::<Ahead<T>>();
        let (to_main, done) = channel::<Ahead<T>>();
        scope.spawn(move || {
            while let Some(mut ahead) = receive(&jobs) {
                ahead.list(game);
                if to_main.send(ahead).is_err() {
                    break;
                }
            }
        });
        let listing = mem::take(&mut blocks.spare);
        let none = Known { start, len: 0 };
        let ahead = Ahead { listing, plan: None, from: 0, listed: Vec::new(), listed_values: Vec::new(), values: none };
        let mut idle = Some(ahead);
        let overflow = loop {
            if values.len() >= end {
                break None;
            }
            let plan = Plan::new(split, values.len(), end);
            let mut ahead = idle.take().or_else(|| receive(&done)).expect("the thread listing ahead ended");
            if ahead.listing.plan == Some(plan) {
                mem::swap(&mut blocks.listing, &mut ahead.listing);
                blocks.ahead.0 += 1;
            } else {
                blocks.ahead.1 += ahead.listing.plan.is_some() as usize;
                blocks.listing.list(plan, game, values, split.listed(), plan.len);
            }
            match plan.next(end) {
                Some(next) => {
                    let (listed, listed_values) = split.listed();
                    // Every part listed ahead is below half the next block's first heap.
                    let copied = listed.partition_point(|&a| 2 * (a as usize) < next.first);
                    ahead.listed.clear();
                    ahead.listed.extend_from_slice(&listed[..copied]);
                    ahead.listed_values.clear();
                    ahead.listed_values.extend_from_slice(&listed_values[..copied]);
                    ahead.listing.plan = None;
                    ahead.plan = Some(next);
                    ahead.from = plan.len + next.len;
                    assert_eq!(values.as_ptr(), start, "the values stay in place");
                    ahead.values = Known { start, len: values.len() };
                    to_ahead.send(ahead).expect("the thread listing ahead ended");
                }
                None => idle = Some(ahead),
            }
            if let Some(value) = blocks.finish(split, game, values) {
                break Some(value);
            }
        };
        // The listing in flight, if any, belongs to a block this call does not reach.
        let ahead = idle.or_else(|| receive(&done)).expect("the thread listing ahead ended");
        blocks.spare = ahead.listing;
        blocks.spare.plan = None;
        overflow
    })
}

/// The next message, polled [`SPINS`] times before sleeping; `None` once
/// the sender is gone.
fn receive<M>(from: &Receiver<M>) -> Option<M> {
    for _ in 0..SPINS {
        match from.try_recv() {
            Ok(message) => return Some(message),
            Err(TryRecvError::Empty) => std::hint::spin_loop(),
            Err(TryRecvError::Disconnected) => return None,
        }
    }
    from.recv().ok()
}
