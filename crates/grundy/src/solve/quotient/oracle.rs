//! The quotient as one of the methods that decide misère sums.

use std::time::{Duration, Instant};

use super::{Limits, PartialQuotient};
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
}

/// Heaps up to this size get the quotient computed on the fly when a sum
/// needs them (beyond it, and for codes whose quotient outgrows the
/// limits, sums are decided by the other methods).
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
/// the largest heap asked (at most [`ON_THE_FLY_HEAPS`]), or loaded from a
/// file (then it covers exactly the heaps it was computed for).
pub struct QuotientOracle {
    game: HeapGame,
    quotient: PartialQuotient,
    /// The largest heap to extend the quotient to, if any.
    grow_to: u64,
    limits: Limits,
    /// The time left for growing ([`ON_THE_FLY_TIME`] at first).
    time_left: Duration,
}

impl QuotientOracle {
    /// An oracle that computes the quotient as sums need it.
    pub fn on_the_fly(game: HeapGame) -> Self {
        let quotient = PartialQuotient::new(&game);
        let limits = Limits { max_elements: ON_THE_FLY_ELEMENTS, ..Limits::default() };
        QuotientOracle { game, quotient, grow_to: ON_THE_FLY_HEAPS, limits, time_left: ON_THE_FLY_TIME }
    }

    /// An oracle with a quotient computed before (checked with
    /// [`PartialQuotient::validate`] by whoever loaded it); it is not extended.
    pub fn fixed(game: HeapGame, quotient: PartialQuotient) -> Self {
        QuotientOracle { game, quotient, grow_to: 0, limits: Limits::default(), time_left: Duration::ZERO }
    }

    /// The quotient as far as it has been computed.
    pub fn quotient(&self) -> &PartialQuotient {
        &self.quotient
    }
}

impl MisereOracle<u64> for QuotientOracle {
    fn coverage(&self) -> String {
        let heaps = self.quotient.last_heap().max(self.grow_to);
        format!("the misère quotient of {} covers heaps up to {heaps}", self.game.description())
    }

    fn outcome(&mut self, components: &[u64]) -> Option<Outcome> {
        let largest = components.iter().copied().max().unwrap_or(0);
        if largest > self.quotient.last_heap() {
            if largest > self.grow_to {
                return None;
            }
            // The current watch may stop the growth (its next poll, in
            // the search that follows, then reports the interruption).
            let start = Instant::now();
            let limits = Limits { deadline: Some(start + self.time_left), ..self.limits };
            let grown = self.quotient.extend(&self.game, largest, limits, |_| crate::watch::current_stopped());
            self.time_left = self.time_left.saturating_sub(start.elapsed());
            match grown {
                Ok(_) => {}
                Err(crate::Error::Interrupted) => return None,
                Err(_) => {
                    // A limit, or the time is up: keep what was built, and
                    // stop growing past it.
                    self.grow_to = self.quotient.last_heap();
                    return None;
                }
            }
        }
        let element = self.quotient.element_of(components)?;
        Some(if self.quotient.p_portion().contains(element) { Outcome::P } else { Outcome::N })
    }
}
