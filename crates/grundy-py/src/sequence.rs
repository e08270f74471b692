//! Nim-value sequences of heap games (`grundy.sequence`), computed with the
//! interpreter released and stoppable by Ctrl-C without losing work.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::sequence::{self, Periodicity};
use grundy::solve::heap::{Algorithm, HeapGame, SequenceRun};
use grundy::solve::quotient;
use grundy::{LongRun, Watch};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde::Serialize;

use crate::errors::{to_py, whole};
use crate::interruptible::{self, Outcome};
use crate::report::to_python;

/// How long the engine runs without the interpreter before it looks for
/// Ctrl-C (the engine asks every few thousand heaps whether to stop).
const SLICE: Duration = Duration::from_millis(100);

/// The nim-values of a heap game's heaps 0, 1, 2, … computed so far.
///
/// `extend_to(n)` computes more; interrupted by Ctrl-C it raises
/// `KeyboardInterrupt` and keeps every value computed until then, so the
/// same call continues where it stopped. With a `checkpoint` file the
/// values are also saved to it — every 10 seconds (`GRUNDY_CHECKPOINT_EVERY`
/// seconds), at the end and when interrupted — and a sequence made with an
/// existing file starts from the values it holds: the `.seq` checkpoint of
/// `grundy sequence --checkpoint`, through the library's one driver
/// ([`grundy::LongRun`]).
#[pyclass(module = "grundy._grundy")]
pub struct HeapSequence {
    game: HeapGame,
    method: Algorithm,
    run: SequenceRun,
}

#[pymethods]
impl HeapSequence {
    /// `game`: a heap-game description (`0.16`, `kayles`, `subtraction:1,3,4`…);
    /// `method`: `"plain"`, `"rare-common"` or `None` for the fastest that applies;
    /// `checkpoint`: a file to resume from (if it exists) and to save to.
    #[new]
    #[pyo3(signature = (game, method = None, checkpoint = None))]
    fn new(game: &str, method: Option<&str>, checkpoint: Option<PathBuf>) -> PyResult<Self> {
        let game = HeapGame::parse(game).map_err(to_py)?;
        let method = match method {
            None => Algorithm::best_for(&game),
            Some(name) => name
                .parse()
                .map_err(|error| PyValueError::new_err(format!("{error}, or None (the fastest that applies)")))?,
        };
        // An unsupported method or another game's checkpoint is refused now,
        // not in the middle of a run.
        let run = SequenceRun::open(&game, method, checkpoint.as_deref(), 0).map_err(to_py)?;
        Ok(HeapSequence { game, method, run })
    }

    /// Computes values until there are `len` of them (heaps `0..len`).
    fn extend_to(&mut self, py: Python<'_>, len: &Bound<'_, PyAny>) -> PyResult<()> {
        let len = whole(len, "len")?;
        self.run.set_goal(len);
        let watch = Watch::new();
        let mut driver = LongRun::new(watch.clone());
        let run = &mut self.run;
        loop {
            let until = Instant::now() + SLICE;
            match py.detach(|| driver.run_until(run, Some(until), |_| {})) {
                Ok(true) => return Ok(()),
                Ok(false) => {}
                Err(error) => return Err(to_py(error)),
            }
            if let Err(interrupt) = py.check_signals() {
                // The driver saves what was finished to the checkpoint and
                // answers that it was interrupted.
                watch.stop();
                return match driver.run_until(run, None, |_| {}) {
                    Err(grundy::Error::Interrupted) | Ok(_) => Err(interrupt),
                    Err(error) => Err(to_py(error)),
                };
            }
        }
    }

    /// Keeps the first `len` values only (a checkpoint may have given more);
    /// the sequence then saves to its checkpoint no more.
    fn truncate(&mut self, len: &Bound<'_, PyAny>) -> PyResult<()> {
        let len = whole(len, "len")?;
        self.run.truncate(len).map_err(to_py)
    }

    /// How many values the checkpoint gave when the sequence was made
    /// (`None` without a checkpoint file to resume from).
    #[getter]
    fn resumed(&self) -> Option<usize> {
        self.run.resumed()
    }

