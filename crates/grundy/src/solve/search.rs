//! Memoized depth-first search with an explicit stack.

use std::fmt::Debug;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use rustc_hash::{FxHashMap, FxHashSet};

use super::rule::{GoalPlay, NormalPlay, Rule};
use crate::error::{Error, Result};
use crate::game::{ClosedForm, Decompose, Game, Goal, Options, Outcome};
use crate::nim::NimValue;

/// The default cap on memoized positions: enough for any game that fits in
/// a few gigabytes, and a clear error instead of an out-of-memory crash.
pub const DEFAULT_POSITION_LIMIT: usize = 100_000_000;

/// Positions valued between two looks at the interrupt flag: often enough
/// to stop within milliseconds, rarely enough to cost nothing measurable.
const INTERRUPT_CHECK_EVERY: u32 = 1024;

/// Once the frames on the stack hold this many more option parts than at
/// the last look, the search asks the system at once how much memory the
/// process holds (against the run's resident limit): a game with a move to
/// every smaller position (Nim's heap of `n` has `n`) keeps a frame of
/// that size at every level of the stack, so the stack's memory grows with
/// the square of the position's size (`solve --every nim 10000000` held
/// 24 GB and was killed before the look every [`INTERRUPT_CHECK_EVERY`]
/// steps came round).
const PARTS_BETWEEN_LOOKS: usize = 1 << 16;

/// Splits a position into its components ([`Decompose::components`]).
pub(crate) type Splitter<G> = fn(&G, &<G as Game>::Position, &mut Vec<<G as Game>::Position>);
type Shortcut<G, V> = fn(&G, &<G as Game>::Position) -> V;
type OptionsOfValue<G> = fn(&G, &<G as Game>::Position, NimValue) -> Option<Vec<<G as Game>::Position>>;

/// Values positions of any game by memoized search.
///
/// The search keeps its own stack of positions being expanded, so the depth
/// of play is limited by memory, not by the thread's stack. It remembers
/// every value it finds, so later questions about the same game are cheap.
/// For a [`Decompose`] game built with [`Search::with_decomposition`], every
/// position met is first split into its components, which are valued one by
/// one.
///
/// ```
/// use grundy::catalogue::Subtraction;
/// use grundy::solve::Search;
///
/// let game = Subtraction::new(vec![2, 3, 7]).unwrap();
/// let mut search = Search::normal_play(&game);
/// assert_eq!(search.nim_value(&1_000_000).unwrap(), 0);
/// ```
pub struct Search<G: Game, R: Rule<G>> {
    game: G,
    rule: R,
    memo: FxHashMap<G::Position, R::Value>,
    split: Option<Splitter<G>>,
    shortcut: Option<Shortcut<G, R::Value>>,
    /// The closed form's options of a given value ([`ClosedForm::options_of_value`]).
    options_of_value: Option<OptionsOfValue<G>>,
    limit: usize,
    interrupt: Option<Arc<AtomicBool>>,
    /// Past this instant the search returns [`Error::TimeUp`].
    deadline: Option<Instant>,
    /// Steps left before the next look at the flag, the deadline and the
    /// watch. Kept across questions: a caller that asks millions of small
    /// ones (a genus asks one per follower and count of `*2`) each under
    /// [`INTERRUPT_CHECK_EVERY`] steps would otherwise never look, and
    /// `solve --misere nim 2001` ran 80 s past Ctrl-C.
    until_check: u32,
    /// Option parts held by the frames on the stack, charged to the run's
    /// memory budget beside the memo.
    held_parts: usize,
    /// `held_parts` at the last look at the process's memory.
    held_at_look: usize,
}

/// One position being expanded: its options' parts and how far we got.
struct Frame<P> {
    position: P,
    options: Options<P>,
    next_part: usize,
}

impl<G: Game> Search<G, NormalPlay> {
    /// A normal-play search: values are nim-values.
    pub fn normal_play(game: G) -> Self {
        Search::new(game, NormalPlay)
    }

    /// A normal-play search that takes nim-values from the game's
    /// [`ClosedForm`] instead of searching (for winning moves of huge heaps).
    pub fn closed_form(game: G) -> Self
    where
        G: ClosedForm,
    {
        let mut search = Search::normal_play(game);
        search.shortcut = Some(|game, position| game.closed_nim_value(position));
        search.options_of_value = Some(G::options_of_value);
        search
    }

