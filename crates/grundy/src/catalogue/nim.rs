//! Nim: heaps of counters; a move takes any positive number from one heap.

use crate::error::Result;
use crate::game::notation::parse_heap;
use crate::game::Notation;
use crate::game::{ClosedForm, Game, Indexed, NimHeapGenus, Options};

/// Nim. A position is one heap; a sum of heaps is a Nim position in the
/// usual sense. A heap of `n` is the nim heap `*n`: its nim-value is `n`
/// (the closed form), and in misère play it has the genus of a nim heap, so
/// the anti-SG criterion decides misère Nim (Bouton 1902).
///
/// ```
/// use grundy::catalogue::Nim;
/// use grundy::solve::{analyse_sum, Search};
/// let mut search = Search::normal_play(&Nim);
/// assert_eq!(analyse_sum(&mut search, &[1, 2, 3]).unwrap().nim_value, 0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Nim;

impl Game for Nim {
    type Position = u64;
    fn options(&self, &heap: &u64, options: &mut Options<u64>) {
        for smaller in (0..heap).rev() {
            options.push(smaller);
        }
    }
}

impl Indexed for Nim {
    fn index(&self, &heap: &u64) -> usize {
        heap as usize
    }
    fn position(&self, index: usize) -> u64 {
        index as u64
    }
}

impl ClosedForm for Nim {
    fn closed_nim_value(&self, &heap: &u64) -> u64 {
        heap
    }
}

impl NimHeapGenus for Nim {}

impl Notation for Nim {
    fn parse_position(&self, text: &str) -> Result<u64> {
        parse_heap(
            text,
            "nim",
            10_000_000,
            "a heap is read before the question is known, and winning moves and play list its options one by one",
        )
    }
    fn format_position(&self, heap: &u64) -> String {
        heap.to_string()
    }
}
