//! Built-in games by their descriptions (`"kayles"`, `"subtraction:1,3,4"`,
//! `"leaper:-2,1/1,-2"`…), through the library's text front door: the same
//! games, answers and messages as the command line.
//!
//! Written against `grundy::rules::game`; the front-door refactor (issue 8)
//! replaces it with a registry and typed reports, and this module is the one
//! place to move over.

use grundy::catalogue::{Board, Cell};
use grundy::rules::{self, Play, RuleOptions, TableCell};
use grundy::Outcome;
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::to_py;
use crate::report::to_python;

fn rule_options(board: Option<(u32, u32)>, goal: Option<Cell>) -> RuleOptions {
    let board = board.map_or(Board::QuarterPlane, |(rows, cols)| Board::Bounded { rows, cols });
    RuleOptions { board, goal }
}

/// The report of `grundy solve` for the sum of `positions` (each written as
/// on the command line), as a dict with the keys of `--json`. The engine
/// runs without holding the interpreter.
#[pyfunction]
#[pyo3(signature = (game, positions, play = "normal", board = None, goal = None))]
pub fn solve_builtin<'py>(
    py: Python<'py>,
    game: &str,
    positions: Vec<String>,
    play: &str,
    board: Option<(u32, u32)>,
    goal: Option<Cell>,
) -> PyResult<Bound<'py, PyAny>> {
    let play = match play {
        "normal" => Play::Normal,
        "misere" => Play::Misere,
        "every" => Play::Every,
        other => return Err(PyValueError::new_err(format!("unknown play '{other}': use normal, misere or every"))),
    };
    let options = rule_options(board, goal);
    let report = py.detach(|| rules::game(game, &options)?.solve_in(&positions, play)).map_err(to_py)?;
    to_python(py, &report)
}

/// A table of a built-in game over `rows` and optionally `columns` (both
/// inclusive ranges): its kind (`"nim-value"` or `"outcome"`), the rows,
/// the columns, and the cells row by row in one flat array — nim-values,
/// or outcomes coded P = 0, N = 1, Draw = 2 — with −1 where the
/// coordinates name no position.
#[pyfunction]
#[pyo3(signature = (game, rows, columns = None, board = None, goal = None))]
#[allow(clippy::type_complexity)]
pub fn table_builtin<'py>(
    py: Python<'py>,
    game: &str,
    rows: (u64, u64),
    columns: Option<(u64, u64)>,
    board: Option<(u32, u32)>,
    goal: Option<Cell>,
) -> PyResult<(String, Vec<u64>, Option<Vec<u64>>, Bound<'py, PyArray1<i64>>)> {
    let options = rule_options(board, goal);
    let table = py
        .detach(|| rules::game(game, &options)?.table(rows.0..=rows.1, columns.map(|(a, b)| a..=b)))
        .map_err(to_py)?;
    let cells: Vec<i64> = table
        .cells
        .iter()
        .flatten()
        .map(|cell| match cell {
            None => -1,
            Some(TableCell::NimValue(v)) => i64::try_from(*v).unwrap_or(i64::MAX),
            Some(TableCell::Outcome(Outcome::P)) => 0,
            Some(TableCell::Outcome(Outcome::N)) => 1,
            Some(TableCell::Outcome(Outcome::Draw)) => 2,
        })
        .collect();
    Ok((table.kind.to_string(), table.rows, table.columns, PyArray1::from_vec(py, cells)))
}

/// Every game the descriptions know, as `grundy list` shows them.
#[pyfunction]
pub fn catalogue(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_python(py, &rules::catalogue())
}
