//! The pass's pending values as a set of bytes that a vector of 32 split
//! values is tested against at once (AVX2 where the processor has it).
//!
//! The table path of `pass.rs` costs three loads and an OR a split (a
//! look-up of each split's value in a table of bits). Here the pending
//! values below 256 are a 256-bit set kept as two 16-byte tables indexed by
//! a value's low nibble, whose bits say which high nibbles are pending: the
//! classic `pshufb` membership test (Muła and Lemire's SIMD byte look-ups).
//! A block of 32 splits costs two loads, an XOR, three shuffles, a blend
//! and a mask test, a few cycles, instead of about 60; a split that meets a
//! pending value removes it from the set (each value once a heap).
//!
//! Two-byte values (Grundy's game past heap 7,250,049) are tested on their
//! low byte, with lanes whose high byte is not zero left out: every pending
//! value here is below 256. The processor's features are detected at run
//! time; without AVX2 the same set is tested a split at a time, and the
//! answers are the same either way.

use crate::sequence::{Lanes, Value};

/// The pending values below 256, as `pshufb` tables, each 16-byte table
/// twice (once for each 128-bit lane of a 256-bit register).
#[derive(Clone)]
pub(super) struct PendingSet {
    /// `low[v & 15]` has bit `v >> 4` for pending `v < 128`.
    low: [u8; 32],
    /// `high[v & 15]` has bit `(v >> 4) − 8` for pending `v ≥ 128`.
    high: [u8; 32],
    len: usize,
}

