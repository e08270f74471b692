//! The subcommands.

mod cluster;
mod list;
mod output;
mod pattern;
mod play;
mod plot;
mod quotient;
mod sequence;
mod serve;
mod solve;
mod table;
pub mod watch;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use grundy::catalogue::{Board, Cell};
use grundy::game::Convention;
use grundy::registry::RuleOptions;
use grundy::shortened;

use crate::contest::{self, Problem};

pub use cluster::{follower, Shown};
pub use watch::{error_line, exit_code};

#[derive(Subcommand)]
pub enum Command {
    /// List every game, its parameters, its position syntax and an example.
    List {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Outcome, nim-value and every winning move of a position (a sum of positions).
    #[command(after_help = "Examples:
  grundy solve nim 3 4 5
  grundy solve subtraction:1,3,4 10 7
  grundy solve hyper-knight 2,5 3,5
  grundy solve queen 4,4 --goal 0,0
  grundy solve mine '..*/.../...' --json
  grundy solve --misere kayles 3 4 5
  grundy solve --misere --method canonical grundys-game 22 7
  grundy solve --every wythoff 1,2 2,2
  grundy solve graph game.txt 0 3        a loopy game from a file
  grundy solve cram 4x5                  a board: nim-value and every winning move
  grundy solve cram 5x8 --value-only --memory 4G --checkpoint cram58.ckpt
  grundy solve chomp 6x7 --value-only
  grundy solve node-kayles:queens:5 all")]
    Solve {
        /// The game: a registry name with its parameters (see `grundy list`);
        /// `graph` takes a graph file as its first argument.
        game: String,
        /// The position: one or more summands, in the game's syntax (after
        /// the file, for games read from a file).
        #[arg(required = true)]
        positions: Vec<String>,
        #[command(flatten)]
        board: BoardArgs,
        /// Misère play: the last player to move loses.
        #[arg(long, conflicts_with = "every")]
        misere: bool,
        /// Every-SG: a player must move in every component that can move.
        #[arg(long)]
        every: bool,
        /// Print JSON (keys `outcome`, `nim_value`, `winning_moves`, …).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        search: SearchArgs,
        /// Misère heap games: decide sums with this misère quotient file
        /// (from `grundy quotient --output`) instead of computing one.
        #[arg(long, requires = "misere")]
        quotient: Option<std::path::PathBuf>,
        /// Misère play: decide sums by each component's misère canonical
        /// form (ONAG ch. 12), printed in CGSuite's notation.
        #[arg(long, value_enum, requires = "misere")]
        method: Option<solve::MisereMethod>,
    },
    /// The value table of a one- or two-coordinate game over a range.
    #[command(
        after_help = "Examples:\n  grundy table subtraction:2,3,7 --rows 0..30\n  grundy table wythoff --rows 0..10 --cols 0..10\n  grundy table knight --rows 0..7 --cols 0..7 --board 8x8 --format csv"
    )]
    Table {
        #[command(flatten)]
        range: RangeArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t = table::Format::Text)]
        format: table::Format,
        /// Print JSON: the same as --format json.
        #[arg(long, conflicts_with = "format")]
        json: bool,
    },
    /// Nim-values of heaps 0..N of a heap game, with periodicity (proven where theory allows).
    #[command(after_help = "Games: a take-and-break code (0.77, 4.07, 0.3F, hex:0.8), nim, kayles, dawsons-kayles,\n\
grundys-game, subtraction:S, all-but:S.\n\nExamples:\n  grundy sequence kayles --to 200\n  \
grundy sequence 0.16 --to 600000 --format json > 016.json\n  \
grundy sequence grundys-game --to 16777216 --format binary --output grundy.seq --checkpoint grundy.ckpt")]
    Sequence {
        /// The heap game.
        game: String,
        /// The last heap to value.
        #[arg(long, value_parser = parse_whole)]
        to: u64,
        /// Method: auto (the fastest the game allows), plain, rare-common or running-count (the same
        /// values from each).
        #[arg(long, default_value = "auto")]
        method: sequence::MethodChoice,
        /// Output format.
        #[arg(long, value_enum, default_value_t = sequence::Format::Text)]
        format: sequence::Format,
        /// Print JSON: the same as --format json.
        #[arg(long, conflicts_with = "format")]
        json: bool,
        /// Write to FILE instead of standard output.
        #[arg(long)]
        output: Option<std::path::PathBuf>,
        /// Save progress to FILE (every 10 s and when interrupted) and resume from it.
        #[arg(long)]
        checkpoint: Option<std::path::PathBuf>,
        /// Misère play (last mover loses): misère nim-values by exact search to heap 50 (Kayles:
        /// 60, with Sibert–Conway's solution inside), then from the misère quotient of nim heaps
        /// with the game's heaps where one is found, else from each heap's misère canonical form.
        #[arg(long)]
        misere: bool,
    },
    /// A picture: a heatmap of a two-coordinate table, or G(n) against n for a heap game.
    #[command(after_help = "PNG by default; SVG with --format svg or an output ending in .svg. P-positions are black.

