//! How a [`WideKey`]'s entry is written: four words, four entries to a
//! 128-byte bucket (two cache lines) of the shared table (`buckets.rs`),
//! for boards of up to 128 cells.
//!
//! The words are the pattern's two halves, the extra word, and a data word
//! (knowledge and priority); the first is stored XOR a hash of the three
//! others, so that a torn read (two writes' words) is caught (see
//! `buckets.rs`).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::buckets::{BucketTable, Layout};
use super::{mix, WideKey};
use crate::solve::pruned::transposition::entry::{Entry, Knowledge, EXCLUDED_BITS};

/// The table of wide keys.
pub type WideTable = BucketTable<Wide, 4>;

/// The layout of [`WideTable`]'s entries.
pub struct Wide;

fn check(high: u64, extra: u64, data: u64) -> u64 {
    mix(high ^ mix(extra ^ mix(data)))
}

impl Layout<4> for Wide {
    type Key = WideKey;

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

    /// The key's high word and its extra word.
    #[inline]
    fn may_hold(slot: &[AtomicU64; 4], key: &WideKey) -> bool {
        slot[1].load(Relaxed) == (key.pattern >> 64) as u64 && slot[2].load(Relaxed) == key.extra
    }
}
