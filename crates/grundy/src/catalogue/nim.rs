//! Nim: heaps of counters; a move takes any positive number from one heap.

use super::Listing;
use crate::error::Result;
use crate::game::notation::parse_number;
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

    /// The heap of `value`, the one option of that value when it is
    /// smaller: a winning move of any size, where the heap's options are
    /// too many to list.
    ///
    /// ```
    /// use grundy::catalogue::Nim;
    /// use grundy::game::ClosedForm;
    /// assert_eq!(Nim.options_of_value(&u64::MAX, 7), Some(vec![7]));
    /// assert_eq!(Nim.options_of_value(&7, 7), Some(vec![]));
    /// ```
    fn options_of_value(&self, &heap: &u64, value: u64) -> Option<Vec<u64>> {
        Some(if value < heap { vec![value] } else { Vec::new() })
    }
}

impl Nim {
    /// How many moves a heap has: `solve` finds the winning ones in
    /// normal and misère play from the closed form, but Every-SG play and
    /// `play` list them all, and are refused past what may be listed.
    pub fn listing(&self, &heap: &u64) -> Listing {
        Listing { moves: u128::from(heap), coins: 0 }
    }
}

impl NimHeapGenus for Nim {}

impl Notation for Nim {
    /// Any heap that fits 64 bits: winning moves come from the closed form
    /// ([`Nim::listing`] says where the options must be listed instead).
    fn parse_position(&self, text: &str) -> Result<u64> {
        parse_number(text, "a heap size (a whole number)")
    }
    fn format_position(&self, heap: &u64) -> String {
        heap.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::misere::{AntiSg, MisereSums};
    use crate::solve::{analyse_sum, Search};

    /// A game that plays as Nim but has no closed form: its winning moves
    /// are found by listing and valuing every option.
    #[derive(Clone)]
    struct ListedNim;
    impl Game for ListedNim {
        type Position = u64;
        fn options(&self, heap: &u64, options: &mut Options<u64>) {
            Nim.options(heap, options)
        }
    }

    /// Every sum of up to three heaps below 8: the winning moves the closed
    /// form names are those found by listing every option, in normal play
    /// (against a plain search) and in misère play (against exact search of
    /// the whole sum, without misère Nim's rule).
    #[test]
    fn winning_moves_from_the_closed_form_are_those_listed() {
        let mut closed = Search::closed_form(Nim);
        let mut listed = Search::normal_play(ListedNim);
        let mut by_rule = MisereSums::new(Nim).with_quotient(Box::new(AntiSg(Nim)));
        let mut by_search = MisereSums::new(ListedNim).without_trial_forms();
        let mut sums = 0;
        for a in 0..8u64 {
            for b in 0..8u64 {
                for c in 0..8u64 {
                    for sum in [vec![a], vec![a, b], vec![a, b, c]] {
                        assert_eq!(analyse_sum(&mut closed, &sum).unwrap(), analyse_sum(&mut listed, &sum).unwrap());
                        let rule = by_rule.analyse(&sum).unwrap();
                        let search = by_search.analyse(&sum).unwrap();
                        assert_eq!(
                            (rule.outcome, &rule.winning_moves),
                            (search.outcome, &search.winning_moves),
                            "{sum:?}"
                        );
                        sums += 1;
                    }
                }
            }
        }
        assert_eq!(sums, 3 * 512);
    }

    /// Heaps of any size: the one normal-play winning move of a heap takes
    /// it to the nim-sum of the others; in misère play, when the other heaps
    /// are all 0 or 1, to the heap that leaves an odd number of heaps of 1.
    #[test]
    fn heaps_of_any_size_have_their_winning_moves() {
        let big = u64::MAX;
        let normal = analyse_sum(&mut Search::closed_form(Nim), &[big, 1 << 40, 5]).unwrap();
        let moves: Vec<_> = normal.winning_moves.iter().map(|m| (m.component, m.option[0])).collect();
        assert_eq!(moves, [(0, (1 << 40) ^ 5)]);
        let mut misere = MisereSums::new(Nim).with_quotient(Box::new(AntiSg(Nim)));
        let moves = |analysis: crate::solve::misere::MisereAnalysis<u64>| {
            analysis.winning_moves.iter().map(|m| (m.component, m.option.clone())).collect::<Vec<_>>()
        };
        assert_eq!(moves(misere.analyse(&[big, 1, 1]).unwrap()), [(0, vec![1])]);
        assert_eq!(moves(misere.analyse(&[big, 1]).unwrap()), [(0, vec![0])]);
        // Some heap is 2 or more: to nim-sum 0, as in normal play.
        let expected = [(0, vec![big - 2]), (1, vec![big - 3]), (2, vec![1])];
        assert_eq!(moves(misere.analyse(&[big, big - 1, 3]).unwrap()), expected);
    }
}
