//! The list of a position's options, each a sum of positions.

/// The options of one position. Each option is a sum of zero or more
/// positions, stored flat so that a solver can reuse one buffer for every
/// position it expands.
///
/// ```
/// use grundy::game::Options;
/// let mut options = Options::new();
/// options.push(3);          // a move to the single position 3
/// options.push_sum([1, 1]); // a move that leaves the sum 1 + 1
/// options.push_sum([]);     // a move that ends play in this component
/// assert_eq!(options.len(), 3);
/// assert_eq!(options.get(1), &[1, 1]);
/// assert!(options.get(2).is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options<P> {
    parts: Vec<P>,
    /// Where each option's parts end in `parts` — kept only once some option
    /// is not a single position. Until then option `i` is `parts[i]`, and
    /// pushing an option costs one write, which matters in table loops.
    ends: Option<Vec<usize>>,
}

impl<P> Default for Options<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P> Options<P> {
    pub fn new() -> Self {
        Options { parts: Vec::new(), ends: None }
    }

    /// Adds an option that is a single position.
    #[inline]
    pub fn push(&mut self, position: P) {
        self.parts.push(position);
        if let Some(ends) = &mut self.ends {
            ends.push(self.parts.len());
        }
    }

    /// Adds an option that is the sum of `positions`.
    pub fn push_sum(&mut self, positions: impl IntoIterator<Item = P>) {
        let ends = self.ends.get_or_insert_with(|| (1..=self.parts.len()).collect());
        self.parts.extend(positions);
        ends.push(self.parts.len());
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.ends.as_ref().map_or(self.parts.len(), Vec::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether every option is a single position.
    pub fn all_single(&self) -> bool {
        self.ends.is_none()
    }

    /// The parts of option `i`.
    pub fn get(&self, i: usize) -> &[P] {
        match &self.ends {
            None => std::slice::from_ref(&self.parts[i]),
            Some(ends) => {
                let start = if i == 0 { 0 } else { ends[i - 1] };
                &self.parts[start..ends[i]]
            }
        }
    }

    /// The options in the order they were pushed, each as its parts.
    pub fn iter(&self) -> impl Iterator<Item = &[P]> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// Each different option once, in the order first pushed. Two moves
    /// that leave the same position are one option to a player (choosing
    /// either of two twin vertices in Node Kayles): where options are
    /// *listed* for a user, a listing uses this; a solver need not pay for
    /// it.
    ///
    /// ```
    /// use grundy::game::Options;
    /// let mut options = Options::new();
    /// for o in [3, 1, 3] {
    ///     options.push(o);
    /// }
    /// assert_eq!(options.distinct().collect::<Vec<_>>(), [&[3][..], &[1][..]]);
    /// ```
    pub fn distinct(&self) -> impl Iterator<Item = &[P]> + '_
    where
        P: Eq + std::hash::Hash,
    {
        let mut seen = rustc_hash::FxHashSet::default();
        self.iter().filter(move |option| seen.insert(*option))
    }

    /// Every part of every option, in order.
    pub fn parts(&self) -> &[P] {
        &self.parts
    }

    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singles_then_sums_keep_their_boundaries() {
        let mut options = Options::new();
        options.push(1);
        options.push(2);
        assert!(options.all_single());
        options.push_sum([3, 4]);
        options.push(5);
        options.push_sum([]);
        assert!(!options.all_single());
        let found: Vec<Vec<i32>> = options.iter().map(<[i32]>::to_vec).collect();
        assert_eq!(found, [vec![1], vec![2], vec![3, 4], vec![5], vec![]]);
        options.clear();
        assert!(options.is_empty() && options.all_single());
    }
}