    /// [`Search::closed_form`] for a game that also decomposes: positions
    /// are split into their components ([`Decompose`]) and each component
    /// is valued by the closed form (Green Hackenbush's branches at the
    /// ground, each valued by the fusion and colon principles).
    pub fn closed_form_with_decomposition(game: G) -> Self
    where
        G: ClosedForm + Decompose,
    {
        let mut search = Search::with_decomposition(game, NormalPlay);
        search.shortcut = Some(|game, position| game.closed_nim_value(position));
        search.options_of_value = Some(G::options_of_value);
        search
    }

    /// The nim-value of `position`.
    pub fn nim_value(&mut self, position: &G::Position) -> Result<NimValue>
    where
        G::Position: Debug,
    {
        self.value(position)
    }

    /// Every option of `position` of nim-value `value`, where the game's
    /// closed form finds them without listing the others
    /// ([`ClosedForm::options_of_value`]); `None` where they must be listed.
    pub fn options_of_value(&self, position: &G::Position, value: NimValue) -> Option<Vec<G::Position>> {
        self.options_of_value.and_then(|find| find(&self.game, position, value))
    }

    /// The nim-value of the sum of `positions`: the nim-sum of their values.
    pub fn nim_value_of_sum(&mut self, positions: &[G::Position]) -> Result<NimValue>
    where
        G::Position: Debug,
    {
        positions.iter().try_fold(0, |sum, p| Ok(sum ^ self.value(p)?))
    }
}

impl<G: Goal> Search<G, GoalPlay> {
    /// A search for three-valued outcomes of a race to a goal.
    pub fn goal_play(game: G) -> Self {
        Search::new(game, GoalPlay)
    }

    /// The outcome of `position` under perfect play.
    pub fn outcome(&mut self, position: &G::Position) -> Result<Outcome>
    where
        G::Position: Debug,
    {
        self.value(position)
    }
}

impl<G: Game, R: Rule<G>> Search<G, R> {
    pub fn new(game: G, rule: R) -> Self {
        Search {
            game,
            rule,
            memo: FxHashMap::default(),
            split: None,
            shortcut: None,
            options_of_value: None,
            limit: DEFAULT_POSITION_LIMIT,
            interrupt: None,
            deadline: None,
            until_check: INTERRUPT_CHECK_EVERY,
            held_parts: 0,
            held_at_look: 0,
        }
    }

    /// A search that splits every position it meets into independent
    /// components first ([`Decompose`]). The rule's option value combines
    /// the components' values (the nim-sum under normal play).
    pub fn with_decomposition(game: G, rule: R) -> Self
    where
        G: Decompose,
    {
        let mut search = Search::new(game, rule);
        search.split = Some(G::components);
        search
    }

    /// Caps the number of positions the search may remember.
    pub fn with_limit(mut self, positions: usize) -> Self {
        self.limit = positions;
        self
    }

    /// Watches `flag` (set by a Ctrl-C handler): once it is raised, the
    /// search returns [`Error::Interrupted`]. Every value found before that
    /// stays in the memo, so asking again resumes rather than restarts.
    pub fn with_interrupt(mut self, flag: Arc<AtomicBool>) -> Self {
        self.set_interrupt(flag);
        self
    }

