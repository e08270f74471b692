//! The quotient as one of the methods that decide misère sums.

use std::time::{Duration, Instant};

use super::tame::{misere_nim_proven, tame_misere_values, TameKind, TameSequence, TameValues};
use super::{FinalPattern, Limits, PartialQuotient};
use crate::game::Outcome;
use crate::solve::heap::HeapGame;
use crate::solve::Decision;

/// Something that decides the misère outcome of *some* sums quickly and
/// says `None` for the rest (which are then decided another way). The
/// misère analysis ([`crate::solve::misere::MisereSums`]) asks it first.
pub trait MisereOracle<P>: Send {
    /// The misère outcome of the sum of `components`, if this oracle covers it.
    fn outcome(&mut self, components: &[P]) -> Option<Outcome>;
    /// What it covers, for the note that says why it did not decide a sum.
    fn coverage(&self) -> String;
    /// How the sums it covers are decided, as reports name it: products in
    /// a misère quotient unless the oracle says otherwise (a theorem that
    /// solves the game outright is a closed form).
    fn decision(&self) -> Decision {
        Decision::Quotient
    }
    /// How `position` acts in tame misère sums, where the oracle has proven
    /// it tame (it and every follower have a tame genus), else `None`. The
    /// analysis then needs no genus search of it, which is exponential in
    /// its size where this is a table look-up.
    fn tame_kind(&mut self, _position: &P) -> Option<TameKind> {
        None
    }
    /// The options of `components[index]` among which every move to a
    /// misère P-position lies (each is still checked by the outcome),
    /// found without listing the others — `None` (the default) where every
    /// option must be tried. For sums this oracle covers.
    fn candidate_moves(&mut self, _components: &[P], _index: usize) -> Option<Vec<P>> {
        None
    }
}

/// Heaps up to this size get the quotient computed on the fly when a sum
/// needs them. A larger heap is covered only if the quotient through this
/// heap is proven final (its period gives the element); otherwise, and for
/// codes whose quotient outgrows the limits, sums are decided by the other
/// methods.
pub const ON_THE_FLY_HEAPS: u64 = 200;

/// The most elements a quotient computed on the fly may have. A trial
/// quotient's cost grows with the square of its size: 0.3122's, which
/// outgrows any limit at heap 7, fails in 0.25 s at 2,048 elements and in
/// 5.5 s at 4,096, while exact search then decides the sum in
/// milliseconds. Bigger quotients are `grundy quotient --max-elements`'s
/// work, and a file of one is loaded whole (`--quotient`).
pub const ON_THE_FLY_ELEMENTS: usize = 2048;

/// The most time a quotient computed on the fly may take, over all the
/// heaps it grows by. Its time grows much faster than its size: within the
/// element limit, 0.137's quotient takes 0.8 s to heap 24 and 41 s to heap
/// 32, 0.35's 8.6 s to fail at heap 18 — while the search that decides a
/// single heap or a small sum instead takes milliseconds. Quotients that
/// pay are quick (0.15's, proven final at heap 200 with 42 elements, takes
/// 0.1 s). Past this time the oracle keeps the heaps it finished and stops
/// growing, so which method decides a sum may depend on the machine's
/// speed; every method is exact, so the outcome and the moves do not.
pub const ON_THE_FLY_TIME: Duration = Duration::from_secs(1);

/// A heap game's misère quotient as an oracle: computed on the fly up to
/// the largest heap asked (at most [`ON_THE_FLY_HEAPS`]; through it when a
/// larger heap is asked), or loaded from a
/// file (then it covers the heaps it was computed for). A quotient proven
/// final covers every heap: a heap past the computed ones has the element
/// its period gives ([`FinalPattern`]), a table look-up however large.
pub struct QuotientOracle {
    game: HeapGame,
    quotient: PartialQuotient,
    /// The heaps' period, once the quotient is proven final.
    pattern: Option<FinalPattern>,
    /// The largest heap to extend the quotient to, if any.
    grow_to: u64,
    limits: Limits,
    /// The time left for growing ([`ON_THE_FLY_TIME`] at first).
    time_left: Duration,
    tame: TameHeaps,
}

