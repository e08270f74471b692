//! Built-in games by their descriptions (`"kayles"`, `"subtraction:1,3,4"`,
//! `"leaper:-2,1/1,-2"`…), through the library's registry: the same games,
//! typed reports and messages as the command line.
//!
//! A [`BuiltinGame`] is the registry's owning session for one description:
//! it keeps its search's memo between questions, and answers on the
//! engine's own thread with the interpreter released (sessions are
//! `Send + Sync`), so that Ctrl-C is honoured (see [`crate::interruptible`]).

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use grundy::catalogue::{Board, Cell};
use grundy::game::Convention;
use grundy::registry::{self, Form, Playable, RuleOptions, SearchSettings};
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::errors::to_py;
use crate::interruptible::{self, Outcome};
use crate::report::{cell_code, to_python};

/// One built-in game, ready for questions.
#[pyclass(frozen, module = "grundy._grundy")]
pub struct BuiltinGame {
    /// How the session was made, to make it again (see [`Self::answer`]).
    description: String,
    options: RuleOptions,
    /// A game read from a file (`graph`): the file's name and contents.
    file: Option<(String, String)>,
    /// Raised by Ctrl-C to stop a pruned search (Cram, Chomp, Node Kayles).
    stop: Arc<AtomicBool>,
    session: Mutex<Arc<dyn Playable>>,
}

impl BuiltinGame {
    /// Runs `question` against the session on the engine's own thread,
    /// honouring Ctrl-C (see [`interruptible`]). A question abandoned on
    /// Ctrl-C still holds the old session, so this object starts a fresh
    /// one: it stays usable, though what the old one computed is lost.
    fn answer<T: Send + 'static>(
        &self,
        py: Python<'_>,
        question: impl FnOnce(&dyn Playable) -> grundy::Result<T> + Send + 'static,
    ) -> PyResult<T> {
        let session = Arc::clone(&lock(&self.session));
        match interruptible::run(py, &self.stop, move || question(&*session))? {
            Outcome::Done(answer) => answer.map_err(to_py),
            Outcome::Abandoned(interrupt) => {
                if let Ok(fresh) = py.detach(|| made(&self.description, &self.options, self.file.as_ref())) {
                    *lock(&self.session) = Arc::from(fresh);
                }
                Err(interrupt)
            }
        }
    }
}

/// The session of a description, from its file's name and contents for a
/// game read from a file.
fn made(
    description: &str,
    options: &RuleOptions,
    file: Option<&(String, String)>,
) -> grundy::Result<Box<dyn Playable>> {
    match file {
        Some((name, text)) => registry::game_with_file(description, name, text, options),
        None => registry::game(description, options),
    }
}

/// The file of a game read from one, read; an error if the game is not
/// read from a file, or is and none was given.
fn read_file(description: &str, file: Option<PathBuf>) -> grundy::Result<Option<(String, String)>> {
    let entry = registry::find(description)?;
    match (entry.form == Form::File, file) {
        (true, Some(path)) => Ok(Some((path.display().to_string(), grundy::read_text_file(&path)?))),
        (true, None) => Err(grundy::Error::InvalidGame(format!(
            "'{}' is read from a file: grundy.game({:?}, file=\"game.txt\")",
            entry.name, entry.name
        ))),
        (false, Some(path)) => Err(grundy::Error::InvalidGame(format!(
            "'{description}' is not read from a file (file={:?} given)",
            path.display().to_string()
        ))),
        (false, None) => Ok(None),
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[pymethods]
impl BuiltinGame {
    /// `description` as on the command line; `board = (rows, cols)` bounds a
    /// board game, `goal = (x, y)` makes it a race to that cell; `file` is
    /// the file of a game read from one (`graph`).
    #[new]
    #[pyo3(signature = (description, board = None, goal = None, file = None))]
    fn new(
        py: Python<'_>,
        description: &str,
        board: Option<(u32, u32)>,
        goal: Option<Cell>,
        file: Option<PathBuf>,
    ) -> PyResult<Self> {
        let board = board.map_or(Board::QuarterPlane, |(rows, cols)| Board::Bounded { rows, cols });
        let stop = Arc::new(AtomicBool::new(false));
        let search = SearchSettings { interrupt: Some(Arc::clone(&stop)), ..SearchSettings::default() };
        let options = RuleOptions { board, goal, search, ..RuleOptions::default() };
        let file = read_file(description, file).map_err(to_py)?;
        let session = py.detach(|| made(description, &options, file.as_ref())).map_err(to_py)?;
        let description = description.to_string();
        Ok(BuiltinGame { description, options, file, stop, session: Mutex::new(Arc::from(session)) })
    }

    /// The game's description.
    #[getter]
    fn name(&self) -> String {
        lock(&self.session).name().to_string()
    }

    /// The report of `grundy solve` for the sum of `positions` (each written
    /// as on the command line), as a dict with the keys of `--json`.
    #[pyo3(signature = (positions, play = "normal"))]
    fn solve<'py>(&self, py: Python<'py>, positions: Vec<String>, play: &str) -> PyResult<Bound<'py, PyAny>> {
        let play: Convention = play.parse().map_err(to_py)?;
        let report = self.answer(py, move |session| session.solve_in(&positions, play))?;
        to_python(py, &report)
    }

    /// A table over `rows` and optionally `columns` (inclusive ranges): its
    /// kind (`"nim-value"` or `"outcome"`), the rows, the columns, and the
    /// cells row by row in one flat array, coded as [`cell_code`] says.
    #[pyo3(signature = (rows, columns = None))]
    #[allow(clippy::type_complexity)]
    fn table<'py>(
        &self,
        py: Python<'py>,
        rows: (u64, u64),
        columns: Option<(u64, u64)>,
    ) -> PyResult<(String, Vec<u64>, Option<Vec<u64>>, Bound<'py, PyArray1<i64>>)> {
        let table = self.answer(py, move |session| session.table(rows.0..=rows.1, columns.map(|(a, b)| a..=b)))?;
        let cells: Vec<i64> = table.cells.iter().flatten().map(|&cell| cell_code(cell)).collect();
        Ok((table.kind.to_string(), table.rows, table.columns, PyArray1::from_vec(py, cells)))
    }

    fn __repr__(&self) -> String {
        format!("grundy.game({:?})", self.name())
    }
}

/// Every game the registry knows, as `grundy list` shows them.
#[pyfunction]
pub fn catalogue(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_python(py, &registry::ENTRIES)
}
