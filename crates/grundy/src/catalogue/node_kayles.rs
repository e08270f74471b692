//! Node Kayles: players take turns choosing a vertex of a graph, which is
//! removed with all its neighbours; whoever cannot choose loses (Winning
//! Ways ch. 4; Schaefer 1978 shows deciding it is PSPACE-complete).
//!
//! A position is the set of remaining vertices, a bit mask over a graph of
//! at most 128 vertices: a `u64` for graphs of up to 64 (compact table keys,
//! the fastest), a `u128` past that ([`VertexSet`]; the search is compiled
//! for each). It falls apart ([`Decompose`]) into the connected
//! components of the remaining graph. On a path, Node Kayles is Dawson's
//! Chess, octal 0.137 (choosing an end vertex removes two, an inner one
//! three, a lone vertex one), which the pruned search uses for every
//! component that is a path.

use std::collections::HashMap;

use crate::error::{shortened, Error, Result};
use crate::game::{parse_number, Notation, SIZE_SEPARATORS};
use crate::game::{Decompose, Game, Options};
use crate::solve::pruned::{Canonical, CompactKey, Key, WideKey};

/// The most vertices a Node Kayles graph may have (one bit each in a `u128`).
pub const MAX_NODE_KAYLES_VERTICES: usize = 128;

/// A set of vertices as a bit mask: `u64` for graphs of up to 64 vertices,
/// `u128` for up to 128.
pub trait VertexSet:
    Copy
    + Eq
    + Ord
    + std::hash::Hash
    + std::fmt::Debug
    + Send
    + Sync
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::BitAndAssign
    + std::ops::BitOrAssign
    + 'static
{
    /// Bits in the mask: the most vertices.
    const BITS: usize;
    const EMPTY: Self;
    /// The kind of table key.
    type Key: Key;
    /// The set `{v}`.
    fn single(v: usize) -> Self;
    /// The set of vertices `0..n`.
    fn first(n: usize) -> Self;
    fn count(self) -> u32;
    /// The least vertex (the set is not empty).
    fn least(self) -> usize;
    /// The set without its least vertex.
    fn without_least(self) -> Self;
    /// The set of its least vertex.
    fn lowest(self) -> Self;
    fn key(self) -> Self::Key;
}

