//! The lock-free table that the fixed kinds of key share: entries of `W`
//! 64-bit words, four to a bucket whose size is a multiple of a cache line,
//! one bucket per hash.
//!
//! An entry is `W` relaxed atomic words, written without locks. A reader
//! may see words of two writes at once; each kind's [`Layout`] stores its
//! first word XOR a hash of the others (the lockless-hashing scheme of Hyatt
//! and Mann, *A lockless transposition table implementation for parallel
//! search*, ICGA J. 2002), so that a torn read passes as a key only if a
//! 64-bit hash collides. What differs between kinds is only how an entry is
//! written as words ([`Layout`]); the buckets, the replacement policy and
//! the sharing between processes are this file's.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use super::{merge, Key, KeyTable};
use crate::solve::pruned::transposition::entry::{Entry, Knowledge};
use crate::solve::pruned::transposition::memory::{Buckets, SharedMemory};

/// Entries a bucket holds.
const WAYS: usize = 4;
/// The smallest table, in buckets.
const MIN_BUCKETS: usize = 1 << 10;

/// How a kind of key's entries are written as `W` words.
pub trait Layout<const W: usize>: Send + Sync + 'static {
    type Key: Key;
    /// The words of `entry`; the first is checked against the others (see
    /// the module), and an entry's priority is never 0, so that all zeros
    /// is an empty slot.
    fn words(entry: &Entry<Self::Key>) -> [u64; W];
    /// The entry of `words`, `None` for an empty slot.
    fn from_words(words: [u64; W]) -> Option<Entry<Self::Key>>;
    /// Whether `slot` may hold `key`, from the words that are cheapest to
    /// compare: most slots of a bucket are rejected here, and only a
    /// candidate is decoded and checked whole.
    fn may_hold(slot: &[AtomicU64; W], key: &Self::Key) -> bool;
}

#[repr(C, align(64))]
struct Bucket<const W: usize>([[AtomicU64; W]; WAYS]);

impl<const W: usize> Default for Bucket<W> {
    fn default() -> Self {
        Bucket(std::array::from_fn(|_| std::array::from_fn(|_| AtomicU64::new(0))))
    }
}

fn load<const W: usize>(slot: &[AtomicU64; W]) -> [u64; W] {
    std::array::from_fn(|i| slot[i].load(Relaxed))
}

/// A table of keys whose entries are written by `L`, in `W` words each.
pub struct BucketTable<L: Layout<W>, const W: usize> {
    buckets: Buckets<Bucket<W>>,
    shift: u32,
    layout: PhantomData<L>,
}

impl<L: Layout<W>, const W: usize> BucketTable<L, W> {
    #[inline]
    fn bucket(&self, hash: u64) -> &Bucket<W> {
        &self.buckets[(hash >> self.shift) as usize]
    }
}

impl<L: Layout<W>, const W: usize> KeyTable<L::Key> for BucketTable<L, W> {
    const ENTRY_BYTES: usize = 8 * W;
    const MIN_BYTES: usize = MIN_BUCKETS * std::mem::size_of::<Bucket<W>>();
    const SHAREABLE: bool = true;

    /// A table of about `bytes` (a power of two of buckets, at least
    /// [`KeyTable::MIN_BYTES`]).
    fn with_memory(bytes: usize) -> Self {
        let size = std::mem::size_of::<Bucket<W>>();
        let wanted = (bytes / size).max(MIN_BUCKETS);
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
        let buckets: Vec<Bucket<W>> =
            (0..count).into_par_iter().with_min_len((1 << 20) / size).map(|_| Bucket::default()).collect();
        BucketTable {
            buckets: Buckets::on_heap(buckets.into_boxed_slice()),
            shift: 64 - count.trailing_zeros(),
            layout: PhantomData,
        }
    }

    fn in_shared(memory: SharedMemory) -> Option<Self> {
        // SAFETY: a bucket is atomic words only, and all zeros is empty.
        let (buckets, shift) = unsafe { Buckets::table_in_shared(memory, MIN_BUCKETS) }?;
        Some(BucketTable { buckets, shift, layout: PhantomData })
    }

    fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket<W>>()
    }

    #[inline]
    fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket = self.bucket(hash) as *const Bucket<W> as *const i8;
            for line in (0..std::mem::size_of::<Bucket<W>>()).step_by(64) {
                // SAFETY: a prefetch reads nothing architecturally; every
                // address is within a live bucket.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.add(line)) }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    #[inline]
    fn find(&self, key: &L::Key, hash: u64) -> Option<Knowledge> {
        debug_assert_eq!(hash, key.hash());
        self.bucket(hash).0.iter().find_map(|slot| {
            if !L::may_hold(slot, key) {
                return None;
            }
            L::from_words(load(slot)).filter(|e| e.key == *key).map(|e| e.knowledge)
        })
    }

    fn store(&self, mut entry: Entry<L::Key>, hash: u64) -> bool {
        let bucket = self.bucket(hash);
        let mut victim = 0;
        let mut victim_priority = u8::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            match L::from_words(load(slot)) {
                Some(old) if old.key == entry.key => {
                    let Some(knowledge) = merge(old.knowledge, entry.knowledge) else { return false };
                    entry.knowledge = knowledge;
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
        for (word, value) in bucket.0[victim].iter().zip(L::words(&entry)) {
            word.store(value, Relaxed);
        }
        victim_priority == 0
    }

    fn for_each(&self, f: &mut dyn FnMut(Entry<L::Key>)) {
        for slot in self.buckets.iter().flat_map(|b| b.0.iter()) {
            if let Some(entry) = L::from_words(load(slot)) {
                f(entry);
            }
        }
    }
}
