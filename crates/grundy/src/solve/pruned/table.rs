//! A transposition table of bounded memory, shared between threads.
//!
//! It maps a component's canonical key to its nim-value, or to values it is
//! known not to have. How the entries are laid out depends on the kind of
//! key ([`super::key`]): for keys of at most 96 bits, a fixed array of
//! 64-byte buckets (one cache line) of four 16-byte entries.
//!
//! **Replacement.** A new entry always goes in; it evicts the entry of its
//! bucket with the smallest *priority* (the component's size: the bigger the
//! component, the more search its value saved). Small entries churn, big ones
//! stay.
//!
//! **Threads.** The fixed-size kinds write entries as relaxed atomic words
//! without locks, and catch torn reads by a check word (the lockless-hashing
//! scheme of Hyatt and Mann, *A lockless transposition table implementation
//! for parallel search*, ICGA J. 2002); see `key/packed.rs`.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use super::key::{CompactKey, Key, KeyTable};

/// What the table knows about a component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knowledge {
    /// Its nim-value.
    Exact(u8),
    /// Values it does not have (bit v: not v), for v below 24: the answers
    /// "not in R" of earlier questions, so the same question is not searched
    /// twice (the idea of Lemoine and Viennot's outcome table, for sets).
    Excluded(u32),
}

/// The values below this can be recorded as excluded.
pub const EXCLUDED_BITS: u32 = 24;

/// One stored entry: key, knowledge and priority (1..=127).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry<K> {
    pub key: K,
    pub knowledge: Knowledge,
    pub priority: u8,
}

/// The table: keys of one kind ([`Key`]), in that kind's layout.
pub struct Table<K: Key = CompactKey> {
    inner: K::Table,
}

impl<K: Key> Table<K> {
    /// A table of about `bytes` (a power of two of buckets, at least
    /// [`KeyTable::MIN_BYTES`]).
    pub fn with_memory(bytes: usize) -> Self {
        Table { inner: K::Table::with_memory(bytes) }
    }

