//! One process of a distributed search: its messenger (the calling thread,
//! the only one that talks to the other processes) and its searcher (a
//! thread of its own, asking the root questions it is handed with the
//! pruned search's [`Worker`] over the process's table).
//!
//! Process 0 leads: it keeps the rounds ([`Coordinator`]) and asks
//! questions too. The others follow: they ask what they are handed and
//! reply. Every process sends what it learns of big components to every
//! other, which files it in its own table (see the module's front for why).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::super::key::{Key, KeyTable};
use super::super::nimber_set::{NimberSet, NIMBER_LIMIT};
use super::super::root::{ask, Rounds};
use super::super::search::{Frame, Worker};
use super::super::transposition::Entry;
use super::super::{Canonical, Control, Progress, PrunedSearch};
use super::coordinator::Coordinator;
use super::message::{Counts, Message, Reply};
use super::{Plan, ShowProgress, Tally, Transport};
use crate::error::{Error, Result};

/// How long the messenger waits for its searcher when nothing came in and
/// the searcher has no question: what comes next is a question, or an
/// answer the processes wait for. Short against a question (milliseconds
/// to minutes), long enough that the messenger takes little of a core.
const POLL: Duration = Duration::from_micros(200);
/// How long it waits while its searcher is at work. What comes in then can
/// wait a millisecond: entries (sent every [`FLUSH_EVERY`]), an abandonment
/// (a millisecond of work wasted), a follower's answer (its next question a
/// millisecond late, a few dozen times a search). Each wake-up takes a core
/// from a searcher, of this process or another (a thousand times a second
/// instead of five thousand): with [`POLL`] throughout, `mpirun -np 2` on Cram 5×8
/// took 3% longer (16 alternating runs on this 2-core VM: median 1.01 s
/// against 0.98 s, 16.3 s against 15.9 s in all).
const POLL_BUSY: Duration = Duration::from_millis(1);
/// How often shared entries go out (or sooner, when this many wait).
const FLUSH_EVERY: Duration = Duration::from_millis(2);
const FLUSH_ENTRIES: usize = 4096;
/// How often the followers send their counters, and the leader shows them.
const COUNTS_EVERY: Duration = Duration::from_millis(250);
/// How long the processes of a stopped search wait for each other's last
/// messages before they end regardless.
const STOP_GRACE: Duration = Duration::from_millis(500);

/// The messages in and out of this process, and their counts.
struct Mailbox<'t, K> {
    transport: &'t dyn Transport,
    /// The search's interrupt flag: once set, a message cut off in the
    /// middle is not waited for ([`Transport::receive`]).
    stopped: &'t AtomicBool,
    /// Messages received before the one waited for (setting up).
    deferred: VecDeque<(usize, Message<K>)>,
    sent: u64,
    entries_sent: u64,
    /// Messages sent to each process, and received in all.
    sent_to: Vec<u64>,
    received: u64,
    /// The processes this one sends what its search learns: every other,
    /// or, when the processes of each machine share a table, the first
    /// process of every other machine.
    learners: Vec<usize>,
}

impl<'t, K: super::super::Key> Mailbox<'t, K> {
    fn send(&mut self, to: usize, message: &Message<K>) -> Result<()> {
        self.sent += 1;
        self.sent_to[to] += 1;
        if let Message::Entries(entries) = message {
            self.entries_sent += entries.len() as u64;
        }
        self.transport.send(to, &message.encode())
    }

    fn send_all(&mut self, message: &Message<K>) -> Result<()> {
        let me = self.transport.rank();
        (0..self.transport.size()).filter(|&p| p != me).try_for_each(|p| self.send(p, message))
    }

    /// Sends entries to the processes that learn them.
    fn send_learnt(&mut self, entries: Vec<Entry<K>>) -> Result<()> {
        let message = Message::Entries(entries);
        (0..self.learners.len()).try_for_each(|i| self.send(self.learners[i], &message))
    }

    fn receive(&mut self) -> Result<Option<(usize, Message<K>)>> {
        if let Some(message) = self.deferred.pop_front() {
            return Ok(Some(message));
        }
        match self.transport.receive(self.stopped)? {
            Some((from, bytes)) => {
                self.received += 1;
                Ok(Some((from, Message::decode(&bytes, from)?)))
            }
            None => Ok(None),
        }
    }

