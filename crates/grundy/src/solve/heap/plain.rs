//! The plain method: every option of every heap.

use super::bits::Bits;
use super::splitting_takes;
use crate::catalogue::HeapGame;

/// The next nim-value, given that `seen` already holds the values of the
/// options that leave no heap or one heap.
pub(super) fn next_value(game: &HeapGame, values: &[u32], seen: &mut Bits) -> u32 {
    let n = values.len();
    for j in splitting_takes(game, n, 4) {
        let rest = n - j;
        for a in 1..=rest / 2 {
            if !(game.unequal() && 2 * a == rest) {
                seen.insert(values[a] ^ values[rest - a]);
            }
        }
    }
    for j in splitting_takes(game, n, 8) {
        let rest = n - j;
        for a in 1..=rest / 3 {
            for b in a..=(rest - a) / 2 {
                seen.insert(values[a] ^ values[b] ^ values[rest - a - b]);
            }
        }
    }
    seen.mex()
}
