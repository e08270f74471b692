//! Canonical misère forms, hash-consed: a form is the set of its options'
//! forms, stored once in an arena and named by a [`FormId`], so two forms
//! are misère-equal exactly when their ids are equal.
//!
//! **The simplification** (Conway, *On Numbers and Games*, ch. 12; Siegel,
//! *Combinatorial Game Theory*, ch. V.1). Let `G = {A, B, …}` and
//! `H = {A, B, …, D, E, …}` where each extra option `D, E, …` has an option
//! equal to `G`. Then `G = H` in misère play, provided `G` has an option or
//! `H` is a misère N-position. (Sketch: answer a move to `D` by the move
//! `D → G`; the proviso covers `G + X` with no move at all, which the
//! player to move wins.) An option that can be dropped this way is
//! *reversible*; a game whose followers have no reversible options is in
//! *simplest form*, and two simplest forms are misère-equal only if they
//! are identical (Conway's uniqueness theorem). So with every option
//! already canonical, the canonical form of `{S}` is
//!
//! - `0`, if every option in `S` has `0` as an option and some option is a
//!   misère P-position (the case `G = 0` of the theorem, where the proviso
//!   bites; `* + * = {*} = 0` is the smallest example);
//! - else a form `K ≠ 0` that is an option of an option of `S`, whose
//!   options all lie in `S` and which is an option of every other member of
//!   `S`, if there is one (then `K = {S}` by the theorem, with `G = K`);
//! - else `{S}` itself, which then has no reversible option.
//!
//! The last step is complete because, by the same theorem's converse (used
//! in the proof of uniqueness), if `{S}` equals a canonical `K` then every
//! option of `K` is a member of `S` and every other member of `S` has `K`
//! as an option. The count of forms born by day 4 (22, ONAG ch. 12), which a
//! test rebuilds from all subsets, checks that nothing reducible is kept.
//! CGSuite's `MisereCanonicalGameOps` (Siegel, after Dan Hoey) finds the
//! same forms with more cleverness (it stores `G` and `G + *` together).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::nim::{mex, NimValue};
use crate::watch::POLL_EVERY;

/// A canonical misère form in a [`Forms`] arena. Ids from different arenas
/// must not be mixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormId(u32);

impl FormId {
    /// The game with no options (its player to move wins, in misère play).
    pub const ZERO: FormId = FormId(0);
    /// `* = {0}`, the nim heap of size one.
    pub const STAR: FormId = FormId(1);

    /// The id's place in its arena (for memo keys and debugging).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What is stored for one form: its options (sorted by id) and values that
/// follow from them.
struct Record {
    options: Box<[FormId]>,
    birthday: u32,
    /// g⁻: 1 for `0`, else the mex of the options' g⁻; 0 iff misère P.
    misere_value: NimValue,
    /// g⁺, the normal-play nim-value (misère-equal games share it: a
    /// reversible option never has the value of the game it reverses to).
    nim_value: NimValue,
}

/// An arena of canonical misère forms, with memoized misère sums.
///
/// Sums and simplifications are the long part of a misère search by forms
/// (one sum of two large forms can take seconds: it is every sum of their
/// followers), so they look at the thread's [`crate::Watch`] and at the
/// flag of [`Forms::set_interrupt`] every few thousand steps and return
/// [`Error::Interrupted`], keeping every form and sum finished before.
///
/// ```
/// use grundy::solve::misere::canonical::{FormId, Forms};
/// let mut forms = Forms::new();
/// let star = forms.nimber(1);
/// assert_eq!(forms.sum(star, star)?, FormId::ZERO); // * + * = 0 in misère play
/// let two = forms.nimber(2);
/// let two_plus_two = forms.sum(two, two)?;
/// assert_ne!(two_plus_two, FormId::ZERO); // but *2 + *2 is not 0
/// assert_eq!(forms.misere_value(two_plus_two), 0); // though it is a P-position
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct Forms {
    records: Vec<Record>,
    by_options: FxHashMap<Box<[FormId]>, FormId>,
    sums: FxHashMap<(FormId, FormId), FormId>,
    nimbers: Vec<FormId>,
    interrupt: Option<Arc<AtomicBool>>,
    /// Steps left before the next look at the stop requests.
    until_poll: u32,
    /// Steps left before the work is given up ([`Forms::set_budget`]).
    budget: Option<u64>,
}

impl Default for Forms {
    fn default() -> Self {
        Forms::new()
    }
}

impl Forms {
    /// An arena holding `0` and `*`.
    pub fn new() -> Self {
        let mut forms = Forms {
            records: Vec::new(),
            by_options: FxHashMap::default(),
            sums: FxHashMap::default(),
            nimbers: Vec::new(),
            interrupt: None,
            until_poll: POLL_EVERY,
            budget: None,
        };
        let zero = forms.intern(Vec::new());
        let star = forms.intern(vec![zero]);
        debug_assert_eq!((zero, star), (FormId::ZERO, FormId::STAR));
        debug_assert_eq!(forms.nimbers, [zero, star]);
        forms
    }

