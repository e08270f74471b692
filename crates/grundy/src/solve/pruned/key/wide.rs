//! The table of [`WideKey`]s: 32-byte entries, four to a 128-byte bucket
//! (two cache lines), for boards of up to 128 cells.
//!
//! An entry is four relaxed atomic words: the pattern's two halves, the
//! extra word, and a data word (knowledge and priority). As in the compact
//! table (`packed.rs`, after Hyatt and Mann), the first word is stored
//! XOR a hash of the three others, so a reader that sees words of two
//! writes finds a key that matches its own only if a 64-bit hash collides.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::{merge, mix, Key, KeyTable, WideKey};
use crate::solve::pruned::transposition::entry::{Entry, Knowledge, EXCLUDED_BITS};
use crate::solve::pruned::transposition::memory::{Buckets, SharedMemory};

const WAYS: usize = 4;
/// The smallest table, in buckets.
const MIN_BUCKETS: usize = 1 << 10;

#[repr(C, align(64))]
#[derive(Default)]
struct Bucket([[AtomicU64; 4]; WAYS]);

/// The table of wide keys.
pub struct WideTable {
    buckets: Buckets<Bucket>,
    shift: u32,
}

fn check(high: u64, extra: u64, data: u64) -> u64 {
    mix(high ^ mix(extra ^ mix(data)))
}

fn words(entry: &Entry<WideKey>) -> [u64; 4] {
    let (payload, exact) = match entry.knowledge {
        Knowledge::Exact(v) => (v as u64, 1),
        Knowledge::Excluded(mask) => (mask as u64 & ((1 << EXCLUDED_BITS) - 1), 0),
    };
    let data = payload | exact << 24 | (entry.priority as u64) << 25;
    let (low, high, extra) = (entry.key.pattern as u64, (entry.key.pattern >> 64) as u64, entry.key.extra);
    [low ^ check(high, extra, data), high, extra, data]
}

fn from_words([first, high, extra, data]: [u64; 4]) -> Option<Entry<WideKey>> {
    let priority = (data >> 25) as u8 & 0x7f;
    let payload = data as u32 & ((1 << EXCLUDED_BITS) - 1);
    (priority != 0).then(|| Entry {
        key: WideKey { pattern: (high as u128) << 64 | (first ^ check(high, extra, data)) as u128, extra },
        knowledge: if data >> 24 & 1 == 1 { Knowledge::Exact(payload as u8) } else { Knowledge::Excluded(payload) },
        priority,
    })
}

fn load(slot: &[AtomicU64; 4]) -> [u64; 4] {
    [slot[0].load(Relaxed), slot[1].load(Relaxed), slot[2].load(Relaxed), slot[3].load(Relaxed)]
}

impl WideTable {
    fn bucket(&self, hash: u64) -> &Bucket {
        &self.buckets[(hash >> self.shift) as usize]
    }
}

impl KeyTable<WideKey> for WideTable {
    const ENTRY_BYTES: usize = 32;
    const MIN_BYTES: usize = MIN_BUCKETS * std::mem::size_of::<Bucket>();
    const SHAREABLE: bool = true;

    /// A table of about `bytes` (a power of two of buckets), zeroed up
    /// front as the compact table is (see `packed.rs`).
    fn with_memory(bytes: usize) -> Self {
        use rayon::prelude::*;
        let wanted = (bytes / std::mem::size_of::<Bucket>()).max(MIN_BUCKETS);
        let count = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() >> 1 };
        let buckets: Vec<Bucket> =
            (0..count).into_par_iter().with_min_len(1 << 13).map(|_| Bucket::default()).collect();
        WideTable { buckets: Buckets::on_heap(buckets.into_boxed_slice()), shift: 64 - count.trailing_zeros() }
    }

    fn in_shared(memory: SharedMemory) -> Option<Self> {
        // SAFETY: a bucket is atomic words only, and all zeros is empty.
        let (buckets, shift) = unsafe { Buckets::table_in_shared(memory, MIN_BUCKETS) }?;
        Some(WideTable { buckets, shift })
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
            let bucket = self.bucket(hash) as *const Bucket as *const i8;
            // SAFETY: a prefetch reads nothing architecturally; both
            // addresses are within a live bucket (128 bytes).
            unsafe {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(bucket);
                _mm_prefetch::<_MM_HINT_T0>(bucket.add(64));
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    fn find(&self, key: &WideKey, hash: u64) -> Option<Knowledge> {
        debug_assert_eq!(hash, key.hash());
        let high = (key.pattern >> 64) as u64;
        self.bucket(hash).0.iter().find_map(|slot| {
            // Cheap rejections first: the key's high word and extra word.
            if slot[1].load(Relaxed) != high || slot[2].load(Relaxed) != key.extra {
                return None;
            }
            from_words(load(slot)).filter(|e| e.key == *key).map(|e| e.knowledge)
        })
    }

    fn store(&self, mut entry: Entry<WideKey>, hash: u64) -> bool {
        let bucket = self.bucket(hash);
        let mut victim = 0;
        let mut victim_priority = u8::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            match from_words(load(slot)) {
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
        for (word, value) in bucket.0[victim].iter().zip(words(&entry)) {
            word.store(value, Relaxed);
        }
        victim_priority == 0
    }

    fn for_each(&self, f: &mut dyn FnMut(Entry<WideKey>)) {
        for slot in self.buckets.iter().flat_map(|b| b.0.iter()) {
            if let Some(entry) = from_words(load(slot)) {
                f(entry);
            }
        }
    }
}
