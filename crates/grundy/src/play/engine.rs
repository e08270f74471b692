//! How the engine judges a position of a game in progress.
//!
//! A game in progress is a sum of components. The engine plays perfectly by
//! solving the **whole sum as one game** once, at the start: every sum
//! reachable from the starting one is a vertex of a [`Digraph`] and
//! retrograde analysis gives each its outcome and **remoteness** (moves
//! to the end when the winner hurries and the loser delays; Steinhaus
//! 1925, Smith 1966). Positions met later in the game, after undo as well,
//! are all in that graph. This one method serves normal and misère play,
//! races with draws, and loopy games alike.
//!
//! Where the whole sum is too large to explore (a long Nim game, a Cram
//! strip of 30 cells), normal play falls back on nim-values: the winning
//! moves are exact (to a sum of nim-value 0), but remoteness is lost —
//! Smith's remoteness of a disjunctive sum is not a function of its parts'
//! values, so a solver that values a sum by its parts cannot give it. The
//! engine then stands in for remoteness with the number of legal moves an
//! option leaves: a winner moves to the P-position that leaves the fewest,
//! a loser to the option that leaves the most (said so in the hint).
//!
//! The nim-values come from the plain memoized search of whole sums, or,
//! for games with a faster solver, from a [`NimOracle`]: the pruned search
//! of big boards ([`crate::solve::pruned`]) values a Cram board by its
//! regions, where the plain search meets every subset of the board. With
//! an oracle the engine explores only [`ORACLE_EXPLORED_SUMS`] sums before
//! falling back, since the oracle answers big games in a moment.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::game::{Convention, Game, Goal, Options, Outcome};
use crate::solve::loopy::{retrograde, Digraph};
use crate::solve::Search;

/// The most sums the engine explores before falling back on nim-values.
pub const MAX_EXPLORED_SUMS: usize = 1_000_000;

/// The most memory the sums of the explored graph, or the options of one
/// sum, may take (1 GiB): a million sums of a few components take tens of
/// megabytes, of a thousand components gigabytes.
const MAX_GRAPH_BYTES: u128 = 1 << 30;

/// The most sums explored before falling back on a [`NimOracle`]: small
/// boards are still solved whole (with remoteness), and exploring a board
/// too big for that costs a few hundredths of a second before the fallback.
pub const ORACLE_EXPLORED_SUMS: usize = 20_000;

/// Where it has values to fall back on, the moves the engine explores per
/// sum of its limit before it judges by them instead: about a second's listing of
/// moves at the default limit (a row of a thousand coins took minutes to
/// explore to a million sums, most of them with half a million moves).
pub const MOVES_PER_EXPLORED_SUM: usize = 8;

/// Where it has values to fall back on, how long the engine explores
/// before it judges by them instead. The bounds above count sums and
/// moves, not what each costs: a Hackenbush path of a thousand edges has
/// a thousand sums below it, but each move is a graph to put in order, so
/// exploring took 17 s before the first prompt, and a star of 2,048 edges
/// over 20 s. Games small enough to solve whole are explored in
/// milliseconds, far inside this bound, so how they are judged does not
/// depend on the machine.
pub const MAX_EXPLORE_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// The nim-value of a sum of positions, from a solver faster than the
/// plain search (the pruned search of Cram, Chomp, Node Kayles).
pub type NimOracle<'g, P> = Box<dyn Fn(&[P]) -> Result<u64> + 'g>;

/// The outcome of a sum of positions in the session's convention, from
/// the game's own solver: its nim-values in normal play, its misère
/// analysis in misère play (the tame rule values a Nim heap of a million,
/// whose sums no graph holds).
pub type OutcomeOracle<'g, P> = Box<dyn Fn(&[P]) -> Result<Outcome> + 'g>;

/// What the engine knows about a sum: who wins it (for the player to
/// move) and, where it could solve the whole sum, in how many moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub outcome: Outcome,
    /// `None` for draws, and where only nim-values are known.
    pub remoteness: Option<u64>,
}

