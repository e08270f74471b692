//! Big single games solved by the pruned search ([`crate::solve::pruned`]):
//! Cram, Chomp, Node Kayles — and any game with [`Canonical`] components and
//! a [`Notation`].

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use super::playable::{parse_all, PlayLoop, Playable};
use super::report::{ComponentReport, Convention, MoveReport, Play, Report, Table};
use crate::catalogue::Notation;
use crate::error::{Error, Result};
use crate::game::{Options, Outcome};
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

    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report> {
        match play {
            Play::Normal => self.solve_normal(positions),
            _ => Err(Error::Unsupported {
                game: self.name.clone(),
                question: format!("{play} play"),
                why: "its pruned search decides normal play only".into(),
            }),
        }
    }

    fn table(&self, _: RangeInclusive<u64>, _: Option<RangeInclusive<u64>>) -> Result<Table> {
        Err(Error::Unsupported {
            game: self.name.clone(),
            question: "a table".into(),
            why: "its positions are boards or graphs, so it has no table".into(),
        })
    }

    /// Play explores the sums reachable from the start, as for every game;
    /// the pruned search is for valuing one big board, not for a game in
    /// progress, so play suits the small boards a person plays on.
    fn play(&self, positions: &[String], misere: bool, run: &mut PlayLoop<'_>) -> Result<()> {
        let mut session = crate::play::Session::new(&self.game, parse_all(&self.game, positions)?, misere)?;
        run(&mut session)
    }
}
