//! The plain method: every option of every heap.

use super::seen::Seen;
use super::{splitting_takes, two_heap_splits, HeapGame};
use crate::sequence::Value;

/// The next nim-value, given that `seen` already holds the values of the
/// options that leave no heap or one heap.
pub(super) fn next_value<T: Value>(game: &HeapGame, values: &[T], seen: &mut Seen) -> u32 {
    let n = values.len();
    for j in splitting_takes(game, n, 4) {
        two_heap_splits(values, n - j, game.unequal()).for_each(|v| seen.insert(v));
    }
    for j in splitting_takes(game, n, 8) {
        let rest = n - j;
        for a in 1..=rest / 3 {
            for b in a..=(rest - a) / 2 {
                seen.insert(values[a].get() ^ values[b].get() ^ values[rest - a - b].get());
            }
        }
    }
    seen.mex()
}