/// The most heaps whose tameness the oracle computes (kinds and values of
/// 4M heaps: under 100 MB; a game whose kinds are periodic stops far
/// sooner, and Nim needs none).
const MAX_TAME_HEAPS: u64 = 1 << 22;

/// What the tame rule ([`tame_misere_values`]) has proven of a heap game's
/// heaps, grown as larger heaps are asked about.
enum TameHeaps {
    /// Not looked at yet.
    Unknown,
    /// Nim: every heap is tame, with the kind of its nim heap
    /// ([`misere_nim_proven`]), so nothing is kept.
    NimHeaps,
    /// Heaps proven tame (through `values.computed_through`, or every heap
    /// where the kinds' period is proven); `grows` while a larger table
    /// might prove more (no wild heap met, no limit reached).
    Proven { values: TameValues, grows: bool },
    /// No heap is known to be tame.
    None,
}

impl QuotientOracle {
    /// An oracle that computes the quotient as sums need it.
    pub fn on_the_fly(game: HeapGame) -> Self {
        let quotient = PartialQuotient::new(&game);
        let limits = Limits { max_elements: ON_THE_FLY_ELEMENTS, ..Limits::default() };
        QuotientOracle {
            game,
            quotient,
            pattern: None,
            grow_to: ON_THE_FLY_HEAPS,
            limits,
            time_left: ON_THE_FLY_TIME,
            tame: TameHeaps::Unknown,
        }
    }

    /// An oracle with a quotient computed before (checked with
    /// [`PartialQuotient::validate`] by whoever loaded it); it is not
    /// extended, and covers every heap if it is proven final.
    pub fn fixed(game: HeapGame, quotient: PartialQuotient) -> Self {
        let pattern = quotient.stability(&game).final_pattern();
        QuotientOracle {
            game,
            quotient,
            pattern,
            grow_to: 0,
            limits: Limits::default(),
            time_left: Duration::ZERO,
            tame: TameHeaps::Unknown,
        }
    }

    /// The quotient as far as it has been computed.
    pub fn quotient(&self) -> &PartialQuotient {
        &self.quotient
    }

    /// Grows what the tame rule has proven ([`TameHeaps`]) to cover
    /// `heap` where it can: doubling, so that heaps asked one by one cost
    /// a table each only log-many times.
    fn prove_tame_through(&mut self, heap: u64) {
        let proven_through = match &self.tame {
            TameHeaps::Unknown if misere_nim_proven(&self.game) => {
                self.tame = TameHeaps::NimHeaps;
                return;
            }
            TameHeaps::Unknown => 0,
            TameHeaps::Proven { values, grows: true } if values.kind(heap).is_none() => values.computed_through,
            _ => return,
        };
        let to = heap.max(proven_through.saturating_mul(2)).min(MAX_TAME_HEAPS);
        let stop = |_: u64| crate::watch::current_stopped();
        self.tame = match tame_misere_values(&self.game, to, stop) {
            Ok(TameSequence::Tame(values)) => {
                let grows = values.period.is_none() && to < MAX_TAME_HEAPS;
                TameHeaps::Proven { values, grows }
            }
            // Every heap below the first that is not tame is.
            Ok(TameSequence::Wild { heap, .. } | TameSequence::Unsettled { heap }) => {
                match heap.checked_sub(1).map(|last| tame_misere_values(&self.game, last, stop)) {
                    Some(Ok(TameSequence::Tame(values))) => TameHeaps::Proven { values, grows: false },
                    _ => TameHeaps::None,
                }
            }
            // The search that follows reports it; asked again, this tries again.
            Err(crate::Error::Interrupted) => return,
            // A limit (too many heaps that split, with no period yet):
            // what was proven before stays.
            Err(_) => match std::mem::replace(&mut self.tame, TameHeaps::None) {
                TameHeaps::Proven { values, .. } => TameHeaps::Proven { values, grows: false },
                _ => TameHeaps::None,
            },
        };
    }

    /// Whether the tame rule has proven every heap of `components` tame.
    fn all_tame(&mut self, components: &[u64]) -> bool {
        components.iter().all(|heap| self.tame_kind(heap).is_some())
    }
}

