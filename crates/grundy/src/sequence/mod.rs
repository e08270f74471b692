//! Nim-value sequences of any kind: their storage, their periods and their
//! file.
//!
//! A sequence of nim-values (a heap game's, a line of a value table, the
//! misère values of a quotient) is stored as [`Values`] in the narrowest
//! width that holds it; [`find_periodicity`] finds the pattern its tail
//! follows and, given the place of an octal code's last digit, proves it by
//! the octal periodicity theorem; [`file`](mod@file) writes and reads the compact
//! `.seq` file, and keeps a [`file::Checkpoint`] of a long run up to date by
//! appending. None of this depends on how the values were computed, so the
//! heap solvers, the pattern finder, the command line and the Python
//! package share it.

pub mod file;
mod periodicity;
mod values;

pub(crate) use periodicity::theorem_start;
pub use periodicity::{find_periodicity, Periodicity, Proof, Unproven};
pub use values::{Lanes, Value, Values};

pub(crate) use values::with_values;
