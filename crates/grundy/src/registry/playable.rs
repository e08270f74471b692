//! One object-safe front door for every game in the registry.
//!
//! [`Playable`] is what a front end holds: a game with its positions as
//! text and its answers as typed [`Report`]s and [`ValueTable`]s. It is
//! `Send + Sync`, and the sessions behind it ([`NormalGame`], [`GoalGame`])
//! own their game and keep their search's memo between questions, so a
//! long-lived process (a Python object, a server) answers the second
//! question about a game from what the first one computed.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard};

use super::Asked;
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::game::Notation;
use crate::play::{Picture, PlaySession, Session};
use crate::report::{Report, ValueTable};
use crate::solve::Decision;

/// A game the front ends can use without knowing its Rust type: positions
/// come and go as text, answers as [`Report`] and [`ValueTable`].
pub trait Playable: Send + Sync {
    /// The game's description, as the user wrote it.
    fn name(&self) -> &str;
    /// Outcome, value and every winning move of the sum of `positions`
    /// (normal play).
    fn solve(&self, positions: &[String]) -> Result<Report> {
        self.solve_in(positions, Convention::Normal)
    }
    /// The same under another convention (misère, Every-SG).
    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report>;
    /// The values of positions `(row, column)` over the given ranges
    /// (`columns` is `None` for one-coordinate games).
    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<ValueTable>;
    /// Plays the sum of `positions` against the engine: builds a game in
    /// progress and hands it to `run` (the session may borrow a game built
    /// for this request, hence the callback).
    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()>;
    /// Checks the notation on the positions reachable from `positions` (at
    /// most `limit`): each one written and read back is the same position
    /// ([`crate::game::check_round_trips`]). Returns how many were checked;
    /// the error names the first position that reads back wrong.
    fn check_notation(&self, positions: &[String], limit: usize) -> Result<usize>;
    /// Whether misère sums are decided by a misère quotient where one
    /// covers them (heap games), so a quotient given in the options is used.
    fn uses_misere_quotient(&self) -> bool {
        false
    }
    /// Whether `solve` saves its work to [`crate::registry::SearchSettings::checkpoint`]
    /// (the pruned search's games); front ends refuse a checkpoint to the
    /// others up front rather than promise a save that never happens.
    fn keeps_checkpoint(&self) -> bool {
        false
    }
    /// Makes the session's searches watch `flag` (a Ctrl-C handler's):
    /// once it is raised they return [`Error::Interrupted`], keeping what
    /// they had valued. Sessions whose work is short or that get the flag
    /// another way ([`super::SearchSettings`](crate::registry::SearchSettings)) ignore it.
    fn set_interrupt(&mut self, _flag: Arc<AtomicBool>) {}
    /// Answers `solve` with less than every winning move (`--value-only`,
    /// `--outcome-only`), where listing the moves costs far more than the
    /// value: a position with millions of options. Sessions whose moves
    /// come as cheaply as their answer (races, loopy graphs, formulas)
    /// list them anyway.
    fn set_asked(&mut self, _asked: Asked) {}
    /// Decides misère sums by `method` (only [`Decision::Canonical`], misère
    /// canonical forms, is offered, by the games with misère play).
    fn set_misere_method(&mut self, method: Decision) -> Result<()> {
        Err(Error::Unsupported {
            game: self.name().to_string(),
            question: format!("misère play by {method}"),
            why: "this game decides misère play only its own way, if at all (leave out --method)".into(),
        })
    }
}

/// What a front end does with a game in progress (see [`Playable::play`]).
pub type PlayLoop<'a> = dyn FnMut(&mut dyn PlaySession) -> Result<()> + 'a;

/// Makes a table of a game over a range of rows and (optionally) columns.
pub type Tabulator<G> = fn(&G, RangeInclusive<u64>, Option<RangeInclusive<u64>>) -> Result<ValueTable>;

pub(super) fn tabulate_or_explain<G>(
    name: &str,
    game: &G,
    tabulate: Option<Tabulator<G>>,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    match tabulate {
        Some(tabulate) => Ok(ValueTable { game: name.to_string(), ..tabulate(game, rows, columns)? }),
        None => Err(Error::Unsupported {
            game: name.to_string(),
            question: "a table".into(),
            why: "its positions are not one or two numbers, so it has no table".into(),
        }),
    }
}

/// The search behind a session, whatever a panicking caller left: the
/// memo only ever holds finished values, so it is sound to keep using.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
pub(super) fn with_picture<G: Notation>(session: Session<'_, G>, picture: Option<Picture<G>>) -> Session<'_, G>
where
    G::Position: Debug + Ord + Hash,
{
    match picture {
        Some(picture) => session.with_picture(picture),
        None => session,
    }
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
