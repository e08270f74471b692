//! Watching long work: a request to stop, a tally of the work done, and a
//! memory budget, shared by whoever started the work and the loops doing it.
//!
//! A front end makes one [`Watch`] per piece of work (the command line one
//! per run, the server one per request), hands it to the thread that does
//! the work with [`Watch::run`], and raises [`Watch::stop`] from a signal
//! handler, a timer or a Cancel button. The engine's long loops — the dense
//! table solver, the exploration of a game graph, the memoized search, the
//! listing of winning moves — look at the watch every few thousand steps
//! and return [`Error::Interrupted`], keeping what they had finished where
//! their solver says so.
//!
//! Why a per-thread current watch rather than a parameter: the loops sit
//! under generic solvers, registry constructors and `fn` pointers (a
//! game's tabulator, a session's search); a parameter threaded through
//! every one of them would change forty signatures for one boolean. A
//! thread-local installed by the caller reaches them all, and is read once
//! every [`POLL_EVERY`] steps, which costs nothing measurable. Work that
//! runs on other threads (the pruned search, heap sequences on rayon)
//! is given [`Watch::flag`] or a stop callback, as before.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::error::{Error, Result};
use crate::memory::held_bytes;

/// Steps a hot loop takes between two looks at the current watch.
pub const POLL_EVERY: u32 = 4096;

/// Steps counted between two readings of the process's resident memory
/// (a read of `/proc/self/status`, some microseconds: one per 65,536
/// positions valued is under a thousandth of the work).
const RESIDENT_EVERY: u64 = 1 << 16;

/// A stop request, a progress tally and a memory budget for one piece of
/// long work. Cloning shares it: the front end keeps one clone to stop the
/// work or read its progress, the worker another.
///
/// ```
/// use grundy::Watch;
/// use grundy::registry::{game, RuleOptions};
///
/// let watch = Watch::new();
/// watch.stop(); // as a Ctrl-C handler would, from another thread
/// let wythoff = game("wythoff", &RuleOptions::default()).unwrap();
/// let table = watch.run(|| wythoff.table(0..=300, Some(0..=300)));
/// assert!(matches!(table, Err(grundy::Error::Interrupted)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Watch(Arc<Shared>);

#[derive(Debug, Default)]
struct Shared {
    /// An `Arc` of its own, for the solvers that take a bare flag.
    stop: Arc<AtomicBool>,
    /// Steps done (positions valued, cells filled, options tried).
    done: AtomicU64,
    /// Bytes one structure of the work may take; 0 for no budget.
    memory: AtomicUsize,
    /// What the work is doing now, for a progress line.
    stage: Mutex<String>,
    /// Bytes the whole process may hold resident; 0 for no limit.
    resident_limit: AtomicU64,
    /// Steps counted since the resident memory was last read.
    since_resident: AtomicU64,
}

