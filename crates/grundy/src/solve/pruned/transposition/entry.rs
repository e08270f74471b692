//! What the transposition table stores: a component's key with what is
//! known of its nim-value. The key kinds (`key/`) lay entries out; the
//! table (`mod.rs`) decides which to keep.

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
