//! Pruned search for big single games: Cram, Chomp, Node Kayles boards whose
//! value no table reaches.
//!
//! [`crate::solve::Search`] values a position by the mex of *all* its
//! options' values. [`PrunedSearch`] instead asks narrower questions — "is
//! the nim-value of this position in the set R?", of which "is it a
//! P-position?" is the case R = {0} — and answers them without valuing every
//! option, by the method of Beling and Rogalski (*On pruning search trees of
//! impartial games*, Artificial Intelligence 283, 2020; see `pruned/search.rs` for
//! the details). On top of the method:
//!
//! - **components** ([`crate::game::Decompose`]): an option that falls apart
//!   is a sum; its smaller components are valued exactly, and the largest is
//!   only asked about the targets the others' nim-sum leaves (Lemoine and
//!   Viennot, *Nimbers are inevitable*, TCS 462, 2012). Equal components
//!   cancel (G + G = 0);
//! - **canonical forms** ([`Canonical`]): a component is looked up by a key
//!   that is the same for every translated, rotated or reflected copy, so a
//!   value found once serves them all;
//! - a **transposition table of bounded memory** with a replacement policy
//!   ([`transposition`]), shared by the threads, and saved to a checkpoint file so
//!   that an interrupted run resumes where it was;
//! - **theory** from the game ([`Canonical::known_nim_value`],
//!   [`Canonical::known_not_zero`]): the symmetry strategy of Cram, Dawson's
//!   Kayles for strips, …;
//! - **move ordering**: options whose components are small come first.
//!
//! The oracle for all of this is the plain search: tests compare the two on
//! random small positions of every game that implements [`Canonical`].
//!
//! ```
//! use grundy::catalogue::Cram;
//! use grundy::solve::pruned::PrunedSearch;
//!
//! let search = PrunedSearch::new(&Cram);
//! let board = Cram.rectangle(4, 4).unwrap();
//! assert_eq!(search.nim_value(&board).unwrap(), 0); // even × even: the symmetry strategy
//! let board = Cram.rectangle(3, 5).unwrap();
//! assert_eq!(search.nim_value(&board).unwrap(), 1);
//! assert!(search.has_value(&board, 1).unwrap());
//! ```

mod checkpoint;
pub mod distributed;
pub mod key;
mod nimber_set;
mod root;
mod search;
#[cfg(test)]
mod tests;
pub mod transposition;
#[cfg(test)]
mod wide_tests;

pub use key::{BytesKey, CompactKey, Key, WideKey};
pub use nimber_set::{NimberSet, NIMBER_LIMIT};

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::game::{Decompose, Outcome};
use transposition::{Entry, GrowingTable};

/// The default memory of the transposition table: 2 GiB.
pub const DEFAULT_MEMORY: usize = 2 << 30;

/// What the pruned search needs from a game beyond [`Decompose`]: canonical
/// components and a key for each.
///
/// `components` must push components in a canonical form (translated and
/// reduced by the symmetries the game knows), so that two components that
/// are the same game up to those symmetries have the same [`key`](Self::key).
pub trait Canonical: Decompose<Position: Send + Sync> + Sync {
    /// The kind of key ([`key`]): [`CompactKey`] for keys of at most 96
    /// bits (16-byte table entries, the fastest), [`WideKey`] for up to 192
    /// (boards of up to 128 cells), [`BytesKey`] for keys of any length
    /// (compared whole on every lookup, so a hash collision never gives a
    /// wrong value). The search is compiled for each kind.
    type Key: Key;

    /// The key of a canonical component: equal keys mean the same game, and
    /// different keys different components (two keys for one game only cost
    /// table space; one key for two games would be a wrong answer).
    fn key(&self, component: &Self::Position) -> Self::Key;

    /// The options of `position` ([`Game::options`](crate::game::Game::options)),
    /// handed to `visit` one at a time in the same order until it returns
    /// `true`; `buffer` is scratch space. The search stops listing a
    /// position's options as soon as those seen answer its question (on
    /// Cram 4 × 9, after five of twenty on average), so a game whose options
    /// cost something to make overrides this to make each only when it is
    /// reached. The default makes them all first.
    fn visit_options(
        &self,
        position: &Self::Position,
        buffer: &mut crate::game::Options<Self::Position>,
        mut visit: impl FnMut(&[Self::Position]) -> bool,
    ) {
        buffer.clear();
        self.options(position, buffer);
        for option in buffer.iter() {
            if visit(option) {
                return;
            }
        }
    }

