//! Keys of canonical components, and the table layout each kind of key is
//! stored in.
//!
//! The transposition table ([`super::transposition`]) maps a component's key to
//! what is known of its nim-value. How much room a key takes decides how
//! many entries fit in a cache line, and a probe of the table is most of
//! the search's time, so each game picks the narrowest kind that holds its
//! keys ([`Canonical::Key`](super::Canonical::Key)), and the search is
//! compiled for that kind (no dispatch at run time):
//!
//! - [`CompactKey`]: at most 96 bits (a board of up to 64 cells with its
//!   shape, a Chomp diagram, a graph of up to 64 vertices). An entry is two
//!   64-bit words, four to a 64-byte bucket (`key/packed.rs`);
//! - [`WideKey`]: at most 192 bits (a board of up to 128 cells with its
//!   shape). An entry is four words, four to a 128-byte bucket
//!   (`key/wide.rs`);
//! - [`BytesKey`]: any length (a Sprouts position written as a string, say).
//!   The table keeps a 64-bit hash of the key beside the key itself and
//!   compares the whole key on every lookup (`key/verified.rs`), so two keys
//!   whose hashes collide are still told apart: a collision costs a probe,
//!   never a wrong value.
//!
//! The fixed kinds share one table ([`BucketTable`], `key/buckets.rs`) and
//! differ only in how an entry is written as words (a [`Layout`]). They
//! store the whole key too (in the entry's words), so for every kind equal
//! entries mean equal keys; what the 64-bit hash decides is
//! only where an entry goes. A torn read (two threads writing one entry at
//! once) is caught by a check word that mixes every word of the entry.
//!
//! **A new kind.** Implement [`Key`] (its hash, its checkpoint encoding and
//! its [`KIND`](Key::KIND) name) and a [`KeyTable`] for it: for a key of
//! fixed size, a [`Layout`] of the [`BucketTable`]. A game whose
//! positions are strings uses [`BytesKey`] as it is: its `key` returns the
//! canonical string's bytes (`BytesKey::new(text.as_bytes())`).
//!
//! **Checkpoints** name the kind in their header; a checkpoint of another
//! kind is refused (its entries would not decode, or would name other
//! positions).

mod buckets;
mod packed;
mod verified;
mod wide;

pub use buckets::{BucketTable, Layout};
pub use packed::{Packed, PackedTable};
pub use verified::VerifiedTable;
pub use wide::{Wide, WideTable};

use super::transposition::entry::{Entry, Knowledge};

/// A canonical component's key: equal keys mean the same game.
pub trait Key: Clone + Eq + Send + Sync + std::fmt::Debug + 'static {
    /// The name of the kind, written in checkpoints.
    const KIND: &'static str;
    /// The bytes of [`Key::encode`] when they are always as many, `None`
    /// when they vary (then each is preceded by its length in checkpoints).
    const ENCODED_BYTES: Option<usize>;
    /// The table layout that stores keys of this kind.
    type Table: KeyTable<Self>;
    /// The 64-bit hash that places the key in a table (and, summed, tells
    /// options apart cheaply).
    fn hash(&self) -> u64;
    /// Appends the key's bytes, for checkpoints.
    fn encode(&self, out: &mut Vec<u8>);
    /// The key [`Key::encode`] wrote, `None` if `bytes` cannot be one.
    fn decode(bytes: &[u8]) -> Option<Self>;
}

/// A table of bounded memory from keys of one kind to [`Knowledge`], shared
/// by threads. The replacement policy is that of [`super::transposition`]: a new
/// entry goes in, evicting the entry of its bucket with the smallest
/// priority; what is known of a key already is merged (`merge`).
pub trait KeyTable<K: Key>: Send + Sync + Sized + 'static {
    /// Bytes an entry takes (for sizing the table to a checkpoint).
    const ENTRY_BYTES: usize;
    /// The smallest table, in bytes.
    const MIN_BYTES: usize;
    /// A table of about `bytes` (at least [`KeyTable::MIN_BYTES`]).
    fn with_memory(bytes: usize) -> Self;
    /// Whether processes can share the table in memory they all map
    /// ([`KeyTable::in_shared`]).
    const SHAREABLE: bool = false;
    /// A table over `memory` (zeros: empty) that other processes of this
    /// machine map too, so that the layout must be atomic words only;
    /// `None` for a layout that cannot be shared so, or a size it cannot
    /// take.
    fn in_shared(memory: super::transposition::memory::SharedMemory) -> Option<Self> {
        let _ = memory;
        None
    }
    /// How many entries it holds at most.
    fn capacity(&self) -> usize;
    /// Its size in bytes.
    fn bytes(&self) -> usize;
    /// Starts fetching the bucket of `hash` into the cache (a hint).
    fn prefetch(&self, hash: u64) {
        let _ = hash;
    }
    /// What is known of `key`, whose [`Key::hash`] is `hash`.
    fn find(&self, key: &K, hash: u64) -> Option<Knowledge>;
    /// Stores `entry` (merged with what is known of its key); returns
    /// whether an empty slot was filled.
    fn store(&self, entry: Entry<K>, hash: u64) -> bool;
    /// Calls `f` with every entry, in no particular order.
    fn for_each(&self, f: &mut dyn FnMut(Entry<K>));
}

