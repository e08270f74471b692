//! Green Hackenbush: cut an edge of a graph standing on the ground; whatever
//! is no longer joined to the ground falls away (Berlekamp, Conway and Guy,
//! *Winning Ways*, ch. 7).
//!
//! A position is a multigraph on numbered vertices, vertex 0 the ground;
//! loops (`2-2`) and parallel edges are allowed. Positions are kept in a
//! normal form that keeps the user's vertex numbers, so that a winning cut
//! is shown on the graph as it was typed: the part not joined to the ground
//! is dropped, edges are written low end first and sorted. (The same graph
//! typed with other numbers gets other memo entries; the closed form below
//! needs no memo, and misère canonical forms key trees by their shape,
//! `shape.rs`.)
//!
//! The value comes from the fusion and colon principles
//! ([`green_hackenbush_value`], linear time), which the game offers as its
//! [`ClosedForm`]; plain search is its check in the tests. **Every winning
//! move** is found the plain way with the fast valuation: each of the `E`
//! cuts is valued by the principles (O(E) each) and kept when its value,
//! nim-summed with the rest of the sum, is 0 — O(E²) for a position, which
//! is why positions are capped at [`MAX_HACKENBUSH_EDGES`] edges.
//!
//! The branches at the ground are independent ([`Decompose`]): removing the
//! ground splits the rest into connected pieces, and each piece with its
//! edges to the ground is a component (a loop at the ground is one too).

mod notation;
mod shape;
mod value;

pub use notation::HackenbushFamily;
pub use value::green_hackenbush_value;

use crate::game::{ClosedForm, Decompose, Game, Options};
use crate::nim::NimValue;

/// The most edges a position may have (winning moves cost O(E²)).
pub const MAX_HACKENBUSH_EDGES: usize = 2048;

/// A Green Hackenbush position in normal form (see the module docs):
/// vertex 0 is the ground, every vertex is joined to it, edges `(a, b)`
/// have `a ≤ b` and are sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HackenbushGraph {
    edges: Vec<(u32, u32)>,
}

impl HackenbushGraph {
    /// The graph made of `edges` (any vertex numbers, 0 the ground), in
    /// normal form: what is not joined to the ground is dropped.
    pub fn new(edges: impl IntoIterator<Item = (u32, u32)>) -> Self {
        let mut edges: Vec<(u32, u32)> = edges.into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
        edges.sort_unstable();
        normalize(&edges)
    }

    /// The edges, low end first, sorted.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The number of vertices, the ground included (1 for the bare ground).
    pub fn vertex_count(&self) -> usize {
        self.dense().0
    }

    /// The edges with the vertices numbered `0..V` (the ground staying 0) in
    /// the order of their own numbers, and `V`: the valuation's arrays are
    /// indexed by vertex, and a user may number vertices as sparsely as
    /// they like (`0-1000000`).
    fn dense(&self) -> (usize, Vec<(u32, u32)>) {
        let mut vertices: Vec<u32> = self.edges.iter().flat_map(|&(a, b)| [a, b]).collect();
        vertices.push(0);
        vertices.sort_unstable();
        vertices.dedup();
        let index = |v: u32| vertices.binary_search(&v).expect("every end is listed") as u32;
        let edges = self.edges.iter().map(|&(a, b)| (index(a), index(b))).collect();
        (vertices.len(), edges)
    }

    /// The graph left by cutting the edge at `index`, in normal form.
    pub fn cut(&self, index: usize) -> HackenbushGraph {
        let mut rest = self.edges.clone();
        rest.remove(index);
        normalize(&rest)
    }
}

/// The normal form of `edges` (sorted, low end first): the edges joined to
/// the ground, with their own numbers.
fn normalize(edges: &[(u32, u32)]) -> HackenbushGraph {
    use rustc_hash::{FxHashMap, FxHashSet};
    let mut adjacency: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
    for &(a, b) in edges {
        adjacency.entry(a).or_default().push(b);
        if a != b {
            adjacency.entry(b).or_default().push(a);
        }
    }
    let mut grounded: FxHashSet<u32> = FxHashSet::from_iter([0]);
    let mut stack = vec![0u32];
    while let Some(v) = stack.pop() {
        for &w in adjacency.get(&v).into_iter().flatten() {
            if grounded.insert(w) {
                stack.push(w);
            }
        }
    }
    let mut kept: Vec<(u32, u32)> = edges.iter().copied().filter(|(a, _)| grounded.contains(a)).collect();
    kept.sort_unstable();
    HackenbushGraph { edges: kept }
}