impl PendingSet {
    /// The set of `values`, each below 256.
    pub fn new(values: &[u32]) -> Self {
        let mut set = PendingSet { low: [0; 32], high: [0; 32], len: 0 };
        for &v in values {
            debug_assert!(v < 256);
            if !set.contains(v) {
                set.flip(v);
                set.len += 1;
            }
        }
        set
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn contains(&self, value: u32) -> bool {
        let (table, index, bit) = self.place(value);
        table[index] & bit != 0
    }

    #[inline]
    fn place(&self, value: u32) -> (&[u8; 32], usize, u8) {
        let table = if value < 128 { &self.low } else { &self.high };
        (table, (value & 15) as usize, 1 << ((value >> 4) & 7))
    }

    #[inline]
    fn flip(&mut self, value: u32) {
        let table = if value < 128 { &mut self.low } else { &mut self.high };
        let (index, bit) = ((value & 15) as usize, 1u8 << ((value >> 4) & 7));
        table[index] ^= bit;
        table[index + 16] ^= bit;
    }

    /// Removes `value` if it is pending (any value: those of 256 and more
    /// are never pending).
    #[inline]
    fn meet(&mut self, value: u32) {
        if value < 256 && self.contains(value) {
            self.flip(value);
            self.len -= 1;
        }
    }

    /// The least value still pending.
    pub fn least(&self) -> Option<u32> {
        (0..256).find(|&v| self.contains(v))
    }

    /// Removes every pending value among `low[i] ⊕ high[i]` (two runs of
    /// equal length), with the vector test when given the proof that the
    /// processor has it.
    #[inline(always)]
    pub fn meet_all<T: Value>(&mut self, low: &[T], high: &[T], vector: Option<Avx2>) {
        debug_assert_eq!(low.len(), high.len());
        let done = match vector {
            Some(avx2) => self.meet_vectors(low, high, avx2),
            None => 0,
        };
        low[done..].iter().zip(&high[done..]).for_each(|(x, y)| self.meet((*x ^ *y).get()));
    }

    /// Removes the pending values among `low[i] ⊕ high[i]`, `high` reversed.
    #[inline]
    pub fn meet_all_reversed<T: Value>(&mut self, low: &[T], high: &[T]) {
        low.iter().zip(high.iter().rev()).for_each(|(x, y)| self.meet((*x ^ *y).get()));
    }

    /// Removes the pending values among the splits of blocks of 32: for each
    /// `s` of `starts`, `low[i] ⊕ high[i]` for the 32 positions before
    /// `low_end − s` and `high_end − s`. Whether the set is now empty.
    #[inline(always)]
    pub fn meet_blocks<T: Value>(
        &mut self,
        (low, high): (&[T], &[T]),
        ends: (usize, usize),
        starts: impl Iterator<Item = usize>,
        vector: Option<Avx2>,
    ) -> bool {
        #[cfg(target_arch = "x86_64")]
        if vector.is_some() {
            match (T::lanes(low), T::lanes(high)) {
                // SAFETY: an `Avx2` exists only where the processor has AVX2.
                (Lanes::U8(low), Lanes::U8(high)) => {
                    return unsafe { avx2::meet_blocks_u8(self, (low, high), ends, starts) }
                }
                (Lanes::U16(low), Lanes::U16(high)) => {
                    return unsafe { avx2::meet_blocks_u16(self, (low, high), ends, starts) }
                }
                _ => {}
            }
        }
        let _ = vector;
        each_block(low, high, ends, starts, |x, y| {
            self.meet_all(x, y, None);
            self.is_empty()
        })
    }

    /// The vector part of [`PendingSet::meet_all`]: how many leading
    /// splits it covered (whole blocks of 32).
    #[inline(always)]
    fn meet_vectors<T: Value>(&mut self, low: &[T], high: &[T], _: Avx2) -> usize {
        #[cfg(target_arch = "x86_64")]
        {
            match (T::lanes(low), T::lanes(high)) {
                // SAFETY: an `Avx2` exists only where the processor has AVX2.
                (Lanes::U8(low), Lanes::U8(high)) => return unsafe { avx2::meet_u8(self, low, high) },
                (Lanes::U16(low), Lanes::U16(high)) => return unsafe { avx2::meet_u16(self, low, high) },
                _ => {}
            }
        }
        let _ = (low, high);
        0
    }
}

/// The proof that this processor runs the vector test (AVX2): made only by
/// [`Avx2::detect`], so safe code that holds one may call the vector code.
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2(());

impl Avx2 {
    /// The proof, where the processor has AVX2 (asked once).
    pub(super) fn detect() -> Option<Avx2> {
        #[cfg(target_arch = "x86_64")]
        {
            static AVX2: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            AVX2.get_or_init(|| std::arch::is_x86_feature_detected!("avx2")).then_some(Avx2(()))
        }
        #[cfg(not(target_arch = "x86_64"))]
        None
    }

    /// Runs `body` compiled for AVX2, so that the vector test inlines into
    /// it (a function that enables a feature cannot be inlined into one that
    /// does not: called a block of 32 splits at a time, the call cost more
    /// than the test).
    #[inline]
    pub(super) fn run<R>(self, body: impl FnOnce() -> R) -> R {
        #[cfg(target_arch = "x86_64")]
        {
            // SAFETY: an `Avx2` exists only where the processor has AVX2.
            unsafe { avx2::run(body) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        body()
    }
}

/// The vector test. Every function is `unsafe` and enables AVX2: callers
/// must know the processor has it. (Written to build with Rust 1.85, where
/// a function enabling a feature must be `unsafe` and so are the
/// intrinsics.)
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::PendingSet;
    use std::arch::x86_64::*;

    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn run<R>(body: impl FnOnce() -> R) -> R {
        body()
    }

    /// Lanes of `values` (32 bytes) whose value is pending.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn pending_lanes(set: &PendingSet, values: __m256i) -> u32 {
        // SAFETY: both tables are 32 bytes; the caller has AVX2.
        unsafe {
            let low = _mm256_loadu_si256(set.low.as_ptr() as *const __m256i);
            let high = _mm256_loadu_si256(set.high.as_ptr() as *const __m256i);
            let nibbles = _mm256_set1_epi8(0x0F);
            let low_nibble = _mm256_and_si256(values, nibbles);
            let high_nibble = _mm256_and_si256(_mm256_srli_epi16(values, 4), nibbles);
            // The row of bits for the low nibble, from the table of the value's top bit.
            let row =
                _mm256_blendv_epi8(_mm256_shuffle_epi8(low, low_nibble), _mm256_shuffle_epi8(high, low_nibble), values);
            let bits = _mm256_setr_epi8(
                1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8,
                16, 32, 64, -128,
            );
            let bit = _mm256_shuffle_epi8(bits, high_nibble);
            let absent = _mm256_cmpeq_epi8(_mm256_and_si256(row, bit), _mm256_setzero_si256());
            !(_mm256_movemask_epi8(absent) as u32)
        }
    }

