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
    ends: Vec<usize>,
}

impl<P> Default for Options<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P> Options<P> {
    pub fn new() -> Self {
        Options { parts: Vec::new(), ends: Vec::new() }
    }

    /// Adds an option that is a single position.
    pub fn push(&mut self, position: P) {
        self.parts.push(position);
        self.ends.push(self.parts.len());
    }

    /// Adds an option that is the sum of `positions`.
    pub fn push_sum(&mut self, positions: impl IntoIterator<Item = P>) {
        self.parts.extend(positions);
        self.ends.push(self.parts.len());
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The parts of option `i`.
    pub fn get(&self, i: usize) -> &[P] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.parts[start..self.ends[i]]
    }

    /// The options in the order they were pushed, each as its parts.
    pub fn iter(&self) -> impl Iterator<Item = &[P]> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// Every part of every option, in order.
    pub fn parts(&self) -> &[P] {
        &self.parts
    }

    /// Where each option's parts end in [`Options::parts`].
    pub fn ends(&self) -> &[usize] {
        &self.ends
    }

    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
    }
}
