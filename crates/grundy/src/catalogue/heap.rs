//! Heap games in the catalogue: the take-and-break codes of
//! [`crate::solve::heap`], with their position notation.

use crate::error::Result;
use crate::game::notation::parse_heap;
use crate::game::Notation;
use crate::solve::heap::HeapGame;

/// The largest heap a solve takes: its options are listed, about n/2 splits
/// for each number taken where a heap may split in two.
const MAX_HEAP: u64 = 100_000;

/// The same where a heap may split in three (a hexadecimal digit with bit
/// 8): about n²/12 splits, so heap 100,000 listed 10⁹ options (24 GB and the
/// out-of-memory killer, not stopping on Ctrl-C while it listed). Heap
/// 3,000 has 750,000 and is solved in a fraction of a second.
const MAX_HEAP_SPLIT_IN_THREE: u64 = 3_000;

impl Notation for HeapGame {
    fn parse_position(&self, text: &str) -> Result<u64> {
        let (limit, why) = match self.splits_in_three() {
            true => (MAX_HEAP_SPLIT_IN_THREE, "search lists every split of a heap, and its heaps split in three"),
            false => (MAX_HEAP, "search lists every option of a heap, and the game is searched heap by heap"),
        };
        parse_heap(text, self.description(), limit, why)
    }
    fn format_position(&self, heap: &u64) -> String {
        heap.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heaps_that_split_in_three_are_limited_sooner() {
        let three = HeapGame::parse("hex:0.8").unwrap();
        assert!(three.splits_in_three());
        assert_eq!(three.parse_position("3000").unwrap(), 3000);
        let error = three.parse_position("3001").unwrap_err().to_string();
        assert!(error.contains("split in three, so heaps are limited to 3000"), "{error}");
        for two in ["0.77", "grundys-game", "0.137"] {
            let game = HeapGame::parse(two).unwrap();
            assert!(!game.splits_in_three(), "{two}");
            assert_eq!(game.parse_position("100000").unwrap(), 100_000);
        }
        // A digit with bit 8 anywhere counts (0.3F takes 2 to leave three heaps).
        assert!(HeapGame::parse("0.3F").unwrap().splits_in_three());
    }
}
