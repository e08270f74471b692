//! The generalized Sprague–Grundy function of a graph with cycles.

use std::collections::BTreeSet;

use serde::Serialize;

use super::Digraph;
use crate::error::{Error, Result};
use crate::game::{Outcome, Predecessors};
use crate::watch::Poll;

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

    /// The value of a sum (Smith; Fraenkel and Yesha's generalized
    /// nim-sum): finite values add by nim-sum; a finite `a` with `∞(K)`
    /// gives `∞(K ⊕ a)`; two infinite values give `∞(∅)`, a draw — every
    /// option of the sum keeps an infinite part, so no option has a finite
    /// value.
    ///
    /// ```
    /// use grundy::solve::loopy::LoopyValue::{Finite, Infinite};
    /// assert_eq!(Finite(3).add(&Infinite([0, 1].into())), Infinite([3, 2].into()));
    /// assert_eq!(Infinite([0].into()).add(&Infinite([1].into())), Infinite([].into()));
    /// ```
    pub fn add(&self, other: &LoopyValue) -> LoopyValue {
        use LoopyValue::*;
        match (self, other) {
            (Finite(a), Finite(b)) => Finite(a ^ b),
            (Finite(a), Infinite(k)) | (Infinite(k), Finite(a)) => Infinite(k.iter().map(|v| v ^ a).collect()),
            (Infinite(_), Infinite(_)) => Infinite(Default::default()),
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
    values.iter().fold(LoopyValue::Finite(0), |total, value| total.add(value)).outcome()
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
    let values = GeneralizedValues::compute(graph, &graph.predecessors(), None)?;
    Ok((0..graph.len() as u32).map(|u| values.get(graph, u)).collect())
}

/// Generalized values kept flat — one number a position, the finite value
/// or `GeneralizedValues::INFINITE` — because a `LoopyValue` each (with a
/// set for every `∞`) costs gigabytes on 10^7 positions, and the command
/// line reads only the few it prints ([`GeneralizedValues::get`]).
#[derive(Clone, Debug)]
pub struct GeneralizedValues {
    value: Vec<u32>,
}

impl GeneralizedValues {
    /// No finite value (or a position not computed, outside `live`).
    const INFINITE: u32 = u32::MAX;

    /// The values of the positions with `live` set (all without it). `live`
    /// must be closed under moves (everything reachable from some positions):
    /// a position's value depends only on what it can reach, so the rest of
    /// the graph is skipped. See [`generalized_values`] for the method.
    pub(crate) fn compute(graph: &Digraph, predecessors: &Predecessors, live: Option<&[bool]>) -> Result<Self> {
        if let Some(u) = graph.stuck_win() {
            return Err(Error::InvalidGame(format!(
                "generalized Sprague–Grundy values need stuck positions that are losses or draws, but position {u} \
                 is labelled a win (a stuck win ends the whole game, which a sum of games cannot)"
            )));
        }
        const NONE: u32 = GeneralizedValues::INFINITE;
        let len = graph.len();
        let live = |u: u32| live.is_none_or(|live| live[u as usize]);
        let drawn = |u: u32| graph.options(u).is_empty() && graph.stuck_outcome(u) == Outcome::Draw;
        let mut value = vec![NONE; len];
        // The smallest value not yet among a position's options: it may take `m` only when this is `m`.
        let mut shown = vec![0u32; len];
        // Options still without a value, kept up to date across rounds...
        let mut unvalued: Vec<u32> = (0..len as u32).map(|u| graph.options(u).len() as u32).collect();
        // ...and, within a round, those neither valued nor answered by a move to `m`.
        let mut waiting = vec![0u32; len];
        // The round in which a position was answered (it has an option of value `m`).
        let mut answered = vec![NONE; len];
        let mut stack: Vec<u32> = Vec::new();
        let mut labelled: Vec<u32> = Vec::new();
        let mut m = 0u32;
        // Each round walks the whole graph: millions of positions between
        // two rounds, so the watch is polled within them (Ctrl-C).
        let mut poll = Poll::new();
        loop {
            let candidate = |u: u32, shown: &[u32]| live(u) && !drawn(u) && shown[u as usize] == m;
            waiting.copy_from_slice(&unvalued);
            stack.clear();
            let mut any = false;
            for u in 0..len as u32 {
                poll.step()?;
                if value[u as usize] == NONE && candidate(u, &shown) {
                    any = true;
                    if waiting[u as usize] == 0 {
                        stack.push(u);
                    }
                }
            }
            if !any {
                break;
            }
            labelled.clear();
            while let Some(u) = stack.pop() {
                poll.step()?;
                if value[u as usize] != NONE || answered[u as usize] == m {
                    continue;
                }
                value[u as usize] = m;
                labelled.push(u);
                for &p in predecessors.of(u) {
                    if !live(p) || value[p as usize] != NONE || answered[p as usize] == m {
                        continue;
                    }
                    answered[p as usize] = m;
                    for &q in predecessors.of(p) {
                        let qi = q as usize;
                        if live(q) && value[qi] == NONE && waiting[qi] > 0 {
                            waiting[qi] -= 1;
                            if waiting[qi] == 0 && candidate(q, &shown) && answered[qi] != m {
                                stack.push(q);
                            }
                        }
                    }
                }
            }
            for &u in &labelled {
                for &p in predecessors.of(u) {
                    let p = p as usize;
                    unvalued[p] -= 1;
                    if shown[p] == m {
                        shown[p] = m + 1;
                    }
                }
            }
            m += 1;
        }
        Ok(GeneralizedValues { value })
    }

    /// The value of `u` (a position that was computed): its finite value, or
    /// `∞(K)` with `K` read off its options now.
    pub fn get(&self, graph: &Digraph, u: u32) -> LoopyValue {
        match self.value[u as usize] {
            Self::INFINITE => LoopyValue::Infinite(
                graph
                    .options(u)
                    .iter()
                    .map(|&v| self.value[v as usize])
                    .filter(|&v| v != Self::INFINITE)
                    .map(u64::from)
                    .collect(),
            ),
            v => LoopyValue::Finite(u64::from(v)),
        }
    }
}
