//! Conway's genus, tameness, and misère outcomes of tame sums.
//!
//! The **genus** of a position G is `g^{γ0 γ1 γ2 …}`: `g` its normal-play
//! nim-value, `γi` the misère nim-value of `G + *2 + … + *2` (i copies).
//! The γ sequence is eventually periodic with period 2 (ONAG ch. 12). A nim
//! heap `*a` has genus `0^{1202…}`, `1^{0313…}` or `a^{a,a⊕2,…}` (a ≥ 2).
//!
//! A position is **tame** when it and every follower have a genus of the
//! form `0^{1202…}`, `1^{0313…}` or `a^{a,a⊕2,a,…}` for any `a` (so `0^{0202…}`
//! and `1^{1313…}` too). Tame positions add like misère Nim with one
//! change: where Nim asks "is some heap above 1", a tame sum asks "does
//! some component have a genus `a^{a…}`" (γ0 = g). That is the anti-SG
//! criterion, made right for every tame game ([`tame_sum_outcome`]);
//! for games that are not tame, only exact search decides
//! ([`misere_sum_outcome`] picks the method and says which).

use std::fmt::Debug;
use std::hash::Hash;

use serde::Serialize;

use super::decision::Decision;
use super::misere::{misere_nim_rule, misere_nim_value, misere_outcome_by_search};
use super::search::Search;
use crate::error::Result;
use crate::game::{Game, Options, Outcome};
use crate::nim::NimValue;

/// A game's positions together with nim heaps, so that `G + *2 + *2` is a
/// sum of positions of one game.
pub struct WithNim<'g, G> {
    game: &'g G,
}

/// A position of [`WithNim`]: one of the game's, or a nim heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OrNim<P> {
    Position(P),
    Heap(u64),
}

impl<'g, G: Game> WithNim<'g, G> {
    pub fn new(game: &'g G) -> Self {
        WithNim { game }
    }
}

impl<G: Game> Game for WithNim<'_, G> {
    type Position = OrNim<G::Position>;
    fn options(&self, position: &Self::Position, options: &mut Options<Self::Position>) {
        match position {
            OrNim::Heap(n) => (0..*n).for_each(|m| options.push(OrNim::Heap(m))),
            OrNim::Position(p) => {
                let mut inner = Options::new();
                self.game.options(p, &mut inner);
                for parts in inner.iter() {
                    options.push_sum(parts.iter().cloned().map(OrNim::Position));
                }
            }
        }
    }
}

/// A genus `g^{γ0 γ1 …}`, with the γ sequence up to where it repeats with
/// period 2 (at least four terms).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Genus {
    pub nim_value: NimValue,
    pub misere: Vec<NimValue>,
}

impl Genus {
    /// Whether this is the genus of a tame position: `0^{1202…}`,
    /// `1^{0313…}` or `a^{a,a⊕2,…}`.
    pub fn is_tame_form(&self) -> bool {
        let g = self.nim_value;
        let alternates = |first: NimValue, second: NimValue| {
            self.misere.iter().enumerate().all(|(i, &v)| v == if i % 2 == 0 { first } else { second })
        };
        let tail = |first: NimValue| {
            self.misere.iter().skip(1).enumerate().all(|(i, &v)| v == if i % 2 == 0 { first } else { first ^ 2 })
        };
        alternates(g, g ^ 2)
            || (g == 0 && self.misere.first() == Some(&1) && tail(2))
            || (g == 1 && self.misere.first() == Some(&0) && tail(3))
    }

    /// Whether a tame component of this genus counts as "big" in a tame sum
    /// (γ0 = g, like a nim heap of 2 or more).
    pub fn is_big(&self) -> bool {
        self.misere.first() == Some(&self.nim_value)
    }
}

impl std::fmt::Display for Genus {
    /// The long form, `g^γ0γ1γ2γ3` (CGSuite writes a shorter form that
    /// depends on the phylum; this one shows the sequence itself).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits: Vec<String> = self.misere.iter().map(|v| v.to_string()).collect();
        let separator = if self.misere.iter().any(|&v| v > 9) { "," } else { "" };
        write!(f, "{}^{}", self.nim_value, digits.join(separator))
    }
}

/// The genus of `position`, with at least `terms` misère values (four is
/// the usual display), extended until the sequence repeats with period 2.
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// use grundy::solve::genus::genus;
/// let kayles = HeapGame::parse("kayles").unwrap();
/// // γ continues until it repeats with period 2: 1 4 6 4 6 …
/// assert_eq!(genus(&kayles, &5, 4).unwrap().to_string(), "4^14646");
/// ```
pub fn genus<G: Game>(game: &G, position: &G::Position, terms: usize) -> Result<Genus>
where
    G::Position: Ord + Debug,
{
    let nim_value = Search::normal_play(game).nim_value(position)?;
    let with_nim = WithNim::new(game);
    let mut misere = Vec::new();
    let mut sum = vec![OrNim::Position(position.clone())];
    loop {
        misere.push(misere_nim_value(&with_nim, &sum)?);
        let settled = misere.len() >= terms.max(4) && {
            let n = misere.len();
            misere[n - 1] == misere[n - 3] && misere[n - 2] == misere[n - 4]
        };
        if settled {
            return Ok(Genus { nim_value, misere });
        }
        sum.push(OrNim::Heap(2));
    }
}

