//! The answer, written to standard output. `println!` panics when the
//! write fails (a full disk, `> /dev/full`); here the failure is the
//! one-line error every other failure is. A closed pipe (`| head`) still
//! ends the program quietly, by SIGPIPE (see `main`).

use std::fmt::Display;
use std::io::Write;

use anyhow::{Context, Result};

/// Writes `text` to standard output and flushes it.
pub fn print(text: impl Display) -> Result<()> {
    let mut out = std::io::stdout().lock();
    write!(out, "{text}").and_then(|()| out.flush()).context("cannot write to standard output")
}

/// [`print`] with a newline after `text`.
pub fn println(text: impl Display) -> Result<()> {
    print(format_args!("{text}\n"))
}