    /// How big a component is (cells, vertices): the search values small
    /// components first and keeps big ones in the table longest.
    fn size(&self, component: &Self::Position) -> u32;

    /// How hard an option looks whose unknown components (those neither
    /// theory nor the table values) have these sizes: the search tries a
    /// position's options easiest first (a stable sort, so among equally
    /// hard options the game's own order stands). The default, the sum of
    /// the squared sizes, puts options that split into small components
    /// first, which suits boards (Cram, Node Kayles): their small regions
    /// are mostly in the table already.
    fn difficulty(&self, sizes: impl Iterator<Item = u32>) -> u32 {
        sizes.map(|s| s * s).sum()
    }

    /// How many positions the search may expand on one option of a
    /// position before it puts that option off and asks the others first
    /// ([`crate::solve::patience`]: the options put off are asked again in
    /// turn, each with twice the patience, and the last one left to the
    /// end). `None`, the default: each option is asked to the end, in order.
    ///
    /// Where [`difficulty`](Self::difficulty) cannot tell the cheap options
    /// (Sprouts), patience keeps the search from sinking into one costly
    /// option while a cheap one would settle the question; the cost is the
    /// work thrown away on the options put off (bounded by the doubling,
    /// and smaller where the table keeps what their searches finished).
    /// Where the order is good already (Cram), that cost is all there is:
    /// measured there, twice the positions.
    fn patience(&self) -> Option<u64> {
        None
    }

    /// A nim-value known without search (a theorem, an endgame table).
    fn known_nim_value(&self, component: &Self::Position) -> Option<u8> {
        let _ = component;
        None
    }

    /// Splits `position` as [`Decompose::components`] does, but leaves out
    /// every component whose nim-value [`known_nim_value`](Self::known_nim_value)
    /// gives, and returns their nim-sum. The search calls this for every
    /// option it lists; a game whose theory is cheaper before the canonical
    /// form (Cram values strips by their cells alone) overrides it to skip
    /// the canonical form of such components. The default splits, then asks
    /// `known_nim_value` of each component.
    fn components_beyond_theory(&self, position: &Self::Position, components: &mut Vec<Self::Position>) -> u8 {
        let first = components.len();
        self.components(position, components);
        let mut nim_sum = 0;
        let mut kept = first;
        for i in first..components.len() {
            match self.known_nim_value(&components[i]) {
                Some(v) => nim_sum ^= v,
                None => {
                    components.swap(kept, i);
                    kept += 1;
                }
            }
        }
        components.truncate(kept);
        nim_sum
    }

    /// Whether theory says the component is not a P-position (a
    /// strategy-stealing or symmetry argument).
    fn known_not_zero(&self, component: &Self::Position) -> bool {
        let _ = component;
        false
    }

    /// An exhaustive table: the value of every position `root` reaches,
    /// computed outright, when that is cheaper than searching and takes at
    /// most `memory` bytes (Chomp: every diagram inside the bar, indexed by a
    /// perfect rank). `None` (the default) when the game has none, or when
    /// `filling` answered that the search was interrupted while the table
    /// was being filled: the search then stops at its first look.
    fn exhaustive(
        &self,
        root: &Self::Position,
        memory: usize,
        filling: Filling<'_>,
    ) -> Option<Exhaustive<Self::Position>> {
        let _ = (root, memory, filling);
        None
    }
}

/// An exhaustive table ([`Canonical::exhaustive`]): the nim-value of any
/// position it covers.
pub type Exhaustive<P> = Arc<dyn Fn(&P) -> Option<u8> + Send + Sync>;

/// What a game filling an exhaustive table tells the search now and then:
/// how many of the table's positions it has valued, of how many (Chomp's
/// 14 × 14 bar takes seconds, which the progress line shows). The answer
/// is whether to go on: `false` once the search was interrupted.
pub type Filling<'a> = &'a mut dyn FnMut(u64, u64) -> bool;

/// The stage the run's watch names while an exhaustive table (the full
/// table: every position the root reaches) is filled: the server's job
/// page and the command line's progress line show it.
pub const EXHAUSTIVE_STAGE: &str = "positions valued for the full table";

/// How far a long search has got, for progress bars.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Positions expanded so far (all threads).
    pub nodes: u64,
    /// Entries the transposition table holds (approximately).
    pub table_entries: u64,
    /// Entries it can hold.
    pub table_capacity: u64,
    /// While an exhaustive table is being filled before the search: the
    /// positions valued so far and how many it holds.
    pub exhaustive: Option<(u64, u64)>,
}