    /// Makes sums and simplifications watch `flag` too (besides the
    /// thread's watch): once it is raised they return
    /// [`Error::Interrupted`].
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// One step of work; every [`POLL_EVERY`] steps a look at the flag and
    /// at the thread's watch (which also keeps the memory limit: the
    /// arena and its memo of sums only grow).
    pub(super) fn step(&mut self) -> Result<()> {
        if let Some(left) = &mut self.budget {
            if *left == 0 {
                return Err(Error::TimeUp { what: "misère canonical forms".into() });
            }
            *left -= 1;
        }
        self.until_poll -= 1;
        if self.until_poll > 0 {
            return Ok(());
        }
        self.until_poll = POLL_EVERY;
        if self.interrupt.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        crate::watch::check_current(u64::from(POLL_EVERY))
    }

    /// Gives up with [`Error::TimeUp`] after `steps` more steps of work
    /// (sums, simplifications, and the forms and outcomes
    /// [`super::CanonicalSums`] values), or never (`None`): for trying
    /// forms where another method is sure to answer, in work counted, not
    /// time, so that the method chosen is the same on every machine. What
    /// was finished before is kept.
    pub fn set_budget(&mut self, steps: Option<u64>) {
        self.budget = steps;
    }

    /// The steps left of [`Forms::set_budget`]'s, if one was set.
    pub fn budget(&self) -> Option<u64> {
        self.budget
    }

    /// How many distinct forms the arena holds.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the arena is empty (never: it always holds `0` and `*`).
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    fn record(&self, form: FormId) -> &Record {
        &self.records[form.index()]
    }

    /// The options of `form`, in canonical form, sorted by id.
    pub fn options(&self, form: FormId) -> &[FormId] {
        &self.record(form).options
    }

    /// Whether `form` has `option` among its options.
    pub fn has_option(&self, form: FormId, option: FormId) -> bool {
        self.options(form).binary_search(&option).is_ok()
    }

    /// The birthday: 0 for `0`, else one more than the largest option's.
    pub fn birthday(&self, form: FormId) -> u32 {
        self.record(form).birthday
    }

    /// The misère nim-value g⁻ (0 iff the player to move loses).
    pub fn misere_value(&self, form: FormId) -> NimValue {
        self.record(form).misere_value
    }

    /// The normal-play nim-value g⁺.
    pub fn nim_value(&self, form: FormId) -> NimValue {
        self.record(form).nim_value
    }

    /// The misère outcome of `form` on its own.
    pub fn outcome(&self, form: FormId) -> Outcome {
        Outcome::of_nim_value(self.misere_value(form))
    }

    /// Stores a set of options known to be canonical, sorted, distinct and
    /// with no reversible member.
    fn intern(&mut self, options: Vec<FormId>) -> FormId {
        let birthday = options.iter().map(|&o| self.birthday(o) + 1).max().unwrap_or(0);
        let misere_value = if options.is_empty() {
            1
        } else {
            mex(&options.iter().map(|&o| self.misere_value(o)).collect::<Vec<_>>())
        };
        let nim_value = mex(&options.iter().map(|&o| self.nim_value(o)).collect::<Vec<_>>());
        let id = FormId(u32::try_from(self.records.len()).expect("fewer than 2^32 canonical forms"));
        // `*k` is the form whose options are `0, *, …, *(k-1)`, each
        // interned before it: recognise it as it arrives.
        if options[..] == self.nimbers[..] {
            self.nimbers.push(id);
        }
        let options: Box<[FormId]> = options.into();
        self.by_options.insert(options.clone(), id);
        self.records.push(Record { options, birthday, misere_value, nim_value });
        id
    }

    /// The canonical form of the game whose options have these canonical
    /// forms (repeats allowed): the simplification in the module docs.
    pub fn game(&mut self, options: impl IntoIterator<Item = FormId>) -> Result<FormId> {
        let mut set: Vec<FormId> = options.into_iter().collect();
        set.sort_unstable();
        set.dedup();
        if let Some(&known) = self.by_options.get(&set[..]) {
            return Ok(known);
        }
        // `set` is not empty: the empty set is 0, always interned.
        if set.iter().all(|&e| self.has_option(e, FormId::ZERO)) && set.iter().any(|&e| self.misere_value(e) == 0) {
            return Ok(FormId::ZERO);
        }
        for &d in &set {
            for i in 0..self.options(d).len() {
                self.step()?;
                let k = self.options(d)[i];
                if k != FormId::ZERO && self.reverses_to(k, &set) {
                    return Ok(k);
                }
            }
        }
        Ok(self.intern(set))
    }

