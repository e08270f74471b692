//! Games defined in Python: a `grundy.Game` subclass's `options` method,
//! seen by the engine as a [`Game`] whose positions are numbers.
//!
//! Every Python position the engine meets is *interned*: a Python dict maps
//! it (by its own `__hash__` and `__eq__`) to a number, so the solvers hash
//! and compare `u32`s, never Python objects. Whole numbers and short tuples
//! of them skip the dict (see [`crate::small_key`]). The options of each position
//! are asked of Python **once** and kept as numbers; every later analysis
//! (another search, the genus, misère sums) reads them at Rust speed.
//!
//! The [`Game`] trait's `options` cannot fail, but a Python method can. The
//! first exception (or a Ctrl-C noticed between expansions) is recorded,
//! and from then on every position's only option is itself: every solver
//! stops at once on that cycle, and [`PythonGame::run`] raises the recorded
//! exception instead of the solver's answer. Only completed `options` calls
//! are kept, so nothing of the failed call is cached, and what was computed
//! before an interrupt is not lost.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;

use grundy::game::{Game, Options};
use grundy::solve::misere::genus::genus;
use grundy::solve::misere::{misere_nim_values, MisereSums};
use grundy::solve::{analyse_sum, NormalPlay, Search};
use numpy::PyArray1;
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use pyo3::{ffi, PyTraverseError};

use crate::errors;
use crate::interruptible;
use crate::report::{outcome_name, ReportBuilder};
use crate::small_key::{SmallKey, SmallKeyMap};
use crate::sum;

/// A Python position, as the number it got when the engine first met it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Id(u32);

/// Solver messages name positions by this form, which
/// [`PythonGame::pythonic`] replaces by the position's `repr`.
impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// What the engine knows of a Python game's positions.
#[derive(Default)]
struct Known {
    /// `positions[id]` is the position numbered `id`.
    positions: Vec<Py<PyAny>>,
    /// `options[id]`: the options of position `id`, once Python gave them.
    options: Vec<Option<Options<Id>>>,
}

/// A Python game as the library's solvers see it: its `options` method,
/// the positions met so far and their options, and the first error met
/// during the current call from Python.
pub struct Moves {
    options_method: Py<PyAny>,
    /// Whole numbers and short tuples of them → number (see [`SmallKey`]).
    small_ids: RefCell<SmallKeyMap<Id>>,
    /// Every other position → number (a Python dict, so Python's hash and
    /// equality).
    ids: Py<PyDict>,
    known: RefCell<Known>,
    /// How many times `options` was called, for tests and benchmarks.
    calls: Cell<u64>,
    error: RefCell<Option<PyErr>>,
    expansions: Cell<u32>,
}

/// How many expansions pass between two checks for Ctrl-C.
const SIGNAL_CHECK_INTERVAL: u32 = 1 << 12;

impl Game for Moves {
    type Position = Id;

    fn options(&self, &position: &Id, options: &mut Options<Id>) {
        if self.error.borrow().is_none() {
            // Solvers run only inside calls from Python, which hold the
            // interpreter: attaching again just counts.
            match Python::attach(|py| self.options_of(py, position, options)) {
                Ok(()) => return,
                Err(error) => *self.error.borrow_mut() = Some(error),
            }
        }
        // After an error: a move from the position to itself, a cycle on
        // which every solver stops at once (see the module documentation).
        options.push(position);
    }
}

impl Moves {
    fn options_of(&self, py: Python<'_>, position: Id, options: &mut Options<Id>) -> PyResult<()> {
        let expansions = self.expansions.get().wrapping_add(1);
        self.expansions.set(expansions);
        if expansions % SIGNAL_CHECK_INTERVAL == 0 {
            py.check_signals()?;
        }
        if let Some(known) = &self.known.borrow().options[position.0 as usize] {
            copy_options(known, options);
            return Ok(());
        }
        let asked = self.ask(py, position)?;
        copy_options(&asked, options);
        self.known.borrow_mut().options[position.0 as usize] = Some(asked);
        Ok(())
    }
}

fn copy_options(from: &Options<Id>, to: &mut Options<Id>) {
    if from.all_single() {
        from.parts().iter().for_each(|&p| to.push(p));
    } else {
        from.iter().for_each(|parts| to.push_sum(parts.iter().copied()));
    }
}

/// The error for a table of positions that cannot grow: the watch looks at
/// the memory every 65,536 positions, but one growth of a table may double
/// it (805 MB at once under `ulimit -v 2000000`), and an allocation that
/// fails in an infallible growth aborts the interpreter. So the tables grow
/// fallibly, and a growth refused is this error.
fn out_of_memory() -> PyErr {
    errors::TooLargeError::new_err(
        "the positions met so far fill the memory this process may use (a Python game without end, or too many \
         positions asked for)",
    )
}

