//! One object-safe front door for every game in the registry.
//!
//! [`Playable`] is what a front end holds: a game with its positions as
//! text and its answers as typed [`Report`]s and [`Table`]s. It is
//! `Send + Sync`, and the sessions behind it ([`NormalGame`], [`GoalGame`])
//! own their game and keep their search's memo between questions, so a
//! long-lived process (a Python object, a server) answers the second
//! question about a game from what the first one computed.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};

use super::report::{ComponentReport, Convention, MoveReport, Play, Report, Table};
use crate::catalogue::Notation;
use crate::error::{Error, Result};
use crate::game::Goal;
use crate::play::{Picture, PlaySession, Session};
use crate::solve::loopy::{retrograde, Digraph};
use crate::solve::misere::MisereSums;
use crate::solve::quotient::MisereOracle;
use crate::solve::remoteness::{every_sg_outcome, SuspensePlay};
use crate::solve::{analyse_goal, analyse_sum, GoalPlay, Method, NormalPlay, Search};

/// A game the front ends can use without knowing its Rust type: positions
/// come and go as text, answers as [`Report`] and [`Table`].
pub trait Playable: Send + Sync {
    /// The game's description, as the user wrote it.
    fn name(&self) -> &str;
    /// Outcome, value and every winning move of the sum of `positions`
    /// (normal play).
    fn solve(&self, positions: &[String]) -> Result<Report> {
        self.solve_in(positions, Play::Normal)
    }
    /// The same under another convention (misère, Every-SG).
    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report>;
    /// The values of positions `(row, column)` over the given ranges
    /// (`columns` is `None` for one-coordinate games).
    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table>;
    /// Plays the sum of `positions` against the engine: builds a game in
    /// progress and hands it to `run` (the session may borrow a game built
    /// for this request, hence the callback).
    fn play(&self, positions: &[String], misere: bool, run: &mut PlayLoop<'_>) -> Result<()>;
    /// Whether misère sums are decided by a misère quotient where one
    /// covers them (heap games), so a quotient given in the options is used.
    fn uses_misere_quotient(&self) -> bool {
        false
    }
    /// Whether `solve` saves its work to [`super::SearchSettings::checkpoint`]
    /// (the pruned search's games); front ends refuse a checkpoint to the
    /// others up front rather than promise a save that never happens.
    fn keeps_checkpoint(&self) -> bool {
        false
    }
    /// Makes the session's searches watch `flag` (a Ctrl-C handler's):
    /// once it is raised they return [`Error::Interrupted`], keeping what
    /// they had valued. Sessions whose work is short or that get the flag
    /// another way ([`super::SearchSettings`]) ignore it.
    fn set_interrupt(&mut self, _flag: Arc<AtomicBool>) {}
    /// Decides misère sums by `method` (only [`Method::Canonical`], misère
    /// canonical forms, is offered, by the games with misère play).
    fn set_misere_method(&mut self, method: Method) -> Result<()> {
        Err(Error::Unsupported {
            game: self.name().to_string(),
            question: format!("misère play by {method}"),
            why: "this game decides misère play only its own way, if at all".into(),
        })
    }
}

/// What a front end does with a game in progress (see [`Playable::play`]).
pub type PlayLoop<'a> = dyn FnMut(&mut dyn PlaySession) -> Result<()> + 'a;

/// Makes a table of a game over a range of rows and (optionally) columns.
pub type Tabulator<G> = fn(&G, RangeInclusive<u64>, Option<RangeInclusive<u64>>) -> Result<Table>;

/// How a [`NormalGame`] searches: plain, decomposing, or by closed form.
pub type SearchOf<G> = fn(Arc<G>) -> Search<Arc<G>, NormalPlay>;

fn tabulate_or_explain<G>(
    name: &str,
    game: &G,
    tabulate: Option<Tabulator<G>>,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<Table> {
    match tabulate {
        Some(tabulate) => Ok(Table { game: name.to_string(), ..tabulate(game, rows, columns)? }),
        None => Err(Error::Unsupported {
            game: name.to_string(),
            question: "a table".into(),
            why: "its positions are not one or two numbers, so it has no table".into(),
        }),
    }
}

/// The search behind a session, whatever a panicking caller left: the
/// memo only ever holds finished values, so it is sound to keep using.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A game with normal-play nim-values: sums, every winning move, and misère
/// and Every-SG play. It keeps one normal-play search (and its memo) for
/// its whole life.
pub struct NormalGame<G: Notation + Send + Sync + 'static>
where
    G::Position: Debug + Ord + Hash + Send,
{
    name: String,
    game: Arc<G>,
    search: Mutex<Search<Arc<G>, NormalPlay>>,
    misere: Mutex<MisereSums<Arc<G>>>,
    tabulate: Option<Tabulator<G>>,
    picture: Option<Picture<G>>,
}

impl<G: Notation + Send + Sync + 'static> NormalGame<G>
where
    G::Position: Debug + Ord + Hash + Send,
{
    /// `search` builds the search to use (plain, decomposing, or closed form);
    /// `tabulate` makes tables, where the game has them.
    pub fn new(name: impl Into<String>, game: G, search: SearchOf<G>, tabulate: Option<Tabulator<G>>) -> Self {
        let game = Arc::new(game);
        NormalGame {
            name: name.into(),
            search: Mutex::new(search(Arc::clone(&game))),
            misere: Mutex::new(MisereSums::new(Arc::clone(&game))),
            game,
            tabulate,
            picture: None,
        }
    }

    /// Draws positions with `picture` in `play` (heaps stay numbers without one).
    pub fn with_picture(mut self, picture: Picture<G>) -> Self {
        self.picture = Some(picture);
        self
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// Decides misère sums by `quotient` wherever it covers them.
    pub fn with_misere_quotient(self, quotient: Box<dyn MisereOracle<G::Position>>) -> Self {
        NormalGame { misere: Mutex::new(MisereSums::new(Arc::clone(&self.game)).with_quotient(quotient)), ..self }
    }

    /// The components of the given positions, split where the game decomposes.
    fn components(&self, positions: &[String]) -> Result<Vec<G::Position>> {
        let parsed = parse_all(&*self.game, positions)?;
        let search = lock(&self.search);
        Ok(parsed.iter().flat_map(|p| search.components(p)).collect())
    }

    fn show(&self, position: &G::Position) -> String {
        self.game.format_position(position)
    }

    fn solve_normal(&self, positions: &[String]) -> Result<Report> {
        let parsed = parse_all(&*self.game, positions)?;
        let analysis = analyse_sum(&mut lock(&self.search), &parsed)?;
        let mut report = Report::new(&self.name, Convention::Normal, positions, analysis.outcome);
        report.nim_value = Some(analysis.nim_value);
        for (p, &v) in analysis.components.iter().zip(&analysis.component_values) {
            report.components.push(ComponentReport { nim_value: Some(v), ..ComponentReport::new(self.show(p)) });
        }
        report.winning_moves = analysis
            .winning_moves
            .iter()
            .map(|m| MoveReport {
                component: m.component,
                from: self.show(&analysis.components[m.component]),
                to: m.option.iter().map(|p| self.show(p)).collect(),
                nim_value: Some(m.option_value),
            })
            .collect();
        Ok(report)
    }

    /// Misère: every component's genus; the tame-genus rule when all are
    /// tame, exact search otherwise; every move to a misère P-position
    /// ([`MisereSums`], kept for the session: each genus computed once).
    fn solve_misere(&self, positions: &[String]) -> Result<Report> {
        let components = self.components(positions)?;
        let analysis = lock(&self.misere).analyse(&components)?;
        let mut report = Report::new(&self.name, Convention::Misere, positions, analysis.outcome);
        report.method = Some(analysis.method);
        report.note = analysis.note;
        // Decided by the misère quotient, a sum has no genera (they would
        // cost an exponential search each).
        let mut genera = analysis.genera.into_iter();
        let mut forms = analysis.canonical_forms.into_iter();
        for component in &components {
            let genus = genera.next();
            report.components.push(ComponentReport {
                nim_value: genus.as_ref().map(|g| g.nim_value),
                genus,
                misere_canonical_form: forms.next(),
                ..ComponentReport::new(self.show(component))
            });
        }
        report.winning_moves = analysis
            .winning_moves
            .iter()
            .map(|m| MoveReport {
                component: m.component,
                from: self.show(&components[m.component]),
                to: m.option.iter().map(|p| self.show(p)).collect(),
                nim_value: None,
            })
            .collect();
        Ok(report)
    }

    /// Every-SG: each component's suspense number; the largest decides.
    fn solve_every(&self, positions: &[String]) -> Result<Report> {
        let components = self.components(positions)?;
        let mut search = Search::new(&*self.game, SuspensePlay);
        let mut suspense = Vec::with_capacity(components.len());
        for component in &components {
            suspense.push(search.value(component).map_err(|e| match e {
                Error::SumNotSupported { .. } => Error::Unsupported {
                    game: self.name.clone(),
                    question: "Every-SG play".into(),
                    why: "it needs moves to single positions, and this game splits positions".into(),
                },
                other => other,
            })?);
        }
        let mut report = Report::new(&self.name, Convention::Every, positions, every_sg_outcome(&suspense));
        report.method = Some(Method::Suspense);
        for (component, s) in components.iter().zip(&suspense) {
            report
                .components
                .push(ComponentReport { suspense: Some(s.moves), ..ComponentReport::new(self.show(component)) });
        }
        Ok(report)
    }
}

impl<G: Notation + Send + Sync + 'static> Playable for NormalGame<G>
where
    G::Position: Debug + Ord + Hash + Send,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn uses_misere_quotient(&self) -> bool {
        lock(&self.misere).has_quotient()
    }

    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        lock(&self.search).set_interrupt(Arc::clone(&flag));
        lock(&self.misere).set_interrupt(flag);
    }

    fn set_misere_method(&mut self, method: Method) -> Result<()> {
        match method {
            Method::Canonical => {
                lock(&self.misere).use_canonical_forms();
                Ok(())
            }
            _ => Err(Error::Unsupported {
                game: self.name.clone(),
                question: format!("misère play by {method}"),
                why: "the method is the library's choice unless it is canonical (canonical forms)".into(),
            }),
        }
    }

    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report> {
        match play {
            Play::Normal => self.solve_normal(positions),
            Play::Misere => self.solve_misere(positions),
            Play::Every => self.solve_every(positions),
        }
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table> {
        tabulate_or_explain(&self.name, &*self.game, self.tabulate, rows, columns)
    }

    fn play(&self, positions: &[String], misere: bool, run: &mut PlayLoop<'_>) -> Result<()> {
        let session = Session::new(&*self.game, parse_all(&*self.game, positions)?, misere)?;
        run(&mut with_picture(session, self.picture))
    }
}

fn with_picture<G: Notation>(session: Session<'_, G>, picture: Option<Picture<G>>) -> Session<'_, G>
where
    G::Position: Debug + Ord + Hash,
{
    match picture {
        Some(picture) => session.with_picture(picture),
        None => session,
    }
}

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
    /// [`MAX_RACE_POSITIONS`] may be reached, before any search.
    pub fn with_reachable_bound(mut self, bound: ReachableBound<G>) -> Self {
        self.reachable = Some(bound);
        self
    }

    fn check_size(&self, position: &G::Position, text: &str) -> Result<()> {
        let Some(bound) = self.reachable else { return Ok(()) };
        let limit = MAX_RACE_POSITIONS as u128;
        // Counted exactly well past the limit, so the message says how far.
        let cap = limit * 1000;
        match bound(&self.game, position, cap) {
            reachable if reachable > cap => Err(Error::InvalidPosition(format!(
                "too large: the race from {text} may reach more than {cap} positions, more than the limit of {limit}"
            ))),
            reachable if reachable > limit => Err(Error::TooLarge {
                what: format!("the race from {text} (the positions it may reach)"),
                needed: reachable,
                limit,
                unit: "positions",
            }),
            _ => Ok(()),
        }
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

    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        lock(&self.search).set_interrupt(flag);
    }

    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report> {
        if play != Play::Normal {
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
        let from = self.game.format_position(&parsed);
        let mut report = Report::new(&self.name, Convention::Goal, positions, analysis.outcome);
        report.components.push(ComponentReport {
            remoteness: remoteness_of(&*self.game, &parsed)?,
            ..ComponentReport::new(from.clone())
        });
        report.set_race_moves(&from, analysis.best_moves.iter().map(|to| self.game.format_position(to)));
        Ok(report)
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table> {
        tabulate_or_explain(&self.name, &*self.game, self.tabulate, rows, columns)
    }

    fn play(&self, positions: &[String], misere: bool, run: &mut PlayLoop<'_>) -> Result<()> {
        if misere {
            return Err(Error::Unsupported {
                game: self.name.clone(),
                question: "misère play".into(),
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
    Ok(retrograde(&graph).remoteness[0])
}

pub(super) fn parse_all<G: Notation>(game: &G, positions: &[String]) -> Result<Vec<G::Position>> {
    if positions.is_empty() {
        return Err(Error::InvalidPosition("no position given".into()));
    }
    positions.iter().map(|p| game.parse_position(p)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_send_sync<T: Send + Sync + ?Sized>() {}

    #[test]
    fn sessions_can_move_between_threads() {
        assert_send_sync::<dyn Playable>();
        assert_send_sync::<Box<dyn Playable>>();
    }
}