thread_local! {
    static CURRENT: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

impl Watch {
    pub fn new() -> Watch {
        Watch::default()
    }

    /// The same watch with a memory budget: any one table, graph or memo
    /// the work would build larger than `bytes` is refused before it is
    /// allocated ([`Error::TooLarge`]).
    pub fn with_memory(self, bytes: usize) -> Watch {
        self.0.memory.store(bytes.max(1), Ordering::Relaxed);
        self
    }

    /// The same watch with a limit on the whole process's resident memory,
    /// read every 65,536 steps the polling loops count: past it
    /// the work stops with [`Error::TooLarge`], keeping what it finished,
    /// before the machine runs out and the system kills the process. A
    /// memo's size in bytes is not known to the loops (its positions may
    /// own heap memory: a misère sum is a vector of heaps), so the process's
    /// own count is the one that can be trusted. Under an address-space
    /// limit (`ulimit -v`) the mapped size is read instead, as the kernel
    /// counts it (`crate::memory`). On systems without `/proc` nothing is
    /// read and nothing is refused.
    pub fn with_resident_limit(self, bytes: u64) -> Watch {
        self.0.resident_limit.store(bytes.max(1), Ordering::Relaxed);
        self
    }

    /// The same watch with a resident limit `room` bytes above what the
    /// process holds now: for work started in a process that already holds
    /// much (a server's kept games, a Python session's own data), where a
    /// limit counted from nothing would refuse every call.
    pub fn with_room(self, room: u64) -> Watch {
        self.with_resident_limit(held_bytes().unwrap_or(0).saturating_add(room))
    }

    /// [`Error::TooLarge`] once the process holds more than the resident
    /// limit, looked at when `steps` more bring the count since the last
    /// look to [`RESIDENT_EVERY`].
    fn check_resident(&self, steps: u64) -> Result<()> {
        let limit = self.0.resident_limit.load(Ordering::Relaxed);
        if limit == 0 || self.0.since_resident.fetch_add(steps, Ordering::Relaxed) + steps < RESIDENT_EVERY {
            return Ok(());
        }
        self.0.since_resident.store(0, Ordering::Relaxed);
        self.check_held()
    }

    /// [`Error::TooLarge`] if the process holds more than the resident
    /// limit now (read at once, not counted down): for work outside the
    /// engine's loops that grows as it goes, such as reading a caller's
    /// positions one by one, to look every so often.
    pub fn check_held(&self) -> Result<()> {
        let limit = self.0.resident_limit.load(Ordering::Relaxed);
        match held_bytes() {
            Some(held) if limit > 0 && held > limit => Err(too_much_memory(held, limit)),
            _ => Ok(()),
        }
    }

    /// The resident limit in bytes, if one is set: to give later work the
    /// same limit without asking the system again.
    pub fn resident_limit(&self) -> Option<u64> {
        Some(self.0.resident_limit.load(Ordering::Relaxed)).filter(|&limit| limit > 0)
    }

    /// The memory budget, if one is set.
    pub fn memory(&self) -> Option<usize> {
        Some(self.0.memory.load(Ordering::Relaxed)).filter(|&m| m > 0)
    }

    /// Asks the work to stop; it returns [`Error::Interrupted`] at its next
    /// look (within milliseconds for the loops that poll).
    pub fn stop(&self) {
        self.0.stop.store(true, Ordering::SeqCst);
    }

    pub fn is_stopped(&self) -> bool {
        self.0.stop.load(Ordering::Relaxed)
    }

    /// The stop flag itself, for solvers that take one
    /// ([`crate::solve::Search::with_interrupt`], the pruned search).
    pub fn flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0.stop)
    }

    /// The stop flag, borrowed (a watch that lives as long as the program
    /// lends a `&'static` one, as the misère quotient's limits take).
    pub fn as_flag(&self) -> &AtomicBool {
        &self.0.stop
    }

    /// [`Error::Interrupted`] once [`Watch::stop`] was called.
    pub fn check(&self) -> Result<()> {
        if self.is_stopped() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }

    /// Steps done so far, as the polling loops counted them.
    pub fn done(&self) -> u64 {
        self.0.done.load(Ordering::Relaxed)
    }

    /// Counts `steps` more done.
    pub fn add(&self, steps: u64) {
        self.0.done.fetch_add(steps, Ordering::Relaxed);
    }

    /// Sets the tally, for work that counts its own steps (heaps valued).
    pub fn set_done(&self, steps: u64) {
        self.0.done.store(steps, Ordering::Relaxed);
    }

    /// What the work is doing now ("valuing positions", "listing moves").
    pub fn stage(&self) -> String {
        self.0.stage.lock().map(|s| s.clone()).unwrap_or_default()
    }

    pub fn set_stage(&self, stage: &str) {
        if let Ok(mut current) = self.0.stage.lock() {
            if *current != stage {
                current.clear();
                current.push_str(stage);
            }
        }
    }

    /// Runs `work` on this thread with this watch as the current one (the
    /// one the engine's loops poll), then puts back whatever was current.
    pub fn run<T>(&self, work: impl FnOnce() -> T) -> T {
        struct Restore(Option<Watch>);
        impl Drop for Restore {
            fn drop(&mut self) {
                let previous = self.0.take();
                CURRENT.with(|current| *current.borrow_mut() = previous);
            }
        }
        let previous = CURRENT.with(|current| current.borrow_mut().replace(self.clone()));
        let _restore = Restore(previous);
        work()
    }

    /// The watch [`Watch::run`] installed on this thread, if any.
    pub fn current() -> Option<Watch> {
        CURRENT.with(|current| current.borrow().clone())
    }
}