    /// Removes the pending values among 32 splits `low[i] ⊕ high[i]`;
    /// whether the set is now empty.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn meet_block_u8(set: &mut PendingSet, low: &[u8; 32], high: &[u8; 32]) -> bool {
        // SAFETY: both arrays are 32 bytes; the caller has AVX2.
        unsafe {
            let values = _mm256_xor_si256(
                _mm256_loadu_si256(low.as_ptr() as *const __m256i),
                _mm256_loadu_si256(high.as_ptr() as *const __m256i),
            );
            meet_hits(set, values, pending_lanes(set, values))
        }
    }

    /// The same for two-byte values: the low bytes are packed into one
    /// register, and lanes whose high byte is not zero (values of 256 and
    /// more, never pending) are left out.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn meet_block_u16(set: &mut PendingSet, low: &[u16; 32], high: &[u16; 32]) -> bool {
        // SAFETY: both arrays are 32 values (64 bytes); the caller has AVX2.
        unsafe {
            let load = |s: &[u16; 32], i: usize| _mm256_loadu_si256(s.as_ptr().add(i) as *const __m256i);
            let first = _mm256_xor_si256(load(low, 0), load(high, 0));
            let second = _mm256_xor_si256(load(low, 16), load(high, 16));
            let low_byte = _mm256_set1_epi16(0xFF);
            // Packing interleaves the two registers' 128-bit halves: the lanes'
            // order changes, which a set does not mind.
            let values = _mm256_packus_epi16(_mm256_and_si256(first, low_byte), _mm256_and_si256(second, low_byte));
            let wide = _mm256_packus_epi16(_mm256_srli_epi16(first, 8), _mm256_srli_epi16(second, 8));
            let narrow = _mm256_movemask_epi8(_mm256_cmpeq_epi8(wide, _mm256_setzero_si256())) as u32;
            meet_hits(set, values, pending_lanes(set, values) & narrow)
        }
    }

    /// Removes the values of the lanes `hits` of `values`; whether the set
    /// is now empty.
    #[inline]
    #[target_feature(enable = "avx2")]
    unsafe fn meet_hits(set: &mut PendingSet, values: __m256i, mut hits: u32) -> bool {
        if hits == 0 {
            return false;
        }
        let mut bytes = [0u8; 32];
        // SAFETY: `bytes` is 32 bytes; the caller has AVX2.
        unsafe { _mm256_storeu_si256(bytes.as_mut_ptr() as *mut __m256i, values) };
        while hits != 0 {
            set.meet(bytes[hits.trailing_zeros() as usize] as u32);
            hits &= hits - 1;
        }
        set.is_empty()
    }

    /// [`PendingSet::meet_all`] 32 splits a step; returns the splits covered.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn meet_u8(set: &mut PendingSet, low: &[u8], high: &[u8]) -> usize {
        // SAFETY: the caller has AVX2.
        meet_chunks(set, low, high, |set, x, y| unsafe { meet_block_u8(set, x, y) })
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn meet_u16(set: &mut PendingSet, low: &[u16], high: &[u16]) -> usize {
        // SAFETY: the caller has AVX2.
        meet_chunks(set, low, high, |set, x, y| unsafe { meet_block_u16(set, x, y) })
    }

    #[inline(always)]
    fn meet_chunks<V>(
        set: &mut PendingSet,
        low: &[V],
        high: &[V],
        mut block: impl FnMut(&mut PendingSet, &[V; 32], &[V; 32]) -> bool,
    ) -> usize {
        let mut done = 0;
        for (x, y) in low.chunks_exact(32).zip(high.chunks_exact(32)) {
            done += 32;
            if block(set, x.try_into().expect("32"), y.try_into().expect("32")) {
                break;
            }
        }
        done
    }

    /// [`PendingSet::meet_blocks`] a block at a time.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn meet_blocks_u8(
        set: &mut PendingSet,
        (low, high): (&[u8], &[u8]),
        ends: (usize, usize),
        starts: impl Iterator<Item = usize>,
    ) -> bool {
        // SAFETY: the caller has AVX2.
        super::each_block(low, high, ends, starts, |x, y| unsafe { meet_block_u8(set, x, y) })
    }

    #[inline]
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn meet_blocks_u16(
        set: &mut PendingSet,
        (low, high): (&[u16], &[u16]),
        ends: (usize, usize),
        starts: impl Iterator<Item = usize>,
    ) -> bool {
        // SAFETY: the caller has AVX2.
        super::each_block(low, high, ends, starts, |x, y| unsafe { meet_block_u16(set, x, y) })
    }
}

