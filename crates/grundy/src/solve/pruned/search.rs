//! The pruned search itself: "is the nim-value of this component in the set
//! R?", answered without valuing every option.
//!
//! **The method** (Beling and Rogalski, *On pruning search trees of impartial
//! games*, Artificial Intelligence 283, 2020, building on Lemoine and
//! Viennot, *Nimbers are inevitable*, TCS 462, 2012). A position with `n`
//! options has a nim-value in `P = {0, …, n}`. Each option, looked at in
//! turn, removes one element from `P`: its own value if it is in `P`,
//! otherwise (or if we did not learn it) the largest element — by the
//! pigeonhole principle the mex is still the one element left after all `n`
//! options. So an option need only be asked whether its value is in
//! `P \ {max P}` (and no larger than the largest value asked about), a
//! smaller question than "what is your value?"; and as soon as `P` misses
//! the requested set `R`, the answer "not in R" is known.
//!
//! An option that is a sum of components is valued by the Sprague–Grundy
//! theorem: the smaller components exactly (they are cheap, and their values
//! are reused everywhere — "nimbers are inevitable"), the largest one only
//! against the targets `t ⊕ x`, where `x` is the others' nim-sum. Equal
//! components cancel before anything is searched.

use std::time::{Duration, Instant};

use super::key::Key;
use super::nimber_set::NimberSet;
use super::transposition::{Entry, Knowledge, Table, EXCLUDED_BITS};
use super::Canonical;
use crate::error::Error;
use crate::solve::patience::{self, Budget, Patient};

/// Why a search stopped early.
pub(super) type Stop = Error;

/// One option of the component being expanded: its unknown components are
/// `parts[first..first + len]`, the known ones nim-sum to `nim_sum`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Move {
    pub first: u32,
    pub len: u32,
    pub nim_sum: u8,
    /// How hard the option looks ([`Canonical::difficulty`]): easy first.
    pub difficulty: u32,
    /// A hash of the unknown components' keys and `nim_sum`, to find
    /// options that are the same game.
    pub signature: u64,
}

/// An option split into components, not yet looked up in the table: its
/// unknown components are `parts[first..end]`, theory's values nim-sum to
/// `nim_sum`.
struct Pending {
    first: usize,
    end: usize,
    nim_sum: u8,
}

/// What the search keeps of each unknown component of an option, beside
/// the component itself: its key, the key's table hash (computed once: the
/// prefetch, the lookup and the option's signature all use it), its size
/// (0 until the table is found not to know the component: only then is it
/// wanted).
#[derive(Clone, Debug)]
pub(super) struct Part<K> {
    pub key: K,
    pub hash: u64,
    pub size: u32,
}

/// Reusable buffers for one level of the search: `parts[i]` is described
/// by `info[i]`.
pub(super) struct Frame<P, K> {
    pub options: crate::game::Options<P>,
    pub parts: Vec<P>,
    pub info: Vec<Part<K>>,
    pub moves: Vec<Move>,
    /// Bit `s >> 58` for the signature `s` of each move: a move whose bit
    /// is not set has no equal among the moves (most have none, and
    /// comparing each with every move listed before is quadratic).
    signatures: u64,
}

impl<P, K> Default for Frame<P, K> {
    fn default() -> Self {
        Frame {
            options: crate::game::Options::new(),
            parts: Vec::new(),
            info: Vec::new(),
            moves: Vec::new(),
            signatures: 0,
        }
    }
}

impl<P, K> Frame<P, K> {
    fn clear(&mut self) {
        self.options.clear();
        self.parts.clear();
        self.info.clear();
        self.moves.clear();
        self.signatures = 0;
    }
}

