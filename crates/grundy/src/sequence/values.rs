//! Nim-values stored in the narrowest width that holds them.
//!
//! Grundy's game has no value above 255 before heap 7,250,049 (value 256,
//! measured here), so a byte a heap holds its first seven million values and
//! two bytes the rest: 2^30 heaps take 2 GB instead of 4. [`Values`] starts with bytes and widens to `u16`, then
//! `u32`, the first time a value does not fit; the solvers' inner loops are
//! written once over [`Value`] and compiled for each width.

use super::periodicity::{find_periodicity, Periodicity};
use crate::error::{Error, Result};

/// One stored nim-value: `u8`, `u16` or `u32`.
pub trait Value: Copy + Default + Send + Sync + PartialEq + std::ops::BitXor<Output = Self> + 'static {
    /// The largest value this width holds.
    const MAX: u32;
    /// Bytes a heap.
    const BYTES: usize;
    fn get(self) -> u32;
    /// `value` must be at most [`Value::MAX`].
    fn new(value: u32) -> Self;
    /// Values of this width, stored.
    fn wrap(values: Vec<Self>) -> Values;
    /// The stored values, if they have this width.
    fn unwrap(values: &Values) -> Option<&[Self]>;
    /// A slice of values of this width, as what it is (for vector code
    /// written per width).
    fn lanes(values: &[Self]) -> Lanes<'_>;
}

