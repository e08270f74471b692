//! Misère play by canonical forms: each component is replaced by its misère
//! canonical form, and a sum is decided by searching sums of forms.
//!
//! Two games are misère-equal when they have the same misère outcome in
//! every sum; Conway showed (ONAG ch. 12) that each game has a unique
//! simplest form in its class, found by removing reversible options
//! (`form.rs` explains the rule). Far fewer forms than positions exist:
//! every Kayles heap up to 20 has one of a few dozen forms, and many Cram
//! regions share a form. So the outcome of a sum of components is the
//! outcome of the sum of their forms, searched over multisets of form ids
//! (a move replaces one form by one of its options) and memoized on them.
//! Lemoine and Viennot's *reduced canonical trees* (misère Sprouts, arXiv
//! 0908.4407) are the same idea. CGSuite offers the forms as
//! `MisereCanonicalForm`; [`Forms::display`] prints them as it does.
//!
//! ```
//! use grundy::solve::heap::HeapGame;
//! use grundy::game::Outcome;
//! use grundy::solve::misere::canonical::CanonicalSums;
//! let kayles = HeapGame::parse("kayles").unwrap();
//! let mut sums = CanonicalSums::new(&kayles);
//! let three = sums.form(&3).unwrap();
//! assert_eq!(sums.forms().display(three), "*[3]"); // misère Kayles 3 is *3
//! assert_eq!(sums.outcome(&[3, 4, 5]).unwrap(), Outcome::N);
//! assert_eq!(sums.outcome(&[1]).unwrap(), Outcome::P);
//! ```

mod beside;
mod form;
mod notation;
mod shared_root;

pub use beside::Beside;
pub use shared_root::SharedOutcome;

pub use form::{FormId, Forms};

use std::fmt::Debug;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::genus::{options_settle, settle, Followers, Genus, Phylum};
use crate::error::{Error, Result};
use crate::game::{Decompose, Game, Options, Outcome};
use crate::nim::NimValue;
use crate::solve::search::Splitter;

/// The deepest the forms recurse: a level takes about 400 bytes of stack
/// in a release build, and a server's worker thread has 2 MB.
pub const MAX_FORM_DEPTH: usize = 2000;

/// The misère canonical forms of a game's positions, and the outcomes of
/// sums of them, remembered between questions.
pub struct CanonicalSums<G: Game> {
    game: G,
    forms: Forms,
    of_position: FxHashMap<G::Position, FormId>,
    /// Misère outcomes of multisets of forms (sorted, without `0`, and
    /// with pairs of `*` cancelled, since `* + * = 0`).
    outcomes: FxHashMap<Box<[FormId]>, Outcome>,
    /// For each form whose genus was asked, or a follower's: from which
    /// count of `*2` its misère values beside them repeat (see
    /// [`super::genus::Settled`]).
    settled: FxHashMap<FormId, usize>,
    interrupt: Option<Arc<AtomicBool>>,
    /// Splits a position into its components before its form is made, for
    /// a [`Decompose`] game ([`Self::with_decomposition`]).
    split: Option<Splitter<G>>,
}

