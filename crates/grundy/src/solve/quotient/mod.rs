//! Misère quotients: misère sums of heap games decided by monoid arithmetic.
//!
//! Misère values do not add, so a misère sum is normally searched as a
//! whole (exponential in the number of heaps). Plambeck's **misère
//! quotient** (*Taming the wild in impartial combinatorial games*, INTEGERS
//! 2005; Plambeck and Siegel, *Misère quotients for impartial games*, JCTA
//! 2008; Siegel, *Combinatorial Game Theory* ch. V) restores arithmetic
//! locally: for the sums `A_n` of heaps `1..n` of one game, call two sums
//! `X ≡ Y` when `X + Z` and `Y + Z` have the same misère outcome for every
//! sum `Z` in `A_n`. The classes form a finite commutative monoid `Q_n`
//! (often tiny), a subset `P ⊂ Q_n` holds the classes of misère
//! P-positions, and each heap `h` has an element `Φ(h)`. Then
//!
//! > a sum of heaps is a misère P-position iff the product of its heaps'
//! > elements lies in `P`,
//!
//! so the outcome of a sum of twenty heaps is twenty table look-ups, and a
//! winning move is a move to an option whose product lands in `P`.
//!
//! [`PartialQuotient::extend`] builds `Q_n` heap by heap, each step guessed
//! and then **verified** exhaustively (see `extend.rs`): a kept quotient is
//! proven right for every sum of heaps `1..n`. [`PartialQuotient::stability`]
//! says when the quotient is known for *every* heap (a periodicity proof),
//! [`presentation`] writes it as generators and relations, and
//! [`misere_sum`] decides sums, falling back to exact search for heaps the
//! quotient does not cover. Where the quotient would grow past
//! [`Limits`], the construction stops with an error that names the heap it
//! reached, and the quotient so far is kept.

mod extend;
mod file;
mod monoid;
mod oracle;
mod presentation;
mod refined;
mod stability;
mod sums;
mod tame;
#[cfg(test)]
mod tests;
mod values;

use serde::{Deserialize, Serialize};

pub use extend::Limits;
pub use file::QuotientRun;
pub use monoid::{Element, ElementSet, Monoid};
pub use oracle::{MisereOracle, QuotientOracle, ON_THE_FLY_HEAPS, ON_THE_FLY_TIME};
pub use presentation::{presentation, Presentation};
pub use refined::{refined_misere_values, RefinedValues};
pub use stability::{FinalPattern, Stability};
pub use sums::{misere_sum, QuotientMove, SumMethod, SumVerdict};
pub use tame::{
    misere_nim_proven, tame_misere_values, TameKind, TameSequence, TameValues, MAX_TAME_SPLIT_HEAPS,
    NIM_CHECKED_THROUGH,
};
pub use values::{
    misere_sequence, misere_sequence_reaching, misere_sequence_with, misere_values, quotient_sequence,
    searched_misere_heap, MisereSequence, MisereValues, NimQuotient, FORM_STEPS, MAX_BUILT_HEAPS, MAX_NIM_HEAPS,
    MAX_SEARCHED_KAYLES_HEAP, MAX_SEARCHED_MISERE_HEAP,
};

use crate::error::{Error, Result};
use crate::game::{Game, Options};
use crate::solve::heap::HeapGame;
use extend::{complete_through, grow, too_large, transitions, Family, Step};

/// The misère quotient of a heap game's heaps `1..=last_heap()`, built heap
/// by heap; serializable, so a run can be saved and continued (and the
/// same file answers sums later).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartialQuotient {
    /// The game, as described (a file of another game is refused).
    game: String,
    monoid: Monoid,
    p: ElementSet,
    /// The element of each heap `0..=last_heap()` (heap 0 is the identity).
    images: Vec<Element>,
    /// The heaps at which the quotient grew, with its size from there.
    growth: Vec<(u64, usize)>,
    /// The elements of each heap's options (recomputed, never stored).
    #[serde(skip)]
    transitions: Vec<Vec<Element>>,
}

impl PartialQuotient {
    /// The quotient of no heaps: one element, the empty sum, not in P.
    pub fn new(game: &HeapGame) -> Self {
        PartialQuotient {
            game: game.description().to_string(),
            monoid: Monoid::trivial(),
            p: ElementSet::new(1),
            images: vec![0],
            growth: Vec::new(),
            transitions: vec![Vec::new()],
        }
    }

