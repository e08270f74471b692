//! Heap games in the catalogue: the take-and-break codes of
//! [`crate::solve::heap`], with their position notation.

use crate::error::Result;
use crate::game::notation::parse_heap;
use crate::game::Notation;
use crate::solve::heap::HeapGame;

impl Notation for HeapGame {
    fn parse_position(&self, text: &str) -> Result<u64> {
        parse_heap(text, self.description(), 100_000, "search lists every split of a heap")
    }
    fn format_position(&self, heap: &u64) -> String {
        heap.to_string()
    }
}
