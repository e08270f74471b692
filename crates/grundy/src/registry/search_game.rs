//! Big single games solved by the pruned search ([`crate::solve::pruned`]):
//! Cram, Chomp, Node Kayles — and any game with [`Canonical`] components and
//! a [`Notation`].

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::playable::{parse_all, PlayLoop, Playable};
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::game::Notation;
use crate::game::{Options, Outcome};
use crate::report::{ComponentReport, MoveReport, Report, ValueTable};
use crate::solve::misere::canonical::Beside;
use crate::solve::pruned::distributed::{
    self, check_shares, checkpoint_tag, share_path, share_tag, Plan, Tally, Transport,
};
use crate::solve::pruned::{Canonical, Progress, PrunedSearch, DEFAULT_MEMORY};

/// How the pruned search runs for a front end.
#[derive(Clone, Debug)]
pub struct SearchSettings {
    /// The most memory its transposition tables may take, in bytes.
    pub memory: usize,
    /// What `solve` computes: by default everything.
    pub asked: Asked,
    /// Threads for the root's options: by default every core the machine
    /// offers, so a front end that does not ask (Python, the server) gets the
    /// whole box, as sequences do.
    pub threads: usize,
    /// Load the table from this file first if it exists; save it there at
    /// the end, also when interrupted.
    pub checkpoint: Option<PathBuf>,
    /// How often a long search also saves its checkpoint while it runs.
    pub checkpoint_every: Duration,
    /// Set to stop a long search (a Ctrl-C handler): the pruned search, and
    /// the memoized search of every other session ([`super::Playable::set_interrupt`]).
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Called a few times a second on long searches.
    pub progress: Option<fn(&Progress, Duration)>,
    /// Search on these processes together (`mpirun`), each running the
    /// same request ([`distributed`]): the nim-value only; process 0
    /// reports the work of all, and the checkpoint is one share per process.
    pub cluster: Option<Arc<dyn Transport>>,
}

/// Components of at most this size (Sprouts lives, cells, vertices) are
/// valued by their misère canonical forms when only the misère outcome is
/// asked; bigger ones are searched. Measured on misère Sprouts (one thread,
/// a loaded box): 9 settles 6 spots in 3.5 s and 7 spots in 23 s, against
/// 54 s and about 1,190 s of CPU by the forms of whole lands.
pub const MISERE_SMALL: u32 = 9;

/// What `solve` asks the pruned search for: each is less than the one
/// before, and cheaper.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Asked {
    /// The outcome, the nim-value and every winning move.
    #[default]
    WinningMoves,
    /// The outcome and the nim-value (what igsolve computes).
    NimValue,
    /// The outcome alone. One option of value 0 shows an N-position; its
    /// nim-value would need every option asked about every value below it.
    Outcome,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            memory: DEFAULT_MEMORY,
            asked: Asked::default(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            checkpoint: None,
            checkpoint_every: crate::long_run::checkpoint_every(Duration::from_secs(300)),
            interrupt: None,
            progress: None,
            cluster: None,
        }
    }
}

impl PartialEq for SearchSettings {
    fn eq(&self, other: &Self) -> bool {
        (self.memory, self.asked, self.threads, &self.checkpoint)
            == (other.memory, other.asked, other.threads, &other.checkpoint)
    }
}

impl Eq for SearchSettings {}

/// A session of a pruned-search game.
pub struct SearchGame<G: Canonical + Notation + Send + Sync + 'static> {
    name: String,
    game: G,
    settings: SearchSettings,
    /// The session that answers other conventions (misère, Every-SG), if
    /// the game has them: the pruned search decides normal play only.
    others: Option<Box<dyn Playable>>,
}

