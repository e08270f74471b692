//! The generalized Sprague–Grundy function of a graph with cycles.

use std::collections::BTreeSet;

use serde::Serialize;

use super::Digraph;
use crate::error::{Error, Result};
use crate::game::Outcome;

/// A position's generalized Sprague–Grundy value: a finite nim-value, or
/// `∞(K)` where `K` is the set of finite values among its options.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum LoopyValue {
    Finite(u64),
    Infinite(BTreeSet<u64>),
}

impl LoopyValue {
    /// The outcome of a position with this value: P iff the value is 0; a
    /// first-player win iff it is finite and non-zero, or `∞(K)` with 0 in
    /// `K` (move to a 0); otherwise a draw.
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(0) => Outcome::P,
            LoopyValue::Finite(_) => Outcome::N,
            LoopyValue::Infinite(k) if k.contains(&0) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::Draw,
        }
    }

    /// The value of a sum (Smith): finite values add by nim-sum; a finite
    /// `a` with `∞(K)` gives `∞(K ⊕ a)`; two infinite values give `None` —
    /// the sum is a draw.
    pub fn add(&self, other: &LoopyValue) -> Option<LoopyValue> {
        use LoopyValue::*;
        match (self, other) {
            (Finite(a), Finite(b)) => Some(Finite(a ^ b)),
            (Finite(a), Infinite(k)) | (Infinite(k), Finite(a)) => Some(Infinite(k.iter().map(|v| v ^ a).collect())),
            (Infinite(_), Infinite(_)) => None,
        }
    }
}

impl std::fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoopyValue::Finite(v) => write!(f, "{v}"),
            LoopyValue::Infinite(k) => {
                let values: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞({})", values.join(","))
            }
        }
    }
}

/// The outcome of a sum of positions with these values.
///
/// ```
/// use std::collections::BTreeSet;
/// use grundy::game::Outcome;
/// use grundy::solve::loopy::{sum_outcome, LoopyValue};
/// let infinite = LoopyValue::Infinite(BTreeSet::from([0, 2]));
/// assert_eq!(sum_outcome(&[infinite.clone()]), Outcome::N);            // move to the 0
/// assert_eq!(sum_outcome(&[infinite.clone(), LoopyValue::Finite(1)]), Outcome::Draw); // ∞(1,3)
/// assert_eq!(sum_outcome(&[infinite.clone(), infinite]), Outcome::Draw);
/// ```
pub fn sum_outcome(values: &[LoopyValue]) -> Outcome {
    let mut total = LoopyValue::Finite(0);
    for value in values {
        match total.add(value) {
            Some(sum) => total = sum,
            None => return Outcome::Draw,
        }
    }
    total.outcome()
}

