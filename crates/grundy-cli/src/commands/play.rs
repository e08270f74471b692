//! `grundy play`: a game against the engine, one line a move.

use std::io::{BufRead, Write};

use anyhow::{bail, Context, Result};
use grundy::game::Convention;
use grundy::play::{Match, PlaySession};
use grundy::registry::{open, RuleOptions};

pub fn run(
    description: &str,
    positions: &[String],
    options: &RuleOptions,
    misere: bool,
    engine_first: bool,
) -> Result<()> {
    let (playable, positions) = open(description, positions, options)?;
    let mut outcome = Ok(());
    // The engine at work on the game before the first move (exploring it,
    // its first reply): a signal stops that. Waiting for a move is not
    // work: a signal then ends the program at once.
    let mut working = Some(super::watch::working(format!("the game {description} {}", positions.join(" ")), false));
    let played =
        playable.play(positions, Convention::normal_or_misere(misere), &mut |session: &mut dyn PlaySession| {
            outcome = converse(session, engine_first, &mut working);
            Ok(())
        });
    drop(working);
    played
        .map_err(|e| super::watch::nothing_kept(e.into(), "nothing is saved (a game in play keeps no checkpoint)"))?;
    outcome
}

/// Reads lines until the game ends, the player quits, or input ends.
fn converse(
    session: &mut dyn PlaySession,
    engine_first: bool,
    working: &mut Option<super::watch::Working>,
) -> Result<()> {
    let opened = Match::new(session, engine_first);
    *working = None;
    // A signal during a step of the opening that does not look at the
    // watch: the game would otherwise start, and wait for a move, stopped.
    if super::watch::watch().is_stopped() {
        return Err(super::watch::interrupted("nothing is saved (a game in play keeps no checkpoint)"));
    }
    let (mut game, opening) = opened
        .map_err(|e| super::watch::nothing_kept(e.into(), "nothing is saved (a game in play keeps no checkpoint)"))?;
    let mut stdout = std::io::stdout().lock();
    write!(stdout, "{opening}")?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while !game.is_over() {
        write!(stdout, "your move> ")?;
        stdout.flush()?;
        let Some(line) = lines.next() else {
            // Not a finished game: a script that ran out of moves hears so
            // by the exit code too (`quit` ends a game early on purpose).
            writeln!(stdout)?;
            bail!("input ended before the game did (type quit to end a game early)");
        };
        let line = line.context("cannot read standard input")?;
        let reply = game.command(&line);
        write!(stdout, "{}", reply.text)?;
    }
    stdout.flush().context("cannot write")
}