    /// The number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.inner.capacity()
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.inner.bytes()
    }

    /// The hash that places `key` in a table ([`Table::get_hashed`],
    /// [`Table::prefetch_hashed`]): for a caller that looks a key up more
    /// than once, or uses the hash for itself too.
    #[inline]
    pub fn hash(key: &K) -> u64 {
        key.hash()
    }

    /// Starts fetching the bucket of the key whose [`Table::hash`] is
    /// `hash` into the cache, for a lookup soon after (a hint: no effect on
    /// the contents).
    #[inline]
    pub fn prefetch_hashed(&self, hash: u64) {
        self.inner.prefetch(hash)
    }

    /// What the table knows about `key`.
    #[inline]
    pub fn knowledge(&self, key: &K) -> Option<Knowledge> {
        self.inner.find(key, key.hash())
    }

    /// The stored nim-value of `key`.
    #[inline]
    pub fn get(&self, key: &K) -> Option<u8> {
        self.get_hashed(key, key.hash())
    }

    /// [`Table::get`] of a key whose [`Table::hash`] is known.
    #[inline]
    pub fn get_hashed(&self, key: &K, hash: u64) -> Option<u8> {
        match self.inner.find(key, hash) {
            Some(Knowledge::Exact(v)) => Some(v),
            _ => None,
        }
    }

    /// Stores `key`'s nim-value with a priority (clamped to 1..=127).
    /// Returns whether an empty slot was filled.
    pub fn insert(&self, key: &K, nim_value: u8, priority: u32) -> bool {
        let priority = priority.clamp(1, 127) as u8;
        self.store(Entry { key: key.clone(), knowledge: Knowledge::Exact(nim_value), priority })
    }

    /// Records that `key`'s nim-value is none of the values in `mask`
    /// (merged with what is known already). Returns whether an empty slot
    /// was filled.
    pub fn exclude(&self, key: &K, mask: u32, priority: u32) -> bool {
        let mask = mask & ((1 << EXCLUDED_BITS) - 1);
        if mask == 0 {
            return false;
        }
        let priority = priority.clamp(1, 127) as u8;
        self.store(Entry { key: key.clone(), knowledge: Knowledge::Excluded(mask), priority })
    }

    /// Stores an entry (merged with what is known of its key). Returns
    /// whether an empty slot was filled.
    pub fn store(&self, entry: Entry<K>) -> bool {
        let hash = entry.key.hash();
        self.inner.store(entry, hash)
    }

    /// Calls `f` with every entry (for checkpoints), in no particular order.
    pub fn for_each(&self, mut f: impl FnMut(Entry<K>)) {
        self.inner.for_each(&mut f)
    }

    /// Every entry, collected (for tests).
    #[cfg(test)]
    pub fn entries(&self) -> Vec<Entry<K>> {
        let mut entries = Vec::new();
        self.for_each(|e| entries.push(e));
        entries
    }
}

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
pub struct GrowingTable<K: Key = CompactKey> {
    generations: Mutex<Vec<Arc<Table<K>>>>,
    generation: AtomicUsize,
    filled: AtomicU64,
    max_bytes: usize,
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
        }
    }

    /// The current table and its generation number.
    pub fn current(&self) -> (usize, Arc<Table<K>>) {
        let generations = self.generations.lock().expect("table lock");
        (generations.len() - 1, Arc::clone(generations.last().expect("one table")))
    }

    /// The current generation number (cheap: no lock).
    pub fn generation(&self) -> usize {
        self.generation.load(Relaxed)
    }

    /// Counts slots filled by a worker.
    pub fn add_filled(&self, count: u64) {
        self.filled.fetch_add(count, Relaxed);
    }

    /// Entries stored (approximately) and capacity of the current table.
    pub fn fill(&self) -> (u64, u64) {
        let (_, table) = self.current();
        (self.filled.load(Relaxed).min(table.capacity() as u64), table.capacity() as u64)
    }

    /// Doubles the table if it is a quarter full and the budget allows.
    pub fn maybe_grow(&self) {
        let mut generations = self.generations.lock().expect("table lock");
        let old = generations.last().expect("one table");
        let bigger = old.bytes() * 2;
        if self.filled.load(Relaxed) * 4 < old.capacity() as u64 || bigger > self.max_bytes {
            return;
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
        self.filled.load(Relaxed) * 4 >= capacity as u64
    }

    /// Frees every table but the current one; call only when no worker
    /// holds an old one.
    pub fn release_old(&self) {
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

#[cfg(test)]
mod tests {
    use super::super::key::{BytesKey, WideKey};
    use super::*;

    /// The `i`th of many distinct keys of each kind, spread over their bits.
    trait Sample: Key {
        fn sample(i: u128) -> Self;
    }

    impl Sample for CompactKey {
        fn sample(i: u128) -> Self {
            CompactKey::new((i * 0x1_0000_0001_0000_0003 + (i << 80)) & (u128::MAX >> 32))
        }
    }

    impl Sample for WideKey {
        fn sample(i: u128) -> Self {
            WideKey { pattern: (i * 0x1_0000_0001_0000_0003) | (i << 100), extra: (i % 7) as u64 }
        }
    }

    impl Sample for BytesKey {
        fn sample(i: u128) -> Self {
            BytesKey::new(format!("position {i}").as_bytes())
        }
    }

    fn stores_and_finds<K: Sample>() {
        let table = Table::<K>::with_memory(1 << 16);
        let keys: Vec<K> = (0..500u128).map(K::sample).collect();
        for (i, k) in keys.iter().enumerate() {
            table.insert(k, i as u8, 5);
        }
        let found = keys.iter().enumerate().filter(|&(i, k)| table.get(k) == Some(i as u8)).count();
        assert!(found > 450, "only {found} of 500 kept");
        assert_eq!(table.get(&K::sample(10_000)), None);
    }

    #[test]
    fn stores_and_finds_every_kind_of_key() {
        stores_and_finds::<CompactKey>();
        stores_and_finds::<WideKey>();
        stores_and_finds::<BytesKey>();
    }

    fn full_buckets_evict_the_smallest_priority<K: Sample>() {
        let table = Table::<K>::with_memory(0); // the minimum: 1024 buckets
        let slots = table.capacity() as u128;
        // 5 × the slots in keys: every bucket overflows, and the high-priority
        // keys (about one per two buckets) survive the churn.
        let n = 5 * slots;
        for k in 0..n {
            table.insert(&K::sample(k), 1, if k % 40 == 0 { 200 } else { 2 });
        }
        let big = n.div_ceil(40) as usize;
        let kept_big = (0..n).step_by(40).filter(|&k| table.get(&K::sample(k)).is_some()).count();
        assert!(kept_big * 100 >= big * 99, "kept {kept_big} of {big} big entries");
        assert!(table.entries().len() <= table.capacity());
    }

    #[test]
    fn full_buckets_evict_the_smallest_priority_of_every_kind() {
        full_buckets_evict_the_smallest_priority::<CompactKey>();
        full_buckets_evict_the_smallest_priority::<WideKey>();
        full_buckets_evict_the_smallest_priority::<BytesKey>();
    }

    #[test]
    fn growing_keeps_entries_and_the_budget() {
        let tables = GrowingTable::<CompactKey>::new(64 << 20);
        for k in 1..1_000_000u128 {
            let (_, table) = tables.current();
            if table.insert(&CompactKey::new(k), (k % 5) as u8, 3) {
                tables.add_filled(1);
            }
            if k % 4096 == 0 && tables.wants_to_grow(table.capacity()) {
                tables.maybe_grow();
            }
        }
        let (_, table) = tables.current();
        assert_eq!(table.bytes(), 32 << 20, "grew to half the budget");
        let kept = (1..1_000_000u128).filter(|&k| table.get(&CompactKey::new(k)) == Some((k % 5) as u8)).count();
        // A few per cent are lost where a four-way bucket overflowed before a doubling.
        assert!(kept > 900_000, "kept {kept}");
        tables.release_old();
        assert_eq!(tables.current().0, 0);
    }

    fn excluded_values_merge_and_give_way_to_the_value<K: Sample>() {
        let table = Table::<K>::with_memory(1 << 16);
        let key = K::sample(77);
        table.exclude(&key, 0b101, 9);
        table.exclude(&key, 0b010, 9);
        assert_eq!(table.knowledge(&key), Some(Knowledge::Excluded(0b111)));
        assert_eq!(table.get(&key), None);
        table.insert(&key, 5, 9);
        assert_eq!(table.knowledge(&key), Some(Knowledge::Exact(5)));
        table.exclude(&key, 0b1, 9);
        assert_eq!(table.get(&key), Some(5));
        assert_eq!(table.entries().len(), 1);
    }

    #[test]
    fn excluded_values_merge_and_give_way_to_the_value_for_every_kind() {
        excluded_values_merge_and_give_way_to_the_value::<CompactKey>();
        excluded_values_merge_and_give_way_to_the_value::<WideKey>();
        excluded_values_merge_and_give_way_to_the_value::<BytesKey>();
    }

    #[test]
    fn entries_round_trip() {
        let a = Table::<WideKey>::with_memory(1 << 16);
        for k in 1..100u128 {
            a.insert(&WideKey::sample(k), (k % 7) as u8, k as u32);
        }
        let b = Table::<WideKey>::with_memory(1 << 16);
        a.for_each(|e| {
            b.store(e);
        });
        for k in 1..100u128 {
            assert_eq!(b.get(&WideKey::sample(k)), Some((k % 7) as u8));
        }
    }

    #[test]
    fn wide_keys_differing_only_in_the_high_half_or_the_extra_word_are_apart() {
        let table = Table::<WideKey>::with_memory(1 << 16);
        let a = WideKey { pattern: 1, extra: 0 };
        let b = WideKey { pattern: 1 | 1 << 127, extra: 0 };
        let c = WideKey { pattern: 1, extra: 1 };
        table.insert(&a, 3, 4);
        assert_eq!((table.get(&a), table.get(&b), table.get(&c)), (Some(3), None, None));
    }

    /// The variable-length table compares whole keys: a key looked up under
    /// another key's hash (as if the two hashes collided) is not found.
    #[test]
    fn a_hash_collision_never_gives_another_keys_value() {
        use super::super::key::VerifiedTable;
        let table = VerifiedTable::with_memory(0);
        let (a, b) = (BytesKey::new(b"0.AB.}"), BytesKey::new(b"0.BA.}"));
        let hash = a.hash();
        table.store(Entry { key: a.clone(), knowledge: Knowledge::Exact(2), priority: 3 }, hash);
        assert_eq!(table.find(&a, hash), Some(Knowledge::Exact(2)));
        assert_eq!(table.find(&b, hash), None);
        // And storing `b` under the same hash keeps both.
        table.store(Entry { key: b.clone(), knowledge: Knowledge::Exact(1), priority: 3 }, hash);
        assert_eq!(
            (table.find(&a, hash), table.find(&b, hash)),
            (Some(Knowledge::Exact(2)), Some(Knowledge::Exact(1)))
        );
    }
}