    /// [`Search::with_interrupt`] on a search already built.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.interrupt = Some(flag);
    }

    /// Stops the search with [`Error::TimeUp`] once `deadline` has passed
    /// (`None`: no deadline); what was valued stays in the memo, as after
    /// an interrupt. For work that is worth a bounded time only.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game back, dropping the memo.
    pub fn into_game(self) -> G {
        self.game
    }

    pub fn rule(&self) -> &R {
        &self.rule
    }

    /// Takes `value` as the value of `position`, known from elsewhere: a
    /// heap game's values from its sequence ([`crate::solve::heap::nim_values`]),
    /// which values heaps `0..=n` far faster than a search of splits, so the
    /// search then only combines them. A wrong value here is a wrong answer.
    pub fn remember(&mut self, position: G::Position, value: R::Value) {
        self.memo.insert(position, value);
    }

    /// Whether `position` is valued already (a component, as the memo keeps it).
    pub fn knows(&self, position: &G::Position) -> bool {
        self.memo.contains_key(position)
    }

    /// How many positions have been valued so far.
    pub fn positions_valued(&self) -> usize {
        self.memo.len()
    }

    /// The components that `position` falls into: itself, unless the search
    /// decomposes positions.
    pub fn components(&self, position: &G::Position) -> Vec<G::Position> {
        let mut out = Vec::new();
        match self.split {
            Some(split) => split(&self.game, position, &mut out),
            None => out.push(position.clone()),
        }
        out
    }

    /// The value of `position` (combined over its components when the
    /// search decomposes).
    pub fn value(&mut self, position: &G::Position) -> Result<R::Value>
    where
        G::Position: Debug,
    {
        if self.split.is_none() {
            // No decomposition: no component list to build (this is the
            // hot call when a front end values many positions).
            let value = self.value_of_component(position)?;
            return self.rule.option_value(std::iter::once(value)).ok_or_else(|| sum_not_supported(1));
        }
        let components = self.components(position);
        self.value_of_parts(&components)
    }

    /// The value of an option made of `parts`, each already a component.
    pub fn value_of_parts(&mut self, parts: &[G::Position]) -> Result<R::Value>
    where
        G::Position: Debug,
    {
        let mut values = Vec::with_capacity(parts.len());
        for part in parts {
            values.push(self.value_of_component(part)?);
        }
        self.rule.option_value(values.into_iter()).ok_or_else(|| sum_not_supported(parts.len()))
    }

    /// Counts a step, and every [`INTERRUPT_CHECK_EVERY`] steps looks at
    /// the interrupt flag, the deadline, the thread's current watch and its
    /// memory budget (a memo entry is the key, the value and the map's
    /// overhead; a frame's option parts are positions).
    #[inline]
    fn poll(&mut self) -> Result<()> {
        self.until_check -= 1;
        if self.until_check > 0 {
            return Ok(());
        }
        self.until_check = INTERRUPT_CHECK_EVERY;
        if self.interrupt.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed)) {
            return Err(Error::Interrupted);
        }
        if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Err(Error::TimeUp { what: "the search".into() });
        }
        crate::watch::check_current(INTERRUPT_CHECK_EVERY as u64)?;
        let entry = std::mem::size_of::<G::Position>() + std::mem::size_of::<R::Value>() + 16;
        let held = self.held_parts as u128 * std::mem::size_of::<G::Position>() as u128;
        crate::watch::charge("the search's memo and stack", self.memo.len() as u128 * entry as u128 + held)?;
        Ok(())
    }

    /// The value of a position that is not split any further.
    fn value_of_component(&mut self, root: &G::Position) -> Result<R::Value>
    where
        G::Position: Debug,
    {
        (self.held_parts, self.held_at_look) = (0, 0);
        self.poll()?;
        if let Some(shortcut) = self.shortcut {
            return Ok(shortcut(&self.game, root));
        }
        if let Some(&value) = self.memo.get(root) {
            return Ok(value);
        }
        let mut on_stack: FxHashSet<G::Position> = FxHashSet::default();
        let mut spare: Vec<Options<G::Position>> = Vec::new();
        let mut stack = vec![self.expand(root.clone(), &mut spare)?];
        on_stack.insert(root.clone());
        let mut option_values = Vec::new();
        while let Some(frame) = stack.last_mut() {
            // (The memo holds finished values only: positions still on the
            // stack are simply not stored when this stops the search.)
            self.poll()?;
            // Find the next part whose value is still unknown.
            let mut unknown = None;
            while frame.next_part < frame.options.parts().len() {
                let part = &frame.options.parts()[frame.next_part];
                if !self.memo.contains_key(part) {
                    if on_stack.contains(part) {
                        return Err(Error::Loopy { position: format!("{part:?}") });
                    }
                    unknown = Some(part.clone());
                    break;
                }
                frame.next_part += 1;
            }
            if let Some(child) = unknown {
                on_stack.insert(child.clone());
                let child_frame = self.expand(child, &mut spare)?;
                stack.push(child_frame);
                continue;
            }
            // Every part is known: value the position.
            let frame = stack.pop().expect("the stack is not empty here");
            self.held_parts -= frame.options.parts().len();
            option_values.clear();
            for parts in frame.options.iter() {
                let value = self
                    .rule
                    .option_value(parts.iter().map(|p| self.memo[p]))
                    .ok_or_else(|| sum_not_supported(parts.len()))?;
                option_values.push(value);
            }
            let value = self.rule.position_value(&self.game, &frame.position, &option_values);
            if self.memo.len() >= self.limit {
                return Err(Error::TooLarge {
                    what: "the search".into(),
                    needed: Error::PAST_LIMIT,
                    limit: self.limit as u128,
                    unit: "positions",
                });
            }
            if self.memo.len() == self.memo.capacity() {
                // The memo is about to double: its new table (about 8/7 of
                // twice its capacity in buckets, each an entry and a control
                // byte) beside the old one must fit the run's memory.
                let bucket = std::mem::size_of::<(G::Position, R::Value)>() + 1;
                crate::watch::check_growth((self.memo.capacity().max(1) * 16 / 7 * bucket) as u64)?;
            }
            on_stack.remove(&frame.position);
            self.memo.insert(frame.position, value);
            let mut options = frame.options;
            options.clear();
            spare.push(options);
        }
        Ok(self.memo[root])
    }

    /// A new frame for `position`: its options, with parts split into
    /// components when the search decomposes.
    ///
    /// An option of several parts is refused here, before any part is
    /// valued, when the rule cannot value it ([`Rule::VALUES_SUMS`]).
    fn expand(&mut self, position: G::Position, spare: &mut Vec<Options<G::Position>>) -> Result<Frame<G::Position>> {
        let mut options = spare.pop().unwrap_or_default();
        self.game.options(&position, &mut options);
        if let Some(split) = self.split {
            let mut split_options = Options::new();
            let mut components = Vec::new();
            for parts in options.iter() {
                components.clear();
                for part in parts {
                    split(&self.game, part, &mut components);
                }
                split_options.push_sum(components.drain(..));
            }
            options = split_options;
        }
        if !R::VALUES_SUMS {
            if let Some(parts) = options.iter().map(|parts| parts.len()).find(|&n| n > 1) {
                return Err(sum_not_supported(parts));
            }
        }
        self.held_parts += options.parts().len();
        // A position with thousands of options is thousands of steps'
        // work: the next look at the watch comes that much sooner (a rook
        // far out lists 14,000 a position; 1,024 such positions between
        // looks left Ctrl-C unheard for a minute and a half).
        let weight = u32::try_from(options.len()).unwrap_or(u32::MAX);
        self.until_check = self.until_check.saturating_sub(weight).max(1);
        if self.held_parts >= self.held_at_look + PARTS_BETWEEN_LOOKS {
            self.held_at_look = self.held_parts;
            crate::watch::check_growth(0)?;
        }
        Ok(Frame { position, options, next_part: 0 })
    }
}

