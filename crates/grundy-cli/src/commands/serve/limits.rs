//! Bounds on every request: how long it may run, how much it may ask for,
//! and how many run at once; and the jobs a page may watch and cancel.
//!
//! Engine work runs on tokio's blocking pool (`spawn_blocking`): the
//! searches are CPU-bound and synchronous, and on the async workers they
//! would stall every other connection. A semaphore caps how many run at
//! once, so a burst of slow requests queues instead of starving the
//! machine. Each job gets a [`grundy::Watch`], the library's own way of
//! stopping long work, counting its steps and bounding its memory: it is
//! current on the worker thread (the tables, graph explorations, searches
//! and move listings poll it) and its flag goes to the pruned search and
//! the sessions' searches. The time limit, the page's Cancel button and a
//! client that goes away raise it, and the work returns
//! `Error::Interrupted` promptly; `GET /api/jobs/{id}` reads its tally.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use grundy::Watch;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;
use tokio::sync::Semaphore;

use super::error::ApiError;

/// What one server allows a request.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Wall-clock time for one computation, waiting for a turn included.
    pub time: Duration,
    /// Memory for one request: the pruned search's transposition tables
    /// (Cram, Chomp, Node Kayles), as `solve --memory`, and the budget of
    /// every other request's tables, game graphs and memos ([`Watch::with_memory`]).
    pub memory: usize,
    /// The most cells a table, heatmap or pattern request may have.
    pub max_cells: u64,
    /// The last heap a sequence request may ask for.
    pub max_heap: u64,
    /// Engine computations running at once; the rest wait their turn.
    pub workers: usize,
    /// Play sessions kept at once.
    pub max_sessions: usize,
    /// A play session unused this long is dropped.
    pub session_idle: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            time: Duration::from_secs(20),
            memory: 256 << 20,
            max_cells: 250_000,
            max_heap: 1_000_000,
            workers: cores * 2,
            max_sessions: 64,
            session_idle: Duration::from_secs(15 * 60),
        }
    }
}

/// A computation the page may watch (`GET /api/jobs/{id}`) and cancel.
pub struct Job {
    /// Stops the work, counts its steps (heaps valued, positions
    /// explored), bounds its memory.
    pub watch: Watch,
    cancelled: AtomicBool,
    started: Instant,
    /// The whole work in the tally's unit, where it is known (heaps).
    pub total: AtomicU64,
}

/// A job's progress, as the page shows it.
#[derive(Serialize)]
pub struct JobStatus {
    pub elapsed_ms: u64,
    /// Steps done: heaps for sequences, positions or cells for the rest.
    pub done: u64,
    /// The steps of the whole job, or 0 where that is not known ahead.
    pub total: u64,
    /// What the job is doing now ("exploring the game's positions").
    pub stage: String,
}

/// Runs engine work within the [`Limits`], and keeps the running jobs by
/// the id the page gave them.
pub struct Runner {
    pub limits: Limits,
    permits: Arc<Semaphore>,
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    /// Every running job, with or without an id, so that a server told to
    /// stop stops them all ([`Runner::stop_all`]); keyed by a count.
    running: Mutex<HashMap<u64, Arc<Job>>>,
    started: AtomicU64,
    /// Set by [`Runner::stop_all`]: new work is refused.
    stopping: AtomicBool,
}

/// How much more than it holds when a job starts the process may take
/// while the job runs: every worker's budget and 512 MB, at most nine
/// tenths of the memory free then. The budget bounds each table a job
/// builds ahead; this bounds what grows as it goes (a misère search's memo
/// reached 3.7 GB on a 256 MB budget, and a thousand such positions
/// aborted the server).
fn room(limits: &Limits) -> u64 {
    let budgets = (limits.workers.max(1) as u64).saturating_mul(limits.memory as u64).saturating_add(512 << 20);
    grundy::available_memory().map_or(budgets, |free| budgets.min(free / 10 * 9))
}

/// Takes a job out of the table when its request ends, however it ends
/// (finished, timed out, or dropped because the client went away — then
/// the search is told to stop, too).
struct Registered<'r> {
    runner: &'r Runner,
    number: u64,
    id: Option<String>,
    job: Arc<Job>,
    finished: bool,
}

impl Drop for Registered<'_> {
    fn drop(&mut self) {
        if !self.finished {
            self.job.watch.stop();
        }
        self.runner.running.lock().unwrap_or_else(|p| p.into_inner()).remove(&self.number);
        if let Some(id) = &self.id {
            let mut jobs = self.runner.jobs.lock().unwrap_or_else(|p| p.into_inner());
            if jobs.get(id).is_some_and(|j| Arc::ptr_eq(j, &self.job)) {
                jobs.remove(id);
            }
        }
    }
}

