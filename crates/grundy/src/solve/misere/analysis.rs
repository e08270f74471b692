//! Outcome and every winning move of a misère sum, each component's genus
//! and tameness computed once.

use std::fmt::Debug;
use std::hash::Hash;

use rustc_hash::FxHashMap;
use serde::Serialize;

use super::canonical::CanonicalSums;
use super::genus::{tame_sum_outcome, Genera, Genus};
use super::rule::MiserePlay;
use crate::error::Result;
use crate::game::{Decompose, Game, Options, Outcome, SumGame};
use crate::solve::quotient::{MisereOracle, TameKind};

/// The longest canonical form a report prints, in characters: past it the
/// text (exponential in the birthday) says only how big the form is.
const MAX_FORM_TEXT: usize = 4096;

/// The time a report may spend on its components' genera when search or
/// the tame rule decided the sum (a quotient's report has none): a genus
/// is a search of the component beside every number of `*2`s, exponential
/// in its size, and is shown, not needed — 4.07's heap 31 takes 12 s, the
/// outcome of `31 + 17` a fraction of that. Past it the report says so.
const GENERA_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// The work misère canonical forms may do, over all the questions of one
/// [`MisereSums`], before exact search answers instead
/// ([`MisereSums::method`]), in steps of
/// [`super::canonical::Forms::set_budget`]: about a second here. All the
/// questions, not each: a sum's winning moves ask one question an option,
/// and forms that take a tenth of a second on each of a hundred options
/// lose to a search that shares its work among them. Where neither a
/// quotient nor the tame rule decides, forms are often cheaper than a
/// search of the sum (`0.537 14 14 9 16`: 1.0 s against 3.2 s, most of
/// both the quotient's own attempt; BENCHMARKS.md), but a game whose forms
/// grow fast (Kayles past heap 35) would never finish.
const TRIAL_STEPS: u64 = 5_000_000;
use crate::solve::search::Splitter;
use crate::solve::{Decision, Search};

/// A winning move of a misère sum: one component moves to one of its
/// options (a sum of zero or more positions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereMove<P> {
    /// Which component (an index into [`MisereAnalysis::components`]).
    pub component: usize,
    pub option: Vec<P>,
}

/// Everything misère play says about a sum of positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereAnalysis<P> {
    pub components: Vec<P>,
    /// Each component's genus (its nim-value is `genus.nim_value`); empty
    /// when the quotient decided, which needs no genus, and when the genera
    /// took longer than a second together (a genus of a large heap costs an
    /// exponential search; `note` then says so).
    pub genera: Vec<Genus>,
    pub outcome: Outcome,
    /// How the outcome was decided ([`Decision::Quotient`], [`Decision::TameGenus`] or [`Decision::Search`]).
    pub method: Decision,
    /// Every move to a misère P-position.
    pub winning_moves: Vec<MisereMove<P>>,
    /// Why a misère quotient that was given did not decide the sum.
    pub note: Option<String>,
    /// Each component's misère canonical form in CGSuite's notation
    /// (`*[2#]`), when canonical forms decided ([`Decision::Canonical`]).
    pub canonical_forms: Vec<String>,
    /// Each component's genus in CGSuite's short form (`4^146`), which
    /// needs the phylum of its canonical form: so only when canonical
    /// forms decided, like `canonical_forms`.
    pub short_genera: Vec<String>,
}