/// A shared [`Moves`], which the lasting solvers own a copy of.
#[derive(Clone)]
pub struct Handle(Rc<Moves>);

impl std::ops::Deref for Handle {
    type Target = Moves;
    fn deref(&self) -> &Moves {
        &self.0
    }
}

impl Game for Handle {
    type Position = Id;

    #[inline]
    fn options(&self, position: &Id, options: &mut Options<Id>) {
        self.0.options(position, options)
    }
}

/// The engine side of a `grundy.Game` (one per game object): the game's
/// [`Moves`], and solvers that live as long as the game, so that what one
/// call from Python finds (nim-values, genera, misère values of sums) is
/// known to the next.
#[pyclass(unsendable, module = "grundy._grundy")]
pub struct PythonGame {
    moves: Handle,
    search: RefCell<Search<Handle, NormalPlay>>,
    misere: RefCell<MisereSums<Handle>>,
}

impl Moves {
    /// The number of `position`, numbering it if it is new.
    fn intern(&self, position: &Bound<'_, PyAny>) -> PyResult<Id> {
        // SAFETY: a live object, borrowed for the call.
        unsafe { self.intern_raw(position.py(), position.as_ptr()) }
    }

    /// [`Self::intern`] on a borrowed pointer: the engine's inner loop
    /// reads the parts of sums in place, without taking references.
    ///
    /// # Safety
    /// `position` is a live object for the whole call.
    unsafe fn intern_raw(&self, py: Python<'_>, position: *mut ffi::PyObject) -> PyResult<Id> {
        // SAFETY: `ids` maps positions to the numbers this function put
        // there (non-negative `int`s below 2^32); the value is borrowed and
        // read at once.
        unsafe {
            if let Some(key) = SmallKey::of(position) {
                if let Some(&id) = self.small_ids.borrow().get(&key) {
                    return Ok(id);
                }
                // Room first, so that a position numbered is always found again.
                self.small_ids.borrow_mut().try_reserve(1).map_err(|_| out_of_memory())?;
                let id = self.number(&Bound::from_borrowed_ptr(py, position), false)?;
                self.small_ids.borrow_mut().insert(key, id);
                return Ok(id);
            }
            let found = ffi::PyDict_GetItemWithError(self.ids.as_ptr(), position);
            if !found.is_null() {
                return Ok(Id(ffi::PyLong_AsUnsignedLong(found) as u32));
            }
            if let Some(error) = PyErr::take(py) {
                return Err(error);
            }
            self.number(&Bound::from_borrowed_ptr(py, position), true)
        }
    }

    /// Numbers a position the engine has not met, noting it in `ids` if
    /// `in_dict` (else the caller keys it by its [`SmallKey`]).
    fn number(&self, position: &Bound<'_, PyAny>, in_dict: bool) -> PyResult<Id> {
        let mut known = self.known.borrow_mut();
        let id = u32::try_from(known.positions.len())
            .map_err(|_| errors::TooLargeError::new_err(format!("the game has more than {} positions", u32::MAX)))?;
        known.positions.try_reserve(1).map_err(|_| out_of_memory())?;
        known.options.try_reserve(1).map_err(|_| out_of_memory())?;
        if in_dict {
            self.ids.bind(position.py()).set_item(position, id)?;
        }
        known.positions.push(position.clone().unbind());
        known.options.push(None);
        Ok(Id(id))
    }

    /// Looks at Ctrl-C and at the memory every 65,536 positions:
    /// `range(10**8)` is read whole before any search, and no Python code
    /// runs meanwhile to raise it; `range(2**64)` would fill the memory.
    fn intern_all(&self, positions: &Bound<'_, PyAny>) -> PyResult<Vec<Id>> {
        let py = positions.py();
        let mut watch = None;
        let mut ids = Vec::new();
        for (i, position) in positions.try_iter()?.enumerate() {
            if i % 65_536 == 65_535 {
                py.check_signals()?;
                watch.get_or_insert_with(interruptible::call_watch).check_held().map_err(errors::to_py)?;
            }
            let id = self.intern(&position?)?;
            ids.try_reserve(1).map_err(|_| out_of_memory())?;
            ids.push(id);
        }
        Ok(ids)
    }