impl<G: Canonical + Notation + Send + Sync + 'static> SearchGame<G> {
    pub fn new(name: impl Into<String>, game: G, settings: SearchSettings) -> Self {
        SearchGame { name: name.into(), game, settings, others: None }
    }

    /// Answers every convention but normal play with `others` (a
    /// [`super::NormalGame`] of the same game, say).
    pub fn with_other_conventions(mut self, others: Box<dyn Playable>) -> Self {
        self.others = Some(others);
        self
    }

    /// The pruned search with the session's memory, threads and Ctrl-C
    /// flag; without a flag of its own, the flag of the watch current on
    /// this thread (a front end's, which play's engine runs under too: its
    /// searches on other threads would not see the watch itself).
    fn bare_search(&self) -> PrunedSearch<'_, G> {
        let search = PrunedSearch::with_memory(&self.game, self.settings.memory).threads(self.settings.threads);
        let flag = self.settings.interrupt.clone().or_else(|| crate::watch::Watch::current().map(|watch| watch.flag()));
        match flag {
            Some(flag) => search.with_interrupt(flag),
            None => search,
        }
    }

    /// The search `solve` runs, with progress reports and the checkpoint
    /// under `tag`, and how many table entries it loaded from the
    /// checkpoint (`None` when there was none to load).
    ///
    /// The tag names the positions as well as the game: the
    /// table's entries are canonical components, right for any board, but
    /// a file named for one run and resumed by another is a mistake the
    /// user should hear about (as the shares of a distributed run already
    /// were), not a quiet reuse.
    fn search(&self, tag: &str) -> Result<(PrunedSearch<'_, G>, Option<usize>)> {
        let mut search = self.bare_search();
        // The front end's progress line, and the count of the watch it runs
        // the request under (the server's job page shows it).
        let (shown, watch) = (self.settings.progress, crate::watch::Watch::current());
        if shown.is_some() || watch.is_some() {
            search = search.on_progress(move |progress, elapsed| {
                // (An exhaustive table's filling tells the watch itself.)
                if let Some(watch) = watch.as_ref().filter(|_| progress.exhaustive.is_none()) {
                    watch.set_stage("positions the search has expanded");
                    watch.set_done(progress.nodes);
                }
                if let Some(show) = shown {
                    show(progress, elapsed);
                }
            });
        }
        let mut loaded = None;
        if let Some(path) = &self.settings.checkpoint {
            // Not the shares of a search on several processes.
            check_shares(path, 1)?;
            if path.exists() {
                loaded = Some(search.load_checkpoint(path, tag)?);
            }
            search = search.checkpoint_every(path, tag, self.settings.checkpoint_every);
        }
        Ok((search, loaded))
    }

    /// The report's note says how many positions the search expanded (the
    /// measure of its work that does not depend on the machine), and with a
    /// checkpoint whether the search resumed, so a user (and a test) sees
    /// what the file saved.
    fn solve_normal(&self, positions: &[String]) -> Result<Report> {
        if let Some(cluster) = &self.settings.cluster {
            return self.solve_distributed(positions, cluster.as_ref());
        }
        let parsed = parse_all(&self.game, positions)?;
        let tag = checkpoint_tag(&self.name, positions);
        let (search, loaded) = self.search(&tag)?;
        let result = self.analyse(&search, positions, &parsed);
        if let Some(path) = &self.settings.checkpoint {
            search.save_checkpoint(path, &tag)?;
        }
        let mut report = result?;
        let nodes = search.progress().nodes;
        // Chomp's small bars are valued by a table of every diagram inside
        // them, with no position expanded: "0 positions expanded" after
        // seconds of work said nothing of it.
        let work = if nodes == 0 && !search.exhaustive_tables().is_empty() {
            "valued by a table of every position it reaches, not searched".to_string()
        } else {
            format!("{nodes} positions expanded")
        };
        let note = match (&self.settings.checkpoint, loaded) {
            (Some(path), Some(entries)) => {
                format!("resumed from {} ({entries} table entries); {work}", path.display())
            }
            (Some(path), None) => format!("table saved to {}; {work}", path.display()),
            (None, _) => work,
        };
        report.note = Some(match report.note.take() {
            Some(before) => format!("{before}; {note}"),
            None => note,
        });
        Ok(report)
    }

    /// [`SearchGame::solve_normal`] by the processes of `cluster`, each
    /// with its share of the checkpoint. Every process returns the report;
    /// process 0's note has the work of all: positions expanded (by each),
    /// and messages (per position expanded).
    fn solve_distributed(&self, positions: &[String], cluster: &dyn Transport) -> Result<Report> {
        if self.settings.asked != Asked::NimValue {
            return Err(Error::Unsupported {
                game: self.name.clone(),
                question: match self.settings.asked {
                    Asked::Outcome => "the outcome alone on several processes".into(),
                    _ => "winning moves on several processes".into(),
                },
                why: "the distributed search computes the nim-value only (add --value-only)".into(),
            });
        }
        let parsed = parse_all(&self.game, positions)?;
        let (rank, processes) = (cluster.rank(), cluster.size());
        let mut search = self.bare_search();
        let share = self
            .settings
            .checkpoint
            .as_ref()
            .map(|path| (share_path(path, rank, processes), share_tag(&self.name, positions, rank, processes)));
        // Loading this process's share; every process agrees on the outcome
        // (in the first call) before any searches.
        let mut loaded = None;
        let mut setup = (|| {
            if let Some(path) = &self.settings.checkpoint {
                check_shares(path, processes)?;
            }
            if let Some((path, tag)) = share.as_ref().filter(|(path, _)| path.exists()) {
                loaded = Some(search.load_checkpoint(path, tag)?);
            }
            Ok(())
        })();
        let set_up = setup.is_ok();
        if let Some((path, tag)) = &share {
            search = search.checkpoint_every(path, tag, self.settings.checkpoint_every);
        }
        let mut show = self.settings.progress.map(|show| move |p: &Progress, elapsed: Duration| show(p, elapsed));
        let plan = Plan::from_env();
        let mut tally = Tally::default();
        let values = parsed
            .iter()
            .map(|p| {
                let progress = show.as_mut().map(|f| f as &mut dyn FnMut(&Progress, Duration));
                let setup = std::mem::replace(&mut setup, Ok(()));
                let (value, part) = distributed::nim_value(&search, cluster, p, setup, &plan, progress)?;
                tally.add(&part);
                Ok(value)
            })
            .collect::<Result<Vec<u8>>>();
        // A process that did not set up keeps its share as it was.
        if let Some((path, tag)) = share.as_ref().filter(|_| set_up) {
            search.save_checkpoint(path, tag)?;
        }
        let mut report = self.values_report(positions, &parsed, &values?);
        let (nodes, messages) = (tally.nodes(), tally.messages());
        let each = tally.processes.iter().map(|c| c.nodes.to_string()).collect::<Vec<_>>().join(" + ");
        let mut note = format!(
            "value only: winning moves were not searched; {nodes} positions expanded by {processes} processes ({each}); {messages} messages ({:.4} per position), {} table entries shared",
            messages as f64 / nodes.max(1) as f64,
            tally.entries_sent()
        );
        match (&self.settings.checkpoint, loaded) {
            (Some(path), Some(entries)) => note.push_str(&format!(
                "; resumed from the shares of {} (process 0's: {entries} table entries)",
                path.display()
            )),
            (Some(path), None) => {
                note.push_str(&format!("; table shares saved to {}.*-of-{processes}", path.display()))
            }
            (None, _) => {}
        }
        report.note = Some(note);
        Ok(report)
    }

    /// The report of [`Asked::Outcome`]: every position but the last valued,
    /// the last only asked whether its value is the others' nim-sum (the sum
    /// is then a P-position).
    fn outcome_report(
        &self,
        search: &PrunedSearch<'_, G>,
        positions: &[String],
        parsed: &[G::Position],
    ) -> Result<Report> {
        let Some((last, others)) = parsed.split_last() else {
            return Err(Error::InvalidPosition("no position given".into()));
        };
        let mut nim_sum = 0;
        for p in others {
            nim_sum ^= search.nim_value(p)?;
        }
        let outcome = if search.has_value(last, nim_sum)? { Outcome::P } else { Outcome::N };
        let mut report = Report::new(&self.name, Convention::Normal, positions, outcome);
        report.note = Some("outcome only: the nim-value and winning moves were not searched".into());
        Ok(report)
    }

    /// The report of a sum from its components' nim-values: the nim-sum
    /// and the outcome it decides, each component with its value.
    fn values_report(&self, positions: &[String], parsed: &[G::Position], values: &[u8]) -> Report {
        let total = values.iter().fold(0, |x, v| x ^ v);
        let outcome = if total == 0 { Outcome::P } else { Outcome::N };
        let mut report = Report::new(&self.name, Convention::Normal, positions, outcome);
        report.nim_value = Some(total as u64);
        for (p, &v) in parsed.iter().zip(values) {
            report.components.push(ComponentReport {
                nim_value: Some(v as u64),
                ..ComponentReport::new(self.game.format_position(p))
            });
        }
        report
    }

    fn analyse(&self, search: &PrunedSearch<'_, G>, positions: &[String], parsed: &[G::Position]) -> Result<Report> {
        if self.settings.asked == Asked::Outcome {
            return self.outcome_report(search, positions, parsed);
        }
        let values = parsed.iter().map(|p| search.nim_value(p)).collect::<Result<Vec<u8>>>()?;
        let total = values.iter().fold(0, |x, v| x ^ v);
        let mut report = self.values_report(positions, parsed, &values);
        if self.settings.asked == Asked::NimValue {
            report.note = Some("value only: winning moves were not searched".into());
            return Ok(report);
        }
        if total == 0 {
            return Ok(report);
        }
        // A move in summand i wins iff it leaves a value of total ⊕ value_i there.
        let mut options = Options::new();
        for (i, (p, &v)) in parsed.iter().zip(&values).enumerate() {
            let target = total ^ v;
            options.clear();
            self.game.options(p, &mut options);
            for option in options.distinct() {
                let [option] = option else {
                    return Err(Error::Unsupported {
                        game: self.name.clone(),
                        question: "winning moves".into(),
                        why: "a move leaves a sum of positions".into(),
                    });
                };
                if search.has_value(option, target)? {
                    report.winning_moves.push(MoveReport {
                        component: i,
                        from: self.game.format_position(p),
                        to: vec![self.game.format_position(option)],
                        nim_value: Some(target as u64),
                    });
                }
            }
        }
        Ok(report)
    }
}

