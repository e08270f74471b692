//! The long-run driver: work that grows step by step toward a goal (a
//! sequence of nim-values heap by heap, a misère quotient heap by heap),
//! saved to its checkpoint every so often, and stopped by a [`Watch`].
//!
//! Every front end runs long work the same way — extend with a progress
//! callback, write the checkpoint when one is due, stop when asked, save
//! what was finished and say so — so the loop is written once, here. The
//! work itself is a [`Resumable`]: [`crate::solve::heap::SequenceRun`] and
//! [`crate::solve::quotient::QuotientRun`] are the two the library has.
//!
//! ```
//! use grundy::solve::heap::{Algorithm, HeapGame, SequenceRun};
//! use grundy::{LongRun, Watch};
//!
//! let kayles = HeapGame::parse("kayles").unwrap();
//! let path = std::env::temp_dir().join(format!("kayles-doc-{}.seq", std::process::id()));
//! let _ = std::fs::remove_file(&path);
//! let mut run = SequenceRun::open(&kayles, Algorithm::RareCommon, Some(&path), 100_001).unwrap();
//! LongRun::new(Watch::new()).run(&mut run, |_heaps| {}).unwrap();
//! // The checkpoint holds every value; a run opened on it starts there.
//! let resumed = SequenceRun::open(&kayles, Algorithm::RareCommon, Some(&path), 200_001).unwrap();
//! assert_eq!(resumed.resumed(), Some(100_001));
//! # std::fs::remove_file(&path).unwrap();
//! ```

use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::watch::Watch;

/// How often a long run writes its checkpoint, unless the environment
/// variable `GRUNDY_CHECKPOINT_EVERY` gives other seconds. A sequence's
/// save appends only the values computed since the last one.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(10);

/// `GRUNDY_CHECKPOINT_EVERY` seconds (a decimal number, at least 0) if the
/// environment sets it, else `default`: the one place the library reads it
/// (long runs, and the pruned search's checkpoints).
pub fn checkpoint_every(default: Duration) -> Duration {
    let seconds = std::env::var("GRUNDY_CHECKPOINT_EVERY").ok().and_then(|s| s.parse::<f64>().ok());
    seconds.filter(|s| s.is_finite() && *s >= 0.0).map(Duration::from_secs_f64).unwrap_or(default)
}

/// Work that grows step by step toward a goal, and can be saved between
/// steps to a checkpoint it owns (or to none).
pub trait Resumable {
    /// What the work reports as it goes (heaps valued; the heap reached and
    /// the quotient's size), for a progress line.
    type Progress;

    /// Works on toward the goal, calling `pause` between steps with the
    /// progress so far; returns `Ok(true)` at the goal, `Ok(false)` as soon
    /// as `pause` answers `true`, or [`Error::Interrupted`] when stopped in
    /// the middle of a step. In every case what was finished is kept.
    fn advance(&mut self, pause: &mut dyn FnMut(Self::Progress) -> bool) -> Result<bool>;

    /// Whether the work has a checkpoint to save to.
    fn has_checkpoint(&self) -> bool;

    /// Writes what was finished to the checkpoint (nothing without one).
    fn save(&mut self) -> Result<()>;
}

/// Drives a [`Resumable`]: its checkpoint is written every
/// [`checkpoint_every`]`(`[`CHECKPOINT_EVERY`]`)`, when it reaches its
/// goal, when it fails and when the watch stops it; a stop returns
/// [`Error::Interrupted`] with what was finished saved.
pub struct LongRun {
    watch: Watch,
    every: Duration,
    last_save: Instant,
}

impl LongRun {
    /// A run stopped by `watch`, saving every [`CHECKPOINT_EVERY`] or as
    /// `GRUNDY_CHECKPOINT_EVERY` says.
    pub fn new(watch: Watch) -> LongRun {
        LongRun { watch, every: checkpoint_every(CHECKPOINT_EVERY), last_save: Instant::now() }
    }

    /// Saves every `every` instead.
    pub fn saving_every(mut self, every: Duration) -> LongRun {
        self.every = every;
        self
    }

    /// Works until the goal (`Ok(())`) or a stop ([`Error::Interrupted`]),
    /// calling `progress` between steps.
    pub fn run<W: Resumable>(&mut self, work: &mut W, progress: impl FnMut(W::Progress)) -> Result<()> {
        // Without an end to the slice, only the goal ends it.
        self.run_until(work, None, progress).map(|_| ())
    }

