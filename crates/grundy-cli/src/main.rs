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
    let cli = Cli::parse();
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("grundy: {error:#}");
            ExitCode::FAILURE
        }
    }
}
