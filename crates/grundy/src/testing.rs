//! Helpers shared by the library's tests.

/// A small deterministic pseudo-random generator (xorshift64), so that
/// randomized tests repeat exactly and need no dependency.
pub(crate) struct Xorshift(u64);

impl Xorshift {
    pub(crate) fn new(seed: u64) -> Self {
        Xorshift(seed.max(1))
    }

    /// A number in `0..n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Wythoff's game written from its rules alone, as an oracle: take any
/// number from one heap, or the same number from both. `values[x][y]` is
/// the mex of the values of every option, filled row by row.
pub(crate) fn wythoff_by_the_rules(size: usize) -> Vec<Vec<u64>> {
    let mut values = vec![vec![0u64; size]; size];
    for x in 0..size {
        for y in 0..size {
            let mut seen = vec![false; 2 * size + 1];
            for i in 1..=x {
                seen[values[x - i][y] as usize] = true;
            }
            for i in 1..=y {
                seen[values[x][y - i] as usize] = true;
            }
            for i in 1..=x.min(y) {
                seen[values[x - i][y - i] as usize] = true;
            }
            values[x][y] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    values
}
