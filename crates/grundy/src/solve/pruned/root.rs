//! The nim-value of a root component, by *aspiration sets* (Beling and
//! Rogalski 2020, §5): for k = 0, 1, 2, … ask each option only "is your
//! value k?"; the first k no option has is the nim-value. Options whose value
//! a question happened to reveal are not asked again.
//!
//! This is where the threads work. The questions are independent, so the
//! threads take them one by one from a shared [`Rounds`]: of the lowest k
//! no option is known to have, the next option not yet asked. A question
//! that can no longer matter (its k turned out to be some option's value)
//! is abandoned at once, so the next round starts as soon as the "yes"
//! that ends this one, not when the last question in flight is answered.
//! Each thread keeps one worker for the whole search (its counts reach the
//! table's growth and the interrupt check on time). Measured against
//! rounds run by rayon with a barrier between (least of 9 alternating runs,
//! two threads): Cram 3 × 13 −6%, 5 × 7 −11%, 4 × 9 +4% (there rayon's
//! short-lived workers never reached a check, so the table never grew —
//! by luck cheaper on a board that ends just past a quarter full).
//!
//! At the end of a round, when every open option is being asked, an idle
//! thread helps with a question in flight: it asks the same one, taking
//! the options of its first position last to first, so that the two
//! threads work from both ends and meet through the table; the first
//! answer stops the other. Measured against waiting (least of 7–9
//! alternating runs, two threads): 3 × 13 −5 to −7%, 5 × 8 −3%, 4 × 9 and
//! 5 × 7 within 1%; reversing the first two levels instead of one: 3 × 13
//! +7%. Also tried: the idle thread asking questions of the next k
//! meanwhile — no faster on 4 × 9, 3 × 13 or 5 × 7.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use super::nimber_set::NimberSet;
use super::search::{Frame, Move, Stop, Worker};
use super::{Canonical, PrunedSearch};
use crate::error::{Error, Result};
use crate::solve::patience;

/// What asking one option "is your value k?" taught.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Answer {
    /// Its value is k: k is not the root's value.
    Hit,
    /// Its value, which is not k.
    Other(u8),
    /// Only that its value is not k.
    NotK,
}

/// Asks option `m` of the root `frame` "is your value k?" (the
/// distributed search asks the same questions of other processes).
pub(super) fn ask<G: Canonical>(
    worker: &mut Worker<'_, G>,
    frame: &Frame<G::Position, G::Key>,
    m: &Move,
    k: u8,
) -> Result<Answer, Stop> {
    Ok(match worker.ask(frame, m, NimberSet::single(k))? {
        Some(v) if v == k => Answer::Hit,
        Some(v) => Answer::Other(v),
        None => Answer::NotK,
    })
}

/// What is known of the root's options, and which questions are being
/// asked: the state the threads share (under a lock: the questions are few
/// and long).
pub(super) struct Rounds {
    /// Each option's value, once learnt.
    pub value: Vec<Option<u8>>,
    /// Values each option is known not to have.
    pub not: Vec<NimberSet>,
    /// The question being asked of each option (at most one at a time).
    pub asking: Vec<Option<Question>>,
    /// Values some option has: not the root's.
    pub taken: NimberSet,
    /// The root's value can be no less (0 is ruled out by theory for some
    /// positions) and no more (the number of distinct options).
    start: u8,
    count: u8,
    /// The positions a question about each option may expand before it is
    /// put off ([`Canonical::patience`]; doubled each time it is).
    patience: Vec<u64>,
    /// The answer, or the error that ended the search.
    pub outcome: Option<Result<u8>>,
}

/// A question in flight: "is option m's value k?"
pub(super) struct Question {
    pub k: u8,
    /// Set to abandon it (every thread asking it stops).
    pub flag: Arc<AtomicBool>,
    /// Whether a second thread asks it too (see [`Rounds::next`]).
    helped: bool,
}

/// What a thread should do next.
pub(super) enum Next {
    /// Ask option m whether its value is k; `reversed`: taking its
    /// options last to first.
    Ask {
        m: usize,
        k: u8,
        flag: Arc<AtomicBool>,
        reversed: bool,
        /// Put the question off after this many positions.
        patience: u64,
    },
    Wait,
    Done,
}

impl Rounds {
    /// The rounds of a root with `options` options left to ask about, the
    /// values in `taken` known to be some option's, and the root's value
    /// at least `start` and at most `count`; a question is put off after
    /// `patience` positions, if given.
    pub fn new(options: usize, taken: NimberSet, start: u8, count: u8, patience: Option<u64>) -> Self {
        Rounds {
            value: vec![None; options],
            not: vec![NimberSet::EMPTY; options],
            asking: (0..options).map(|_| None).collect(),
            taken,
            start,
            count,
            patience: vec![patience.unwrap_or(u64::MAX); options],
            outcome: None,
        }
    }