impl<G: Canonical + Notation + Send + Sync + 'static> SearchGame<G>
where
    G::Position: std::fmt::Debug,
{
    /// The misère outcome alone ([`Asked::Outcome`]): the largest component
    /// searched move by move beside the canonical form of the rest
    /// ([`Beside`]), where the forms of whole components would need every
    /// position they reach. Components of at most [`MISERE_SMALL`] are
    /// valued by their forms. The first moves are shared out among the
    /// session's threads ([`Beside::outcome_on_threads`]).
    fn misere_outcome(&self, positions: &[String]) -> Result<Report> {
        let parsed = parse_all(&self.game, positions)?;
        // A progress line (and the server's job page) from the positions
        // searched, summed over the threads, a few times a second.
        let tally = Arc::new(AtomicU64::new(0));
        let mut beside =
            Beside::new(&self.game, |p: &G::Position| self.game.size(p), MISERE_SMALL).with_tally(Arc::clone(&tally));
        if let Some(flag) = &self.settings.interrupt {
            beside.sums().set_interrupt(Arc::clone(flag));
        }
        let (shown, watch) = (self.settings.progress, crate::watch::Watch::current());
        if let Some(watch) = &watch {
            watch.set_stage("positions the misère search has searched");
        }
        let done = AtomicBool::new(false);
        let shared = std::thread::scope(|scope| {
            if shown.is_some() || watch.is_some() {
                scope.spawn(|| {
                    let started = Instant::now();
                    while !done.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(50));
                        let nodes = tally.load(Ordering::Relaxed);
                        if let Some(watch) = &watch {
                            watch.set_done(nodes);
                        }
                        if let Some(show) = shown {
                            show(&Progress { nodes, ..Progress::default() }, started.elapsed());
                        }
                    }
                });
            }
            let shared = beside.outcome_on_threads(&parsed, self.settings.threads);
            done.store(true, Ordering::Relaxed);
            shared
        })?;
        let mut report = Report::new(&self.name, Convention::Misere, positions, shared.outcome);
        report.note = Some(format!(
            "outcome only: the largest component searched beside the misère canonical form of the rest; {} positions searched, {} valued by their forms",
            shared.searched, shared.valued
        ));
        Ok(report)
    }
}