impl<G: Game> CanonicalSums<G>
where
    G::Position: Debug,
{
    pub fn new(game: G) -> Self {
        CanonicalSums {
            game,
            forms: Forms::new(),
            of_position: FxHashMap::default(),
            outcomes: FxHashMap::default(),
            settled: FxHashMap::default(),
            interrupt: None,
            split: None,
        }
    }

    /// Forms that split each position into its components first
    /// ([`Decompose`]): a position's form is the misère sum of its
    /// components' forms (a sum's form is the form of the sum, so this is
    /// the same form), and the components — reduced and in canonical
    /// position where the game puts them so — share their forms across
    /// every position that contains them. A position a user wrote (a Cram
    /// board of several regions) then keeps its place in a report, with
    /// its moves on the board as written.
    pub fn with_decomposition(game: G) -> Self
    where
        G: Decompose,
    {
        let mut sums = CanonicalSums::new(game);
        sums.split = Some(G::components);
        sums
    }

    /// Whether forms split positions into their components
    /// ([`Self::with_decomposition`]).
    pub fn decomposes(&self) -> bool {
        self.split.is_some()
    }

    /// Sets the splitter of [`Self::with_decomposition`] (or none).
    pub(crate) fn set_splitter(&mut self, split: Option<Splitter<G>>) {
        self.split = split;
    }

    /// Makes the computations watch `flag`: once it is raised they return
    /// [`Error::Interrupted`], keeping every form and outcome found.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.forms.set_interrupt(Arc::clone(&flag));
        self.interrupt = Some(flag);
    }

    /// The flag the computations watch, if any.
    pub fn interrupt(&self) -> Option<Arc<AtomicBool>> {
        self.interrupt.clone()
    }

    /// Stops on the flag, and on the thread's watch (its memory limit: the
    /// forms and the outcomes of their sums are kept in memory).
    pub(crate) fn check_interrupt(&self) -> Result<()> {
        match &self.interrupt {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(Error::Interrupted),
            _ => crate::watch::check_current(1),
        }
    }

    /// How many positions have a form so far.
    pub fn positions_valued(&self) -> usize {
        self.of_position.len()
    }

    /// The arena the forms live in (to print them, or to add them).
    pub fn forms(&self) -> &Forms {
        &self.forms
    }

    /// The arena, to build forms of one's own (sums, parsed forms).
    pub fn forms_mut(&mut self) -> &mut Forms {
        &mut self.forms
    }

    /// The misère canonical form of `position`: the forms of its options
    /// (an option that is a sum gets the misère sum of its parts' forms),
    /// simplified. Each position is valued once.
    pub fn form(&mut self, position: &G::Position) -> Result<FormId> {
        let mut on_path = FxHashSet::default();
        self.form_of(position, &mut on_path)
    }

    /// The form of `position`, each option's form first: a recursion as
    /// deep as the longest line of play (`on_path` holds it), refused past
    /// [`MAX_FORM_DEPTH`] with [`Error::TooDeep`] before the thread's stack
    /// runs out (`--misere subtraction:1,3,4 30000` overflowed it and
    /// aborted; a server's worker has a quarter of the command line's).
    fn form_of(&mut self, position: &G::Position, on_path: &mut FxHashSet<G::Position>) -> Result<FormId> {
        if let Some(&form) = self.of_position.get(position) {
            return Ok(form);
        }
        self.check_interrupt()?;
        self.forms.step()?;
        if let Some(split) = self.split {
            let mut parts = Vec::new();
            split(&self.game, position, &mut parts);
            if parts.len() != 1 || parts[0] != *position {
                // On the path too: a game whose splitting were not idempotent
                // would get an error here, not endless recursion.
                if !on_path.insert(position.clone()) {
                    return Err(Error::Loopy { position: format!("{position:?}") });
                }
                let mut total = FormId::ZERO;
                for part in &parts {
                    let part_form = self.form_of(part, on_path)?;
                    total = self.forms.sum(total, part_form)?;
                }
                on_path.remove(position);
                self.of_position.insert(position.clone(), total);
                return Ok(total);
            }
        }
        if !on_path.insert(position.clone()) {
            return Err(Error::Loopy { position: format!("{position:?}") });
        }
        if on_path.len() > MAX_FORM_DEPTH {
            return Err(Error::TooDeep { what: "the misère canonical form".into(), limit: MAX_FORM_DEPTH });
        }
        let mut options = Options::new();
        self.game.options(position, &mut options);
        // Each level of this recursion holds its options until its last is
        // valued, and a heap of `n` may be `n` levels deep with `n / 2`
        // options each (Grundy's game): the options count towards the
        // watch's look at the process's memory, which one step a position
        // would reach only after gigabytes.
        crate::watch::check_current(options.len() as u64)?;
        let mut option_forms = Vec::with_capacity(options.len());
        for option in options.iter() {
            let mut total = FormId::ZERO;
            for part in option {
                let part_form = self.form_of(part, on_path)?;
                total = self.forms.sum(total, part_form)?;
            }
            option_forms.push(total);
        }
        on_path.remove(position);
        let form = self.forms.game(option_forms)?;
        self.of_position.insert(position.clone(), form);
        Ok(form)
    }

    /// The misère outcome of the sum of `components`, from their forms.
    pub fn outcome(&mut self, components: &[G::Position]) -> Result<Outcome> {
        let forms = components.iter().map(|c| self.form(c)).collect::<Result<Vec<_>>>()?;
        self.outcome_of_forms(&forms)
    }

    /// The misère outcome of the sum of `forms`: with no move left the
    /// player to move wins; else the player to move wins iff some move in
    /// some form leads to a sum the opponent loses.
    pub fn outcome_of_forms(&mut self, forms: &[FormId]) -> Result<Outcome> {
        let key = normalize(forms.to_vec());
        self.outcome_of_key(key)
    }

    fn outcome_of_key(&mut self, key: Box<[FormId]>) -> Result<Outcome> {
        match key[..] {
            [] => return Ok(Outcome::N),
            [only] => return Ok(self.forms.outcome(only)),
            _ => {}
        }
        if let Some(&outcome) = self.outcomes.get(&key) {
            return Ok(outcome);
        }
        self.check_interrupt()?;
        self.forms.step()?;
        let mut outcome = Outcome::P;
        'moves: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue; // the same move as in the previous copy
            }
            for &option in self.forms.options(key[i]).to_vec().iter() {
                // (Counted each: most are answered by the memo, at a cost.)
                self.forms.step()?;
                let mut after = key.to_vec();
                after[i] = option;
                if self.outcome_of_key(normalize(after))? == Outcome::P {
                    outcome = Outcome::N;
                    break 'moves;
                }
            }
        }
        self.outcomes.insert(key, outcome);
        Ok(outcome)
    }

    /// The genus of `form`, from sums of forms: g⁺ and the misère values of
    /// `form + *2 + … + *2`, until they are proven to alternate (as
    /// [`crate::solve::misere::genus::genus`] computes by search).
    pub fn genus(&mut self, form: FormId) -> Result<Genus> {
        let after = options_settle(self, &form)?;
        Ok(settle(after, |k| self.pair(&form, k))?.genus(self.forms.nim_value(form), 4))
    }

    /// The phylum of `form`, which decides CGSuite's short form of its
    /// genus: a nim heap; **tame** when its genus is tame and each option
    /// is either tame or *reversibly* so — it has a tame option of the
    /// same genus as `form`, so a move to the wild option can be answered
    /// by returning to a position that plays like `form` in tame sums
    /// (Winning Ways ch. 13, "tame games that are not hereditarily tame";
    /// CGSuite's phyla HEREDITARILY_TAME and REVERSIBLY_TAME); **restive**
    /// when `g⁺` is 0 or 1 but `g⁻` is 2 or more (so the genus is not tame)
    /// and every option is tame, or, for an option that is not, it has
    /// options that are tame or restive with `g⁻ = g⁻(form)` and with
    /// `g⁺ = g⁺(form)` (and the tame options alone give `form` its `g⁺` and
    /// `g⁻`): WW ch. 13's restive games, whose genus is `g^{γ0}` followed by
    /// `γ, γ⊕2, …` with `γ = γ0` if `γ0 < 4`, else `γ = g` (CGSuite's
    /// HEREDITARILY_RESTIVE and REVERSIBLY_RESTIVE, after Dan Hoey); else
    /// wild. Kayles 7 is tame this way though heap 5 (4^146) is among its
    /// options. *Restless* games (`g⁻` 0 or 1, `g⁺` 2 or more), which
    /// CGSuite names too, print their genus in full, as wild ones do.
    pub fn phylum(&mut self, form: FormId) -> Result<Phylum> {
        if self.forms.as_nimber(form).is_some() {
            return Ok(Phylum::NimHeap);
        }
        let mut memo = FxHashMap::default();
        if self.is_tame_form(form, &mut memo)? {
            return Ok(Phylum::Tame);
        }
        if self.is_restive_form(form, &mut memo, &mut FxHashMap::default())? {
            Ok(Phylum::Restive)
        } else {
            Ok(Phylum::Wild)
        }
    }

    fn is_tame_form(&mut self, form: FormId, memo: &mut FxHashMap<FormId, bool>) -> Result<bool> {
        if let Some(&tame) = memo.get(&form) {
            return Ok(tame);
        }
        let genus = self.genus(form)?;
        let mut tame = genus.is_tame_form();
        if tame {
            for option in self.forms.options(form).to_vec() {
                if self.is_tame_form(option, memo)? {
                    continue;
                }
                let mut reversible = false;
                for back in self.forms.options(option).to_vec() {
                    if self.genus(back)? == genus && self.is_tame_form(back, memo)? {
                        reversible = true;
                        break;
                    }
                }
                if !reversible {
                    tame = false;
                    break;
                }
            }
        }
        memo.insert(form, tame);
        Ok(tame)
    }

    /// Whether `form` is restive (see [`Self::phylum`]); `tame` and
    /// `restive` remember the forms already classed.
    fn is_restive_form(
        &mut self,
        form: FormId,
        tame: &mut FxHashMap<FormId, bool>,
        restive: &mut FxHashMap<FormId, bool>,
    ) -> Result<bool> {
        if let Some(&known) = restive.get(&form) {
            return Ok(known);
        }
        let (g, m) = (self.forms.nim_value(form), self.forms.misere_value(form));
        let mut is_restive = g < 2 && m >= 2 && !self.forms.options(form).is_empty();
        if is_restive {
            let mut tame_values = (Vec::new(), Vec::new());
            for option in self.forms.options(form).to_vec() {
                if self.is_tame_form(option, tame)? {
                    tame_values.0.push(self.forms.nim_value(option));
                    tame_values.1.push(self.forms.misere_value(option));
                    continue;
                }
                let (mut m_found, mut g_found) = (false, false);
                for back in self.forms.options(option).to_vec() {
                    let (bg, bm) = (self.forms.nim_value(back), self.forms.misere_value(back));
                    // A back option whose genus agrees with `form`'s where
                    // a restive or tame sum can tell.
                    let agrees_m = bm == m && (bg < 2 || (bg ^ m) < 2);
                    let agrees_g = bg == g && (bm < 2 || (bm ^ m) < 2);
                    if (agrees_m || agrees_g)
                        && (self.is_tame_form(back, tame)? || self.is_restive_form(back, tame, restive)?)
                    {
                        m_found |= agrees_m;
                        g_found |= agrees_g;
                    }
                }
                if !(m_found && g_found) {
                    is_restive = false;
                    break;
                }
            }
            let mex = |values: &mut Vec<NimValue>| {
                values.sort_unstable();
                values.dedup();
                values
                    .iter()
                    .enumerate()
                    .find(|&(i, &v)| v != i as NimValue)
                    .map_or(values.len() as NimValue, |(i, _)| i as NimValue)
            };
            let all_tame = tame_values.0.len() == self.forms.options(form).len();
            if is_restive && !all_tame && (mex(&mut tame_values.0) != g || mex(&mut tame_values.1) != m) {
                is_restive = false;
            }
        }
        restive.insert(form, is_restive);
        Ok(is_restive)
    }
}