    /// The least value no option is known to have: the root's value unless
    /// an option not yet asked has it.
    fn lowest_open(&self) -> u8 {
        (self.start..self.count).find(|&k| !self.taken.contains(k)).unwrap_or(self.count)
    }

    /// Whether option `m` could still have value `k`, as far as is known.
    fn may_have(&self, m: usize, k: u8) -> bool {
        self.value[m].is_none() && !self.not[m].contains(k)
    }

    /// Decides the root's value if the lowest open value is settled (no
    /// option can have it), else picks the next question about it: the
    /// first open option not being asked (the first that `prefer`s, if
    /// any does; else the first of those put off least often). When every
    /// open option is being asked, `help` says whether to ask one of them a
    /// second time, from the other end, rather than wait.
    pub fn next(&mut self, help: bool, prefer: impl Fn(usize) -> bool) -> Next {
        if self.outcome.is_some() {
            return Next::Done;
        }
        let current = self.lowest_open();
        let options = self.value.len();
        if current == self.count || (0..options).all(|m| !self.may_have(m, current)) {
            self.finish(Ok(current));
            return Next::Done;
        }
        let open = |m: &usize| self.asking[*m].is_none() && self.may_have(*m, current);
        let first = (0..options).filter(open).find(|&m| prefer(m));
        if let Some(m) = first.or_else(|| (0..options).filter(open).min_by_key(|&m| self.patience[m])) {
            let flag = Arc::new(AtomicBool::new(false));
            self.asking[m] = Some(Question { k: current, flag: flag.clone(), helped: false });
            // The last option that may have the value has nothing to give way to.
            let alone = (0..options).filter(|&o| self.may_have(o, current)).count() == 1;
            let patience = if alone { u64::MAX } else { self.patience[m] };
            return Next::Ask { m, k: current, flag, reversed: false, patience };
        }
        // Every open option is being asked: help with one, searching its
        // options from the other end (the two threads meet through the
        // table), else wait for an answer.
        if !help {
            return Next::Wait;
        }
        match self.asking.iter_mut().enumerate().find_map(|(m, q)| q.as_mut().filter(|q| !q.helped).map(|q| (m, q))) {
            Some((m, q)) => {
                q.helped = true;
                Next::Ask { m, k: q.k, flag: q.flag.clone(), reversed: true, patience: u64::MAX }
            }
            None => Next::Wait,
        }
    }

