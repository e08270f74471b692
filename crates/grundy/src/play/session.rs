//! A game in progress: the sum on the table, its legal moves, the engine's
//! choice, and the history for undo.

use std::cell::RefCell;
use std::fmt::Debug;
use std::hash::Hash;

use super::engine::{
    Judge, Judgement, Move, NimOracle, OutcomeOracle, StuckRule, Sums, MAX_EXPLORED_SUMS, ORACLE_EXPLORED_SUMS,
};
use super::{Ending, Hint, PlaySession};
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::game::Notation;
use crate::game::{Goal, Outcome};

/// Draws out a sum for a person (a board as a grid, a field with its
/// revealed cells); the default writes the components joined by ` + `.
pub type Picture<G> = fn(&G, &[<G as crate::game::Game>::Position]) -> String;

/// The names a move answers to, the first as the engine writes it, for
/// games whose moves people name otherwise than `FROM -> TO` (minesweeper:
/// `click x,y`). Arguments: the game, the component moved in, the option's parts.
pub type MoveNames<G> =
    fn(&G, &<G as crate::game::Game>::Position, &[<G as crate::game::Game>::Position]) -> Vec<String>;

/// A position repeated this often, in a drawn position, ends the game as a draw.
const REPETITIONS_FOR_DRAW: usize = 3;

/// The most legal moves for which the engine, judging by nim-values, breaks
/// ties by counting each option's own moves (a listing per option).
const MAX_MOVES_COUNTED: usize = 10_000;

/// One game between a person and the engine, over any game with a notation.
pub struct Session<'g, G: Notation> {
    sums: Sums<'g, G>,
    judge: Judge<'g, G>,
    /// The sum as the player sees it: components in a stable order.
    sum: Vec<G::Position>,
    history: Vec<Vec<G::Position>>,
    picture: Option<Picture<G>>,
    names: Option<MoveNames<G>>,
    /// The rule of play, for hints that judge by values.
    convention: Convention,
    /// The last sum whose legal moves were listed for a `#k`, and that
    /// list. The server values a position's moves by playing `#1`, `#2`, …
    /// and taking each back: listing them again for each was quadratic,
    /// and 100,000 moves (a Nim heap) ran past its time limit.
    numbered: RefCell<Option<Listed<G::Position>>>,
}

/// A sum and its legal moves ([`Session::numbered_move`]).
type Listed<P> = (Vec<P>, Vec<Move<P>>);

/// Who wins a stuck sum in normal or misère play (the only conventions
/// in which a sum is played).
fn stuck_rule<G: crate::game::Game>(convention: Convention) -> Result<StuckRule<G>> {
    match convention {
        Convention::Normal => Ok(stuck_loses::<G>),
        Convention::Misere => Ok(stuck_wins::<G>),
        other => Err(Error::InvalidGame(format!("a sum is played here in normal or misère play, not {other} play"))),
    }
}

fn stuck_loses<G: crate::game::Game>(_: &G, _: &[G::Position]) -> Outcome {
    Outcome::P
}

fn stuck_wins<G: crate::game::Game>(_: &G, _: &[G::Position]) -> Outcome {
    Outcome::N
}

/// A sum of a loopy game with every part stuck ([`Session::loopy_sum`]):
/// a draw if a part is a stuck draw, else the mover loses.
fn stuck_in_loopy_sum<G: Goal>(game: &G, sum: &[G::Position]) -> Outcome {
    if sum.iter().any(|part| game.stuck_outcome(part) == Outcome::Draw) {
        Outcome::Draw
    } else {
        Outcome::P
    }
}

/// Races and loopy games: a stuck single position says who won; an empty
/// sum means the last mover ended play (they won).
fn stuck_by_goal<G: Goal>(game: &G, sum: &[G::Position]) -> Outcome {
    match sum {
        [position] => game.stuck_outcome(position),
        _ => Outcome::P,
    }
}