Examples:
  grundy plot wythoff --rows 0..200 --cols 0..200 --output wythoff.png
  grundy plot knight --goal 0,0 --rows 0..20 --cols 0..20 --output knight-race.svg
  grundy plot subtraction:2,5,7 --rows 0..300 --output sub.png
  grundy plot bomb --rows 1..50 --cols 1..50 --output bomb.png")]
    Plot {
        #[command(flatten)]
        range: RangeArgs,
        /// The image file to write.
        #[arg(long)]
        output: std::path::PathBuf,
        /// Image format.
        #[arg(long, value_enum, default_value_t = plot::Format::Auto)]
        format: plot::Format,
    },
    /// Periods of rows, columns and the whole table, and the form of the P-positions.
    #[command(after_help = "Everything is stated for the range given, and a P-position form is printed only when it
holds on every cell of it.

Examples:
  grundy pattern wythoff --rows 0..200 --cols 0..200      Beatty pairs, α = the golden ratio
  grundy pattern king --goal 0,0 --rows 0..40 --cols 0..40
  grundy pattern subtraction:1,3,4 --rows 0..500
  grundy pattern hyper-knight --rows 0..100 --cols 0..100 --json")]
    Pattern {
        #[command(flatten)]
        range: RangeArgs,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play against the engine: it wins when it can, and otherwise makes the game last longest.
    #[command(after_help = "Moves are written as `solve` prints them (3 -> 1, 3,3 -> 1,3 + 3,1), or #k for the k-th
of `moves`. Commands: moves, hint, undo, quit. Moves may come from standard input; input that ends
before the game does exits 1 (quit ends a game early).

Examples:
  grundy play nim 3 4 5
  grundy play --misere nim 1 2 3 --engine-first
  grundy play bomb 3,3 2,4
  grundy play knight --goal 0,0 6,7
  grundy play graph examples/loopy-game.txt 5
  printf '3 -> 1\nquit\n' | grundy play nim 3 4 5")]
    Play {
        /// The game: a catalogue name with its parameters (see `grundy list`),
        /// or `graph` followed by a graph file.
        game: String,
        /// The starting position: one or more summands, in the game's syntax.
        #[arg(required = true)]
        positions: Vec<String>,
        #[command(flatten)]
        board: BoardArgs,
        /// Misère play: the last player to move loses.
        #[arg(long)]
        misere: bool,
        /// The engine moves first.
        #[arg(long)]
        engine_first: bool,
    },
    /// The misère quotient of a heap game: a monoid that decides misère sums of its heaps.
    #[command(after_help = "Examples:\n  grundy quotient kayles --to 100\n  grundy quotient 0.75 --to 40 --json\n  \
grundy quotient dawsons-kayles --to 30 --output 007.quotient --checkpoint 007.ckpt")]
    Quotient {
        /// The heap game (a take-and-break code, kayles, dawsons-kayles, …).
        game: String,
        /// The last heap to include.
        #[arg(long, value_parser = parse_whole)]
        to: u64,
        /// Print JSON (keys `size`, `growth`, `stability`, `presentation`).
        #[arg(long)]
        json: bool,
        /// Write the quotient to FILE (for `solve --misere --quotient FILE`).
        #[arg(long)]
        output: Option<std::path::PathBuf>,
        /// Save progress to FILE (every 10 s, on Ctrl-C, on a limit) and resume from it.
        #[arg(long)]
        checkpoint: Option<std::path::PathBuf>,
        /// Stop when the quotient would have more elements than this (at least 1: the empty sum's).
        #[arg(long, default_value_t = 4096, value_parser = parse_max_elements)]
        max_elements: u32,
    },
    /// Serve the engine to a browser: a page to analyse, explore and play, and a JSON API.
    #[command(after_help = "Examples:
  grundy serve                      then open http://127.0.0.1:8080/
  grundy serve --port 0             any free port (the address is printed)
  grundy serve --memory 1G --time-limit 60")]
    Serve {
        /// The port to listen on (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on: loopback unless you say otherwise.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Memory for one request's search tables: bytes, or with K, M, G (default 256M).
        #[arg(long, value_parser = parse_memory)]
        memory: Option<usize>,
        /// Seconds one request may compute before it is stopped.
        #[arg(long, value_parser = parse_whole, default_value_t = 20)]
        time_limit: u64,
        /// Seconds a game in progress may go unused before it is dropped.
        #[arg(long, value_parser = parse_whole, default_value_t = 900)]
        session_idle: u64,
    },
    /// Solve a reference contest problem, reading its input format from FILE or standard input.
    Contest {
        #[arg(value_enum)]
        problem: Problem,
        /// The input file (standard input if omitted).
        file: Option<std::path::PathBuf>,
    },
}