    /// Whether `{set} = k` by the simplification theorem: every option of
    /// `k` is in `set`, and every other member of `set` has `k` as an option.
    fn reverses_to(&self, k: FormId, set: &[FormId]) -> bool {
        let inner = self.options(k);
        // Both lists are sorted: walk them together.
        let mut rest = inner.iter().peekable();
        for &e in set {
            if rest.peek() == Some(&&e) {
                rest.next();
            } else if !self.has_option(e, k) {
                return false;
            }
        }
        rest.next().is_none()
    }

    /// The nim heap `*n = {0, *, …, *(n-1)}`, canonical in misère play too.
    pub fn nimber(&mut self, n: usize) -> FormId {
        while self.nimbers.len() <= n {
            // `{0, *, …, *(k-1)}` has no reversible option (each option's
            // options are the smaller heaps, none of them `*k`), and is
            // not interned yet (interning it would have extended
            // `nimbers`): it is canonical as it stands.
            self.intern(self.nimbers.clone());
        }
        self.nimbers[n]
    }

    /// Whether `form` is a nim heap, and which.
    pub fn as_nimber(&self, form: FormId) -> Option<usize> {
        let n = self.birthday(form) as usize;
        (self.nimbers.get(n) == Some(&form)).then_some(n)
    }

    /// The canonical form of the misère sum `a + b`: the game whose options
    /// are `a′ + b` and `a + b′`, simplified; memoized on the pair.
    pub fn sum(&mut self, a: FormId, b: FormId) -> Result<FormId> {
        if a == FormId::ZERO {
            return Ok(b);
        }
        if b == FormId::ZERO {
            return Ok(a);
        }
        let key = (a.min(b), a.max(b));
        if let Some(&known) = self.sums.get(&key) {
            return Ok(known);
        }
        self.step()?;
        let mut options = Vec::with_capacity(self.options(a).len() + self.options(b).len());
        for a_option in self.options(a).to_vec() {
            options.push(self.sum(a_option, b)?);
        }
        for b_option in self.options(b).to_vec() {
            options.push(self.sum(a, b_option)?);
        }
        let sum = self.game(options)?;
        self.sums.insert(key, sum);
        Ok(sum)
    }

    /// The canonical form of the misère sum of all of `forms` (`0` for none).
    pub fn sum_all(&mut self, forms: impl IntoIterator<Item = FormId>) -> Result<FormId> {
        forms.into_iter().try_fold(FormId::ZERO, |total, f| self.sum(total, f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every canonical form born by day `days`, by taking every subset of
    /// the forms born by the day before.
    fn born_by(forms: &mut Forms, days: u32) -> Vec<FormId> {
        let mut born = vec![FormId::ZERO];
        for _ in 0..days {
            let mut next = Vec::new();
            for subset in 0u64..1 << born.len() {
                let options = (0..born.len()).filter(|i| subset >> i & 1 == 1).map(|i| born[i]);
                next.push(forms.game(options).unwrap());
            }
            next.sort_unstable();
            next.dedup();
            born = next;
        }
        born
    }

    #[test]
    fn counts_of_forms_born_by_each_day_match_onag() {
        // ONAG ch. 12 (and CGSuite's own check "Found … games by day 4, not
        // 22"): 1, 2, 3, 5, 22 misère-distinct games born by days 0..4.
        let mut forms = Forms::new();
        let counts: Vec<usize> = (0..=4).map(|d| born_by(&mut forms, d).len()).collect();
        assert_eq!(counts, [1, 2, 3, 5, 22]);
    }

    #[test]
    #[ignore = "4 194 304 subsets: about 30 s with --profile fast"]
    fn forms_born_by_day_five_number_4171780() {
        // ONAG ch. 12: 4 171 780 misère-distinct games born by day 5.
        let mut forms = Forms::new();
        assert_eq!(born_by(&mut forms, 5).len(), 4_171_780);
    }

    #[test]
    fn small_reductions_from_onag() {
        let mut forms = Forms::new();
        let (zero, one, two) = (FormId::ZERO, forms.nimber(1), forms.nimber(2));
        assert_eq!(forms.game([one]).unwrap(), zero); // {*} = * + * = 0
        assert_eq!(forms.game([one, two]).unwrap(), zero); // {*, *2}: both have 0, * is P
        assert_eq!(forms.game([zero, two]).unwrap(), one); // *2 reverses through *
        let two_sharp = forms.game([two]).unwrap(); // {*2}, CGSuite's 2#
        assert_eq!(forms.options(two_sharp), [two]);
        assert_eq!(forms.sum(one, one).unwrap(), zero);
        assert_eq!(forms.sum(two, one).unwrap(), forms.nimber(3)); // misère nim heaps add like nim ones
        let five = forms.nimber(5);
        assert_eq!(forms.as_nimber(five), Some(5));
        assert_eq!(forms.as_nimber(two_sharp), None);
    }
}
