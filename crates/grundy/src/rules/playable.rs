//! One object-safe front door for every game in the catalogue.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::RangeInclusive;

use super::report::{ComponentReport, MoveReport, Report, Table, TableCell};
use crate::catalogue::Notation;
use crate::error::{Error, Result};
use crate::game::{Game, Goal, Indexed, Options, Outcome};
use crate::solve::genus::{genus, misere_sum_outcome, MisereMethod};
use crate::solve::loopy::{retrograde, Digraph};
use crate::solve::remoteness::{every_sg_outcome, SuspensePlay};
use crate::solve::{analyse_goal, analyse_sum, table::solve_table, NormalPlay, Rule, Search};

/// The most positions a `table` request may show.
pub const MAX_TABLE_CELLS: u64 = 10_000_000;

/// The most positions a `table` request may need valued (the shown ones
/// and everything numbered before them).
pub const MAX_TABLE_POSITIONS: usize = 100_000_000;

/// Which convention decides who wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The last player to move wins.
    Normal,
    /// The last player to move loses.
    Misere,
    /// Every-SG: a player moves in every component that can move.
    Every,
}

/// A game the front ends can use without knowing its Rust type: positions
/// come and go as text, answers as [`Report`] and [`Table`].
pub trait Playable {
    /// The game's description, as the user wrote it.
    fn name(&self) -> &str;
    /// Outcome, value and every winning move of the sum of `positions`.
    fn solve(&self, positions: &[String]) -> Result<Report> {
        self.solve_in(positions, Play::Normal)
    }
    /// The same under another convention.
    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report>;
    /// The values of positions `(row, column)` over the given ranges
    /// (`columns` is `None` for one-coordinate games).
    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table>;
}

/// Makes a table of a game over a range of rows and (optionally) columns.
pub type Tabulator<G> = fn(&G, RangeInclusive<u64>, Option<RangeInclusive<u64>>) -> Result<Table>;

/// A report with nothing filled in but the question and the outcome.
fn blank_report(game: &str, play: &'static str, positions: &[String], outcome: Outcome) -> Report {
    Report {
        game: game.to_string(),
        play,
        method: None,
        generalized_value: None,
        position: positions.to_vec(),
        outcome,
        nim_value: None,
        components: Vec::new(),
        winning_moves: Vec::new(),
        drawing_moves: Vec::new(),
    }
}

