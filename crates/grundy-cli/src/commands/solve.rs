//! `grundy solve`.

use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{bail, Result};
use grundy::game::Convention;
use grundy::registry::{open, RuleOptions, SearchSettings};
use grundy::report::{ComponentReport, MoveReport, Report};
use grundy::solve::pruned::{Progress, DEFAULT_MEMORY, EXHAUSTIVE_STAGE};
use indicatif::{HumanCount, ProgressBar};

/// The progress line of a long pruned search (a `fn` pointer cannot
/// capture it, so it lives here).
static BAR: OnceLock<ProgressBar> = OnceLock::new();

fn show_progress(progress: &Progress, elapsed: Duration) {
    if elapsed < Duration::from_secs(2) {
        return;
    }
    let bar = BAR.get_or_init(|| {
        super::watch::own_bar();
        super::watch::spinner_line(elapsed)
    });
    if let Some((valued, of)) = progress.exhaustive {
        // (Chomp's bars first value every diagram inside them.)
        bar.set_message(format!(
            "{EXHAUSTIVE_STAGE}: {} of {} ({:.0}%)",
            HumanCount(valued),
            HumanCount(of),
            100.0 * valued as f64 / of.max(1) as f64
        ));
        bar.tick();
        return;
    }
    let rate = progress.nodes as f64 / elapsed.as_secs_f64();
    let mut message = format!("{} positions ({:.0}/s)", progress.nodes, rate);
    // (A search without a transposition table, such as misère outcomes
    // beside forms, reports no capacity.)
    if progress.table_capacity > 0 {
        message += &format!(
            ", table {:.1}% of {} entries",
            100.0 * progress.table_entries as f64 / progress.table_capacity as f64,
            progress.table_capacity
        );
    }
    bar.set_message(message);
    bar.tick();
}

/// The progress of a distributed search, from process 0 (the sums over
/// every process): a line every [`LINE_EVERY`], since under `mpirun` standard
/// error is a pipe, where a progress bar does not draw.
pub fn show_progress_lines(progress: &Progress, elapsed: Duration) {
    static LAST: std::sync::Mutex<Duration> = std::sync::Mutex::new(Duration::ZERO);
    let Ok(mut last) = LAST.lock() else { return };
    if elapsed < *last + LINE_EVERY {
        return;
    }
    *last = elapsed;
    eprintln!(
        "grundy: {:.0} s: {} positions ({:.0}/s over every process), tables {:.1}% of {} entries",
        elapsed.as_secs_f64(),
        progress.nodes,
        progress.nodes as f64 / elapsed.as_secs_f64(),
        100.0 * progress.table_entries as f64 / progress.table_capacity.max(1) as f64,
        progress.table_capacity
    );
}

const LINE_EVERY: Duration = Duration::from_secs(5);

/// How `--misere` sums are decided, when the user chooses.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum MisereMethod {
    /// Each component's misère canonical form; the sum of forms is searched.
    Canonical,
}

impl MisereMethod {
    pub fn method(self) -> grundy::solve::Decision {
        match self {
            MisereMethod::Canonical => grundy::solve::Decision::Canonical,
        }
    }
}

/// The pruned search's settings from the command line; the run's watch
/// stops it (the table is then saved to the checkpoint, if one is given).
pub fn search_settings(
    asked: grundy::registry::Asked,
    memory: Option<usize>,
    checkpoint: Option<std::path::PathBuf>,
    threads: Option<usize>,
) -> Result<SearchSettings> {
    let defaults = SearchSettings::default();
    Ok(SearchSettings {
        memory: memory.unwrap_or(DEFAULT_MEMORY),
        asked,
        // Every core unless told (the library's default, as `sequence`'s rayon
        // pool does): one thread gave half of a 2-core box (Cram 4×9: 0.33 s against 0.24 s).
        threads: threads.unwrap_or(defaults.threads).max(1),
        checkpoint,
        // Five minutes, or `GRUNDY_CHECKPOINT_EVERY` seconds (as for sequences).
        checkpoint_every: grundy::checkpoint_every(Duration::from_secs(300)),
        interrupt: Some(super::watch::flag()),
        progress: Some(show_progress),
        cluster: None,
    })
}

pub fn run(description: &str, arguments: &[String], options: &RuleOptions, play: Convention, json: bool) -> Result<()> {
    let (game, positions) = open(description, arguments, options)?;
    // Only the pruned search keeps a checkpoint, and it decides normal play only.
    let keeps = game.keeps_checkpoint() && play == Convention::Normal;
    if let Some(path) = &options.search.checkpoint {
        if !keeps {
            bail!(
                "--checkpoint {}: {description} in {play} play keeps no checkpoint (only the pruned search of cram, chomp and node-kayles in normal play does)",
                path.display()
            );
        }
    }
    let started = std::time::SystemTime::now();
    // Of the processes of a distributed search, process 0 speaks for all.
    let cluster = options.search.cluster.as_ref().map(|c| (c.rank(), c.size()));
    let quiet = cluster.is_some_and(|(rank, _)| rank > 0);
    let working = match quiet {
        true => super::watch::working_quietly(),
        false => super::watch::working(format!("{description} {}", positions.join(" ")), false),
    };
    let report = game.solve_in(positions, play);
    drop(working);
    if let Some(bar) = BAR.get() {
        bar.finish_and_clear();
    }
    let report = match report {
        Err(grundy::Error::Interrupted) => {
            let checkpoint = options.search.checkpoint.as_deref();
            let error = interrupted(checkpoint, cluster, keeps, started);
            // Process 0 of several says so before MPI ends (see `Shown`).
            return Err(match cluster {
                Some((0, _)) => super::cluster::show_now(error),
                _ => error,
            });
        }
        other => other?,
    };
    if quiet {
        return Ok(());
    }
    if json {
        super::output::println(serde_json::to_string_pretty(&report)?)
    } else {
        super::output::print(render(&report))
    }
}