    /// Files the answer about option `m`, and abandons the questions it
    /// makes pointless.
    pub fn record(&mut self, m: usize, k: u8, answer: Answer) {
        if let Some(q) = self.asking[m].take() {
            // Another thread asking the same question need not go on.
            q.flag.store(true, Ordering::Relaxed);
        }
        match answer {
            Answer::Hit => self.learn(m, k),
            Answer::Other(v) => self.learn(m, v),
            Answer::NotK => self.not[m].insert(k),
        }
        for q in self.asking.iter().flatten() {
            if self.taken.contains(q.k) {
                q.flag.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Puts off the question about option `m`, whose patience ran out
    /// (a thread helping with it stops too): it is asked again after the
    /// others, with twice the patience.
    pub fn put_off(&mut self, m: usize) {
        if let Some(q) = self.asking[m].take() {
            q.flag.store(true, Ordering::Relaxed);
        }
        self.patience[m] = self.patience[m].saturating_mul(2);
    }

    fn learn(&mut self, m: usize, v: u8) {
        self.value[m] = Some(v);
        self.taken.insert(v);
    }

    /// Ends the search, abandoning every question still being asked. The
    /// first outcome stands: a thread stopped by the interrupt after the
    /// value was decided does not undo it.
    pub fn finish(&mut self, outcome: Result<u8>) {
        self.outcome.get_or_insert(outcome);
        for q in self.asking.iter().flatten() {
            q.flag.store(true, Ordering::Relaxed);
        }
    }
}

/// One thread's share: takes questions until the root's value is decided.
/// (Threads starting far apart in the options, as rayon's halving does, so
/// as not to meet the same positions at once, were measured too: the same
/// positions expanded and time within noise.)
fn work<G: Canonical>(
    worker: &mut Worker<'_, G>,
    frame: &Frame<G::Position, G::Key>,
    shared: &(Mutex<Rounds>, Condvar),
) {
    let (rounds, changed) = shared;
    let mut state = rounds.lock().expect("the root's rounds");
    loop {
        match state.next(true, |_| false) {
            Next::Done => break,
            Next::Wait => state = changed.wait(state).expect("the root's rounds"),
            Next::Ask { m, k, flag, reversed, patience } => {
                drop(state);
                worker.abandon = Some(flag.clone());
                worker.reversed = reversed;
                let answer = patience::patiently(worker, patience, |w| ask(w, frame, &frame.moves[m], k));
                worker.abandon = None;
                worker.reversed = false;
                worker.flush();
                state = rounds.lock().expect("the root's rounds");
                // Still this question (not a later one about the same
                // option, after a partner answered it)?
                let current = state.asking[m].as_ref().is_some_and(|q| Arc::ptr_eq(&q.flag, &flag));
                match answer {
                    Ok(_) if !current => {}
                    Ok(Some(answer)) => state.record(m, k, answer),
                    Ok(None) => state.put_off(m),
                    // Stopped because the answer no longer matters (the
                    // interrupt flag, checked by the worker now and then,
                    // is not set): nothing learnt.
                    Err(Error::Interrupted) if flag.load(Ordering::Relaxed) && !worker.interrupted() => {
                        if current {
                            state.asking[m] = None;
                        }
                    }
                    Err(e) => state.finish(Err(e)),
                }
                changed.notify_all();
            }
        }
    }
}

/// The nim-value of a root component, found by the threads' rounds.
pub(super) fn nim_value<G: Canonical>(
    search: &PrunedSearch<'_, G>,
    component: &G::Position,
    key: &G::Key,
) -> Result<u8> {
    let value = value_below(search, component, key, super::nimber_set::NIMBER_LIMIT)?;
    Ok(value.expect("every nim-value is below the limit"))
}

/// The nim-value of a root component if it is below `below`, else `None`:
/// the rounds stop at `below`, so that "is this a P-position?" (`below` 1)
/// asks each option only whether it is 0, on every thread.
pub(super) fn value_below<G: Canonical>(
    search: &PrunedSearch<'_, G>,
    component: &G::Position,
    key: &G::Key,
    below: usize,
) -> Result<Option<u8>> {
    let game = search.game;
    let mut worker = Worker::new(game, &search.control, search.exhaustive_tables());
    let under = |v: u8| (usize::from(v) < below).then_some(v);
    if let Some(v) = worker.known(component, key) {
        return Ok(under(v));
    }
    let mut frame = Frame::default();
    let mut taken = NimberSet::EMPTY;
    // Every value below 256 is requested: the listing runs to the end
    // unless the options take them all.
    let all = NimberSet::below(super::nimber_set::NIMBER_LIMIT);
    let Some(count) = worker.expand(component, &mut frame, all, |v| taken.insert(v))? else {
        // Options already known take every value below 256.
        return Err(Error::TooLarge {
            what: "a position for the pruned search (nim-values above 255)".into(),
            needed: frame.options.len().max(super::nimber_set::NIMBER_LIMIT) as u128,
            limit: super::nimber_set::NIMBER_LIMIT as u128 - 1,
            unit: "options",
        });
    };
    if count >= super::nimber_set::NIMBER_LIMIT - 1 {
        // Too many options for the rounds' sets: every option is valued.
        let value = worker.exact_mex(&frame, count, &mut taken)?;
        worker.store_root(key, game.size(component), value);
        worker.flush();
        return Ok(under(value));
    }
    let options = frame.moves.len();
    // The rounds look no further than `below`: reaching it means "at least".
    let most = count.min(below) as u8;
    let start = u8::from(game.known_not_zero(component));
    let rounds = Rounds::new(options, taken, start, most, game.patience());
    let shared = (Mutex::new(rounds), Condvar::new());
    // Each question is asked by two threads at most (one from each end of
    // the options), so threads past twice the options would only wait.
    let threads = search.threads.min(2 * options).max(1);
    std::thread::scope(|scope| {
        for _ in 1..threads {
            let (shared, frame) = (&shared, &frame);
            let helper =
                move || work(&mut Worker::new(game, &search.control, search.exhaustive_tables()), frame, shared);
            // A thread the system will not start is no loss but of speed:
            // the others take its questions (and it would not start more).
            if std::thread::Builder::new().spawn_scoped(scope, helper).is_err() {
                break;
            }
        }
        work(&mut worker, &frame, &shared);
    });
    let value = shared.0.into_inner().expect("the root's rounds").outcome.expect("a decided root")?;
    if value < most || usize::from(most) == count {
        worker.store_root(key, game.size(component), value);
        worker.flush();
        return Ok(under(value));
    }
    // At least `below`: none of the values under it.
    worker.exclude_root(key, if below >= 32 { u32::MAX } else { (1 << below) - 1 });
    worker.flush();
    Ok(None)
}
