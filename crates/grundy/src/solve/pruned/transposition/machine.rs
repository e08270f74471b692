//! One growing table for the processes of one machine: what a distributed
//! search's processes share when they run side by side, as threads share a
//! process's table.
//!
//! **Why.** Each process of a distributed search otherwise keeps a table of
//! its own and learns what the others found only of big components, by
//! message (`distributed/mod.rs`): on one machine that is work done twice
//! and memory held twice, where one table in memory that every process maps
//! costs nothing more than a thread's. Across machines the messages stay.
//!
//! **How.** A small header in shared memory holds what the processes agree
//! on: the current generation of the table, the entries filled, and where
//! each generation's memory is ([`SharedMemory`]). Growing is as in
//! `growing.rs` (double when a quarter full), by whichever process notices
//! first: it takes the header's lock, makes and fills the next generation,
//! and publishes it; the others map it when they next look
//! ([`super::GrowingTable::generation`] reads the header). Generations are
//! kept until the search ends (together at most the budget, as one
//! process's old and new tables are), so a process that is late to move
//! can always map the newest.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::memory::{SharedHandle, SharedMemory};
use super::{Key, Table};
use crate::error::{Error, Result};

/// Where the processes of a machine find their shared table (its header).
pub use super::memory::SharedHandle as TableHandle;

/// Generations a shared table can have: doubling from the smallest table,
/// more than any memory holds.
const MAX_GENERATIONS: usize = 48;

/// The header, in shared memory; every field is an atomic word, so all
/// zeros (fresh memory) is a valid header.
#[repr(C)]
struct Header {
    /// The newest generation.
    generation: AtomicU64,
    /// Entries filled in the newest generation (approximately).
    filled: AtomicU64,
    /// 0, or the id of the process that is growing the table.
    growing: AtomicU64,
    /// Each generation's memory: its creator's process id, descriptor and
    /// size ([`SharedHandle`]).
    tables: [[AtomicU64; 3]; MAX_GENERATIONS],
    /// The process id of the table's maker, which saves it in its share of
    /// a checkpoint.
    maker: AtomicU64,
    /// 0, or the id of the process that saves the table in its share
    /// because the maker has ended ([`Machine::saves`]).
    saver: AtomicU64,
}

/// This process's view of a machine's shared table.
pub(super) struct Machine {
    header: SharedMemory,
    /// Set when a generation could not be mapped: this process then stays
    /// with the generations it has (its entries no longer reach the others;
    /// a cache, so only time is lost).
    lost: AtomicBool,
    /// The generations this process has mapped, less one.
    mapped: AtomicU64,
    /// Whether this process made the table (and saves it in checkpoints).
    pub(super) creator: bool,
}

impl Machine {
    fn header(&self) -> &Header {
        // SAFETY: the memory is a page or more, page-aligned, and alive as
        // long as `self`; a header is atomic words only, valid as any bits.
        unsafe { &*(self.header.as_ptr() as *const Header) }
    }

    /// A new shared table whose first generation is `first`'s entries in
    /// memory of `first`'s size; `None` if tables of this kind of key
    /// cannot be shared.
    pub(super) fn create<K: Key>(first: &Table<K>) -> Result<Option<(Machine, Table<K>)>> {
        let memory = SharedMemory::create(first.bytes())?;
        let handle = memory.handle();
        let Some(table) = Table::in_shared(memory) else { return Ok(None) };
        let header = SharedMemory::create(std::mem::size_of::<Header>().next_multiple_of(4096))?;
        let machine = Machine { header, lost: AtomicBool::new(false), mapped: AtomicU64::new(0), creator: true };
        machine.header().maker.store(u64::from(std::process::id()), Ordering::Relaxed);
        machine.publish(0, handle);
        machine.header().filled.store(table.store_all(first), Ordering::Relaxed);
        Ok(Some((machine, table)))
    }

    /// Joins the shared table another process of this machine created.
    pub(super) fn join(handle: TableHandle) -> Result<Machine> {
        let header = SharedMemory::open(handle)?;
        if header.len() < std::mem::size_of::<Header>() {
            return Err(Error::Cluster("the shared table's header is too small".into()));
        }
        Ok(Machine { header, lost: AtomicBool::new(false), mapped: AtomicU64::new(0), creator: false })
    }

