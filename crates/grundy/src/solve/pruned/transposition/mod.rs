//! A transposition table of bounded memory, shared between threads.
//!
//! It maps a component's canonical key to its nim-value, or to values it is
//! known not to have. How the entries are laid out depends on the kind of
//! key ([`super::key`]): for keys of at most 96 bits, a fixed array of
//! 64-byte buckets (one cache line) of four 16-byte entries.
//!
//! **Replacement.** A new entry always goes in; it evicts the entry of its
//! bucket with the smallest *priority*: the search gives the logarithm of
//! the positions its value cost to find (`search.rs`), so cheap entries
//! churn and costly ones stay.
//!
//! **Threads.** The fixed-size kinds write entries as relaxed atomic words
//! without locks, and catch torn reads by a check word (the lockless-hashing
//! scheme of Hyatt and Mann, *A lockless transposition table implementation
//! for parallel search*, ICGA J. 2002); see `key/packed.rs`.

pub mod entry;
mod growing;
mod machine;
pub(crate) mod memory;
#[cfg(test)]
mod tests;

use super::key::{CompactKey, Key, KeyTable};

pub use entry::{Entry, Knowledge, EXCLUDED_BITS};
pub use growing::GrowingTable;
pub use machine::TableHandle;

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

    /// A table over `memory`, which other processes of this machine map
    /// too; `None` if this kind of key's layout cannot be shared.
    pub fn in_shared(memory: memory::SharedMemory) -> Option<Self> {
        K::Table::in_shared(memory).map(|inner| Table { inner })
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

    /// Stores every entry of `from`; returns how many empty slots filled.
    pub fn store_all(&self, from: &Table<K>) -> u64 {
        let mut filled = 0;
        from.for_each(|entry| filled += u64::from(self.store(entry)));
        filled
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