macro_rules! vertex_set {
    ($bits:ty, $key:ty, $make:expr) => {
        impl VertexSet for $bits {
            const BITS: usize = <$bits>::BITS as usize;
            const EMPTY: Self = 0;
            type Key = $key;
            #[inline]
            fn single(v: usize) -> Self {
                1 << v
            }
            #[inline]
            fn first(n: usize) -> Self {
                if n >= <Self as VertexSet>::BITS {
                    !0
                } else {
                    (1 << n) - 1
                }
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn least(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn without_least(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn key(self) -> $key {
                $make(self)
            }
        }
    };
}

vertex_set!(u64, CompactKey, |mask: u64| CompactKey::new(mask as u128));
vertex_set!(u128, WideKey, |mask: u128| WideKey { pattern: mask, extra: 0 });

/// Dawson's Chess (octal 0.137) nim-values of heaps 0..=128.
const DAWSONS_CHESS: [u8; 129] = {
    let mut values = [0u8; 129];
    let mut n = 1;
    while n <= 128 {
        let mut seen = 0u64;
        if n == 1 {
            seen |= 1; // take the lone counter
        }
        if n >= 2 {
            seen |= 1 << values[n - 2]; // take 2 from an end (nothing left when n = 2)
        }
        if n >= 3 {
            let mut left = 0;
            while left <= n - 3 {
                seen |= 1 << (values[left] ^ values[n - 3 - left]); // take 3, maybe splitting
                left += 1;
            }
        }
        values[n] = seen.trailing_ones() as u8;
        n += 1;
    }
    values
};

/// Node Kayles on one graph. Positions are masks of remaining vertices:
/// `u64` (the default) for graphs of up to 64 vertices, `u128` for up to 128.
///
/// ```
/// use grundy::catalogue::NodeKayles;
/// let game = NodeKayles::parse("cycle:5").unwrap();
/// assert_eq!(game.vertices(), 5);
/// assert_eq!(game.start().count_ones(), 5);
/// assert!(NodeKayles::parse("grid:9x9").is_err()); // 81 vertices: more than 64
/// let wide = NodeKayles::<u128>::family("grid:9x9").unwrap();
/// assert_eq!(wide.start().count_ones(), 81);
/// assert!(wide.narrow().is_none());
/// assert!(NodeKayles::<u128>::family("queens:12").is_err()); // 144 vertices
/// assert!(NodeKayles::parse("star:3").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeKayles<B = u64> {
    /// `neighbours[v]`: the vertices adjacent to `v`.
    neighbours: Vec<B>,
    /// How the graph was described (for messages and checkpoints).
    description: String,
    /// The numbers a graph file gave its vertices (`names[v]` is vertex
    /// `v`'s), which positions and moves are written in; empty when the
    /// vertices are `0..n` themselves.
    names: Vec<u64>,
}

impl NodeKayles {
    /// [`NodeKayles::with_edges`] in 64-bit masks.
    pub fn from_edges(n: usize, edges: impl IntoIterator<Item = (usize, usize)>, description: &str) -> Result<Self> {
        Self::with_edges(n, edges, description)
    }

    /// [`NodeKayles::family`] in 64-bit masks (at most 64 vertices).
    pub fn parse(text: &str) -> Result<Self> {
        Self::family(text)
    }

    /// [`NodeKayles::edge_list`] in 64-bit masks (at most 64 vertices).
    pub fn parse_edge_list(text: &str, description: &str) -> Result<Self> {
        Self::edge_list(text, description)
    }
}

impl NodeKayles<u128> {
    /// The same graph in 64-bit masks, if it has at most 64 vertices.
    pub fn narrow(&self) -> Option<NodeKayles<u64>> {
        (self.vertices() <= 64).then(|| NodeKayles {
            neighbours: self.neighbours.iter().map(|&n| n as u64).collect(),
            description: self.description.clone(),
            names: self.names.clone(),
        })
    }
}

impl<B: VertexSet> NodeKayles<B> {
    /// The graph with these edges on vertices `0..n` (n ≤ 64 for `u64`
    /// masks, 128 for `u128`).
    pub fn with_edges(n: usize, edges: impl IntoIterator<Item = (usize, usize)>, description: &str) -> Result<Self> {
        if n > B::BITS {
            return Err(Error::TooLarge {
                what: format!("the Node Kayles graph {description} (one bit per vertex)"),
                needed: n as u128,
                limit: B::BITS as u128,
                unit: "vertices",
            });
        }
        if n == 0 {
            return Err(Error::InvalidGame(format!("the graph {description} has no vertices")));
        }
        let mut neighbours = vec![B::EMPTY; n];
        for (u, v) in edges {
            if u >= n || v >= n {
                return Err(Error::InvalidGame(format!("the edge {u}-{v} is not between vertices 0..{n}")));
            }
            if u != v {
                neighbours[u] |= B::single(v);
                neighbours[v] |= B::single(u);
            }
        }
        Ok(NodeKayles { neighbours, description: description.to_string(), names: Vec::new() })
    }

    /// A graph family: `path:N`, `cycle:N`, `complete:N`, `grid:RxC`, or
    /// `queens:N` (the N×N board, cells adjacent when a queen attacks).
    pub fn family(text: &str) -> Result<Self> {
        let text = text.trim();
        let (family, size) = text.split_once(':').ok_or_else(|| {
            Error::InvalidGame(format!(
                "expected a graph family path:N, cycle:N, complete:N, grid:RxC or queens:N, found {:?}",
                shortened(text)
            ))
        })?;
        let number = |s: &str| -> Result<usize> {
            s.trim().parse::<usize>().map_err(|_| {
                Error::InvalidGame(format!("{}: expected a number, found {:?}", shortened(text), shortened(s)))
            })
        };
        let check = |n: usize| -> Result<usize> {
            if n > B::BITS {
                Err(Error::TooLarge {
                    what: format!("the Node Kayles graph {} (one bit per vertex)", shortened(text)),
                    needed: n as u128,
                    limit: B::BITS as u128,
                    unit: "vertices",
                })
            } else {
                Ok(n)
            }
        };
        let grid = |rows: usize, cols: usize, queens: bool| -> Result<Self> {
            check(rows.saturating_mul(cols))?;
            let cell = |r: usize, c: usize| r * cols + c;
            let mut edges = Vec::new();
            for (r1, c1) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                for (r2, c2) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                    let (dr, dc) = (r1.abs_diff(r2), c1.abs_diff(c2));
                    let adjacent = if queens { dr == 0 || dc == 0 || dr == dc } else { dr + dc == 1 };
                    if cell(r1, c1) < cell(r2, c2) && adjacent {
                        edges.push((cell(r1, c1), cell(r2, c2)));
                    }
                }
            }
            Self::with_edges(rows * cols, edges, text)
        };
        match family {
            "path" => {
                let n = check(number(size)?)?;
                Self::with_edges(n, (1..n).map(|v| (v - 1, v)), text)
            }
            "cycle" => {
                let n = check(number(size)?)?;
                if n < 3 {
                    return Err(Error::InvalidGame(format!("{}: a cycle needs at least 3 vertices", shortened(text))));
                }
                Self::with_edges(n, (0..n).map(|v| (v, (v + 1) % n)), text)
            }
            "complete" => {
                let n = check(number(size)?)?;
                Self::with_edges(n, (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))), text)
            }
            "grid" => {
                let (r, c) = size
                    .split_once(SIZE_SEPARATORS)
                    .ok_or_else(|| Error::InvalidGame(format!("{}: expected grid:RxC", shortened(text))))?;
                grid(number(r)?, number(c)?, false)
            }
            "queens" => {
                let n = number(size)?;
                grid(n, n, true)
            }
            _ => Err(Error::InvalidGame(format!(
                "unknown graph family {family:?}: expected path, cycle, complete, grid or queens"
            ))),
        }
    }

    /// Reads a graph file: each line is a vertex followed by some of its
    /// neighbours (`0 1 2`: vertex 0, adjacent to 1 and 2); vertices are any
    /// numbers; `#` starts a comment.
    pub fn edge_list(text: &str, description: &str) -> Result<Self> {
        let mut index: HashMap<u64, usize> = HashMap::new();
        let mut edges = Vec::new();
        let vertex = |name: &str, line: usize, index: &mut HashMap<u64, usize>| -> Result<usize> {
            let name: u64 = name.parse().map_err(|_| {
                Error::InvalidGame(format!(
                    "{description}, line {line}: expected a vertex number, found {:?}",
                    shortened(name)
                ))
            })?;
            let next = index.len();
            let v = *index.entry(name).or_insert(next);
            if index.len() > B::BITS {
                return Err(Error::TooLarge {
                    what: format!("the Node Kayles graph {description} (one bit per vertex; line {line})"),
                    needed: index.len() as u128,
                    limit: B::BITS as u128,
                    unit: "vertices",
                });
            }
            Ok(v)
        };
        for (number, line) in text.lines().enumerate() {
            let content = line.split('#').next().unwrap_or("").trim();
            let mut tokens = content.split_whitespace();
            let Some(first) = tokens.next() else { continue };
            let u = vertex(first, number + 1, &mut index)?;
            for token in tokens {
                let v = vertex(token, number + 1, &mut index)?;
                edges.push((u, v));
            }
        }
        if index.is_empty() {
            return Err(Error::InvalidGame(format!("{description}: the graph file lists no vertices")));
        }
        let mut graph = Self::with_edges(index.len(), edges, description)?;
        // Positions and moves use the file's numbers, not the order they
        // were met in (`1 2` then `0`: vertex "0" is the file's 0).
        graph.names = vec![0; index.len()];
        for (name, v) in index {
            graph.names[v] = name;
        }
        Ok(graph)
    }

    /// The number a position writes for vertex `v`.
    fn name(&self, v: usize) -> u64 {
        self.names.get(v).copied().unwrap_or(v as u64)
    }

    /// The vertex a position's number names, if the graph has it.
    fn vertex_named(&self, name: u64) -> Option<usize> {
        if self.names.is_empty() {
            (name < self.vertices() as u64).then_some(name as usize)
        } else {
            self.names.iter().position(|&n| n == name)
        }
    }

    /// The vertex numbers, for a message: `0..=n-1`, or a file's (the
    /// first few).
    fn vertex_numbers(&self) -> String {
        if self.names.is_empty() {
            return format!("0..={}", self.vertices() - 1);
        }
        let mut sorted = self.names.clone();
        sorted.sort_unstable();
        let shown: Vec<String> = sorted.iter().take(8).map(u64::to_string).collect();
        let more = if sorted.len() > 8 { format!(", … ({} in all)", sorted.len()) } else { String::new() };
        format!("{}{more}", shown.join(", "))
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.neighbours.len()
    }

    /// How the graph was described.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The whole graph: every vertex remains.
    pub fn start(&self) -> B {
        B::first(self.vertices())
    }

    /// The vertices adjacent to `v`.
    pub fn neighbours(&self, v: usize) -> B {
        self.neighbours[v]
    }

    /// Whether the remaining graph `mask` is a path (or a single vertex).
    fn path_length(&self, mask: B) -> Option<u32> {
        let mut degree_sum = 0;
        let mut rest = mask;
        while rest != B::EMPTY {
            let degree = (self.neighbours[rest.least()] & mask).count();
            if degree > 2 {
                return None;
            }
            degree_sum += degree;
            rest = rest.without_least();
        }
        let n = mask.count();
        (degree_sum / 2 + 1 == n).then_some(n)
    }
}