    /// Receives until `expected` messages have come in all (filing the
    /// table entries among them with `file`), so that none is left
    /// unreceived when the process ends; by `deadline` if one is given.
    fn drain(&mut self, expected: u64, deadline: Deadline, mut file: impl FnMut(Vec<Entry<K>>)) -> Result<()> {
        while self.received < expected {
            match self.receive()? {
                Some((_, Message::Entries(entries))) => file(entries),
                Some(_) => {}
                None => deadline.sleep("the last messages of the other processes")?,
            }
        }
        Ok(())
    }

    /// Waits for a message `wanted` picks out (setting up, when no other
    /// work is under way; and at the end); the others are kept for later.
    fn wait_for<T>(
        &mut self,
        deadline: Deadline,
        mut wanted: impl FnMut(usize, &Message<K>) -> Option<T>,
    ) -> Result<T> {
        let mut kept = VecDeque::new();
        loop {
            match self.transport.receive(self.stopped)? {
                Some((from, bytes)) => {
                    self.received += 1;
                    let message = Message::decode(&bytes, from)?;
                    if let Some(found) = wanted(from, &message) {
                        self.deferred.extend(kept);
                        return Ok(found);
                    }
                    kept.push_back((from, message));
                }
                None => deadline.sleep("an answer of process 0")?,
            }
        }
    }
}

/// How long a process waits for the others at the end: for ever when the
/// search finished (every process is at work and answers), a moment when it
/// stopped (a process may be gone, and `mpirun` kills what is left a second
/// after passing on a Ctrl-C).
#[derive(Clone, Copy)]
struct Deadline(Option<Instant>);

impl Deadline {
    const NEVER: Deadline = Deadline(None);

    /// The deadline of the end after a stop.
    fn after_stop() -> Deadline {
        Deadline(Some(Instant::now() + STOP_GRACE))
    }

    /// Sleeps a poll's length, or fails if the deadline has passed while
    /// waiting for `what`.
    fn sleep(self, what: &str) -> Result<()> {
        if self.0.is_some_and(|at| Instant::now() >= at) {
            return Err(Error::Cluster(format!("stopping: {what} did not come within {STOP_GRACE:?}")));
        }
        std::thread::sleep(POLL);
        Ok(())
    }
}

/// A question for this process's searcher.
struct Job {
    id: u64,
    component: usize,
    option: usize,
    k: u8,
    reversed: bool,
    flag: Arc<AtomicBool>,
}

/// The options of a root component as the rounds number them, and what
/// the listing alone taught: every process lists them alike (an empty
/// table, so that what each process's own table holds cannot change the
/// numbering).
pub(super) struct RootFrame<P, K> {
    frame: Frame<P, K>,
    taken: NimberSet,
    count: usize,
}

fn root_frame<G: Canonical>(
    search: &PrunedSearch<'_, G>,
    component: &G::Position,
) -> Result<RootFrame<G::Position, G::Key>> {
    let empty = Control::new(0);
    let mut worker = Worker::new(search.game, &empty, search.exhaustive_tables());
    let mut frame = Frame::default();
    let mut taken = NimberSet::EMPTY;
    let listed = worker.expand(component, &mut frame, NimberSet::below(NIMBER_LIMIT), |v| taken.insert(v))?;
    match listed {
        Some(count) if count < NIMBER_LIMIT - 1 => Ok(RootFrame { frame, taken, count }),
        _ => Err(Error::Unsupported {
            game: "this position".into(),
            question: "a search on several processes".into(),
            why: format!(
                "a root with {} options or more needs every option valued (run it on one process)",
                NIMBER_LIMIT - 1
            ),
        }),
    }
}

