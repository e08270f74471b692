//! `grundy`: solve, tabulate and explore impartial games from the command line.
//!
//! A thin front end: it parses arguments, calls the `grundy` library, and
//! formats what comes back. Game logic lives in the library.

mod commands;
mod contest;

use std::process::ExitCode;

use clap::Parser;

use commands::Command;

/// mimalloc rather than the system's allocator: a Sprouts search makes and
/// frees small texts for every option it lists, and glibc's malloc and free
/// were 28% of its time (perf, 8 spots).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Impartial combinatorial games: who wins, the nim-value, the winning moves.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

fn main() -> ExitCode {
    die_quietly_on_closed_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => return usage_error(error),
    };
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let code = ExitCode::from(commands::exit_code(&error));
            if error.downcast_ref::<commands::Shown>().is_some() {
                code
            } else if commands::follower() {
                // Of several processes under mpirun, the first says what went
                // wrong (a distributed search's process 0 names the process).
                // The others wait before they end: mpirun stops every process
                // as soon as one ends with an error, and process 0 could be
                // stopped before it has said anything.
                std::thread::sleep(std::time::Duration::from_secs(2));
                code
            } else {
                eprintln!("{}", commands::error_line(&error));
                code
            }
        }
    }
}

/// A command line clap cannot parse. Clap says so on several lines (the
/// error, a tip, the usage, "For more information"); grundy's errors are one
/// line naming what is wrong, so the lines are joined into one, and the
/// usage kept at its end. Help and the version print as clap prints them.
fn usage_error(error: clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            error.exit()
        }
        _ => {
            // What the user typed, quoted by clap, shortened as grundy's own
            // errors quote it: a 100 kB argument stays one readable line.
            let mut message = error.render().to_string();
            for kind in [ContextKind::InvalidValue, ContextKind::InvalidArg, ContextKind::InvalidSubcommand] {
                if let Some(ContextValue::String(typed)) = error.get(kind) {
                    message = message.replace(typed.as_str(), &grundy::shortened(typed));
                }
            }
            eprintln!("grundy: {}", one_line(&message));
            ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2))
        }
    }
}

/// Clap's message on one line: `error: ` dropped, a tip after `;`, the
/// usage last, "For more information, try '--help'" left out.
fn one_line(message: &str) -> String {
    let mut line = String::new();
    let mut usage = None;
    for part in message.lines().map(str::trim).filter(|part| !part.is_empty()) {
        if let Some(rest) = part.strip_prefix("Usage:") {
            usage = Some(rest.trim());
        } else if part.starts_with("For more information") {
            continue;
        } else if part.starts_with("tip:") {
            line.push_str("; ");
            line.push_str(part);
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(part.strip_prefix("error: ").unwrap_or(part));
        }
    }
    if let Some(usage) = usage {
        line.push_str("; usage: ");
        line.push_str(usage);
    }
    line
}

/// `grundy sequence kayles --to 1000000 | head` closes the pipe early; like
/// other Unix filters, grundy should then stop quietly. Rust ignores SIGPIPE
/// by default, which turns the closed pipe into a panic in `println!`;
/// restoring the default action ends the process instead.
fn die_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists;
    // setting a signal's disposition to its default has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