impl<B: VertexSet> Game for NodeKayles<B> {
    type Position = B;

    fn options(&self, &mask: &B, options: &mut Options<B>) {
        let mut rest = mask;
        while rest != B::EMPTY {
            let v = rest.least();
            options.push(mask & !(self.neighbours[v] | B::single(v)));
            rest = rest.without_least();
        }
    }
}

impl<B: VertexSet> Decompose for NodeKayles<B> {
    /// The connected components of the remaining graph.
    fn components(&self, &mask: &B, components: &mut Vec<B>) {
        let mut rest = mask;
        while rest != B::EMPTY {
            let mut component = rest.lowest();
            let mut frontier = component;
            while frontier != B::EMPTY {
                let v = frontier.least();
                frontier = frontier.without_least();
                let new = self.neighbours[v] & rest & !component;
                component |= new;
                frontier |= new;
            }
            rest &= !component;
            components.push(component);
        }
    }
}

impl<B: VertexSet> Canonical for NodeKayles<B> {
    type Key = B::Key;

    #[inline]
    fn key(&self, &mask: &B) -> B::Key {
        mask.key()
    }

    fn size(&self, &mask: &B) -> u32 {
        mask.count()
    }

    fn known_nim_value(&self, &mask: &B) -> Option<u8> {
        self.path_length(mask).map(|n| DAWSONS_CHESS[n as usize])
    }
}