type ProgressCallback = Box<dyn FnMut(&Progress, Duration) + Send>;

/// What the threads share: the tables, the interrupt flag, the node
/// counter, the progress callback, and how far an exhaustive table's
/// filling got.
pub(crate) struct Control<K: Key> {
    tables: GrowingTable<K>,
    interrupt: Arc<AtomicBool>,
    nodes: AtomicU64,
    started: Instant,
    last_report: Mutex<Instant>,
    interval: Duration,
    callback: Mutex<Option<ProgressCallback>>,
    /// An exhaustive table's filling: positions valued, of how many (one
    /// lock, so that the two are read together).
    filling: Mutex<Option<(u64, u64)>>,
    /// Where and how often to save the table during the search, and when
    /// it was last saved.
    periodic: Mutex<Option<Periodic>>,
    /// What the workers learn of components of at least this size is also
    /// put in `shared`, for the distributed search to send to the other
    /// processes ([`distributed`]); `u32::MAX` (the default): nothing is.
    share_from: AtomicU32,
    /// ... and only what took at least this many positions to learn.
    share_work: AtomicU64,
    shared: Mutex<Vec<Entry<K>>>,
}

/// A checkpoint written every `every` during a long search, so that even a
/// killed run (not only an interrupted one) loses at most that much work.
struct Periodic {
    path: std::path::PathBuf,
    tag: String,
    every: Duration,
    last: Instant,
}

impl<K: Key> Control<K> {
    fn new(memory: usize) -> Self {
        Control {
            tables: GrowingTable::new(memory),
            interrupt: Arc::new(AtomicBool::new(false)),
            nodes: AtomicU64::new(0),
            started: Instant::now(),
            last_report: Mutex::new(Instant::now()),
            interval: Duration::from_millis(250),
            callback: Mutex::new(None),
            filling: Mutex::new(None),
            periodic: Mutex::new(None),
            share_from: AtomicU32::new(u32::MAX),
            share_work: AtomicU64::new(0),
            shared: Mutex::new(Vec::new()),
        }
    }

    /// Whether what is learnt of a component of `size`, at the cost of
    /// `work` positions expanded, is to be shared.
    #[inline]
    fn shares(&self, size: u32, work: u64) -> bool {
        size >= self.share_from.load(Ordering::Relaxed) && work >= self.share_work.load(Ordering::Relaxed)
    }

    /// Puts an entry in the outbox of shared entries.
    fn share(&self, entry: Entry<K>) {
        self.shared.lock().expect("shared entries lock").push(entry);
    }

    /// Saves a checkpoint if one is due (only one thread does; the others
    /// go on searching). The entries being written by other threads meanwhile
    /// may be missed or seen torn, which the load's check word rejects.
    fn save_if_due(&self) -> Result<()> {
        let Ok(mut periodic) = self.periodic.try_lock() else { return Ok(()) };
        let Some(periodic) = periodic.as_mut() else { return Ok(()) };
        if periodic.last.elapsed() < periodic.every {
            return Ok(());
        }
        checkpoint::save(&self.tables.to_save(), &periodic.path, &periodic.tag)?;
        periodic.last = Instant::now();
        Ok(())
    }

    /// Adds a worker's counts since its last call; stops the search if it
    /// was interrupted; reports progress now and then.
    fn check(&self, nodes: &mut u64, filled: &mut u64, capacity: usize) -> Result<()> {
        self.nodes.fetch_add(std::mem::take(nodes), Ordering::Relaxed);
        self.tables.add_filled(std::mem::take(filled));
        if self.interrupt.load(Ordering::Relaxed) {
            return Err(Error::Interrupted);
        }
        if self.tables.wants_to_grow(capacity) {
            self.tables.maybe_grow();
        }
        self.save_if_due()?;
        self.report_if_due();
        Ok(())
    }

    /// Calls the progress callback if the last call was an interval ago.
    fn report_if_due(&self) {
        let now = Instant::now();
        let Ok(mut last) = self.last_report.try_lock() else { return };
        if now.duration_since(*last) >= self.interval {
            *last = now;
            drop(last);
            if let Ok(mut callback) = self.callback.try_lock() {
                if let Some(callback) = callback.as_mut() {
                    callback(&self.progress(), now.duration_since(self.started));
                }
            }
        }
    }

