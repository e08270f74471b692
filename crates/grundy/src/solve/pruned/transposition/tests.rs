//! The transposition table against its promises: entries kept, replaced
//! by priority, read back whole from every thread.

use super::super::key::{BytesKey, WideKey};
use super::*;

/// The `i`th of many distinct keys of each kind, spread over their bits.
trait Sample: Key {
    fn sample(i: u128) -> Self;
}

impl Sample for CompactKey {
    fn sample(i: u128) -> Self {
        CompactKey::new((i * 0x1_0000_0001_0000_0003 + (i << 80)) & (u128::MAX >> 32))
    }
}

impl Sample for WideKey {
    fn sample(i: u128) -> Self {
        WideKey { pattern: (i * 0x1_0000_0001_0000_0003) | (i << 100), extra: (i % 7) as u64 }
    }
}

impl Sample for BytesKey {
    fn sample(i: u128) -> Self {
        BytesKey::new(format!("position {i}").as_bytes())
    }
}

fn stores_and_finds<K: Sample>() {
    let table = Table::<K>::with_memory(1 << 16);
    let keys: Vec<K> = (0..500u128).map(K::sample).collect();
    for (i, k) in keys.iter().enumerate() {
        table.insert(k, i as u8, 5);
    }
    let found = keys.iter().enumerate().filter(|&(i, k)| table.get(k) == Some(i as u8)).count();
    assert!(found > 450, "only {found} of 500 kept");
    assert_eq!(table.get(&K::sample(10_000)), None);
}

#[test]
fn stores_and_finds_every_kind_of_key() {
    stores_and_finds::<CompactKey>();
    stores_and_finds::<WideKey>();
    stores_and_finds::<BytesKey>();
}

fn full_buckets_evict_the_smallest_priority<K: Sample>() {
    let table = Table::<K>::with_memory(0); // the minimum: 1024 buckets
    let slots = table.capacity() as u128;
    // 5 × the slots in keys: every bucket overflows, and the high-priority
    // keys (about one per two buckets) survive the churn.
    let n = 5 * slots;
    for k in 0..n {
        table.insert(&K::sample(k), 1, if k % 40 == 0 { 200 } else { 2 });
    }
    let big = n.div_ceil(40) as usize;
    let kept_big = (0..n).step_by(40).filter(|&k| table.get(&K::sample(k)).is_some()).count();
    assert!(kept_big * 100 >= big * 99, "kept {kept_big} of {big} big entries");
    assert!(table.entries().len() <= table.capacity());
}

#[test]
fn full_buckets_evict_the_smallest_priority_of_every_kind() {
    full_buckets_evict_the_smallest_priority::<CompactKey>();
    full_buckets_evict_the_smallest_priority::<WideKey>();
    full_buckets_evict_the_smallest_priority::<BytesKey>();
}

#[test]
fn growing_keeps_entries_and_the_budget() {
    let tables = GrowingTable::<CompactKey>::new(64 << 20);
    for k in 1..1_000_000u128 {
        let (_, table) = tables.current();
        if table.insert(&CompactKey::new(k), (k % 5) as u8, 3) {
            tables.add_filled(1);
        }
        if k % 4096 == 0 && tables.wants_to_grow(table.capacity()) {
            tables.maybe_grow();
        }
    }
    let (_, table) = tables.current();
    assert_eq!(table.bytes(), 32 << 20, "grew to half the budget");
    let kept = (1..1_000_000u128).filter(|&k| table.get(&CompactKey::new(k)) == Some((k % 5) as u8)).count();
    // A few per cent are lost where a four-way bucket overflowed before a doubling.
    assert!(kept > 900_000, "kept {kept}");
    tables.release_old();
    assert_eq!(tables.current().0, 0);
}

fn excluded_values_merge_and_give_way_to_the_value<K: Sample>() {
    let table = Table::<K>::with_memory(1 << 16);
    let key = K::sample(77);
    table.exclude(&key, 0b101, 9);
    table.exclude(&key, 0b010, 9);
    assert_eq!(table.knowledge(&key), Some(Knowledge::Excluded(0b111)));
    assert_eq!(table.get(&key), None);
    table.insert(&key, 5, 9);
    assert_eq!(table.knowledge(&key), Some(Knowledge::Exact(5)));
    table.exclude(&key, 0b1, 9);
    assert_eq!(table.get(&key), Some(5));
    assert_eq!(table.entries().len(), 1);
}

#[test]
fn excluded_values_merge_and_give_way_to_the_value_for_every_kind() {
    excluded_values_merge_and_give_way_to_the_value::<CompactKey>();
    excluded_values_merge_and_give_way_to_the_value::<WideKey>();
    excluded_values_merge_and_give_way_to_the_value::<BytesKey>();
}

#[test]
fn entries_round_trip() {
    let a = Table::<WideKey>::with_memory(1 << 16);
    for k in 1..100u128 {
        a.insert(&WideKey::sample(k), (k % 7) as u8, k as u32);
    }
    let b = Table::<WideKey>::with_memory(1 << 16);
    a.for_each(|e| {
        b.store(e);
    });
    for k in 1..100u128 {
        assert_eq!(b.get(&WideKey::sample(k)), Some((k % 7) as u8));
    }
}

