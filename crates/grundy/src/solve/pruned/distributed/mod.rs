//! The pruned search on several processes (one machine or many): the root's
//! questions shared out among the processes, one table for the processes of
//! each machine, and what is learnt of big components sent to every other
//! machine.
//!
//! **The shape.** The threads of one process already share out the root's
//! questions "is option i's value k?" (`root.rs`: Beling and Rogalski's
//! aspiration rounds). Here process 0 keeps the same rounds and hands the
//! questions to processes instead of threads; each process answers with the
//! same `search::Worker` over its machine's transposition table, which the
//! processes there map together as threads share theirs when there are
//! [`SHARE_FROM`] or more of them (`transposition/machine.rs`;
//! [`Plan::share_table`]), else over a table of its own.
//! Processes that do not share a table cannot look into it, so every value
//! or exclusion found for a component of at least [`Plan::share_margin`]
//! cells less than the root, and that took at least [`Plan::share_work`]
//! positions to find, is sent to every process that does not see this
//! one's table (of a machine that shares one, to its first process only),
//! which files it in its table: the big components are the ones
//! that two questions meet again (and whose search is long), and there are
//! few of them. No lookup ever waits for the network.
//!
//! **Why not transposition-driven scheduling.** Romein, Plaat, Bal and
//! Schaeffer (AAAI 1999; IEEE TPDS 13(5), 2002) send each position's work
//! to the process that owns its hash, so the table is partitioned and no
//! work is done twice. That suits searches whose work per position dwarfs
//! a message (their IDA* and αβ on 128 machines) and whose positions can be
//! expanded in any order. Here a position costs about a microsecond (1
//! million positions a second on one core of this box) — a message between
//! processes costs as much even on one machine — and the pruned search is
//! sequential in a way TDS cannot keep: a position asks its options one by
//! one and stops at the first answer that settles its question (most stop
//! after a few options), so shipping the options out at once would expand
//! the ones the sequential search never reaches. Work shared near the root
//! keeps the search as it is, with messages per position far below one
//! (`docs/distributed.md` has the figures).
//!
//! **What it needs.** A [`Transport`]: numbered processes that send each
//! other bytes. `mpi.rs` (feature `mpi`) is MPI's; the tests use threads.
//! Every process runs [`nim_value`] on the same position, with a
//! [`PrunedSearch`] of the same game and memory; process 0's answer comes
//! with the [`Tally`] of every process's work.

mod coordinator;
mod message;
#[cfg(feature = "mpi")]
pub mod mpi;
mod process;
mod shares;
#[cfg(test)]
mod tests;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::{Canonical, Progress, PrunedSearch};
use crate::error::Result;

pub use message::Counts;
pub use shares::{check_shares, checkpoint_tag, share_path, share_tag};

/// Numbered processes that send each other bytes: process `rank()` of
/// `size()`. Messages from one process to another arrive in the order sent.
/// Only the thread that calls [`nim_value`] uses it, one call at a time.
pub trait Transport: Send + Sync + std::fmt::Debug {
    fn rank(&self) -> usize;
    fn size(&self) -> usize;
    /// Sends `bytes` to process `to` without waiting for it to receive.
    fn send(&self, to: usize, bytes: &[u8]) -> Result<()>;
    /// A message that has arrived, and from whom; `None` if none has. One
    /// that has begun to arrive is waited for, unless `stopped` is set:
    /// then a message whose rest does not come soon ends the receiving with
    /// [`crate::Error::Interrupted`] (its sender may have died in the middle
    /// of it, and this process still has its share of the checkpoint to
    /// save).
    fn receive(&self, stopped: &AtomicBool) -> Result<Option<(usize, Vec<u8>)>>;
    /// Which machine each process runs on, named by the first process on
    /// it (`machines()[r]` for process `r`): the processes of one machine
    /// share one table. By default, each process is alone on its machine.
    fn machines(&self) -> Vec<usize> {
        (0..self.size()).collect()
    }
}

/// What process 0 calls with the progress of every process together, and
/// the time since the search started.
pub type ShowProgress<'a> = &'a mut dyn FnMut(&Progress, Duration);

/// How the processes share the work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// What is learnt of a component at most this many cells (vertices)
    /// smaller than the root is sent to every other process.
    pub share_margin: u32,
    /// ... and only what took at least this many positions to learn: an
    /// answer the listing alone gave (one position) is as cheap for the
    /// other process to find again as to file, and such answers were most
    /// of the traffic. Measured on 2 processes, 4 against 0 (every entry):
    /// Cram 5×9 6.5× fewer entries sent, 19% less wall time, 11% more
    /// positions (`docs/distributed.md`).
    pub share_work: u64,
    /// Whether an idle process asks a question already in flight a second
    /// time, from the other end of its options, as an idle thread does
    /// (always, when every process shares one table).
    pub help: bool,
    /// Whether the processes of one machine share one table in shared
    /// memory (`transposition/machine.rs`), as threads do, instead of one
    /// table each that hears of big components by message; `None`: when a
    /// machine runs at least [`SHARE_FROM`] processes.
    pub share_table: Option<bool>,
}