/// A multiset of forms as a memo key: sorted, `0`s dropped, and `*`s
/// paired off (`* + * = 0` in misère play).
fn normalize(mut forms: Vec<FormId>) -> Box<[FormId]> {
    forms.retain(|&f| f != FormId::ZERO);
    let stars = forms.iter().filter(|&&f| f == FormId::STAR).count();
    forms.retain(|&f| f != FormId::STAR);
    if stars % 2 == 1 {
        forms.push(FormId::STAR);
    }
    forms.sort_unstable();
    forms.into()
}

/// Forms' followers for the genus's proof ([`super::genus::Settled`]).
impl<G: Game> Followers for CanonicalSums<G>
where
    G::Position: Debug,
{
    type Node = FormId;

    fn options_of(&self, form: &FormId) -> Vec<FormId> {
        self.forms.options(*form).to_vec()
    }

    fn settled(&self, form: &FormId) -> Option<usize> {
        self.settled.get(form).copied()
    }

    fn set_settled(&mut self, form: FormId, from: usize) {
        self.settled.insert(form, from);
    }

    fn pair(&mut self, &form: &FormId, k: usize) -> Result<(NimValue, NimValue)> {
        let (two, star) = (self.forms.nimber(2), self.forms.nimber(1));
        let mut sum = form;
        for _ in 0..k {
            sum = self.forms.sum(sum, two)?;
        }
        let with_star = self.forms.sum(sum, star)?;
        Ok((self.forms.misere_value(sum), self.forms.misere_value(with_star)))
    }
}