/// Counts `steps` on the current watch and says whether to stop.
pub(crate) fn check_current(steps: u64) -> Result<()> {
    CURRENT.with(|current| match &*current.borrow() {
        Some(watch) => {
            watch.add(steps);
            watch.check()?;
            watch.check_resident(steps)
        }
        None => Ok(()),
    })
}

/// Refuses to grow a structure by `bytes` (a memo about to double) when
/// the process would then hold more than the current watch's resident limit
/// ([`Watch::with_resident_limit`]). The regular look every
/// [`RESIDENT_EVERY`] steps comes after the fact, and a hash table that
/// doubles takes its new size at once, the old one too while it moves: a
/// look before that step is the one that keeps the machine from running
/// out. Rare (once a doubling), so the system is asked each time.
pub(crate) fn check_growth(bytes: u64) -> Result<()> {
    let limit = CURRENT
        .with(|current| current.borrow().as_ref().map_or(0, |watch| watch.0.resident_limit.load(Ordering::Relaxed)));
    if limit == 0 {
        return Ok(());
    }
    match held_bytes() {
        Some(held) if held.saturating_add(bytes) > limit => Err(too_much_memory(held.saturating_add(bytes), limit)),
        _ => Ok(()),
    }
}

/// Makes room in `vec` for `additional` more items, or says why there is
/// none ([`Error::TooLarge`], `what` naming the structure): the new buffer
/// (what `vec` holds and the room, side by side with the old one while it
/// moves) is weighed against the run's memory first ([`check_growth`]), and
/// reserved with `try_reserve_exact`, so that a table the machine cannot
/// give is one line, not an allocation abort.
pub(crate) fn reserve<T>(vec: &mut Vec<T>, additional: usize, what: impl FnOnce() -> String) -> Result<()> {
    let bytes = (vec.len() as u128 + additional as u128) * std::mem::size_of::<T>() as u128;
    check_growth(u64::try_from(bytes).unwrap_or(u64::MAX))?;
    vec.try_reserve_exact(additional).map_err(|_| Error::TooLarge {
        what: what(),
        needed: bytes,
        limit: crate::available_memory().map_or(0, u128::from),
        unit: "bytes",
    })
}

fn too_much_memory(needed: u64, limit: u64) -> Error {
    Error::TooLarge {
        what: "this run's memory (the most it may hold, set when it began)".into(),
        needed: needed as u128,
        limit: limit as u128,
        unit: "bytes",
    }
}

/// Whether the current watch asks to stop (false without one).
pub(crate) fn current_stopped() -> bool {
    CURRENT.with(|current| current.borrow().as_ref().is_some_and(Watch::is_stopped))
}

/// Sets the current watch's tally, for work that counts its own steps (a
/// no-op without one).
pub(crate) fn tally_current(steps: u64) {
    CURRENT.with(|current| {
        if let Some(watch) = &*current.borrow() {
            watch.set_done(steps);
        }
    })
}

/// Names the current watch's stage (a no-op without one).
pub(crate) fn stage(stage: &str) {
    CURRENT.with(|current| {
        if let Some(watch) = &*current.borrow() {
            watch.set_stage(stage);
        }
    })
}

/// Refuses a structure of `bytes` that the current watch's memory budget
/// does not allow, before it is built. `what` names it for the message.
pub(crate) fn charge(what: &str, bytes: u128) -> Result<()> {
    let budget = CURRENT.with(|current| current.borrow().as_ref().and_then(Watch::memory));
    match budget {
        Some(budget) if bytes > budget as u128 => Err(Error::TooLarge {
            what: format!("{what} (memory budget)"),
            needed: bytes,
            limit: budget as u128,
            unit: "bytes",
        }),
        _ => Ok(()),
    }
}

