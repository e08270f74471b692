//! Sets of nim-values below 256, as 256-bit masks.
//!
//! The pruned search asks "is the nim-value of this position in the set S?"
//! and keeps, for the position being expanded, the set of values it may
//! still have. Both are small sets of small numbers: four machine words.

/// The largest nim-value the pruned search handles, plus one. A position's
/// nim-value is at most its number of options, so positions with at most 255
/// options always fit.
pub const NIMBER_LIMIT: usize = 256;

/// A set of nim-values `0..256`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NimberSet([u64; 4]);

impl NimberSet {
    pub const EMPTY: NimberSet = NimberSet([0; 4]);

    /// `{0, 1, …, n-1}` (n ≤ 256).
    pub fn below(n: usize) -> Self {
        debug_assert!(n <= NIMBER_LIMIT);
        let mut words = [0u64; 4];
        for (i, word) in words.iter_mut().enumerate() {
            let low = i * 64;
            *word = match n.saturating_sub(low) {
                0 => 0,
                k if k >= 64 => !0,
                k => (1u64 << k) - 1,
            };
        }
        NimberSet(words)
    }

    /// `{v}`.
    pub fn single(v: u8) -> Self {
        let mut set = NimberSet::EMPTY;
        set.insert(v);
        set
    }

    pub fn insert(&mut self, v: u8) {
        self.0[(v >> 6) as usize] |= 1 << (v & 63);
    }

    pub fn remove(&mut self, v: u8) {
        self.0[(v >> 6) as usize] &= !(1 << (v & 63));
    }

    pub fn contains(&self, v: u8) -> bool {
        self.0[(v >> 6) as usize] >> (v & 63) & 1 == 1
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    pub fn intersects(&self, other: &NimberSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    pub fn intersection(&self, other: &NimberSet) -> NimberSet {
        NimberSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The smallest element.
    pub fn min(&self) -> Option<u8> {
        self.0.iter().enumerate().find(|&(_, &w)| w != 0).map(|(i, w)| (i * 64) as u8 + w.trailing_zeros() as u8)
    }

    /// The largest element.
    pub fn max(&self) -> Option<u8> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|&(_, &w)| w != 0)
            .map(|(i, w)| (i * 64 + 63) as u8 - w.leading_zeros() as u8)
    }

    /// `{0, …, max}`: every value up to the largest element.
    pub fn up_to_max(&self) -> NimberSet {
        self.max().map_or(NimberSet::EMPTY, |m| NimberSet::below(m as usize + 1))
    }

    /// The set without its largest element.
    pub fn without_max(&self) -> NimberSet {
        let mut set = *self;
        if let Some(m) = self.max() {
            set.remove(m);
        }
        set
    }

    /// `{s ⊕ x : s ∈ self}`: the targets for one component of a sum whose
    /// other components nim-sum to `x`. XOR by bit `j` of `x` swaps the
    /// blocks of size 2^j pairwise: within a word for j < 6 (a delta swap),
    /// whole words for j ≥ 6.
    pub fn xor_each(&self, x: u8) -> NimberSet {
        const LOW: [u64; 6] = [
            0x5555_5555_5555_5555,
            0x3333_3333_3333_3333,
            0x0f0f_0f0f_0f0f_0f0f,
            0x00ff_00ff_00ff_00ff,
            0x0000_ffff_0000_ffff,
            0x0000_0000_ffff_ffff,
        ];
        let mut words = self.0;
        for (j, low) in LOW.iter().enumerate() {
            if x >> j & 1 == 1 {
                let shift = 1 << j;
                for w in &mut words {
                    *w = (*w & low) << shift | (*w >> shift) & low;
                }
            }
        }
        let (hi, lo) = (x >> 7 & 1, x >> 6 & 1);
        let words = std::array::from_fn(|i| words[i ^ ((hi as usize) << 1 | lo as usize)]);
        NimberSet(words)
    }

    /// The elements in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..4).flat_map(move |i| {
            let mut w = self.0[i];
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros();
                    w &= w - 1;
                    (i * 64) as u8 + bit as u8
                })
            })
        })
    }
}

impl FromIterator<u8> for NimberSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut set = NimberSet::EMPTY;
        iter.into_iter().for_each(|v| set.insert(v));
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_each_maps_every_element() {
        let set: NimberSet = [0u8, 1, 5, 63, 64, 100, 200, 255].into_iter().collect();
        for x in 0..=255u8 {
            let expected: NimberSet = set.iter().map(|s| s ^ x).collect();
            assert_eq!(set.xor_each(x), expected, "x = {x}");
        }
    }

    #[test]
    fn below_min_max_and_iteration_agree() {
        for n in [0, 1, 5, 63, 64, 65, 128, 200, 256] {
            let set = NimberSet::below(n);
            assert_eq!(set.len() as usize, n);
            assert_eq!(set.iter().collect::<Vec<_>>(), (0..n).map(|v| v as u8).collect::<Vec<_>>());
            assert_eq!(set.max(), n.checked_sub(1).map(|m| m as u8));
            assert_eq!(set.min(), (n > 0).then_some(0));
            assert_eq!(set.without_max().len() as usize, n.saturating_sub(1));
        }
    }
}