impl<'g, G: Notation> Session<'g, G>
where
    G::Position: Ord + Hash + Clone + Debug,
{
    /// Normal or misère play of the sum `start` (the other conventions are
    /// [`Session::goal`]'s, or have no game in progress).
    pub fn new(game: &'g G, start: Vec<G::Position>, convention: Convention) -> Result<Self> {
        Self::with_limit(game, start, convention, MAX_EXPLORED_SUMS)
    }

    /// The same, exploring at most `limit` sums before falling back on
    /// nim-values (normal play) or refusing (misère).
    pub fn with_limit(game: &'g G, start: Vec<G::Position>, convention: Convention, limit: usize) -> Result<Self> {
        Self::with_stuck(game, start, stuck_rule(convention)?, convention, limit, None)
    }

    /// Normal play of the sum `start`, solved whole when it is small (at
    /// most [`ORACLE_EXPLORED_SUMS`] sums) and otherwise judged by
    /// `nim_value`, the game's own solver of sums (the pruned search), which
    /// values big games the plain search cannot.
    pub fn with_oracle(game: &'g G, start: Vec<G::Position>, nim_value: NimOracle<'g, G::Position>) -> Result<Self> {
        Self::with_oracle_within(game, start, nim_value, ORACLE_EXPLORED_SUMS)
    }

    /// [`Session::with_oracle`], exploring at most `limit` sums: fewer for a
    /// game whose positions hold much more than their type's size (a
    /// minefield's cells), which the engine's bound on the graph's bytes
    /// cannot see.
    pub fn with_oracle_within(
        game: &'g G,
        start: Vec<G::Position>,
        nim_value: NimOracle<'g, G::Position>,
        limit: usize,
    ) -> Result<Self> {
        let outcome: OutcomeOracle<'g, G::Position> = Box::new(move |sum| nim_value(sum).map(Outcome::of_nim_value));
        Self::with_stuck(game, start, stuck_loses::<G>, Convention::Normal, limit, Some(outcome))
    }

    /// Normal or misère play of the sum `start`, solved whole when it is at
    /// most [`MAX_EXPLORED_SUMS`] sums, as [`Session::new`]; past that, sums
    /// are judged by `outcome`, the game's own solver (a closed form, the
    /// tame rule), instead of a plain search of the whole sum: a coin-turning
    /// row of a thousand coins has too many rows below it for that search,
    /// and a misère Nim heap of a million too many moves, while the
    /// theorems decide them at once.
    pub fn with_fallback(
        game: &'g G,
        start: Vec<G::Position>,
        convention: Convention,
        outcome: OutcomeOracle<'g, G::Position>,
    ) -> Result<Self> {
        Self::with_stuck(game, start, stuck_rule(convention)?, convention, MAX_EXPLORED_SUMS, Some(outcome))
    }

    /// A race to a goal or a loopy game: stuck positions carry their
    /// outcome ([`Goal`]); draws are possible. One position at a time, as
    /// in `solve` (sums of games with draws are not decided by their parts).
    pub fn goal(game: &'g G, start: G::Position) -> Result<Self>
    where
        G: Goal,
    {
        Self::with_stuck(game, vec![start], stuck_by_goal::<G>, Convention::Goal, MAX_EXPLORED_SUMS, None)
    }

    /// A sum of positions of a loopy game whose stuck positions are losses
    /// or draws (a stuck win would end the whole game): a stuck draw never
    /// moves again, so every end of play holds it and is a draw — any sum
    /// with one is a draw, as its generalized value `∞()` says; without
    /// one, whoever cannot move loses.
    pub fn loopy_sum(game: &'g G, start: Vec<G::Position>) -> Result<Self>
    where
        G: Goal,
    {
        Self::with_stuck(game, start, stuck_in_loopy_sum::<G>, Convention::Normal, MAX_EXPLORED_SUMS, None)
    }

    fn with_stuck(
        game: &'g G,
        start: Vec<G::Position>,
        stuck: StuckRule<G>,
        convention: Convention,
        limit: usize,
        oracle: Option<OutcomeOracle<'g, G::Position>>,
    ) -> Result<Self> {
        if start.is_empty() {
            return Err(Error::InvalidPosition("no position given".into()));
        }
        let sums = Sums { game, stuck };
        let judge = Judge::new(&sums, &start, convention, limit, oracle)?;
        Ok(Session {
            sums,
            judge,
            sum: start,
            history: Vec::new(),
            picture: None,
            names: None,
            convention,
            numbered: RefCell::new(None),
        })
    }

    /// Draws positions with `picture` instead of their notation.
    pub fn with_picture(mut self, picture: Picture<G>) -> Self {
        self.picture = Some(picture);
        self
    }

    /// Names moves with `names` instead of `FROM -> TO`.
    pub fn with_move_names(mut self, names: MoveNames<G>) -> Self {
        self.names = Some(names);
        self
    }

    /// The `k`-th legal move (from 1), from the list kept for this sum.
    fn numbered_move(&self, k: usize) -> Result<Option<Move<G::Position>>> {
        let mut numbered = self.numbered.borrow_mut();
        if numbered.as_ref().is_none_or(|(sum, _)| *sum != self.sum) {
            *numbered = Some((self.sum.clone(), self.legal()?));
        }
        Ok(numbered.as_ref().and_then(|(_, legal)| legal.get(k.wrapping_sub(1)).cloned()))
    }

    /// The legal moves, each once: the same option in equal components (or
    /// reached by different clicks) is one move. (A set, not a list: a row
    /// of a thousand coins has half a million moves.)
    fn legal(&self) -> Result<Vec<Move<G::Position>>> {
        let mut seen: rustc_hash::FxHashSet<(&G::Position, Vec<G::Position>)> = Default::default();
        let mut legal = Vec::new();
        let mut poll = crate::watch::Poll::every(1 << 14);
        for m in self.sums.moves(&self.sum) {
            poll.step()?;
            let mut parts = m.parts.clone();
            parts.sort();
            if seen.insert((&self.sum[m.component], parts)) {
                legal.push(m);
            }
        }
        Ok(legal)
    }

    fn names(&self, m: &Move<G::Position>) -> Vec<String> {
        match self.names {
            Some(names) => names(self.sums.game, &self.sum[m.component], &m.parts),
            None => vec![self.describe(m)],
        }
    }

    fn describe(&self, m: &Move<G::Position>) -> String {
        if let Some(names) = self.names {
            if let Some(name) = names(self.sums.game, &self.sum[m.component], &m.parts).into_iter().next() {
                return name;
            }
        }
        let game = self.sums.game;
        let to: Vec<String> = m.parts.iter().map(|p| game.format_position(p)).collect();
        let to = if to.is_empty() { "nothing".to_string() } else { to.join(" + ") };
        format!("{} -> {to}", game.format_position(&self.sum[m.component]))
    }

    /// The engine's choice among the legal moves, with the judgement of the
    /// sum it leaves (for the opponent to move).
    fn choose(&mut self) -> Result<Option<(Move<G::Position>, Judgement)>> {
        let here = self.judge.judge(&self.sum)?;
        let mut best: Option<(Move<G::Position>, Judgement, u64)> = None;
        let legal = self.legal()?;
        // Counting an option's own moves lists them: where there are many
        // moves (a row of a thousand coins has half a million, and each
        // option as many), the first good move is taken instead.
        let count_left = legal.len() <= MAX_MOVES_COUNTED;
        for m in legal {
            let next = m.after(&self.sum);
            let after = self.judge.judge(&next)?;
            // Higher score is better for the mover. Without remoteness (sums
            // judged by nim-values), the moves an option leaves stand in for it.
            let moves_left = || match count_left {
                true => self.sums.moves(&next).len() as u64,
                false => 0,
            };
            let score = match (here.outcome, after.outcome) {
                // Winning: to a P-position, as quickly as possible.
                (Outcome::N, Outcome::P) => u64::MAX - after.remoteness.unwrap_or_else(moves_left),
                // Drawn: keep the draw.
                (Outcome::Draw, Outcome::Draw) => 1,
                // Losing: last as long as possible (without remoteness,
                // leave the most moves on the board).
                (Outcome::P, _) => after.remoteness.unwrap_or_else(moves_left) + 1,
                _ => 0,
            };
            if best.as_ref().is_none_or(|b| score > b.2) {
                best = Some((m, after, score));
            }
        }
        Ok(best.map(|(m, after, _)| (m, after)))
    }

    /// Parses a move in the syntax `solve` prints (`3 -> 1`, `2,3 -> 1,3 + 2,1`,
    /// `5 -> nothing`, also `in [0]: 3 -> 1`), or `#k` for the k-th listed
    /// move, or just the position moved to when that names one move.
    fn parse_move(&self, text: &str) -> Result<Move<G::Position>> {
        let game = self.sums.game;
        let text = text.trim();
        let text = text.split("  (").next().unwrap_or(text).trim();
        let text = match text.strip_prefix("in [").and_then(|t| t.split_once("]:")) {
            Some((_, rest)) => rest.trim(),
            None => text,
        };
        // `#k` is a move number, unless the text is a move or a position of
        // the game: a Cram board may start with a filled cell (`#.. -> ###`).
        let numbered = text.strip_prefix('#').filter(|number| {
            let digits = !number.trim().is_empty() && number.trim().bytes().all(|b| b.is_ascii_digit());
            digits || !(text.contains("->") || game.parse_position(text).is_ok())
        });
        if let Some(number) = numbered {
            let k: usize = number
                .trim()
                .parse()
                .map_err(|_| Error::InvalidPosition(format!("'#{number}': expected a move number such as #1")))?;
            return self.numbered_move(k)?.ok_or_else(|| {
                Error::InvalidPosition(format!("there is no move #{k}: `moves` lists the legal moves"))
            });
        }
        let legal = self.legal()?;
        if self.names.is_some() {
            let mut matching: Vec<Move<G::Position>> =
                legal.into_iter().filter(|m| self.names(m).iter().any(|n| n == text)).collect();
            return match matching.len() {
                1 => Ok(matching.pop().expect("one move")),
                _ => Err(Error::InvalidPosition(format!(
                    "illegal move: '{text}' is not a legal move here (`moves` lists them)"
                ))),
            };
        }
        let parse_sum = |text: &str| -> Result<Vec<G::Position>> {
            let text = text.trim();
            if text == "nothing" || text.is_empty() {
                return Ok(Vec::new());
            }
            let mut parts = text.split('+').map(|p| game.parse_position(p.trim())).collect::<Result<Vec<_>>>()?;
            parts.sort();
            Ok(parts)
        };
        let same_parts = |m: &Move<G::Position>, to: &[G::Position]| {
            let mut parts = m.parts.clone();
            parts.sort();
            parts == to
        };
        let (from, to) = match text.split_once("->") {
            Some((from, to)) => (Some(game.parse_position(from.trim())?), parse_sum(to)?),
            None => (None, parse_sum(text)?),
        };
        let from_here = |m: &Move<G::Position>| from.as_ref().is_none_or(|f| self.sum[m.component] == *f);
        let mut matching: Vec<Move<G::Position>> =
            legal.iter().filter(|m| from_here(m) && same_parts(m, &to)).cloned().collect();
        if matching.is_empty() && !to.is_empty() {
            // A move that leaves nothing, written as a move to positions
            // with no move (`2 -> 0` of a heap game, whose move is `2 ->
            // nothing`, as a subtraction game's is `2 -> 0`): the same sum.
            // Only as a second try, and only for moves to nothing, so a
            // position written exactly is never read as another.
            let mut options = crate::game::Options::new();
            let stuck = to.iter().all(|p| {
                options.clear();
                game.options(p, &mut options);
                options.is_empty()
            });
            if stuck {
                matching = legal.into_iter().filter(|m| from_here(m) && m.parts.is_empty()).collect();
            }
        }
        match matching.len() {
            1 => Ok(matching.pop().expect("one move")),
            0 => Err(Error::InvalidPosition(match &from {
                Some(f) if !self.sum.contains(f) => {
                    format!("illegal move: there is no {} in the position", game.format_position(f))
                }
                _ => format!("illegal move: '{text}' is not a legal move here (`moves` lists them)"),
            })),
            _ => Err(Error::InvalidPosition(format!(
                "ambiguous move '{text}': write it as FROM -> TO (`moves` lists them)"
            ))),
        }
    }

    fn apply(&mut self, m: Move<G::Position>) -> String {
        let text = self.describe(&m);
        let mut next = self.sum.clone();
        next.splice(m.component..=m.component, m.parts);
        self.history.push(std::mem::replace(&mut self.sum, next));
        text
    }
}

impl<G: Notation> PlaySession for Session<'_, G>
where
    G::Position: Ord + Hash + Clone + Debug,
{
    fn show(&self) -> String {
        match &self.picture {
            Some(picture) => picture(self.sums.game, &self.sum),
            None if self.sum.is_empty() => "nothing left".to_string(),
            None => self.sum.iter().map(|p| self.sums.game.format_position(p)).collect::<Vec<_>>().join(" + "),
        }
    }

    fn moves(&self) -> Result<Vec<String>> {
        Ok(self.legal()?.iter().map(|m| self.describe(m)).collect())
    }

    fn move_count(&self) -> usize {
        self.sums.move_count(&self.sum)
    }

    fn first_move(&self) -> Option<String> {
        self.sums.first_move(&self.sum).map(|m| self.describe(&m))
    }

    fn judgement(&mut self) -> Result<Judgement> {
        self.judge.judge(&self.sum)
    }

    fn play(&mut self, text: &str) -> Result<String> {
        let m = self.parse_move(text)?;
        Ok(self.apply(m))
    }

    fn engine_move(&mut self) -> Result<Option<String>> {
        Ok(self.choose()?.map(|(m, _)| self.apply(m)))
    }

    fn hint(&mut self) -> Result<Option<Hint>> {
        let here = self.judge.judge(&self.sum)?;
        let exact = self.judge.solved();
        Ok(self.choose()?.map(|(m, after)| {
            let mv = self.describe(&m);
            let lasting = |r: Option<u64>| match r {
                Some(0) => " (the game then ends)".to_string(),
                Some(1) => " (the game then lasts 1 more move)".to_string(),
                Some(r) => format!(" (the game then lasts {r} more moves)"),
                None => String::new(),
            };
            let why = match here.outcome {
                Outcome::N if exact => format!("wins{}", lasting(after.remoteness)),
                Outcome::N => format!(
                    "wins: it leaves {} (of such moves, the one leaving the fewest moves)",
                    match self.convention {
                        Convention::Misere => "a misère P-position",
                        _ => "nim-value 0",
                    }
                ),
                Outcome::Draw => "keeps the draw: no move wins".into(),
                Outcome::P if exact => format!(
                    "every move loses against perfect play; this one lasts longest{}",
                    lasting(after.remoteness)
                ),
                Outcome::P => "every move loses against perfect play; this one leaves the most moves".into(),
            };
            Hint { mv, why }
        }))
    }

    fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(previous) => {
                self.sum = previous;
                true
            }
            None => false,
        }
    }

    fn ending(&mut self) -> Result<Option<Ending>> {
        if self.sums.first_move(&self.sum).is_some() {
            let repeated = self.history.iter().filter(|s| **s == self.sum).count() + 1;
            if repeated >= REPETITIONS_FOR_DRAW && self.judge.judge(&self.sum)?.outcome == Outcome::Draw {
                return Ok(Some(Ending::DrawByRepetition));
            }
            return Ok(None);
        }
        let outcome = (self.sums.stuck)(self.sums.game, &self.sum);
        Ok(Some(match outcome {
            Outcome::Draw => Ending::Draw,
            Outcome::P => Ending::MoverLost,
            Outcome::N => Ending::MoverWon,
        }))
    }
}
