//! A transposition table of bounded memory, shared between threads.
//!
//! It maps a component's canonical key (at most 96 bits) to its nim-value,
//! or to values it is known not to have.
//! The table is a fixed array of 64-byte buckets (one cache line) of four
//! 16-byte entries.
//!
//! **Replacement.** A new entry always goes in; it evicts the entry of its
//! bucket with the smallest *priority* (the component's size: the bigger the
//! component, the more search its value saved). Small entries churn, big ones
//! stay.
//!
//! **Threads.** Entries are two relaxed atomic words, written without locks.
//! A reader may see one word of one write and the other word of another; to
//! detect this, the first word stores the key's low half XOR a hash of the
//! second word (the lockless-hashing scheme of Hyatt and Mann, *A lockless
//! transposition table implementation for parallel search*, ICGA J. 2002).
//! A torn read passes the check only if a 64-bit hash collides.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 16;
const WAYS: usize = 4;
/// The smallest table, in buckets.
const MIN_BUCKETS: usize = 1 << 10;

#[repr(C, align(64))]
#[derive(Default)]
struct Bucket([[AtomicU64; 2]; WAYS]);

/// The table. Keys are `u128` with the top 32 bits zero.
pub struct Table {
    buckets: Box<[Bucket]>,
    shift: u32,
}

/// Mixes the data word into the check word (a bijective 64-bit finalizer,
/// from MurmurHash3's `fmix64`).
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ x >> 33
}

