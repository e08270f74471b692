//! [`Beside`] on several threads: the sum's first moves are shared out,
//! each thread answering "is this option a misère P-position?" with a
//! [`Beside`] of its own.
//!
//! Misère values do not add, so nothing a thread learns below one first
//! move can be handed to another as a value, as the normal-play threads
//! hand nim-values through their shared table: each thread keeps its own
//! forms and memo, and the root is where the work splits. That suits the
//! question: a P-position (misère Sprouts 7, 8, 9: the first player loses)
//! must refute every first move, and the refutations are independent
//! searches; an N-position stops at the first option found to be P, by
//! whichever thread finds it.
//!
//! The first moves are asked with the same patience as every other move
//! ([`Beside::with_patience`]): an option that runs out is put off, and
//! asked again later with twice the patience, preferably by the thread
//! that began it (its memo holds what it finished). The last option left
//! is asked to the end.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::{Beside, FormId};
use crate::error::{Error, Result};
use crate::game::{Decompose, Game, Outcome};
use crate::solve::patience::patiently;

/// What a search of a sum's first moves on several threads found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SharedOutcome {
    pub outcome: Outcome,
    /// Positions searched, summed over the threads.
    pub searched: u64,
    /// Positions valued by their forms, summed over the threads (a
    /// position valued by two threads counts twice).
    pub valued: usize,
}

/// One first move still to settle.
struct Pending {
    option: usize,
    patience: u64,
    /// The thread that last asked about it (its memo holds what it found).
    began: Option<usize>,
}

/// The first moves not yet settled, and whether one was found to be P.
struct Book {
    pending: VecDeque<Pending>,
    running: usize,
    found: bool,
    error: Option<Error>,
}

impl Book {
    /// The next first move for `thread`: one it began if any, else the
    /// oldest; with the patience to ask it with (none for the last one).
    fn next_for(&mut self, thread: usize) -> Option<(usize, u64)> {
        let at = self.pending.iter().position(|p| p.began == Some(thread)).unwrap_or(0);
        let next = self.pending.remove(at)?;
        self.running += 1;
        let last = self.pending.is_empty() && self.running == 1;
        Some((next.option, if last { u64::MAX } else { next.patience }))
    }
}