/// Whether `position` is tame: it and every follower have a tame genus.
pub fn is_tame<G: Game>(game: &G, position: &G::Position) -> Result<bool>
where
    G::Position: Ord + Debug + Hash,
{
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![position.clone()];
    let mut options = Options::new();
    while let Some(p) = stack.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        if !genus(game, &p, 4)?.is_tame_form() {
            return Ok(false);
        }
        options.clear();
        game.options(&p, &mut options);
        stack.extend(options.parts().iter().cloned());
    }
    Ok(true)
}

/// The misère outcome of a sum of tame components from their genera:
/// with `x` the nim-sum of their nim-values, the sum is a P-position iff
/// either some component is big (γ0 = g) and `x = 0`, or none is and
/// `x = 1` (ONAG ch. 12). For nim heaps this is the anti-SG criterion.
pub fn tame_sum_outcome(genera: &[Genus]) -> Outcome {
    let nim_sum = genera.iter().fold(0, |x, g| x ^ g.nim_value);
    misere_nim_rule(nim_sum, genera.iter().any(Genus::is_big))
}

/// The misère outcome of a sum, by the tame-genus rule when every
/// component is tame, else by exact search; says which.
pub fn misere_sum_outcome<G: Game>(game: &G, components: &[G::Position]) -> Result<(Outcome, Decision)>
where
    G::Position: Ord + Debug + Hash,
{
    let mut genera = Vec::with_capacity(components.len());
    for component in components {
        if !is_tame(game, component)? {
            return Ok((misere_outcome_by_search(game, components)?, Decision::Search));
        }
        genera.push(genus(game, component, 4)?);
    }
    Ok((tame_sum_outcome(&genera), Decision::TameGenus))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Nim;
    use crate::solve::heap::HeapGame;

    #[test]
    fn published_kayles_genera() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let published = [
            "0^1202", "1^0313", "2^2020", "3^3131", "1^0313", "4^1464", "3^3131", "2^2020", "1^1313", "4^0464",
            "2^2020", "6^4646", "4^0464", "1^1313", "2^2020", "7^5757", "1^1313", "4^6464", "3^3131", "2^2020",
            "1^0313",
        ];
        for (heap, expected) in published.iter().enumerate() {
            let genus = genus(&kayles, &(heap as u64), 4).unwrap();
            let shown: String = genus.to_string().chars().take(expected.len()).collect();
            assert_eq!(shown, *expected, "heap {heap}");
        }
    }

    #[test]
    fn nim_heaps_are_tame_and_kayles_is_not_always() {
        for n in 0..8 {
            assert!(is_tame(&Nim, &n).unwrap());
        }
        let kayles = HeapGame::parse("kayles").unwrap();
        // 4^1464 is not a tame genus.
        assert!(!is_tame(&kayles, &5).unwrap());
        assert!(is_tame(&kayles, &3).unwrap());
    }

    #[test]
    fn the_tame_rule_matches_exhaustive_search_and_says_which_method() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let mut by_genus = 0;
        let mut by_search = 0;
        for a in 0..7u64 {
            for b in a..7 {
                for c in b..7 {
                    let sum = [a, b, c];
                    let (outcome, method) = misere_sum_outcome(&kayles, &sum).unwrap();
                    let exact = Outcome::of_nim_value(misere_nim_value(&kayles, &sum).unwrap());
                    assert_eq!(outcome, exact, "{sum:?} by {method:?}");
                    match method {
                        Decision::TameGenus => by_genus += 1,
                        Decision::Search => by_search += 1,
                        other => panic!("a misère sum decided by {other}"),
                    }
                }
            }
        }
        assert!(by_genus > 0 && by_search > 0);
    }

    #[test]
    fn the_misere_methods_agree_with_search_on_random_codes_and_sums() {
        let mut random = crate::testing::Xorshift::new(4242);
        let mut next = |n: u64| random.below(n);
        let (mut checked, mut by_genus) = (0, 0);
        while checked < 3000 {
            let code = format!("0.{}{}", next(8), next(8));
            let Ok(game) = HeapGame::parse(&code) else { continue };
            for _ in 0..20 {
                let sum: Vec<u64> = (0..2 + next(2)).map(|_| next(8)).collect();
                let (outcome, method) = misere_sum_outcome(&game, &sum).unwrap();
                let exact = Outcome::of_nim_value(misere_nim_value(&game, &sum).unwrap());
                assert_eq!(outcome, exact, "{code} {sum:?} by {method:?}");
                checked += 1;
                by_genus += (method == Decision::TameGenus) as usize;
            }
        }
        assert!(by_genus > 500, "the tame rule decided {by_genus} of {checked}");
    }
}
