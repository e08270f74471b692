//! A set of nim-values that empties in O(1).

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
}