/// Green Hackenbush, on any graph or on one of the [`HackenbushFamily`]s
/// (then a position may also be written as the family's size, and the game
/// has a table: one row per size).
///
/// ```
/// use grundy::catalogue::Hackenbush;
/// use grundy::game::Notation;
/// use grundy::solve::{analyse_sum, Search};
/// let game = Hackenbush::new();
/// // A stalk of three edges is *3 (Winning Ways ch. 7).
/// let stalk = game.parse_position("0-1,1-2,2-3").unwrap();
/// assert_eq!(Search::normal_play(&game).nim_value(&stalk).unwrap(), 3);
/// let analysis = analyse_sum(&mut Search::closed_form(&game), &[stalk]).unwrap();
/// assert_eq!(analysis.winning_moves.len(), 1); // cut the lowest edge
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Hackenbush {
    family: Option<HackenbushFamily>,
    /// Positions may not name edge-list files (a server's requests).
    no_files: bool,
}

impl Hackenbush {
    /// The game on any graph.
    pub fn new() -> Self {
        Hackenbush { family: None, no_files: false }
    }

    /// The game whose positions may also be the members of `family`, by size.
    pub fn of_family(family: HackenbushFamily) -> Self {
        Hackenbush { family: Some(family), no_files: false }
    }

    /// The same game, whose positions are edges or a family's members but
    /// never the name of a file: a server's client may not read the server's.
    ///
    /// ```
    /// use grundy::catalogue::Hackenbush;
    /// use grundy::game::Notation;
    /// let game = Hackenbush::new().without_files();
    /// assert!(game.parse_position("0-1,1-2").is_ok());
    /// let error = game.parse_position("/etc/passwd").unwrap_err().to_string();
    /// assert!(error.contains("files are not read here"), "{error}");
    /// ```
    pub fn without_files(self) -> Self {
        Hackenbush { no_files: true, ..self }
    }

    pub fn family(&self) -> Option<HackenbushFamily> {
        self.family
    }
}

impl Game for Hackenbush {
    type Position = HackenbushGraph;
    fn options(&self, graph: &HackenbushGraph, options: &mut Options<HackenbushGraph>) {
        for (index, edge) in graph.edges.iter().enumerate() {
            // Parallel copies of an edge leave the same graph: list it once.
            if index > 0 && graph.edges[index - 1] == *edge {
                continue;
            }
            options.push(graph.cut(index));
        }
    }

    /// Every edge of a graph in normal form is joined to the ground, so
    /// any edge is a move.
    fn can_move(&self, graph: &HackenbushGraph) -> bool {
        !graph.edges.is_empty()
    }
}

impl ClosedForm for Hackenbush {
    fn closed_nim_value(&self, graph: &HackenbushGraph) -> NimValue {
        green_hackenbush_value(graph)
    }
}

impl Decompose for Hackenbush {
    /// The branches at the ground: the pieces the graph falls into when the
    /// ground is taken out, each with its edges to the ground.
    fn components(&self, graph: &HackenbushGraph, components: &mut Vec<HackenbushGraph>) {
        let (vertices, dense) = graph.dense();
        let mut parent: Vec<usize> = (0..vertices).collect();
        fn find(parent: &mut [usize], mut v: usize) -> usize {
            while parent[v] != v {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            v
        }
        for &(a, b) in &dense {
            if a != 0 {
                let (ra, rb) = (find(&mut parent, a as usize), find(&mut parent, b as usize));
                parent[ra] = rb;
            }
        }
        let mut pieces: Vec<Vec<(u32, u32)>> = Vec::new();
        let mut piece_of = vec![usize::MAX; vertices];
        for (&edge, &(_, b)) in graph.edges.iter().zip(&dense) {
            if edge == (0, 0) {
                components.push(HackenbushGraph { edges: vec![(0, 0)] });
                continue;
            }
            let root = find(&mut parent, b as usize);
            if piece_of[root] == usize::MAX {
                piece_of[root] = pieces.len();
                pieces.push(Vec::new());
            }
            pieces[piece_of[root]].push(edge);
        }
        // Each piece is grounded and sorted already (a sub-list of sorted edges).
        components.extend(pieces.into_iter().map(|edges| HackenbushGraph { edges }));
    }
}

impl Hackenbush {
    /// The branches at the ground ([`Decompose::components`]), each tree
    /// renumbered by its shape ([`HackenbushGraph::renumbered_by_shape`]):
    /// what misère canonical forms split a position into, so that their
    /// memo meets each shape once. Reports and winning moves keep the
    /// user's numbers, since they are of the positions as written.
    pub fn components_by_shape(&self, graph: &HackenbushGraph, components: &mut Vec<HackenbushGraph>) {
        let first = components.len();
        self.components(graph, components);
        for component in &mut components[first..] {
            if let Some(renumbered) = component.renumbered_by_shape() {
                *component = renumbered;
            }
        }
    }
}

#[cfg(test)]
mod tests;