/// The sums of a game, as one game: a position is the sorted list of its
/// components; a move replaces one component by the parts of one of its
/// options.
pub(crate) struct Sums<'g, G: Game> {
    pub game: &'g G,
    pub stuck: StuckRule<G>,
}

/// The outcome of a stuck sum for the player to move.
pub(crate) type StuckRule<G> = fn(&G, &[<G as Game>::Position]) -> Outcome;

/// A legal move: in component `component`, to the sum of `parts`. The sum
/// it leaves is made when asked ([`Move::after`]): a list of every move's
/// sum held a copy of the whole sum a move, so a sum of a thousand heaps
/// with a million and a half moves asked for 12 GB.
#[derive(Clone)]
pub(crate) struct Move<P> {
    pub component: usize,
    pub parts: Vec<P>,
}

impl<P: Clone> Move<P> {
    /// The sum this move leaves from `sum` (not sorted).
    pub fn after(&self, sum: &[P]) -> Vec<P> {
        let mut next: Vec<P> = Vec::with_capacity(sum.len() + self.parts.len());
        next.extend(sum.iter().enumerate().filter(|&(j, _)| j != self.component).map(|(_, c)| c.clone()));
        next.extend(self.parts.iter().cloned());
        next
    }
}

impl<G: Game> Sums<'_, G>
where
    G::Position: Ord,
{
    /// Every legal move from `sum`, component by component.
    pub fn moves(&self, sum: &[G::Position]) -> Vec<Move<G::Position>> {
        let mut options = Options::new();
        let mut moves = Vec::new();
        for (i, component) in sum.iter().enumerate() {
            options.clear();
            self.game.options(component, &mut options);
            for parts in options.iter() {
                moves.push(Move { component: i, parts: parts.to_vec() });
            }
        }
        moves
    }

    /// How many [`Sums::moves`] `sum` has, without making them: each move
    /// is a list of parts of its own, and a heap of Nim of ten million has
    /// ten million.
    pub fn move_count(&self, sum: &[G::Position]) -> usize {
        let mut options = Options::new();
        sum.iter()
            .map(|component| {
                options.clear();
                self.game.options(component, &mut options);
                options.len()
            })
            .sum()
    }

    /// The first of [`Sums::moves`], without listing the others (a heap of
    /// Nim of ten million has ten million): whether the sum has a move, and
    /// an example of one.
    pub fn first_move(&self, sum: &[G::Position]) -> Option<Move<G::Position>> {
        let mut options = Options::new();
        sum.iter().enumerate().find_map(|(component, position)| {
            options.clear();
            self.game.options(position, &mut options);
            options.iter().next().map(|parts| Move { component, parts: parts.to_vec() })
        })
    }
}

impl<G: Game> Game for Sums<'_, G>
where
    G::Position: Ord,
{
    type Position = Vec<G::Position>;

    fn options(&self, sum: &Vec<G::Position>, options: &mut Options<Vec<G::Position>>) {
        for m in self.moves(sum) {
            let mut next = m.after(sum);
            next.sort();
            options.push(next);
        }
    }
}

impl<G: Game> Goal for Sums<'_, G>
where
    G::Position: Ord,
{
    fn stuck_outcome(&self, sum: &Vec<G::Position>) -> Outcome {
        (self.stuck)(self.game, sum)
    }
}

