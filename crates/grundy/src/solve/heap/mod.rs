//! Nim-value sequences of heap games, to billions of heaps.
//!
//! [`NimSequence`] computes `G(0), G(1), …` of a [`HeapGame`] one heap at a
//! time, resumably (start from values computed earlier, stop when asked),
//! by one of two methods that give the same answers:
//!
//! - [`Algorithm::Plain`] looks at every option of every heap: quadratic for
//!   games that split heaps, and the test oracle;
//! - [`Algorithm::RareCommon`] uses the *sparse space* of Berlekamp, Conway
//!   and Guy (Winning Ways ch. 4, "Sparse space spells speed"; Flammenkamp's
//!   tables; Gangolli–Plambeck 1989), which makes most octal games close to
//!   linear. See [`rare_common`] for how, and `block.rs` for how it runs a
//!   block of heaps at a time.
//!
//! How the rare/common method runs — heap by heap, on 64-bit words, by
//! blocks, by blocks listed ahead on a second thread — is a [`Schedule`],
//! chosen in one place (`Engine::schedule`) once its passes are measured;
//! [`NimSequence::heaps_by_schedule`] says which ran.
//!
//! [`find_periodicity`](crate::sequence::find_periodicity) then finds preperiod, period and saltus, and for
//! finite octal codes proves periodicity by the octal periodicity theorem.

mod bits;
mod block;
mod code;
mod pass;
mod pending;
mod pipeline;
mod plain;
pub mod rare_common;
mod run;
pub mod running_count;
mod seen;

pub use code::{HeapGame, MAX_SET_NUMBER};
pub use run::SequenceRun;

use crate::sequence::{with_values, Value, Values};
use seen::Seen;

use crate::error::{Error, Result};
use crate::game::{named, Named};

/// How a sequence is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    /// Every option of every heap.
    Plain,
    /// The rare/common split of nim-values.
    RareCommon,
    /// A running count of the values so far (Nim, all-but subtraction games).
    RunningCount,
}

impl Named for Algorithm {
    const WHAT: &'static str = "method";
    const ALL: &'static [Self] = &[Algorithm::Plain, Algorithm::RareCommon, Algorithm::RunningCount];
    /// The name of the command line and of Python (`rare-common`).
    fn name(self) -> &'static str {
        match self {
            Algorithm::Plain => "plain",
            Algorithm::RareCommon => "rare-common",
            Algorithm::RunningCount => "running-count",
        }
    }
}

named!(Algorithm);

impl Algorithm {
    /// The fastest method that supports `game`: a running count for games
    /// that take any number but a few, rare/common for finite codes whose
    /// splits leave at most two heaps, plain otherwise.
    pub fn best_for(game: &HeapGame) -> Algorithm {
        if running_count::supports(game) {
            Algorithm::RunningCount
        } else if rare_common::supports(game) {
            Algorithm::RareCommon
        } else {
            Algorithm::Plain
        }
    }

    fn supports(self, game: &HeapGame) -> Result<()> {
        let why = match self {
            Algorithm::Plain => return Ok(()),
            Algorithm::RareCommon if rare_common::supports(game) => return Ok(()),
            Algorithm::RunningCount if running_count::supports(game) => return Ok(()),
            Algorithm::RareCommon => "the rare/common method needs a finite code whose splits leave at most two heaps",
            Algorithm::RunningCount => {
                "the running-count method needs a game that may take any number of counters but a few, with no splits"
            }
        };
        Err(Error::InvalidGame(format!("{why}; {} is not one", game.description())))
    }
}

/// The nim-values of heaps `0..=last` of `game`, by the fastest method: what
/// a table of a heap game should call.
///
/// ```
/// use grundy::solve::heap::{nim_values, HeapGame};
/// let values = nim_values(&HeapGame::parse("0.77").unwrap(), 8).unwrap();
/// assert_eq!(values.to_vec(), [0, 1, 2, 3, 1, 4, 3, 2, 1]);
/// ```
pub fn nim_values(game: &HeapGame, last: usize) -> Result<Values> {
    let mut sequence = NimSequence::new(game, Algorithm::best_for(game))?;
    // The current watch ([`crate::Watch`]) may stop it; heaps count as its steps.
    let watch = crate::Watch::current();
    let mut counted = 0;
    let done = sequence.extend_to(last.saturating_add(1), |n| match &watch {
        Some(watch) => {
            watch.add((n as u64).saturating_sub(counted));
            counted = n as u64;
            watch.is_stopped()
        }
        None => false,
    })?;
    if !done {
        return Err(crate::Error::Interrupted);
    }
    Ok(sequence.into_values())
}

