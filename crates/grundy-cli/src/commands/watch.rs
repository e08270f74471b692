//! The run's one [`Watch`]: Ctrl-C (SIGINT) and SIGTERM stop it, and every
//! long computation of every command polls it (the library's loops poll the
//! watch installed on the main thread; the pruned search, sequences and
//! quotients are handed its flag).
//!
//! The handler is installed once, in [`run`], for every command but `serve`
//! (which stops its own way). While nothing is [`working`] — `play` waiting
//! for a move, output being printed — a signal ends the program at once,
//! with 130 as a shell expects; during work it asks the work to stop, so it
//! can keep what its checkpoint holds and say so; a second signal quits at once.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use anyhow::{Context, Result};
use grundy::Watch;
use indicatif::{HumanCount, ProgressBar, ProgressStyle};

static WATCH: OnceLock<Watch> = OnceLock::new();
/// How many [`Working`] guards are alive.
static BUSY: AtomicUsize = AtomicUsize::new(0);

/// The run's watch. Its work stops with a clear error once the process
/// holds nine tenths of the memory that was free when it began
/// ([`Watch::with_resident_limit`]): a memoized search of a misère sum
/// grows by gigabytes a minute, and the system's out-of-memory killer
/// would end it with no message and nothing kept.
pub fn watch() -> &'static Watch {
    WATCH.get_or_init(|| match grundy::available_memory() {
        Some(free) => Watch::new().with_resident_limit(free / 10 * 9),
        None => Watch::new(),
    })
}

/// The run's stop flag, for solvers that take a bare flag for the whole run.
pub fn flag() -> Arc<AtomicBool> {
    watch().flag()
}

/// The same, borrowed for the whole run.
pub fn static_flag() -> &'static AtomicBool {
    watch().as_flag()
}

/// Whether the launcher of a distributed search (`mpirun`) is ending the
/// job ([`stop_for_the_launcher`]).
static LAUNCHER_ENDS: AtomicBool = AtomicBool::new(false);

/// Installs the one signal handler, then runs `command` with the run's
/// watch current on this thread.
pub fn run<T>(command: impl FnOnce() -> Result<T>) -> Result<T> {
    let stopped = watch().clone();
    ctrlc::set_handler(move || {
        // The launcher's SIGTERM follows its SIGCONT by a second: the same
        // stop, not a second one, so the process goes on saving its share.
        if LAUNCHER_ENDS.load(Ordering::SeqCst) {
            stopped.stop();
            return;
        }
        if BUSY.load(Ordering::SeqCst) == 0 || stopped.is_stopped() {
            // (A progress line or a prompt may be half drawn: the shell's
            // prompt goes on a line of its own.)
            if std::io::stderr().is_terminal() {
                eprintln!();
            }
            // A checkpoint being written when the second signal came would
            // be left half-written beside its file.
            grundy::remove_unfinished_files();
            std::process::exit(130);
        }
        stopped.stop();
    })
    .context("cannot watch for Ctrl-C")?;
    watch().run(command)
}

/// Stops the work because the launcher of a distributed search is ending
/// the job (`cluster.rs`): as a Ctrl-C does, except that the launcher's
/// own signals that follow do not quit at once.
#[cfg(feature = "mpi")]
pub fn stop_for_the_launcher() {
    LAUNCHER_ENDS.store(true, Ordering::SeqCst);
    watch().stop();
}

/// Whether [`stop_for_the_launcher`] was called.
#[cfg(feature = "mpi")]
pub fn the_launcher_ends() -> bool {
    LAUNCHER_ENDS.load(Ordering::SeqCst)
}

/// Marks the program as at work while it lives (a signal then stops the
/// work instead of the program), and says once on standard error, after a
/// second (`GRUNDY_WORKING_AFTER_MS` milliseconds: the interruption tests
/// signal work shorter than that), what is being worked on and how to stop it. With a terminal,
/// commands that draw their own progress bar pass `has_bar` to stay quiet;
/// for the others a spinner then shows what the run's watch counts (the
/// stage and the steps the engine's loops tally, as the server's job page
/// does): a misère search, a big table.
pub struct Working(Arc<AtomicBool>);

/// The watch's spinner, once [`spin`] draws it; cleared when the work
/// ends (before the command prints) or the command draws its own bar.
static SPINNER: Mutex<Option<ProgressBar>> = Mutex::new(None);

pub fn working(what: impl Into<String>, has_bar: bool) -> Working {
    BUSY.fetch_add(1, Ordering::SeqCst);
    let working = Working(Arc::new(AtomicBool::new(false)));
    let terminal = std::io::stderr().is_terminal();
    if !(has_bar && terminal) {
        let what = what.into();
        let watched = Arc::clone(&working.0);
        let after_ms: u64 =
            std::env::var("GRUNDY_WORKING_AFTER_MS").ok().and_then(|ms| ms.parse().ok()).unwrap_or(1000);
        let started = std::time::Instant::now();
        std::thread::spawn(move || {
            for _ in 0..after_ms.div_ceil(50) {
                std::thread::sleep(Duration::from_millis(50));
                if watched.load(Ordering::SeqCst) {
                    return;
                }
            }
            // (Quoted in part: a game's code may be thousands of digits.)
            eprintln!("grundy: working on {} (Ctrl-C stops)", grundy::shortened(&what));
            if terminal {
                spin(&watched, started);
            }
        });
    }
    working
}

