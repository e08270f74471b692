//! Loopy games from a graph file, for the front ends.

use std::ops::RangeInclusive;

use super::playable::Playable;
use super::report::{ComponentReport, Convention, MoveReport, Play, Report, Table};
use crate::catalogue::GraphGame;
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::solve::loopy::{generalized_values, retrograde, sum_outcome, LoopyValue, Retrograde};
use crate::solve::Method;

/// A game graph (see [`GraphGame`]), solved once: outcomes and remoteness
/// by retrograde analysis, and — for normal-play graphs — generalized
/// Sprague–Grundy values, which decide sums.
pub struct GraphRules {
    name: String,
    game: GraphGame,
    solved: Retrograde,
    /// `None` when some stuck position is labelled a win or a draw.
    values: Option<Vec<LoopyValue>>,
}

impl GraphRules {
    pub fn new(name: impl Into<String>, game: GraphGame) -> Self {
        let solved = retrograde(game.graph());
        let values = generalized_values(game.graph()).ok();
        GraphRules { name: name.into(), game, solved, values }
    }

    fn position(&self, text: &str) -> Result<u32> {
        let name: u64 = text
            .trim()
            .parse()
            .map_err(|_| Error::InvalidPosition(format!("expected a position number, found '{text}'")))?;
        self.game.id(name).ok_or_else(|| Error::InvalidPosition(format!("position {name} is not in the graph")))
    }

    /// The outcome of a sum of graph positions.
    fn outcome(&self, ids: &[u32]) -> Result<Outcome> {
        match (&self.values, ids) {
            (_, [single]) => Ok(self.solved.outcomes[*single as usize]),
            (Some(values), _) => Ok(sum_outcome(&ids.iter().map(|&u| values[u as usize].clone()).collect::<Vec<_>>())),
            (None, _) => Err(Error::InvalidGame(
                "sums need a normal-play graph (no stuck position labelled win or draw) for generalized values".into(),
            )),
        }
    }
}

impl Playable for GraphRules {
    fn name(&self) -> &str {
        &self.name
    }

    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report> {
        if play != Play::Normal {
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
        let outcome = self.outcome(&ids)?;
        let value_of = |u: u32| self.values.as_ref().map(|v| v[u as usize].clone());
        let total = ids.iter().try_fold(Some(LoopyValue::Finite(0)), |sum, &u| match (sum, value_of(u)) {
            (Some(sum), Some(value)) => Some(sum.add(&value)),
            _ => Some(None),
        });
        let total = total.flatten();
        let mut report = Report::new(&self.name, Convention::Loopy, positions, outcome);
        report.method = Some(if ids.len() == 1 { Method::Retrograde } else { Method::GeneralizedValues });
        report.nim_value = match &total {
            Some(LoopyValue::Finite(v)) => Some(*v),
            _ => None,
        };
        report.generalized_value = total;
        for &u in &ids {
            let mut line = ComponentReport::new(self.game.name(u).to_string());
            line.remoteness = self.solved.remoteness[u as usize];
            line.generalized_value = value_of(u);
            if let Some(LoopyValue::Finite(v)) = value_of(u) {
                line.nim_value = Some(v);
            }
            report.components.push(line);
        }
        // Moves that win (to a P-position) or, from a draw, keep the draw.
        for (index, &u) in ids.iter().enumerate() {
            for &v in self.game.graph().options(u) {
                let mut after = ids.clone();
                after[index] = v;
                let result = self.outcome(&after)?;
                let entry = MoveReport {
                    component: index,
                    from: self.game.name(u).to_string(),
                    to: vec![self.game.name(v).to_string()],
                    nim_value: None,
                };
                match (outcome, result) {
                    (Outcome::N, Outcome::P) => report.winning_moves.push(entry),
                    (Outcome::Draw, Outcome::Draw) => report.drawing_moves.push(entry),
                    _ => {}
                }
            }
        }
        Ok(report)
    }

    fn table(&self, _: RangeInclusive<u64>, _: Option<RangeInclusive<u64>>) -> Result<Table> {
        Err(Error::Unsupported {
            game: self.name.clone(),
            question: "a table".into(),
            why: "a graph game's positions are not coordinates, so it has no table".into(),
        })
    }
}