/// The error for a search stopped by a signal: it says what was kept.
/// Only the pruned search keeps a checkpoint (others are refused one up
/// front), and the message claims a save only when the file was written
/// during this run.
/// A distributed search (`cluster`: this process's rank and the number of
/// processes) keeps one share per process.
fn interrupted(
    checkpoint: Option<&std::path::Path>,
    cluster: Option<(usize, usize)>,
    keeps: bool,
    started: std::time::SystemTime,
) -> anyhow::Error {
    let written = |path: &std::path::Path| {
        std::fs::metadata(path).and_then(|m| m.modified()).is_ok_and(|modified| modified >= started)
    };
    if let (Some(path), Some((rank, processes))) = (checkpoint, cluster) {
        let share = grundy::solve::pruned::distributed::share_path(path, rank, processes);
        return super::watch::interrupted(match written(&share) {
            true => format!(
                "process {rank}'s share of the search table is saved to {} (the other processes save theirs beside it): run the same command on {processes} processes again to continue",
                share.display()
            ),
            false => format!("nothing is saved ({} was not written)", share.display()),
        });
    }
    super::watch::interrupted(match checkpoint {
        Some(path) if written(path) => {
            format!("the search table is saved to {}: run the same command again to continue", path.display())
        }
        Some(path) => format!("nothing is saved ({} was not written)", path.display()),
        None if keeps => "nothing is saved (give --checkpoint FILE to make the search resumable)".to_string(),
        None => "nothing is saved (this search keeps no checkpoint)".to_string(),
    })
}

fn render(report: &Report) -> String {
    let mut out = String::new();
    let mut line = |text: String| {
        out.push_str(&text);
        out.push('\n');
    };
    line(format!("game:      {}", report.game));
    line(format!("play:      {}", report.play));
    line(format!("position:  {}", report.position.join(" + ")));
    line(format!("outcome:   {} ({})", report.outcome, report.outcome.describe()));
    if let Some(note) = &report.note {
        line(format!("note:      {note}"));
    }
    if let Some(method) = report.method {
        line(format!("decided by: {method}"));
    }
    match (&report.generalized_value, report.nim_value) {
        (Some(value), _) => line(format!("value:     {value}")),
        (None, Some(value)) => line(format!("nim-value: {value}")),
        _ => {}
    }
    let details = |c: &ComponentReport| {
        let mut parts = Vec::new();
        if let Some(form) = &c.misere_canonical_form {
            parts.push(format!("form {form}"));
        }
        if let Some(genus) = &c.genus {
            match &c.genus_short {
                Some(short) => parts.push(format!("genus {genus} (short {short})")),
                None => parts.push(format!("genus {genus}")),
            }
        } else if let Some(value) = &c.generalized_value {
            parts.push(format!("value {value}"));
        } else if let Some(v) = c.nim_value {
            parts.push(format!("nim-value {v}"));
        }
        if let Some(r) = c.remoteness {
            parts.push(format!("remoteness {r}"));
        }
        if let Some(s) = c.suspense {
            parts.push(format!("suspense {s}"));
        }
        parts.join(", ")
    };
    let same_as_given = report.components.len() == 1
        && report.components[0].position == report.position[0]
        && report.play == Convention::Normal;
    // (None when only the outcome was searched.)
    if !same_as_given && !report.components.is_empty() {
        line(format!("components ({}):", report.components.len()));
        for (i, c) in report.components.iter().enumerate() {
            match details(c) {
                d if d.is_empty() => line(format!("  [{i}] {}", c.position)),
                d => line(format!("  [{i}] {}  {d}", c.position)),
            }
        }
    }
    let show = |m: &MoveReport| {
        let to = if m.to.is_empty() { "nothing".to_string() } else { m.to.join(" + ") };
        match m.nim_value {
            Some(v) => format!("  in [{}]: {} -> {to}  (option's nim-value {v})", m.component, m.from),
            // Misère and loopy moves have no nim-value; with several
            // components the move still says which one it is in.
            None if report.components.len() > 1 => format!("  in [{}]: {} -> {to}", m.component, m.from),
            None => format!("  {} -> {to}", m.from),
        }
    };
    if !report.winning_moves.is_empty() {
        line(format!("winning moves ({}):", report.winning_moves.len()));
        report.winning_moves.iter().for_each(|m| line(show(m)));
    } else if report.outcome == grundy::game::Outcome::P {
        line("winning moves: none (every move loses against perfect play)".into());
    }
    if !report.drawing_moves.is_empty() {
        line(format!("drawing moves ({}):", report.drawing_moves.len()));
        report.drawing_moves.iter().for_each(|m| line(show(m)));
    }
    out
}
