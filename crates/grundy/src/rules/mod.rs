//! Games described in text, so that front ends need no code per game.
//!
//! A description is a name, optionally followed by `:` and parameters:
//!
//! | description | game |
//! |---|---|
//! | `nim` | Nim |
//! | `subtraction:1,3,4` | the subtraction game with set {1, 3, 4} |
//! | `wythoff` | Wythoff's game |
//! | `bomb` | the Bomb Game's splitting rule |
//! | `mine` | minesweeper (HDU 4678); the position is the field |
//! | `king`, `knight`, `hyper-knight`, `rook`, `queen` | a piece moving toward the corner |
//! | `leaper:-2,1/1,-2` | a leaper with the given steps `dx,dy` |
//! | `rider:-1,0/0,-1` | a rider sliding along the given directions |
//! | `leaper:-1,-1+rider:-1,0` | both at once |
//!
//! Board games also take a [`Board`] and an optional goal ([`RuleOptions`]).
//!
//! ```
//! use grundy::rules::{game, RuleOptions};
//! let nim = game("nim", &RuleOptions::default()).unwrap();
//! let report = nim.solve(&["3".into(), "4".into(), "5".into()]).unwrap();
//! assert_eq!(report.nim_value, Some(2));
//! assert_eq!(report.winning_moves.len(), 1);
//! ```

mod graph;
mod playable;
mod report;

pub use graph::GraphRules;
pub use playable::{table_of, GoalGame, NormalGame, Play, Playable, Tabulator, MAX_TABLE_CELLS};
pub use report::{ComponentReport, MoveReport, Report, Table, TableCell};

use std::ops::RangeInclusive;

use crate::catalogue::{
    parse_number, parse_pair, Board, BoardGame, BombGame, Cell, HeapGame, Minefield, Minesweeper, Nim, Notation,
    Rectangle, Step, Subtraction, Wythoff,
};
use crate::error::{Error, Result};
use crate::solve::{GoalPlay, NormalPlay, Search};

/// Settings that go with a description: the board for board games, a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOptions {
    pub board: Board,
    /// For board games: the game ends when the token reaches this cell (the
    /// mover wins); being stuck elsewhere is a draw.
    pub goal: Option<Cell>,
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions { board: Board::QuarterPlane, goal: None }
    }
}

/// One entry of the catalogue, for `grundy list`.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CatalogueEntry {
    pub name: &'static str,
    pub parameters: &'static str,
    pub position: &'static str,
    pub example: &'static str,
    pub about: &'static str,
}