/// A position is `all` (the whole graph), `none` (no vertex left: the end
/// of play, as a move's result is written) or the remaining vertices,
/// numbered from 0 in the graph's order, separated by commas (`0,1,5`).
impl<B: VertexSet> Notation for NodeKayles<B> {
    fn parse_position(&self, text: &str) -> Result<B> {
        let text = text.trim();
        match text {
            "all" => return Ok(self.start()),
            "none" => return Ok(B::EMPTY),
            _ => {}
        }
        if text.is_empty() {
            return Err(Error::InvalidPosition(
                "an empty position: write `all` for the whole graph, `none` for no vertex left, or vertex numbers \
                 like 0,1,5"
                    .into(),
            ));
        }
        let mut mask = B::EMPTY;
        for part in text.split(',') {
            if part.trim().is_empty() {
                return Err(Error::InvalidPosition(format!(
                    "an empty vertex number between commas in {:?} (write vertex numbers like 0,1,5)",
                    shortened(text)
                )));
            }
            let name: u64 = match parse_number(part, "") {
                Err(Error::InvalidPosition(_)) => Err(Error::InvalidPosition(format!(
                    "vertex {} in {:?} is too large: the graph {} has vertices {}",
                    shortened(part.trim()),
                    shortened(text),
                    self.description,
                    self.vertex_numbers()
                ))),
                Err(_) => Err(Error::InvalidPosition(format!(
                    "expected `all` or vertex numbers like 0,1,5; found {:?} in {:?}",
                    shortened(part),
                    shortened(text)
                ))),
                found => found,
            }?;
            let v = self.vertex_named(name).ok_or_else(|| {
                Error::InvalidPosition(format!(
                    "vertex {name} is not in the graph {} (its vertices: {})",
                    self.description,
                    self.vertex_numbers()
                ))
            })?;
            if mask & B::single(v) != B::EMPTY {
                return Err(Error::InvalidPosition(format!("vertex {name} is named twice in {:?}", shortened(text))));
            }
            mask |= B::single(v);
        }
        Ok(mask)
    }

