//! The nim-value of a Green Hackenbush graph in linear time, by the fusion
//! and colon principles (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7).
//!
//! - **Fusion principle**: the vertices of any cycle may be fused into one
//!   vertex without changing the value; an edge between two fused vertices
//!   becomes a loop. Fusing cycle after cycle (an ear decomposition) fuses
//!   each *2-edge-connected part* of the graph, the ground's part into the
//!   ground, so only the bridges remain as edges between parts, and every
//!   other edge is a loop on the part it lies in. The result is a tree of
//!   parts joined by bridges, with loops at its vertices.
//! - A loop is a stalk of one edge: the nim heap `*1`.
//! - **Colon principle**: a branch at a vertex may be replaced by one of the
//!   same value. So a vertex's value is the nim-sum over its branches, and a
//!   branch that starts with an edge up to a child worth `v` is the stalk
//!   `*(v + 1)` (an edge under a stalk of `v` edges). A vertex's value is
//!   therefore `⊕ (value(child) + 1)` over its children, nim-summed with one
//!   `*1` for each of its loops; the graph's value is the ground's.
//!
//! Bridges are found by Tarjan's lowlink method with an explicit stack
//! (every edge is numbered, so parallel edges are never mistaken for a
//! bridge); everything else is one pass over the edges.

use super::HackenbushGraph;
use crate::nim::NimValue;

/// The nim-value of `graph` by fusion and the colon principle: O(V + E).
///
/// ```
/// use grundy::catalogue::{green_hackenbush_value, Hackenbush};
/// use grundy::game::Notation;
/// let game = Hackenbush::new();
/// // A triangle standing on the ground: fused into the ground with three
/// // loops, *1 + *1 + *1 = *1.
/// assert_eq!(green_hackenbush_value(&game.parse_position("0-1,1-2,2-0").unwrap()), 1);
/// ```
pub fn green_hackenbush_value(graph: &HackenbushGraph) -> NimValue {
    if graph.edges().is_empty() {
        return 0;
    }
    let (vertices, edges) = graph.dense();
    let edges = &edges[..];
    let bridge = bridges(vertices, edges);
    // The 2-edge-connected parts: connected through edges that are not bridges.
    let mut part = vec![usize::MAX; vertices];
    let mut adjacency: Vec<Vec<(usize, usize)>> = vec![Vec::new(); vertices];
    for (id, &(a, b)) in edges.iter().enumerate() {
        if !bridge[id] && a != b {
            adjacency[a as usize].push((b as usize, id));
            adjacency[b as usize].push((a as usize, id));
        }
    }
    let mut parts = 0;
    let mut stack = Vec::new();
    for start in 0..vertices {
        if part[start] != usize::MAX {
            continue;
        }
        part[start] = parts;
        stack.push(start);
        while let Some(v) = stack.pop() {
            for &(w, _) in &adjacency[v] {
                if part[w] == usize::MAX {
                    part[w] = parts;
                    stack.push(w);
                }
            }
        }
        parts += 1;
    }
    // Every edge that is not a bridge is a loop on its fused part: only
    // the parity of their number matters (*1 + *1 = 0).
    let mut loops = vec![0u64; parts];
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); parts];
    for (id, &(a, b)) in edges.iter().enumerate() {
        let (pa, pb) = (part[a as usize], part[b as usize]);
        if bridge[id] {
            tree[pa].push(pb);
            tree[pb].push(pa);
        } else {
            loops[pa] ^= 1;
        }
    }
    // The colon principle up the tree of parts, from the ground's part,
    // children before parents (an explicit post-order).
    let root = part[0];
    let mut value = loops.clone();
    let mut parent = vec![usize::MAX; parts];
    let mut order = Vec::with_capacity(parts);
    let mut stack = vec![root];
    parent[root] = root;
    while let Some(p) = stack.pop() {
        order.push(p);
        for &q in &tree[p] {
            if parent[q] == usize::MAX {
                parent[q] = p;
                stack.push(q);
            }
        }
    }
    for &p in order.iter().rev() {
        if p != root {
            let up = parent[p];
            value[up] ^= value[p] + 1;
        }
    }
    value[root]
}

/// Which edges are bridges (their removal disconnects the graph), by
/// Tarjan's lowlink: a tree edge `v → w` is a bridge iff `low(w) > pre(v)`.
/// Loops are never bridges; parallel edges are told apart by their number.
fn bridges(vertices: usize, edges: &[(u32, u32)]) -> Vec<bool> {
    let mut adjacency: Vec<Vec<(usize, usize)>> = vec![Vec::new(); vertices];
    for (id, &(a, b)) in edges.iter().enumerate() {
        if a != b {
            adjacency[a as usize].push((b as usize, id));
            adjacency[b as usize].push((a as usize, id));
        }
    }
    let mut bridge = vec![false; edges.len()];
    let mut preorder = vec![usize::MAX; vertices];
    let mut low = vec![0; vertices];
    let mut counter = 0;
    // Frames: (vertex, the edge it was entered by, next adjacency index).
    let mut stack: Vec<(usize, usize, usize)> = Vec::new();
    for start in 0..vertices {
        if preorder[start] != usize::MAX {
            continue;
        }
        preorder[start] = counter;
        low[start] = counter;
        counter += 1;
        stack.push((start, usize::MAX, 0));
        while let Some(frame) = stack.last_mut() {
            let (v, entered_by, next) = *frame;
            if let Some(&(w, id)) = adjacency[v].get(next) {
                frame.2 += 1;
                if id == entered_by {
                    continue;
                }
                if preorder[w] == usize::MAX {
                    preorder[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push((w, id, 0));
                } else {
                    low[v] = low[v].min(preorder[w]);
                }
            } else {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[v]);
                    if low[v] > preorder[parent] {
                        bridge[entered_by] = true;
                    }
                }
            }
        }
    }
    bridge
}
