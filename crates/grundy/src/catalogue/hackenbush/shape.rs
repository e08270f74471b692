//! A Hackenbush tree renumbered by its shape, so that trees equal up to
//! their vertex numbers are equal positions.
//!
//! Positions keep the user's numbers (winning cuts are shown on the graph
//! as typed), so a memo keyed by positions sees every numbering of a shape
//! as a new position: the options of a star with `n` leaves at one vertex
//! are `n` stars of `n − 1` leaves, each leaving out another leaf, and
//! misère canonical forms met all `2ⁿ` subsets of the leaves (`solve
//! --misere hackenbush star:20` took 7–15 s, doubling with each leaf).
//! Keyed by shape they are `n + 1` positions.
//!
//! **The method** (Aho, Hopcroft and Ullman, *The Design and Analysis of
//! Computer Algorithms*, 1974, the tree isomorphism example): two rooted
//! trees are isomorphic exactly when their roots get the same name, where
//! the vertices of each height are named, in the order of the sorted lists
//! of their children's names, by rank. Numbering the vertices in preorder,
//! each vertex's subtrees visited in the order of their names, then gives
//! isomorphic trees the same edges. (Names, not the textbook's strings of
//! brackets, which for a path of two thousand edges are megabytes.)
//! The ground is the root, so it stays vertex 0. A graph with a cycle, a
//! loop or a parallel edge keeps its numbers (a canonical numbering there
//! is graph isomorphism); that costs memo entries, never a value.

use super::HackenbushGraph;

impl HackenbushGraph {
    /// The tree renumbered by its shape (see the module docs), or `None`
    /// for a graph that is not a tree.
    ///
    /// ```
    /// use grundy::catalogue::HackenbushGraph;
    /// // Two numberings of a stalk with a leaf at its top.
    /// let a = HackenbushGraph::new([(0, 7), (7, 3), (7, 9)]);
    /// let b = HackenbushGraph::new([(0, 2), (2, 5), (2, 4)]);
    /// assert_ne!(a, b);
    /// assert_eq!(a.renumbered_by_shape(), b.renumbered_by_shape());
    /// // A cycle keeps its numbers.
    /// assert_eq!(HackenbushGraph::new([(0, 1), (1, 2), (0, 2)]).renumbered_by_shape(), None);
    /// ```
    pub fn renumbered_by_shape(&self) -> Option<HackenbushGraph> {
        let (vertices, edges) = self.dense();
        // Every vertex is joined to the ground (the normal form), so V − 1
        // edges make a tree: no cycle, loop or parallel edge.
        if edges.len() + 1 != vertices {
            return None;
        }
        let mut neighbours = vec![Vec::new(); vertices];
        for &(a, b) in &edges {
            neighbours[a as usize].push(b as usize);
            neighbours[b as usize].push(a as usize);
        }
        // Parents first (breadth-first from the ground), then each
        // vertex's children.
        let mut order = vec![0usize];
        let mut parent = vec![usize::MAX; vertices];
        parent[0] = 0;
        let mut next = 0;
        while next < order.len() {
            let v = order[next];
            next += 1;
            for &w in &neighbours[v] {
                if parent[w] == usize::MAX {
                    parent[w] = v;
                    order.push(w);
                }
            }
        }
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); vertices];
        for &v in &order[1..] {
            children[parent[v]].push(v);
        }
        // Shapes from the leaves up, a height at a time: a vertex's shape is
        // its height and the rank of its children's sorted shapes among
        // those of its height. Ranks depend only on which shapes the tree
        // holds, not on numbers, so equal shapes get equal ranks.
        let mut height = vec![0u32; vertices];
        for &v in order.iter().rev() {
            height[v] = children[v].iter().map(|&c| height[c] + 1).max().unwrap_or(0);
        }
        let mut by_height: Vec<Vec<usize>> = vec![Vec::new(); height[0] as usize + 1];
        for v in 0..vertices {
            by_height[height[v] as usize].push(v);
        }
        let mut shape = vec![0u64; vertices];
        for (h, level) in by_height.iter().enumerate() {
            let tuples: Vec<Vec<u64>> = level
                .iter()
                .map(|&v| {
                    let mut tuple: Vec<u64> = children[v].iter().map(|&c| shape[c]).collect();
                    tuple.sort_unstable();
                    tuple
                })
                .collect();
            let mut ranks: Vec<&Vec<u64>> = tuples.iter().collect();
            ranks.sort_unstable();
            ranks.dedup();
            for (&v, tuple) in level.iter().zip(&tuples) {
                let rank = ranks.binary_search(&tuple).expect("every tuple is ranked") as u64;
                shape[v] = (h as u64) << 32 | rank;
            }
        }
        for kids in &mut children {
            kids.sort_by_key(|&k| shape[k]);
        }
        // Preorder numbers, children in order of shape: (parent, child) edges.
        let mut number = vec![0u32; vertices];
        let mut renumbered = Vec::with_capacity(edges.len());
        let mut stack = vec![0usize];
        let mut count = 0;
        while let Some(v) = stack.pop() {
            number[v] = count;
            count += 1;
            if v != 0 {
                renumbered.push((number[parent[v]], number[v]));
            }
            stack.extend(children[v].iter().rev());
        }
        Some(HackenbushGraph::new(renumbered))
    }
}
