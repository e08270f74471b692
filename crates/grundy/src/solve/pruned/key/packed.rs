//! How a [`CompactKey`]'s entry is written: two words, so that four entries
//! fill a 64-byte bucket (one cache line) of the shared table
//! (`buckets.rs`).
//!
//! The second word holds the key's high 32 bits, the knowledge and the
//! priority; the first, the key's low 64 bits XOR a hash of the second, so
//! that a torn read (two writes' words) is caught (see `buckets.rs`).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::buckets::{BucketTable, Layout};
use super::{mix, CompactKey};
use crate::solve::pruned::transposition::entry::{Entry, Knowledge, EXCLUDED_BITS};

/// The table of compact keys.
pub type PackedTable = BucketTable<Packed, 2>;

/// The layout of [`PackedTable`]'s entries.
pub struct Packed;

impl Layout<2> for Packed {
    type Key = CompactKey;

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

    /// The key's high bits and a priority that is not 0 (an empty slot).
    #[inline]
    fn may_hold(slot: &[AtomicU64; 2], key: &CompactKey) -> bool {
        let data = slot[1].load(Relaxed);
        data & 0xffff_ffff == (key.bits() >> 64) as u64 && data >> 57 != 0
    }
}
