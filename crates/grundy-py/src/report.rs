//! Answers as Python data: the fields of a `grundy.Result`, as a dict that
//! the Python layer turns into the result object.
//!
//! The keys are those of the command line's `--json` report (`outcome`,
//! `nim_value`, `components`, `winning_moves` with `from` and `to`), so a
//! result's `to_dict()` and `grundy solve --json` say the same things the
//! same way. Positions of built-in games are text, as on the command line;
//! positions of games defined in Python are the Python objects themselves.

use grundy::game::Outcome;
use grundy::report::{TableCell, TableKind};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::Serialize;

/// How an outcome is written: as in the JSON report (`"P"`, `"N"`, `"D"`).
pub fn outcome_name(outcome: Outcome) -> String {
    match serde_json::to_value(outcome) {
        Ok(serde_json::Value::String(name)) => name,
        _ => outcome.to_string(),
    }
}

/// A table cell as one number, for a NumPy array: the nim-value, or the
/// outcome coded P = 0, N = 1, Draw = 2; −1 where the coordinates name no
/// position.
pub fn cell_code(cell: Option<TableCell>) -> i64 {
    match cell {
        None => -1,
        Some(TableCell::NimValue(v)) => i64::try_from(v).unwrap_or(i64::MAX),
        Some(TableCell::Outcome(Outcome::P)) => 0,
        Some(TableCell::Outcome(Outcome::N)) => 1,
        Some(TableCell::Outcome(Outcome::Draw)) => 2,
    }
}

/// The cell [`cell_code`] wrote as `code`, in a table of `kind`.
pub fn cell_of_code(kind: TableKind, code: i64) -> Option<TableCell> {
    match (kind, code) {
        (_, ..0) => None,
        (TableKind::NimValue, v) => Some(TableCell::NimValue(v as u64)),
        (TableKind::Outcome, 0) => Some(TableCell::Outcome(Outcome::P)),
        (TableKind::Outcome, 1) => Some(TableCell::Outcome(Outcome::N)),
        (TableKind::Outcome, _) => Some(TableCell::Outcome(Outcome::Draw)),
    }
}

/// Any serializable answer of the library as Python data (dicts, lists,
/// numbers, strings, None), with the keys and names of its JSON form.
pub fn to_python<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    pythonize::pythonize(py, value)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("cannot convert the answer: {e}")))
}

/// Builds a report dict: the play, the outcome, then components and moves.
pub struct ReportBuilder<'py> {
    dict: Bound<'py, PyDict>,
    components: Bound<'py, PyList>,
    winning_moves: Bound<'py, PyList>,
}

impl<'py> ReportBuilder<'py> {
    pub fn new(py: Python<'py>, play: &str, outcome: String) -> PyResult<Self> {
        let dict = PyDict::new(py);
        dict.set_item("play", play)?;
        dict.set_item("method", py.None())?;
        dict.set_item("outcome", outcome)?;
        dict.set_item("nim_value", py.None())?;
        Ok(ReportBuilder { dict, components: PyList::empty(py), winning_moves: PyList::empty(py) })
    }

    pub fn set(&mut self, key: &str, value: impl IntoPyObject<'py>) -> PyResult<()> {
        self.dict.set_item(key, value)
    }

    pub fn component(
        &mut self,
        position: Bound<'py, PyAny>,
        nim_value: Option<u64>,
        genus: Option<String>,
    ) -> PyResult<()> {
        let component = PyDict::new(self.dict.py());
        component.set_item("position", position)?;
        component.set_item("nim_value", nim_value)?;
        if let Some(genus) = genus {
            component.set_item("genus", genus)?;
        }
        self.components.append(component)
    }

    pub fn winning_move(
        &mut self,
        component: usize,
        from: Bound<'py, PyAny>,
        to: Vec<Bound<'py, PyAny>>,
        nim_value: Option<u64>,
    ) -> PyResult<()> {
        let found = PyDict::new(self.dict.py());
        found.set_item("component", component)?;
        found.set_item("from", from)?;
        found.set_item("to", to)?;
        found.set_item("nim_value", nim_value)?;
        self.winning_moves.append(found)
    }

    pub fn finish(self) -> PyResult<Bound<'py, PyDict>> {
        self.dict.set_item("components", self.components)?;
        self.dict.set_item("winning_moves", self.winning_moves)?;
        Ok(self.dict)
    }
}