/// A slice of values seen at its own width.
pub enum Lanes<'a> {
    U8(&'a [u8]),
    U16(&'a [u16]),
    U32(&'a [u32]),
}

macro_rules! value {
    ($t:ty, $variant:ident) => {
        impl Value for $t {
            const MAX: u32 = <$t>::MAX as u32;
            const BYTES: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn new(value: u32) -> Self {
                debug_assert!(value <= <Self as Value>::MAX);
                value as $t
            }
            fn wrap(values: Vec<Self>) -> Values {
                Values::$variant(values)
            }
            fn unwrap(values: &Values) -> Option<&[Self]> {
                match values {
                    Values::$variant(v) => Some(v),
                    _ => None,
                }
            }
            #[inline(always)]
            fn lanes(values: &[Self]) -> Lanes<'_> {
                Lanes::$variant(values)
            }
        }
    };
}
value!(u8, U8);
value!(u16, U16);
value!(u32, U32);

/// The nim-values of heaps `0, 1, …, len − 1`, one, two or four bytes each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

/// Runs `$body` with `$v` bound to the values as a slice (or vector) of
/// their own width: one generic body, compiled three times. Inside the
/// crate only: a user reaches the values through [`Values`]'s methods.
macro_rules! with_values {
    ($values:expr, $v:ident => $body:expr) => {
        match $values {
            $crate::sequence::Values::U8($v) => $body,
            $crate::sequence::Values::U16($v) => $body,
            $crate::sequence::Values::U32($v) => $body,
        }
    };
}
pub(crate) use with_values;

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl Values {
    pub fn new() -> Self {
        Self::default()
    }

    /// The pattern the values' tail follows ([`find_periodicity`]), proven
    /// when `octal_length` gives the place of a finite octal code's last
    /// non-zero digit and enough values are there.
    pub fn periodicity(&self, octal_length: Option<usize>) -> Option<Periodicity> {
        with_values!(self, v => find_periodicity(v, octal_length))
    }

    /// Empty values of the given width in bytes (1, 2 or 4), for readers of
    /// stored sequences.
    pub fn with_width(bytes: usize) -> Option<Self> {
        match bytes {
            1 => Some(Values::U8(Vec::new())),
            2 => Some(Values::U16(Vec::new())),
            4 => Some(Values::U32(Vec::new())),
            _ => None,
        }
    }

    pub fn len(&self) -> usize {
        with_values!(self, v => v.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes a heap in the current width.
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// The value of heap `n`.
    #[inline]
    pub fn get(&self, n: usize) -> u32 {
        with_values!(self, v => v[n].get())
    }

    pub fn iter(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        with_values!(self, v => Box::new(v.iter().map(|x| x.get())))
    }

    pub fn to_vec(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// The first `len` values (all if there are fewer).
    pub fn truncate(&mut self, len: usize) {
        with_values!(self, v => v.truncate(len))
    }

    /// Appends a value, widening the storage first if it does not fit.
    pub fn push(&mut self, value: u32) -> Result<()> {
        let fits = match self {
            Values::U8(v) => {
                value <= u8::MAX as u32 && {
                    v.push(value as u8);
                    true
                }
            }
            Values::U16(v) => {
                value <= u16::MAX as u32 && {
                    v.push(value as u16);
                    true
                }
            }
            Values::U32(v) => {
                v.push(value);
                true
            }
        };
        if !fits {
            self.widen(value, self.len() + 1)?;
            self.push(value)?;
        }
        Ok(())
    }

    /// Reserves room for `total` values in all, or says how much memory
    /// that would need. The room is weighed against the memory available
    /// first: the system grants far more address space than it has (a
    /// terabyte for `plot subtraction:1,3` near heap 10^12), and the values
    /// then filled it until the process was killed.
    pub fn reserve_total(&mut self, total: usize) -> Result<()> {
        let width = self.width();
        let more = total.saturating_sub(self.len());
        weigh(more, total, width)?;
        let reserved = with_values!(self, v => v.try_reserve_exact(more));
        reserved.map_err(|_| out_of_memory(total, width))
    }

    /// Moves to the next width that holds `value`, keeping room for
    /// `capacity` values (the new vector is allocated before the old one is
    /// freed, so widening needs both for a moment).
    pub(crate) fn widen(&mut self, value: u32, capacity: usize) -> Result<()> {
        let capacity = capacity.max(self.len());
        let widened = if value <= u16::MAX as u32 {
            Values::U16(copy_into(self, capacity)?)
        } else {
            Values::U32(copy_into(self, capacity)?)
        };
        *self = widened;
        Ok(())
    }
}

fn copy_into<W: Value>(values: &Values, capacity: usize) -> Result<Vec<W>> {
    // (Weighed as `reserve_total` is: the old values stay while they move.)
    weigh(capacity, capacity, W::BYTES)?;
    let mut wide = Vec::new();
    wide.try_reserve_exact(capacity).map_err(|_| out_of_memory(capacity, W::BYTES))?;
    with_values!(values, v => wide.extend(v.iter().map(|x| W::new(x.get()))));
    Ok(wide)
}

/// Whether `more` values of `width` bytes fit, `total` in all (named in
/// the error): against the memory available, then the run's resident
/// limit ([`crate::watch::check_growth`]).
fn weigh(more: usize, total: usize, width: usize) -> Result<()> {
    let bytes = more as u128 * width as u128;
    if crate::available_memory().is_some_and(|available| bytes > u128::from(available)) {
        return Err(out_of_memory(total, width));
    }
    crate::watch::check_growth(u64::try_from(bytes).unwrap_or(u64::MAX))
}

fn out_of_memory(heaps: usize, width: usize) -> Error {
    Error::TooLarge {
        what: format!(
            "the nim-values of {heaps} heaps at {width} byte{} a heap (out of memory)",
            if width == 1 { "" } else { "s" }
        ),
        needed: heaps as u128 * width as u128,
        // (What was free then: the allocation failed, so likely less.)
        limit: crate::available_memory().map_or(0, u128::from),
        unit: "bytes",
    }
}

impl From<Vec<u32>> for Values {
    /// Stores `values` in the narrowest width that holds the largest.
    fn from(values: Vec<u32>) -> Self {
        let max = values.iter().copied().max().unwrap_or(0);
        if max <= u8::MAX as u32 {
            Values::U8(values.into_iter().map(|v| v as u8).collect())
        } else if max <= u16::MAX as u32 {
            Values::U16(values.into_iter().map(|v| v as u16).collect())
        } else {
            Values::U32(values)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_keeps_every_value() {
        let mut values = Values::new();
        let sample = [0, 3, 255, 256, 7, 65_535, 65_536, 1, u32::MAX];
        let widths = [1, 1, 1, 2, 2, 2, 4, 4, 4];
        for (i, (&v, &w)) in sample.iter().zip(&widths).enumerate() {
            values.push(v).unwrap();
            assert_eq!(values.width(), w, "after pushing {v}");
            assert_eq!(values.to_vec(), sample[..=i]);
        }
        assert_eq!(Values::from(vec![1, 300]).width(), 2);
        assert_eq!(Values::from(vec![1, 3]).width(), 1);
    }
}
