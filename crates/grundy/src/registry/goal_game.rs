//! Sessions of races to a goal: three-valued outcomes, with draws.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use super::playable::{lock, tabulate_or_explain, with_picture, PlayLoop, Playable, Tabulator};
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::game::Goal;
use crate::game::Notation;
use crate::play::{Picture, Session};
use crate::report::{Report, ValueTable};
use crate::solve::loopy::{retrograde, Digraph};
use crate::solve::{analyse_goal, GoalPlay, Search};

/// A race to a goal: three-valued outcomes, one position at a time. Keeps
/// one search (and its memo) for its whole life.
pub struct GoalGame<G: Goal + Notation + Send + Sync + 'static>
where
    G::Position: Debug + Hash + Send,
{
    name: String,
    game: Arc<G>,
    search: Mutex<Search<Arc<G>, GoalPlay>>,
    tabulate: Option<Tabulator<G>>,
    picture: Option<Picture<G>>,
    reachable: Option<ReachableBound<G>>,
}

/// An upper bound on the positions play can reach from a position, counted
/// up to a cap (see [`crate::catalogue::BoardGame::reachable_bound`]).
pub type ReachableBound<G> = fn(&G, &<G as crate::game::Game>::Position, u128) -> u128;

/// The most positions a race's graph may have ([`remoteness_of`] explores it).
pub const MAX_RACE_POSITIONS: usize = 10_000_000;

/// Refuses a position from which play may reach more than `limit`
/// positions, before any search: `reachable(cap)` counts them up to `cap`,
/// a thousand times the limit, so that the message says how far. `what`
/// (the race, the search) from `text`.
pub(super) fn refuse_beyond(reachable: impl FnOnce(u128) -> u128, text: &str, what: &str, limit: usize) -> Result<()> {
    let limit = limit as u128;
    let cap = limit * 1000;
    match reachable(cap) {
        reachable if reachable > cap => Err(Error::InvalidPosition(format!(
            "too large: {what} from {text} may reach more than {cap} positions, more than the limit of {limit}"
        ))),
        reachable if reachable > limit => Err(Error::TooLarge {
            what: format!("{what} from {text} (the positions it may reach)"),
            needed: reachable,
            limit,
            unit: "positions",
        }),
        _ => Ok(()),
    }
}

impl<G: Goal + Notation + Send + Sync + 'static> GoalGame<G>
where
    G::Position: Debug + Hash + Send,
{
    pub fn new(name: impl Into<String>, game: G, tabulate: Option<Tabulator<G>>) -> Self {
        let game = Arc::new(game);
        let search = Mutex::new(Search::goal_play(Arc::clone(&game)));
        GoalGame { name: name.into(), search, game, tabulate, picture: None, reachable: None }
    }

    /// Refuses positions from which `bound` says more than
    /// `MAX_RACE_POSITIONS` may be reached, before any search.
    pub fn with_reachable_bound(mut self, bound: ReachableBound<G>) -> Self {
        self.reachable = Some(bound);
        self
    }

    fn check_size(&self, position: &G::Position, text: &str) -> Result<()> {
        let Some(bound) = self.reachable else { return Ok(()) };
        refuse_beyond(|cap| bound(&self.game, position, cap), text, "the race", MAX_RACE_POSITIONS)
    }

    /// Draws positions with `picture` in `play`.
    pub fn with_picture(mut self, picture: Picture<G>) -> Self {
        self.picture = Some(picture);
        self
    }
}

impl<G: Goal + Notation + Send + Sync + 'static> Playable for GoalGame<G>
where
    G::Position: Debug + Hash + Ord + Send,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn check_notation(&self, positions: &[String], limit: usize) -> Result<usize> {
        crate::game::check_round_trips(&*self.game, &super::playable::parse_all(&*self.game, positions)?, limit)
    }

    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        lock(&self.search).set_interrupt(flag);
    }

    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report> {
        if !matches!(play, Convention::Normal | Convention::Goal) {
            return Err(Error::Unsupported {
                game: self.name.clone(),
                question: format!("{play} play"),
                why: "it is a race to a goal: misère and Every-SG play are not defined for it".into(),
            });
        }
        let [position] = positions else {
            return Err(Error::InvalidPosition(format!(
                "{} is a race to a goal: give one position (sums of races with draws are not supported), found {}",
                self.name,
                positions.len()
            )));
        };
        let parsed = self.game.parse_position(position)?;
        self.check_size(&parsed, position)?;
        let analysis = analyse_goal(&mut lock(&self.search), &parsed)?;
        let mut report = Report::of_goal(&self.name, &*self.game, positions, &parsed, &analysis);
        report.components[0].remoteness = remoteness_of(&*self.game, &parsed)?;
        Ok(report)
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<ValueTable> {
        tabulate_or_explain(&self.name, &*self.game, self.tabulate, rows, columns)
    }

    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        if !matches!(convention, Convention::Normal | Convention::Goal) {
            return Err(Error::Unsupported {
                game: self.name.clone(),
                question: match convention {
                    Convention::Misere => "misère play".into(),
                    other => format!("{other} play"),
                },
                why: "it is a race to a goal: misère play is not defined for it".into(),
            });
        }
        let [position] = positions else {
            return Err(Error::InvalidPosition(format!(
                "{} is a race to a goal: give one position, found {}",
                self.name,
                positions.len()
            )));
        };
        let parsed = self.game.parse_position(position)?;
        self.check_size(&parsed, position)?;
        let session = Session::goal(&*self.game, parsed)?;
        run(&mut with_picture(session, self.picture))
    }
}

/// The remoteness of a race position, by retrograde analysis of the graph
/// of positions it can reach (the loopy-game machinery).
fn remoteness_of<G: Goal>(game: &G, position: &G::Position) -> Result<Option<u64>>
where
    G::Position: Hash + Eq + Clone,
{
    let (graph, _) = Digraph::explore(game, std::slice::from_ref(position), MAX_RACE_POSITIONS)?;
    Ok(retrograde(&graph)?.remoteness[0])
}