/// Every game the descriptions know.
pub fn catalogue() -> Vec<CatalogueEntry> {
    let entry =
        |name, parameters, position, example, about| CatalogueEntry { name, parameters, position, example, about };
    vec![
        entry("nim", "none", "a heap size", "grundy solve nim 3 4 5", "take any number of counters from one heap"),
        entry(
            "subtraction:S",
            "S: the subtraction set, e.g. 1,3,4",
            "a heap size",
            "grundy solve subtraction:1,3,4 10 7",
            "take s counters, s in S",
        ),
        entry(
            "wythoff",
            "none",
            "two heaps x,y",
            "grundy solve wythoff 3,5",
            "take from one heap, or the same from both",
        ),
        entry(
            "0.d1d2…",
            "an octal code; a letter digit (0.3F) or hex:0.8 for hexadecimal",
            "a heap size",
            "grundy solve 0.137 12 9",
            "take-and-break: digit bits 1 vanish, 2 leave one heap, 4 leave two, 8 leave three",
        ),
        entry(
            "kayles, dawsons-kayles, grundys-game",
            "none",
            "a heap size",
            "grundy solve --misere kayles 3 4 5",
            "the classic heap games 0.77 and 0.07, and splitting into two unequal heaps",
        ),
        entry(
            "all-but:S",
            "S: the numbers that may not be taken",
            "a heap size",
            "grundy solve all-but:1,3 10",
            "take any number of counters except those in S",
        ),
        entry(
            "graph FILE",
            "a file: one line per position, its number then its options (or win, loss, draw)",
            "position numbers",
            "grundy solve graph examples/loopy-game.txt 5 1",
            "a loopy game: retrograde analysis and generalized Sprague-Grundy values",
        ),
        entry(
            "bomb",
            "none",
            "a bomb's cell p,q (from 1)",
            "grundy solve bomb 2,3 3,3",
            "a bomb at (p,q) becomes two at (u,q) and (p,v), u<p, v<q (HDU 2873)",
        ),
        entry(
            "mine",
            "none",
            "a field: rows of * and . separated by /",
            "grundy solve mine '..*/.../...'",
            "minesweeper: click cells, blanks flood; no cell left loses (HDU 4678)",
        ),
        entry(
            "king",
            "--board, --goal",
            "a cell x,y (from 0)",
            "grundy solve king 4,4",
            "one step up, left, or diagonally up-left",
        ),
        entry(
            "knight",
            "--board, --goal",
            "a cell x,y",
            "grundy solve knight 5,6",
            "steps (-2,-1) (-1,-2) (-2,1) (1,-2)",
        ),
        entry(
            "hyper-knight",
            "--board, --goal",
            "a cell x,y",
            "grundy solve hyper-knight 1,0 2,5",
            "steps (-2,1) (-3,-1) (-2,-1) (-1,-2) (-1,-3) (1,-2) (LightOJ 1315)",
        ),
        entry("rook", "--board, --goal", "a cell x,y", "grundy solve rook 5,3", "slide up or left: two-heap Nim"),
        entry(
            "queen",
            "--board, --goal",
            "a cell x,y",
            "grundy solve queen 3,5",
            "slide up, left or diagonally up-left: Wythoff's game",
        ),
        entry(
            "leaper:STEPS",
            "STEPS: dx,dy/dx,dy/...; --board, --goal",
            "a cell x,y",
            "grundy solve leaper:-2,1/1,-2 6,6",
            "jump by any of the steps",
        ),
        entry(
            "rider:STEPS",
            "STEPS: dx,dy/...; --board, --goal",
            "a cell x,y",
            "grundy solve rider:-1,-2 --board 8x8 7,7",
            "slide any distance along any of the directions",
        ),
        entry(
            "leaper:STEPS+rider:STEPS",
            "both",
            "a cell x,y",
            "grundy solve 'leaper:-1,0+rider:0,-1' 3,4",
            "a piece with leaps and rides",
        ),
    ]
}

/// The game a description names, ready to solve and tabulate.
pub fn game(description: &str, options: &RuleOptions) -> Result<Box<dyn Playable>> {
    let description = description.trim();
    let (name, parameters) = match description.split_once(':') {
        Some((name, parameters)) => (name, Some(parameters)),
        None => (description, None),
    };
    let no_parameters = || match parameters {
        Some(p) => Err(Error::InvalidGame(format!("'{name}' takes no parameters, found ':{p}'"))),
        None => Ok(()),
    };
    let not_a_board_game = || match (options.board, options.goal) {
        (Board::QuarterPlane, None) => Ok(()),
        _ => Err(Error::InvalidGame(format!("'{name}' is not a board game: --board and --goal do not apply"))),
    };
    match name {
        "nim" => {
            no_parameters()?;
            not_a_board_game()?;
            Ok(Box::new(NormalGame::new(description, Nim, |g| Search::closed_form(g), Some(heap_table::<Nim>))))
        }
        "subtraction" => {
            not_a_board_game()?;
            let set = parameters
                .ok_or_else(|| Error::InvalidGame("'subtraction' needs its set, e.g. subtraction:1,3,4".into()))?
                .split(',')
                .map(|s| {
                    parse_number(s, "a number in the subtraction set").map_err(|e| Error::InvalidGame(e.to_string()))
                })
                .collect::<Result<Vec<u64>>>()?;
            let game = Subtraction::new(set)?;
            Ok(Box::new(NormalGame::new(
                description,
                game,
                |g| Search::normal_play(g),
                Some(heap_table::<Subtraction>),
            )))
        }
        "wythoff" => {
            no_parameters()?;
            not_a_board_game()?;
            Ok(Box::new(NormalGame::new(description, Wythoff, |g| Search::normal_play(g), Some(wythoff_table))))
        }
        "bomb" => {
            no_parameters()?;
            not_a_board_game()?;
            Ok(Box::new(NormalGame::new(description, BombGame, |g| Search::normal_play(g), Some(bomb_table))))
        }
        "mine" => {
            no_parameters()?;
            not_a_board_game()?;
            Ok(Box::new(MineRules))
        }
        "kayles" | "dawsons-kayles" | "grundys-game" | "all-but" | "hex" => heap_game(description, options),
        _ if description.contains('.') && !description.contains(',') => heap_game(description, options),
        _ => board_game(description, name, parameters, options),
    }
}