    /// The game this quotient belongs to, as described.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The largest heap covered.
    pub fn last_heap(&self) -> u64 {
        self.images.len() as u64 - 1
    }

    /// |Q|, the number of elements.
    pub fn size(&self) -> usize {
        self.monoid.size()
    }

    pub fn monoid(&self) -> &Monoid {
        &self.monoid
    }

    /// The P-portion: the elements of misère P-positions.
    pub fn p_portion(&self) -> &ElementSet {
        &self.p
    }

    /// The element of each heap `0..=last_heap()`.
    pub fn images(&self) -> &[Element] {
        &self.images
    }

    /// The heaps at which the quotient grew, with its size from there on.
    pub fn growth(&self) -> &[(u64, usize)] {
        &self.growth
    }

    /// The element of the sum of `heaps`, or `None` if a heap is beyond
    /// the computed heaps (for heaps past them in a quotient proven final,
    /// [`Self::sum_element`]).
    pub fn element_of(&self, heaps: &[u64]) -> Option<Element> {
        self.sum_element(heaps, None)
    }

    /// Extends the quotient through heap `to`. `stop` is called before each
    /// heap with its number; returning `true` stops early (the quotient is
    /// then complete through the heap before). Returns whether `to` was
    /// reached. On an error (a limit reached) the quotient keeps every heap
    /// it had finished.
    pub fn extend(
        &mut self,
        game: &HeapGame,
        to: u64,
        limits: Limits,
        mut stop: impl FnMut(u64) -> bool,
    ) -> Result<bool> {
        self.check_game(game)?;
        self.restore_transitions(game);
        let mut step = Step {
            monoid: std::mem::replace(&mut self.monoid, Monoid::trivial()),
            p: std::mem::take(&mut self.p),
            images: std::mem::take(&mut self.images),
            transitions: std::mem::take(&mut self.transitions),
        };
        let growth = &mut self.growth;
        let result = grow(&mut step, &Heaps(game), to, limits, &mut stop, &mut |heap, size| growth.push((heap, size)));
        (self.monoid, self.p, self.images, self.transitions) = (step.monoid, step.p, step.images, step.transitions);
        result.map_err(|error| complete_through(error, format!("heap {}", self.last_heap())))
    }

    /// The limit error a run through heap `to` with `limits` stops with,
    /// if this quotient (read from a checkpoint, say) grew past
    /// `limits.max_elements` by then: the first heap where it did, named as
    /// the run names it ("complete through" the heap before). A resumed run
    /// with a smaller limit than the run that made its checkpoint then
    /// fails as one run with that limit would, where it used to show the
    /// larger quotient it holds. (One run can stop a heap earlier, at a
    /// trial monoid too large before its reduction; this finds only the
    /// heaps the kept quotient grew at.)
    pub fn check_limit(&self, to: u64, limits: Limits) -> Result<()> {
        let past = self.growth.iter().find(|&&(heap, size)| heap <= to && size > limits.max_elements);
        match past {
            Some(&(heap, size)) => {
                Err(complete_through(too_large(heap as usize, size, limits.max_elements), format!("heap {}", heap - 1)))
            }
            None => Ok(()),
        }
    }