fn tabulate_or_explain<G>(
    name: &str,
    game: &G,
    tabulate: Option<Tabulator<G>>,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<Table> {
    match tabulate {
        Some(tabulate) => Ok(Table { game: name.to_string(), ..tabulate(game, rows, columns)? }),
        None => Err(Error::InvalidGame(format!("{name} has no table: its positions are not one or two numbers"))),
    }
}

/// A game with normal-play nim-values: sums, every winning move, and misère
/// and Every-SG play.
pub struct NormalGame<G: Game> {
    name: String,
    game: G,
    search: fn(&G) -> Search<'_, G, NormalPlay>,
    tabulate: Option<Tabulator<G>>,
}

impl<G: Game + Notation> NormalGame<G>
where
    G::Position: Debug + Ord + Hash,
{
    /// `search` builds the search to use (plain, decomposing, or closed form);
    /// `tabulate` makes tables, where the game has them.
    pub fn new(
        name: impl Into<String>,
        game: G,
        search: fn(&G) -> Search<'_, G, NormalPlay>,
        tabulate: Option<Tabulator<G>>,
    ) -> Self {
        NormalGame { name: name.into(), game, search, tabulate }
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The components of the given positions, split where the game decomposes.
    fn components(&self, positions: &[String]) -> Result<Vec<G::Position>> {
        let parsed = parse_all(&self.game, positions)?;
        let search = (self.search)(&self.game);
        Ok(parsed.iter().flat_map(|p| search.components(p)).collect())
    }

    fn show(&self, position: &G::Position) -> String {
        self.game.format_position(position)
    }

    fn solve_normal(&self, positions: &[String]) -> Result<Report> {
        let parsed = parse_all(&self.game, positions)?;
        let mut search = (self.search)(&self.game);
        let analysis = analyse_sum(&mut search, &parsed)?;
        let mut report = blank_report(&self.name, "normal", positions, analysis.outcome);
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
    /// tame, exact search otherwise; every move to a misère P-position.
    fn solve_misere(&self, positions: &[String]) -> Result<Report> {
        let components = self.components(positions)?;
        let (outcome, method) = misere_sum_outcome(&self.game, &components)?;
        let mut report = blank_report(&self.name, "misere", positions, outcome);
        report.method = Some(match method {
            MisereMethod::TameGenus => "tame-genus",
            MisereMethod::Search => "search",
        });
        for component in &components {
            let genus = genus(&self.game, component, 4)?;
            report.components.push(ComponentReport {
                nim_value: Some(genus.nim_value),
                genus: Some(genus.to_string()),
                ..ComponentReport::new(self.show(component))
            });
        }
        let mut options = Options::new();
        for (index, component) in components.iter().enumerate() {
            options.clear();
            self.game.options(component, &mut options);
            for option in options.iter() {
                let mut after: Vec<G::Position> = components.clone();
                after.remove(index);
                after.extend(option.iter().cloned());
                if misere_sum_outcome(&self.game, &after)?.0 == Outcome::P {
                    report.winning_moves.push(MoveReport {
                        component: index,
                        from: self.show(component),
                        to: option.iter().map(|p| self.show(p)).collect(),
                        nim_value: None,
                    });
                }
            }
        }
        Ok(report)
    }

    /// Every-SG: each component's suspense number; the largest decides.
    fn solve_every(&self, positions: &[String]) -> Result<Report> {
        let components = self.components(positions)?;
        let mut search = Search::new(&self.game, SuspensePlay);
        let mut suspense = Vec::with_capacity(components.len());
        for component in &components {
            suspense.push(search.value(component).map_err(|e| match e {
                Error::InvalidGame(_) => Error::InvalidGame(format!(
                    "Every-SG needs moves to single positions; {} splits positions",
                    self.name
                )),
                other => other,
            })?);
        }
        let mut report = blank_report(&self.name, "every", positions, every_sg_outcome(&suspense));
        report.method = Some("suspense");
        for (component, s) in components.iter().zip(&suspense) {
            report
                .components
                .push(ComponentReport { suspense: Some(s.moves), ..ComponentReport::new(self.show(component)) });
        }
        Ok(report)
    }
}

impl<G: Game + Notation> Playable for NormalGame<G>
where
    G::Position: Debug + Ord + Hash,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report> {
        match play {
            Play::Normal => self.solve_normal(positions),
            Play::Misere => self.solve_misere(positions),
            Play::Every => self.solve_every(positions),
        }
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table> {
        tabulate_or_explain(&self.name, &self.game, self.tabulate, rows, columns)
    }
}

/// A race to a goal: three-valued outcomes, one position at a time.
pub struct GoalGame<G: Goal> {
    name: String,
    game: G,
    tabulate: Option<Tabulator<G>>,
}

impl<G: Goal + Notation> GoalGame<G>
where
    G::Position: Debug + Hash,
{
    pub fn new(name: impl Into<String>, game: G, tabulate: Option<Tabulator<G>>) -> Self {
        GoalGame { name: name.into(), game, tabulate }
    }
}

impl<G: Goal + Notation> Playable for GoalGame<G>
where
    G::Position: Debug + Hash,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report> {
        if play != Play::Normal {
            return Err(Error::InvalidGame(format!(
                "{} is a race to a goal: misère and Every-SG play are not defined for it",
                self.name
            )));
        }
        let [position] = positions else {
            return Err(Error::InvalidPosition(format!(
                "{} is a race to a goal: give one position (sums of races with draws are not supported), found {}",
                self.name,
                positions.len()
            )));
        };
        let parsed = self.game.parse_position(position)?;
        let mut search = Search::goal_play(&self.game);
        let analysis = analyse_goal(&mut search, &parsed)?;
        let from = self.game.format_position(&parsed);
        let mut report = blank_report(&self.name, "goal", positions, analysis.outcome);
        report.components.push(ComponentReport {
            remoteness: remoteness_of(&self.game, &parsed)?,
            ..ComponentReport::new(from.clone())
        });
        let moves: Vec<MoveReport> = analysis
            .best_moves
            .iter()
            .map(|to| MoveReport {
                component: 0,
                from: from.clone(),
                to: vec![self.game.format_position(to)],
                nim_value: None,
            })
            .collect();
        if analysis.outcome == Outcome::Draw {
            report.drawing_moves = moves;
        } else {
            report.winning_moves = moves;
        }
        Ok(report)
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table> {
        tabulate_or_explain(&self.name, &self.game, self.tabulate, rows, columns)
    }
}

/// The remoteness of a race position, by retrograde analysis of the graph
/// of positions it can reach (the loopy-game machinery).
fn remoteness_of<G: Goal>(game: &G, position: &G::Position) -> Result<Option<u64>>
where
    G::Position: Hash + Eq + Clone,
{
    let (graph, _) = Digraph::explore(game, std::slice::from_ref(position), 10_000_000)?;
    Ok(retrograde(&graph).remoteness[0])
}

fn parse_all<G: Notation>(game: &G, positions: &[String]) -> Result<Vec<G::Position>> {
    if positions.is_empty() {
        return Err(Error::InvalidPosition("no position given".into()));
    }
    positions.iter().map(|p| game.parse_position(p)).collect()
}

/// Tables any [`Indexed`] game: values every position up to the largest
/// number the range needs with the dense solver, then reads the cells off.
pub fn table_of<G: Indexed, R: Rule<G>>(
    kind: &'static str,
    game: &G,
    rule: R,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
    cell: impl Fn(u64, Option<u64>) -> Option<G::Position>,
    to_cell: fn(R::Value) -> TableCell,
) -> Result<Table> {
    let row_count = rows.end().saturating_sub(*rows.start()).saturating_add(1);
    let column_count = columns.as_ref().map_or(1, |c| c.end().saturating_sub(*c.start()).saturating_add(1));
    if rows.is_empty() || columns.as_ref().is_some_and(|c| c.is_empty()) {
        return Err(Error::InvalidPosition("the table's range is empty".into()));
    }
    if row_count.saturating_mul(column_count) > MAX_TABLE_CELLS {
        return Err(Error::TooLarge {
            what: "the table".into(),
            needed: row_count as u128 * column_count as u128,
            limit: MAX_TABLE_CELLS as u128,
        });
    }
    let column_list: Option<Vec<u64>> = columns.clone().map(|c| c.collect());
    let positions: Vec<Vec<Option<G::Position>>> = rows
        .clone()
        .map(|r| match &column_list {
            Some(cs) => cs.iter().map(|&c| cell(r, Some(c))).collect(),
            None => vec![cell(r, None)],
        })
        .collect();
    let needed = positions.iter().flatten().flatten().map(|p| game.index(p)).max().map_or(0, |m| m.saturating_add(1));
    if needed > MAX_TABLE_POSITIONS {
        return Err(Error::TooLarge {
            what: "the table".into(),
            needed: needed as u128,
            limit: MAX_TABLE_POSITIONS as u128,
        });
    }
    let values = solve_table(game, rule, needed)?;
    Ok(Table {
        game: String::new(),
        kind,
        rows: rows.collect(),
        columns: column_list,
        cells: positions
            .iter()
            .map(|row| row.iter().map(|p| p.as_ref().map(|p| to_cell(values[game.index(p)]))).collect())
            .collect(),
    })
}