impl MisereOracle<u64> for QuotientOracle {
    fn coverage(&self) -> String {
        if self.pattern.is_some() {
            return format!("the misère quotient of {} covers every heap (proven final)", self.game.description());
        }
        let heaps = self.quotient.last_heap().max(self.grow_to);
        format!("the misère quotient of {} covers heaps up to {heaps}", self.game.description())
    }

    fn outcome(&mut self, components: &[u64]) -> Option<Outcome> {
        let largest = components.iter().copied().max().unwrap_or(0);
        if largest > self.quotient.last_heap() && self.pattern.is_none() {
            let to = if largest <= self.grow_to {
                largest
            } else if self.quotient.last_heap() < self.grow_to && !self.all_tame(components) {
                // Past the heaps grown on the fly, a quotient proven final
                // by the last of them still covers the sum (its heaps'
                // period: 0.15's, 42 elements, is proven by heap 200 in
                // 0.1 s, where `solve --misere 0.15 1000` searched for
                // minutes). Tame sums skip it: the tame rule is as quick.
                self.grow_to
            } else {
                return None;
            };
            // The current watch may stop the growth (its next poll, in
            // the search that follows, then reports the interruption).
            let start = Instant::now();
            let limits = Limits { deadline: Some(start + self.time_left), ..self.limits };
            let grown = self.quotient.extend(&self.game, to, limits, |_| crate::watch::current_stopped());
            self.time_left = self.time_left.saturating_sub(start.elapsed());
            match grown {
                Ok(_) => self.pattern = self.quotient.stability(&self.game).final_pattern(),
                Err(crate::Error::Interrupted) => return None,
                Err(_) => {
                    // A limit, or the time is up: keep what was built, and
                    // stop growing past it.
                    self.grow_to = self.quotient.last_heap();
                    return None;
                }
            }
        }
        let element = self.quotient.sum_element(components, self.pattern)?;
        Some(if self.quotient.p_portion().contains(element) { Outcome::P } else { Outcome::N })
    }

