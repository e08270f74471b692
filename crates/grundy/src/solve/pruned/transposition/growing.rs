//! The transposition table that grows with what it holds.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};

use super::super::key::{CompactKey, Key, KeyTable};
use super::machine::{Machine, TableHandle};
use super::Table;
use crate::error::Result;

/// The first table of a [`GrowingTable`]: half the last-level cache of a
/// small server. Measured against 256 KiB (both growing at a quarter full;
/// positions expanded, one thread): Cram 4 × 9 179 k → 171 k, 3 × 13
/// 297 k → 287 k, 5 × 8 1,001 k → 991 k. Against 8 MiB (time, least of 5–7
/// alternating runs): 4 × 9 −5%, 3 × 13 and 5 × 7 −1 to −3%, 5 × 8 and
/// 4 × 11 0 to −4% — growing stalls the thread that copies (on this VM
/// 5–40 ms for a 16 MiB table, mostly first touches of fresh pages), and
/// 4 × 9 and 3 × 13 now end before the first growth. Every search pays for
/// zeroing it (about 6 ms of CPU).
const INITIAL_BYTES: usize = 16 << 20;

/// A table that starts small and doubles when a quarter full, up to half
/// its memory budget.
///
/// Why grow: a probe of a big, sparsely filled table is a cache miss (and a
/// page fault the first time a page is touched), and probes are most of the
/// search's time. A table sized to what has been stored stays in cache as
/// long as the problem is small. Why a quarter: past that, four-way buckets
/// start to overflow and evict entries the search needs again; growing at
/// half full instead expanded 3–5% more positions (4 × 9 184 k, 3 × 13
/// 311 k, 5 × 8 1,039 k from a 256 KiB start).
///
/// The other threads move to the new table at their next position, so an
/// old table stays alive until the search returns: old and new together
/// stay within the budget because the last table is at most half of it.
/// Entries written to an old table during the copy may be lost — they are
/// a cache, so that only costs time.
///
/// The processes of a distributed search that run on one machine share one
/// such table ([`GrowingTable::share_on_machine`], `machine.rs`): then the
/// generation, the count of entries and the growing are the machine's.
pub struct GrowingTable<K: Key = CompactKey> {
    generations: Mutex<Vec<Arc<Table<K>>>>,
    generation: AtomicUsize,
    filled: AtomicU64,
    max_bytes: usize,
    machine: OnceLock<Machine>,
}

impl<K: Key> GrowingTable<K> {
    pub fn new(budget: usize) -> Self {
        let max_bytes = (budget / 2).max(K::Table::MIN_BYTES);
        let first = Arc::new(Table::with_memory(INITIAL_BYTES.min(max_bytes)));
        GrowingTable {
            generations: Mutex::new(vec![first]),
            generation: AtomicUsize::new(0),
            filled: AtomicU64::new(0),
            max_bytes,
            machine: OnceLock::new(),
        }
    }

    /// Moves this table into memory that other processes of this machine
    /// can map ([`GrowingTable::join_machine`]), entries and all, and says
    /// where; `None` if tables of this kind of key cannot be shared (then
    /// nothing changes). Call before searching, once.
    pub fn share_on_machine(&self) -> Result<Option<TableHandle>> {
        let mut generations = self.generations.lock().expect("table lock");
        let first = Arc::clone(generations.last().expect("one table"));
        let Some((machine, table)) = Machine::create(&first)? else { return Ok(None) };
        let handle = machine.handle();
        *generations = vec![Arc::new(table)];
        self.machine.set(machine).ok().expect("shared once");
        Ok(Some(handle))
    }

    /// Uses the table another process of this machine shared, storing this
    /// table's entries in it (a checkpoint's share, loaded before). Call
    /// before searching, once.
    pub fn join_machine(&self, handle: TableHandle) -> Result<()> {
        let machine = Machine::join(handle)?;
        let mut generations = self.generations.lock().expect("table lock");
        let own = Arc::clone(generations.last().expect("one table"));
        let mut shared = Vec::new();
        machine.catch_up(&mut shared);
        if shared.is_empty() {
            return Err(crate::error::Error::Cluster("the table shared on this machine could not be mapped".into()));
        }
        let mut entries = 0;
        own.for_each(|_| entries += 1);
        if entries > 0 {
            let wanted = (entries + machine.filled().load(Relaxed)) as usize;
            machine.grow_to(&mut shared, (wanted.saturating_mul(4) * K::Table::ENTRY_BYTES).min(self.max_bytes));
            machine.filled().fetch_add(shared.last().expect("one table").store_all(&own), Relaxed);
        }
        *generations = shared;
        self.machine.set(machine).ok().expect("shared once");
        Ok(())
    }

    /// Whether this process made the table it shares on its machine.
    pub fn made_here(&self) -> bool {
        self.machine.get().is_some_and(|m| m.creator)
    }

