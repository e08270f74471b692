//! Positions the engine can number without asking Python: whole numbers
//! and short tuples of whole numbers (heaps, coordinates), by far the most
//! common positions.
//!
//! Looking such a position up in a Python dict hashes it in Python and, on
//! a hit, compares it item by item with the stored one; on Wythoff 100 ×
//! 100 that lookup was a quarter of the whole run. A [`SmallKey`] reads the
//! numbers in place and looks them up in a Rust hash map instead.
//!
//! Only exact `int`s and exact `tuple`s qualify, compared by value as
//! Python compares them. A position of another type that Python finds
//! equal (`True` for `1`, `1.0`, a NumPy integer) is numbered apart, by
//! the dict: the engine may then ask its options separately, and values
//! stay right, since equal positions have equal options.

use std::hash::{Hash, Hasher};

use pyo3::ffi;

/// The longest tuple kept as a [`SmallKey`].
const MAX_ITEMS: usize = 3;

/// A whole number, or a tuple of up to [`MAX_ITEMS`] whole numbers that
/// each fit in an `i64`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SmallKey {
    /// 0 for a number, else the tuple's length (so `5` and `(5,)` differ).
    len: u8,
    items: [i64; MAX_ITEMS],
}

impl SmallKey {
    /// The key of `position`, if it is a small position.
    ///
    /// # Safety
    /// `position` is a live object and the interpreter is held.
    #[inline]
    pub unsafe fn of(position: *mut ffi::PyObject) -> Option<SmallKey> {
        // SAFETY: type checks first; then only the items of an exact tuple
        // of the checked length are read.
        unsafe {
            let mut items = [0; MAX_ITEMS];
            if ffi::PyLong_CheckExact(position) != 0 {
                items[0] = whole(position)?;
                return Some(SmallKey { len: 0, items });
            }
            if ffi::PyTuple_CheckExact(position) == 0 {
                return None;
            }
            let len = ffi::PyTuple_GET_SIZE(position) as usize;
            if !(1..=MAX_ITEMS).contains(&len) {
                return None;
            }
            for (i, slot) in items.iter_mut().enumerate().take(len) {
                let item = ffi::PyTuple_GET_ITEM(position, i as ffi::Py_ssize_t);
                if ffi::PyLong_CheckExact(item) == 0 {
                    return None;
                }
                *slot = whole(item)?;
            }
            Some(SmallKey { len: len as u8, items })
        }
    }
}

/// The map's hash: nearby positions in nearby buckets, tagged by a mixed
/// top byte. Options are mostly near their position (Kayles' heaps below
/// n, the cells in Wythoff's row), so their buckets share cache lines;
/// the map filters a bucket's candidates by the hash's top 7 bits, which
/// must differ between neighbours. A hash that scatters keys (Fx of the
/// raw numbers) made a cache miss of nearly every lookup: on Wythoff
/// 100 × 100 they took a quarter of the run.
impl Hash for SmallKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut near = u64::from(self.len);
        let mut mixed = near;
        for &item in &self.items {
            near = near.wrapping_mul(1_000_003).wrapping_add(item as u64);
            mixed = (mixed ^ item as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            mixed ^= mixed >> 29;
        }
        state.write_u64((near & (u64::MAX >> 8)) | (mixed & !(u64::MAX >> 8)));
    }
}

/// Hashes a [`SmallKey`] as it asks: its one word, unchanged.
#[derive(Default, Clone, Copy)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used; anything else still hashes soundly.
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = word;
    }
}

/// The map from small positions to their numbers.
pub type SmallKeyMap<V> = std::collections::HashMap<SmallKey, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// The value of an exact `int`, if it fits.
///
/// # Safety
/// `number` is an exact `int` and the interpreter is held.
#[inline]
unsafe fn whole(number: *mut ffi::PyObject) -> Option<i64> {
    let mut overflow = 0;
    // SAFETY: on an `int` the call cannot fail; too large a value only
    // sets `overflow`.
    let value = unsafe { ffi::PyLong_AsLongAndOverflow(number, &mut overflow) };
    (overflow == 0).then_some(value as i64)
}