/// The engine's knowledge of every sum reachable from the start.
pub(crate) enum Judge<'g, G: Game> {
    /// The whole sum solved: outcome and remoteness of every reachable sum.
    Solved { index: FxHashMap<Vec<G::Position>, usize>, outcomes: Vec<Outcome>, remoteness: Vec<Option<u64>> },
    /// Too many sums: normal play by nim-values of the plain search.
    NimValues(Search<&'g G, crate::solve::NormalPlay>),
    /// Too many sums: outcomes from the game's own solver.
    Oracle(OutcomeOracle<'g, G::Position>),
}

impl<'g, G: Game> Judge<'g, G>
where
    G::Position: Ord + Hash + Clone + std::fmt::Debug,
{
    /// Explores at most `limit` sums from `start`; past that, normal play
    /// falls back on `oracle`, or without one on the plain search.
    pub fn new(
        sums: &Sums<'g, G>,
        start: &[G::Position],
        convention: Convention,
        limit: usize,
        oracle: Option<OutcomeOracle<'g, G::Position>>,
    ) -> Result<Self> {
        let mut start = start.to_vec();
        start.sort();
        // (Without a way out, misère play takes the whole graph however many
        // moves it has; with values to fall back on, play stops exploring.)
        let falls_back = convention == Convention::Normal || (convention == Convention::Misere && oracle.is_some());
        let max_moves = match falls_back {
            true => limit.saturating_mul(MOVES_PER_EXPLORED_SUM),
            false => usize::MAX,
        };
        // Every sum the graph holds is a list of components, kept twice,
        // and a sum's expansion lists each option as a whole sum: a sum of
        // a thousand heaps (of 1,001 to 2,000, 1.5 million moves) asked for
        // 12 GB at its first expansion and 16 GB for a million sums. Both
        // are bounded by their bytes, not their number.
        let width = (start.len().max(1) * std::mem::size_of::<G::Position>()) as u128;
        let limit = limit.min((MAX_GRAPH_BYTES / (2 * width + 64)) as usize);
        let first_expansion = sums.move_count(&start) as u128 * width;
        // (A server's request has a memory budget of its own, a quarter of
        // this bound by default: five Nim heaps near two million, ten
        // million options, took 2.5 GB of a 256 MB budget.)
        let within_budget = crate::watch::charge("the game graph (the first sum's options)", first_expansion).is_ok();
        let explored = match first_expansion > MAX_GRAPH_BYTES || !within_budget {
            true => Err(Error::TooLarge {
                what: "the game graph (the first sum's options)".into(),
                needed: first_expansion,
                limit: MAX_GRAPH_BYTES,
                unit: "bytes",
            }),
            false => {
                let until = falls_back.then(|| std::time::Instant::now() + MAX_EXPLORE_TIME);
                Digraph::explore_within(sums, &[start], limit, max_moves, until)
            }
        };
        match explored {
            Ok((graph, positions)) => {
                let solved = retrograde(&graph)?;
                let index = positions.into_iter().enumerate().map(|(i, p)| (p, i)).collect();
                Ok(Judge::Solved { index, outcomes: solved.outcomes, remoteness: solved.remoteness })
            }
            Err(Error::TooLarge { .. }) if falls_back => Ok(match oracle {
                Some(oracle) => Judge::Oracle(oracle),
                None => Judge::NimValues(Search::normal_play(sums.game)),
            }),
            Err(Error::TooLarge { limit, unit, .. }) => Err(Error::TooLarge {
                what: "perfect play of this sum (every sum reachable from it)".into(),
                needed: Error::PAST_LIMIT,
                limit,
                unit,
            }),
            Err(other) => Err(other),
        }
    }

    /// The judgement of `sum` (any order of components).
    pub fn judge(&mut self, sum: &[G::Position]) -> Result<Judgement> {
        match self {
            Judge::Solved { index, outcomes, remoteness } => {
                let mut key = sum.to_vec();
                key.sort();
                let &i = index
                    .get(&key)
                    .ok_or_else(|| Error::InvalidPosition("this position was not reachable from the start".into()))?;
                Ok(Judgement { outcome: outcomes[i], remoteness: remoteness[i] })
            }
            Judge::NimValues(search) => {
                Ok(Judgement { outcome: Outcome::of_nim_value(search.nim_value_of_sum(sum)?), remoteness: None })
            }
            Judge::Oracle(outcome) => Ok(Judgement { outcome: outcome(sum)?, remoteness: None }),
        }
    }

    pub fn solved(&self) -> bool {
        matches!(self, Judge::Solved { .. })
    }
}