/// The nim-values of `heaps`, however large, for a finite octal code whose
/// values the octal periodicity theorem proves periodic by heap `budget`:
/// the sequence is computed a doubling at a time until a period is proven,
/// and each heap past it is moved back by whole periods. Kayles' period is
/// proven by heap 256, so heap 10¹² costs what heap 256 does. A code with no
/// period proven by `budget` (0.007, say) is valued from its sequence up to
/// [`DIRECT_REACH`] times the budget — a heap just past the budget costs
/// only a few times what the failed proof did, and giving up there threw
/// that work away (Treblecross at heap 2,000,000 was refused after 32 s;
/// its sequence to there takes 59 s). Past that reach it is an error naming
/// the bound.
///
/// ```
/// use grundy::solve::heap::{nim_values_of_heaps, HeapGame};
/// let kayles = HeapGame::parse("kayles").unwrap();
/// // Period 12 from heap 71 (Guy and Smith 1956): 10¹² is 4 (mod 12), like heap 76.
/// let values = nim_values_of_heaps(&kayles, &[1_000_000_000_000, 76, 3], 1 << 20).unwrap();
/// assert_eq!(values, [1, 1, 3]);
/// ```
pub fn nim_values_of_heaps(game: &HeapGame, heaps: &[u64], mut budget: usize) -> Result<Vec<u64>> {
    let last = heaps.iter().copied().max().unwrap_or(0);
    if let Some(proven) = ProvenPeriod::remembered(game) {
        return Ok(heaps.iter().map(|&heap| proven.value(heap)).collect());
    }
    let mut sequence = NimSequence::new(game, Algorithm::best_for(game))?;
    let watch = crate::Watch::current();
    let mut len = 1024usize;
    loop {
        let wanted = len.min(budget).min(usize::try_from(last).unwrap_or(usize::MAX).saturating_add(1));
        let stop = |_| watch.as_ref().is_some_and(|watch| watch.is_stopped());
        if !sequence.extend_to(wanted, stop)? {
            return Err(crate::Error::Interrupted);
        }
        if sequence.proven_period.is_none() {
            // (The sequence looks for a proof only as it passes each
            // doubling, so the values just computed are looked at here.)
            sequence.look_for_a_proven_period();
        }
        let known = sequence.values();
        if known.len() as u64 > last {
            return Ok(heaps.iter().map(|&heap| u64::from(known.get(heap as usize))).collect());
        }
        if let Some(period) = sequence.proven_period {
            let proven = ProvenPeriod { game: game.clone(), values: sequence.into_values(), period };
            let values = heaps.iter().map(|&heap| proven.value(heap)).collect();
            proven.remember();
            return Ok(values);
        }
        if wanted >= budget {
            let reach = budget.saturating_mul(DIRECT_REACH);
            if last >= reach as u64 {
                return Err(crate::Error::InvalidPosition(format!(
                    "heap {last} is too large for {}: no period of its nim-values is proven by heap \
                     {budget} (octal periodicity theorem), and heaps from {reach} on are valued only \
                     from a proven period",
                    game.description()
                )));
            }
            // Within reach: on to the heap itself, still looking for a proof.
            budget = last as usize + 1;
        }
        len = wanted * 2;
    }
}

/// How many times its budget [`nim_values_of_heaps`] goes on computing a
/// sequence whose period is not proven within the budget, to reach the heap
/// asked about. (Treblecross to heap 2,000,000, about twice its budget,
/// took 58 s and 31 MB.)
pub const DIRECT_REACH: usize = 4;

/// A finite code's values as far as the octal periodicity theorem needed
/// to prove their period, which values every heap past them.
struct ProvenPeriod {
    game: HeapGame,
    values: Values,
    period: usize,
}

/// The proofs [`nim_values_of_heaps`] made last, newest first, for the next
/// question about the same game: `play` from a far heap asks about every
/// sum it meets, and `subtraction:100,1000,10000` took 0.7 s each time.
/// A few games, at most a few megabytes each.
static PROVEN_PERIODS: std::sync::Mutex<Vec<std::sync::Arc<ProvenPeriod>>> = std::sync::Mutex::new(Vec::new());