#[test]
fn wide_keys_differing_only_in_the_high_half_or_the_extra_word_are_apart() {
    let table = Table::<WideKey>::with_memory(1 << 16);
    let a = WideKey { pattern: 1, extra: 0 };
    let b = WideKey { pattern: 1 | 1 << 127, extra: 0 };
    let c = WideKey { pattern: 1, extra: 1 };
    table.insert(&a, 3, 4);
    assert_eq!((table.get(&a), table.get(&b), table.get(&c)), (Some(3), None, None));
}

/// The variable-length table compares whole keys: a key looked up under
/// another key's hash (as if the two hashes collided) is not found.
#[test]
fn a_hash_collision_never_gives_another_keys_value() {
    use super::super::key::VerifiedTable;
    let table = VerifiedTable::with_memory(0);
    let (a, b) = (BytesKey::new(b"0.AB.}"), BytesKey::new(b"0.BA.}"));
    let hash = a.hash();
    table.store(Entry { key: a.clone(), knowledge: Knowledge::Exact(2), priority: 3 }, hash);
    assert_eq!(table.find(&a, hash), Some(Knowledge::Exact(2)));
    assert_eq!(table.find(&b, hash), None);
    // And storing `b` under the same hash keeps both.
    table.store(Entry { key: b.clone(), knowledge: Knowledge::Exact(1), priority: 3 }, hash);
    assert_eq!((table.find(&a, hash), table.find(&b, hash)), (Some(Knowledge::Exact(2)), Some(Knowledge::Exact(1))));
}

/// Two growing tables playing two processes of one machine: one shares its
/// table (entries it held come along), the other joins (its own entries go
/// in); what either stores the other finds; growth by either moves both;
/// only the maker saves the entries.
#[cfg(target_os = "linux")]
fn shared_on_a_machine<K: Sample>() {
    let (maker, joiner) = (GrowingTable::<K>::new(64 << 20), GrowingTable::<K>::new(64 << 20));
    maker.current().1.insert(&K::sample(1), 1, 5);
    joiner.current().1.insert(&K::sample(2), 2, 5);
    let handle = maker.share_on_machine().unwrap().expect("a fixed layout is shareable");
    joiner.join_machine(handle).unwrap();
    assert!(maker.is_shared() && joiner.is_shared() && maker.made_here() && !joiner.made_here());
    let (g, table) = joiner.current();
    assert_eq!((table.get(&K::sample(1)), table.get(&K::sample(2))), (Some(1), Some(2)));
    for k in 3..600_000u128 {
        let (_, table) = joiner.current();
        if table.insert(&K::sample(k), (k % 5) as u8, 3) {
            joiner.add_filled(1);
        }
        if k % 1024 == 0 && joiner.wants_to_grow(table.capacity()) {
            joiner.maybe_grow();
        }
    }
    assert!(joiner.generation() > g, "the joiner grew the table");
    assert_eq!(maker.generation(), joiner.generation(), "the maker sees the growth");
    let (_, table) = maker.current();
    let found = (3..600_000u128).filter(|&k| table.get(&K::sample(k)) == Some((k % 5) as u8)).count();
    assert!(found > 540_000, "found {found}"); // (as one process's: a few per cent overflow)
    assert!(maker.to_save().entries().len() > 540_000);
    assert!(joiner.to_save().entries().is_empty(), "the joiner's share is empty: the maker saves the table");
    assert_eq!(maker.fill(), joiner.fill(), "one count for the machine");
}

#[cfg(target_os = "linux")]
#[test]
fn processes_of_a_machine_share_one_growing_table() {
    shared_on_a_machine::<CompactKey>();
    shared_on_a_machine::<WideKey>();
    // Tables of variable-length keys stay each process's own.
    assert_eq!(GrowingTable::<BytesKey>::new(1 << 20).share_on_machine().unwrap(), None);
}

/// A table that cannot be reached (its maker gone, say) is an error the
/// distributed search reports, never a panic or a silent table of one's own.
#[cfg(target_os = "linux")]
#[test]
fn joining_a_table_that_is_gone_is_an_error() {
    let tables = GrowingTable::<CompactKey>::new(1 << 22);
    let gone = TableHandle { pid: std::process::id(), fd: 1_000_000, bytes: 4096 };
    let error = tables.join_machine(gone).unwrap_err().to_string();
    assert!(error.contains("/proc/") && error.contains("/fd/1000000"), "{error}");
    assert!(!tables.is_shared());
}

/// A joiner saves the shared table only when its maker has ended; this is
/// how it tells: a running process has not, a zombie (dead, not yet reaped
/// by its parent, as mpirun's killed processes are for a moment) and a
/// reaped one have.
#[cfg(target_os = "linux")]
#[test]
fn a_maker_that_has_ended_is_told_from_one_that_runs() {
    use super::machine::process_ended;
    assert!(!process_ended(std::process::id()));
    let mut child = std::process::Command::new("true").spawn().expect("`true` runs");
    let pid = child.id();
    let zombie = || std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| s.contains(") Z"));
    let start = std::time::Instant::now();
    while !zombie() && start.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(zombie(), "the child has exited and is not reaped yet");
    assert!(process_ended(pid), "a zombie has ended");
    child.wait().unwrap();
    assert!(process_ended(pid), "a reaped process has ended");
}