/// The misère nim-values of `positions`, in order, each read off its
/// misère canonical form, the forms made one after another in one arena:
/// so a heap's options reuse the forms of the smaller heaps and of their
/// sums. `g⁻` is the same for misère-equal games (`g⁻(G) = k` exactly when
/// `G + *k` is a misère P-position, `solve/quotient/values.rs`), so the
/// form's value is the position's. Where a game's forms stay small this
/// goes far past exact search of sums, whose memo holds every sum of heaps
/// (Dawson's Kayles: heap 100 in about 12 s, where search stops at 50);
/// where they grow fast (Kayles past heap 35) it does not, so the work is
/// bounded by `steps` ([`Forms::set_budget`]). `stop(position)` before
/// each position may end the run.
///
/// Returns the values of the positions finished and, when it stopped
/// before the last, why: [`Error::TimeUp`] when the steps ran out,
/// [`Error::Interrupted`], or a limit of the forms (depth, memory).
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// use grundy::solve::misere::canonical::misere_values_by_forms;
/// let dawsons = HeapGame::parse("0.07").unwrap();
/// let (values, stopped) = misere_values_by_forms(&dawsons, 0..=9, 1_000_000, |_| false);
/// assert_eq!(values, [1, 1, 0, 0, 2, 1, 3, 0, 0, 1]);
/// assert!(stopped.is_none());
/// ```
pub fn misere_values_by_forms<G: Game>(
    game: G,
    positions: impl IntoIterator<Item = G::Position>,
    steps: u64,
    mut stop: impl FnMut(&G::Position) -> bool,
) -> (Vec<NimValue>, Option<Error>)
where
    G::Position: Debug,
{
    let mut sums = CanonicalSums::new(game);
    sums.forms_mut().set_budget(Some(steps));
    let mut values = Vec::new();
    for position in positions {
        if stop(&position) {
            return (values, Some(Error::Interrupted));
        }
        match sums.form(&position) {
            Ok(form) => values.push(sums.forms().misere_value(form)),
            Err(error) => return (values, Some(error)),
        }
    }
    (values, None)
}

#[cfg(test)]
mod tests;