/// How many proofs [`PROVEN_PERIODS`] keeps.
const PROVEN_PERIODS_KEPT: usize = 4;

impl ProvenPeriod {
    /// The nim-value of `heap`: its own below the end of the values, else
    /// that of the heap whole periods back. (The proof holds from a heap at
    /// least a period before the end, so one period back from the end is
    /// past the preperiod.)
    fn value(&self, heap: u64) -> u64 {
        let (end, period) = (self.values.len() as u64, self.period as u64);
        let back = match heap < end {
            true => heap,
            false => heap - ((heap - end) / period + 1) * period,
        };
        u64::from(self.values.get(back as usize))
    }

    fn remembered(game: &HeapGame) -> Option<std::sync::Arc<ProvenPeriod>> {
        let proofs = PROVEN_PERIODS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        proofs.iter().find(|proof| proof.game == *game).cloned()
    }

    fn remember(self) {
        let mut proofs = PROVEN_PERIODS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        proofs.retain(|proof| proof.game != self.game);
        proofs.insert(0, std::sync::Arc::new(self));
        proofs.truncate(PROVEN_PERIODS_KEPT);
    }
}

/// The nim-values of a heap game's heaps `0, 1, 2, …`, computed so far.
///
/// ```
/// use grundy::solve::heap::{HeapGame, Algorithm, NimSequence};
///
/// let kayles = HeapGame::parse("kayles").unwrap();
/// let mut sequence = NimSequence::new(&kayles, Algorithm::RareCommon).unwrap();
/// sequence.extend_to(21, |_| false).unwrap();
/// assert_eq!(sequence.values().to_vec()[1..=8], [1, 2, 3, 1, 4, 3, 2, 1]);
/// ```
/// It owns a copy of its game, so it can be kept and sent between threads.
pub struct NimSequence {
    game: HeapGame,
    method: Algorithm,
    values: Values,
    engine: Engine,
    /// A period proven by the octal periodicity theorem: from then on
    /// `G(n) = G(n − period)`, one copy a heap, whatever the method.
    proven_period: Option<usize>,
    /// When to look for a proof next (each time the values double).
    next_proof_check: usize,
}

/// How often (in heaps) the stop callback is asked.
pub const STOP_CHECK_INTERVAL: usize = 1 << 14;

impl NimSequence {
    pub fn new(game: &HeapGame, method: Algorithm) -> Result<Self> {
        Self::resume(game, method, Values::new())
    }

    /// Continues from `values`, the first `values.len()` nim-values (as an
    /// earlier run computed them).
    pub fn resume(game: &HeapGame, method: Algorithm, values: Values) -> Result<Self> {
        method.supports(game)?;
        let mut engine = Engine::new(game, method);
        with_values!(&values, v => (1..=v.len()).for_each(|len| engine.record(game, &v[..len])));
        Ok(NimSequence { game: game.clone(), method, values, engine, proven_period: None, next_proof_check: 64 })
    }

    pub fn values(&self) -> &Values {
        &self.values
    }

    pub fn into_values(self) -> Values {
        self.values
    }

    pub fn method(&self) -> Algorithm {
        self.method
    }

    /// Whether the rare/common method may use a second thread (the default
    /// when rayon's pool has more than one): where passes are long, it lists
    /// each block of heaps ahead on it (`pipeline.rs`). The values are the same.
    pub fn set_parallel(&mut self, parallel: bool) {
        self.engine.parallel = parallel;
    }