/// The part of the search state one thread owns; the table is shared.
pub(super) struct Worker<'s, G: Canonical> {
    pub game: &'s G,
    /// The table this worker uses, and its generation (see
    /// [`super::transposition::GrowingTable`]).
    pub table: std::sync::Arc<Table<G::Key>>,
    pub generation: usize,
    pub control: &'s super::Control<G::Key>,
    pub frames: Vec<Frame<G::Position, G::Key>>,
    pub depth: usize,
    pub nodes: u64,
    /// Positions this worker expanded since it started (never handed on,
    /// unlike `nodes`): what a component's search cost is the difference;
    /// and how many the option being asked may expand before it is put off
    /// ([`Canonical::patience`]).
    budget: Budget,
    pub filled: u64,
    /// Nodes since the last look at the interrupt flag and the clock.
    pub since_check: u32,
    /// Nodes between looks, adapted to the game (see [`CHECK_PERIOD`]).
    check_every: u32,
    /// When the last look was.
    last_check: Instant,
    /// The search's exhaustive tables ([`Canonical::exhaustive`]).
    exhaustive: Vec<super::Exhaustive<G::Position>>,
    /// Set when the answer being searched for no longer matters (see
    /// `root`): the search then stops as if interrupted.
    pub abandon: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Takes the options last to first in the positions a root question
    /// asks about directly (depth 1: the option's largest component, and
    /// the smaller ones valued exactly beside it), as a second thread
    /// helping with a question does (see `root`).
    pub reversed: bool,
}

/// The most nodes between checks of the interrupt flag and the progress
/// clock: a Cram node costs about a microsecond, so this is a check every
/// 10–50 ms there, and a relaxed counter the rest of the time.
const CHECK_EVERY: u32 = 1 << 14;

/// How often the checks should come. A node of another game may cost a
/// thousand times a Cram node (a Sprouts land lists hundreds of options,
/// each put in canonical form): a fixed count of nodes then left Ctrl-C
/// unanswered for 12 s on `solve sprouts 8`. So each worker scales its
/// count by the time the last stretch took, between 1 and [`CHECK_EVERY`],
/// starting from 1 and at most doubling at a time (nodes of one game vary
/// too: a stretch of table hits says little of the next).
const CHECK_PERIOD: Duration = Duration::from_millis(20);

impl<G: Canonical> Patient for Worker<'_, G> {
    fn budget(&mut self) -> &mut Budget {
        &mut self.budget
    }
}

impl<'s, G: Canonical> Worker<'s, G> {
    pub fn new(
        game: &'s G,
        control: &'s super::Control<G::Key>,
        exhaustive: Vec<super::Exhaustive<G::Position>>,
    ) -> Self {
        let (generation, table) = control.tables.current();
        Worker {
            game,
            table,
            generation,
            control,
            frames: Vec::new(),
            depth: 0,
            nodes: 0,
            budget: Budget::default(),
            filled: 0,
            since_check: 0,
            check_every: 1,
            last_check: Instant::now(),
            exhaustive,
            abandon: None,
            reversed: false,
        }
    }

    /// The nim-value of a component if theory or an exhaustive table knows it.
    #[inline]
    pub fn theory(&self, component: &G::Position) -> Option<u8> {
        self.game.known_nim_value(component).or_else(|| self.exhaustive_value(component))
    }

    /// The nim-value of a component if an exhaustive table knows it.
    #[inline]
    fn exhaustive_value(&self, component: &G::Position) -> Option<u8> {
        self.exhaustive.iter().find_map(|t| t(component))
    }

    /// The nim-value of a component if theory or the table knows it.
    #[inline]
    pub fn known(&self, component: &G::Position, key: &G::Key) -> Option<u8> {
        self.theory(component).or_else(|| self.table.get(key))
    }

    fn take_frame(&mut self) -> Frame<G::Position, G::Key> {
        if self.frames.len() <= self.depth {
            self.frames.push(Frame::default());
        }
        let mut frame = std::mem::take(&mut self.frames[self.depth]);
        frame.clear();
        self.depth += 1;
        frame
    }

    fn put_frame(&mut self, frame: Frame<G::Position, G::Key>) {
        self.depth -= 1;
        self.frames[self.depth] = frame;
    }

