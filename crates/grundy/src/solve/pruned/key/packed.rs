//! The table of [`CompactKey`]s: 16-byte entries, four to a 64-byte bucket
//! (one cache line).
//!
//! An entry is two relaxed atomic words, written without locks. A reader
//! may see one word of one write and the other word of another; to detect
//! this, the first word stores the key's low half XOR a hash of the second
//! word (the lockless-hashing scheme of Hyatt and Mann, *A lockless
//! transposition table implementation for parallel search*, ICGA J. 2002).
//! A torn read passes the check only if a 64-bit hash collides.

use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::{merge, mix, CompactKey, Key, KeyTable};
use crate::solve::pruned::transposition::entry::{Entry, Knowledge, EXCLUDED_BITS};
use crate::solve::pruned::transposition::memory::{Buckets, SharedMemory};

const WAYS: usize = 4;
/// The smallest table, in buckets.
const MIN_BUCKETS: usize = 1 << 10;

#[repr(C, align(64))]
#[derive(Default)]
struct Bucket([[AtomicU64; 2]; WAYS]);

/// The table of compact keys.
pub struct PackedTable {
    buckets: Buckets<Bucket>,
    shift: u32,
}

fn words(entry: &Entry<CompactKey>) -> [u64; 2] {
    let key = entry.key.bits();
    let (payload, exact) = match entry.knowledge {
        Knowledge::Exact(v) => (v as u64, 1),
        Knowledge::Excluded(mask) => (mask as u64 & ((1 << EXCLUDED_BITS) - 1), 0),
    };
    let data = (key >> 64) as u64 & 0xffff_ffff | payload << 32 | exact << 56 | (entry.priority as u64) << 57;
    [key as u64 ^ mix(data), data]
}

fn from_words([check, data]: [u64; 2]) -> Option<Entry<CompactKey>> {
    let priority = (data >> 57) as u8;
    let payload = (data >> 32) as u32 & ((1 << EXCLUDED_BITS) - 1);
    (priority != 0).then(|| Entry {
        key: CompactKey::new(((data & 0xffff_ffff) as u128) << 64 | (check ^ mix(data)) as u128),
        knowledge: if data >> 56 & 1 == 1 { Knowledge::Exact(payload as u8) } else { Knowledge::Excluded(payload) },
        priority,
    })
}

impl PackedTable {
    fn bucket(&self, hash: u64) -> &Bucket {
        &self.buckets[(hash >> self.shift) as usize]
    }
}

impl KeyTable<CompactKey> for PackedTable {
    const ENTRY_BYTES: usize = 16;
    const MIN_BYTES: usize = MIN_BUCKETS * std::mem::size_of::<Bucket>();
    const SHAREABLE: bool = true;

    /// A table of about `bytes` (a power of two of buckets, at least 64 KiB).
    fn with_memory(bytes: usize) -> Self {
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
        PackedTable { buckets: Buckets::on_heap(buckets.into_boxed_slice()), shift: 64 - count.trailing_zeros() }
    }

    fn in_shared(memory: SharedMemory) -> Option<Self> {
        // SAFETY: a bucket is atomic words only, and all zeros is empty.
        let (buckets, shift) = unsafe { Buckets::table_in_shared(memory, MIN_BUCKETS) }?;
        Some(PackedTable { buckets, shift })
    }

    fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    #[inline]
    fn prefetch(&self, hash: u64) {
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

    #[inline]
    fn find(&self, key: &CompactKey, hash: u64) -> Option<Knowledge> {
        debug_assert_eq!(hash, key.hash());
        let bucket = self.bucket(hash);
        let high = (key.bits() >> 64) as u64;
        bucket.0.iter().find_map(|slot| {
            let data = slot[1].load(Relaxed);
            // Cheap rejections first (the key's high bits, an empty slot):
            // the hash check of the other word is needed only for a candidate.
            if data & 0xffff_ffff != high || data >> 57 == 0 {
                return None;
            }
            from_words([slot[0].load(Relaxed), data]).filter(|e| e.key == *key).map(|e| e.knowledge)
        })
    }

    fn store(&self, mut entry: Entry<CompactKey>, hash: u64) -> bool {
        let bucket = self.bucket(hash);
        let mut victim = 0;
        let mut victim_priority = u8::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            match from_words([slot[0].load(Relaxed), slot[1].load(Relaxed)]) {
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
        let [check, data] = words(&entry);
        bucket.0[victim][0].store(check, Relaxed);
        bucket.0[victim][1].store(data, Relaxed);
        victim_priority == 0
    }

    fn for_each(&self, f: &mut dyn FnMut(Entry<CompactKey>)) {
        for slot in self.buckets.iter().flat_map(|b| b.0.iter()) {
            if let Some(entry) = from_words([slot[0].load(Relaxed), slot[1].load(Relaxed)]) {
                f(entry);
            }
        }
    }
}