/// Misère analysis of one game, remembering what it learns: each
/// position's genus, which positions are tame, and exact misère values of
/// whole sums. Keep one for many questions about the same game.
pub struct MisereSums<G: Game>
where
    G::Position: Ord,
{
    game: G,
    genera: FxHashMap<G::Position, Genus>,
    /// The searches behind `genera`, kept: the genera of a position's
    /// followers share their sums.
    genus_search: Genera<G>,
    /// Positions known to be tame, or known not to be.
    tame: FxHashMap<G::Position, bool>,
    exact: Search<SumGame<G>, MiserePlay>,
    /// A misère quotient, asked before the other methods where there is one.
    quotient: Option<Box<dyn MisereOracle<G::Position>>>,
    /// Canonical forms, when asked for: they then decide every sum.
    canonical: Option<CanonicalSums<G>>,
    /// Canonical forms not asked for, tried before exact search within
    /// [`TRIAL_STEPS`] in all.
    trial: Option<CanonicalSums<G>>,
    /// The steps of [`TRIAL_STEPS`] left (fewer in tests): none once a
    /// question outgrew them, and then forms are not tried again.
    trial_steps: u64,
    /// The flag [`Self::set_interrupt`] was given, for forms asked for later.
    interrupt: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Splits positions for the canonical forms ([`Self::with_decomposition`]).
    split: Option<Splitter<G>>,
}

