//! Long calls into the engine that Ctrl-C can stop.
//!
//! Python delivers Ctrl-C (SIGINT) by setting a flag that only the thread
//! holding the interpreter notices, when it calls `check_signals`. So the
//! work runs on another thread while the calling thread, with the
//! interpreter released, wakes every [`POLL`] to look for the signal.
//! Those threads are kept and reused (see [`dispatch`]): starting one per
//! call multiplied the cost of a small call such as `solve("nim", 3, 4, 5)`.
//!
//! On Ctrl-C the work's `stop` flag is raised: the engines that watch one
//! (the pruned search of Cram, Chomp and Node Kayles, the memoized search
//! behind every other game's `solve`) return within moments, keeping what
//! they valued. A solver that watches no flag (tables, misère analysis) cannot be
//! stopped midway; after [`GRACE`] it is left to finish on its own thread,
//! its answer unused, and the caller gets `KeyboardInterrupt` at once
//! (see [`Outcome::Abandoned`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy::Watch;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the waiting thread looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(20);
/// How long a stopped computation gets to return before it is abandoned.
const GRACE: Duration = Duration::from_millis(500);

/// How a call ended that was interrupted.
pub enum Outcome<T> {
    /// The work returned: its answer (maybe an "interrupted" error from an
    /// engine that saw the stop flag).
    Done(T),
    /// Ctrl-C, and the work did not stop in time: it runs on, unused.
    Abandoned(PyErr),
}

/// Runs `work` on its own thread, without the interpreter, and waits for
/// it while honouring Ctrl-C: the `KeyboardInterrupt` is returned as
/// [`Outcome::Abandoned`] if the work does not stop within [`GRACE`] of
/// `stop` being raised, or raised as an error if it stopped.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    stop: &Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<Outcome<T>> {
    stop.store(false, Ordering::SeqCst);
    let (send, mut receive) = mpsc::sync_channel(1);
    let watch = call_watch();
    dispatch(Box::new(move || {
        // The caller may have given up waiting: nobody to tell then.
        let _ = send.send(watch.run(work));
    }))
    .map_err(|e| PyRuntimeError::new_err(format!("cannot start the engine's thread: {e}")))?;
    let mut interrupted: Option<(PyErr, Instant)> = None;
    loop {
        // A receiver may not be shared between threads, only moved.
        let (back, waited) = py.detach(move || {
            let waited = receive.recv_timeout(POLL);
            (receive, waited)
        });
        receive = back;
        match waited {
            Ok(answer) => {
                return match interrupted {
                    // Stopped by its flag: whatever it answered, the user
                    // asked to stop.
                    Some((interrupt, _)) => Err(interrupt),
                    None => Ok(Outcome::Done(answer)),
                };
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the engine's thread stopped without an answer (a bug)"));
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        match &interrupted {
            None => {
                if let Err(interrupt) = py.check_signals() {
                    stop.store(true, Ordering::SeqCst);
                    interrupted = Some((interrupt, Instant::now()));
                }
            }
            Some((_, since)) if since.elapsed() >= GRACE => {
                let (interrupt, _) = interrupted.take().expect("just matched");
                return Ok(Outcome::Abandoned(interrupt));
            }
            Some(_) => {}
        }
    }
}

/// The watch of one call from Python. Work that grows as it goes (a
/// misère search's memo, a Python game without end, the positions of a
/// huge `range`) stops with `TooLargeError` once it has taken nine tenths
/// of the memory free at the call, as the command line's runs do, where it
/// grew until an allocation aborted the interpreter.
///
/// The limit is worked out at most every [`LIMIT_AGE`] and shared by the
/// calls in between: the system's figures take several file reads, which
/// cost a small call (`game.nim_value(5)` of a value already known) more
/// than its work.
pub fn call_watch() -> Watch {
    static LIMIT: Mutex<Option<(Instant, Option<u64>)>> = Mutex::new(None);
    let mut cached = LIMIT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let limit = match *cached {
        Some((at, limit)) if at.elapsed() < LIMIT_AGE => limit,
        _ => {
            let limit =
                grundy::available_memory().and_then(|free| Watch::new().with_room(free / 10 * 9).resident_limit());
            *cached = Some((Instant::now(), limit));
            limit
        }
    };
    limit.map_or_else(Watch::new, |bytes| Watch::new().with_resident_limit(bytes))
}

/// How long a call's memory limit is reused (see [`call_watch`]).
const LIMIT_AGE: Duration = Duration::from_secs(1);

/// A piece of work for an engine thread.
type Job = Box<dyn FnOnce() + Send>;

/// Engine threads waiting for work, each by the sender of its queue.
static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

/// Runs `job` on an idle engine thread, or on a new one if none is idle
/// (all busy, or abandoned after Ctrl-C and still running). A thread
/// offers itself again when its job is done, and waits for the next.
fn dispatch(job: Job) -> std::io::Result<()> {
    let idle = IDLE.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).pop();
    let job = match idle {
        Some(worker) => match worker.send(job) {
            Ok(()) => return Ok(()),
            Err(mpsc::SendError(job)) => job,
        },
        None => job,
    };
    let (queue, jobs) = mpsc::channel::<Job>();
    queue.send(job).expect("the queue's receiver is right here");
    std::thread::Builder::new().name("grundy".into()).spawn(move || {
        while let Ok(job) = jobs.recv() {
            job();
            IDLE.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(queue.clone());
        }
    })?;
    Ok(())
}