    /// How many of the heaps computed by this sequence each schedule
    /// computed (values given to [`NimSequence::resume`], or copied past a
    /// proven period, count under none).
    pub fn heaps_by_schedule(&self) -> impl Iterator<Item = (Schedule, usize)> + '_ {
        Schedule::ALL.into_iter().zip(self.engine.heaps_by).filter(|&(_, heaps)| heaps > 0)
    }

    /// Blocks whose listing a second thread made ahead and that were used,
    /// and those thrown away (the block before ended early, or grew wider).
    pub fn listings_ahead(&self) -> (usize, usize) {
        self.engine.blocks.as_ref().map_or((0, 0), |blocks| blocks.ahead)
    }

    /// Computes values until there are `len` of them. Every
    /// [`STOP_CHECK_INTERVAL`] heaps it calls `stop` with the count so far
    /// (for a progress bar); if `stop` says yes it returns `Ok(false)` with
    /// everything computed until then kept. `Ok(true)` when done.
    pub fn extend_to(&mut self, len: usize, mut stop: impl FnMut(usize) -> bool) -> Result<bool> {
        self.values.reserve_total(len)?;
        if let Some(counts) = &mut self.engine.counts {
            counts.reserve(len)?;
        }
        let mut next_check = self.next_check(self.values.len());
        while self.values.len() < len {
            let n = self.values.len();
            if n >= next_check {
                next_check = self.next_check(n);
                if stop(n) {
                    return Ok(false);
                }
            }
            if n >= self.next_proof_check && self.proven_period.is_none() {
                self.next_proof_check = 2 * n;
                self.look_for_a_proven_period();
            }
            let mut end = len.min(next_check);
            if self.proven_period.is_none() {
                end = end.min(self.next_proof_check.max(n + 1));
            }
            if let Some(period) = self.proven_period {
                with_values!(&mut self.values, v => (n..end).for_each(|m| v.push(v[m - period])));
                continue;
            }
            let (game, method, engine) = (&self.game, self.method, &mut self.engine);
            let overflow = with_values!(&mut self.values, v => engine.run(game, method, v, end));
            if let Some(value) = overflow {
                // The next value needs a wider type: widen, and compute it again.
                self.values.widen(value, len)?;
            }
        }
        Ok(true)
    }
}

impl NimSequence {
    /// The heap after `n` at which `stop` is asked next: the next multiple
    /// of [`STOP_CHECK_INTERVAL`], or of a smaller power of two where each
    /// heap lists about `heap²/12` splits in three per digit that has them
    /// (3,000 hexadecimal `F`s: 7.5 × 10^8 at heap 3,000, so sixteen
    /// thousand heaps between looks never came, and Ctrl-C went unheard).
    fn next_check(&self, n: usize) -> usize {
        let mut interval = STOP_CHECK_INTERVAL;
        // Each heap also looks at the written places up to it: a code of a
        // million places (`subtraction:999983,1000000`) spends a tenth of
        // a millisecond a heap there, and sixteen thousand heaps between
        // looks let Ctrl-C wait 4 s.
        let places = |interval: usize| (n + interval).min(self.game.digits().len()) as u128;
        while interval > 1 && interval as u128 * places(interval) > SPLITS_BETWEEN_CHECKS {
            interval /= 2;
        }
        if self.game.splits_in_three() {
            // (Each heap up to the next look costs at most what the last does.)
            let work = |interval: usize| self.game.option_count((n + interval) as u64).max(1);
            while interval > 1 && interval as u128 * work(interval) > SPLITS_BETWEEN_CHECKS {
                interval /= 2;
            }
        }
        (n / interval + 1) * interval
    }
}

/// About how many options a heap game lists, or places it looks at,
/// between two looks at `stop` (a few hundredths of a second).
const SPLITS_BETWEEN_CHECKS: u128 = 1 << 24;

#[cfg(test)]
impl NimSequence {
    /// Never by blocks: the oracle the block schedules are compared with.
    fn heap_by_heap(mut self) -> Self {
        self.engine.by_blocks = false;
        self
    }

    /// As if the passes were measured long from the first heap on: probes
    /// and listing ahead for games whose passes are short.
    fn assume_long_passes(mut self) -> Self {
        self.engine.passes = Passes::Long;
        self
    }

    /// Passes test their pending values a split at a time, never 32 at a
    /// time (the vector test's oracle).
    fn without_vectors(mut self) -> Self {
        self.engine.split.as_mut().expect("rare/common").set_vector(false);
        self
    }

    fn schedules(&self) -> Vec<Schedule> {
        self.heaps_by_schedule().map(|(schedule, _)| schedule).collect()
    }
}

impl NimSequence {
    /// For a finite octal code, checks whether the values so far prove a
    /// period (Guy–Smith: see [`find_periodicity`](crate::sequence::find_periodicity)); values past a proven
    /// period are copies, so Kayles or 0.16 cost nothing more once their
    /// period is proven. The check costs about one comparison a value and
    /// runs each time the values double.
    fn look_for_a_proven_period(&mut self) {
        let Some(k) = self.game.octal_length() else { return };
        let pattern = self.values.periodicity(Some(k));
        if let Some(pattern) = pattern.filter(|p| p.proven()) {
            self.proven_period = Some(pattern.period);
        }
    }
}

