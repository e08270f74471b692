//! Misère play on whole positions: misère nim-values by search, and Nim's
//! misère rule (the base every misère shortcut reduces to).

use std::fmt::Debug;

use crate::error::Result;
use crate::game::{ClosedForm, Game, NimHeapGenus, Outcome, SumGame};
use crate::nim::{mex, NimValue};
use crate::solve::quotient::{MisereOracle, TameKind};
use crate::solve::rule::{NormalPlay, Rule};
use crate::solve::search::Search;
use crate::solve::Decision;

/// Misère play on whole positions: a stuck position has misère nim-value 1
/// (the player to move has not made the last move, so wins), any other the
/// mex of its options' misère nim-values. A position is a P-position iff its
/// value is 0. Misère values do not add, so options must be single
/// positions: search sums as whole positions through [`SumGame`].
#[derive(Clone, Copy, Debug, Default)]
pub struct MiserePlay;

impl<G: Game> Rule<G> for MiserePlay {
    const VALUES_SUMS: bool = false;

    type Value = NimValue;

    fn option_value(&self, mut parts: impl ExactSizeIterator<Item = NimValue>) -> Option<NimValue> {
        // SumGame's options are always one sum, i.e. one part.
        match parts.len() {
            1 => parts.next(),
            _ => None,
        }
    }

    fn position_value(&self, _: &G, _: &G::Position, options: &[NimValue]) -> NimValue {
        if options.is_empty() {
            1
        } else {
            mex(options)
        }
    }
}

/// The misère nim-value of the sum of `components`, by exact search.
///
/// ```
/// use grundy::catalogue::Nim;
/// use grundy::solve::misere::misere_nim_value;
/// assert_eq!(misere_nim_value(&Nim, &[]).unwrap(), 1); // no move: you win
/// assert_eq!(misere_nim_value(&Nim, &[1]).unwrap(), 0); // forced to take the last
/// assert_eq!(misere_nim_value(&Nim, &[2, 2]).unwrap(), 0);
/// ```
pub fn misere_nim_value<G: Game>(game: &G, components: &[G::Position]) -> Result<NimValue>
where
    G::Position: Ord + Debug,
{
    let sums = SumGame::new(game);
    let start = sums.canonical(components.iter().cloned());
    Search::new(&sums, MiserePlay).value(&start)
}

/// Misère nim-values of the single positions `positions`, by exact search
/// with one memo for all of them (their followers are shared sums).
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// use grundy::solve::misere::misere_nim_values;
/// let kayles = HeapGame::parse("kayles").unwrap();
/// let values = misere_nim_values(&kayles, 0..=20).unwrap();
/// assert_eq!(values, [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]);
/// ```
pub fn misere_nim_values<G: Game>(game: &G, positions: impl IntoIterator<Item = G::Position>) -> Result<Vec<NimValue>>
where
    G::Position: Ord + Debug,
{
    let sums = SumGame::new(game);
    let mut search = Search::new(&sums, MiserePlay);
    positions.into_iter().map(|p| search.value(&sums.canonical([p]))).collect()
}

/// The misère outcome of the sum of `components`, by exact search.
pub fn misere_outcome_by_search<G: Game>(game: &G, components: &[G::Position]) -> Result<Outcome>
where
    G::Position: Ord + Debug,
{
    Ok(Outcome::of_nim_value(misere_nim_value(game, components)?))
}

/// The anti-SG criterion: the misère outcome of a sum of components that
/// play like nim heaps, from their normal-play nim-values. See the module
/// documentation for when it is valid.
///
/// ```
/// use grundy::game::Outcome;
/// use grundy::solve::misere::anti_sg_outcome;
/// assert_eq!(anti_sg_outcome(&[3, 5, 1]), Outcome::N);
/// assert_eq!(anti_sg_outcome(&[1]), Outcome::P);
/// assert_eq!(anti_sg_outcome(&[1, 1]), Outcome::N);
/// ```
pub fn anti_sg_outcome(nim_values: &[NimValue]) -> Outcome {
    let nim_sum = nim_values.iter().fold(0, |x, v| x ^ v);
    misere_nim_rule(nim_sum, nim_values.iter().any(|&v| v > 1))
}