/// Calls `block` on the blocks of 32 values of `low` and `high` that end
/// `s` before `ends` for each `s` of `starts`, until it says stop; whether
/// it did.
#[inline(always)]
fn each_block<V>(
    low: &[V],
    high: &[V],
    (low_end, high_end): (usize, usize),
    starts: impl Iterator<Item = usize>,
    mut block: impl FnMut(&[V; 32], &[V; 32]) -> bool,
) -> bool {
    for s in starts {
        let x = low[low_end - s - 32..low_end - s].try_into().expect("32");
        let y = high[high_end - s - 32..high_end - s].try_into().expect("32");
        if block(x, y) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Xorshift;

    /// The set after meeting every split, by the set and directly.
    fn check<T: Value>(low: &[T], high: &[T], pending: &[u32]) {
        let expected: Vec<u32> =
            pending.iter().copied().filter(|&v| !low.iter().zip(high).any(|(x, y)| (*x ^ *y).get() == v)).collect();
        for vector in [None, Avx2::detect()] {
            let mut set = PendingSet::new(pending);
            set.meet_all(low, high, vector);
            let left: Vec<u32> = (0..256).filter(|&v| set.contains(v)).collect();
            assert_eq!(left, expected, "vector {vector:?}, pending {pending:?}");
            assert_eq!(set.least(), expected.first().copied());
            assert_eq!(set.is_empty(), expected.is_empty());
        }
    }

    /// A value below `2^bits`, small ones more likely.
    fn skewed(random: &mut Xorshift, bits: u64) -> u64 {
        let bits = random.below(bits);
        random.below(1 << bits)
    }

    #[test]
    fn the_vector_and_the_scalar_test_remove_the_same_values() {
        let mut random = Xorshift::new(5);
        for len in [0, 1, 31, 32, 33, 64, 100, 257] {
            for round in 0..40 {
                let mut pending: Vec<u32> = (0..1 + round % 9).map(|_| random.below(256) as u32).collect();
                pending.sort_unstable();
                pending.dedup();
                // Skewed values, so that some pending values are met and some not.
                let bytes: Vec<u8> = (0..2 * len).map(|_| skewed(&mut random, 9) as u8).collect();
                check(&bytes[..len], &bytes[len..], &pending);
                // Two-byte values, some of 256 and more (never pending), whose low
                // byte alone would meet a pending value.
                let wide: Vec<u16> = (0..2 * len).map(|_| skewed(&mut random, 11) as u16).collect();
                check(&wide[..len], &wide[len..], &pending);
            }
        }
    }
}
