//! The table of [`BytesKey`]s, keys of any length (a Sprouts position as a
//! string): each entry keeps the key's 64-bit hash and the whole key, and a
//! lookup compares the hash first (cheap: it rejects all but a few in
//! 2⁶⁴) and then the key itself. Two keys whose hashes collide are
//! therefore told apart: a collision never gives one position the value of
//! another.
//!
//! A bucket of four entries is behind a lock (a whole key cannot be
//! written atomically). The games with such keys spend far longer making a
//! position's options than probing the table, so the lock costs little.
//!
//! Memory: a slot is counted at its own size plus [`KEY_BYTES`] of key on
//! the heap; a table whose keys are longer on average takes more than its
//! budget by the difference.

use std::sync::Mutex;

use super::{merge, BytesKey, KeyTable};
use crate::solve::pruned::transposition::{Entry, Knowledge};

const WAYS: usize = 4;
/// The smallest table, in buckets.
const MIN_BUCKETS: usize = 1 << 10;
/// The key bytes a slot is budgeted for, beside its own size.
pub const KEY_BYTES: usize = 32;

#[derive(Clone, Debug)]
struct Slot {
    hash: u64,
    entry: Entry<BytesKey>,
}

type Bucket = Mutex<[Option<Slot>; WAYS]>;

/// The table of variable-length keys.
pub struct VerifiedTable {
    buckets: Box<[Bucket]>,
    shift: u32,
}

impl VerifiedTable {
    fn bucket(&self, hash: u64) -> std::sync::MutexGuard<'_, [Option<Slot>; WAYS]> {
        // A panic while a bucket was held left it whole (slots are replaced
        // in one assignment): its contents stay usable.
        self.buckets[(hash >> self.shift) as usize].lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    const BUCKET_BYTES: usize = std::mem::size_of::<Bucket>() + WAYS * KEY_BYTES;
}

impl KeyTable<BytesKey> for VerifiedTable {
    const ENTRY_BYTES: usize = Self::BUCKET_BYTES / WAYS;
    const MIN_BYTES: usize = MIN_BUCKETS * Self::BUCKET_BYTES;

    fn with_memory(bytes: usize) -> Self {
        let wanted = (bytes / Self::BUCKET_BYTES).max(MIN_BUCKETS);
        let count = if wanted.is_power_of_two() { wanted } else { wanted.next_power_of_two() >> 1 };
        let buckets: Vec<Bucket> = (0..count).map(|_| Mutex::new(Default::default())).collect();
        VerifiedTable { buckets: buckets.into_boxed_slice(), shift: 64 - count.trailing_zeros() }
    }

    fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    fn bytes(&self) -> usize {
        self.buckets.len() * Self::BUCKET_BYTES
    }

    fn find(&self, key: &BytesKey, hash: u64) -> Option<Knowledge> {
        let bucket = self.bucket(hash);
        bucket.iter().flatten().find(|s| s.hash == hash && s.entry.key == *key).map(|s| s.entry.knowledge)
    }

    fn store(&self, mut entry: Entry<BytesKey>, hash: u64) -> bool {
        let mut bucket = self.bucket(hash);
        let mut victim = 0;
        let mut victim_priority = u8::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            match slot {
                Some(old) if old.hash == hash && old.entry.key == entry.key => {
                    let Some(knowledge) = merge(old.entry.knowledge, entry.knowledge) else { return false };
                    entry.knowledge = knowledge;
                    (victim, victim_priority) = (i, u8::MAX);
                    break;
                }
                Some(old) if old.entry.priority < victim_priority => {
                    (victim, victim_priority) = (i, old.entry.priority)
                }
                Some(_) => {}
                None => {
                    (victim, victim_priority) = (i, 0);
                    break;
                }
            }
        }
        bucket[victim] = Some(Slot { hash, entry });
        victim_priority == 0
    }

    fn for_each(&self, f: &mut dyn FnMut(Entry<BytesKey>)) {
        for bucket in self.buckets.iter() {
            let slots = bucket.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone();
            slots.into_iter().flatten().for_each(|s| f(s.entry));
        }
    }
}
