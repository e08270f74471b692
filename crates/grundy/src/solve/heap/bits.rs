//! A growable bit set of nim-values.

/// A set of nim-values as bits; grows as needed.
#[derive(Clone, Default)]
pub(super) struct Bits {
    words: Vec<u64>,
    /// Words that may hold set bits: `clear` only wipes these.
    used: usize,
}

impl Bits {
    #[inline]
    pub fn insert(&mut self, value: u32) {
        let word = (value / 64) as usize;
        if word >= self.words.len() {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (value % 64);
        self.used = self.used.max(word + 1);
    }

    #[inline]
    pub fn contains(&self, value: u32) -> bool {
        self.words.get((value / 64) as usize).is_some_and(|w| w >> (value % 64) & 1 == 1)
    }

    pub fn clear(&mut self) {
        self.words[..self.used].fill(0);
        self.used = 0;
    }

    pub fn union_with(&mut self, other: &Bits) {
        if other.used > self.words.len() {
            self.words.resize(other.used, 0);
        }
        for (mine, theirs) in self.words.iter_mut().zip(&other.words[..other.used]) {
            *mine |= theirs;
        }
        self.used = self.used.max(other.used);
    }

    /// The least value not in the set.
    pub fn mex(&self) -> u32 {
        for (i, &w) in self.words[..self.used].iter().enumerate() {
            if w != u64::MAX {
                return (i * 64) as u32 + (!w).trailing_zeros();
            }
        }
        (self.used * 64) as u32
    }

    /// The least value not in the set that is at least `from`.
    pub fn next_absent(&self, from: u32) -> u32 {
        let mut v = from;
        while self.contains(v) {
            v += 1;
        }
        v
    }
}