impl<G: Game + Clone> MisereSums<G>
where
    G::Position: Ord + Hash + Debug,
{
    /// The analysis of `game`, which may be borrowed (`&kayles`) or shared
    /// (`Arc<HeapGame>`).
    pub fn new(game: G) -> Self {
        MisereSums {
            genera: FxHashMap::default(),
            genus_search: Genera::new(game.clone()),
            tame: FxHashMap::default(),
            exact: Search::new(SumGame::new(game.clone()), MiserePlay),
            quotient: None,
            canonical: None,
            trial: None,
            trial_steps: TRIAL_STEPS,
            interrupt: None,
            split: None,
            game,
        }
    }

    /// Canonical forms (when used) that split each position into its
    /// components ([`CanonicalSums::with_decomposition`]): a sum is then
    /// analysed as the user wrote it, each position whole, with its winning
    /// moves on it, while the forms are those of its components.
    pub fn with_decomposition(self) -> Self
    where
        G: Decompose,
    {
        self.with_splitter(G::components)
    }

    /// Canonical forms (when used or tried) that split each position with
    /// `split`: the components, which may also be renumbered by their
    /// shape where the game can (Hackenbush's trees), so that the forms'
    /// memo meets each shape once. Positions are still analysed as given.
    pub(crate) fn with_splitter(mut self, split: Splitter<G>) -> Self {
        self.split = Some(split);
        for forms in [&mut self.canonical, &mut self.trial].into_iter().flatten() {
            forms.set_splitter(self.split);
        }
        self
    }

    /// Whether the sums are decided by canonical forms that split each
    /// position into its components, so that positions need not be split
    /// before they are analysed.
    pub fn forms_decompose(&self) -> bool {
        self.canonical.as_ref().is_some_and(|canonical| canonical.decomposes())
    }

    /// Decides every sum by misère canonical forms ([`CanonicalSums`]),
    /// before a quotient and instead of genera and search.
    pub fn with_canonical_forms(mut self) -> Self {
        self.use_canonical_forms();
        self
    }

    /// [`Self::with_canonical_forms`] on a kept analysis.
    pub fn use_canonical_forms(&mut self) {
        if self.canonical.is_none() {
            self.canonical = Some(self.new_forms());
        }
    }

    /// Canonical forms of this game, split and interrupted as the analysis is.
    fn new_forms(&self) -> CanonicalSums<G> {
        let mut forms = CanonicalSums::new(self.game.clone());
        forms.set_splitter(self.split);
        if let Some(flag) = &self.interrupt {
            forms.set_interrupt(std::sync::Arc::clone(flag));
        }
        forms
    }

    /// Makes exact search and canonical forms watch `flag` (a Ctrl-C
    /// handler's): once raised they return [`crate::Error::Interrupted`].
    pub fn set_interrupt(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.exact.set_interrupt(std::sync::Arc::clone(&flag));
        self.genus_search.set_interrupt(std::sync::Arc::clone(&flag));
        for forms in [&mut self.canonical, &mut self.trial].into_iter().flatten() {
            forms.set_interrupt(std::sync::Arc::clone(&flag));
        }
        self.interrupt = Some(flag);
    }

    /// Never tries canonical forms unasked, so that sums the quotient does
    /// not decide go to the tame rule or exact search: a check of the forms.
    #[cfg(test)]
    pub(crate) fn without_trial_forms(mut self) -> Self {
        self.trial_steps = 0;
        self
    }

    /// Whether every winning move of the sum of `components` is found
    /// without listing all the options of its components: the oracle
    /// decides the sum and names the options worth trying
    /// ([`MisereOracle::candidate_moves`]).
    pub fn finds_moves_without_listing(&mut self, components: &[G::Position]) -> bool {
        let Some(quotient) = self.quotient.as_mut().filter(|_| self.canonical.is_none()) else { return false };
        quotient.outcome(components).is_some()
            && (0..components.len()).all(|index| quotient.candidate_moves(components, index).is_some())
    }

    /// Whether the oracle alone decides the sum of `components`: its
    /// quotient covers them, or it proves every one tame. Asked before
    /// anything else is, so that a position too large to search (a heap of
    /// 10¹²) never reaches a search.
    pub fn decided_by_oracle(&mut self, components: &[G::Position]) -> bool {
        let Some(oracle) = self.quotient.as_mut().filter(|_| self.canonical.is_none()) else { return false };
        oracle.outcome(components).is_some() || components.iter().all(|c| oracle.tame_kind(c).is_some())
    }

    /// Decides sums by `quotient` wherever it covers them.
    pub fn with_quotient(mut self, quotient: Box<dyn MisereOracle<G::Position>>) -> Self {
        self.quotient = Some(quotient);
        self
    }

    /// The genus of `position` (four terms or more), computed once.
    pub fn genus(&mut self, position: &G::Position) -> Result<Genus> {
        if let Some(genus) = self.genera.get(position) {
            return Ok(genus.clone());
        }
        let found = match self.known_tame(position) {
            Some(kind) => kind.genus(),
            None => self.genus_search.genus(position, 4)?,
        };
        self.genera.insert(position.clone(), found.clone());
        Ok(found)
    }

    /// Whether `position` is tame: it and every follower have a tame genus.
    /// Followers of a tame position are tame, so a success marks every
    /// position visited; each genus is computed once.
    ///
    /// The followers are listed first and their genera asked smallest
    /// first (in the positions' order: a heap's size), since a genus costs
    /// about what its followers' do together: a wild game shows a wild
    /// genus at a small heap (4.07 at heap 6) long before a large heap's
    /// genus is done (4.07's heap 31: 12 s).
    pub fn is_tame(&mut self, position: &G::Position) -> Result<bool> {
        if let Some(&tame) = self.tame.get(position) {
            return Ok(tame);
        }
        if self.known_tame(position).is_some() {
            self.tame.insert(position.clone(), true);
            return Ok(true);
        }
        // Each follower is stacked once, when first met: stacking every
        // option of every follower held heap × options positions at once
        // (Grundy's game at heap 100,000: 5 × 10^9, past any machine).
        let mut followers = rustc_hash::FxHashSet::default();
        followers.insert(position.clone());
        let mut stack = vec![position.clone()];
        let mut options = Options::new();
        while let Some(p) = stack.pop() {
            if self.tame.get(&p) == Some(&false) {
                self.tame.insert(position.clone(), false);
                return Ok(false);
            }
            options.clear();
            self.game.options(&p, &mut options);
            crate::watch::check_current(options.len() as u64)?;
            for part in options.parts() {
                if self.tame.get(part) != Some(&true) && followers.insert(part.clone()) {
                    stack.push(part.clone());
                }
            }
        }
        let mut followers: Vec<G::Position> = followers.into_iter().collect();
        followers.sort_unstable();
        for p in &followers {
            if !self.genus(p)?.is_tame_form() {
                self.tame.insert(p.clone(), false);
                self.tame.insert(position.clone(), false);
                return Ok(false);
            }
        }
        for p in followers {
            self.tame.insert(p, true);
        }
        Ok(true)
    }

    /// The kind of `position` if the quotient's oracle has proven it tame
    /// (for heap games, the tame rule of `solve/quotient/tame.rs`: linear
    /// in the heap where the genus search is exponential).
    fn known_tame(&mut self, position: &G::Position) -> Option<TameKind> {
        self.quotient.as_mut()?.tame_kind(position)
    }

    /// Each component's genus, if they all take less than [`GENERA_TIME`]
    /// together; else none, and the reason.
    fn genera_in_time(&mut self, components: &[G::Position]) -> Result<(Vec<Genus>, Option<String>)> {
        self.genus_search.set_deadline(Some(std::time::Instant::now() + GENERA_TIME));
        let genera = components.iter().map(|c| self.genus(c)).collect::<Result<Vec<_>>>();
        self.genus_search.set_deadline(None);
        match genera {
            Ok(genera) => Ok((genera, None)),
            Err(crate::Error::TimeUp { .. } | crate::Error::TooDeep { .. }) => Ok((
                Vec::new(),
                Some(format!("genera not shown: they took more than {} s to compute", GENERA_TIME.as_secs())),
            )),
            Err(error) => Err(error),
        }
    }

    /// **How a misère sum is decided** — the one place the choice is made:
    /// canonical forms when they were asked for; else the misère quotient
    /// when there is one that covers the sum, else the tame-genus rule when
    /// every component is tame, else canonical forms if they answer within
    /// a budget of work (about a second), else exact search of the whole sum.
    pub fn method(&mut self, components: &[G::Position]) -> Result<Decision> {
        if self.canonical.is_some() {
            return Ok(Decision::Canonical);
        }
        if let Some(quotient) = &mut self.quotient {
            if quotient.outcome(components).is_some() {
                return Ok(quotient.decision());
            }
        }
        // One component whose tameness is not known yet: proving it takes
        // the genus of every follower, each a search of the follower beside
        // copies of `*2`, where a search of the component alone visits each
        // follower once (`mock-turtles 9,13`: 72 s against 0.1 s).
        if let [component] = components {
            if self.tame.get(component) != Some(&true) && self.known_tame(component).is_none() {
                return self.forms_or_search(components);
            }
        }
        crate::watch::stage(GENERA_STAGE);
        for component in components {
            if !self.is_tame(component)? {
                return self.forms_or_search(components);
            }
        }
        Ok(Decision::TameGenus)
    }

    /// Canonical forms if they decide `components` within what is left of
    /// [`TRIAL_STEPS`] (the outcome is then remembered), else exact search;
    /// once forms have failed a question they are not tried again.
    fn forms_or_search(&mut self, components: &[G::Position]) -> Result<Decision> {
        if self.trial_steps == 0 {
            return Ok(Decision::Search);
        }
        if self.trial.is_none() {
            self.trial = Some(self.new_forms());
        }
        crate::watch::stage("steps of the misère canonical forms (a trial)");
        let forms = self.trial.as_mut().expect("made above");
        forms.forms_mut().set_budget(Some(self.trial_steps));
        let tried = forms.outcome(components);
        self.trial_steps = forms.forms().budget().unwrap_or(0);
        forms.forms_mut().set_budget(None);
        match tried {
            Ok(_) => Ok(Decision::Canonical),
            // (The budget is spent: `trial_steps` is 0.)
            Err(crate::Error::TimeUp { .. } | crate::Error::TooDeep { .. }) => Ok(Decision::Search),
            Err(error) => Err(error),
        }
    }

    /// The misère outcome of the sum of `components`, by [`Self::method`].
    pub fn outcome(&mut self, components: &[G::Position]) -> Result<(Outcome, Decision)> {
        if let Some(canonical) = &mut self.canonical {
            crate::watch::stage(CANONICAL_STAGE);
            return Ok((canonical.outcome(components)?, Decision::Canonical));
        }
        if let Some(quotient) = &mut self.quotient {
            if let Some(outcome) = quotient.outcome(components) {
                return Ok((outcome, quotient.decision()));
            }
        }
        let method = self.method(components)?;
        // (What the progress line and the server's job page name; the steps
        // they count are the positions the work polls at.)
        crate::watch::stage(match method {
            Decision::TameGenus => GENERA_STAGE,
            Decision::Canonical => CANONICAL_STAGE,
            _ => "positions of the misère search of the whole sum",
        });
        let outcome = match method {
            Decision::TameGenus => {
                let genera = components.iter().map(|c| self.genus(c)).collect::<Result<Vec<_>>>()?;
                tame_sum_outcome(&genera)
            }
            // (Found by `method`, and remembered.)
            Decision::Canonical => self.trial.as_mut().expect("forms tried").outcome(components)?,
            _ => {
                let sum = self.exact.game().canonical(components.iter().cloned());
                Outcome::of_nim_value(self.exact.value(&sum)?)
            }
        };
        Ok((outcome, method))
    }

    /// Each component's genus and its short form from the forms tried by
    /// [`Self::forms_or_search`], if they take less than [`TRIAL_STEPS`]
    /// more.
    #[allow(clippy::type_complexity)]
    fn trial_genera(&mut self, components: &[G::Position]) -> Result<Option<(Vec<Genus>, Vec<String>)>> {
        let Some(forms) = self.trial.as_mut() else { return Ok(None) };
        // (A budget of their own: genera are shown, not needed, and must not
        // leave the winning moves to search.)
        forms.forms_mut().set_budget(Some(TRIAL_STEPS));
        let found = components
            .iter()
            .map(|component| {
                let form = forms.form(component)?;
                let genus = forms.genus(form)?;
                let short = genus.short(forms.phylum(form)?).to_string();
                Ok((genus, short))
            })
            .collect::<Result<Vec<_>>>();
        forms.forms_mut().set_budget(None);
        match found {
            Ok(found) => Ok(Some(found.into_iter().unzip())),
            Err(crate::Error::TimeUp { .. } | crate::Error::TooDeep { .. }) => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// Outcome, genera and every winning move of the sum of `components`.
    pub fn analyse(&mut self, components: &[G::Position]) -> Result<MisereAnalysis<G::Position>> {
        self.analysis(components, true)
    }

    /// [`Self::analyse`] without the winning moves, which ask the outcome
    /// of the sum after every option of every component.
    pub fn analyse_without_moves(&mut self, components: &[G::Position]) -> Result<MisereAnalysis<G::Position>> {
        self.analysis(components, false)
    }

    fn analysis(&mut self, components: &[G::Position], with_moves: bool) -> Result<MisereAnalysis<G::Position>> {
        let (outcome, method) = self.outcome(components)?;
        let by_oracle = self.quotient.as_ref().is_some_and(|q| q.decision() == method);
        let mut canonical_forms = Vec::new();
        let mut short_genera = Vec::new();
        let mut genera_note = None;
        let genera = match (method, &mut self.canonical) {
            // An oracle's sums need no genus; the ones it knows are shown.
            _ if by_oracle => components
                .iter()
                .map(|c| self.known_tame(c).map(TameKind::genus))
                .collect::<Option<_>>()
                .unwrap_or_default(),
            // The genus of a form is a few sums of forms, not a search.
            (Decision::Canonical, Some(canonical)) => {
                let mut genera = Vec::with_capacity(components.len());
                for component in components {
                    let form = canonical.form(component)?;
                    let forms = canonical.forms();
                    canonical_forms.push(forms.display_within(form, MAX_FORM_TEXT).unwrap_or_else(|| {
                        format!(
                            "(too long to print: more than {MAX_FORM_TEXT} characters; born on day {}, {} options)",
                            forms.birthday(form),
                            forms.options(form).len()
                        )
                    }));
                    let genus = canonical.genus(form)?;
                    short_genera.push(genus.short(canonical.phylum(form)?).to_string());
                    genera.push(genus);
                }
                genera
            }
            // Forms that were tried give the genera too, within their budget.
            (Decision::Canonical, None) => match self.trial_genera(components)? {
                Some((genera, short)) => {
                    short_genera = short;
                    genera
                }
                None => {
                    let (genera, why_none) = self.genera_in_time(components)?;
                    genera_note = why_none;
                    genera
                }
            },
            _ => {
                let (genera, why_none) = self.genera_in_time(components)?;
                genera_note = why_none;
                genera
            }
        };
        let mut winning_moves = Vec::new();
        if with_moves && outcome == Outcome::N {
            let mut options = Options::new();
            for (index, component) in components.iter().enumerate() {
                options.clear();
                // The oracle that decided may name the few options worth
                // trying (misère Nim's heap of 10^18 has 10^18 in all).
                match self.quotient.as_mut().filter(|_| by_oracle).and_then(|q| q.candidate_moves(components, index)) {
                    Some(candidates) => candidates.into_iter().for_each(|option| options.push(option)),
                    None => self.game.options(component, &mut options),
                }
                for option in options.distinct() {
                    // (A rule answers each option without a search that
                    // would look at Ctrl-C: a heap splitting three ways has
                    // millions of options.)
                    crate::watch::check_current(1)?;
                    let mut after: Vec<G::Position> = components.to_vec();
                    after.remove(index);
                    after.extend(option.iter().cloned());
                    if self.outcome(&after)?.0 == Outcome::P {
                        winning_moves.push(MisereMove { component: index, option: option.to_vec() });
                    }
                }
            }
        }
        let coverage = match &self.quotient {
            Some(quotient) if !by_oracle && self.canonical.is_none() => {
                Some(format!("{}, not this sum: decided by {method}", quotient.coverage()))
            }
            _ => None,
        };
        let note = match (coverage, genera_note) {
            (Some(coverage), Some(genera)) => Some(format!("{coverage}; {genera}")),
            (coverage, genera) => coverage.or(genera),
        };
        Ok(MisereAnalysis {
            components: components.to_vec(),
            genera,
            outcome,
            method,
            winning_moves,
            note,
            canonical_forms,
            short_genera,
        })
    }
}

/// The stage the run's watch names while the components' genera are found
/// (proving them tame).
const GENERA_STAGE: &str = "positions searched for the components' genera";

/// The stage the run's watch names while canonical forms are built; its
/// steps are sums, simplifications and outcomes of forms.
const CANONICAL_STAGE: &str = "steps of the misère canonical forms";

/// Outcome, genera and every winning move of a misère sum (see
/// [`MisereSums`] to keep what is learnt for further questions).
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// use grundy::game::Outcome;
/// use grundy::solve::{misere::analyse_misere_sum, Decision};
/// let kayles = HeapGame::parse("kayles").unwrap();
/// let analysis = analyse_misere_sum(&kayles, &[5, 2]).unwrap();
/// // Kayles is wild from heap 5: canonical forms decide (exact search would).
/// assert_eq!((analysis.outcome, analysis.method), (Outcome::N, Decision::Canonical));
/// assert_eq!(analysis.genera[0].to_string(), "4^14646");
/// assert_eq!(analysis.winning_moves.len(), 2); // 5 -> 1 + 3, 2 -> 1
/// ```
pub fn analyse_misere_sum<G: Game>(game: &G, components: &[G::Position]) -> Result<MisereAnalysis<G::Position>>
where
    G::Position: Ord + Hash + Debug,
{
    MisereSums::new(game).analyse(components)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Nim;
    use crate::solve::heap::HeapGame;
    use crate::solve::misere::genus::misere_sum_outcome;

    /// The memoized analysis against the from-scratch rule, option by option.
    fn check<G: Game<Position = u64>>(game: &G, sums: &[Vec<u64>]) {
        let mut sums_of_game = MisereSums::new(game);
        for sum in sums {
            let analysis = sums_of_game.analyse(sum).unwrap();
            let (outcome, method) = misere_sum_outcome(game, sum).unwrap();
            assert_eq!(analysis.outcome, outcome, "{sum:?}");
            // Where the rule searches, the analysis tries canonical forms
            // first; and it does not prove a lone component tame.
            let searched = method == Decision::Search || sum.len() == 1;
            let tried_forms = searched && matches!(analysis.method, Decision::Canonical | Decision::Search);
            assert!(analysis.method == method || tried_forms, "{sum:?}: {:?} against {method:?}", analysis.method);
            let mut expected = Vec::new();
            let mut options = Options::new();
            for (index, heap) in sum.iter().enumerate() {
                options.clear();
                game.options(heap, &mut options);
                for option in options.distinct() {
                    let mut after = sum.clone();
                    after.remove(index);
                    after.extend(option.iter().copied());
                    if misere_sum_outcome(game, &after).unwrap().0 == Outcome::P {
                        expected.push(MisereMove { component: index, option: option.to_vec() });
                    }
                }
            }
            assert_eq!(analysis.winning_moves, expected, "{sum:?}");
        }
    }

    /// Forms that outgrow their budget leave the sum to exact search, with
    /// the same analysis, and are not tried again.
    #[test]
    fn forms_over_their_budget_leave_the_sum_to_search() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let mut tried = MisereSums::new(&kayles);
        tried.trial_steps = 10;
        let mut forms = MisereSums::new(&kayles);
        let (a, b) = (tried.analyse(&[5, 2, 6]).unwrap(), forms.analyse(&[5, 2, 6]).unwrap());
        assert_eq!((a.method, b.method), (Decision::Search, Decision::Canonical));
        assert_eq!((a.outcome, &a.winning_moves, &a.genera), (b.outcome, &b.winning_moves, &b.genera));
        assert_eq!(tried.trial_steps, 0);
    }

    /// A lone component is searched, not first proven tame: the proof asks
    /// every follower's genus (Mock Turtles' `9,13`, 4,000 followers: 72 s
    /// where a search takes a tenth of a second). The answer is the rule's.
    #[test]
    fn a_lone_component_is_searched_without_proving_it_tame() {
        let mock = crate::catalogue::CoinTurning::parse("mock-turtles").unwrap();
        let row = vec![5, 8];
        let mut sums = MisereSums::new(&mock).without_trial_forms();
        let analysis = sums.analyse(std::slice::from_ref(&row)).unwrap();
        assert_eq!(analysis.method, Decision::Search);
        assert!(sums.tame.is_empty(), "{} positions proven tame or wild", sums.tame.len());
        assert_eq!(analysis.outcome, misere_sum_outcome(&mock, &[row]).unwrap().0);
    }

    #[test]
    fn agrees_with_the_unmemoized_rule_on_every_option() {
        let sums = [vec![3, 4, 5], vec![5, 2], vec![1, 1], vec![2, 2], vec![6], vec![1, 4, 4], vec![], vec![7, 1]];
        check(&HeapGame::parse("kayles").unwrap(), &sums);
        check(&HeapGame::parse("0.137").unwrap(), &sums);
        check(&Nim, &sums);
    }
}

#[cfg(test)]
mod canonical_tests {
    use super::*;
    use crate::catalogue::Nim;
    use crate::solve::heap::HeapGame;

    #[test]
    fn canonical_forms_give_the_same_analysis_as_the_other_methods() {
        let sums = [vec![3, 4, 5], vec![5, 2], vec![1, 1], vec![2, 2], vec![6], vec![1, 4, 4], vec![], vec![7, 1]];
        for game in [HeapGame::parse("kayles").unwrap(), HeapGame::parse("0.137").unwrap()] {
            let mut usual = MisereSums::new(&game);
            let mut canonical = MisereSums::new(&game).with_canonical_forms();
            for sum in &sums {
                let (a, b) = (usual.analyse(sum).unwrap(), canonical.analyse(sum).unwrap());
                assert_eq!(b.method, Decision::Canonical);
                assert_eq!(
                    (a.outcome, &a.winning_moves, &a.genera),
                    (b.outcome, &b.winning_moves, &b.genera),
                    "{sum:?}"
                );
                assert_eq!(b.canonical_forms.len(), sum.len());
            }
        }
        let analysis = MisereSums::new(Nim).with_canonical_forms().analyse(&[2, 2]).unwrap();
        assert_eq!(analysis.canonical_forms, ["*[2]", "*[2]"]);
        assert_eq!(analysis.short_genera, ["2", "2"]);
        assert_eq!(analysis.outcome, Outcome::P);
    }
}