/// The searcher: asks the questions it is handed, one at a time, with one
/// worker for the whole search (its counts reach the table's growth, the
/// checkpoints and the interrupt on time), until the messenger hangs up.
fn searcher<G: Canonical>(
    search: &PrunedSearch<'_, G>,
    components: &[(G::Position, G::Key)],
    jobs: Receiver<Job>,
    replies: Sender<(u64, Reply)>,
) {
    let mut worker = Worker::new(search.game, &search.control, search.exhaustive_tables());
    let mut frames: Vec<Option<RootFrame<G::Position, G::Key>>> = components.iter().map(|_| None).collect();
    for job in jobs {
        let answer = (|| {
            if frames[job.component].is_none() {
                frames[job.component] = Some(root_frame(search, &components[job.component].0)?);
            }
            let frame = &frames[job.component].as_ref().expect("listed").frame;
            let m = frame.moves.get(job.option).ok_or_else(|| {
                Error::Cluster(format!(
                    "process 0 asked about option {} of a root that has {}",
                    job.option,
                    frame.moves.len()
                ))
            })?;
            worker.abandon = Some(Arc::clone(&job.flag));
            worker.reversed = job.reversed;
            let answer = ask(&mut worker, frame, m, job.k);
            worker.abandon = None;
            worker.reversed = false;
            worker.flush();
            answer
        })();
        let reply = match answer {
            Ok(answer) => Reply::Answer(answer),
            Err(Error::Interrupted) if search.control.interrupted() => Reply::Interrupted,
            Err(Error::Interrupted) => Reply::Abandoned,
            Err(e) => Reply::Failed(e.to_string()),
        };
        if replies.send((job.id, reply)).is_err() {
            break;
        }
    }
    worker.flush();
}

/// What the messenger of any process keeps.
struct Messenger<'s, 'g, 't, G: Canonical> {
    search: &'s PrunedSearch<'g, G>,
    components: &'s [(G::Position, G::Key)],
    mailbox: Mailbox<'t, G::Key>,
    jobs: Sender<Job>,
    replies: Receiver<(u64, Reply)>,
    /// Questions given to this process's searcher and not yet answered.
    held: usize,
    last_flush: Instant,
    last_counts: Instant,
    /// Positions the search had expanded before (a sum's earlier parts).
    nodes_before: u64,
}

impl<G: Canonical> Messenger<'_, '_, '_, G> {
    fn counts(&self) -> Counts {
        let Progress { nodes, table_entries, table_capacity, .. } = self.search.progress();
        // A table shared on a machine is counted once, by its maker.
        let counted = !self.search.control.tables.is_shared() || self.search.control.tables.made_here();
        Counts {
            nodes: nodes - self.nodes_before,
            table_entries: if counted { table_entries } else { 0 },
            table_capacity: if counted { table_capacity } else { 0 },
            messages: self.mailbox.sent,
            entries_sent: self.mailbox.entries_sent,
        }
    }

    /// Files entries another process learnt.
    fn file(&self, entries: Vec<Entry<G::Key>>) {
        Self::file_in(self.search, entries);
    }

    fn file_in(search: &PrunedSearch<'_, G>, entries: Vec<Entry<G::Key>>) {
        let (_, table) = search.control.tables.current();
        let filled = entries.into_iter().filter(|e| table.store(e.clone())).count();
        search.control.tables.add_filled(filled as u64);
    }

    /// Files a root component's value.
    fn file_root(&self, component: usize, value: u8) {
        if let Some((_, key)) = self.components.get(component) {
            let (_, table) = self.search.control.tables.current();
            // (A root's value cost the whole search: the highest priority.)
            if table.insert(key, value, u32::MAX) {
                self.search.control.tables.add_filled(1);
            }
        }
    }

    /// Sends the entries this process's searcher shared, if due.
    fn flush(&mut self, now: bool) -> Result<()> {
        let due = now || self.last_flush.elapsed() >= FLUSH_EVERY;
        let entries = {
            let mut shared = self.search.control.shared.lock().expect("shared entries lock");
            if shared.is_empty() || !(due || shared.len() >= FLUSH_ENTRIES) {
                return Ok(());
            }
            std::mem::take(&mut *shared)
        };
        self.last_flush = Instant::now();
        self.mailbox.send_learnt(entries)
    }

    /// A follower's end, when process 0 has said the search is over (or
    /// stopped): its last entries, its final counters with how many
    /// messages it sent each process, and then every message it is sent
    /// (process 0 says how many), so that MPI's end has none to wait for.
    fn last_words(&mut self, deadline: Deadline) -> Result<()> {
        self.flush(true)?;
        let counts = self.counts();
        let mut sent_to = self.mailbox.sent_to.clone();
        sent_to[0] += 1;
        let counts = Counts { messages: counts.messages + 1, ..counts };
        self.mailbox.send(0, &Message::Final { counts, sent_to })?;
        let expected = self.mailbox.wait_for(deadline, |from, m| match m {
            Message::Done { expected } if from == 0 => Some(*expected),
            _ => None,
        })?;
        let search = self.search;
        self.mailbox.drain(expected, deadline, |entries| Self::file_in(search, entries))
    }

    /// Gives this process's searcher a question.
    fn give(&mut self, job: Job) -> Result<()> {
        self.jobs.send(job).map_err(|_| {
            Error::Cluster(format!("the searcher of process {} ended early", self.mailbox.transport.rank()))
        })?;
        self.held += 1;
        Ok(())
    }

    /// The searcher's reply, if it has one now.
    fn answered(&mut self) -> Option<(u64, Reply)> {
        let reply = self.replies.try_recv().ok()?;
        self.held -= 1;
        Some(reply)
    }

    /// Waits a little for the searcher's reply: a poll's length while it has
    /// no question, longer while it works on one.
    fn wait(&mut self) -> Option<(u64, Reply)> {
        let reply = self.replies.recv_timeout(if self.held > 0 { POLL_BUSY } else { POLL }).ok()?;
        self.held -= 1;
        Some(reply)
    }
}