    /// The [`Filling`] an exhaustive table is made with: its counts go to
    /// the progress callback, and the interrupt flag stops it.
    fn fill(&self, done: u64, of: u64) -> bool {
        *self.filling.lock().expect("filling lock") = Some((done, of));
        // The run's watch hears it as well: `play` and the server's
        // analyses search with no progress callback.
        crate::watch::stage(EXHAUSTIVE_STAGE);
        crate::watch::tally_current(done);
        self.report_if_due();
        !self.interrupted()
    }

    fn interrupted(&self) -> bool {
        self.interrupt.load(Ordering::Relaxed)
    }

    fn progress(&self) -> Progress {
        let (table_entries, table_capacity) = self.tables.fill();
        let exhaustive = *self.filling.lock().expect("filling lock");
        Progress { nodes: self.nodes.load(Ordering::Relaxed), table_entries, table_capacity, exhaustive }
    }
}

/// The pruned search over one game, with its transposition table. Values
/// found by one call are kept for the next ones.
pub struct PrunedSearch<'g, G: Canonical> {
    game: &'g G,
    control: Control<G::Key>,
    threads: usize,
    /// Exhaustive tables built for the roots asked about so far.
    exhaustive: RwLock<Vec<Exhaustive<G::Position>>>,
    use_exhaustive: bool,
}

impl<'g, G: Canonical> PrunedSearch<'g, G> {
    /// A search with the default table memory ([`DEFAULT_MEMORY`]) and one
    /// thread.
    pub fn new(game: &'g G) -> Self {
        Self::with_memory(game, DEFAULT_MEMORY)
    }

    /// A search whose transposition tables take at most `bytes` together
    /// (at least 128 KiB): the table starts at 8 MiB (less if the budget is
    /// smaller) and doubles when a quarter full, up to half the budget (see
    /// [`transposition::GrowingTable`]).
    pub fn with_memory(game: &'g G, bytes: usize) -> Self {
        PrunedSearch {
            game,
            control: Control::new(bytes),
            threads: 1,
            exhaustive: RwLock::new(Vec::new()),
            use_exhaustive: true,
        }
    }

    /// Searches even where the game offers an exhaustive table (for tests
    /// of the search itself, and comparisons).
    pub fn without_exhaustive(mut self) -> Self {
        self.use_exhaustive = false;
        self
    }

    /// The exhaustive tables built so far.
    pub(crate) fn exhaustive_tables(&self) -> Vec<Exhaustive<G::Position>> {
        self.exhaustive.read().expect("exhaustive tables lock").clone()
    }

    /// Builds the game's exhaustive table for `root` if it has one that fits
    /// in half the memory budget and no table built so far covers `root`.
    fn prepare(&self, root: &G::Position) {
        if !self.use_exhaustive || self.exhaustive_tables().iter().any(|t| t(root).is_some()) {
            return;
        }
        let mut filling = |done, of| self.control.fill(done, of);
        let table = self.game.exhaustive(root, self.control.tables.budget() / 2, &mut filling);
        *self.control.filling.lock().expect("filling lock") = None;
        if let Some(table) = table {
            self.exhaustive.write().expect("exhaustive tables lock").push(table);
        }
    }

    /// Searches the first options of each root component on `threads`
    /// threads (sharing the table).
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// Calls `callback` about four times a second during long searches,
    /// with the progress and the time since the search was created.
    pub fn on_progress(self, callback: impl FnMut(&Progress, Duration) + Send + 'static) -> Self {
        *self.control.callback.lock().expect("progress callback lock") = Some(Box::new(callback));
        self
    }

    /// Calls the [`PrunedSearch::on_progress`] callback at most once per
    /// `every` (a quarter of a second unless set).
    pub fn progress_every(mut self, every: Duration) -> Self {
        self.control.interval = every;
        self
    }

    /// Saves the table to `path` (see [`PrunedSearch::save_checkpoint`])
    /// every `every` while searching.
    pub fn checkpoint_every(self, path: impl Into<std::path::PathBuf>, tag: &str, every: Duration) -> Self {
        *self.control.periodic.lock().expect("checkpoint lock") =
            Some(Periodic { path: path.into(), tag: tag.to_string(), every, last: Instant::now() });
        self
    }

    /// Uses `flag` (set it from a Ctrl-C handler) to stop the search.
    pub fn with_interrupt(mut self, flag: Arc<AtomicBool>) -> Self {
        self.control.interrupt = flag;
        self
    }