impl Runner {
    pub fn new(limits: Limits) -> Runner {
        Runner {
            permits: Arc::new(Semaphore::new(limits.workers.max(1))),
            limits,
            jobs: Mutex::new(HashMap::new()),
            running: Mutex::new(HashMap::new()),
            started: AtomicU64::new(0),
            stopping: AtomicBool::new(false),
        }
    }

    /// Stops every running job and refuses new ones: the server is
    /// stopping, and its requests in flight end within their next check of
    /// the watch instead of running on to their time limit.
    pub fn stop_all(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        for job in self.running.lock().unwrap_or_else(|p| p.into_inner()).values() {
            job.watch.stop();
        }
    }

    fn stopping_error() -> ApiError {
        ApiError::busy("the server is stopping")
    }

    /// Runs `work` on the blocking pool with a fresh interruption flag,
    /// within the time limit. `id` (from the page) lets `cancel` and
    /// `status` find the job while it runs.
    pub async fn run<T: Send + 'static>(
        &self,
        id: Option<String>,
        work: impl FnOnce(Arc<Job>) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let job = Arc::new(Job {
            watch: Watch::new().with_memory(self.limits.memory).with_room(room(&self.limits)),
            cancelled: AtomicBool::new(false),
            started: Instant::now(),
            total: AtomicU64::new(0),
        });
        if self.stopping.load(Ordering::SeqCst) {
            return Err(Self::stopping_error());
        }
        let id = id.filter(|id| !id.is_empty() && id.len() <= 64);
        if let Some(id) = &id {
            // A second job under a running one's id would hide the first
            // from `cancel` and `status`, which then runs on to its limit.
            let mut jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
            if jobs.contains_key(id) {
                return Err(ApiError::bad(format!(
                    "a job '{id}' is already running: give each request its own job id"
                )));
            }
            jobs.insert(id.clone(), Arc::clone(&job));
        }
        let number = self.started.fetch_add(1, Ordering::Relaxed);
        self.running.lock().unwrap_or_else(|p| p.into_inner()).insert(number, Arc::clone(&job));
        // (A stop between the check above and this registration.)
        if self.stopping.load(Ordering::SeqCst) {
            job.watch.stop();
        }
        let mut registered = Registered { runner: self, number, id, job: Arc::clone(&job), finished: false };
        let limit = self.limits.time;
        let deadline = tokio::time::Instant::now() + limit;
        let permit = match tokio::time::timeout_at(deadline, Arc::clone(&self.permits).acquire_owned()).await {
            Ok(permit) => permit.map_err(|_| ApiError::internal("the server is stopping"))?,
            Err(_) => return Err(ApiError::timeout(limit, "waiting for a turn: the server is busy")),
        };
        let worker_job = Arc::clone(&job);
        // The permit goes with the work: a computation that outlives its
        // request (it stops at its next check of the flag) still counts.
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let watch = worker_job.watch.clone();
            watch.run(|| work(worker_job))
        });
        let outcome = tokio::time::timeout_at(deadline, handle).await;
        registered.finished = true;
        match outcome {
            Err(_) => {
                job.watch.stop();
                Err(ApiError::timeout(limit, "computing"))
            }
            Ok(Err(_panicked)) => Err(ApiError::internal("the computation failed")),
            Ok(Ok(Err(error))) if error.is_interrupted() => Err(if self.stopping.load(Ordering::SeqCst) {
                Self::stopping_error()
            } else if job.cancelled.load(Ordering::SeqCst) {
                ApiError::cancelled()
            } else {
                ApiError::timeout(limit, "computing")
            }),
            Ok(Ok(result)) => result,
        }
    }

    /// Asks the job `id` to stop; false when no such job is running.
    pub fn cancel(&self, id: &str) -> bool {
        let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        match jobs.get(id) {
            Some(job) => {
                job.cancelled.store(true, Ordering::SeqCst);
                job.watch.stop();
                true
            }
            None => false,
        }
    }

    pub fn status(&self, id: &str) -> Option<JobStatus> {
        let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        jobs.get(id).map(|job| JobStatus {
            elapsed_ms: job.started.elapsed().as_millis() as u64,
            done: job.watch.done(),
            total: job.total.load(Ordering::Relaxed),
            stage: job.watch.stage(),
        })
    }
}
