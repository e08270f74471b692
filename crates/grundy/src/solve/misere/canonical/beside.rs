//! The misère outcome of one big position beside the canonical form of the
//! rest: Lemoine and Viennot's way with misère Sprouts (*Analysis of misère
//! Sprouts game with reduced canonical trees*, arXiv 0908.4407, 2009).
//!
//! [`CanonicalSums`] values every component by its form, which needs the
//! form of every position the component reaches: the whole game tree. A
//! big component's outcome needs far less: the search stops at the first
//! option that is a P-position. So the largest component stays a
//! position, searched move by move, and everything else — the other
//! components, and the smaller parts a move splits off — is folded into
//! one canonical form beside it, which is exact in every sum (ONAG ch. 12).
//! Components no bigger than `small` are valued by their forms outright.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::{CanonicalSums, FormId};
use crate::error::Result;
use crate::game::{Decompose, Game, Options, Outcome};
use crate::solve::patience::{patiently, Budget, Patient, Turns};

/// Misère outcomes of sums searched as a big position beside a form.
///
/// ```
/// use grundy::catalogue::Sprouts;
/// use grundy::game::{Notation, Outcome};
/// use grundy::solve::misere::canonical::Beside;
/// let mut beside = Beside::new(Sprouts, |p| p.lives(), 9);
/// // Misère Sprouts: the first player loses 4 spots and wins 5 (OEIS A164950).
/// let four = Sprouts.parse_position("4").unwrap();
/// let five = Sprouts.parse_position("5").unwrap();
/// assert_eq!(beside.outcome(&[four]).unwrap(), Outcome::P);
/// assert_eq!(beside.outcome(&[five]).unwrap(), Outcome::N);
/// ```
pub struct Beside<G: Game + Decompose, S: Fn(&G::Position) -> u32> {
    sums: CanonicalSums<G>,
    pub(super) game: G,
    pub(super) size: S,
    pub(super) small: u32,
    memo: FxHashMap<(G::Position, FormId), Outcome>,
    /// Positions searched, and how many the move being searched may take.
    budget: Budget,
    /// Positions one move may search before it is put off.
    pub(super) patience: u64,
    /// Counts positions searched for a progress line (shared by threads).
    pub(super) tally: Option<Arc<AtomicU64>>,
}

impl<G: Game + Decompose, S: Fn(&G::Position) -> u32> Patient for Beside<G, S> {
    fn budget(&mut self) -> &mut Budget {
        &mut self.budget
    }
}