    /// Whether this process saves the shared table in its share of a
    /// checkpoint: the maker does (the others' shares are empty), unless it
    /// has ended — killed, its share would never be written, while what the
    /// table holds is still here, mapped by the others — and then the first
    /// other process to ask does.
    pub(super) fn saves(&self) -> bool {
        if self.creator {
            return true;
        }
        let header = self.header();
        let maker = header.maker.load(Ordering::Relaxed) as u32;
        if maker == 0 || !process_ended(maker) {
            return false;
        }
        let me = u64::from(std::process::id());
        match header.saver.compare_exchange(0, me, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => true,
            Err(saver) => saver == me,
        }
    }

    /// Where another process finds this table.
    pub(super) fn handle(&self) -> TableHandle {
        self.header.handle()
    }

    /// The newest generation this process can use (cheap: one or two
    /// atomic loads).
    #[inline]
    pub(super) fn generation(&self) -> usize {
        if self.lost.load(Ordering::Relaxed) {
            self.mapped.load(Ordering::Relaxed) as usize
        } else {
            self.header().generation.load(Ordering::Acquire) as usize
        }
    }

    pub(super) fn filled(&self) -> &AtomicU64 {
        &self.header().filled
    }

    /// Maps the generations published since this process last looked.
    pub(super) fn catch_up<K: Key>(&self, generations: &mut Vec<Arc<Table<K>>>) {
        if self.lost.load(Ordering::Relaxed) {
            return;
        }
        let newest = self.header().generation.load(Ordering::Acquire) as usize;
        while generations.len() <= newest {
            let [pid, fd, bytes] = &self.header().tables[generations.len()];
            let handle = SharedHandle {
                pid: pid.load(Ordering::Relaxed) as u32,
                fd: fd.load(Ordering::Relaxed) as i32,
                bytes: bytes.load(Ordering::Relaxed),
            };
            match SharedMemory::open(handle).ok().and_then(Table::in_shared) {
                Some(table) => generations.push(Arc::new(table)),
                None => {
                    self.lost.store(true, Ordering::Relaxed);
                    break;
                }
            }
        }
        self.mapped.store(generations.len() as u64 - 1, Ordering::Relaxed);
    }

    /// Makes `generations`' newest table at least `bytes` (doubling), if no
    /// other process is growing it now and memory can be had; the entries
    /// of the newest are copied over.
    pub(super) fn grow_to<K: Key>(&self, generations: &mut Vec<Arc<Table<K>>>, bytes: usize) {
        let me = u64::from(std::process::id());
        let header = self.header();
        if header.growing.compare_exchange(0, me, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return;
        }
        self.catch_up(generations);
        let newest = header.generation.load(Ordering::Acquire) as usize;
        let mut size = generations.last().expect("one table").bytes();
        while size < bytes {
            size *= 2;
        }
        let ready = !self.lost.load(Ordering::Relaxed) && generations.len() == newest + 1;
        if ready && size > generations.last().expect("one table").bytes() && newest + 1 < MAX_GENERATIONS {
            if let Ok(memory) = SharedMemory::create(size) {
                let handle = memory.handle();
                if let Some(table) = Table::<K>::in_shared(memory) {
                    header.filled.store(table.store_all(generations.last().expect("one table")), Ordering::Relaxed);
                    generations.push(Arc::new(table));
                    self.publish(newest + 1, handle);
                    self.mapped.store(newest as u64 + 1, Ordering::Relaxed);
                }
            }
        }
        header.growing.store(0, Ordering::Release);
    }

    fn publish(&self, generation: usize, handle: SharedHandle) {
        let [pid, fd, bytes] = &self.header().tables[generation];
        pid.store(u64::from(handle.pid), Ordering::Relaxed);
        fd.store(handle.fd as u64, Ordering::Relaxed);
        bytes.store(handle.bytes, Ordering::Relaxed);
        self.header().generation.store(generation as u64, Ordering::Release);
    }
}

/// Whether process `pid` has ended: gone, or dead and not yet reaped by its
/// parent (a zombie). A process this one may not look at (`/proc` mounted
/// with `hidepid`) is taken to run: otherwise every periodic save would
/// write the whole table twice, the maker's copy and another.
pub(super) fn process_ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the name, which is in parentheses.
        Ok(stat) => stat
            .rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().next())
            .is_some_and(|state| matches!(state, "Z" | "X")),
        Err(e) => e.kind() == std::io::ErrorKind::NotFound,
    }
}