/// Runs this process's part of the search of `components` (the root's, in
/// the same order on every process), after agreeing that every process is
/// set up (`setup`: this one's loading of its checkpoint).
pub(super) fn run<G: Canonical>(
    search: &PrunedSearch<'_, G>,
    transport: &dyn Transport,
    components: &[(G::Position, G::Key)],
    setup: Result<()>,
    plan: &Plan,
    progress: Option<ShowProgress<'_>>,
) -> Result<(u8, Tally)> {
    let (jobs, jobs_in) = mpsc::channel();
    let (replies_out, replies) = mpsc::channel();
    let mut messenger = Messenger {
        search,
        components,
        mailbox: Mailbox {
            transport,
            stopped: &search.control.interrupt,
            deferred: VecDeque::new(),
            sent: 0,
            entries_sent: 0,
            sent_to: vec![0; transport.size()],
            received: 0,
            learners: Vec::new(),
        },
        jobs,
        replies,
        held: 0,
        last_flush: Instant::now(),
        last_counts: Instant::now(),
        nodes_before: search.progress().nodes,
    };
    let machines = transport.machines();
    let me = transport.rank();
    let on = |m: usize| (0..machines.len()).filter(|&p| machines[p] == m).count();
    // Whether machine `m`'s processes share a table: every process decides
    // alike for every machine, from the layout alone.
    let shares = |m: usize| <<G::Key as Key>::Table as KeyTable<G::Key>>::SHAREABLE && plan.shares_table(on(m));
    let here: Vec<usize> = (0..machines.len()).filter(|&p| machines[p] == machines[me]).collect();
    let shared = shares(machines[me]);
    let setup = match setup {
        Ok(()) if shared => share_on_machine(search, &mut messenger.mailbox, &here),
        setup => {
            // Failed to set up: the search will not start, but the first
            // process here still says it shares nothing, and the others
            // still hear it (no message may be left unreceived).
            if shared {
                if here[0] == me {
                    here[1..].iter().try_for_each(|&p| messenger.mailbox.send(p, &Message::Table(None)))?;
                } else {
                    messenger.mailbox.wait_for(Deadline::NEVER, |from, m| {
                        matches!(m, Message::Table(_) if from == here[0]).then_some(())
                    })?;
                }
            }
            setup
        }
    };
    // Entries go to every process that does not see this one's table: of a
    // machine that shares one, only its first process.
    messenger.mailbox.learners = (0..machines.len())
        .filter(|&p| p != me && !(shared && machines[p] == machines[me]))
        .filter(|&p| !shares(machines[p]) || machines[p] == p)
        .collect();
    // What is learnt of components this big is shared, if any process learns it.
    if !messenger.mailbox.learners.is_empty() {
        let largest = components.iter().map(|(c, _)| search.game.size(c)).max().unwrap_or(0);
        search.control.share_from.store(largest.saturating_sub(plan.share_margin), Ordering::Relaxed);
        search.control.share_work.store(plan.share_work, Ordering::Relaxed);
    }
    // Processes that all share one table help each other as threads do.
    let one_table = shared && here.len() == machines.len();
    let plan = &Plan { help: plan.help || one_table, ..plan.clone() };
    let outcome = std::thread::scope(|scope| {
        scope.spawn(|| searcher(search, components, jobs_in, replies_out));
        let outcome = if transport.rank() == 0 {
            lead(&mut messenger, setup, plan, progress)
        } else {
            follow(&mut messenger, setup)
        };
        // Hang up: the searcher ends after its question (if any), which
        // `lead` and `follow` have abandoned.
        drop(messenger);
        outcome
    });
    search.control.share_from.store(u32::MAX, Ordering::Relaxed);
    search.control.shared.lock().expect("shared entries lock").clear();
    outcome
}