/// How the engine computes the next heaps, chosen in one place
/// (`Engine::schedule`) for each stretch of heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Schedule {
    /// Every option of every heap ([`Algorithm::Plain`]).
    Plain,
    /// A count of each value so far ([`Algorithm::RunningCount`]).
    RunningCount,
    /// Rare/common, one heap at a time: while its passes are measured, and
    /// until heaps are large enough to start a block (`block::ready`).
    HeapByHeap,
    /// Rare/common with short passes and values below 64: a heap at a time,
    /// each set of values one 64-bit word (`bits.rs`).
    Words,
    /// Rare/common by blocks of heaps on one thread (`block.rs`).
    Blocks,
    /// Rare/common by blocks, each block listed ahead on a second thread
    /// while the one before is finished (`pipeline.rs`).
    BlocksAhead,
}

impl Schedule {
    /// Every schedule, in the order of `Schedule::index`.
    pub const ALL: [Schedule; 6] = [
        Schedule::Plain,
        Schedule::RunningCount,
        Schedule::HeapByHeap,
        Schedule::Words,
        Schedule::Blocks,
        Schedule::BlocksAhead,
    ];

    fn index(self) -> usize {
        Schedule::ALL.iter().position(|&s| s == self).expect("every schedule is listed")
    }
}

/// How long the rare/common method's passes are, measured once on the
/// first [`MEASURED_HEAPS`] heaps computed one at a time: long passes make
/// probing and a second thread pay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Passes {
    Unmeasured,
    Short,
    Long,
}

/// The methods' working state, apart from the values.
struct Engine {
    seen: Seen,
    split: Option<rare_common::Split>,
    counts: Option<running_count::Counts>,
    /// Whether the rare/common method may list blocks ahead on a second thread.
    parallel: bool,
    passes: Passes,
    /// Whether heaps may be computed by blocks (tests compare heap by heap).
    by_blocks: bool,
    /// The block listing, once heaps are large enough for it.
    blocks: Option<block::Blocks>,
    /// Heaps computed by each schedule, by [`Schedule::index`].
    heaps_by: [usize; 6],
}

/// Probing and listing ahead pay when a heap's pass examines at least this
/// many splits on average (Grundy's game: thousands; most octal codes: none).
const LONG_PASS_WORK: u64 = 256;

/// The fewest heaps computed one at a time that decide whether passes are long.
const MEASURED_HEAPS: usize = 1024;

impl Engine {
    fn new(game: &HeapGame, method: Algorithm) -> Engine {
        Engine {
            seen: Seen::default(),
            split: (method == Algorithm::RareCommon).then(rare_common::Split::default),
            counts: (method == Algorithm::RunningCount).then(|| running_count::Counts::new(game)),
            parallel: rayon::current_num_threads() > 1,
            passes: Passes::Unmeasured,
            by_blocks: true,
            blocks: None,
            heaps_by: [0; 6],
        }
    }

    /// The schedule for the heaps from `n` on: the one place where the
    /// engine chooses how to run.
    fn schedule(&self, game: &HeapGame, n: usize) -> Schedule {
        let Some(split) = &self.split else {
            return if self.counts.is_some() { Schedule::RunningCount } else { Schedule::Plain };
        };
        if self.passes == Passes::Unmeasured || !self.by_blocks || !block::ready(game, n) {
            return Schedule::HeapByHeap;
        }
        match self.passes {
            Passes::Short if bits::fits(split) => Schedule::Words,
            Passes::Long if self.parallel => Schedule::BlocksAhead,
            _ => Schedule::Blocks,
        }
    }

    /// Computes heaps until `values` holds `end`, or returns the first value
    /// that does not fit in `T` (without storing it).
    fn run<T: Value>(&mut self, game: &HeapGame, method: Algorithm, values: &mut Vec<T>, end: usize) -> Option<u32> {
        let (schedule, start) = (self.schedule(game, values.len()), values.len());
        let overflow = match (schedule, self.split.as_mut()) {
            (Schedule::Words, Some(split)) => bits::run(split, game, values, end),
            (Schedule::Blocks | Schedule::BlocksAhead, Some(split)) => {
                let long = self.passes == Passes::Long;
                let blocks = self.blocks.get_or_insert_with(|| block::Blocks::new(long));
                if schedule == Schedule::BlocksAhead {
                    pipeline::run(blocks, split, game, values, end)
                } else {
                    block::run(blocks, split, game, values, end)
                }
            }
            _ => self.run_serially(game, method, values, end),
        };
        self.heaps_by[schedule.index()] += values.len() - start;
        overflow
    }

