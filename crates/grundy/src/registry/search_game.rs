//! Big single games solved by the pruned search ([`crate::solve::pruned`]):
//! Cram, Chomp, Node Kayles — and any game with [`Canonical`] components and
//! a [`Notation`].

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::playable::{parse_all, PlayLoop, Playable};
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::game::Notation;
use crate::game::{Options, Outcome};
use crate::report::{ComponentReport, MoveReport, Report, ValueTable};
use crate::solve::pruned::{Canonical, Progress, PrunedSearch, DEFAULT_MEMORY};

/// How the pruned search runs for a front end.
#[derive(Clone, Debug)]
pub struct SearchSettings {
    /// The most memory its transposition tables may take, in bytes.
    pub memory: usize,
    /// Compute only the nim-value (no winning moves).
    pub value_only: bool,
    /// Threads for the root's options.
    pub threads: usize,
    /// Load the table from this file first if it exists; save it there at
    /// the end, also when interrupted.
    pub checkpoint: Option<PathBuf>,
    /// Set to stop a long search (a Ctrl-C handler): the pruned search, and
    /// the memoized search of every other session ([`super::Playable::set_interrupt`]).
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Called a few times a second on long searches.
    pub progress: Option<fn(&Progress, Duration)>,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            memory: DEFAULT_MEMORY,
            value_only: false,
            threads: 1,
            checkpoint: None,
            interrupt: None,
            progress: None,
        }
    }
}

impl PartialEq for SearchSettings {
    fn eq(&self, other: &Self) -> bool {
        (self.memory, self.value_only, self.threads, &self.checkpoint)
            == (other.memory, other.value_only, other.threads, &other.checkpoint)
    }
}

impl Eq for SearchSettings {}

/// A session of a pruned-search game.
pub struct SearchGame<G: Canonical + Notation + Send + Sync + 'static> {
    name: String,
    game: G,
    settings: SearchSettings,
}

impl<G: Canonical + Notation + Send + Sync + 'static> SearchGame<G> {
    pub fn new(name: impl Into<String>, game: G, settings: SearchSettings) -> Self {
        SearchGame { name: name.into(), game, settings }
    }

    fn search(&self) -> Result<PrunedSearch<'_, G>> {
        let mut search = PrunedSearch::with_memory(&self.game, self.settings.memory).threads(self.settings.threads);
        if let Some(flag) = &self.settings.interrupt {
            search = search.with_interrupt(Arc::clone(flag));
        }
        if let Some(progress) = self.settings.progress {
            search = search.on_progress(progress);
        }
        if let Some(path) = &self.settings.checkpoint {
            if path.exists() {
                search.load_checkpoint(path, &self.name)?;
            }
            search = search.checkpoint_every(path, &self.name, Duration::from_secs(300));
        }
        Ok(search)
    }

    fn solve_normal(&self, positions: &[String]) -> Result<Report> {
        let parsed = parse_all(&self.game, positions)?;
        let search = self.search()?;
        let result = self.analyse(&search, positions, &parsed);
        if let Some(path) = &self.settings.checkpoint {
            search.save_checkpoint(path, &self.name)?;
        }
        result
    }

    fn analyse(&self, search: &PrunedSearch<'_, G>, positions: &[String], parsed: &[G::Position]) -> Result<Report> {
        let values = parsed.iter().map(|p| search.nim_value(p)).collect::<Result<Vec<u8>>>()?;
        let total = values.iter().fold(0, |x, v| x ^ v);
        let outcome = if total == 0 { Outcome::P } else { Outcome::N };
        let mut report = Report::new(&self.name, Convention::Normal, positions, outcome);
        report.nim_value = Some(total as u64);
        for (p, &v) in parsed.iter().zip(&values) {
            report.components.push(ComponentReport {
                nim_value: Some(v as u64),
                ..ComponentReport::new(self.game.format_position(p))
            });
        }
        if self.settings.value_only {
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
            for option in options.iter() {
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

impl<G: Canonical + Notation + Send + Sync + 'static> Playable for SearchGame<G>
where
    G::Position: Ord + std::fmt::Debug,
{
    fn name(&self) -> &str {
        &self.name
    }

    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report> {
        match play {
            Convention::Normal => self.solve_normal(positions),
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

    /// Play explores the sums reachable from the start, as for every game;
    /// the pruned search is for valuing one big board, not for a game in
    /// progress, so play suits the small boards a person plays on.
    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        let mut session = crate::play::Session::new(&self.game, parse_all(&self.game, positions)?, convention)?;
        run(&mut session)
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
            for option in options.iter() {
                if total != 0 && plain.nim_value(&option[0]).unwrap() == total ^ v {
                    expected.push((i, game.format_position(&option[0])));
                }
            }
        }
        let mut found: Vec<(usize, String)> =
            report.winning_moves.iter().map(|m| (m.component, m.to[0].clone())).collect();
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "winning moves of {texts:?}");
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