/// Makes the processes `here` (this machine's, the first first) share one
/// table: the first moves its table into shared memory and tells the others
/// where, who join it. An error is this process's failure to set up (the
/// first's, if it could not share: it tells the others it shares nothing).
/// Done once: later searches (a sum's next position) keep the table.
fn share_on_machine<G: Canonical>(
    search: &PrunedSearch<'_, G>,
    mailbox: &mut Mailbox<'_, G::Key>,
    here: &[usize],
) -> Result<()> {
    let tables = &search.control.tables;
    if tables.is_shared() {
        return Ok(());
    }
    if mailbox.transport.rank() == here[0] {
        let made = tables.share_on_machine().and_then(|handle| {
            handle.ok_or_else(|| Error::Cluster("this game's table cannot be shared between processes".into()))
        });
        let told = Message::Table(made.as_ref().ok().copied());
        here[1..].iter().try_for_each(|&p| mailbox.send(p, &told))?;
        return made.map(|_| ()).map_err(|e| could_not_share(&e));
    }
    let first = here[0];
    let handle = mailbox.wait_for(Deadline::NEVER, |from, m| match m {
        Message::Table(handle) if from == first => Some(*handle),
        _ => None,
    })?;
    match handle {
        Some(handle) => tables.join_machine(handle).map_err(|e| could_not_share(&e)),
        // (The first process's failure is the one reported.)
        None => Ok(()),
    }
}

/// Why the processes of a machine could not share a table, and the way
/// around it.
fn could_not_share(error: &Error) -> Error {
    let why = match error {
        Error::Cluster(why) => why.clone(),
        other => other.to_string(),
    };
    Error::Cluster(format!(
        "sharing the table between the processes of this machine: {why} (GRUNDY_SHARE_TABLE=0 gives each process a \
         table of its own)"
    ))
}

