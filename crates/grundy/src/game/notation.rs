//! How positions are written as text, for the command line and files.

use std::str::FromStr;

use crate::error::{Error, Result};
use crate::game::Game;

/// Reading and writing a game's positions as text.
pub trait Notation: Game {
    /// Parses one position; the error says what was wrong with `text`.
    fn parse_position(&self, text: &str) -> Result<Self::Position>;
    /// Writes a position the way [`Notation::parse_position`] reads it.
    fn format_position(&self, position: &Self::Position) -> String;
}

/// Parses a number, naming `what` it should have been in the error.
///
/// ```
/// use grundy::game::parse_number;
/// assert_eq!(parse_number::<u64>("12", "a heap size").unwrap(), 12);
/// assert!(parse_number::<u64>("x", "a heap size").unwrap_err().to_string().contains("a heap size"));
/// ```
pub fn parse_number<T: FromStr>(text: &str, what: &str) -> Result<T> {
    text.trim().parse().map_err(|_| Error::Syntax { expected: what.to_string(), found: text.to_string() })
}

/// Parses `a,b` into a pair of numbers.
///
/// ```
/// use grundy::game::parse_pair;
/// assert_eq!(parse_pair::<i32>("-2,1", "a step").unwrap(), (-2, 1));
/// ```
pub fn parse_pair<T: FromStr>(text: &str, what: &str) -> Result<(T, T)> {
    let (a, b) = text
        .split_once(',')
        .ok_or_else(|| Error::Syntax { expected: format!("{what} written as 'a,b'"), found: text.to_string() })?;
    Ok((parse_number(a, what)?, parse_number(b, what)?))
}

/// Parses a heap size no larger than `limit`, explaining the limit.
pub(crate) fn parse_heap(text: &str, game: &str, limit: u64, why: &str) -> Result<u64> {
    let heap: u64 = parse_number(text, "a heap size (a whole number)")?;
    if heap > limit {
        return Err(Error::InvalidPosition(format!(
            "heap {heap} is too large for {game}: {why}, so heaps are limited to {limit}"
        )));
    }
    Ok(heap)
}