    fn position<'py>(&self, py: Python<'py>, id: Id) -> Bound<'py, PyAny> {
        self.known.borrow().positions[id.0 as usize].bind(py).clone()
    }

    /// Asks the Python `options` method for the options of `position`.
    fn ask(&self, py: Python<'_>, position: Id) -> PyResult<Options<Id>> {
        let asked = self.position(py, position);
        self.calls.set(self.calls.get() + 1);
        let listed = self.options_method.bind(py).call1((&asked,))?;
        let mut options = Options::new();
        let mut parts_buffer = Vec::new();
        let mut add = |option: Bound<'_, PyAny>| -> PyResult<()> {
            if sum::is_sum(&option) {
                // SAFETY: `option` is a sum (a tuple, immutable), kept alive
                // by this reference while its parts are read.
                for &part in unsafe { sum::parts(option.as_ptr()) } {
                    parts_buffer.push(unsafe { self.intern_raw(py, part)? });
                }
                options.push_sum(parts_buffer.drain(..));
            } else {
                options.push(self.intern(&option)?);
            }
            Ok(())
        };
        if let Ok(list) = listed.cast::<PyList>() {
            // The common case, without an iterator object.
            for option in list.iter() {
                add(option)?;
            }
        } else if listed.is_none() {
            return Err(PyTypeError::new_err(format!(
                "options({}) returned None; it must return a list of options (positions, or grundy.sum(...) for \
                 a move that splits the game)",
                asked.repr()?
            )));
        } else {
            for option in listed.try_iter()? {
                add(option?)?;
            }
        }
        Ok(options)
    }

    /// `message` with each position number `#7` replaced by the position's
    /// `repr`.
    fn pythonic(&self, py: Python<'_>, message: &str) -> String {
        let mut out = String::with_capacity(message.len());
        let mut rest = message;
        while let Some(at) = rest.find('#') {
            out.push_str(&rest[..at]);
            let digits = rest[at + 1..].bytes().take_while(u8::is_ascii_digit).count();
            let id: Option<usize> = rest[at + 1..at + 1 + digits].parse().ok();
            let position = id.and_then(|id| self.known.borrow().positions.get(id).map(|p| p.clone_ref(py)));
            match position {
                Some(position) => {
                    out.push_str(&position.bind(py).repr().map_or_else(|_| "?".into(), |r| r.to_string()))
                }
                None => out.push_str(&rest[at..at + 1 + digits]),
            }
            rest = &rest[at + 1 + digits..];
        }
        out.push_str(rest);
        out
    }
}

/// The lasting solvers of a game, lent to one call.
struct Solvers<'a> {
    moves: &'a Moves,
    search: &'a mut Search<Handle, NormalPlay>,
    misere: &'a mut MisereSums<Handle>,
}

impl PythonGame {
    /// Runs `solve` with this game's lasting solvers; raises the first
    /// Python error met during it, or else the solver's error with
    /// positions written by `repr`.
    fn run<T>(&self, py: Python<'_>, solve: impl FnOnce(Solvers<'_>) -> grundy::Result<T>) -> PyResult<T> {
        let busy = |_| {
            PyRuntimeError::new_err("a game's options() asked the engine about the same game while it was being solved")
        };
        let mut search = self.search.try_borrow_mut().map_err(busy)?;
        let mut misere = self.misere.try_borrow_mut().map_err(busy)?;
        let moves = &*self.moves;
        moves.error.take();
        // Positions without end (`options(n)` is `[n + 1]`) stop at the
        // call's memory instead of aborting the interpreter.
        let result =
            interruptible::call_watch().run(|| solve(Solvers { moves, search: &mut search, misere: &mut misere }));
        if let Some(error) = moves.error.take() {
            // The normal-play search only keeps values it finished, and a
            // position whose options failed never finishes: they are right.
            // The misère analysis also marks tame positions by walking
            // options, which an error cut short: start it afresh.
            *misere = MisereSums::new(self.moves.clone());
            return Err(error);
        }
        result.map_err(|error| {
            let message = moves.pythonic(py, &error.to_string());
            errors::exception(&error, message)
        })
    }
}

#[pymethods]
impl PythonGame {
    /// `options`: a callable from a position to its options.
    #[new]
    fn new(py: Python<'_>, options: Py<PyAny>) -> Self {
        let moves = Handle(Rc::new(Moves {
            options_method: options,
            small_ids: RefCell::default(),
            ids: PyDict::new(py).unbind(),
            known: RefCell::new(Known::default()),
            calls: Cell::new(0),
            error: RefCell::new(None),
            expansions: Cell::new(0),
        }));
        PythonGame {
            search: RefCell::new(Search::normal_play(moves.clone())),
            misere: RefCell::new(MisereSums::new(moves.clone())),
            moves,
        }
    }