/// Take-and-break codes and the named heap games (see [`HeapGame::parse`]).
fn heap_game(description: &str, options: &RuleOptions) -> Result<Box<dyn Playable>> {
    if options != &RuleOptions::default() {
        return Err(Error::InvalidGame(format!(
            "'{description}' is not a board game: --board and --goal do not apply"
        )));
    }
    let game = HeapGame::parse(description)?;
    Ok(Box::new(NormalGame::new(description, game, |g| Search::normal_play(g), Some(heap_table::<HeapGame>))))
}

/// Leapers and riders, by preset name or by steps.
fn board_game(
    description: &str,
    name: &str,
    parameters: Option<&str>,
    options: &RuleOptions,
) -> Result<Box<dyn Playable>> {
    let (leaps, rides): (Vec<Step>, Vec<Step>) = match (name, parameters) {
        ("king", None) => (vec![(-1, 0), (0, -1), (-1, -1)], vec![]),
        ("knight", None) => (vec![(-2, -1), (-1, -2), (-2, 1), (1, -2)], vec![]),
        ("hyper-knight", None) => (vec![(-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)], vec![]),
        ("rook", None) => (vec![], vec![(-1, 0), (0, -1)]),
        ("queen", None) => (vec![], vec![(-1, 0), (0, -1), (-1, -1)]),
        ("leaper" | "rider", Some(_)) => parse_piece(description)?,
        ("king" | "knight" | "hyper-knight" | "rook" | "queen", Some(p)) => {
            return Err(Error::InvalidGame(format!("'{name}' takes no parameters, found ':{p}'")))
        }
        ("leaper" | "rider", None) => {
            return Err(Error::InvalidGame(format!("'{name}' needs its steps, e.g. {name}:-2,1/1,-2")))
        }
        _ => {
            return Err(Error::InvalidGame(format!(
                "unknown game '{name}'; `grundy list` shows the games and how to describe them"
            )))
        }
    };
    let game = BoardGame::new(options.board, leaps, rides)?;
    match options.goal {
        None => Ok(Box::new(NormalGame::new(description, game, |g| Search::normal_play(g), Some(board_table_normal)))),
        Some(goal) => Ok(Box::new(GoalGame::new(description, game.with_goal(goal)?, Some(board_table_goal)))),
    }
}

/// Parses `leaper:STEPS`, `rider:STEPS` and `leaper:STEPS+rider:STEPS`.
fn parse_piece(description: &str) -> Result<(Vec<Step>, Vec<Step>)> {
    let mut leaps = Vec::new();
    let mut rides = Vec::new();
    for part in description.split('+') {
        let (kind, steps) = part
            .split_once(':')
            .ok_or_else(|| Error::InvalidGame(format!("'{part}': expected leaper:STEPS or rider:STEPS")))?;
        let target = match kind.trim() {
            "leaper" => &mut leaps,
            "rider" => &mut rides,
            other => return Err(Error::InvalidGame(format!("'{other}': expected 'leaper' or 'rider'"))),
        };
        for step in steps.split('/') {
            let step: Step = parse_pair(step, "a step dx,dy").map_err(|e| Error::InvalidGame(e.to_string()))?;
            target.push(step);
        }
    }
    Ok((leaps, rides))
}

/// The minesweeper game: the position is the field itself.
struct MineRules;

