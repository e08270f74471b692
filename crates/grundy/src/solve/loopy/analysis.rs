//! Outcome, values and the best moves of a sum of loopy positions.

use serde::Serialize;

use super::generalized::GeneralizedValues;
use super::retrograde::retrograde_with;
use super::{sum_outcome, Digraph, LoopyValue, Retrograde};
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::solve::Decision;
use crate::watch::Poll;

/// A graph solved: outcomes and remoteness by retrograde analysis and,
/// where every stuck position is a loss or a draw, generalized Sprague–Grundy
/// values (which decide sums; a stuck draw is `∞(∅)`, see [`generalized_values`](super::generalized_values)).
#[derive(Clone, Debug)]
pub struct SolvedGraph {
    pub retrograde: Retrograde,
    /// `None` when some stuck position is labelled a win.
    pub values: Option<GeneralizedValues>,
}

impl SolvedGraph {
    /// Every position solved.
    pub fn new(graph: &Digraph) -> Result<Self> {
        Self::solve(graph, None)
    }

    /// Enough to answer [`analyse_loopy_sum`] for sums of `positions`: the
    /// outcomes of all positions (retrograde analysis is linear and cheap),
    /// but generalized values only for what `positions` can reach — a
    /// position's value depends on nothing else.
    pub fn for_positions(graph: &Digraph, positions: &[u32]) -> Result<Self> {
        let mut poll = Poll::new();
        let mut live = vec![false; graph.len()];
        let mut stack: Vec<u32> = positions.iter().copied().filter(|&u| (u as usize) < graph.len()).collect();
        stack.iter().for_each(|&u| live[u as usize] = true);
        while let Some(u) = stack.pop() {
            poll.step()?;
            for &v in graph.options(u) {
                if !live[v as usize] {
                    live[v as usize] = true;
                    stack.push(v);
                }
            }
        }
        Self::solve(graph, Some(&live))
    }

    /// Both analyses; they poll the current watch, so a graph of millions
    /// of positions stops on Ctrl-C ([`Error::Interrupted`]).
    fn solve(graph: &Digraph, live: Option<&[bool]>) -> Result<Self> {
        // Built once for both: the reverse graph is the largest array here.
        let predecessors = graph.predecessors();
        let retrograde = retrograde_with(graph, &predecessors)?;
        // A stuck win leaves sums without values (see `values`).
        let values = match graph.stuck_win() {
            Some(_) => None,
            None => Some(GeneralizedValues::compute(graph, &predecessors, live)?),
        };
        Ok(SolvedGraph { retrograde, values })
    }

    /// The outcome of the sum of `positions`, and how it was decided.
    pub fn outcome(&self, graph: &Digraph, positions: &[u32]) -> Result<(Outcome, Decision)> {
        match (&self.values, positions) {
            (_, [single]) => Ok((self.retrograde.outcomes[*single as usize], Decision::Retrograde)),
            (Some(values), _) => Ok((
                sum_outcome(&positions.iter().map(|&u| values.get(graph, u)).collect::<Vec<_>>()),
                Decision::GeneralizedValues,
            )),
            (None, _) => Err(Error::Unsupported {
                game: "the graph".into(),
                question: "a sum".into(),
                why: "sums need a graph whose stuck positions are losses or draws (a stuck win ends the whole game)"
                    .into(),
            }),
        }
    }
}

/// A move in one component of a loopy sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyMove {
    pub component: usize,
    pub to: u32,
}

/// Everything a loopy graph says about a sum of its positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LoopyAnalysis {
    pub outcome: Outcome,
    pub method: Decision,
    /// The generalized value of the sum (`None` when the graph has no
    /// values).
    pub value: Option<LoopyValue>,
    /// Each component's generalized value (if the graph has values).
    pub component_values: Vec<Option<LoopyValue>>,
    /// Each component's remoteness alone (`None` for a draw).
    pub remoteness: Vec<Option<u64>>,
    /// Moves to a P-position (when the sum is a first-player win).
    pub winning_moves: Vec<LoopyMove>,
    /// Moves that keep a draw (when the sum is a draw).
    pub drawing_moves: Vec<LoopyMove>,
}

/// Outcome, value and the best moves of the sum of graph positions
/// `positions` (graph numbers), from a graph solved once.
///
/// ```
/// use grundy::game::Outcome;
/// use grundy::solve::loopy::{analyse_loopy_sum, Digraph, SolvedGraph};
/// // 0 ⇄ 1, 1 → 2 (stuck): 0 is lost (its only move goes to 1, a win),
/// // so from 1 both moves win.
/// let graph = Digraph::new(vec![vec![1], vec![0, 2], vec![]], vec![Outcome::P; 3]).unwrap();
/// let solved = SolvedGraph::new(&graph).unwrap();
/// let analysis = analyse_loopy_sum(&graph, &solved, &[1]).unwrap();
/// assert_eq!(analysis.outcome, Outcome::N);
/// assert_eq!(analysis.winning_moves.len(), 2);
/// ```
pub fn analyse_loopy_sum(graph: &Digraph, solved: &SolvedGraph, positions: &[u32]) -> Result<LoopyAnalysis> {
    if let Some(&bad) = positions.iter().find(|&&u| u as usize >= graph.len()) {
        return Err(Error::InvalidPosition(format!("position {bad} is not in the graph")));
    }
    let (outcome, method) = solved.outcome(graph, positions)?;
    let value_of = |u: u32| solved.values.as_ref().map(|v| v.get(graph, u));
    let value = positions.iter().try_fold(LoopyValue::Finite(0), |sum, &u| Some(sum.add(&value_of(u)?)));
    let mut analysis = LoopyAnalysis {
        outcome,
        method,
        value,
        component_values: positions.iter().map(|&u| value_of(u)).collect(),
        remoteness: positions.iter().map(|&u| solved.retrograde.remoteness[u as usize]).collect(),
        winning_moves: Vec::new(),
        drawing_moves: Vec::new(),
    };
    let mut after = positions.to_vec();
    for (component, &u) in positions.iter().enumerate() {
        for &to in graph.options(u) {
            after[component] = to;
            let result = solved.outcome(graph, &after)?.0;
            match (outcome, result) {
                (Outcome::N, Outcome::P) => analysis.winning_moves.push(LoopyMove { component, to }),
                (Outcome::Draw, Outcome::Draw) => analysis.drawing_moves.push(LoopyMove { component, to }),
                _ => {}
            }
        }
        after[component] = u;
    }
    Ok(analysis)
}