/// A game and the positions to look at: what `table`, `plot` and `pattern` share.
#[derive(clap::Args)]
pub struct RangeArgs {
    /// The game (see `grundy list`).
    game: String,
    /// First coordinate (heap size, or row), inclusive: A..B.
    #[arg(long, value_parser = parse_range)]
    rows: (u64, u64),
    /// Second coordinate (column), inclusive: A..B. Two-coordinate games only.
    #[arg(long, value_parser = parse_range)]
    cols: Option<(u64, u64)>,
    #[command(flatten)]
    board: BoardArgs,
}

/// The board of a board game.
#[derive(Args)]
pub struct BoardArgs {
    /// Board size ROWSxCOLS (default: the quarter-infinite board).
    #[arg(long, value_parser = parse_board)]
    board: Option<Board>,
    /// A goal cell x,y: reaching it wins, being stuck elsewhere is a draw.
    #[arg(long, value_parser = parse_cell)]
    goal: Option<Cell>,
}

impl BoardArgs {
    fn rule_options(&self) -> RuleOptions {
        RuleOptions { board: self.board.unwrap_or(Board::QuarterPlane), goal: self.goal, ..RuleOptions::default() }
    }
}

/// How the pruned search of Cram, Chomp, Node Kayles and Sprouts runs.
#[derive(Args)]
pub struct SearchArgs {
    /// Compute only the nim-value, not the winning moves (what igsolve
    /// computes); any game, so a position with millions of moves is still valued.
    #[arg(long)]
    value_only: bool,
    /// Compute only the outcome: the pruned search then needs one option of
    /// value 0 found, not the nim-value; other games skip the winning moves.
    #[arg(long, conflicts_with = "value_only")]
    outcome_only: bool,
    /// Memory for the transposition tables: bytes, or with K, M, G (default 2G).
    #[arg(long, value_parser = parse_memory)]
    memory: Option<usize>,
    /// Resume from this file if it exists, and save the table there at the end (also on Ctrl-C).
    #[arg(long)]
    checkpoint: Option<std::path::PathBuf>,
    /// Threads searching the first options [default: every core].
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Search on every process `mpirun` started (one thread each; needs a
    /// build with `--features mpi`, and --value-only): `mpirun -np 4 grundy
    /// solve cram 5x9 --value-only --distributed`.
    #[arg(long, conflicts_with = "threads")]
    distributed: bool,
}

impl SearchArgs {
    fn asked(&self) -> grundy::registry::Asked {
        use grundy::registry::Asked;
        match (self.value_only, self.outcome_only) {
            (_, true) => Asked::Outcome,
            (true, _) => Asked::NimValue,
            _ => Asked::WinningMoves,
        }
    }
}

/// A whole number of heaps or seconds, said to be one where it is not
/// (the standard library's "invalid digit found in string" was all
/// `--to 1e30` got).
fn parse_whole(text: &str) -> Result<u64, String> {
    let digits = text.trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a whole number, found {:?}", shortened(text)));
    }
    digits.parse().map_err(|_| format!("{} is too large: at most {}", shortened(digits), u64::MAX))
}

/// `--max-elements`: at least the empty sum's element, and a count that fits.
fn parse_max_elements(text: &str) -> Result<u32, String> {
    match parse_whole(text)? {
        0 => Err("give at least 1 (the empty sum is an element)".into()),
        n => u32::try_from(n).map_err(|_| format!("{n} is too large: at most {}", u32::MAX)),
    }
}

/// `--threads 0` was quietly one thread; it is refused, like `--time-limit 0`.
fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("give at least one thread".into()),
        Ok(threads) => Ok(threads),
        Err(_) => Err(format!("expected a number of threads, found {:?}", shortened(text))),
    }
}