/// Processes on a machine from which they share one table by default.
///
/// Why not from two: sharing saves the work done twice (two processes with
/// a table each expand a tenth more positions than two threads: Cram 5×9
/// 14.2–14.3 M against 13.0–13.1 M shared), but memory that processes map
/// together gets no huge pages where Linux gives them only to a process's
/// own memory (`transparent_hugepage/shmem_enabled` is `never` here and on
/// most systems), so each probe of the table misses the TLB more: on this
/// 2-core VM, two processes sharing took 20.6–21.7 s on 5×9 against
/// 17.9–18.3 s with a table each. From three the work done twice grows
/// (four processes with a table each: Cram 4×11 3.1–3.3 M positions
/// against 2.7–2.8 M shared) and with it the memory held N times, and
/// sharing wins (4×11 on four processes: 3.1 s against 3.8 s).
/// `docs/distributed.md` has the runs.
pub const SHARE_FROM: usize = 3;

impl Default for Plan {
    fn default() -> Self {
        Plan { share_margin: 28, share_work: 4, help: false, share_table: None }
    }
}

impl Plan {
    /// Whether the processes of a machine that runs `processes` of them
    /// share one table, for games whose table can be shared.
    pub fn shares_table(&self, processes: usize) -> bool {
        processes > 1 && self.share_table.unwrap_or(processes >= SHARE_FROM)
    }
}

impl Plan {
    /// The default plan, changed by `GRUNDY_SHARE_MARGIN` (cells),
    /// `GRUNDY_SHARE_WORK` (positions), `GRUNDY_HELP` and
    /// `GRUNDY_SHARE_TABLE` (1 or 0; unset: [`SHARE_FROM`]) if set: knobs
    /// for measuring, as in
    /// `docs/distributed.md`.
    pub fn from_env() -> Self {
        let read = |name: &str| std::env::var(name).ok().and_then(|v| v.trim().parse::<u32>().ok());
        let default = Plan::default();
        Plan {
            share_margin: read("GRUNDY_SHARE_MARGIN").unwrap_or(default.share_margin),
            share_work: read("GRUNDY_SHARE_WORK").map_or(default.share_work, u64::from),
            help: read("GRUNDY_HELP").map_or(default.help, |h| h != 0),
            share_table: read("GRUNDY_SHARE_TABLE").map(|s| s != 0).or(default.share_table),
        }
    }
}

/// The work of a distributed search, every process's (process 0 has it;
/// the others' tally is empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Each process's counters, by rank.
    pub processes: Vec<Counts>,
}

impl Tally {
    fn from_counts(counts: &[Counts]) -> Self {
        Tally { processes: counts.to_vec() }
    }

    /// Adds another search's counters (of a sum's next position), process
    /// by process.
    pub fn add(&mut self, other: &Tally) {
        self.processes.resize(self.processes.len().max(other.processes.len()), Counts::default());
        for (mine, theirs) in self.processes.iter_mut().zip(&other.processes) {
            mine.nodes += theirs.nodes;
            mine.messages += theirs.messages;
            mine.entries_sent += theirs.entries_sent;
            (mine.table_entries, mine.table_capacity) = (theirs.table_entries, theirs.table_capacity);
        }
    }

    /// Positions expanded, summed over the processes.
    pub fn nodes(&self) -> u64 {
        self.processes.iter().map(|c| c.nodes).sum()
    }

    /// Messages sent, summed over the processes.
    pub fn messages(&self) -> u64 {
        self.processes.iter().map(|c| c.messages).sum()
    }

    /// Table entries sent (each to every other process), summed.
    pub fn entries_sent(&self) -> u64 {
        self.processes.iter().map(|c| c.entries_sent).sum()
    }
}

/// The nim-value of `position`, searched by every process of `transport`
/// together; each process calls it with the same position and a search of
/// the same game. `setup` is how this process's preparation went (loading
/// its checkpoint): if any process's failed, every process returns that
/// error ([`crate::Error::Cluster`] naming the process). Process 0 calls
/// `progress` a few times a second with the sums over every process.
pub fn nim_value<G: Canonical>(
    search: &PrunedSearch<'_, G>,
    transport: &dyn Transport,
    position: &G::Position,
    setup: Result<()>,
    plan: &Plan,
    progress: Option<ShowProgress<'_>>,
) -> Result<(u8, Tally)> {
    let components = search.components(position);
    components.iter().for_each(|(c, _)| search.prepare(c));
    let found = process::run(search, transport, &components, setup, plan, progress);
    search.control.tables.release_old();
    found
}