/// The generalized Sprague–Grundy value of every position of a graph whose
/// stuck positions are losses (normal play) or draws.
///
/// A stuck position labelled a **draw** is one from which play never ends:
/// it is valued as a position whose only move is to itself (a pass either
/// player may take for ever), `∞(∅)` — the one reading under which a draw is
/// what the loopy theory means by one (Smith 1966: infinite play), and under
/// which its value gives the outcome retrograde analysis gives. In a sum it
/// makes the sum a draw (`∞(∅) + g = ∞(∅)`). A stuck **win** has no such
/// reading — it ends the whole game, which a sum of games cannot — so a graph
/// with one is refused.
///
/// Round `m` finds the positions of value `m` by a retrograde process,
/// Fraenkel–Yesha style: a position may take `m` if its options already
/// show every value below `m`; it does take `m` once every option without
/// a smaller value has an option of value `m` (so the opponent, moving to a
/// larger or infinite value, can be answered by a move back to `m`), and
/// none of its options has `m`. Positions left after the last round are
/// `∞(K)`. Each round is linear in the graph; there are as many rounds as
/// the largest finite value plus one.
///
/// ```
/// use grundy::game::{Digraph, Outcome};
/// use grundy::solve::loopy::{generalized_values, LoopyValue};
/// // 0 → 1 (stuck, a draw), 0 → 2 (stuck, a loss): 0 is *1 plus a move to ∞(∅).
/// let graph = Digraph::new(vec![vec![1, 2], vec![], vec![]], vec![Outcome::P, Outcome::Draw, Outcome::P]).unwrap();
/// let values = generalized_values(&graph).unwrap();
/// assert_eq!(values[1].to_string(), "∞()");
/// assert_eq!(values[0].to_string(), "∞(0)"); // a win (move to 2), but not a nim heap
/// assert_eq!(values[2], LoopyValue::Finite(0));
/// ```
pub fn generalized_values(graph: &Digraph) -> Result<Vec<LoopyValue>> {
    if let Some(u) =
        (0..graph.len() as u32).find(|&u| graph.options(u).is_empty() && graph.stuck_outcome(u) == Outcome::N)
    {
        return Err(Error::InvalidGame(format!(
            "generalized Sprague–Grundy values need stuck positions that are losses or draws, but position {u} \
             is labelled a win (a stuck win ends the whole game, which a sum of games cannot)"
        )));
    }
    // A stuck draw never takes a finite value: it moves (to itself) for ever.
    let drawn = |u: usize| graph.options(u as u32).is_empty() && graph.stuck_outcome(u as u32) == Outcome::Draw;
    let len = graph.len();
    let (offsets, sources) = graph.predecessors();
    const NONE: u64 = u64::MAX;
    let mut value = vec![NONE; len];
    // shown[u] = k: u's options show every value below k. Values are found in
    // increasing rounds, so a position may take round m's value only if
    // shown[u] == m; one counter a position, no set.
    let mut shown = vec![0u64; len];
    let mut m = 0u64;
    loop {
        let candidates: Vec<usize> = (0..len).filter(|&u| value[u] == NONE && !drawn(u) && shown[u] == m).collect();
        if candidates.is_empty() {
            break;
        }
        // answered[v]: v (unlabelled) has an option of value m.
        let mut answered = vec![false; len];
        // waiting[u]: options of u without a value below m that are not yet answered.
        let mut waiting: Vec<u32> = (0..len)
            .map(|u| graph.options(u as u32).iter().filter(|&&v| value[v as usize] == NONE).count() as u32)
            .collect();
        let mut is_candidate = vec![false; len];
        candidates.iter().for_each(|&u| is_candidate[u] = true);
        let mut stack: Vec<usize> = candidates.iter().copied().filter(|&u| waiting[u] == 0).collect();
        let mut labelled = Vec::new();
        while let Some(u) = stack.pop() {
            if value[u] != NONE || answered[u] {
                continue;
            }
            value[u] = m;
            labelled.push(u);
            for &p in &sources[offsets[u]..offsets[u + 1]] {
                let p = p as usize;
                if value[p] != NONE || answered[p] {
                    continue;
                }
                answered[p] = true;
                for &q in &sources[offsets[p]..offsets[p + 1]] {
                    let q = q as usize;
                    if value[q] == NONE && waiting[q] > 0 {
                        waiting[q] -= 1;
                        if waiting[q] == 0 && is_candidate[q] && !answered[q] {
                            stack.push(q);
                        }
                    }
                }
            }
        }
        for &u in &labelled {
            for &p in &sources[offsets[u]..offsets[u + 1]] {
                if shown[p as usize] == m {
                    shown[p as usize] = m + 1;
                }
            }
        }
        m += 1;
    }
    Ok((0..len)
        .map(|u| {
            if value[u] != NONE {
                LoopyValue::Finite(value[u])
            } else {
                LoopyValue::Infinite(
                    graph
                        .options(u as u32)
                        .iter()
                        .filter(|&&v| value[v as usize] != NONE)
                        .map(|&v| value[v as usize])
                        .collect(),
                )
            }
        })
        .collect())
}