    /// Whether other processes of this machine use this table too.
    pub fn is_shared(&self) -> bool {
        self.machine.get().is_some()
    }

    /// The table a checkpoint of this process saves: the current one, or
    /// an empty one when another process of this machine saves the shared
    /// table (each process writes its own share; `Machine::saves`).
    pub fn to_save(&self) -> Arc<Table<K>> {
        match self.machine.get() {
            Some(machine) if !machine.saves() => Arc::new(Table::with_memory(K::Table::MIN_BYTES)),
            _ => self.current().1,
        }
    }

    /// The current table and its generation number.
    pub fn current(&self) -> (usize, Arc<Table<K>>) {
        let mut generations = self.generations.lock().expect("table lock");
        if let Some(machine) = self.machine.get() {
            machine.catch_up(&mut generations);
        }
        (generations.len() - 1, Arc::clone(generations.last().expect("one table")))
    }

    /// The current generation number (cheap: no lock).
    #[inline]
    pub fn generation(&self) -> usize {
        match self.machine.get() {
            Some(machine) => machine.generation(),
            None => self.generation.load(Relaxed),
        }
    }

    /// The count of filled slots: this process's, or its machine's.
    fn filled(&self) -> &AtomicU64 {
        self.machine.get().map_or(&self.filled, Machine::filled)
    }

    /// Counts slots filled by a worker.
    pub fn add_filled(&self, count: u64) {
        self.filled().fetch_add(count, Relaxed);
    }

    /// Entries stored (approximately) and capacity of the current table.
    pub fn fill(&self) -> (u64, u64) {
        let (_, table) = self.current();
        (self.filled().load(Relaxed).min(table.capacity() as u64), table.capacity() as u64)
    }

    /// Doubles the table if it is a quarter full and the budget allows.
    pub fn maybe_grow(&self) {
        let mut generations = self.generations.lock().expect("table lock");
        if let Some(machine) = self.machine.get() {
            machine.catch_up(&mut generations);
        }
        let old = generations.last().expect("one table");
        let bigger = old.bytes() * 2;
        if self.filled().load(Relaxed) * 4 < old.capacity() as u64 || bigger > self.max_bytes {
            return;
        }
        if let Some(machine) = self.machine.get() {
            return machine.grow_to(&mut generations, bigger);
        }
        Self::replace(&mut generations, &self.generation, &self.filled, bigger);
    }

    /// Grows the table at once to hold `entries` at most a quarter full (as
    /// far as the budget allows), before they are stored: at half full a few
    /// percent of four-way buckets overflow and lose an entry.
    ///
    /// Why: a checkpoint is loaded before the search starts, when the table
    /// is still its small first size; stored there, all but a few thousand
    /// of its entries would evict each other, and the resumed search would
    /// redo nearly all the work the checkpoint was meant to keep.
    pub fn reserve(&self, entries: usize) {
        let mut generations = self.generations.lock().expect("table lock");
        let mut bytes = generations.last().expect("one table").bytes();
        while bytes / K::Table::ENTRY_BYTES < entries.saturating_mul(4) && bytes * 2 <= self.max_bytes {
            bytes *= 2;
        }
        if let Some(machine) = self.machine.get() {
            return machine.grow_to(&mut generations, bytes);
        }
        if bytes > generations.last().expect("one table").bytes() {
            Self::replace(&mut generations, &self.generation, &self.filled, bytes);
        }
    }

    /// Makes a table of `bytes` the current generation, holding the old
    /// one's entries.
    fn replace(generations: &mut Vec<Arc<Table<K>>>, generation: &AtomicUsize, filled: &AtomicU64, bytes: usize) {
        let old = Arc::clone(generations.last().expect("one table"));
        let new = Table::with_memory(bytes);
        let mut copied = 0;
        old.for_each(|entry| {
            new.store(entry);
            copied += 1;
        });
        filled.store(copied, Relaxed);
        generations.push(Arc::new(new));
        generation.store(generations.len() - 1, Relaxed);
    }

    /// Whether growing is worth checking (cheap: no lock).
    pub fn wants_to_grow(&self, capacity: usize) -> bool {
        self.filled().load(Relaxed) * 4 >= capacity as u64
    }

    /// Frees every table but the current one; call only when no worker
    /// holds an old one. A table shared on a machine keeps them all: a
    /// process that is late may still have to map them through this one.
    pub fn release_old(&self) {
        if self.is_shared() {
            return;
        }
        let mut generations = self.generations.lock().expect("table lock");
        let last = generations.len() - 1;
        generations.drain(..last).for_each(drop);
        // Generation numbers index `generations`: restart at 0.
        self.generation.store(0, Relaxed);
    }

    /// The most memory the tables may take together.
    pub fn budget(&self) -> usize {
        self.max_bytes * 2
    }
}
