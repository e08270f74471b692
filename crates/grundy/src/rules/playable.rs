//! One object-safe front door for every game in the catalogue.

use std::fmt::Debug;
use std::ops::RangeInclusive;

use super::report::{ComponentReport, MoveReport, Report, Table, TableCell};
use crate::catalogue::Notation;
use crate::error::{Error, Result};
use crate::game::{Game, Goal, Indexed, Outcome};
use crate::solve::{analyse_goal, analyse_sum, table::solve_table, NormalPlay, Rule, Search};

/// The most positions a `table` request may show.
pub const MAX_TABLE_CELLS: u64 = 10_000_000;

/// The most positions a `table` request may need valued (the shown ones
/// and everything numbered before them).
pub const MAX_TABLE_POSITIONS: usize = 100_000_000;

/// A game the front ends can use without knowing its Rust type: positions
/// come and go as text, answers as [`Report`] and [`Table`].
pub trait Playable {
    /// The game's description, as the user wrote it.
    fn name(&self) -> &str;
    /// Outcome, value and every winning move of the sum of `positions`.
    fn solve(&self, positions: &[String]) -> Result<Report>;
    /// The values of positions `(row, column)` over the given ranges
    /// (`columns` is `None` for one-coordinate games).
    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table>;
}

/// Makes a table of a game over a range of rows and (optionally) columns.
pub type Tabulator<G> = fn(&G, RangeInclusive<u64>, Option<RangeInclusive<u64>>) -> Result<Table>;

/// A normal-play game: nim-values, sums, every winning move.
pub struct NormalGame<G: Game> {
    name: String,
    game: G,
    search: fn(&G) -> Search<'_, G, NormalPlay>,
    tabulate: Option<Tabulator<G>>,
}

impl<G: Game + Notation> NormalGame<G>
where
    G::Position: Debug,
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
}

impl<G: Game + Notation> Playable for NormalGame<G>
where
    G::Position: Debug,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn solve(&self, positions: &[String]) -> Result<Report> {
        let parsed = parse_all(&self.game, positions)?;
        let mut search = (self.search)(&self.game);
        let analysis = analyse_sum(&mut search, &parsed)?;
        let show = |p: &G::Position| self.game.format_position(p);
        Ok(Report {
            game: self.name.clone(),
            play: "normal",
            position: positions.to_vec(),
            outcome: analysis.outcome,
            nim_value: Some(analysis.nim_value),
            components: analysis
                .components
                .iter()
                .zip(&analysis.component_values)
                .map(|(p, &v)| ComponentReport { position: show(p), nim_value: Some(v) })
                .collect(),
            winning_moves: analysis
                .winning_moves
                .iter()
                .map(|m| MoveReport {
                    component: m.component,
                    from: show(&analysis.components[m.component]),
                    to: m.option.iter().map(show).collect(),
                    nim_value: Some(m.option_value),
                })
                .collect(),
            drawing_moves: Vec::new(),
        })
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table> {
        match self.tabulate {
            Some(tabulate) => Ok(Table { game: self.name.clone(), ..tabulate(&self.game, rows, columns)? }),
            None => {
                Err(Error::InvalidGame(format!("{} has no table: its positions are not one or two numbers", self.name)))
            }
        }
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
    G::Position: Debug,
{
    pub fn new(name: impl Into<String>, game: G, tabulate: Option<Tabulator<G>>) -> Self {
        GoalGame { name: name.into(), game, tabulate }
    }
}

impl<G: Goal + Notation> Playable for GoalGame<G>
where
    G::Position: Debug,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn solve(&self, positions: &[String]) -> Result<Report> {
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
        let (winning_moves, drawing_moves) =
            if analysis.outcome == Outcome::Draw { (Vec::new(), moves) } else { (moves, Vec::new()) };
        Ok(Report {
            game: self.name.clone(),
            play: "goal",
            position: positions.to_vec(),
            outcome: analysis.outcome,
            nim_value: None,
            components: vec![ComponentReport { position: from, nim_value: None }],
            winning_moves,
            drawing_moves,
        })
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table> {
        match self.tabulate {
            Some(tabulate) => Ok(Table { game: self.name.clone(), ..tabulate(&self.game, rows, columns)? }),
            None => Err(Error::InvalidGame(format!("{} has no table", self.name))),
        }
    }
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
