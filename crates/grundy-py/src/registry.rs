//! Built-in games by their descriptions (`"kayles"`, `"subtraction:1,3,4"`,
//! `"leaper:-2,1/1,-2"`…), through the library's registry: the same games,
//! typed reports and messages as the command line.
//!
//! A [`BuiltinGame`] is the registry's owning session for one description:
//! it keeps its search's memo between questions, and answers with the
//! interpreter released (sessions are `Send + Sync`).

use grundy::catalogue::{Board, Cell};
use grundy::rules::{self, Play, Playable, RuleOptions, TableCell};
use grundy::Outcome;
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::to_py;
use crate::report::to_python;

/// One built-in game, ready for questions.
#[pyclass(frozen, module = "grundy._grundy")]
pub struct BuiltinGame {
    session: Box<dyn Playable>,
}

#[pymethods]
impl BuiltinGame {
    /// `description` as on the command line; `board = (rows, cols)` bounds a
    /// board game, `goal = (x, y)` makes it a race to that cell.
    #[new]
    #[pyo3(signature = (description, board = None, goal = None))]
    fn new(py: Python<'_>, description: &str, board: Option<(u32, u32)>, goal: Option<Cell>) -> PyResult<Self> {
        let board = board.map_or(Board::QuarterPlane, |(rows, cols)| Board::Bounded { rows, cols });
        let options = RuleOptions { board, goal, ..RuleOptions::default() };
        let session = py.detach(|| rules::game(description, &options)).map_err(to_py)?;
        Ok(BuiltinGame { session })
    }

    /// The game's description.
    #[getter]
    fn name(&self) -> &str {
        self.session.name()
    }

    /// The report of `grundy solve` for the sum of `positions` (each written
    /// as on the command line), as a dict with the keys of `--json`.
    #[pyo3(signature = (positions, play = "normal"))]
    fn solve<'py>(&self, py: Python<'py>, positions: Vec<String>, play: &str) -> PyResult<Bound<'py, PyAny>> {
        let play = match play {
            "normal" => Play::Normal,
            "misere" => Play::Misere,
            "every" => Play::Every,
            other => return Err(PyValueError::new_err(format!("unknown play '{other}': use normal, misere or every"))),
        };
        let report = py.detach(|| self.session.solve_in(&positions, play)).map_err(to_py)?;
        to_python(py, &report)
    }

    /// A table over `rows` and optionally `columns` (inclusive ranges): its
    /// kind (`"nim-value"` or `"outcome"`), the rows, the columns, and the
    /// cells row by row in one flat array — nim-values, or outcomes coded
    /// P = 0, N = 1, Draw = 2 — with −1 where the coordinates name no position.
    #[pyo3(signature = (rows, columns = None))]
    #[allow(clippy::type_complexity)]
    fn table<'py>(
        &self,
        py: Python<'py>,
        rows: (u64, u64),
        columns: Option<(u64, u64)>,
    ) -> PyResult<(String, Vec<u64>, Option<Vec<u64>>, Bound<'py, PyArray1<i64>>)> {
        let table = py.detach(|| self.session.table(rows.0..=rows.1, columns.map(|(a, b)| a..=b))).map_err(to_py)?;
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

    fn __repr__(&self) -> String {
        format!("grundy.game({:?})", self.session.name())
    }
}

/// Every game the registry knows, as `grundy list` shows them.
#[pyfunction]
pub fn catalogue(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_python(py, &rules::ENTRIES)
}