/// The bucket hash of a key: its high word (a few bits in practice: Cram's
/// board shape) spread by a multiplication, then one finalizer.
fn hash(key: u128) -> u64 {
    mix((key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

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

/// One stored entry: key, knowledge and priority, as the two words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u128,
    pub knowledge: Knowledge,
    pub priority: u8,
}

impl Entry {
    fn words(&self) -> [u64; 2] {
        let (payload, exact) = match self.knowledge {
            Knowledge::Exact(v) => (v as u64, 1),
            Knowledge::Excluded(mask) => (mask as u64 & ((1 << EXCLUDED_BITS) - 1), 0),
        };
        let data = (self.key >> 64) as u64 & 0xffff_ffff | payload << 32 | exact << 56 | (self.priority as u64) << 57;
        [self.key as u64 ^ mix(data), data]
    }

    fn from_words([check, data]: [u64; 2]) -> Option<Entry> {
        let priority = (data >> 57) as u8;
        let payload = (data >> 32) as u32 & ((1 << EXCLUDED_BITS) - 1);
        (priority != 0).then(|| Entry {
            key: ((data & 0xffff_ffff) as u128) << 64 | (check ^ mix(data)) as u128,
            knowledge: if data >> 56 & 1 == 1 { Knowledge::Exact(payload as u8) } else { Knowledge::Excluded(payload) },
            priority,
        })
    }
}

impl Table {
    /// A table of about `bytes` (a power of two of buckets, at least 64 KiB).
    pub fn with_memory(bytes: usize) -> Table {
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(MIN_BUCKETS);
        let count = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() >> 1 };
        // Written whole up front (so is any allocation of zeroed 64-byte-
        // aligned memory: the allocator zeroes it by writing), so the
        // operating system backs every page at once. So the table starts
        // small and grows (`GrowingTable`) rather than being made at the
        // budget's size. (Huge pages, `madvise(MADV_HUGEPAGE)` before the
        // first touch, were measured on the 2-core VM of BENCHMARKS.md: 3%
        // less user time on Cram 4 × 9 and 3 × 13, but a fresh 2 MiB page
        // costs there five times what 512 small ones do, and 5 × 8 and
        // 4 × 11 took 7–8% longer.) The pages are touched by rayon's pool,
        // a stretch of 1 MiB per task: the search waits for its first table,
        // and on two cores this halves the wait (whole runs of Cram 4 × 9 and
        // 3 × 13 on two threads, 25 alternating runs: −3 to −4% and −2%).
        let buckets: Vec<Bucket> =
            (0..count).into_par_iter().with_min_len(1 << 14).map(|_| Bucket::default()).collect();
        let buckets = buckets.into_boxed_slice();
        Table { buckets, shift: 64 - count.trailing_zeros() }
    }

    /// The number of entries the table can hold.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// The hash that places `key` in a table ([`Table::get_hashed`],
    /// [`Table::prefetch_hashed`]): for a caller that looks a key up more
    /// than once, or uses the hash for itself too.
    #[inline]
    pub fn hash(key: u128) -> u64 {
        hash(key)
    }

    fn bucket(&self, hash: u64) -> &Bucket {
        &self.buckets[(hash >> self.shift) as usize]
    }

    fn find(&self, key: u128, hash: u64) -> Option<Entry> {
        debug_assert!(key >> 96 == 0);
        debug_assert_eq!(hash, Table::hash(key));
        let bucket = self.bucket(hash);
        let high = (key >> 64) as u64;
        bucket.0.iter().find_map(|slot| {
            let data = slot[1].load(Relaxed);
            // Cheap rejections first (the key's high bits, an empty slot):
            // the hash check of the other word is needed only for a candidate.
            if data & 0xffff_ffff != high || data >> 57 == 0 {
                return None;
            }
            Entry::from_words([slot[0].load(Relaxed), data]).filter(|e| e.key == key)
        })
    }

    /// Starts fetching the bucket of the key whose [`Table::hash`] is
    /// `hash` into the cache, for a lookup soon after (a hint: no effect on
    /// the contents).
    #[inline]
    pub fn prefetch_hashed(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = self.bucket(hash);
            // SAFETY: a prefetch reads nothing architecturally; the address
            // is that of a live bucket.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(bucket as *const i8) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// What the table knows about `key`.
    #[inline]
    pub fn knowledge(&self, key: u128) -> Option<Knowledge> {
        self.find(key, hash(key)).map(|e| e.knowledge)
    }

    /// The stored nim-value of `key`.
    #[inline]
    pub fn get(&self, key: u128) -> Option<u8> {
        self.get_hashed(key, hash(key))
    }

    /// [`Table::get`] of a key whose [`Table::hash`] is known.
    #[inline]
    pub fn get_hashed(&self, key: u128, hash: u64) -> Option<u8> {
        match self.find(key, hash).map(|e| e.knowledge) {
            Some(Knowledge::Exact(v)) => Some(v),
            _ => None,
        }
    }

    /// Stores `key`'s nim-value with a priority (clamped to 1..=127).
    /// Returns whether an empty slot was filled.
    pub fn insert(&self, key: u128, nim_value: u8, priority: u32) -> bool {
        self.store(Entry { key, knowledge: Knowledge::Exact(nim_value), priority: priority.clamp(1, 127) as u8 })
    }

    /// Records that `key`'s nim-value is none of the values in `mask`
    /// (merged with what is known already). Returns whether an empty slot
    /// was filled.
    pub fn exclude(&self, key: u128, mask: u32, priority: u32) -> bool {
        let mask = mask & ((1 << EXCLUDED_BITS) - 1);
        if mask == 0 {
            return false;
        }
        self.store(Entry { key, knowledge: Knowledge::Excluded(mask), priority: priority.clamp(1, 127) as u8 })
    }

    fn store(&self, mut entry: Entry) -> bool {
        debug_assert!(entry.key >> 96 == 0);
        let bucket = self.bucket(hash(entry.key));
        let mut victim = 0;
        let mut victim_priority = u8::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            let old = Entry::from_words([slot[0].load(Relaxed), slot[1].load(Relaxed)]);
            match old {
                Some(old) if old.key == entry.key => {
                    match (old.knowledge, entry.knowledge) {
                        (Knowledge::Exact(_), _) => return false,
                        (Knowledge::Excluded(a), Knowledge::Excluded(b)) => {
                            entry.knowledge = Knowledge::Excluded(a | b)
                        }
                        (Knowledge::Excluded(_), Knowledge::Exact(_)) => {}
                    }
                    (victim, victim_priority) = (i, u8::MAX);
                    break;
                }
                Some(old) if old.priority < victim_priority => (victim, victim_priority) = (i, old.priority),
                Some(_) => {}
                None => {
                    (victim, victim_priority) = (i, 0);
                    break;
                }
            }
        }
        let [check, data] = entry.words();
        bucket.0[victim][0].store(check, Relaxed);
        bucket.0[victim][1].store(data, Relaxed);
        victim_priority == 0
    }

    /// Every entry (for checkpoints), in no particular order.
    pub fn entries(&self) -> impl Iterator<Item = Entry> + '_ {
        self.buckets
            .iter()
            .flat_map(|b| b.0.iter())
            .filter_map(|slot| Entry::from_words([slot[0].load(Relaxed), slot[1].load(Relaxed)]))
    }

    /// Entries as raw words, for writing a checkpoint.
    pub fn raw_entries(&self) -> impl Iterator<Item = [u64; 2]> + '_ {
        self.entries().map(|e| e.words())
    }

    /// Restores an entry written by [`Table::raw_entries`]; `false` if the
    /// words are not a valid entry.
    pub fn insert_raw(&self, words: [u64; 2]) -> bool {
        match Entry::from_words(words) {
            Some(e) if e.key >> 96 == 0 => {
                self.store(e);
                true
            }
            _ => false,
        }
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
pub struct GrowingTable {
    generations: Mutex<Vec<Arc<Table>>>,
    generation: AtomicUsize,
    filled: AtomicU64,
    max_bytes: usize,
}

impl GrowingTable {
    pub fn new(budget: usize) -> GrowingTable {
        let max_bytes = (budget / 2).max(MIN_BUCKETS * std::mem::size_of::<Bucket>());
        let first = Arc::new(Table::with_memory(INITIAL_BYTES.min(max_bytes)));
        GrowingTable {
            generations: Mutex::new(vec![first]),
            generation: AtomicUsize::new(0),
            filled: AtomicU64::new(0),
            max_bytes,
        }
    }

    /// The current table and its generation number.
    pub fn current(&self) -> (usize, Arc<Table>) {
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
        while bytes / ENTRY_BYTES < entries.saturating_mul(4) && bytes * 2 <= self.max_bytes {
            bytes *= 2;
        }
        if bytes > generations.last().expect("one table").bytes() {
            Self::replace(&mut generations, &self.generation, &self.filled, bytes);
        }
    }

    /// Makes a table of `bytes` the current generation, holding the old
    /// one's entries.
    fn replace(generations: &mut Vec<Arc<Table>>, generation: &AtomicUsize, filled: &AtomicU64, bytes: usize) {
        let old = Arc::clone(generations.last().expect("one table"));
        let new = Table::with_memory(bytes);
        let mut copied = 0;
        for entry in old.entries() {
            new.store(entry);
            copied += 1;
        }
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
    use super::*;

    #[test]
    fn stores_and_finds_wide_keys() {
        let table = Table::with_memory(1 << 16);
        let keys: Vec<u128> = (0..500u128).map(|i| i * 0x1_0000_0001_0000_0003 + (i << 80)).collect();
        for (i, &k) in keys.iter().enumerate() {
            table.insert(k, i as u8, 5);
        }
        let found = keys.iter().enumerate().filter(|&(i, &k)| table.get(k) == Some(i as u8)).count();
        assert!(found > 450, "only {found} of 500 kept");
        assert_eq!(table.get(7), None);
    }

    #[test]
    fn full_buckets_evict_the_smallest_priority() {
        let table = Table::with_memory(0); // the minimum: 1024 buckets
                                           // 20 000 keys in 4096 slots: every bucket overflows, and the 500
                                           // high-priority keys (about one per two buckets) survive the churn.
        for k in 0..20_000u128 {
            table.insert(k, 1, if k % 40 == 0 { 200 } else { 2 });
        }
        let kept_big = (0..20_000u128).step_by(40).filter(|&k| table.get(k).is_some()).count();
        assert!(kept_big >= 495, "kept {kept_big} of 500 big entries");
        assert!(table.entries().count() <= table.capacity());
    }

    #[test]
    fn growing_keeps_entries_and_the_budget() {
        let tables = GrowingTable::new(64 << 20);
        for k in 1..1_000_000u128 {
            let (_, table) = tables.current();
            if table.insert(k, (k % 5) as u8, 3) {
                tables.add_filled(1);
            }
            if k % 4096 == 0 && tables.wants_to_grow(table.capacity()) {
                tables.maybe_grow();
            }
        }
        let (_, table) = tables.current();
        assert_eq!(table.bytes(), 32 << 20, "grew to half the budget");
        let kept = (1..1_000_000u128).filter(|&k| table.get(k) == Some((k % 5) as u8)).count();
        // A few per cent are lost where a four-way bucket overflowed before a doubling.
        assert!(kept > 900_000, "kept {kept}");
        tables.release_old();
        assert_eq!(tables.current().0, 0);
    }

    #[test]
    fn excluded_values_merge_and_give_way_to_the_value() {
        let table = Table::with_memory(1 << 16);
        table.exclude(77, 0b101, 9);
        table.exclude(77, 0b010, 9);
        assert_eq!(table.knowledge(77), Some(Knowledge::Excluded(0b111)));
        assert_eq!(table.get(77), None);
        table.insert(77, 5, 9);
        assert_eq!(table.knowledge(77), Some(Knowledge::Exact(5)));
        table.exclude(77, 0b1, 9);
        assert_eq!(table.get(77), Some(5));
    }

    #[test]
    fn raw_entries_round_trip() {
        let a = Table::with_memory(1 << 16);
        for k in 1..100u128 {
            a.insert(k << 70 | k, (k % 7) as u8, k as u32);
        }
        let b = Table::with_memory(1 << 16);
        for words in a.raw_entries() {
            assert!(b.insert_raw(words));
        }
        for k in 1..100u128 {
            assert_eq!(b.get(k << 70 | k), Some((k % 7) as u8));
        }
    }
}