impl<G: Canonical + Notation + Send + Sync + 'static> Playable for SearchGame<G>
where
    G::Position: Ord + std::fmt::Debug,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn keeps_checkpoint(&self) -> bool {
        true
    }

    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report> {
        match (play, &self.others) {
            (Convention::Normal, _) => self.solve_normal(positions),
            (Convention::Misere, _) if self.settings.asked == Asked::Outcome => self.misere_outcome(positions),
            (_, Some(others)) => others.solve_in(positions, play),
            _ => Err(Error::Unsupported {
                game: self.name.clone(),
                question: format!("{play} play"),
                why: "its pruned search decides normal play only".into(),
            }),
        }
    }

    fn table(&self, _: RangeInclusive<u64>, _: Option<RangeInclusive<u64>>) -> Result<ValueTable> {
        Err(Error::Unsupported {
            game: self.name.clone(),
            question: "a table".into(),
            why: "its positions are boards or graphs, so it has no table".into(),
        })
    }

    fn check_notation(&self, positions: &[String], limit: usize) -> Result<usize> {
        crate::game::check_round_trips(&self.game, &parse_all(&self.game, positions)?, limit)
    }

    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        if let Some(others) = &mut self.others {
            others.set_interrupt(flag);
        }
    }

    /// The pruned search has the question from its settings; the session
    /// of the other conventions is told it here.
    fn set_asked(&mut self, asked: Asked) {
        self.settings.asked = asked;
        if let Some(others) = &mut self.others {
            others.set_asked(asked);
        }
    }

    fn set_misere_method(&mut self, method: crate::solve::Decision) -> Result<()> {
        match &mut self.others {
            Some(others) => others.set_misere_method(method),
            None => Err(Error::Unsupported {
                game: self.name.clone(),
                question: format!("misère play by {method}"),
                why: "its pruned search decides normal play only".into(),
            }),
        }
    }

    /// Play solves small sums whole, as for every game (remoteness: the
    /// fastest win, the longest loss). Past [`crate::play::ORACLE_EXPLORED_SUMS`]
    /// sums, normal play judges moves by the pruned search, the one `solve`
    /// uses (a Cram strip of 60 cells is a sum of Dawson's Kayles heaps to
    /// it), where the plain search of whole boards would take hours; misère
    /// play, which the pruned search does not decide, explores up to
    /// [`crate::play::MAX_EXPLORED_SUMS`] sums and refuses bigger ones.
    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        let start = parse_all(&self.game, positions)?;
        if convention != Convention::Normal {
            return run(&mut crate::play::Session::new(&self.game, start, convention)?);
        }
        // Made on first use: a small board solved whole never needs it (nor its tables' memory).
        let search = std::cell::OnceCell::new();
        let nim_value = move |sum: &[G::Position]| {
            let search = search.get_or_init(|| self.bare_search());
            sum.iter().try_fold(0u64, |total, p| Ok(total ^ u64::from(search.nim_value(p)?)))
        };
        run(&mut crate::play::Session::with_oracle(&self.game, start, Box::new(nim_value))?)
    }
}

