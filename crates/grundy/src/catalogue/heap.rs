//! Heap games in the catalogue: the take-and-break codes of
//! [`crate::solve::heap`], with their position notation.

use crate::error::Result;
use crate::game::notation::{heap_too_large, parse_heap};
use crate::game::Notation;
use crate::solve::heap::HeapGame;

/// The largest heap a search takes: its options are listed, about n/2
/// splits for each number taken where a heap may split in two. A finite
/// octal code's larger heaps are still valued where the octal periodicity
/// theorem proves a period ([`HeapGame::check_searched`]).
pub const MAX_SEARCHED_HEAP: u64 = 100_000;

/// The same where a heap may split in three (a hexadecimal digit with bit
/// 8): about n²/12 splits, so heap 100,000 listed 10⁹ options (24 GB and the
/// out-of-memory killer, not stopping on Ctrl-C while it listed). Heap
/// 3,000 has 750,000 and is solved in a fraction of a second.
const MAX_HEAP_SPLIT_IN_THREE: u64 = 3_000;

impl HeapGame {
    /// The largest heap a search of this game takes, and why.
    fn searched_limit(&self) -> (u64, &'static str) {
        match self.splits_in_three() {
            true => (MAX_HEAP_SPLIT_IN_THREE, "search lists every split of a heap, and its heaps split in three"),
            false => (MAX_SEARCHED_HEAP, "search lists every option of a heap, and the game is searched heap by heap"),
        }
    }

    /// Whether heaps of any size may be written: a finite octal code's
    /// (whose heaps split in two at most), where a proven period values them.
    fn valued_at_any_size(&self) -> bool {
        self.octal_length().is_some() && !self.splits_in_three()
    }

    /// Refuses a heap too large to search. A finite octal code's heaps of
    /// any size are written and read, since their values (and misère
    /// outcomes, where a quotient or the tame rule covers them) follow
    /// from a theorem; the questions that would search them ask this. (A
    /// code that never splits also has its far heaps' winning moves
    /// listed and played: their options are a few heaps, valued by the
    /// same period.)
    pub fn check_searched(&self, heap: u64) -> Result<()> {
        let (limit, why) = self.searched_limit();
        if heap <= limit {
            return Ok(());
        }
        let hint = match (self.valued_at_any_size(), self.never_splits()) {
            (true, true) => " (in normal play a larger heap's value, winning moves and play come from a proven period; \
                              in misère play, with --value-only, its outcome where a quotient or the tame rule decides it)",
            (true, false) => " (with --value-only, a larger heap is answered where a proven period, or in misère play a quotient or the tame rule, covers it)",
            (false, _) => "",
        };
        Err(heap_too_large(heap, self.description(), limit, why, hint))
    }
}

impl Notation for HeapGame {
    fn parse_position(&self, text: &str) -> Result<u64> {
        let (limit, why) = match self.valued_at_any_size() {
            true => (u64::MAX, ""),
            false => self.searched_limit(),
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
