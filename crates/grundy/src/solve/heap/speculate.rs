//! The rare/common method on both cores: guess, then check in parallel.
//!
//! In Grundy's game almost every heap's value is its upper bound (the
//! least value no mixed split reaches): the pass over all splits that must
//! confirm that the pending values below it are all reached costs about
//! as much as the listing that finds the bound (three times as much before
//! the pass took its splits in a scattered order: see `pass.rs`), and only
//! about 1300 heaps in 2^35 (Flammenkamp) have a value below it. So a block of heaps is
//! *proposed* serially, each taking its upper bound as a guess, and then
//! every heap of the block is *checked* — its pass run against the guessed
//! values before it — by all threads at once. If a check fails, the first
//! failing heap gets its true value (the least pending value no split
//! reaches), every guess after it is thrown away, and the run continues
//! from there. The values are exactly those of the serial method; only the
//! order of the work changes. The block grows while guesses hold and
//! shrinks after a miss, so the early heaps, where misses are common, waste
//! little.
//!
//! Once the passes are measured, the engine lists by blocks instead
//! (`block.rs`; on two cores, a block ahead: `pipeline.rs`): by blocks, one
//! core beat guessing and checking on two. This path now runs only when the
//! block listing is switched off (the tests compare the two).

use rayon::prelude::*;

use super::pass::Pass;
use super::rare_common::Split;
use super::seen::Seen;
use super::{simple_options, HeapGame, Value};

/// The block of heaps proposed before they are checked: bounds.
pub(super) const MIN_BLOCK: usize = 64;
const MAX_BLOCK: usize = 8192;

/// Computes heaps until `values` holds `end`, as
/// [`Engine::run`](super::Engine) does, proposing and checking by blocks.
/// Returns the first value that does not fit in `T`, unstored.
pub(super) fn run<T: Value>(
    split: &mut Split,
    seen: &mut Seen,
    block: &mut usize,
    game: &HeapGame,
    values: &mut Vec<T>,
    end: usize,
) -> Option<u32> {
    let mut pending = Vec::new();
    let mut ranges = Vec::new();
    while values.len() < end {
        let start = values.len();
        let stop = end.min(start + *block);
        pending.clear();
        ranges.clear();
        // Propose: every heap of the block takes its upper bound.
        let mut overflow = false;
        for _ in start..stop {
            seen.clear();
            simple_options(game, values, seen);
            let upper = split.propose(game, values, seen);
            if upper > T::MAX {
                overflow = true;
                break;
            }
            ranges.push(pending.len()..pending.len() + split.pending().len());
            pending.extend_from_slice(split.pending());
            values.push(T::new(upper));
            split.record(game, values);
        }
        // Check: each heap's pass against the values before it, in parallel.
        let bound = split.bound();
        let checked: Vec<(Option<u32>, u64)> = ranges
            .par_iter()
            .enumerate()
            .with_min_len(4)
            .map_init(Pass::default, |pass, (i, range)| {
                let pending = &pending[range.clone()];
                if pending.is_empty() {
                    return (None, 0);
                }
                pass.unmet(game, &values[..start + i], pending, bound, 0)
            })
            .collect();
        split.add_pass_work(checked.iter().map(|&(_, work)| work).sum());
        if let Some(i) = checked.iter().position(|(unmet, _)| unmet.is_some()) {
            // A guess was wrong: keep the heaps before it, and its true value.
            let n = start + i;
            split.rollback(values, n);
            values.truncate(n);
            values.push(T::new(checked[i].0.expect("found above")));
            split.record(game, values);
            *block = MIN_BLOCK;
            continue;
        }
        if overflow {
            // The next heap's bound does not fit; its value may: compute it exactly.
            seen.clear();
            simple_options(game, values, seen);
            let value = split.next_value(game, values, seen);
            if value > T::MAX {
                return Some(value);
            }
            values.push(T::new(value));
            split.record(game, values);
        }
        *block = (*block * 2).min(MAX_BLOCK);
    }
    None
}
