//! Sets of nim-values that empty in O(1): [`Seen`] for one heap, [`Rows`]
//! for a block of heaps (see [`block`](super::block)).

/// What the solvers need of a set of option values.
pub(super) trait Marks {
    fn insert(&mut self, value: u32);
    /// The least value not in the set that is at least `from`.
    fn next_absent(&self, from: u32) -> u32;
    #[inline]
    fn insert_all(&mut self, values: impl Iterator<Item = u32>) {
        values.for_each(|v| self.insert(v));
    }
}

/// The values seen among a heap's options. Each member is marked with the
/// current *stamp*; clearing moves to the next stamp instead of wiping the
/// marks, so a heap with ten options costs ten stores, not a pass over every
/// value the game has. (Marks are plain stores, not read-modify-write bit
/// operations: a run of inserts has no dependency chain through memory.)
#[derive(Clone)]
pub(super) struct Seen {
    marks: Vec<u32>,
    stamp: u32,
}

impl Default for Seen {
    fn default() -> Self {
        Seen { marks: Vec::new(), stamp: 1 }
    }
}

impl Seen {
    /// Empties the set.
    #[inline]
    pub fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
    }

    /// Makes room for values below `bound`, so inserts never grow the set.
    #[inline]
    pub fn reserve(&mut self, bound: u32) {
        if self.marks.len() < bound as usize {
            self.marks.resize(bound as usize, 0);
        }
    }

    #[inline]
    pub fn insert(&mut self, value: u32) {
        let value = value as usize;
        if value >= self.marks.len() {
            self.marks.resize((value + 1).next_power_of_two(), 0);
        }
        self.marks[value] = self.stamp;
    }

    /// Inserts every value; each must be below the bound given to
    /// [`Seen::reserve`]. (The stamp stays in a register: one store a value.)
    #[inline]
    pub fn insert_all(&mut self, values: impl Iterator<Item = u32>) {
        let (marks, stamp) = (&mut self.marks[..], self.stamp);
        values.for_each(|v| marks[v as usize] = stamp);
    }

    #[inline]
    pub fn contains(&self, value: u32) -> bool {
        self.marks.get(value as usize) == Some(&self.stamp)
    }

    /// The least value not in the set that is at least `from`.
    #[inline]
    pub fn next_absent(&self, from: u32) -> u32 {
        let start = (from as usize).min(self.marks.len());
        match self.marks[start..].iter().position(|&m| m != self.stamp) {
            Some(offset) => (start + offset) as u32,
            None => (self.marks.len() as u32).max(from),
        }
    }

    /// The least value not in the set.
    pub fn mex(&self) -> u32 {
        self.next_absent(0)
    }
}

impl Marks for Seen {
    #[inline]
    fn insert(&mut self, value: u32) {
        Seen::insert(self, value)
    }
    #[inline]
    fn next_absent(&self, from: u32) -> u32 {
        Seen::next_absent(self, from)
    }
    #[inline]
    fn insert_all(&mut self, values: impl Iterator<Item = u32>) {
        Seen::insert_all(self, values)
    }
}

/// One set of values below `width` for each heap of a block, a byte a value,
/// row after row: the block listing stores into every row at once (one
/// store an option, each row a fixed offset from the last), and a new block
/// takes a new stamp instead of clearing.
#[derive(Default)]
pub(super) struct Rows {
    marks: Vec<u8>,
    width: usize,
    stamp: u8,
}

impl Rows {
    /// Empties the first `rows` rows and makes each `width` values wide.
    pub fn start(&mut self, rows: usize, width: usize) {
        if self.marks.len() < rows * width {
            self.marks.resize(rows * width, 0);
        }
        self.width = width;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
    }

    pub fn stamp(&self) -> u8 {
        self.stamp
    }

    /// The first `rows` rows, one after the other.
    pub fn rows_mut(&mut self, rows: usize) -> &mut [u8] {
        &mut self.marks[..rows * self.width]
    }

    /// Row `k` as a set.
    pub fn row(&mut self, k: usize) -> Row<'_> {
        Row { marks: &mut self.marks[k * self.width..(k + 1) * self.width], stamp: self.stamp }
    }
}

/// One heap's row of [`Rows`]: a set of values below the row's width.
pub(super) struct Row<'a> {
    marks: &'a mut [u8],
    stamp: u8,
}

impl Marks for Row<'_> {
    #[inline]
    fn insert(&mut self, value: u32) {
        self.marks[value as usize] = self.stamp;
    }

    /// Eight marks a step: the first byte of a word that differs from the
    /// stamp is the first absent value (the mex of a heap of Grundy's game
    /// lies a hundred or more values in).
    #[inline]
    fn next_absent(&self, from: u32) -> u32 {
        let start = (from as usize).min(self.marks.len());
        let stamps = u64::from_le_bytes([self.stamp; 8]);
        let mut words = self.marks[start..].chunks_exact(8);
        let mut offset = start;
        for word in &mut words {
            let differ = u64::from_le_bytes(word.try_into().expect("eight marks")) ^ stamps;
            if differ != 0 {
                return (offset + differ.trailing_zeros() as usize / 8) as u32;
            }
            offset += 8;
        }
        match words.remainder().iter().position(|&m| m != self.stamp) {
            Some(at) => (offset + at) as u32,
            None => (self.marks.len() as u32).max(from),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clearing_forgets_and_absent_values_are_found() {
        let mut seen = Seen::default();
        [0, 1, 2, 5].into_iter().for_each(|v| seen.insert(v));
        assert_eq!((seen.mex(), seen.next_absent(5), seen.next_absent(3)), (3, 6, 3));
        seen.clear();
        assert!(!seen.contains(0) && seen.mex() == 0);
        seen.stamp = u32::MAX;
        seen.insert(4);
        seen.clear();
        assert!(!seen.contains(4) && seen.stamp == 1);
    }

    #[test]
    fn rows_are_separate_sets_and_a_new_block_empties_them() {
        let mut rows = Rows::default();
        for block in 0..600 {
            rows.start(3, 8);
            let mut row = rows.row(1);
            assert_eq!(row.next_absent(0), 0, "block {block}");
            row.insert_all([0, 1, 3].into_iter());
            assert_eq!((row.next_absent(0), row.next_absent(3), row.next_absent(9)), (2, 4, 9));
            assert_eq!((rows.row(0).next_absent(0), rows.row(2).next_absent(0)), (0, 0));
            rows.row(2).insert_all(0..8);
            assert_eq!(rows.row(2).next_absent(0), 8);
        }
    }
}