fn sum_not_supported(parts: usize) -> Error {
    Error::SumNotSupported { parts }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// A memo about to double past the run's resident limit stops the
    /// search before it grows (the look every 65,536 steps would come too
    /// late), with the values found kept.
    #[test]
    fn a_memo_that_would_outgrow_the_runs_memory_stops_first() {
        let watch = crate::Watch::new().with_resident_limit(1);
        let mut search = Search::normal_play(&Chain);
        let result = watch.run(|| search.nim_value(&100));
        if crate::available_memory().is_some() {
            let error = result.unwrap_err().to_string();
            assert!(error.contains("this run's memory"), "{error}");
            assert!(search.positions_valued() < 100);
        }
        let mut ample = Search::normal_play(&Chain);
        let watch = crate::Watch::new().with_resident_limit(u64::MAX);
        assert_eq!(watch.run(|| ample.nim_value(&100)).unwrap(), 0);
    }

    /// A rule that values no sums refuses a splitting option when it is
    /// listed, with nothing valued: Every-SG of heap 65,536 of Grundy's game
    /// valued heaps until the memory ran out before it met the first sum.
    #[test]
    fn a_rule_without_sums_refuses_a_split_before_valuing_its_parts() {
        let game = crate::solve::heap::HeapGame::parse("grundys-game").unwrap();
        let mut search = Search::new(&game, crate::solve::remoteness::SuspensePlay);
        assert!(matches!(search.value(&1_000_000), Err(Error::SumNotSupported { parts: 2 })));
        assert_eq!(search.positions_valued(), 0);
        let mut nim = Search::new(&game, crate::solve::remoteness::SuspensePlay);
        assert_eq!(nim.value(&2).unwrap().moves, 0, "heap 2 has no move");
    }

    /// The options on the stack are weighed against the run's memory as
    /// they grow: Nim's heap of `n` keeps frames of `n`, `n − 1`, … options
    /// while the search goes down, which took Every-SG of heap 10^7 to
    /// 24 GB and a kill by the system before this.
    #[test]
    fn a_stack_of_many_options_is_weighed_as_it_grows() {
        use crate::catalogue::Nim;
        use crate::solve::remoteness::SuspensePlay;
        let watch = crate::Watch::new().with_resident_limit(1);
        let mut search = Search::new(&Nim, SuspensePlay);
        let result = watch.run(|| search.value(&100_000));
        if crate::available_memory().is_some() {
            let error = result.unwrap_err().to_string();
            assert!(error.contains("this run's memory"), "{error}");
            assert_eq!(search.positions_valued(), 0);
        }
        // Asked again without the limit, a small heap is valued as before.
        assert_eq!(search.value(&300).unwrap().moves, 1);
    }

    /// A game whose only play is a chain n → n−1 → … → 0.
    struct Chain;
    impl Game for Chain {
        type Position = u64;
        fn options(&self, &n: &u64, options: &mut Options<u64>) {
            if n > 0 {
                options.push(n - 1);
            }
        }
    }

    #[test]
    fn a_million_moves_deep_does_not_overflow_the_stack() {
        let mut search = Search::normal_play(&Chain);
        assert_eq!(search.nim_value(&1_000_000).unwrap(), 0);
        assert_eq!(search.nim_value(&999_999).unwrap(), 1);
    }

    /// A two-cycle: 1 → 2 → 1.
    struct Cycle;
    impl Game for Cycle {
        type Position = u8;
        fn options(&self, &p: &u8, options: &mut Options<u8>) {
            options.push(3 - p);
        }
    }

    #[test]
    fn cycles_are_reported_not_looped() {
        let mut search = Search::normal_play(&Cycle);
        assert!(matches!(search.nim_value(&1), Err(Error::Loopy { .. })));
    }

    #[test]
    fn the_position_limit_is_an_error() {
        let mut search = Search::normal_play(&Chain).with_limit(100);
        assert!(matches!(search.nim_value(&1000), Err(Error::TooLarge { .. })));
    }

    /// A chain that raises its interrupt flag once `after` positions have
    /// been expanded, as a Ctrl-C in the middle of a search would.
    struct InterruptedChain {
        flag: Arc<AtomicBool>,
        after: usize,
        expanded: std::sync::atomic::AtomicUsize,
    }
    impl Game for InterruptedChain {
        type Position = u64;
        fn options(&self, &n: &u64, options: &mut Options<u64>) {
            if self.expanded.fetch_add(1, Ordering::Relaxed) + 1 == self.after {
                self.flag.store(true, Ordering::Relaxed);
            }
            Chain.options(&n, options);
        }
    }

    #[test]
    fn an_interrupt_stops_the_search_and_keeps_what_it_valued() {
        let flag = Arc::new(AtomicBool::new(false));
        let game = InterruptedChain { flag: Arc::clone(&flag), after: 150_000, expanded: Default::default() };
        let mut search = Search::normal_play(&game).with_interrupt(Arc::clone(&flag));
        // Depth-first to the bottom (200,001 expansions) before anything is
        // valued, then the flag, raised on the way down, stops it.
        assert!(matches!(search.nim_value(&200_000), Err(Error::Interrupted)));
        assert_eq!(search.positions_valued(), 0, "nothing was finished before the interrupt");
        flag.store(false, Ordering::Relaxed);
        assert_eq!(search.nim_value(&200_000).unwrap(), 0);
        // A second interrupt, after some values are in the memo, keeps them.
        let valued = search.positions_valued();
        flag.store(true, Ordering::Relaxed);
        assert!(matches!(search.nim_value(&400_000), Err(Error::Interrupted)));
        assert!(search.positions_valued() >= valued, "the memo was not cleared");
        flag.store(false, Ordering::Relaxed);
        assert_eq!(search.nim_value(&400_001).unwrap(), 1);
        assert_eq!(search.positions_valued(), 400_002);
    }

    /// Splitting: a heap n may be split into two non-empty heaps (n ≥ 2).
    struct Split;
    impl Game for Split {
        type Position = u64;
        fn options(&self, &n: &u64, options: &mut Options<u64>) {
            for a in 1..n {
                if a <= n - a {
                    options.push_sum([a, n - a]);
                }
            }
        }
    }

    #[test]
    fn options_that_are_sums_are_valued_by_nim_sum() {
        let mut search = Search::normal_play(&Split);
        // Every heap of 2 or more can be split into 1s eventually; a heap of
        // 1 is stuck. 2 → 1+1 (0): value 1. 3 → 1+2 (1): value 0.
        assert_eq!(search.nim_value(&1).unwrap(), 0);
        assert_eq!(search.nim_value(&2).unwrap(), 1);
        assert_eq!(search.nim_value(&3).unwrap(), 0);
        assert_eq!(search.nim_value_of_sum(&[2, 2, 2]).unwrap(), 1);
    }
}