fn parse_memory(text: &str) -> Result<usize, String> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => text.split_at(i),
        None => (text, ""),
    };
    let shift = match unit.to_ascii_uppercase().trim_end_matches("IB").trim_end_matches('B') {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        _ => return Err(format!("expected a size like 512M or 4G, found {:?}", shortened(text))),
    };
    let number: usize =
        digits.parse().map_err(|_| format!("expected a size like 512M or 4G, found {:?}", shortened(text)))?;
    let machine = grundy::total_memory();
    let too_much = || match machine {
        Some(bytes) => format!("{}: more than this machine's memory ({} MiB)", shortened(text), bytes >> 20),
        None => format!("{}: too large", shortened(text)),
    };
    let bytes = number.checked_mul(1 << shift).ok_or_else(too_much)?;
    if bytes < 1 << 20 {
        return Err(format!("{text}: give at least 1M"));
    }
    if machine.is_some_and(|total| bytes as u64 > total) {
        return Err(too_much());
    }
    Ok(bytes)
}

pub fn run(command: Command) -> Result<()> {
    match command {
        // The server stops on Ctrl-C its own way, and its requests have
        // watches of their own; the others share the run's one watch.
        Command::Serve { .. } => run_command(command),
        command => watch::run(|| run_command(command)),
    }
    .map_err(in_flags)
}

/// The library says what is wrong in its own terms ("a board size or a
/// goal"); where that was a flag, the command line names the flag (an error
/// with context of its own is left as it is, so no context is lost).
fn in_flags(error: anyhow::Error) -> anyhow::Error {
    match error.downcast_ref() {
        Some(grundy::Error::NotABoardGame { game }) if error.chain().count() == 1 => {
            anyhow::anyhow!("'{game}' is not a board game: --board and --goal do not apply")
        }
        _ => error,
    }
}

fn run_command(command: Command) -> Result<()> {
    let distributed = matches!(&command, Command::Solve { search, .. } if search.distributed);
    cluster::refuse_copies(distributed)?;
    match command {
        Command::List { json } => list::run(json),
        Command::Solve { game, positions, board, misere, every, json, search, quotient: quotient_file, method } => {
            let play = match (misere, every) {
                (true, _) => Convention::Misere,
                (_, true) => Convention::Every,
                _ => Convention::Normal,
            };
            check_file("--checkpoint", search.checkpoint.as_deref())?;
            let mut options = board.rule_options();
            options.search = solve::search_settings(search.asked(), search.memory, search.checkpoint, search.threads)?;
            if search.distributed {
                options.search.cluster = Some(cluster::start()?);
                options.search.threads = 1;
                options.search.progress = Some(solve::show_progress_lines);
            }
            if let Some(path) = quotient_file {
                options.misere_quotient =
                    Some(std::sync::Arc::new(grundy::solve::quotient::PartialQuotient::read(&path)?));
            }
            options.misere_method = method.map(solve::MisereMethod::method);
            let outcome = solve::run(&game, &positions, &options, play, json);
            cluster::leave_if_the_launcher_ends(&outcome);
            outcome
        }
        Command::Table { range, format, json } => {
            let format = if json { table::Format::Json } else { format };
            table::run(&range.game, range.rows, range.cols, &range.board.rule_options(), format)
        }
        Command::Sequence { game, to, method, format, json, output, checkpoint, misere } => {
            check_file("--output", output.as_deref())?;
            check_file("--checkpoint", checkpoint.as_deref())?;
            sequence::run(sequence::Request {
                game: &game,
                to,
                method,
                format: if json { sequence::Format::Json } else { format },
                output: output.as_deref(),
                checkpoint: checkpoint.as_deref(),
                misere,
            })
        }
        Command::Plot { range, output, format } => {
            check_file("--output", Some(&output))?;
            plot::run(&range.game, range.rows, range.cols, &range.board.rule_options(), format, &output)
        }
        Command::Pattern { range, json } => {
            pattern::run(&range.game, range.rows, range.cols, &range.board.rule_options(), json)
        }
        Command::Play { game, positions, board, misere, engine_first } => {
            play::run(&game, &positions, &board.rule_options(), misere, engine_first)
        }
        Command::Quotient { game, to, json, output, checkpoint, max_elements } => {
            check_file("--output", output.as_deref())?;
            check_file("--checkpoint", checkpoint.as_deref())?;
            quotient::run(quotient::Request {
                game: &game,
                to,
                json,
                output: output.as_deref(),
                checkpoint: checkpoint.as_deref(),
                max_elements: max_elements as usize,
            })
        }
        Command::Serve { port, host, memory, time_limit, session_idle } => {
            let mut limits = serve::Limits::default();
            if let Some(memory) = memory {
                limits.memory = memory;
            }
            if time_limit == 0 {
                bail!("--time-limit 0: give at least one second");
            }
            // (A deadline past the clock's range would end every request in a panic.)
            const A_YEAR: u64 = 366 * 24 * 3600;
            if time_limit > A_YEAR {
                bail!("--time-limit {time_limit}: at most {A_YEAR} seconds (a year)");
            }
            limits.time = std::time::Duration::from_secs(time_limit);
            if session_idle == 0 {
                bail!("--session-idle 0: give at least one second (a game would be dropped before its first move)");
            }
            if session_idle > A_YEAR {
                bail!("--session-idle {session_idle}: at most {A_YEAR} seconds (a year)");
            }
            limits.session_idle = std::time::Duration::from_secs(session_idle);
            serve::run(&host, port, limits)
        }
        Command::Contest { problem, file } => {
            let input = match &file {
                Some(path) => {
                    let name = path.display().to_string();
                    let opened = std::fs::File::open(path).with_context(|| format!("cannot read {name}"))?;
                    contest::read_all(opened, &name)?
                }
                None => contest::read_all(std::io::stdin().lock(), "standard input")?,
            };
            let output = contest::solve(problem, &input)?;
            use std::io::Write;
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(output.as_bytes()).context("cannot write the answers")?;
            stdout.flush().context("cannot write the answers")
        }
    }
}