    /// The quotient of heaps `1..=to` only (`to` at most [`Self::last_heap`]):
    /// the part of this quotient those heaps generate, reduced by
    /// indistinguishability among their sums — exactly what a run stopped
    /// at `to` would have computed, up to the numbering of elements.
    pub fn through_heap(&self, to: u64) -> Result<PartialQuotient> {
        let n = (to as usize).min(self.images.len() - 1);
        let mut generators: Vec<Element> = self.images[1..=n].to_vec();
        generators.sort_unstable();
        generators.dedup();
        let (elements, index) = monoid::submonoid(&self.monoid, &generators);
        let actions: Vec<Vec<Element>> = generators
            .iter()
            .map(|&g| elements.iter().map(|&x| index[&self.monoid.product(x, g)] as Element).collect())
            .collect();
        let mut p = ElementSet::new(elements.len());
        elements.iter().enumerate().filter(|(_, x)| self.p.contains(**x)).for_each(|(i, _)| p.insert(i as Element));
        let (class, count) = monoid::reduce(elements.len(), &actions, &p);
        let mut representative = vec![usize::MAX; count];
        for (i, &c) in class.iter().enumerate() {
            if representative[c as usize] == usize::MAX {
                representative[c as usize] = i;
            }
        }
        let monoid = Monoid::from_fn(count, |a, b| {
            class[index
                [&self.monoid.product(elements[representative[a as usize]], elements[representative[b as usize]])]]
        })?;
        let mut reduced_p = ElementSet::new(count);
        p.iter().for_each(|i| reduced_p.insert(class[i as usize]));
        Ok(PartialQuotient {
            game: self.game.clone(),
            monoid,
            p: reduced_p,
            images: self.images[..=n].iter().map(|x| class[index[x]]).collect(),
            growth: self.growth.iter().copied().filter(|&(heap, _)| heap as usize <= n).collect(),
            transitions: Vec::new(),
        })
    }

    /// Refuses a quotient made for another game.
    fn check_game(&self, game: &HeapGame) -> Result<()> {
        if self.game != game.description() {
            return Err(Error::InvalidGame(format!(
                "this misère quotient is for the game '{}', not '{}'",
                self.game,
                game.description()
            )));
        }
        Ok(())
    }

    /// Recomputes the transitions after loading (they are not stored).
    fn restore_transitions(&mut self, game: &HeapGame) {
        if self.transitions.len() == self.images.len() {
            return;
        }
        let mut options = Options::new();
        self.transitions = (0..self.images.len() as u64)
            .map(|heap| {
                options.clear();
                game.options(&heap, &mut options);
                transitions(&self.monoid, &self.images, &heap_options(&options))
            })
            .collect();
    }

    /// Checks a quotient read from a file: the right game, a valid table,
    /// elements in range — and re-verifies it exhaustively, so a damaged
    /// or edited file is refused rather than trusted.
    pub fn validate(&mut self, game: &HeapGame, limits: Limits) -> Result<()> {
        self.check_game(game)?;
        let size = self.monoid.size();
        let bad = |why: &str| Error::InvalidGame(format!("the misère quotient file is damaged: {why}"));
        if !self.monoid.is_valid() {
            return Err(bad("its table is not a commutative monoid with identity 0"));
        }
        if self.images.is_empty() || self.images[0] != 0 || self.images.iter().any(|&x| x as usize >= size) {
            return Err(bad("a heap's element is out of range"));
        }
        // (Refused before the check, whose time grows with the square of
        // the heaps: 100,000 heaps took 100 s to be found wrong.)
        if self.last_heap() > values::MAX_BUILT_HEAPS {
            return Err(bad(&format!(
                "it holds heaps through {}, past the largest heap a quotient is built for ({})",
                self.last_heap(),
                values::MAX_BUILT_HEAPS
            )));
        }
        if self.p.iter().any(|x| x as usize >= size) {
            return Err(bad("its P-portion has an element out of range"));
        }
        self.transitions.clear();
        self.restore_transitions(game);
        let step = Step {
            monoid: self.monoid.clone(),
            p: self.p.clone(),
            images: self.images.clone(),
            transitions: self.transitions.clone(),
        };
        if !extend::verify(&step, &Heaps(game), limits)? {
            return Err(bad("its P-portion does not match the game's outcomes"));
        }
        Ok(())
    }
}

/// A heap game's options as lists of heaps.
fn heap_options(options: &Options<u64>) -> Vec<Vec<u64>> {
    options.iter().map(|parts| parts.to_vec()).collect()
}

/// The heaps of one game, heap `h` numbered `h`, weighing `2h − 1`: a move
/// takes counters (the parts weigh less) or splits a heap without taking
/// (`a + b = h` weighs `2h − 2`).
struct Heaps<'a>(&'a HeapGame);

impl Family for Heaps<'_> {
    fn options(&self, heap: u64) -> Vec<Vec<u64>> {
        let mut options = Options::new();
        self.0.options(&heap, &mut options);
        heap_options(&options)
    }

    fn weight(&self, heap: u64) -> u64 {
        2 * heap - 1
    }
}