/// Whether the command draws a progress bar of its own ([`own_bar`]).
static OWN_BAR: AtomicBool = AtomicBool::new(false);

/// Says that the command now draws a progress bar of its own (the pruned
/// search's, which knows more than the watch): the watch's spinner goes.
pub fn own_bar() {
    OWN_BAR.store(true, Ordering::SeqCst);
    clear_spinner();
}

/// Clears the watch's spinner, if drawn; under its lock, so that none is
/// drawn after ([`spin`] looks at what ended it under the same lock).
fn clear_spinner() {
    if let Some(bar) = SPINNER.lock().ok().and_then(|mut spinner| spinner.take()) {
        bar.finish_and_clear();
    }
}

/// Draws the run's watch's stage and tally four times a second until the
/// work is done (`done`) or the command draws a bar of its own.
fn spin(done: &AtomicBool, started: std::time::Instant) {
    loop {
        std::thread::sleep(Duration::from_millis(250));
        let Ok(mut spinner) = SPINNER.lock() else { return };
        if done.load(Ordering::SeqCst) || OWN_BAR.load(Ordering::SeqCst) {
            return;
        }
        let (stage, steps) = (watch().stage(), watch().done());
        if steps == 0 {
            continue;
        }
        let bar = spinner.get_or_insert_with(|| spinner_line(started.elapsed()));
        let stage = if stage.is_empty() { "steps".to_string() } else { stage };
        bar.set_message(format!("{stage}: {}", HumanCount(steps)));
        bar.tick();
    }
}

/// The one shape of a progress line that has no end to measure against:
/// a spinner, the time since the work began (`elapsed` before this line was
/// drawn), and a message.
pub fn spinner_line(elapsed: Duration) -> ProgressBar {
    ProgressBar::new_spinner()
        .with_elapsed(elapsed)
        .with_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("a valid template"))
}

/// [`working`] without the message: a process of a distributed search
/// other than the first (process 0 says it for all).
pub fn working_quietly() -> Working {
    BUSY.fetch_add(1, Ordering::SeqCst);
    Working(Arc::new(AtomicBool::new(false)))
}

impl Drop for Working {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
        clear_spinner();
        BUSY.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The error for work stopped by a signal: it says what was kept, and stays
/// an [`grundy::Error::Interrupted`] so `main` exits with 130.
pub fn interrupted(kept: impl std::fmt::Display) -> anyhow::Error {
    stopped(format!("interrupted; {kept}"))
}

/// The same with the whole message given: "interrupted after 300 heaps; …"
/// says how far the work got before what it kept.
pub fn stopped(message: String) -> anyhow::Error {
    anyhow::Error::new(grundy::Error::Interrupted).context(message)
}

/// A table of `description` over the ranges, as `table`, `plot` and
/// `pattern` build it, at work (a signal stops it: a table keeps nothing).
pub fn tabulate(
    description: &str,
    rows: (u64, u64),
    cols: Option<(u64, u64)>,
    options: &grundy::registry::RuleOptions,
) -> Result<grundy::report::ValueTable> {
    let game = grundy::registry::game(description, options)?;
    let range = match cols {
        Some((a, b)) => format!("rows {}..{}, columns {a}..{b}", rows.0, rows.1),
        None => format!("rows {}..{}", rows.0, rows.1),
    };
    let _working = working(format!("the table of {description}, {range}"), false);
    let table = game.table(rows.0..=rows.1, cols.map(|(a, b)| a..=b));
    // A signal after the work's last look at it still stops the command:
    // the user asked for no output.
    let table = table.and_then(|t| watch().check().map(|()| t));
    table.map_err(|e| nothing_kept(e.into(), "a table keeps nothing: nothing is saved"))
}

/// The one line that says `error`: its chain (`{:#}`), but only the first
/// line of an interruption, whose context already says all.
///
/// One line whatever the error holds: a control character the user typed
/// (a newline inside an argument, `$'4.0\n7'`) and quoted back is written
/// escaped, so the message does not break in two.
pub fn error_line(error: &anyhow::Error) -> String {
    let message = match is_interrupted(error) {
        true => format!("{error}"),
        false => format!("{error:#}"),
    };
    let mut line = String::from("grundy: ");
    for c in message.chars() {
        match c.is_control() {
            true => line.extend(c.escape_default()),
            false => line.push(c),
        }
    }
    line
}

/// The exit code of a run that ended with `error`: 130 for an interruption,
/// as a shell expects after a Ctrl-C, 1 otherwise.
pub fn exit_code(error: &anyhow::Error) -> u8 {
    if is_interrupted(error) {
        130
    } else {
        1
    }
}

/// Whether `error` is (or wraps) an interruption: a Ctrl-C or a signal.
pub fn is_interrupted(error: &anyhow::Error) -> bool {
    error.chain().any(|e| matches!(e.downcast_ref(), Some(grundy::Error::Interrupted)))
}

/// `error`, or the interruption saying `kept` when it is one.
pub fn nothing_kept(error: anyhow::Error, kept: &str) -> anyhow::Error {
    if matches!(error.downcast_ref(), Some(grundy::Error::Interrupted)) {
        interrupted(kept)
    } else {
        error
    }
}