impl Playable for MineRules {
    fn name(&self) -> &str {
        "mine"
    }

    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report> {
        let first = positions.first().ok_or_else(|| Error::InvalidPosition("no field given".into()))?;
        let game = Minesweeper::new(Minefield::parse(first)?);
        // Regions joined by a shared number are searched click by click; cap
        // that search so a large joined cluster fails cleanly, not by memory.
        let rules =
            NormalGame::new("mine", game, |g| Search::with_decomposition(g, NormalPlay).with_limit(1 << 20), None);
        rules.solve_in(positions, play)
    }

    fn table(&self, _: RangeInclusive<u64>, _: Option<RangeInclusive<u64>>) -> Result<Table> {
        Err(Error::InvalidGame("mine has no table: its positions are fields".into()))
    }
}

fn nim_value_cell(value: u64) -> TableCell {
    TableCell::NimValue(value)
}

fn outcome_cell(outcome: crate::game::Outcome) -> TableCell {
    TableCell::Outcome(outcome)
}

fn one_coordinate(columns: &Option<RangeInclusive<u64>>) -> Result<()> {
    match columns {
        Some(_) => Err(Error::InvalidPosition("this game's positions are one number: give rows only".into())),
        None => Ok(()),
    }
}

fn two_coordinates(columns: Option<RangeInclusive<u64>>) -> Result<RangeInclusive<u64>> {
    columns.ok_or_else(|| Error::InvalidPosition("this game's positions are two numbers: give rows and columns".into()))
}

fn heap_table<G: crate::Indexed<Position = u64> + Notation>(
    game: &G,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<Table> {
    one_coordinate(&columns)?;
    table_of("nim-value", game, NormalPlay, rows, None, |r, _| Some(r), nim_value_cell)
}

fn wythoff_table(game: &Wythoff, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table> {
    let columns = two_coordinates(columns)?;
    let rectangle = Rectangle::new(game, rows.end().saturating_add(1), columns.end().saturating_add(1));
    table_of("nim-value", &rectangle, NormalPlay, rows, Some(columns), |r, c| Some((r, c?)), nim_value_cell)
}

fn bomb_table(game: &BombGame, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<Table> {
    let columns = two_coordinates(columns)?;
    let cell = |r: u64, c: Option<u64>| {
        let c = c?;
        (r >= 1 && c >= 1 && r <= u32::MAX as u64 && c <= u32::MAX as u64).then_some((r as u32, c as u32))
    };
    let rectangle = Rectangle::new(game, *rows.end(), *columns.end());
    table_of("nim-value", &rectangle, NormalPlay, rows, Some(columns), cell, nim_value_cell)
}

/// A board game's table: the region around the requested range, built
/// per request and tabled by `fill`.
fn board_region_table<F>(
    game: &BoardGame,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
    fill: F,
) -> Result<Table>
where
    F: FnOnce(
        &crate::catalogue::BoardRegion<'_>,
        RangeInclusive<u64>,
        RangeInclusive<u64>,
        &dyn Fn(u64, Option<u64>) -> Option<Cell>,
    ) -> Result<Table>,
{
    let columns = two_coordinates(columns)?;
    let limit = |end: u64| {
        u32::try_from(end.saturating_add(1)).map_err(|_| Error::InvalidPosition("coordinates too large".into()))
    };
    let region = game.region(limit(*rows.end())?, limit(*columns.end())?)?;
    let cell = |r: u64, c: Option<u64>| {
        let cell = (u32::try_from(r).ok()?, u32::try_from(c?).ok()?);
        (game.contains(cell) && region.contains(cell)).then_some(cell)
    };
    fill(&region, rows, columns, &cell)
}

fn board_table_normal(
    game: &BoardGame,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<Table> {
    board_region_table(game, rows, columns, |region, rows, columns, cell| {
        table_of("nim-value", region, NormalPlay, rows, Some(columns), cell, nim_value_cell)
    })
}

fn board_table_goal(
    game: &BoardGame,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<Table> {
    board_region_table(game, rows, columns, |region, rows, columns, cell| {
        table_of("outcome", region, GoalPlay, rows, Some(columns), cell, outcome_cell)
    })
}