/// The countdown a hot loop keeps: [`Poll::step`] is one decrement, and
/// every [`POLL_EVERY`] steps a look at the current watch.
pub(crate) struct Poll {
    until: u32,
    every: u32,
    /// Steps taken since the last look, for the tally.
    steps: u32,
}

impl Poll {
    pub fn new() -> Poll {
        Poll::every(POLL_EVERY)
    }

    /// For loops whose steps are heavy (each a search of its own).
    pub fn every(steps: u32) -> Poll {
        let every = steps.max(1);
        Poll { until: every, every, steps: 0 }
    }

    #[inline]
    pub fn step(&mut self) -> Result<()> {
        self.step_weighing(1)
    }

    /// One step that took the work of `weight` ordinary ones: it brings the
    /// next look at the watch that much closer, but counts as one step in
    /// the tally. For loops whose steps vary by thousands: a sum of
    /// hundreds of Nim heaps has thousands of moves, each a copy of the
    /// whole sum, so 4096 of its positions, looked at as equals, take
    /// longer than the request they belong to.
    #[inline]
    pub fn step_weighing(&mut self, weight: usize) -> Result<()> {
        self.steps += 1;
        let weight = u32::try_from(weight).unwrap_or(u32::MAX).max(1);
        if weight < self.until {
            self.until -= weight;
            return Ok(());
        }
        self.until = self.every;
        check_current(u64::from(std::mem::take(&mut self.steps)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poll_stops_within_its_period_once_the_watch_is_stopped() {
        let watch = Watch::new();
        let steps = watch.run(|| {
            let mut poll = Poll::every(100);
            for step in 0..10_000u32 {
                if step == 250 {
                    watch.stop();
                }
                if poll.step().is_err() {
                    return step;
                }
            }
            u32::MAX
        });
        assert_eq!(steps, 299, "the first look after the stop");
        assert_eq!(watch.done(), 300);
        assert!(Watch::current().is_none(), "run puts back what was current");
    }

    #[test]
    fn heavy_steps_bring_the_next_look_closer_but_count_as_one() {
        let watch = Watch::new();
        watch.stop();
        let steps = watch.run(|| {
            let mut poll = Poll::every(100);
            (1..).find(|_| poll.step_weighing(30).is_err())
        });
        assert_eq!(steps, Some(4), "the look comes once 100 steps' weight is reached");
        assert_eq!(watch.done(), 4, "four steps taken");
        let steps = watch.run(|| {
            let mut poll = Poll::every(100);
            (1..).find(|_| poll.step_weighing(1_000_000).is_err())
        });
        assert_eq!(steps, Some(1), "a step heavier than the period is looked at at once");
    }

    #[test]
    fn past_the_resident_limit_the_work_stops() {
        let small = Watch::new().with_resident_limit(1);
        let stopped = small.run(|| {
            let mut poll = Poll::every(1024);
            (0..2 * RESIDENT_EVERY).find_map(|step| poll.step().err().map(|error| (step, error)))
        });
        if held_bytes().is_some() {
            let (step, error) = stopped.expect("a process holds more than one byte");
            assert_eq!(step + 1, RESIDENT_EVERY, "the first reading");
            assert!(error.to_string().contains("this run's memory"), "{error}");
        }
        let ample = Watch::new().with_resident_limit(u64::MAX);
        assert!(ample.run(|| {
            let mut poll = Poll::every(1024);
            (0..2 * RESIDENT_EVERY).all(|_| poll.step().is_ok())
        }));
    }

    #[test]
    fn without_a_watch_nothing_stops_and_nothing_is_refused() {
        let mut poll = Poll::every(2);
        assert!((0..100).all(|_| poll.step().is_ok()));
        assert!(charge("a table", u128::MAX).is_ok());
    }

    #[test]
    fn the_budget_refuses_larger_structures_only() {
        let watch = Watch::new().with_memory(1 << 20);
        watch.run(|| {
            assert!(charge("a table", 1 << 20).is_ok());
            let error = charge("a table", (1 << 20) + 1).unwrap_err().to_string();
            assert!(error.contains("a table (memory budget) needs 1048577 bytes"), "{error}");
        });
    }
}