/// A game in two representations: positions that all fit the narrow one
/// (Cram boards of up to 64 cells in a `u64`, with compact table keys: the
/// fastest) are solved in it, any others in the wide one (boards of up to
/// 128 cells).
pub struct ByWidth<N, W>
where
    N: Canonical + Notation + Send + Sync + 'static,
    W: Canonical + Notation + Send + Sync + 'static,
{
    narrow: SearchGame<N>,
    wide: SearchGame<W>,
    /// Whether a position of the wide game fits the narrow one.
    fits: fn(&W::Position) -> bool,
}

impl<N, W> ByWidth<N, W>
where
    N: Canonical + Notation + Send + Sync + 'static,
    W: Canonical + Notation + Send + Sync + 'static,
{
    pub fn new(narrow: SearchGame<N>, wide: SearchGame<W>, fits: fn(&W::Position) -> bool) -> Self {
        ByWidth { narrow, wide, fits }
    }

    /// Whether every position fits the narrow game (read by the wide one,
    /// which reports bad positions and boards past its limit).
    fn all_fit(&self, positions: &[String]) -> Result<bool> {
        Ok(parse_all(&self.wide.game, positions)?.iter().all(self.fits))
    }
}

impl<N, W> Playable for ByWidth<N, W>
where
    N: Canonical + Notation + Send + Sync + 'static,
    W: Canonical + Notation + Send + Sync + 'static,
    N::Position: Ord + std::fmt::Debug,
    W::Position: Ord + std::fmt::Debug,
{
    fn name(&self) -> &str {
        self.narrow.name()
    }

    fn keeps_checkpoint(&self) -> bool {
        true
    }

    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report> {
        if self.all_fit(positions)? {
            self.narrow.solve_in(positions, play)
        } else {
            self.wide.solve_in(positions, play)
        }
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<ValueTable> {
        self.narrow.table(rows, columns)
    }

    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.narrow.set_interrupt(Arc::clone(&flag));
        self.wide.set_interrupt(flag);
    }

    fn set_asked(&mut self, asked: Asked) {
        self.narrow.set_asked(asked);
        self.wide.set_asked(asked);
    }

    fn set_misere_method(&mut self, method: crate::solve::Decision) -> Result<()> {
        self.narrow.set_misere_method(method)?;
        self.wide.set_misere_method(method)
    }

    /// Both representations, where the positions fit the narrow one.
    fn check_notation(&self, positions: &[String], limit: usize) -> Result<usize> {
        let wide = self.wide.check_notation(positions, limit)?;
        if self.all_fit(positions)? {
            self.narrow.check_notation(positions, limit)?;
        }
        Ok(wide)
    }

    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        if self.all_fit(positions)? {
            self.narrow.play(positions, convention, run)
        } else {
            self.wide.play(positions, convention, run)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Cram, CramBoard, WideCram};
    use crate::game::Game;
    use crate::solve::Search;
    use crate::testing::Xorshift;

    fn settings() -> SearchSettings {
        SearchSettings { memory: 1 << 22, ..SearchSettings::default() }
    }

    /// A random board of at most 16 cells with some cells filled.
    fn random_board(rng: &mut Xorshift) -> CramBoard {
        let rows = 1 + rng.below(4) as u32;
        let cols = (1 + rng.below(6) as u32).min(16 / rows);
        let mut board = Cram.rectangle(rows, cols).unwrap();
        for _ in 0..rng.below(rows as u64 * cols as u64 / 3 + 1) {
            board.empty &= !(1 << rng.below(rows as u64 * cols as u64));
        }
        board
    }

    /// Every winning move the session reports, and only those, against the
    /// plain search of every option of every summand: a move in summand
    /// `i` wins iff it leaves that summand a value of `total ⊕ value_i`.
    fn check_winning_moves<G>(session: &SearchGame<G>, game: &G, boards: &[G::Position])
    where
        G: Canonical + Notation + Game + Send + Sync + 'static,
        G::Position: Ord + std::fmt::Debug + Clone + std::hash::Hash + Eq,
    {
        let texts: Vec<String> = boards.iter().map(|b| game.format_position(b)).collect();
        let report = session.solve(&texts).unwrap();
        let mut plain = Search::normal_play(game);
        let values: Vec<u64> = boards.iter().map(|b| plain.nim_value(b).unwrap()).collect();
        let total = values.iter().fold(0, |x, v| x ^ v);
        assert_eq!(report.nim_value, Some(total), "{texts:?}");
        let mut expected = Vec::new();
        let mut options = Options::new();
        for (i, (board, &v)) in boards.iter().zip(&values).enumerate() {
            options.clear();
            game.options(board, &mut options);
            for option in options.distinct() {
                if total != 0 && plain.nim_value(&option[0]).unwrap() == total ^ v {
                    expected.push((i, game.format_position(&option[0])));
                }
            }
        }
        assert_moves(&report, expected, &format!("winning moves of {texts:?}"));
    }

    /// The report's winning moves are `expected` (summand, option), in any order.
    fn assert_moves(report: &crate::report::Report, mut expected: Vec<(usize, String)>, what: &str) {
        let mut found: Vec<(usize, String)> =
            report.winning_moves.iter().map(|m| (m.component, m.to[0].clone())).collect();
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "{what}");
    }

    #[test]
    fn every_winning_move_and_only_those_on_random_boards_and_sums() {
        let mut rng = Xorshift::new(26);
        let session = SearchGame::new("cram", Cram, settings());
        for _ in 0..60 {
            check_winning_moves(&session, &Cram, &[random_board(&mut rng)]);
        }
        // Sums of two to four boards (P-positions among them: no move wins).
        for _ in 0..30 {
            let boards: Vec<CramBoard> = (0..2 + rng.below(3)).map(|_| random_board(&mut rng)).collect();
            check_winning_moves(&session, &Cram, &boards);
        }
        let two = SearchGame::new("cram", Cram, SearchSettings { threads: 2, ..settings() });
        for _ in 0..20 {
            check_winning_moves(&two, &Cram, &[random_board(&mut rng), random_board(&mut rng)]);
        }
    }

    /// Misère play goes to the session of canonical forms, which splits
    /// each board into its reduced components for the forms but analyses
    /// the boards as written: every winning move, on the user's board,
    /// against plain misère search of the whole sum (a 2 × 2 board, two
    /// dominoes to its forms, has all four of its moves winning).
    #[test]
    fn misere_winning_moves_are_on_the_boards_as_written() {
        use crate::game::{Outcome, SumGame};
        use crate::registry::NormalGame;
        use crate::solve::misere::MiserePlay;
        use crate::solve::NormalPlay;
        let others = NormalGame::new("cram", Cram, |g| Search::with_decomposition(g, NormalPlay), None)
            .with_misere_canonical_forms();
        let session = SearchGame::new("cram", Cram, settings()).with_other_conventions(Box::new(others));
        let mut plain = Search::new(SumGame::new(&Cram), MiserePlay);
        let mut outcome = |boards: &[CramBoard]| {
            let sum = plain.game().canonical(boards.iter().copied());
            Outcome::of_nim_value(plain.value(&sum).unwrap())
        };
        let mut rng = Xorshift::new(44);
        let mut sums: Vec<Vec<CramBoard>> = vec![vec![Cram.rectangle(2, 2).unwrap()]];
        sums.extend((0..60).map(|_| (0..1 + rng.below(2)).map(|_| random_board(&mut rng)).collect()));
        let mut options = Options::new();
        for boards in sums {
            let texts: Vec<String> = boards.iter().map(|b| Cram.format_position(b)).collect();
            let report = session.solve_in(&texts, Convention::Misere).unwrap();
            assert_eq!(report.outcome, outcome(&boards), "{texts:?}");
            assert_eq!(report.components.len(), boards.len(), "{texts:?}");
            let mut expected = Vec::new();
            for (i, board) in boards.iter().enumerate() {
                options.clear();
                Cram.options(board, &mut options);
                for option in options.distinct() {
                    let mut after = boards.clone();
                    after[i] = option[0];
                    if outcome(&after) == Outcome::P {
                        expected.push((i, Cram.format_position(&option[0])));
                    }
                }
            }
            assert_moves(&report, expected, &format!("misère winning moves of {texts:?}"));
        }
    }

    #[test]
    fn every_winning_move_on_boards_past_64_cells() {
        // Boards of 65–128 cells with few empty cells, where the plain
        // search finishes at once.
        let mut rng = Xorshift::new(129);
        let session = SearchGame::new("cram", WideCram, settings());
        for _ in 0..30 {
            let mut board = WideCram.rectangle(5 + rng.below(3) as u32, 13 + rng.below(4) as u32).unwrap();
            let cells = board.rows as u64 * board.cols as u64;
            board.empty = 0;
            let start = rng.below(cells - 40);
            for i in start..start + 40 {
                if rng.below(3) == 0 {
                    board.empty |= 1 << i;
                }
            }
            check_winning_moves(&session, &WideCram, &[board]);
        }
    }

    /// Dawson's Kayles (octal 0.07) nim-values of heaps `0..=n`, by the
    /// plain mex of its rule: a move takes two adjacent counters of a row,
    /// leaving rows of `a` and `n − 2 − a` (OEIS A002187, shifted by one).
    fn dawsons_kayles(n: usize) -> Vec<u64> {
        let mut values: Vec<u64> = Vec::new();
        for heap in 0..=n {
            let options: Vec<u64> = (0..heap.saturating_sub(1)).map(|a| values[a] ^ values[heap - 2 - a]).collect();
            values.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        values
    }

    /// The nim-value of a one-row Cram board written `..##....`: its runs
    /// of empty cells are Dawson's Kayles heaps.
    fn strip_value(text: &str, dawson: &[u64]) -> u64 {
        text.split('#').fold(0, |total, run| total ^ dawson[run.len()])
    }

    #[test]
    fn play_on_a_long_strip_judges_moves_by_the_pruned_search() {
        // 1×60 reaches F(61) ≈ 2.5·10¹² boards: beyond any exploration,
        // and the plain search of whole boards. The hint and every move of
        // the engine must still leave a P-position, checked by Dawson's
        // Kayles; and small boards are still solved whole (remoteness).
        let dawson = dawsons_kayles(60);
        assert_ne!(dawson[60], 0, "1×60 is a first-player win");
        let session = SearchGame::new("cram", Cram, settings());
        let mut rng = Xorshift::new(60);
        for game in 0..3 {
            session
                .play(&["1x60".to_string()], Convention::Normal, &mut |play| {
                    let judgement = play.judgement()?;
                    assert_eq!((judgement.outcome, judgement.remoteness), (Outcome::N, None));
                    let hint = play.hint()?.expect("a move");
                    let to = hint.mv.split(" -> ").nth(1).unwrap();
                    assert_eq!(strip_value(to, &dawson), 0, "hint {}", hint.mv);
                    assert!(hint.why.contains("nim-value 0"), "{}", hint.why);
                    loop {
                        play.engine_move()?.expect("a winning side has a move");
                        assert_eq!(strip_value(&play.show(), &dawson), 0, "game {game}: {}", play.show());
                        if play.ending()?.is_some() {
                            return Ok(()); // the random player is stuck: the engine won
                        }
                        let moves = play.moves().unwrap();
                        play.play(&format!("#{}", 1 + rng.below(moves.len() as u64)))?;
                        assert!(play.ending()?.is_none(), "the random player won: {}", play.show());
                    }
                })
                .unwrap();
        }
        session
            .play(&["2x3".to_string()], Convention::Normal, &mut |play| {
                assert!(play.judgement()?.remoteness.is_some(), "a small board is solved whole");
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn the_front_door_picks_the_wide_game_past_64_cells_only() {
        let narrow = SearchGame::new("cram", Cram, settings());
        let wide = SearchGame::new("cram", WideCram, settings());
        let cram = ByWidth::new(narrow, wide, |board| board.narrow().is_some());
        let report = cram.solve(&["1x100".to_string(), "3x5".to_string()]).unwrap();
        // 1×100 is Dawson's Kayles 100 (0.07: 3), 3×5 has nim-value 1.
        assert_eq!(report.nim_value, Some(3 ^ 1));
        let error = cram.solve(&["12x11".to_string()]).unwrap_err().to_string();
        assert!(error.contains("132 cells, more than the limit of 128"), "{error}");
    }
}