    fn count_node(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        self.since_check += 1;
        if self.since_check >= self.check_every {
            self.since_check = 0;
            self.adapt_check_interval();
            self.control.check(&mut self.nodes, &mut self.filled, self.table.capacity())?;
        }
        self.budget.spend()?;
        if self.abandon.as_ref().is_some_and(|a| a.load(std::sync::atomic::Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        // Another thread may have grown the table: move to the new one at
        // once, not at the next check, or every entry stored meanwhile goes
        // to the old table and is lost (a relaxed load of a word that
        // rarely changes). Measured on two threads against moving at the
        // next check (positions expanded; one thread: 184,458 and
        // 310,872): Cram 4 × 9 221–246 k → 210 k, 3 × 13 355–382 k →
        // 337–352 k.
        if self.control.tables.generation() != self.generation {
            (self.generation, self.table) = self.control.tables.current();
        }
        Ok(())
    }

    /// Scales the nodes between checks so that the next stretch takes
    /// about [`CHECK_PERIOD`].
    fn adapt_check_interval(&mut self) {
        let now = Instant::now();
        let took = now.duration_since(self.last_check).as_secs_f64().max(1e-9);
        self.last_check = now;
        let scaled = f64::from(self.check_every) * CHECK_PERIOD.as_secs_f64() / took;
        let most = self.check_every.saturating_mul(2).min(CHECK_EVERY);
        self.check_every = scaled.clamp(1.0, f64::from(most)) as u32;
    }

    /// Files a component's value; `work` is the positions its search
    /// expanded, which sets the entry's priority in a full table and
    /// whether other processes are sent it (what it would save them).
    fn store(&mut self, key: &G::Key, size: u32, nim_value: u8, work: u64) {
        if self.table.insert(key, nim_value, priority(work)) {
            self.filled += 1;
        }
        if self.control.shares(size, work) {
            let priority = priority(work) as u8;
            self.control.share(Entry { key: key.clone(), knowledge: Knowledge::Exact(nim_value), priority });
        }
    }

    /// Lists the options of `component` in `frame`: each option's components
    /// (canonical, equal pairs cancelled) whose values are unknown go to
    /// `frame.parts`, and a [`Move`] describes it; options whose value is
    /// known already are returned through `known`. Returns the number of
    /// *distinct* options: options that are the same sum of canonical
    /// components (mirror images of each other, say) are listed once, and
    /// known values once each. A position's nim-value is at most the number
    /// of distinct values of its options, so the method's counting holds
    /// with this smaller number.
    ///
    /// Listing stops early, returning `None`, once options already known
    /// take every value of `requested`: the position's nim-value is then
    /// not in `requested`. (Once every option is listed, `None` also when
    /// they take every requested value up to their number, which the
    /// nim-value cannot pass.) This is the cheap first pass of Beling's
    /// solver (igs), which it calls enhanced transposition cutoff: on Cram
    /// 4 × 9 most positions asked about are answered by it, before any
    /// option's components are even split, let alone searched.
    pub fn expand(
        &mut self,
        component: &G::Position,
        frame: &mut Frame<G::Position, G::Key>,
        requested: NimberSet,
        mut known: impl FnMut(u8),
    ) -> Result<Option<usize>, Stop> {
        // The requested values still possible: no option known to take them
        // (and, once every option is listed, none above their number).
        let mut open = requested;
        let mut options = std::mem::take(&mut frame.options);
        let mut known_seen = NimberSet::EMPTY;
        let (mut count, mut distinct) = (0, 0);
        // Each option is split (and its components' table buckets fetched)
        // one option ahead of being looked up, so that the fetch overlaps
        // the next option's splitting instead of stalling the lookup.
        let mut pending: Option<Pending> = None;
        self.game.visit_options(component, &mut options, |option| {
            count += 1;
            let split = self.split(option, frame);
            match pending.replace(split) {
                Some(previous) => self.list(previous, frame, &mut open, &mut known_seen, &mut distinct, &mut known),
                None => false,
            }
        });
        frame.options = options;
        open = open.intersection(&NimberSet::below((count + 1).min(super::nimber_set::NIMBER_LIMIT)));
        if let Some(last) = pending.take() {
            if !open.is_empty() {
                self.list(last, frame, &mut open, &mut known_seen, &mut distinct, &mut known);
            }
        }
        if open.is_empty() {
            return Ok(None);
        }
        // Stable: among equally hard options the game's own order stands.
        frame.moves.sort_by_key(|m| m.difficulty);
        Ok(Some(distinct))
    }

    /// Splits one option into canonical components (equal pairs cancelled)
    /// at the end of `frame.parts`; those theory or an exhaustive table
    /// values fold into the nim-sum, and the table buckets of the others
    /// are fetched.
    fn split(&mut self, option: &[G::Position], frame: &mut Frame<G::Position, G::Key>) -> Pending {
        let first = frame.parts.len();
        let mut nim_sum = 0u8;
        for part in option {
            nim_sum ^= self.game.components_beyond_theory(part, &mut frame.parts);
        }
        // The components go in place: `parts[first..kept]` are the ones
        // kept so far (with their keys and sizes), `parts[j]` the next.
        let mut kept = first;
        for j in first..frame.parts.len() {
            let key = self.game.key(&frame.parts[j]);
            if let Some(i) = frame.info[first..].iter().position(|p| p.key == key) {
                // G + G = 0: equal components cancel.
                kept -= 1;
                frame.parts.swap(first + i, kept);
                frame.info.swap_remove(first + i);
                continue;
            }
            // (Theory's values were taken out by the split.)
            if let Some(v) = self.exhaustive_value(&frame.parts[j]) {
                nim_sum ^= v;
                continue;
            }
            let hash = key.hash();
            self.table.prefetch_hashed(hash);
            frame.parts.swap(kept, j);
            // (The size is wanted only if the table does not know the part:
            // `list` fills it in then.)
            frame.info.push(Part { key, hash, size: 0 });
            kept += 1;
        }
        frame.parts.truncate(kept);
        Pending { first, end: kept, nim_sum }
    }

    /// Looks up the components of a split option in the table: known ones
    /// fold into its nim-sum; an option left with no unknown component is a
    /// known value (counted once, taken out of `open`), any other becomes a
    /// [`Move`] unless an equal option is listed already. The unknown
    /// components stay at the start of the option's range; the rest of the
    /// range is dead. Returns whether `open` became empty.
    fn list(
        &mut self,
        pending: Pending,
        frame: &mut Frame<G::Position, G::Key>,
        open: &mut NimberSet,
        known_seen: &mut NimberSet,
        distinct: &mut usize,
        known: &mut impl FnMut(u8),
    ) -> bool {
        let Pending { first, end, mut nim_sum } = pending;
        let mut kept = first;
        for i in first..end {
            let Part { key, hash, .. } = &frame.info[i];
            if let Some(v) = self.table.get_hashed(key, *hash) {
                nim_sum ^= v;
            } else {
                frame.parts.swap(kept, i);
                frame.info.swap(kept, i);
                frame.info[kept].size = self.game.size(&frame.parts[kept]);
                kept += 1;
            }
        }
        let len = kept - first;
        if len == 0 {
            if !known_seen.contains(nim_sum) {
                known_seen.insert(nim_sum);
                known(nim_sum);
                *distinct += 1;
                open.remove(nim_sum);
            }
            return open.is_empty();
        }
        let parts = &frame.info[first..kept];
        // (Order-free, as a sum is: the table hashes of the keys added.)
        let signature = parts.iter().fold(nim_sum as u64, |h, p| h.wrapping_add(p.hash));
        let bit = 1 << (signature >> 58);
        let duplicate = frame.signatures & bit != 0
            && frame.moves.iter().any(|m| {
                m.signature == signature
                    && m.nim_sum == nim_sum
                    && m.len as usize == len
                    && frame.info[m.first as usize..(m.first + m.len) as usize]
                        .iter()
                        .all(|p| parts.iter().any(|q| q.key == p.key))
            });
        if !duplicate {
            let difficulty = self.game.difficulty(parts.iter().map(|p| p.size));
            frame.moves.push(Move { first: first as u32, len: len as u32, nim_sum, difficulty, signature });
            frame.signatures |= bit;
            *distinct += 1;
        }
        false
    }

    /// The exact nim-value of every component of `m` but the largest, which
    /// it returns (index into `frame.parts`) with the others' nim-sum.
    pub fn all_but_largest(&mut self, frame: &Frame<G::Position, G::Key>, m: &Move) -> Result<(usize, u8), Stop> {
        let range = m.first as usize..(m.first + m.len) as usize;
        let largest = range.clone().max_by_key(|&i| frame.info[i].size).expect("a move with unknown parts");
        let mut nim_sum = m.nim_sum;
        for i in range.filter(|&i| i != largest) {
            nim_sum ^= self.nim_value(&frame.parts[i], &frame.info[i].key, frame.info[i].size)?;
        }
        Ok((largest, nim_sum))
    }

    /// Whether option `m`'s value is in `targets`: its value if it is,
    /// `None` if not (the largest component asked against the targets its
    /// other components' nim-sum leaves).
    pub fn ask(
        &mut self,
        frame: &Frame<G::Position, G::Key>,
        m: &Move,
        targets: NimberSet,
    ) -> Result<Option<u8>, Stop> {
        let (largest, nim_sum) = self.all_but_largest(frame, m)?;
        let Part { key, size, .. } = &frame.info[largest];
        let found = self.value_in(&frame.parts[largest], key, *size, targets.xor_each(nim_sum))?;
        Ok(found.map(|v| v ^ nim_sum))
    }

    /// The exact nim-value of a canonical component.
    pub fn nim_value(&mut self, component: &G::Position, key: &G::Key, size: u32) -> Result<u8, Stop> {
        let value = self.value_in(component, key, size, NimberSet::below(super::nimber_set::NIMBER_LIMIT))?;
        Ok(value.expect("every nim-value below 256 was requested"))
    }

    /// The nim-value of `component` if it is in `requested`; `None` if it is
    /// not (and then, possibly, no more is learnt). The component is one
    /// theory and the exhaustive tables do not value ([`Worker::theory`]):
    /// the split of options leaves only such, and other callers ask theory
    /// first, so it is not asked again for every question.
    pub fn value_in(
        &mut self,
        component: &G::Position,
        key: &G::Key,
        size: u32,
        mut requested: NimberSet,
    ) -> Result<Option<u8>, Stop> {
        debug_assert!(self.theory(component).is_none(), "a component theory values");
        let mut excluded = 0u32;
        match self.table.knowledge(key) {
            Some(Knowledge::Exact(v)) => return Ok(Some(v)),
            Some(Knowledge::Excluded(mask)) => {
                excluded = mask;
                (0..EXCLUDED_BITS as u8).filter(|v| mask >> v & 1 == 1).for_each(|v| requested.remove(v));
            }
            None => {}
        }
        if self.game.known_not_zero(component) {
            requested.remove(0);
        }
        if requested.is_empty() {
            return Ok(None);
        }
        let before = self.budget.spent();
        self.count_node()?;
        let mut frame = self.take_frame();
        let mut learned = NimberSet::EMPTY;
        let result = self.value_in_frame(component, &mut frame, requested, &mut learned);
        self.put_frame(frame);
        // Answers the listing alone gave are filed too: they are cheap to
        // find again, but not free (every option split), and asked again
        // often. Measured against not filing them (positions expanded): Cram
        // 4 × 9 −28%, 3 × 13 −33%, 5 × 8 −30%, for a table 4× as full.
        let result = result?;
        match result {
            Some(v) => self.store(key, size, v, self.budget.spent() - before),
            None => {
                // Not in `requested`, nor any option's value learnt on the
                // way (a position's nim-value is none of its options'): a
                // later question about those values is answered here
                // instead of by another expansion. Measured against
                // filing `requested` alone (positions expanded): Cram
                // 4 × 9 −11%, 3 × 13 −12%, 5 × 7 and 5 × 8 −10%.
                let mask = requested
                    .iter()
                    .chain(learned.iter())
                    .filter(|&v| (v as u32) < EXCLUDED_BITS)
                    .fold(0u32, |m, v| m | 1 << v);
                if mask & !excluded != 0 {
                    let work = self.budget.spent() - before;
                    if self.table.exclude(key, mask, priority(work)) {
                        self.filled += 1;
                    }
                    if self.control.shares(size, work) {
                        let (priority, knowledge) = (priority(work) as u8, Knowledge::Excluded(mask));
                        self.control.share(Entry { key: key.clone(), knowledge, priority });
                    }
                }
            }
        }
        Ok(result)
    }

    /// [`Worker::value_in`] of a component not in the table, by the method;
    /// the values of its options it learns go to `learned`.
    fn value_in_frame(
        &mut self,
        component: &G::Position,
        frame: &mut Frame<G::Position, G::Key>,
        requested: NimberSet,
        learned: &mut NimberSet,
    ) -> Result<Option<u8>, Stop> {
        // `potential` is P of the method: the values still possible. Options
        // already known each take their value out as they are listed.
        let listed = self.expand(component, frame, requested, |v| learned.insert(v))?;
        let Some(count) = listed else { return Ok(None) };
        if count >= super::nimber_set::NIMBER_LIMIT - 1 {
            // The method's set {0, …, count} does not fit a NimberSet:
            // every option is valued instead, and the mex taken.
            let v = self.exact_mex(frame, count, learned)?;
            return Ok(requested.contains(v).then_some(v));
        }
        let mut potential = NimberSet::below(count + 1);
        for v in learned.iter() {
            remove_one(&mut potential, v);
        }
        let up_to = requested.up_to_max();
        let mut exact = true;
        let (moves, reversed) = (frame.moves.len(), self.reversed && self.depth == 1);
        // In turns (`solve::patience`): an option that costs more than the
        // game's patience is put off while the others are asked.
        let mut turns = patience::Turns::new(moves, reversed, self.game.patience().unwrap_or(u64::MAX));
        while let Some((index, patience)) = turns.next() {
            if !potential.intersects(&requested) {
                return Ok(None);
            }
            let m = frame.moves[index];
            let candidates = potential.without_max();
            let targets = candidates.intersection(&up_to);
            let asked = match patience {
                Some(patience) => patience::patiently(self, patience, |w| w.ask(frame, &m, targets))?,
                None => Some(self.ask(frame, &m, targets)?),
            };
            match asked {
                None => turns.put_off(index),
                Some(Some(v)) => {
                    learned.insert(v);
                    remove_one(&mut potential, v);
                }
                Some(None) => {
                    potential = candidates;
                    exact = false;
                }
            }
        }
        // One value is left. It is the nim-value if every option's removal
        // was its own value, or if it is no larger than the largest value
        // asked about (then no option whose value we skipped can be it).
        if exact || potential.intersects(&up_to) {
            Ok(potential.min())
        } else {
            Ok(None)
        }
    }

    /// The nim-value of a position with too many options for the method
    /// (a Sprouts land of 7 spots can have 285): the mex of every option's
    /// exact value, the values of those already known being in `learned`
    /// (the others are added). A nim-value above 255 is an error.
    pub fn exact_mex(
        &mut self,
        frame: &Frame<G::Position, G::Key>,
        options: usize,
        learned: &mut NimberSet,
    ) -> Result<u8, Stop> {
        for m in frame.moves.clone() {
            let (largest, nim_sum) = self.all_but_largest(frame, &m)?;
            let Part { key, size, .. } = &frame.info[largest];
            let v = self.nim_value(&frame.parts[largest], key, *size)?;
            learned.insert(v ^ nim_sum);
        }
        match (0..=u8::MAX).find(|&v| !learned.contains(v)) {
            Some(v) => Ok(v),
            None => Err(Error::TooLarge {
                what: "a position for the pruned search (nim-values above 255)".into(),
                needed: options as u128,
                limit: super::nimber_set::NIMBER_LIMIT as u128 - 1,
                unit: "options",
            }),
        }
    }

    /// Whether the search's interrupt flag is set.
    pub fn interrupted(&self) -> bool {
        self.control.interrupted()
    }

    /// Hands this worker's counts to the shared counters.
    pub fn flush(&mut self) {
        use std::sync::atomic::Ordering::Relaxed;
        self.control.nodes.fetch_add(std::mem::take(&mut self.nodes), Relaxed);
        self.control.tables.add_filled(std::mem::take(&mut self.filled));
    }

    /// Stores what a root question found outside the recursion: that the
    /// root's value is none of those in `mask`.
    pub fn exclude_root(&mut self, key: &G::Key, mask: u32) {
        if self.table.exclude(key, mask, priority(u64::MAX)) {
            self.filled += 1;
        }
    }

    /// Stores a root value found outside the recursion.
    pub fn store_root(&mut self, key: &G::Key, size: u32, nim_value: u8) {
        self.store(key, size, nim_value, u64::MAX);
    }
}

/// The priority of a table entry whose search expanded `work` positions:
/// when a bucket is full, the entry of least priority goes. Measured
/// against the component's size, which it replaced (Cram 4 × 11 on one
/// thread, positions expanded): with `--memory 16M` 6,049,547 → 3,499,551,
/// with `--memory 4M` 17,616,905 → 7,733,910; with the table never full
/// (the default memory) 4 × 9, 3 × 13, 5 × 8 and 4 × 11 within 0.3%. The
/// size is a guess at what a value saved; the work is what it cost (the
/// "big subtree" replacement of Breuker, Uiterwijk and van den Herik,
/// *Replacement schemes for transposition tables*, ICCA J. 17(4), 1994).
/// A logarithm: the table keeps seven bits.
fn priority(work: u64) -> u32 {
    1 + work.max(1).ilog2()
}

/// Takes `v` out of `potential` if it is there, else the largest element
/// (the pigeonhole step of the method).
fn remove_one(potential: &mut NimberSet, v: u8) {
    if potential.contains(v) {
        potential.remove(v);
    } else if let Some(m) = potential.max() {
        potential.remove(m);
    }
}