    /// The nim-values of `positions` (an iterable), in order.
    fn nim_values<'py>(&self, py: Python<'py>, positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let ids = self.moves.intern_all(positions)?;
        let values =
            self.run(py, |s| ids.iter().map(|id| s.search.nim_value(id)).collect::<grundy::Result<Vec<u64>>>())?;
        Ok(PyArray1::from_vec(py, values))
    }

    /// The misère nim-values of the single positions `positions`.
    fn misere_nim_values<'py>(
        &self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<u64>>> {
        let ids = self.moves.intern_all(positions)?;
        let values = self.run(py, |s| misere_nim_values(s.moves, ids.iter().copied()))?;
        Ok(PyArray1::from_vec(py, values))
    }

    /// Outcome, nim-value and every winning move of the sum of `positions`
    /// in normal play, as the fields of a `grundy.Result`.
    fn analyse<'py>(&self, py: Python<'py>, positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let ids = self.moves.intern_all(positions)?;
        let analysis = self.run(py, |s| analyse_sum(s.search, &ids))?;
        let show = |id: &Id| self.moves.position(py, *id);
        let mut report = ReportBuilder::new(py, "normal", outcome_name(analysis.outcome))?;
        report.set("nim_value", analysis.nim_value)?;
        for (component, value) in analysis.components.iter().zip(&analysis.component_values) {
            report.component(show(component), Some(*value), None)?;
        }
        for found in &analysis.winning_moves {
            let to: Vec<_> = found.option.iter().map(show).collect();
            report.winning_move(
                found.component,
                show(&analysis.components[found.component]),
                to,
                Some(found.option_value),
            )?;
        }
        report.finish()
    }

    /// The same in misère play: every component's genus, the outcome (by
    /// the tame-genus rule where it applies, else exact search, and which),
    /// and every move to a misère P-position.
    fn analyse_misere<'py>(&self, py: Python<'py>, positions: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let ids = self.moves.intern_all(positions)?;
        let analysis = self.run(py, |s| s.misere.analyse(&ids))?;
        let mut report = ReportBuilder::new(py, "misere", outcome_name(analysis.outcome))?;
        report.set("method", analysis.method.to_string())?;
        for (component, genus) in ids.iter().zip(&analysis.genera) {
            report.component(self.moves.position(py, *component), Some(genus.nim_value), Some(genus.to_string()))?;
        }
        for found in &analysis.winning_moves {
            let to = found.option.iter().map(|id| self.moves.position(py, *id)).collect();
            report.winning_move(found.component, self.moves.position(py, ids[found.component]), to, None)?;
        }
        report.finish()
    }

    /// Conway's genus of `position`: its nim-value and at least `terms`
    /// misère values of `position + *2 + … + *2` (until they are proven to
    /// repeat with period 2).
    /// Returns the nim-value, the misère values, the long form (`4^14646`)
    /// and whether it is a tame genus.
    #[pyo3(signature = (position, terms = 4))]
    fn genus(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        terms: usize,
    ) -> PyResult<(u64, Vec<u64>, String, bool)> {
        let id = self.moves.intern(position)?;
        let genus = self.run(py, |s| genus(s.moves, &id, terms))?;
        let (shown, tame) = (genus.to_string(), genus.is_tame_form());
        Ok((genus.nim_value, genus.misere, shown, tame))
    }

    /// Whether `position` and every position it can reach have a tame genus.
    fn is_tame(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<bool> {
        let id = self.moves.intern(position)?;
        self.run(py, |s| s.misere.is_tame(&id))
    }

    /// The options of `position` as the engine sees them: a list of lists
    /// of positions (a move to a single position is a list of one).
    fn options_of<'py>(&self, py: Python<'py>, position: &Bound<'py, PyAny>) -> PyResult<Vec<Vec<Bound<'py, PyAny>>>> {
        let id = self.moves.intern(position)?;
        let mut options = Options::new();
        self.run(py, |s| {
            s.moves.options(&id, &mut options);
            Ok(())
        })?;
        Ok(options.iter().map(|parts| parts.iter().map(|p| self.moves.position(py, *p)).collect()).collect())
    }

    /// The garbage collector's view: a game object holds its engine, which
    /// holds the game's bound `options` method, a cycle the collector can
    /// only free if it sees these references.
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.moves.options_method)?;
        visit.call(&self.moves.ids)?;
        if let Ok(known) = self.moves.known.try_borrow() {
            known.positions.iter().try_for_each(|p| visit.call(p))?;
        }
        Ok(())
    }

    /// How many distinct positions the engine has met.
    #[getter]
    fn positions_known(&self) -> usize {
        self.moves.known.borrow().positions.len()
    }

    /// How many times the Python `options` method was called.
    #[getter]
    fn options_calls(&self) -> u64 {
        self.moves.calls.get()
    }
}