    fn tame_kind(&mut self, heap: &u64) -> Option<TameKind> {
        self.prove_tame_through(*heap);
        match &self.tame {
            TameHeaps::NimHeaps => Some(TameKind::nim_heap(*heap)),
            TameHeaps::Proven { values, .. } => values.kind(*heap),
            TameHeaps::Unknown | TameHeaps::None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::NimValue;
    use crate::solve::misere::genus::Genera;
    use crate::solve::misere::MisereSums;

    fn codes() -> Vec<HeapGame> {
        let mut random = crate::testing::Xorshift::new(31);
        let mut codes: Vec<String> =
            ["nim", "0.3", "0.33", "0.51", "0.55", "0.7", "4.07", "0.07", "0.137", "0.6", "subtraction:1,3,4", "0.123"]
                .map(String::from)
                .to_vec();
        while codes.len() < 30 {
            codes.push(format!("0.{}{}{}", random.below(8), random.below(8), random.below(8)));
        }
        codes.iter().filter_map(|code| HeapGame::parse(code).ok()).collect()
    }

    /// The kinds the oracle proves, against the genus search of each heap
    /// beside copies of `*2` (`solve/misere/genus.rs`): a heap the oracle
    /// calls tame is tame there, with the same genus; one it does not know
    /// lies at or past the first heap that search finds wild.
    #[test]
    fn tame_kinds_agree_with_the_genus_search() {
        let (mut known, mut unknown) = (0, 0);
        for game in codes() {
            let mut oracle = QuotientOracle::on_the_fly(game.clone());
            let mut search = Genera::new(&game);
            let mut first_wild = None;
            for heap in 0..=13u64 {
                let tame = search.is_tame(&heap).unwrap();
                if !tame && first_wild.is_none() {
                    first_wild = Some(heap);
                }
                match oracle.tame_kind(&heap) {
                    Some(kind) => {
                        known += 1;
                        assert!(tame, "{} heap {heap}", game.code());
                        assert_eq!(search.genus(&heap, 4).unwrap(), kind.genus(), "{} heap {heap}", game.code());
                    }
                    None => {
                        unknown += 1;
                        assert!(first_wild.is_some(), "{} heap {heap} is tame to the search", game.code());
                    }
                }
            }
        }
        assert!(known > 200 && unknown > 20, "{known} tame heaps, {unknown} not known");
    }

    /// Sums decided by the oracle's tame kinds, with every winning move,
    /// against the analysis with no oracle (the genus search, and exact
    /// search of the whole sum where a part is wild). The oracle's quotient
    /// is empty, so the tame rule decides whatever it covers.
    #[test]
    fn tame_sums_agree_with_search() {
        let mut random = crate::testing::Xorshift::new(32);
        let mut by_tame_rule = 0;
        for game in codes().into_iter().take(16) {
            let oracle = QuotientOracle::fixed(game.clone(), PartialQuotient::new(&game));
            let mut with_kinds = MisereSums::new(&game).with_quotient(Box::new(oracle));
            let mut searched = MisereSums::new(&game);
            for _ in 0..12 {
                let sum: Vec<u64> = (0..1 + random.below(3)).map(|_| random.below(11)).collect();
                let (a, b) = (with_kinds.analyse(&sum).unwrap(), searched.analyse(&sum).unwrap());
                assert_eq!((a.outcome, &a.winning_moves), (b.outcome, &b.winning_moves), "{} {sum:?}", game.code());
                if a.method == Decision::TameGenus {
                    by_tame_rule += 1;
                    assert_eq!(a.genera, b.genera, "{} {sum:?}", game.code());
                }
            }
        }
        assert!(by_tame_rule > 50, "{by_tame_rule}");
    }

    /// Heaps past those grown on the fly, decided by the period of a
    /// quotient proven final by then, against a quotient grown through
    /// every heap of the sum (no period used): 0.15 (42 elements) and 0.75
    /// (8), both wild, sums of one to three heaps up to 400.
    #[test]
    fn heaps_past_the_grown_ones_follow_the_proven_period() {
        let mut random = crate::testing::Xorshift::new(33);
        for code in ["0.15", "0.75"] {
            let game = HeapGame::parse(code).unwrap();
            let mut oracle = QuotientOracle::on_the_fly(game.clone());
            let mut grown = PartialQuotient::new(&game);
            grown.extend(&game, 400, Limits::default(), |_| false).unwrap();
            for _ in 0..300 {
                let mut sum: Vec<u64> = (0..random.below(3)).map(|_| random.below(401)).collect();
                sum.push(ON_THE_FLY_HEAPS + 1 + random.below(200));
                let element = grown.sum_element(&sum, None).unwrap();
                let expected = if grown.p_portion().contains(element) { Outcome::P } else { Outcome::N };
                assert_eq!(oracle.outcome(&sum), Some(expected), "{code} {sum:?}");
            }
            assert!(oracle.quotient().last_heap() <= ON_THE_FLY_HEAPS, "{code}: grown past the limit");
        }
    }

    /// Heaps far past what a genus search reaches: the kinds' nim-values
    /// are the heaps' nim-values from the game's sequence (computed on their
    /// own), and their genera say how the one-heap sums come out.
    #[test]
    fn large_tame_heaps_carry_their_nim_values() {
        for code in ["0.3", "0.51", "0.55", "0.33", "0.7"] {
            let game = HeapGame::parse(code).unwrap();
            let values = crate::solve::heap::nim_values(&game, 5000).unwrap();
            let mut oracle = QuotientOracle::on_the_fly(game.clone());
            let mut sums = MisereSums::new(&game).with_quotient(Box::new(QuotientOracle::on_the_fly(game.clone())));
            for heap in [300u64, 1001, 4999, 5000] {
                let kind = oracle.tame_kind(&heap).unwrap_or_else(|| panic!("{code} heap {heap}"));
                assert_eq!(kind.nim_value, NimValue::from(values.get(heap as usize)), "{code} heap {heap}");
                let analysis = sums.analyse_without_moves(&[heap]).unwrap();
                assert_eq!(analysis.method, Decision::TameGenus);
                let p = if kind.misere_value() == 0 { Outcome::P } else { Outcome::N };
                assert_eq!(analysis.outcome, p, "{code} heap {heap}");
            }
        }
    }
}