    fn __len__(&self) -> usize {
        self.run.values().len()
    }

    /// The values computed so far, as a new NumPy array of `uint32`.
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        PyArray1::from_vec(py, self.run.values().to_vec())
    }

    /// The values as a NumPy array; the sequence is left empty, and saves
    /// to its checkpoint no more (the file keeps what it holds).
    fn take_values<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let values = self.run.take_values().map_err(to_py)?;
        Ok(PyArray1::from_vec(py, values.to_vec()))
    }

    /// The game as described (`0.16`, `kayles`…).
    #[getter]
    fn game(&self) -> String {
        self.game.description().to_string()
    }

    /// `"plain"`, `"rare-common"` or `"running-count"`.
    #[getter]
    fn method(&self) -> String {
        self.method.to_string()
    }

    /// The periodicity of the values so far (a dict, or `None` when there
    /// is no pattern yet), proven by the octal periodicity theorem where it
    /// applies.
    fn periodicity<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.run.values().periodicity(self.game.octal_length()).map(to_python_periodicity))
    }
}

/// The periodicity of any sequence of values (a conjecture unless
/// `octal_length`, the place of a finite octal code's last non-zero digit,
/// lets the octal periodicity theorem prove it).
#[pyfunction]
#[pyo3(signature = (values, octal_length = None))]
pub fn find_periodicity<'py>(
    py: Python<'py>,
    values: PyReadonlyArray1<'py, u32>,
    octal_length: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let values = values.as_slice()?;
    let octal_length = octal_length.map(|k| whole(k, "octal_length")).transpose()?;
    to_python(py, &periodicity_of(values, octal_length))
}

/// A periodicity as the Python package reads it: whether it is proven, and
/// the proof's text as its certificate.
#[derive(Serialize)]
struct PythonPeriodicity {
    preperiod: usize,
    period: usize,
    saltus: u64,
    proven: bool,
    certificate: Option<String>,
    computed_through: usize,
}

fn periodicity_of(values: &[u32], octal_length: Option<usize>) -> Option<PythonPeriodicity> {
    sequence::find_periodicity(values, octal_length).map(to_python_periodicity)
}

fn to_python_periodicity(p: Periodicity) -> PythonPeriodicity {
    PythonPeriodicity {
        preperiod: p.preperiod,
        period: p.period,
        saltus: p.saltus,
        proven: p.proven(),
        certificate: p.proven().then(|| p.proof.to_string()),
        computed_through: p.computed_through,
    }
}

/// Values, the method that decided them, and their periodicity (a dict or `None`).
type MisereAnswer<'py> = (Bound<'py, PyArray1<u32>>, String, Bound<'py, PyAny>);

/// The misère nim-values of heaps `0..=to` of a heap game, the method
/// that decided them (exact search to heap 50, a misère quotient of nim
/// heaps with the game's heaps beyond it, each heap's misère canonical form
/// where that fails) and their periodicity (proven by a final quotient):
/// what `grundy sequence --misere` prints. Runs without
/// the interpreter; Ctrl-C stops it between heaps.
#[pyfunction]
pub fn misere_sequence<'py>(py: Python<'py>, game: &str, to: u64) -> PyResult<MisereAnswer<'py>> {
    let game = HeapGame::parse(game).map_err(to_py)?;
    let stop = Arc::new(AtomicBool::new(false));
    let watched = stop.clone();
    let work = move || quotient::misere_sequence(&game, to, |_| watched.load(Ordering::Relaxed));
    match interruptible::run(py, &stop, work)? {
        Outcome::Done(found) => {
            let found = found.map_err(to_py)?;
            // Misère values stay below MAX_NIM_HEAPS (255), so they fit.
            let values = found.values.iter().map(|&v| u32::try_from(v).unwrap_or(u32::MAX)).collect();
            let periodicity = to_python(py, &found.periodicity.map(to_python_periodicity))?;
            Ok((PyArray1::from_vec(py, values), found.method, periodicity))
        }
        Outcome::Abandoned(interrupt) => Err(interrupt),
    }
}
