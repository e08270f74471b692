//! A game given as an explicit finite graph, cycles allowed.
//!
//! The loopy-game solvers ([`crate::solve::loopy`]) work on this form;
//! [`Digraph::explore`] turns any [`Goal`] game into it, and
//! [`crate::catalogue::GraphGame`] reads one from a file.

use std::hash::Hash;
use std::time::Instant;

use rustc_hash::FxHashMap;

use super::{Goal, Options, Outcome};
use crate::error::{Error, Result};

/// A finite game graph in compressed form: positions `0..len`, their
/// options, and what a stuck position means for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    /// Options of position `u`: `targets[offsets[u]..offsets[u + 1]]`.
    offsets: Vec<usize>,
    targets: Vec<u32>,
    /// The outcome of each position if it is stuck (ignored otherwise).
    stuck: Vec<Outcome>,
}

impl Digraph {
    /// A graph from each position's options and stuck outcome.
    pub fn new(options: Vec<Vec<u32>>, stuck: Vec<Outcome>) -> Result<Self> {
        let len = options.len();
        if stuck.len() != len {
            return Err(Error::InvalidGame("every position needs a stuck outcome".into()));
        }
        let mut offsets = Vec::with_capacity(len + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for (u, list) in options.into_iter().enumerate() {
            if let Some(&bad) = list.iter().find(|&&v| v as usize >= len) {
                return Err(Error::InvalidGame(format!("position {u} moves to {bad}, which does not exist")));
            }
            targets.extend(list);
            offsets.push(targets.len());
        }
        Ok(Digraph { offsets, targets, stuck })
    }

    /// A graph from flat arrays (`offsets` has one more entry than positions).
    pub fn from_parts(offsets: Vec<usize>, targets: Vec<u32>, stuck: Vec<Outcome>) -> Result<Self> {
        let ok = offsets.len() == stuck.len() + 1
            && offsets.first() == Some(&0)
            && offsets.last() == Some(&targets.len())
            && offsets.windows(2).all(|w| w[0] <= w[1])
            && targets.iter().all(|&v| (v as usize) < stuck.len());
        if !ok {
            return Err(Error::InvalidGame("the graph's arrays do not fit together".into()));
        }
        Ok(Digraph { offsets, targets, stuck })
    }

    /// Every position reachable from `starts` in a [`Goal`] game (whose
    /// positions may repeat: cycles are fine here), numbered in the order
    /// found; returns the graph and the positions by number. Past `limit`
    /// positions, [`Error::TooLarge`].
    pub fn explore<G: Goal>(game: &G, starts: &[G::Position], limit: usize) -> Result<(Self, Vec<G::Position>)>
    where
        G::Position: Hash + Eq + Clone,
    {
        Self::explore_within(game, starts, limit, usize::MAX, None)
    }

    /// [`Digraph::explore`], also stopping past `max_moves` moves, and at
    /// `until`: where a caller has a cheaper way out, a graph of few
    /// positions but enormous degree (a row of a thousand coins has half a
    /// million moves, and most of its options as many) is not worth
    /// building, nor one whose positions are large: the moves of a
    /// Hackenbush path of a thousand edges are only half a million, but
    /// each is a graph of hundreds of edges to put in order and hash, 17 s
    /// in all.
    pub fn explore_within<G: Goal>(
        game: &G,
        starts: &[G::Position],
        limit: usize,
        max_moves: usize,
        until: Option<Instant>,
    ) -> Result<(Self, Vec<G::Position>)>
    where
        G::Position: Hash + Eq + Clone,
    {
        let mut number: FxHashMap<G::Position, u32> = FxHashMap::default();
        let mut positions: Vec<G::Position> = Vec::new();
        let mut offsets = vec![0];
        let mut targets = Vec::new();
        let mut stuck = Vec::new();
        for start in starts {
            if !number.contains_key(start) {
                number.insert(start.clone(), positions.len() as u32);
                positions.push(start.clone());
            }
        }
        let mut options = Options::new();
        let mut next = 0;
        // The current watch ([`crate::Watch`]) may stop the exploration,
        // and its memory budget bounds the graph: each position costs its
        // key twice (the list and the numbering) and a few words. A
        // position weighs as much as its moves: listing them is the work
        // (a sum of hundreds of heaps has thousands), and a look every
        // 4096 such positions would come seconds after a stop.
        let mut poll = crate::watch::Poll::new();
        let per_position = 2 * std::mem::size_of::<G::Position>() as u128 + 32;
        crate::watch::stage("exploring the game's positions");
        while next < positions.len() {
            if next % crate::watch::POLL_EVERY as usize == 0 {
                crate::watch::charge("the game graph", positions.len() as u128 * per_position)?;
            }
            options.clear();
            game.options(&positions[next], &mut options);
            poll.step_weighing(options.len())?;
            for parts in options.iter() {
                let [part] = parts else {
                    return Err(Error::InvalidGame(
                        "a loopy game's moves must go to single positions, not sums".into(),
                    ));
                };
                let id = match number.get(part) {
                    Some(&id) => id,
                    None => {
                        if positions.len() >= limit {
                            return Err(Error::TooLarge {
                                what: "the game graph".into(),
                                needed: Error::PAST_LIMIT,
                                limit: limit as u128,
                                unit: "positions",
                            });
                        }
                        let id = positions.len() as u32;
                        number.insert(part.clone(), id);
                        positions.push(part.clone());
                        id
                    }
                };
                targets.push(id);
            }
            if targets.len() > max_moves {
                return Err(Error::TooLarge {
                    what: "the game graph".into(),
                    needed: targets.len() as u128,
                    limit: max_moves as u128,
                    unit: "moves",
                });
            }
            if until.is_some_and(|until| Instant::now() > until) {
                return Err(Error::TooLarge {
                    what: "the game graph".into(),
                    needed: Error::PAST_LIMIT,
                    limit: next as u128,
                    unit: "positions expanded in the time given",
                });
            }
            stuck.push(game.stuck_outcome(&positions[next]));
            offsets.push(targets.len());
            next += 1;
        }
        Ok((Digraph { offsets, targets, stuck }, positions))
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.stuck.len()
    }

    pub fn is_empty(&self) -> bool {
        self.stuck.is_empty()
    }

    /// The number of moves (edges).
    pub fn moves(&self) -> usize {
        self.targets.len()
    }

    /// The options of `u`.
    pub fn options(&self, u: u32) -> &[u32] {
        &self.targets[self.offsets[u as usize]..self.offsets[u as usize + 1]]
    }

    /// The outcome of `u` if it is stuck.
    pub fn stuck_outcome(&self, u: u32) -> Outcome {
        self.stuck[u as usize]
    }

    /// A stuck position labelled a win, if there is one (such a graph has no
    /// generalized values: a stuck win ends the whole game, which a sum cannot).
    pub fn stuck_win(&self) -> Option<u32> {
        (0..self.len() as u32).find(|&u| self.options(u).is_empty() && self.stuck_outcome(u) == Outcome::N)
    }

    /// For every position, the positions that can move to it (the reverse
    /// graph), built once and shared by retrograde analysis and the
    /// generalized values.
    pub(crate) fn predecessors(&self) -> Predecessors {
        let mut count = vec![0usize; self.len() + 1];
        for &v in &self.targets {
            count[v as usize + 1] += 1;
        }
        for i in 1..count.len() {
            count[i] += count[i - 1];
        }
        let mut fill = count.clone();
        let mut sources = vec![0u32; self.targets.len()];
        for u in 0..self.len() {
            for &v in self.options(u as u32) {
                sources[fill[v as usize]] = u as u32;
                fill[v as usize] += 1;
            }
        }
        Predecessors { offsets: count, sources }
    }
}

/// The reverse of a [`Digraph`], flat like it (offsets into one array of
/// sources), so that no position needs a list of its own.
#[derive(Clone, Debug)]
pub(crate) struct Predecessors {
    offsets: Vec<usize>,
    sources: Vec<u32>,
}

impl Predecessors {
    /// The positions with a move to `v` (one entry per move).
    pub(crate) fn of(&self, v: u32) -> &[u32] {
        &self.sources[self.offsets[v as usize]..self.offsets[v as usize + 1]]
    }
}
