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
//! by luck cheaper on a board that ends just past a quarter full). Also
//! tried: a thread with nothing of the lowest k left to ask asking
//! questions of the next k meanwhile — no faster on 4 × 9, 3 × 13 or 5 × 7.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use super::nimber_set::NimberSet;
use super::search::{Frame, Move, Stop, Worker};
use super::{Canonical, PrunedSearch};
use crate::error::{Error, Result};

/// What asking one option "is your value k?" taught.
enum Answer {
    /// Its value is k: k is not the root's value.
    Hit,
    /// Its value, which is not k.
    Other(u8),
    /// Only that its value is not k.
    NotK,
}

fn ask<G: Canonical>(worker: &mut Worker<'_, G>, frame: &Frame<G::Position>, m: &Move, k: u8) -> Result<Answer, Stop> {
    let (largest, nim_sum) = worker.all_but_largest(frame, m)?;
    let (key, size) = (frame.keys[largest], frame.sizes[largest]);
    let found = worker.value_in(&frame.parts[largest], key, size, NimberSet::single(k ^ nim_sum))?;
    Ok(match found.map(|v| v ^ nim_sum) {
        Some(v) if v == k => Answer::Hit,
        Some(v) => Answer::Other(v),
        None => Answer::NotK,
    })
}

/// What is known of the root's options, and which questions are being
/// asked: the state the threads share (under a lock: the questions are few
/// and long).
struct Rounds {
    /// Each option's value, once learnt.
    value: Vec<Option<u8>>,
    /// Values each option is known not to have.
    not: Vec<NimberSet>,
    /// The question being asked of each option (at most one at a time):
    /// its k, and the flag that abandons it.
    asking: Vec<Option<(u8, Arc<AtomicBool>)>>,
    /// Values some option has: not the root's.
    taken: NimberSet,
    /// The root's value can be no less (0 is ruled out by theory for some
    /// positions) and no more (the number of distinct options).
    start: u8,
    count: u8,
    /// The answer, or the error that ended the search.
    outcome: Option<Result<u8>>,
}

/// What a thread should do next.
enum Next {
    Ask(usize, u8, Arc<AtomicBool>),
    Wait,
    Done,
}

impl Rounds {
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
    /// first open option not being asked.
    fn next(&mut self) -> Next {
        if self.outcome.is_some() {
            return Next::Done;
        }
        let current = self.lowest_open();
        let options = self.value.len();
        if current == self.count || (0..options).all(|m| !self.may_have(m, current)) {
            self.finish(Ok(current));
            return Next::Done;
        }
        match (0..options).find(|&m| self.asking[m].is_none() && self.may_have(m, current)) {
            Some(m) => {
                let flag = Arc::new(AtomicBool::new(false));
                self.asking[m] = Some((current, flag.clone()));
                Next::Ask(m, current, flag)
            }
            // Every open option is being asked: wait for an answer.
            None => Next::Wait,
        }
    }

    /// Files the answer about option `m`, and abandons the questions it
    /// makes pointless.
    fn record(&mut self, m: usize, k: u8, answer: Answer) {
        self.asking[m] = None;
        match answer {
            Answer::Hit => self.learn(m, k),
            Answer::Other(v) => self.learn(m, v),
            Answer::NotK => self.not[m].insert(k),
        }
        for (k, flag) in self.asking.iter().flatten() {
            if self.taken.contains(*k) {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }

    fn learn(&mut self, m: usize, v: u8) {
        self.value[m] = Some(v);
        self.taken.insert(v);
    }

    /// Ends the search, abandoning every question still being asked.
    fn finish(&mut self, outcome: Result<u8>) {
        self.outcome = Some(outcome);
        for (_, flag) in self.asking.iter().flatten() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// One thread's share: takes questions until the root's value is decided.
/// (Threads starting far apart in the options, as rayon's halving does, so
/// as not to meet the same positions at once, were measured too: the same
/// positions expanded and time within noise.)
fn work<G: Canonical>(worker: &mut Worker<'_, G>, frame: &Frame<G::Position>, shared: &(Mutex<Rounds>, Condvar)) {
    let (rounds, changed) = shared;
    let mut state = rounds.lock().expect("the root's rounds");
    loop {
        match state.next() {
            Next::Done => break,
            Next::Wait => state = changed.wait(state).expect("the root's rounds"),
            Next::Ask(m, k, flag) => {
                drop(state);
                worker.abandon = Some(flag.clone());
                let answer = ask(worker, frame, &frame.moves[m], k);
                worker.abandon = None;
                worker.flush();
                state = rounds.lock().expect("the root's rounds");
                match answer {
                    Ok(answer) => state.record(m, k, answer),
                    // Stopped because the answer no longer matters (the
                    // interrupt flag, checked by the worker now and then,
                    // is not set): nothing learnt.
                    Err(Error::Interrupted) if flag.load(Ordering::Relaxed) && !worker.interrupted() => {
                        state.asking[m] = None;
                    }
                    Err(e) => {
                        state.asking[m] = None;
                        state.finish(Err(e));
                    }
                }
                changed.notify_all();
            }
        }
    }
}

pub(super) fn nim_value<G: Canonical>(search: &PrunedSearch<'_, G>, component: &G::Position, key: u128) -> Result<u8> {
    let game = search.game;
    let mut worker = Worker::new(game, &search.control, search.exhaustive_tables());
    if let Some(v) = worker.known(component, key) {
        return Ok(v);
    }
    let mut frame = Frame::default();
    let mut taken = NimberSet::EMPTY;
    // Every value up to the number of options is requested, and the options
    // cannot take them all: the listing runs to the end.
    let all = NimberSet::below(super::nimber_set::NIMBER_LIMIT);
    let count = worker.expand(component, &mut frame, all, |v| taken.insert(v))?.expect("a full listing");
    let options = frame.moves.len();
    let rounds = Rounds {
        value: vec![None; options],
        not: vec![NimberSet::EMPTY; options],
        asking: vec![None; options],
        taken,
        start: u8::from(game.known_not_zero(component)),
        count: count as u8,
        outcome: None,
    };
    let shared = (Mutex::new(rounds), Condvar::new());
    std::thread::scope(|scope| {
        for _ in 1..search.threads {
            let (shared, frame) = (&shared, &frame);
            let helper =
                move || work(&mut Worker::new(game, &search.control, search.exhaustive_tables()), frame, shared);
            // A thread the system will not start is no loss but of speed:
            // the others take its questions.
            let _ = std::thread::Builder::new().spawn_scoped(scope, helper);
        }
        work(&mut worker, &frame, &shared);
    });
    let value = shared.0.into_inner().expect("the root's rounds").outcome.expect("a decided root")?;
    worker.store_root(key, game.size(component), value);
    worker.flush();
    Ok(value)
}
