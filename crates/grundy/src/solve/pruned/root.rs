//! The nim-value of a root component, by *aspiration sets* (Beling and
//! Rogalski 2020, §5): for k = 0, 1, 2, … ask each option only "is your
//! value k?"; the first k no option has is the nim-value. Options whose value
//! a question happened to reveal are not asked again.
//!
//! This is where the threads work: the questions about the options for one k
//! are independent, so they are spread over a rayon pool sharing the table;
//! the first "yes" stops the others.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::nimber_set::NimberSet;
use super::search::{Frame, Move, Stop, Worker};
use super::{Canonical, PrunedSearch};
use crate::error::Result;

/// What asking one option "is your value k?" taught.
enum Answer {
    /// Its value is k: k is not the root's value.
    Hit,
    /// Its value, which is not k.
    Other(u8),
    /// Only that its value is not k.
    NotK,
    /// Another option already answered yes.
    Skipped,
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

pub(super) fn nim_value<G: Canonical>(search: &PrunedSearch<'_, G>, component: &G::Position, key: u128) -> Result<u8> {
    let game = search.game;
    let mut worker = Worker::new(game, &search.control, search.exhaustive_tables());
    if let Some(v) = worker.known(component, key) {
        return Ok(v);
    }
    let mut frame = Frame::default();
    let mut skip = NimberSet::EMPTY;
    // Every value up to the number of options is requested, and the options
    // cannot take them all: the listing runs to the end.
    let all = NimberSet::below(super::nimber_set::NIMBER_LIMIT);
    let count = worker.expand(component, &mut frame, all, |v| skip.insert(v))?.expect("a full listing");
    let pool = (search.threads > 1)
        .then(|| rayon::ThreadPoolBuilder::new().num_threads(search.threads).build())
        .transpose()
        .map_err(|e| crate::error::Error::InvalidGame(format!("cannot start {} threads: {e}", search.threads)))?;
    let mut open: Vec<Move> = frame.moves.clone();
    let start = u8::from(game.known_not_zero(component));
    let mut value = count as u8;
    'values: for k in start..count as u8 {
        if skip.contains(k) {
            continue;
        }
        let answers: Vec<Answer> = match &pool {
            None => {
                let mut answers = Vec::with_capacity(open.len());
                for m in &open {
                    let answer = ask(&mut worker, &frame, m, k)?;
                    let hit = matches!(answer, Answer::Hit);
                    answers.push(answer);
                    if hit {
                        break;
                    }
                }
                answers.resize_with(open.len(), || Answer::Skipped);
                answers
            }
            Some(pool) => {
                let hit = AtomicBool::new(false);
                pool.install(|| {
                    open.par_iter()
                        .with_max_len(1)
                        .map_init(
                            || Worker::new(game, &search.control, search.exhaustive_tables()),
                            |worker, m| {
                                if hit.load(Ordering::Relaxed) {
                                    return Ok(Answer::Skipped);
                                }
                                let answer = ask(worker, &frame, m, k);
                                worker.flush();
                                if matches!(answer, Ok(Answer::Hit)) {
                                    hit.store(true, Ordering::Relaxed);
                                }
                                answer
                            },
                        )
                        .collect::<Result<Vec<_>, Stop>>()
                })?
            }
        };
        let mut still_open = Vec::with_capacity(open.len());
        let mut hit = false;
        for (m, answer) in open.iter().zip(answers) {
            match answer {
                Answer::Hit => hit = true,
                Answer::Other(v) => skip.insert(v),
                Answer::NotK | Answer::Skipped => still_open.push(*m),
            }
        }
        open = still_open;
        if !hit {
            value = k;
            break 'values;
        }
    }
    worker.store_root(key, game.size(component), value);
    worker.flush();
    Ok(value)
}