impl<G, S> Beside<G, S>
where
    G: Game + Decompose + Clone,
    G::Position: std::fmt::Debug,
    S: Fn(&G::Position) -> u32,
{
    /// Components of at most `small` (by `size`) are valued by their forms.
    pub fn new(game: G, size: S, small: u32) -> Self {
        Beside {
            sums: CanonicalSums::with_decomposition(game.clone()),
            game,
            size,
            small,
            memo: FxHashMap::default(),
            budget: Budget::default(),
            patience: PATIENCE,
            tally: None,
        }
    }

    /// Puts a move off after `patience` positions searched (the default:
    /// 16, measured on misère Sprouts and Cram).
    pub fn with_patience(mut self, patience: u64) -> Self {
        self.patience = patience.max(1);
        self
    }

    /// Adds each position searched to `tally` too (by every thread of
    /// [`Beside::outcome_on_threads`]), for a progress line.
    pub fn with_tally(mut self, tally: Arc<AtomicU64>) -> Self {
        self.tally = Some(tally);
        self
    }

    /// The canonical forms met so far, and their sums.
    pub fn sums(&mut self) -> &mut CanonicalSums<G> {
        &mut self.sums
    }

    /// Positions searched (not valued by their forms) so far.
    pub fn searched(&self) -> u64 {
        self.budget.spent()
    }

    /// The misère outcome of the sum of `positions` (each split into its
    /// components).
    pub fn outcome(&mut self, positions: &[G::Position]) -> Result<Outcome> {
        let mut parts = Vec::new();
        for position in positions {
            self.game.components(position, &mut parts);
        }
        self.outcome_of(parts, FormId::ZERO)
    }

    /// The outcome of the components `parts` beside the form `rest`.
    pub(super) fn outcome_of(&mut self, mut parts: Vec<G::Position>, rest: FormId) -> Result<Outcome> {
        let largest = (0..parts.len()).max_by_key(|&i| (self.size)(&parts[i]));
        let Some(largest) = largest else {
            return self.sums.outcome_of_forms(&[rest]);
        };
        let big = parts.swap_remove(largest);
        let mut rest = rest;
        for part in &parts {
            let form = self.sums.form(part)?;
            rest = self.sums.forms_mut().sum(rest, form)?;
        }
        if (self.size)(&big) <= self.small {
            let form = self.sums.form(&big)?;
            return self.sums.outcome_of_forms(&[form, rest]);
        }
        self.search(big, rest)
    }

    fn search(&mut self, big: G::Position, rest: FormId) -> Result<Outcome> {
        let key = (big, rest);
        if let Some(&outcome) = self.memo.get(&key) {
            return Ok(outcome);
        }
        let (big, rest) = key;
        self.sums.check_interrupt()?;
        if let Some(tally) = &self.tally {
            tally.fetch_add(1, Ordering::Relaxed);
        }
        self.budget.spend()?;
        // The moves: in the big component, those that leave the smallest
        // largest component first; then in the form beside, which leave
        // the big component whole. A P option settles the question, and
        // the cheapest to find is the one with the least left to search:
        // the patience below corrects a wrong guess, but only after paying
        // for it. Measured, one thread (positions searched, seconds): the
        // game's own order with the form's moves first took misère Sprouts
        // 7 spots 68,145 and 18 s, 8 spots 333,396 and 81 s; this one
        // 2,318 and 2.4 s, 5,992 and 3.6 s, and 9 spots 338,139 and 99 s
        // (the largest component first: 7 spots 175,630 and 43 s). Cram
        // 5 × 6 43,216 → 16,896.
        // (Stable: among equals the game's own order stands.)
        let mut in_big = self.moves_in(&big, &[]);
        in_big.sort_by_cached_key(|parts| parts.iter().map(|p| (self.size)(p)).max().unwrap_or(0));
        let mut moves: Vec<Move<G::Position>> = in_big.into_iter().map(Move::Big).collect();
        moves.extend(self.sums.forms().options(rest).iter().map(|&option| Move::Rest(option)));
        // N iff some move leaves a P-position; with no move at all, the
        // player to move has won (misère play). In turns, as in the pruned
        // search (`solve::patience`): a move that costs more than the
        // patience is put off.
        let any = !moves.is_empty();
        let mut wins = false;
        let mut turns = Turns::new(moves.len(), false, self.patience);
        while let Some((m, patience)) = turns.next() {
            let after = match patience {
                Some(patience) => patiently(self, patience, |s| s.after(&big, rest, &moves[m]))?,
                None => Some(self.after(&big, rest, &moves[m])?),
            };
            match after {
                None => turns.put_off(m),
                Some(Outcome::P) => {
                    wins = true;
                    break;
                }
                Some(_) => {}
            }
        }
        let outcome = if wins || !any { Outcome::N } else { Outcome::P };
        self.memo.insert((big, rest), outcome);
        Ok(outcome)
    }

    /// The moves in `part` beside the components `others`, each as the
    /// components it leaves (`others` first): the game's options, split.
    pub(super) fn moves_in(&self, part: &G::Position, others: &[G::Position]) -> Vec<Vec<G::Position>> {
        let mut options = Options::new();
        self.game.options(part, &mut options);
        options
            .iter()
            .map(|option| {
                let mut after = others.to_vec();
                for piece in option {
                    self.game.components(piece, &mut after);
                }
                after
            })
            .collect()
    }

    /// The outcome after `m` from `big` beside `rest`.
    fn after(&mut self, big: &G::Position, rest: FormId, m: &Move<G::Position>) -> Result<Outcome> {
        match m {
            Move::Rest(option) => self.search(big.clone(), *option),
            Move::Big(parts) => self.outcome_of(parts.clone(), rest),
        }
    }
}

/// A move of a big component beside a form.
enum Move<P> {
    /// In the form beside: to this option.
    Rest(FormId),
    /// In the big component: to these components.
    Big(Vec<P>),
}

/// Positions one move may search before it is put off, as in the pruned
/// search ([`crate::solve::pruned::Canonical::patience`], and for the same
/// reason: one P option settles a position, and options differ by orders of
/// magnitude in cost). Measured on misère Sprouts, one thread, a loaded box:
/// 6 spots 24,335 → 5,345 positions searched (18 s → 3.5 s), 7 spots
/// 535,722 → 68,145 (256 s → 23 s), with patience 128 and the game's own
/// order. With the order of `search` the best start is smaller (positions
/// searched for 7 / 8 / 9 spots): 128: 2,318 / 5,992 / 338,139 (9 spots
/// 98 s); 32: 2,163 / 3,499 / 283,472 (81 s); 16: 1,801 / 4,603 / 281,169
/// (76 s); 8: 2,297 / 6,415; 4: 3,119 / 30,091. Cram 5 × 7 takes 75,639
/// with 16 and 77,713 with 128; with 4, 4.9 million.
const PATIENCE: u64 = 16;