/// What to store when `new` is learnt of a key the table knows `old` of:
/// `None` to keep the entry as it is (a value is never replaced), else the
/// merged knowledge (excluded values add up; a value replaces them).
pub(super) fn merge(old: Knowledge, new: Knowledge) -> Option<Knowledge> {
    match (old, new) {
        (Knowledge::Exact(_), _) => None,
        (Knowledge::Excluded(a), Knowledge::Excluded(b)) => Some(Knowledge::Excluded(a | b)),
        (Knowledge::Excluded(_), exact) => Some(exact),
    }
}

/// Mixes a word (a bijective 64-bit finalizer, from MurmurHash3's `fmix64`).
pub(super) fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ x >> 33
}

/// A key of at most 96 bits (`key >> 96 == 0`): two words an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CompactKey(u128);

impl CompactKey {
    /// The key of `bits`, which must fit in 96 bits.
    ///
    /// ```
    /// use grundy::solve::pruned::CompactKey;
    /// assert_eq!(CompactKey::new(5).bits(), 5);
    /// ```
    #[inline]
    pub fn new(bits: u128) -> CompactKey {
        debug_assert!(bits >> 96 == 0, "a compact key has at most 96 bits");
        CompactKey(bits)
    }

    /// The key's bits.
    #[inline]
    pub fn bits(self) -> u128 {
        self.0
    }
}

impl Key for CompactKey {
    const KIND: &'static str = "compact96";
    const ENCODED_BYTES: Option<usize> = Some(12);
    type Table = PackedTable;

    /// The low word, with the high one (a few bits in practice: Cram's
    /// board shape) spread by a multiplication, then one finalizer.
    #[inline]
    fn hash(&self) -> u64 {
        mix((self.0 as u64) ^ ((self.0 >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }

    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0.to_le_bytes()[..12]);
    }

    fn decode(bytes: &[u8]) -> Option<Self> {
        let mut word = [0u8; 16];
        word[..12].copy_from_slice(bytes.get(..12).filter(|_| bytes.len() == 12)?);
        Some(CompactKey(u128::from_le_bytes(word)))
    }
}

/// A key of at most 192 bits: a 128-bit pattern (a board of up to 128
/// cells, a set of up to 128 vertices) and a word beside it (the board's
/// shape). Four words an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WideKey {
    pub pattern: u128,
    pub extra: u64,
}

impl Key for WideKey {
    const KIND: &'static str = "wide192";
    const ENCODED_BYTES: Option<usize> = Some(24);
    type Table = WideTable;

    #[inline]
    fn hash(&self) -> u64 {
        mix(self.pattern as u64 ^ mix((self.pattern >> 64) as u64 ^ mix(self.extra)))
    }

    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.pattern.to_le_bytes());
        out.extend_from_slice(&self.extra.to_le_bytes());
    }

    fn decode(bytes: &[u8]) -> Option<Self> {
        if bytes.len() != 24 {
            return None;
        }
        Some(WideKey {
            pattern: u128::from_le_bytes(bytes[..16].try_into().ok()?),
            extra: u64::from_le_bytes(bytes[16..].try_into().ok()?),
        })
    }
}

/// A key of any length (at most 65,535 bytes), compared whole on every
/// lookup.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BytesKey(Box<[u8]>);

impl BytesKey {
    /// The key of these bytes.
    ///
    /// ```
    /// use grundy::solve::pruned::BytesKey;
    /// assert_eq!(BytesKey::new(b"0.AB.}").as_bytes(), b"0.AB.}");
    /// ```
    pub fn new(bytes: &[u8]) -> BytesKey {
        BytesKey(bytes.into())
    }

    /// The key's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl Key for BytesKey {
    const KIND: &'static str = "bytes";
    const ENCODED_BYTES: Option<usize> = None;
    type Table = VerifiedTable;

    /// Eight bytes at a time, each word mixed into the running hash, the
    /// length first (so that keys differing only in trailing zero bytes
    /// differ).
    fn hash(&self) -> u64 {
        let mut chunks = self.0.chunks_exact(8);
        let mut h = mix(self.0.len() as u64 ^ 0x243f_6a88_85a3_08d3);
        for chunk in &mut chunks {
            h = mix(h ^ u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        let mut last = [0u8; 8];
        last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
        mix(h ^ u64::from_le_bytes(last))
    }

    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0);
    }

    fn decode(bytes: &[u8]) -> Option<Self> {
        Some(BytesKey(bytes.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<K: Key>(key: K) {
        let mut bytes = Vec::new();
        key.encode(&mut bytes);
        if let Some(n) = K::ENCODED_BYTES {
            assert_eq!(bytes.len(), n);
        }
        assert_eq!(K::decode(&bytes), Some(key));
    }

    #[test]
    fn keys_round_trip_through_their_encoding() {
        round_trip(CompactKey::new(u128::MAX >> 32));
        round_trip(WideKey { pattern: u128::MAX - 7, extra: 0x1234 });
        round_trip(BytesKey::new(b"a sprouts position"));
        round_trip(BytesKey::new(b""));
        assert_eq!(CompactKey::decode(&[0; 11]), None);
        assert_eq!(WideKey::decode(&[0; 25]), None);
    }

    #[test]
    fn bytes_keys_differing_in_trailing_zeros_hash_apart() {
        assert_ne!(BytesKey::new(b"ab").hash(), BytesKey::new(b"ab\0").hash());
        assert_ne!(BytesKey::new(b"").hash(), BytesKey::new(b"\0").hash());
    }
}
