//! Retrograde analysis: outcomes and remoteness on a graph with cycles.

use std::collections::VecDeque;

use super::Digraph;
use crate::error::Result;
use crate::game::{Outcome, Predecessors};
use crate::watch::Poll;

/// Outcome and remoteness of every position of a [`Digraph`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retrograde {
    pub outcomes: Vec<Outcome>,
    /// Moves until the game ends with perfect play — the winner hurrying,
    /// the loser delaying (Steinhaus; Smith 1966); `None` for draws.
    pub remoteness: Vec<Option<u64>>,
}

/// Solves a graph backwards from its stuck positions, in time linear in
/// positions plus moves.
///
/// Stuck positions take their outcome from the graph (a loss for the
/// player to move unless labelled otherwise). Then, breadth first: a
/// position with an option that is lost (for the player then to move) is
/// won, one more move away than the nearest such option; a position all of
/// whose options are won is lost, one more move away than the farthest.
/// Breadth-first order makes the first discovery the nearest and the last
/// the farthest. Whatever is never decided is a draw: from it, neither
/// player can force the game to end their way.
///
/// ```
/// use grundy::game::Outcome;
/// use grundy::solve::loopy::{retrograde, Digraph};
/// // 0 → 1 → 2 (stuck); 1 → 0 too: 1 wins by moving to 2; 0 loses.
/// let graph = Digraph::new(vec![vec![1], vec![0, 2], vec![]], vec![Outcome::P; 3]).unwrap();
/// let solved = retrograde(&graph).unwrap();
/// assert_eq!(solved.outcomes, [Outcome::P, Outcome::N, Outcome::P]);
/// assert_eq!(solved.remoteness, [Some(2), Some(1), Some(0)]);
/// ```
pub fn retrograde(graph: &Digraph) -> Result<Retrograde> {
    retrograde_with(graph, &graph.predecessors())
}

/// [`retrograde`] with the reverse graph already built (the command line
/// builds it once for this and the generalized values).
///
/// Stops with [`crate::Error::Interrupted`] when the current watch is stopped.
pub(crate) fn retrograde_with(graph: &Digraph, predecessors: &Predecessors) -> Result<Retrograde> {
    let len = graph.len();
    let mut poll = Poll::new();
    let mut outcomes = vec![Outcome::Draw; len];
    let mut remoteness: Vec<Option<u64>> = vec![None; len];
    let mut undecided_options: Vec<u32> = (0..len).map(|u| graph.options(u as u32).len() as u32).collect();
    let mut queue = VecDeque::new();
    for u in 0..len {
        if undecided_options[u] == 0 {
            let outcome = graph.stuck_outcome(u as u32);
            outcomes[u] = outcome;
            if outcome != Outcome::Draw {
                remoteness[u] = Some(0);
                queue.push_back(u as u32);
            }
        }
    }
    while let Some(v) = queue.pop_front() {
        poll.step()?;
        let r = remoteness[v as usize].expect("queued positions are decided") + 1;
        for &u in predecessors.of(v) {
            let u = u as usize;
            if remoteness[u].is_some() {
                continue;
            }
            match outcomes[v as usize] {
                Outcome::P => {
                    outcomes[u] = Outcome::N;
                    remoteness[u] = Some(r);
                    queue.push_back(u as u32);
                }
                Outcome::N => {
                    undecided_options[u] -= 1;
                    if undecided_options[u] == 0 {
                        outcomes[u] = Outcome::P;
                        remoteness[u] = Some(r);
                        queue.push_back(u as u32);
                    }
                }
                Outcome::Draw => unreachable!("draws are never queued"),
            }
        }
    }
    Ok(Retrograde { outcomes, remoteness })
}