fn follow<G: Canonical>(messenger: &mut Messenger<'_, '_, '_, G>, setup: Result<()>) -> Result<(u8, Tally)> {
    messenger.mailbox.send(0, &Message::Ready(setup.err().map(|e| e.to_string())))?;
    let verdict = messenger.mailbox.wait_for(Deadline::NEVER, |from, m| match m {
        Message::Verdict(verdict) if from == 0 => Some(verdict.clone()),
        _ => None,
    })?;
    if let Some(why) = verdict {
        return Err(Error::Cluster(why));
    }
    // The question being asked, and its flag.
    let mut current: Option<(u64, Arc<AtomicBool>)> = None;
    let stop = |current: &Option<(u64, Arc<AtomicBool>)>| {
        if let Some((_, flag)) = current {
            flag.store(true, Ordering::Relaxed);
        }
    };
    // When this process asked process 0 to stop (it goes on listening
    // until process 0 tells every process to, or has not for the grace of
    // a stop: process 0 may have died, and this process has its share to
    // save before mpirun ends the job).
    let mut stop_asked: Option<Instant> = None;
    loop {
        while let Some((from, message)) = messenger.mailbox.receive()? {
            match message {
                Message::Ask { id, component, option, k, reversed } => {
                    let flag = Arc::new(AtomicBool::new(false));
                    current = Some((id, Arc::clone(&flag)));
                    let (component, option) = (component as usize, option as usize);
                    let job = Job { id, component, option, k, reversed, flag };
                    messenger.give(job)?;
                }
                Message::Abandon { id } => {
                    if let Some((_, flag)) = current.as_ref().filter(|(i, _)| *i == id) {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
                Message::Entries(entries) => messenger.file(entries),
                Message::Decided { component, value } => messenger.file_root(component as usize, value),
                Message::Finish { value } => {
                    stop(&current);
                    messenger.last_words(Deadline::NEVER)?;
                    return Ok((value, Tally::default()));
                }
                Message::Stop(why) => {
                    stop(&current);
                    // (Why the search stopped is the error that matters.)
                    let _ = messenger.last_words(Deadline::after_stop());
                    return Err(why.map_or(Error::Interrupted, Error::Cluster));
                }
                _ => {
                    let _ = from;
                }
            }
        }
        if let Some((id, reply)) = messenger.wait() {
            current = None;
            messenger.flush(true)?;
            messenger.mailbox.send(0, &Message::Reply { id, reply })?;
        }
        if messenger.search.control.interrupted() && current.is_none() && stop_asked.is_none() {
            // Stopped here (Ctrl-C, a signal) with no question under way:
            // tell process 0, which stops every process (this one too).
            messenger.mailbox.send(0, &Message::Stop(None))?;
            stop_asked = Some(Instant::now());
        }
        if stop_asked.is_some_and(|at| at.elapsed() >= STOP_GRACE) {
            return Err(Error::Interrupted);
        }
        messenger.flush(false)?;
        if messenger.last_counts.elapsed() >= COUNTS_EVERY {
            messenger.last_counts = Instant::now();
            let counts = messenger.counts();
            messenger.mailbox.send(0, &Message::Counts(counts))?;
        }
    }
}

fn lead<G: Canonical>(
    messenger: &mut Messenger<'_, '_, '_, G>,
    setup: Result<()>,
    plan: &Plan,
    mut progress: Option<ShowProgress<'_>>,
) -> Result<(u8, Tally)> {
    let processes = messenger.mailbox.transport.size();
    // Setting up: the first failure (process 0's own first) stops all.
    let mut failure = setup.err().map(|e| format!("process 0: {e}"));
    for _ in 1..processes {
        let (from, why) = messenger.mailbox.wait_for(Deadline::NEVER, |from, m| match m {
            Message::Ready(why) => Some((from, why.clone())),
            _ => None,
        })?;
        if let (None, Some(why)) = (&failure, why) {
            failure = Some(format!("process {from}: {why}"));
        }
    }
    messenger.mailbox.send_all(&Message::Verdict(failure.clone()))?;
    if let Some(why) = failure {
        return Err(Error::Cluster(why));
    }
    let found = nim_sum(messenger, plan, &mut progress);
    let (ending, deadline) = match &found {
        Ok(value) => (Message::Finish { value: *value }, Deadline::NEVER),
        Err(Error::Interrupted) => (Message::Stop(None), Deadline::after_stop()),
        Err(e) => (Message::Stop(Some(e.to_string())), Deadline::after_stop()),
    };
    let closed = close(messenger, &ending, deadline);
    // (When the search stopped, why is the error that matters.)
    let value = found?;
    Ok((value, Tally::from_counts(&closed?)))
}

/// The nim-sum of the root's components, each valued by the rounds.
fn nim_sum<G: Canonical>(
    messenger: &mut Messenger<'_, '_, '_, G>,
    plan: &Plan,
    progress: &mut Option<ShowProgress<'_>>,
) -> Result<u8> {
    let processes = messenger.mailbox.transport.size();
    let started = Instant::now();
    let mut counts = vec![Counts::default(); processes];
    let mut coordinator = Coordinator::new(processes, plan.help);
    let mut nim_sum = 0;
    let (search, components) = (messenger.search, messenger.components);
    for (c, (component, key)) in components.iter().enumerate() {
        let known = search.game.known_nim_value(component).or_else(|| search.control.tables.current().1.get(key));
        let value = match known {
            Some(v) => v,
            None => {
                let root = root_frame(search, component)?;
                let start = u8::from(search.game.known_not_zero(component));
                coordinator
                    .start(c as u32, Rounds::new(root.frame.moves.len(), root.taken, start, root.count as u8, None));
                rounds(messenger, &mut coordinator, &mut counts, started, progress)?
            }
        };
        messenger.file_root(c, value);
        messenger.mailbox.send_all(&Message::Decided { component: c as u32, value })?;
        nim_sum ^= value;
    }
    Ok(nim_sum)
}

/// Process 0's end of the search, finished (`Finish`) or stopped (`Stop`):
/// it tells every process, whose last message is its final counters with
/// how many messages it sent each process; each is then told how many it
/// is sent in all, and receives them before it ends (MPI's end waits for
/// every buffered send to be received). Every process's counters.
fn close<G: Canonical>(
    messenger: &mut Messenger<'_, '_, '_, G>,
    ending: &Message<G::Key>,
    deadline: Deadline,
) -> Result<Vec<Counts>> {
    let (search, processes) = (messenger.search, messenger.mailbox.transport.size());
    messenger.flush(true)?;
    messenger.mailbox.send_all(ending)?;
    let mut finals: Vec<Option<(Counts, Vec<u64>)>> = vec![None; processes];
    let mut missing = processes - 1;
    while missing > 0 {
        while let Some((from, message)) = messenger.mailbox.receive()? {
            match message {
                Message::Final { counts, sent_to } if sent_to.len() == processes && finals[from].is_none() => {
                    finals[from] = Some((counts, sent_to));
                    missing -= 1;
                }
                Message::Entries(entries) => messenger.file(entries),
                _ => {}
            }
        }
        if missing > 0 {
            deadline.sleep("the final counters of every process")?;
        }
    }
    let mut sent_to = messenger.mailbox.sent_to.clone();
    sent_to.iter_mut().skip(1).for_each(|n| *n += 1);
    let counts = messenger.counts();
    finals[0] = Some((Counts { messages: counts.messages + processes as u64 - 1, ..counts }, sent_to));
    let finals: Vec<(Counts, Vec<u64>)> = finals.into_iter().map(|f| f.expect("every process's counts")).collect();
    let expected = |p: usize| finals.iter().map(|(_, sent_to)| sent_to[p]).sum::<u64>();
    for p in 1..processes {
        messenger.mailbox.send(p, &Message::Done { expected: expected(p) })?;
    }
    messenger.mailbox.drain(expected(0), deadline, |entries| Messenger::<G>::file_in(search, entries))?;
    Ok(finals.into_iter().map(|(c, _)| c).collect())
}

/// Runs the rounds of one root component to their outcome.
fn rounds<G: Canonical>(
    messenger: &mut Messenger<'_, '_, '_, G>,
    coordinator: &mut Coordinator,
    counts: &mut [Counts],
    started: Instant,
    progress: &mut Option<ShowProgress<'_>>,
) -> Result<u8> {
    let mut last_shown = Instant::now();
    loop {
        while let Some((from, message)) = messenger.mailbox.receive()? {
            match message {
                Message::Reply { id, reply } => coordinator.reply(from, id, reply),
                Message::Entries(entries) => messenger.file(entries),
                Message::Counts(c) => counts[from] = c,
                Message::Stop(None) => coordinator.finish(Err(Error::Interrupted)),
                Message::Stop(Some(why)) => coordinator.finish(Err(Error::Cluster(format!("process {from}: {why}")))),
                _ => {}
            }
        }
        while let Some((id, reply)) = messenger.answered() {
            coordinator.reply(0, id, reply);
        }
        if messenger.search.control.interrupted() {
            coordinator.finish(Err(Error::Interrupted));
        }
        for (process, id) in coordinator.abandoned() {
            // (Process 0's searcher watches the rounds' flag itself.)
            if process != 0 {
                messenger.mailbox.send(process, &Message::Abandon { id })?;
            }
        }
        if let Some(outcome) = coordinator.decided() {
            return outcome.clone();
        }
        let given: Vec<(usize, Job)> = coordinator
            .assign()
            .into_iter()
            .map(|(p, q)| {
                let job = Job {
                    id: q.id,
                    component: q.component as usize,
                    option: q.option,
                    k: q.k,
                    reversed: q.reversed,
                    flag: Arc::clone(&q.flag),
                };
                (p, job)
            })
            .collect();
        for (process, job) in given {
            if process == 0 {
                messenger.give(job)?;
            } else {
                let Job { id, component, option, k, reversed, .. } = job;
                let ask = Message::Ask { id, component: component as u32, option: option as u32, k, reversed };
                messenger.mailbox.send(process, &ask)?;
            }
        }
        messenger.flush(false)?;
        if let Some(show) = progress.as_mut().filter(|_| last_shown.elapsed() >= COUNTS_EVERY) {
            last_shown = Instant::now();
            counts[0] = messenger.counts();
            let total = counts.iter().fold(Progress::default(), |t, c| Progress {
                nodes: t.nodes + c.nodes,
                table_entries: t.table_entries + c.table_entries,
                table_capacity: t.table_capacity + c.table_capacity,
                exhaustive: None,
            });
            show(&total, started.elapsed());
        }
        if let Some((id, reply)) = messenger.wait() {
            coordinator.reply(0, id, reply);
        }
    }
}
