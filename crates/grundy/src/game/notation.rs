//! How positions are written as text, for the command line and files.

use std::collections::{HashSet, VecDeque};
use std::fmt::Debug;
use std::str::FromStr;

use crate::error::{shortened, Error, Result};
use crate::game::{Game, Options};

/// Reading and writing a game's positions as text.
pub trait Notation: Game {
    /// Parses one position; the error says what was wrong with `text`.
    fn parse_position(&self, text: &str) -> Result<Self::Position>;
    /// Writes a position the way [`Notation::parse_position`] reads it.
    fn format_position(&self, position: &Self::Position) -> String;
}

/// Checks that `game` writes and reads back every position reachable from
/// `starts` (at most `limit` of them, breadth first): the text of each one
/// reads back as the same position, and writing that again gives the same
/// text. Returns how many positions were checked.
///
/// A parser can accept text and still read it wrong (a board turned, a
/// vertex dropped); this catches that, where "no error" would not. Every
/// registry game offers it ([`crate::registry::Playable::check_notation`]), so
/// tests and fuzzers check the games a user can name.
///
/// ```
/// use grundy::catalogue::Nim;
/// use grundy::game::check_round_trips;
/// assert_eq!(check_round_trips(&Nim, &[5], 100).unwrap(), 6); // heaps 5, 4, …, 0
/// ```
pub fn check_round_trips<G: Notation>(game: &G, starts: &[G::Position], limit: usize) -> Result<usize>
where
    G::Position: Debug,
{
    let mut seen: HashSet<G::Position> = HashSet::new();
    let mut queue: VecDeque<G::Position> = starts.iter().cloned().collect();
    let mut options = Options::new();
    while let Some(position) = queue.pop_front() {
        if seen.len() >= limit {
            break;
        }
        if !seen.insert(position.clone()) {
            continue;
        }
        let text = game.format_position(&position);
        let read = game.parse_position(&text).map_err(|error| {
            Error::InvalidPosition(format!("'{text}', written for {position:?}, does not read back: {error}"))
        })?;
        if read != position {
            return Err(Error::InvalidPosition(format!("'{text}' reads back as {read:?}, not {position:?}")));
        }
        let again = game.format_position(&read);
        if again != text {
            return Err(Error::InvalidPosition(format!("{position:?} is written '{text}', then '{again}'")));
        }
        options.clear();
        game.options(&position, &mut options);
        queue.extend(options.parts().iter().filter(|p| !seen.contains(*p)).cloned());
    }
    Ok(seen.len())
}

/// Parses a number, naming `what` it should have been in the error.
///
/// ```
/// use grundy::game::parse_number;
/// assert_eq!(parse_number::<u64>("12", "a heap size").unwrap(), 12);
/// assert!(parse_number::<u64>("x", "a heap size").unwrap_err().to_string().contains("a heap size"));
/// // A whole number past the type's range is said to be too large, not "not a number".
/// let huge = parse_number::<u64>("99999999999999999999", "a heap size").unwrap_err().to_string();
/// assert!(huge.contains("too large"), "{huge}");
/// ```
pub fn parse_number<T: FromStr>(text: &str, what: &str) -> Result<T> {
    let trimmed = text.trim();
    trimmed.parse().map_err(|_| {
        // (Only a failed parse asks why: a whole number the type cannot hold.
        // A negative one is out of range only where negatives are allowed:
        // `-1` as a heap is simply not a heap.)
        let negative = trimmed.starts_with('-') && "-1".parse::<T>().is_ok();
        let digits = if negative { &trimmed[1..] } else { trimmed.strip_prefix('+').unwrap_or(trimmed) };
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            let why = if negative { "out of range" } else { "too large" };
            Error::InvalidPosition(format!("expected {what}, found '{}', a number {why} for it", shortened(text)))
        } else {
            Error::Syntax { expected: what.to_string(), found: text.to_string() }
        }
    })
}

/// What separates the two sides of a board size `RxC`: the letter `x`
/// (either case), or the multiplication sign the documentation prints
/// (`5×8`), which a user copies: `3×5` was read as a drawing of a board
/// whose first cell was the '3'.
pub const SIZE_SEPARATORS: [char; 3] = ['x', 'X', '×'];

/// Parses `a,b` into a pair of numbers.
///
/// ```
/// use grundy::game::parse_pair;
/// assert_eq!(parse_pair::<i32>("-2,1", "a step").unwrap(), (-2, 1));
/// let far = parse_pair::<i32>("-9999999999,1", "a step").unwrap_err().to_string();
/// assert!(far.ends_with("a number out of range for it"), "{far}");
/// let three = parse_pair::<i32>("3,4,5", "a cell").unwrap_err().to_string();
/// assert!(three.ends_with("found '3,4,5'"), "{three}");
/// ```
pub fn parse_pair<T: FromStr>(text: &str, what: &str) -> Result<(T, T)> {
    // (Three numbers are named whole: `3,4,5` is not a pair, where the
    // second half alone, '4,5', would read as the mistake.)
    let shape = || Error::Syntax { expected: format!("{what} written as 'a,b'"), found: text.to_string() };
    let (a, b) = text.split_once(',').filter(|(_, b)| !b.contains(',')).ok_or_else(shape)?;
    Ok((parse_number(a, what)?, parse_number(b, what)?))
}

/// Parses a heap size no larger than `limit`, explaining the limit.
pub(crate) fn parse_heap(text: &str, game: &str, limit: u64, why: &str) -> Result<u64> {
    let heap: u64 = parse_number(text, "a heap size (a whole number)")?;
    match heap > limit {
        true => Err(heap_too_large(heap, game, limit, why, "")),
        false => Ok(heap),
    }
}

/// The error for a heap past `limit`, saying why (and, in `hint`, what may
/// still be asked of it).
pub(crate) fn heap_too_large(heap: u64, game: &str, limit: u64, why: &str, hint: &str) -> Error {
    Error::InvalidPosition(format!("heap {heap} is too large for {game}: {why}, so heaps are limited to {limit}{hint}"))
}