    /// The flag that stops the search (set it from a Ctrl-C handler): the
    /// running call returns [`Error::Interrupted`]; the table keeps every
    /// value found, for [`PrunedSearch::save_checkpoint`].
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.control.interrupt)
    }

    /// The search's counters so far.
    pub fn progress(&self) -> Progress {
        self.control.progress()
    }

    /// The most memory the transposition tables may take.
    pub fn memory_budget(&self) -> usize {
        self.control.tables.budget()
    }

    /// The game.
    pub fn game(&self) -> &'g G {
        self.game
    }

    /// The canonical components of `position`, with equal pairs cancelled.
    fn components(&self, position: &G::Position) -> Vec<(G::Position, G::Key)> {
        let mut parts = Vec::new();
        self.game.components(position, &mut parts);
        let mut kept: Vec<(G::Position, G::Key)> = Vec::with_capacity(parts.len());
        for part in parts {
            let key = self.game.key(&part);
            match kept.iter().position(|(_, k)| *k == key) {
                Some(i) => {
                    kept.swap_remove(i);
                }
                None => kept.push((part, key)),
            }
        }
        kept.sort_by_key(|(p, _)| self.game.size(p));
        kept
    }

    /// The nim-value of `position` (a sum: the nim-sum of its components').
    pub fn nim_value(&self, position: &G::Position) -> Result<u8> {
        let mut nim_sum = 0;
        for (component, key) in self.components(position) {
            self.prepare(&component);
            let value = root::nim_value(self, &component, &key);
            self.control.tables.release_old();
            nim_sum ^= value?;
        }
        Ok(nim_sum)
    }

    /// The nim-value of `position` if it is in `requested`, else `None`.
    /// Components but the largest are valued exactly; the largest only
    /// against the targets left.
    pub fn value_in(&self, position: &G::Position, requested: NimberSet) -> Result<Option<u8>> {
        let components = self.components(position);
        let Some(((largest, key), rest)) = components.split_last() else {
            return Ok(requested.contains(0).then_some(0));
        };
        components.iter().for_each(|(c, _)| self.prepare(c));
        let mut worker = search::Worker::new(self.game, &self.control, self.exhaustive_tables());
        let found = (|| {
            let mut nim_sum = 0;
            for (c, k) in rest {
                nim_sum ^= match worker.theory(c) {
                    Some(v) => v,
                    None => worker.nim_value(c, k, self.game.size(c))?,
                };
            }
            let targets = requested.xor_each(nim_sum);
            let found = match worker.theory(largest) {
                Some(v) => Some(v),
                // "Is it a P-position?" on every thread: the root's rounds,
                // stopped at 1.
                None if self.threads > 1 && targets == NimberSet::single(0) => {
                    root::value_below(self, largest, key, 1)?
                }
                None => worker.value_in(largest, key, self.game.size(largest), targets)?,
            };
            Ok(found.map(|v| v ^ nim_sum).filter(|v| requested.contains(*v)))
        })();
        worker.flush();
        drop(worker);
        self.control.tables.release_old();
        found
    }

    /// Whether the nim-value of `position` is `k`.
    pub fn has_value(&self, position: &G::Position, k: u8) -> Result<bool> {
        Ok(self.value_in(position, NimberSet::single(k))?.is_some())
    }

    /// The outcome of `position`: P iff its nim-value is 0 — decided by the
    /// question "is the value in {0}?", the cheapest the method asks.
    pub fn outcome(&self, position: &G::Position) -> Result<Outcome> {
        Ok(if self.has_value(position, 0)? { Outcome::P } else { Outcome::N })
    }

    /// Writes the table's entries to `path` (atomically: a temporary file
    /// renamed into place), so that a later search can resume.
    /// `tag` names the game and its parameters (a checkpoint of another
    /// game must not be loaded: its keys mean other positions).
    pub fn save_checkpoint(&self, path: &std::path::Path, tag: &str) -> Result<usize> {
        checkpoint::save(&self.control.tables.to_save(), path, tag)
    }

    /// Loads the entries of a checkpoint written by
    /// [`PrunedSearch::save_checkpoint`] with the same `tag`. Returns how
    /// many the table holds: all of them unless its memory is smaller than
    /// that of the run that saved them.
    pub fn load_checkpoint(&self, path: &std::path::Path, tag: &str) -> Result<usize> {
        self.control.tables.reserve(checkpoint::capacity_needed::<G::Key>(path)?);
        let (_, table) = self.control.tables.current();
        let count = checkpoint::load(&table, path, tag)?;
        self.control.tables.add_filled(count as u64);
        Ok(count)
    }
}