/// Misère Nim's rule, the one statement of it that both the anti-SG
/// criterion and the tame-sum rule ([`crate::solve::misere::genus::tame_sum_outcome`])
/// apply: a sum is a P-position iff some component is *big* and the
/// nim-sum is 0, or none is and the nim-sum is 1. (With no big component
/// every part is 0 or 1, so the nim-sum can only be 0 or 1: this is the
/// anti-SG criterion read the other way round.)
pub(crate) fn misere_nim_rule(nim_sum: NimValue, some_big: bool) -> Outcome {
    if (some_big && nim_sum == 0) || (!some_big && nim_sum == 1) {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// The misère outcome of a sum of positions of a [`NimHeapGenus`] game, by
/// the anti-SG criterion, which is proven for such games. `search` supplies
/// the normal-play nim-values.
pub fn misere_outcome_of_sum<G: NimHeapGenus>(
    search: &mut Search<G, NormalPlay>,
    components: &[G::Position],
) -> Result<Outcome>
where
    G::Position: Debug,
{
    let mut values = Vec::with_capacity(components.len());
    for component in components {
        values.push(search.nim_value(component)?);
    }
    Ok(anti_sg_outcome(&values))
}

/// The anti-SG criterion as a misère oracle for a [`NimHeapGenus`] game
/// whose nim-values have a closed form (Nim): it decides every sum at once,
/// and every position is tame with its nim heap's kind — so the analysis
/// neither searches a sum nor a genus, and a heap of a million is as quick
/// as a heap of three.
///
/// ```
/// use grundy::catalogue::Nim;
/// use grundy::game::Outcome;
/// use grundy::solve::misere::{AntiSg, MisereSums};
/// let mut sums = MisereSums::new(Nim).with_quotient(Box::new(AntiSg(Nim)));
/// let analysis = sums.analyse(&[1_000_000, 1_000_000, 5, 4, 1]).unwrap();
/// assert_eq!(analysis.outcome, Outcome::P);
/// assert_eq!(analysis.genera[0].to_string(), "1000000^1000000,1000002,1000000,1000002");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct AntiSg<G>(pub G);

impl<G: NimHeapGenus + ClosedForm + Send> MisereOracle<G::Position> for AntiSg<G> {
    fn outcome(&mut self, components: &[G::Position]) -> Option<Outcome> {
        let values: Vec<NimValue> = components.iter().map(|c| self.0.closed_nim_value(c)).collect();
        Some(anti_sg_outcome(&values))
    }

    fn coverage(&self) -> String {
        "the anti-SG criterion (misère Nim's rule) covers every sum".to_string()
    }

    /// Misère Nim's rule is the tame-genus rule of nim heaps.
    fn decision(&self) -> Decision {
        Decision::TameGenus
    }

    fn tame_kind(&mut self, position: &G::Position) -> Option<TameKind> {
        Some(TameKind::nim_heap(self.0.closed_nim_value(position)))
    }

    /// A P-position of misère Nim's rule has nim-sum 0 or 1, so a move that
    /// wins leaves its component at `v ⊕ s` or `v ⊕ s ⊕ 1` (`v` its value,
    /// `s` the sum's): the options of those two values, the larger first,
    /// where the closed form names them ([`ClosedForm::options_of_value`]).
    fn candidate_moves(&mut self, components: &[G::Position], index: usize) -> Option<Vec<G::Position>> {
        let nim_sum = components.iter().fold(0, |x, c| x ^ self.0.closed_nim_value(c));
        let target = self.0.closed_nim_value(&components[index]) ^ nim_sum;
        let mut found = self.0.options_of_value(&components[index], target | 1)?;
        found.extend(self.0.options_of_value(&components[index], target & !1)?);
        Some(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Nim;

    #[test]
    fn anti_sg_agrees_with_exhaustive_search_on_small_nim_sums() {
        // Every multiset of up to four heaps of at most 6.
        let mut checked = 0;
        for a in 0..=6u64 {
            for b in a..=6 {
                for c in b..=6 {
                    for d in c..=6 {
                        for sum in [vec![a], vec![a, b], vec![a, b, c], vec![a, b, c, d]] {
                            let searched = misere_outcome_by_search(&Nim, &sum).unwrap();
                            let mut nim_values = Search::normal_play(&Nim);
                            let shortcut = misere_outcome_of_sum(&mut nim_values, &sum).unwrap();
                            assert_eq!(searched, shortcut, "heaps {sum:?}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 800);
    }

    /// Nim heaps plus one extra position, `TwoTwos`, whose options are
    /// exactly those of the sum *2 + *2: it *is* that sum, as one component.
    #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    enum HeapsOrTwoTwos {
        Heap(u64),
        TwoTwos,
    }

    struct WithTwoTwos;
    impl Game for WithTwoTwos {
        type Position = HeapsOrTwoTwos;
        fn options(&self, p: &HeapsOrTwoTwos, options: &mut crate::game::Options<HeapsOrTwoTwos>) {
            use HeapsOrTwoTwos::*;
            match *p {
                Heap(n) => (0..n).for_each(|m| options.push(Heap(m))),
                TwoTwos => {
                    options.push_sum([Heap(2), Heap(1)]);
                    options.push_sum([Heap(2), Heap(0)]);
                }
            }
        }
    }

    #[test]
    fn anti_sg_is_wrong_for_components_that_are_not_nim_heaps_in_misere() {
        let mut nim_values = Search::normal_play(&WithTwoTwos);
        let value = nim_values.nim_value(&HeapsOrTwoTwos::TwoTwos).unwrap();
        assert_eq!(value, 0);
        // Anti-SG sees nim-sum 0 and no value above 1: "first player wins".
        assert_eq!(anti_sg_outcome(&[value]), Outcome::N);
        // Misère *2 + *2 is a second-player win (mirror until the end).
        assert_eq!(misere_outcome_by_search(&WithTwoTwos, &[HeapsOrTwoTwos::TwoTwos]).unwrap(), Outcome::P);
        assert_eq!(misere_outcome_by_search(&Nim, &[2, 2]).unwrap(), Outcome::P);
    }
}