    fn format_position(&self, &mask: &B) -> String {
        if mask == self.start() {
            return "all".into();
        }
        let mut names: Vec<u64> =
            (0..self.vertices()).filter(|&v| mask & B::single(v) != B::EMPTY).map(|v| self.name(v)).collect();
        names.sort_unstable();
        let vertices: Vec<String> = names.iter().map(u64::to_string).collect();
        if vertices.is_empty() {
            "none".into()
        } else {
            vertices.join(",")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_have_the_right_edges() {
        let edges = |g: &NodeKayles| (0..g.vertices()).map(|v| g.neighbours(v).count_ones()).sum::<u32>() / 2;
        assert_eq!(edges(&NodeKayles::parse("path:10").unwrap()), 9);
        assert_eq!(edges(&NodeKayles::parse("cycle:10").unwrap()), 10);
        assert_eq!(edges(&NodeKayles::parse("complete:6").unwrap()), 15);
        assert_eq!(edges(&NodeKayles::parse("grid:3x4").unwrap()), 17);
        // 4×4 queens graph: 4·6 pairs in rows, 4·6 in columns, and
        // 1 + 3 + 6 + 3 + 1 = 14 on the diagonals of each direction.
        assert_eq!(edges(&NodeKayles::parse("queens:4").unwrap()), 76);
    }

    /// A file's vertex numbers are the ones positions use, whatever order
    /// the file meets them in (an audit found "0,1" read as the first two
    /// vertices met, 1 and 2, which are adjacent).
    #[test]
    fn a_files_vertices_keep_their_numbers() {
        use crate::game::Notation;
        let graph = NodeKayles::parse_edge_list("1 2\n0\n", "g.txt").unwrap();
        let both = graph.parse_position("0,1").unwrap();
        assert_eq!(graph.format_position(&both), "0,1");
        // Vertices 0 and 1 are not adjacent: two single vertices, *1 + *1.
        let mut options = Options::new();
        graph.options(&both, &mut options);
        let mut left: Vec<String> =
            options.iter().map(|parts| parts.iter().map(|p| graph.format_position(p)).collect()).collect();
        left.sort();
        assert_eq!(left, ["0", "1"]);
        let error = graph.parse_position("3").unwrap_err().to_string();
        assert!(error.contains("its vertices: 0, 1, 2"), "{error}");
        let sparse = NodeKayles::parse_edge_list("10 20\n20 30\n", "s.txt").unwrap();
        assert_eq!(sparse.format_position(&sparse.parse_position("30,10").unwrap()), "10,30");
        assert!(sparse.parse_position("0").is_err());
    }

    #[test]
    fn bad_graphs_are_refused() {
        for bad in ["path", "path:x", "cycle:2", "grid:3", "queens:9", "complete:65", "wheel:5"] {
            assert!(NodeKayles::parse(bad).is_err(), "{bad}");
        }
        let error = NodeKayles::parse_edge_list("0 1\n1 two\n", "g.txt").unwrap_err().to_string();
        assert!(error.contains("line 2"), "{error}");
        let big: String = (0..70).map(|v| format!("{v} {}\n", v + 1)).collect();
        assert!(NodeKayles::parse_edge_list(&big, "big.txt").is_err());
        assert!(NodeKayles::parse_edge_list("# nothing\n", "empty.txt").is_err());
    }

    #[test]
    fn dawsons_chess_table_starts_as_published() {
        // 0.137, Dawson's Chess (Winning Ways ch. 4; OEIS A002187).
        assert_eq!(&DAWSONS_CHESS[..20], &[0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]);
    }
}
