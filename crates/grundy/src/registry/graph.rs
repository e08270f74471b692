//! Loopy games from a graph file, for the front ends.

use std::ops::RangeInclusive;

use super::playable::{PlayLoop, Playable};
use crate::catalogue::GraphGame;
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::play::Session;
use crate::report::{ComponentReport, MoveReport, Report, ValueTable};
use crate::solve::loopy::{analyse_loopy_sum, LoopyMove, LoopyValue, SolvedGraph};

/// A game graph (see [`GraphGame`]); each question solves what its
/// positions reach ([`SolvedGraph::for_positions`]) and is answered by
/// [`analyse_loopy_sum`]. Nothing is solved up front: one position of a
/// 10^7-position file needs its outcome and a few values, not every value.
pub struct GraphRules {
    name: String,
    game: GraphGame,
}

impl GraphRules {
    pub fn new(name: impl Into<String>, game: GraphGame) -> Self {
        GraphRules { name: name.into(), game }
    }

    fn position(&self, text: &str) -> Result<u32> {
        let name: u64 = text
            .trim()
            .parse()
            .map_err(|_| Error::Syntax { expected: "a position number".into(), found: text.to_string() })?;
        self.game.id(name).ok_or_else(|| Error::InvalidPosition(format!("position {name} is not in the graph")))
    }
}

impl Playable for GraphRules {
    fn name(&self) -> &str {
        &self.name
    }

    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report> {
        if !matches!(play, Convention::Normal | Convention::Loopy) {
            return Err(Error::Unsupported {
                game: self.name.clone(),
                question: format!("{play} play"),
                why: "graph games are solved in normal play (with labelled stuck positions)".into(),
            });
        }
        if positions.is_empty() {
            return Err(Error::InvalidPosition("no position given".into()));
        }
        let ids = positions.iter().map(|p| self.position(p)).collect::<Result<Vec<u32>>>()?;
        let solved = SolvedGraph::for_positions(self.game.graph(), &ids)?;
        let analysis = analyse_loopy_sum(self.game.graph(), &solved, &ids).map_err(|e| match e {
            Error::Unsupported { question, why, .. } => Error::Unsupported { game: self.name.clone(), question, why },
            other => other,
        })?;
        let mut report = Report::new(&self.name, Convention::Loopy, positions, analysis.outcome);
        report.method = Some(analysis.method);
        report.nim_value = match &analysis.value {
            Some(LoopyValue::Finite(v)) => Some(*v),
            _ => None,
        };
        report.generalized_value = analysis.value;
        for ((&u, value), remoteness) in ids.iter().zip(analysis.component_values).zip(analysis.remoteness) {
            let mut line = ComponentReport::new(self.game.name(u).to_string());
            line.remoteness = remoteness;
            if let Some(LoopyValue::Finite(v)) = value {
                line.nim_value = Some(v);
            }
            line.generalized_value = value;
            report.components.push(line);
        }
        let show = |m: &LoopyMove| MoveReport {
            component: m.component,
            from: self.game.name(ids[m.component]).to_string(),
            to: vec![self.game.name(m.to).to_string()],
            nim_value: None,
        };
        report.winning_moves = analysis.winning_moves.iter().map(show).collect();
        report.drawing_moves = analysis.drawing_moves.iter().map(show).collect();
        Ok(report)
    }

    fn table(&self, _: RangeInclusive<u64>, _: Option<RangeInclusive<u64>>) -> Result<ValueTable> {
        Err(Error::Unsupported {
            game: self.name.clone(),
            question: "a table".into(),
            why: "a graph game's positions are not coordinates, so it has no table".into(),
        })
    }

    fn check_notation(&self, positions: &[String], limit: usize) -> Result<usize> {
        let ids = positions.iter().map(|p| self.position(p)).collect::<Result<Vec<u32>>>()?;
        crate::game::check_round_trips(&self.game, &ids, limit)
    }

    /// One position: its labels decide stuck positions (draws possible).
    /// A sum: as for `solve` (generalized values; a stuck draw is `∞(∅)`).
    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        let unsupported = |why: &str| Error::Unsupported {
            game: self.name.clone(),
            question: "this play".into(),
            why: why.to_string(),
        };
        if !matches!(convention, Convention::Normal | Convention::Loopy) {
            return Err(unsupported("graph games are played in normal play (with labelled stuck positions)"));
        }
        let ids = positions.iter().map(|p| self.position(p)).collect::<Result<Vec<u32>>>()?;
        let mut session = match &ids[..] {
            [] => return Err(Error::InvalidPosition("no position given".into())),
            [single] => Session::goal(&self.game, *single)?,
            _ if self.game.graph().stuck_win().is_some() => {
                return Err(unsupported(
                    "sums need a graph whose stuck positions are losses or draws (a stuck win ends the whole game)",
                ))
            }
            _ => Session::loopy_sum(&self.game, ids)?,
        };
        run(&mut session)
    }
}