    /// One heap at a time; the rare/common method measures its passes on
    /// the first [`MEASURED_HEAPS`] heaps computed so.
    fn run_serially<T: Value>(
        &mut self,
        game: &HeapGame,
        method: Algorithm,
        values: &mut Vec<T>,
        end: usize,
    ) -> Option<u32> {
        let (work_before, start) = (self.split.as_ref().map_or(0, |split| split.pass_work()), values.len());
        let mut overflow = None;
        while values.len() < end {
            let value = self.next_value(game, method, values);
            if let Err(value) = store(values, value) {
                overflow = Some(value);
                break;
            }
            self.record(game, values);
        }
        let heaps = values.len() - start;
        if let Some(split) =
            self.split.as_ref().filter(|_| self.passes == Passes::Unmeasured && heaps >= MEASURED_HEAPS)
        {
            let long = (split.pass_work() - work_before) / heaps as u64 >= LONG_PASS_WORK;
            self.passes = if long { Passes::Long } else { Passes::Short };
        }
        overflow
    }

    #[inline]
    fn next_value<T: Value>(&mut self, game: &HeapGame, method: Algorithm, values: &[T]) -> u32 {
        if let (Algorithm::RunningCount, Some(counts)) = (method, &mut self.counts) {
            return counts.next_value(values);
        }
        self.seen.clear();
        simple_options(game, values, &mut self.seen);
        match &mut self.split {
            Some(split) => split.next_value(game, values, &mut self.seen),
            None => plain::next_value(game, values, &mut self.seen),
        }
    }

    fn record<T: Value>(&mut self, game: &HeapGame, values: &[T]) {
        if let Some(split) = &mut self.split {
            split.record(game, values);
        }
        if let Some(counts) = &mut self.counts {
            counts.record(values);
        }
    }
}

/// Appends the next heap's value, or hands it back when it does not fit in
/// `T` (the sequence then widens its values and computes it again).
#[inline]
pub(super) fn store<T: Value>(values: &mut Vec<T>, value: u32) -> Result<(), u32> {
    if value > T::MAX {
        return Err(value);
    }
    values.push(T::new(value));
    Ok(())
}

/// Options that leave no heap or one heap (the plain method also takes the
/// tail's: every `G(r)`, `1 ≤ r ≤ n − L`, for a tail digit with bit 2).
#[inline]
fn simple_options<T: Value, M: seen::Marks>(game: &HeapGame, values: &[T], seen: &mut M) {
    let n = values.len();
    let written = game.digits().len();
    for j in 1..=n.min(written - 1) {
        let d = game.digit(j);
        if d & 1 != 0 && n == j {
            seen.insert(0);
        }
        if d & 2 != 0 && n > j {
            seen.insert(values[n - j].get());
        }
    }
    if n >= written && game.tail() & 1 != 0 {
        seen.insert(0);
    }
    if game.tail() & 2 != 0 && n > written {
        values[1..=n - written].iter().for_each(|v| seen.insert(v.get()));
    }
}

/// The splits a game allows: the `j` whose digit has bit 4 (two heaps),
/// `j` up to `n − 2`, including tail digits.
#[inline]
fn splitting_takes(game: &HeapGame, n: usize, bit: u8) -> impl Iterator<Item = usize> + '_ {
    let last = if game.tail() & bit != 0 { n } else { game.digits().len() - 1 };
    let end = if n >= 2 { last.min(n - 2) + 1 } else { 0 };
    (0..end).filter(move |&j| game.digit(j) & bit != 0)
}

/// The nim-values of the splits of `rest` counters into two heaps `a + b`,
/// `a ≤ b`, in order of `a` (for Grundy's game `a < b`): the pairs are read
/// from both ends of the values, without bounds checks.
#[inline]
fn two_heap_splits<T: Value>(values: &[T], rest: usize, unequal: bool) -> impl Iterator<Item = u32> + '_ {
    let last = if unequal { (rest - 1) / 2 } else { rest / 2 };
    values[1..=last].iter().zip(values[rest - last..rest].iter().rev()).map(|(a, b)| a.get() ^ b.get())
}

#[cfg(test)]
mod tests;
