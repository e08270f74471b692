//! `grundy`: solve, tabulate and explore impartial games from the command line.
//!
//! A thin front end: it parses arguments, calls the `grundy` library, and
//! formats what comes back. Game logic lives in the library.

mod commands;
mod contest;

use std::process::ExitCode;

use clap::Parser;

use commands::Command;

/// Impartial combinatorial games: who wins, the nim-value, the winning moves.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

fn main() -> ExitCode {
    die_quietly_on_closed_pipe();
    let cli = Cli::parse();
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // `{:#}` prints the chain; an interruption's context already
            // says all, so only its first line is shown.
            let interrupted = error.chain().any(|e| matches!(e.downcast_ref(), Some(grundy::Error::Interrupted)));
            if error.downcast_ref::<commands::Shown>().is_some() {
                ExitCode::from(if interrupted { 130 } else { 1 })
            } else if commands::follower() {
                // Of several processes under mpirun, the first says what went
                // wrong (a distributed search's process 0 names the process).
                // The others wait before they end: mpirun stops every process
                // as soon as one ends with an error, and process 0 could be
                // stopped before it has said anything.
                std::thread::sleep(std::time::Duration::from_secs(2));
                ExitCode::from(if interrupted { 130 } else { 1 })
            } else if interrupted {
                eprintln!("grundy: {error}");
                ExitCode::from(130)
            } else {
                eprintln!("grundy: {error:#}");
                ExitCode::FAILURE
            }
        }
    }
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