/// A file the command will write (`--output`, `--checkpoint`) is checked
/// before the work that fills it, so that a run of minutes does not end in
/// "cannot write", its work thrown away (and a quotient written to a
/// directory leaves no `DIR.partial` beside it): its directory must exist,
/// and it must not be a directory itself. A file that cannot be written for
/// other reasons (permissions, a full disk) is still found at the end.
fn check_file(flag: &str, file: Option<&std::path::Path>) -> Result<()> {
    let Some(path) = file else { return Ok(()) };
    if path.is_dir() {
        bail!("{flag} {}: it is a directory, not a file", path.display());
    }
    let directory = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    if !directory.is_dir() {
        bail!("{flag} {}: there is no directory {}", path.display(), directory.display());
    }
    Ok(())
}

fn parse_range(text: &str) -> Result<(u64, u64)> {
    let (a, b) =
        text.split_once("..").with_context(|| format!("expected a range A..B, found '{}'", shortened(text)))?;
    let b = b.strip_prefix('=').unwrap_or(b);
    let a: u64 = if a.is_empty() {
        0
    } else {
        a.parse().with_context(|| format!("'{}' is not a whole number", shortened(a)))?
    };
    let b: u64 = b.parse().with_context(|| format!("'{}' is not a whole number", shortened(b)))?;
    if a > b {
        bail!("the range {} is empty", shortened(text));
    }
    Ok((a, b))
}

fn parse_board(text: &str) -> Result<Board> {
    if text == "quarter" {
        return Ok(Board::QuarterPlane);
    }
    let (rows, cols) = text
        .split_once(grundy::game::SIZE_SEPARATORS)
        .with_context(|| format!("expected ROWSxCOLS, found '{}'", shortened(text)))?;
    let side = |text: &str, what: &str| -> Result<u32> {
        match text.parse::<u32>() {
            Ok(n) => Ok(n),
            Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
                bail!("{} {what} is too many: a board has at most {} {what}", shortened(text), u32::MAX)
            }
            Err(_) => bail!("'{}' is not a number of {what}", shortened(text)),
        }
    };
    let (rows, cols) = (side(rows, "rows")?, side(cols, "columns")?);
    if rows == 0 || cols == 0 {
        bail!("a {rows}x{cols} board has no cells");
    }
    Ok(Board::Bounded { rows, cols })
}

fn parse_cell(text: &str) -> Result<Cell> {
    Ok(grundy::game::parse_pair(text, "a cell x,y")?)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// A one-line, non-empty error, as `main` prints it.
    fn one_line(error: &anyhow::Error) -> Result<(), TestCaseError> {
        let message = format!("{error:#}");
        prop_assert!(!message.trim().is_empty() && !message.contains('\n'), "{message:?}");
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn ranges_boards_and_cells(text in prop_oneof!["[0-9.=xX,\\- ]{0,16}", "\\PC{0,12}", "[0-9]{1,22}\\.\\.=?[0-9]{1,22}"]) {
            match super::parse_range(&text) {
                Ok((a, b)) => prop_assert!(a <= b),
                Err(error) => one_line(&error)?,
            }
            match super::parse_board(&text) {
                Ok(grundy::catalogue::Board::Bounded { rows, cols }) => prop_assert!(rows > 0 && cols > 0),
                Ok(_) => {}
                Err(error) => one_line(&error)?,
            }
            if let Err(error) = super::parse_cell(&text) {
                one_line(&error)?;
            }
        }
    }
}
