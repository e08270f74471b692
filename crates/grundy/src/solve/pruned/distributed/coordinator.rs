//! Process 0's book of the root questions: which process asks which
//! option "is your value k?", and what the answers decide.
//!
//! The rounds themselves are the threads' ([`super::super::root`]): the
//! same [`Rounds`] picks the next question and files each answer, so the
//! distributed search asks exactly the questions the threads would. What is
//! added is who asks: a question handed to a process is in flight until its
//! reply comes back, and one that stops mattering (its k turned out to be
//! some option's value) is abandoned by a message to its process.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::super::root::{Next, Rounds};
use super::message::Reply;
use crate::error::{Error, Result};

/// A question handed to a process.
pub(super) struct Question {
    pub id: u64,
    pub component: u32,
    pub option: usize,
    pub k: u8,
    pub reversed: bool,
    /// The rounds' flag of the question: set when it no longer matters.
    pub flag: Arc<AtomicBool>,
    /// Whether its process was told to abandon it.
    told: bool,
}

pub(super) struct Coordinator {
    rounds: Option<Rounds>,
    component: u32,
    next_id: u64,
    /// The question each process is asking.
    busy: Vec<Option<Question>>,
    /// Whether an idle process asks a question in flight a second time,
    /// from the other end of its options (as an idle thread does).
    help: bool,
    /// The process that last asked about each option of the root: it is
    /// handed that option's next question if it can be, since its table
    /// holds what the last one learnt below the shared sizes.
    asked_by: Vec<Option<usize>>,
}

impl Coordinator {
    pub fn new(processes: usize, help: bool) -> Self {
        let busy = (0..processes).map(|_| None).collect();
        Coordinator { rounds: None, component: 0, next_id: 0, busy, help, asked_by: Vec::new() }
    }

    /// Starts the rounds of root component `component`.
    pub fn start(&mut self, component: u32, rounds: Rounds) {
        self.component = component;
        self.asked_by = vec![None; rounds.value.len()];
        self.rounds = Some(rounds);
    }

    /// The outcome of the current component's rounds, once decided.
    pub fn decided(&self) -> Option<&Result<u8>> {
        self.rounds.as_ref().and_then(|r| r.outcome.as_ref())
    }

    /// Ends the current rounds (an error, an interrupt), abandoning every
    /// question in flight.
    pub fn finish(&mut self, outcome: Result<u8>) {
        if let Some(rounds) = &mut self.rounds {
            rounds.finish(outcome);
        }
    }

    /// Hands questions to idle processes while the rounds have some: the
    /// processes and their new questions.
    pub fn assign(&mut self) -> Vec<(usize, &Question)> {
        let mut given: Vec<usize> = Vec::new();
        let Some(rounds) = &mut self.rounds else { return Vec::new() };
        for process in 0..self.busy.len() {
            if self.busy[process].is_some() {
                continue;
            }
            let asked_by = &self.asked_by;
            match rounds.next(self.help, |m| asked_by[m] == Some(process)) {
                Next::Ask { m, k, flag, reversed, .. } => {
                    self.asked_by[m] = Some(process);
                    self.next_id += 1;
                    let (id, component) = (self.next_id, self.component);
                    self.busy[process] = Some(Question { id, component, option: m, k, reversed, flag, told: false });
                    given.push(process);
                }
                Next::Wait | Next::Done => break,
            }
        }
        given.into_iter().map(|p| (p, self.busy[p].as_ref().expect("just assigned"))).collect()
    }

    /// The questions that stopped mattering whose processes were not told
    /// yet (each returned once): the processes and the questions' ids.
    pub fn abandoned(&mut self) -> Vec<(usize, u64)> {
        let mut told = Vec::new();
        for (process, question) in self.busy.iter_mut().enumerate() {
            if let Some(q) = question.as_mut().filter(|q| !q.told && q.flag.load(Ordering::Relaxed)) {
                q.told = true;
                told.push((process, q.id));
            }
        }
        told
    }

    /// Files `process`'s reply to question `id` (as a thread files its
    /// answer in `root`): an answer to a question that is no longer the
    /// one asked of its option (a partner answered first, or the rounds
    /// moved on to another component) teaches nothing.
    pub fn reply(&mut self, process: usize, id: u64, reply: Reply) {
        let Some(question) = self.busy[process].take_if(|q| q.id == id) else { return };
        let Some(rounds) = self.rounds.as_mut().filter(|_| question.component == self.component) else { return };
        let m = question.option;
        let current = rounds.asking[m].as_ref().is_some_and(|q| Arc::ptr_eq(&q.flag, &question.flag));
        match reply {
            Reply::Answer(answer) if current => rounds.record(m, question.k, answer),
            Reply::Answer(_) => {}
            Reply::Abandoned => {
                if current {
                    rounds.asking[m] = None;
                }
            }
            Reply::Interrupted => rounds.finish(Err(Error::Interrupted)),
            Reply::Failed(why) => rounds.finish(Err(Error::Cluster(format!("process {process}: {why}")))),
        }
    }
}