    /// Works until the goal (`Ok(true)`), until `until` passes (`Ok(false)`:
    /// call again to go on; the checkpoint is written only when due), or
    /// until the watch stops it ([`Error::Interrupted`], at once if it was
    /// stopped before the call). A front end that must look up from the
    /// work now and then (Python, for Ctrl-C) calls this in slices.
    pub fn run_until<W: Resumable>(
        &mut self,
        work: &mut W,
        until: Option<Instant>,
        mut progress: impl FnMut(W::Progress),
    ) -> Result<bool> {
        let saving = work.has_checkpoint();
        if self.watch.is_stopped() {
            return self.stopped(work);
        }
        loop {
            let (every, last_save, watch) = (self.every, self.last_save, &self.watch);
            let (mut save_due, mut slice_over, mut first) = (false, false, true);
            // The pause stops the work when a save is due, the slice is
            // over or the watch says stop; each is handled here. Each call
            // of `advance` starts where the last one stopped, right after a
            // save or none due, so its first pause never asks for one.
            let advanced = work.advance(&mut |reached| {
                progress(reached);
                save_due = saving && !first && last_save.elapsed() >= every;
                slice_over = until.is_some_and(|until| Instant::now() >= until);
                first = false;
                watch.is_stopped() || save_due || slice_over
            });
            let done = match advanced {
                Ok(done) => done,
                // Stopped in the middle of a step: the steps before are kept.
                Err(Error::Interrupted) => return self.stopped(work),
                Err(error) => {
                    work.save()?;
                    return Err(error);
                }
            };
            if done {
                work.save()?;
                self.last_save = Instant::now();
                return Ok(true);
            }
            if self.watch.is_stopped() {
                return self.stopped(work);
            }
            if save_due {
                work.save()?;
                self.last_save = Instant::now();
            }
            if slice_over {
                return Ok(false);
            }
        }
    }

    /// Saves what was finished and says the work was interrupted.
    fn stopped<W: Resumable>(&mut self, work: &mut W) -> Result<bool> {
        work.save()?;
        self.last_save = Instant::now();
        Err(Error::Interrupted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts to a goal, one step a call of `pause`; saves by copying.
    struct Counter {
        reached: u64,
        goal: u64,
        saved: Option<u64>,
        saves: u64,
        fail_at: Option<u64>,
    }

    impl Resumable for Counter {
        type Progress = u64;
        fn advance(&mut self, pause: &mut dyn FnMut(u64) -> bool) -> Result<bool> {
            while self.reached < self.goal {
                if Some(self.reached) == self.fail_at {
                    return Err(Error::InvalidGame("step failed".into()));
                }
                if pause(self.reached) {
                    return Ok(false);
                }
                self.reached += 1;
            }
            Ok(true)
        }
        fn has_checkpoint(&self) -> bool {
            self.saved.is_some()
        }
        fn save(&mut self) -> Result<()> {
            if self.saved.is_some() {
                self.saved = Some(self.reached);
                self.saves += 1;
            }
            Ok(())
        }
    }

    fn counter(goal: u64) -> Counter {
        Counter { reached: 0, goal, saved: Some(0), saves: 0, fail_at: None }
    }

    #[test]
    fn a_run_reaches_its_goal_and_saves_it() {
        let mut work = counter(1000);
        let mut seen = 0;
        LongRun::new(Watch::new()).run(&mut work, |_| seen += 1).unwrap();
        assert_eq!((work.reached, work.saved, seen), (1000, Some(1000), 1000));
    }

    #[test]
    fn a_stop_saves_what_was_finished_and_is_an_interruption() {
        let watch = Watch::new();
        let mut work = counter(u64::MAX);
        let stopper = watch.clone();
        let result = LongRun::new(watch).run(&mut work, |n| {
            if n == 500 {
                stopper.stop();
            }
        });
        assert_eq!(result, Err(Error::Interrupted));
        assert_eq!((work.reached, work.saved), (500, Some(500)));
    }

    #[test]
    fn saves_come_when_due_and_an_error_saves_first() {
        // Due at every step: the checkpoint follows the work.
        let mut work = Counter { fail_at: Some(300), ..counter(1000) };
        let mut run = LongRun::new(Watch::new()).saving_every(Duration::ZERO);
        let result = run.run(&mut work, |_| {});
        assert_eq!(result, Err(Error::InvalidGame("step failed".into())));
        assert_eq!(work.saved, Some(300), "what was finished before the error is saved");
        // Each call's first pause asks for no save and its second does: a
        // save after every step (heaps 1..=299), and one for the error.
        assert_eq!(work.saves, 299 + 1);
    }

    #[test]
    fn slices_end_without_saving_and_a_stopped_watch_stops_at_once() {
        let watch = Watch::new();
        let mut work = counter(u64::MAX);
        let mut run = LongRun::new(watch.clone()).saving_every(Duration::from_secs(3600));
        let sliced = run.run_until(&mut work, Some(Instant::now()), |_| {});
        assert_eq!(sliced, Ok(false));
        assert_eq!(work.saved, Some(0), "no save was due");
        watch.stop();
        let reached = work.reached;
        assert_eq!(run.run_until(&mut work, None, |_| {}), Err(Error::Interrupted));
        assert_eq!((work.reached, work.saved), (reached, Some(reached)));
    }
}