impl<G, S> Beside<G, S>
where
    G: Game + Decompose + Clone + Send + Sync,
    G::Position: std::fmt::Debug + Send + Sync,
    S: Fn(&G::Position) -> u32 + Clone + Send + Sync,
{
    /// The misère outcome of the sum of `positions`, its first moves shared
    /// out among `threads` threads, each with a `Beside` like this one
    /// (this one is the first thread's). Stops with
    /// [`Error::Interrupted`] when the interrupt flag set on this one's
    /// sums is raised.
    ///
    /// ```
    /// use grundy::catalogue::Sprouts;
    /// use grundy::game::{Notation, Outcome};
    /// use grundy::solve::misere::canonical::Beside;
    /// let mut beside = Beside::new(Sprouts, |p: &grundy::catalogue::SproutsPosition| p.lives(), 9);
    /// let four = Sprouts.parse_position("4").unwrap();
    /// let shared = beside.outcome_on_threads(&[four], 2).unwrap();
    /// assert_eq!(shared.outcome, Outcome::P); // misère Sprouts: 4 spots, a second-player win
    /// ```
    pub fn outcome_on_threads(&mut self, positions: &[G::Position], threads: usize) -> Result<SharedOutcome> {
        let options = if threads > 1 { self.first_moves(positions) } else { Vec::new() };
        if options.len() <= 1 {
            let outcome = self.outcome(positions)?;
            return Ok(SharedOutcome { outcome, searched: self.searched(), valued: self.sums().positions_valued() });
        }
        let user = self.sums().interrupt();
        // Raised when the answer is known or the user asks to stop: every
        // thread's searches watch it.
        let stop = Arc::new(AtomicBool::new(false));
        self.sums().set_interrupt(Arc::clone(&stop));
        let patience = self.patience;
        let book = Mutex::new(Book {
            pending: (0..options.len()).map(|option| Pending { option, patience, began: None }).collect(),
            running: 0,
            found: false,
            error: None,
        });
        let changed = Condvar::new();
        let finished = AtomicUsize::new(0);
        let threads = threads.min(options.len());
        let mut helpers: Vec<Self> = (1..threads).map(|_| self.helper(Arc::clone(&stop))).collect();
        std::thread::scope(|scope| {
            let (book, changed, options, finished) = (&book, &changed, &options, &finished);
            let mut handles = Vec::new();
            for (thread, beside) in std::iter::once(&mut *self).chain(helpers.iter_mut()).enumerate() {
                handles.push(scope.spawn(move || {
                    beside.settle_first_moves(thread, options, book, changed);
                    finished.fetch_add(1, Ordering::Release);
                }));
            }
            // The user's Ctrl-C reaches the threads through `stop`.
            while finished.load(Ordering::Acquire) < threads {
                if user.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                    stop.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            for handle in handles {
                handle.join().expect("a thread of the misère search panicked");
            }
        });
        // This one watches the user's flag again (or none), not `stop`,
        // which may be raised now.
        self.sums().interrupt = user.clone();
        let book = book.into_inner().expect("no thread panicked holding the book");
        let searched = self.searched() + helpers.iter().map(|h| h.searched()).sum::<u64>();
        let valued =
            self.sums().positions_valued() + helpers.iter_mut().map(|h| h.sums().positions_valued()).sum::<usize>();
        if user.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        if let Some(error) = book.error {
            return Err(error);
        }
        let outcome = if book.found { Outcome::N } else { Outcome::P };
        Ok(SharedOutcome { outcome, searched, valued })
    }

    /// A `Beside` like this one, empty, watching `stop`.
    fn helper(&self, stop: Arc<AtomicBool>) -> Self {
        let mut helper = Beside::new(self.game.clone(), self.size.clone(), self.small).with_patience(self.patience);
        helper.tally = self.tally.clone();
        helper.sums().set_interrupt(stop);
        helper
    }

    /// The sum's options, each as its components: a move in one component
    /// (one of several equal components stands for all).
    fn first_moves(&self, positions: &[G::Position]) -> Vec<Vec<G::Position>> {
        let mut parts = Vec::new();
        for position in positions {
            self.game.components(position, &mut parts);
        }
        let mut moves = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            if !parts[..i].contains(part) {
                let others: Vec<G::Position> =
                    parts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, p)| p.clone()).collect();
                moves.extend(self.moves_in(part, &others));
            }
        }
        // (In the game's order, not sorted as `Beside::search` sorts the
        // moves below: measured on two threads, misère Sprouts 10 spots
        // took 251 s sorted against 144 s in this order, with the same
        // positions searched (1.13 M), one thread idle longer; 8 spots 1.63
        // against 1.36 s.)
        moves
    }

    /// One thread's share: takes first moves from `book` until one is
    /// found to be P, every one is settled, or the search is stopped.
    fn settle_first_moves(
        &mut self,
        thread: usize,
        options: &[Vec<G::Position>],
        book: &Mutex<Book>,
        changed: &Condvar,
    ) {
        let stop = self.sums().interrupt().expect("the threads watch a stop flag");
        loop {
            let (option, patience) = {
                let mut b = book.lock().expect("no thread panicked holding the book");
                loop {
                    if b.found || b.error.is_some() || stop.load(Ordering::Relaxed) {
                        return;
                    }
                    if let Some(next) = b.next_for(thread) {
                        break next;
                    }
                    if b.running == 0 {
                        return;
                    }
                    b = changed.wait(b).expect("no thread panicked holding the book");
                }
            };
            let asked = patiently(self, patience, |s| s.outcome_of(options[option].clone(), FormId::ZERO));
            let mut b = book.lock().expect("no thread panicked holding the book");
            b.running -= 1;
            match asked {
                Ok(Some(Outcome::P)) => {
                    b.found = true;
                    stop.store(true, Ordering::Relaxed);
                }
                Ok(Some(_)) => {}
                Ok(None) => {
                    b.pending.push_back(Pending { option, patience: patience.saturating_mul(2), began: Some(thread) })
                }
                Err(Error::Interrupted) => {}
                Err(error) => {
                    b.error = Some(error);
                    stop.store(true, Ordering::Relaxed);
                }
            }
            changed.notify_all();
        }
    }
}
