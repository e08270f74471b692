//! `grundy play`: a game against the engine, one line a move.

use std::io::{BufRead, Write};

use anyhow::{Context, Result};
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
    playable.play(positions, Convention::normal_or_misere(misere), &mut |session: &mut dyn PlaySession| {
        outcome = converse(session, engine_first);
        Ok(())
    })?;
    outcome
}

/// Reads lines until the game ends, the player quits, or input ends.
fn converse(session: &mut dyn PlaySession, engine_first: bool) -> Result<()> {
    let (mut game, opening) = Match::new(session, engine_first)?;
    let mut stdout = std::io::stdout().lock();
    write!(stdout, "{opening}")?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    while !game.is_over() {
        write!(stdout, "your move> ")?;
        stdout.flush()?;
        let Some(line) = lines.next() else {
            writeln!(stdout, "\n(input ended before the game did)")?;
            return Ok(());
        };
        let line = line.context("cannot read standard input")?;
        let reply = game.command(&line);
        write!(stdout, "{}", reply.text)?;
    }
    stdout.flush().context("cannot write")
}
