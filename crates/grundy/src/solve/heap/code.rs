//! Take-and-break codes: the heap games the sequence engine computes.
//!
//! The type lives here, beside the solvers that read its digits, so that
//! `solve/` needs nothing from `catalogue/`; the catalogue re-exports it and
//! adds its position notation.

use crate::error::{shortened, Error, Result};
use crate::game::{Game, Indexed, Options};

/// A heap game given by a take-and-break code (Winning Ways ch. 4).
///
/// Digit `d_j` says what may happen when `j` counters are taken from a
/// heap, as a sum of bits: **1** the heap may vanish (only when exactly `j`
/// were there), **2** one non-empty heap may remain, **4** two non-empty
/// heaps may remain, **8** three non-empty heaps may remain. Codes with
/// digits below 8 are *octal*, with digits up to 15 *hexadecimal*. The
/// digit before the point, `d_0`, allows splitting without taking (only
/// bits 4 and 8 make sense there). A code is read as octal unless it has a
/// letter digit (`0.3F`) or is written `hex:0.8`. Past the written digits every digit is
/// `tail` (0 for a finite code; 3 for Nim and all-but subtraction games).
///
/// ```
/// use grundy::solve::heap::HeapGame;
/// let kayles = HeapGame::parse("kayles").unwrap();
/// assert_eq!(kayles.digits(), HeapGame::parse("0.77").unwrap().digits());
/// assert!(HeapGame::parse("0.8").is_err()); // 8 is not an octal digit…
/// assert_eq!(HeapGame::parse("hex:0.8").unwrap().code(), "0.8"); // …but hexadecimal
/// assert!(HeapGame::parse("0.").is_err());
/// // Errors name the code as written, `hex:` and all.
/// let error = HeapGame::parse("hex:0.G").unwrap_err().to_string();
/// assert!(error.starts_with("'hex:0.G' is not a take-and-break code: 'G' at place 1 is not a hexadecimal digit"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGame {
    /// `digits[j]` for `j` below `digits.len()`; `digits[0]` is `d_0`.
    digits: Vec<u8>,
    /// The digit for every `j ≥ digits.len()`.
    tail: u8,
    /// Grundy's game: a split must leave two *unequal* heaps.
    unequal: bool,
    /// How the game was described, for messages and checkpoints.
    description: String,
}

impl HeapGame {
    /// The game with code `d0.d1d2…`: `d0` the digit before the point (bits
    /// 4 and 8 only: taking nothing may only split), `digits` those after
    /// it, each below 16. Described by its code.
    ///
    /// ```
    /// use grundy::solve::heap::HeapGame;
    /// let kayles = HeapGame::from_code(0, &[7, 7]).unwrap();
    /// assert_eq!((kayles.code(), kayles.description()), ("0.77".to_string(), "0.77"));
    /// assert!(HeapGame::from_code(1, &[7]).is_err());
    /// ```
    pub fn from_code(d0: u8, digits: &[u8]) -> Result<Self> {
        let mut game = Self::code_digits(d0, digits)?;
        game.description = game.code();
        Ok(game)
    }

    fn code_digits(d0: u8, after: &[u8]) -> Result<Self> {
        if let Some(place) = after.iter().position(|&d| d > 15) {
            return Err(Error::InvalidGame(format!("digit {} at place {} is above 15", after[place], place + 1)));
        }
        if d0 & 3 != 0 || d0 > 15 {
            return Err(Error::InvalidGame(format!(
                "the digit before the point is {d0}, but taking nothing may only split a heap (bits 4 and 8)"
            )));
        }
        let mut digits = vec![d0];
        digits.extend_from_slice(after);
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(Error::InvalidGame("every digit is 0, so no move is ever possible".into()));
        }
        Ok(HeapGame { digits, tail: 0, unequal: false, description: String::new() })
    }

    /// Nim: take any number of counters.
    pub fn nim() -> Self {
        HeapGame { digits: vec![0], tail: 3, unequal: false, description: "nim".into() }
    }

    /// Grundy's game: split a heap into two unequal heaps.
    pub fn grundys_game() -> Self {
        HeapGame { digits: vec![4], tail: 0, unequal: true, description: "grundys-game".into() }
    }

    /// The subtraction game with the finite set `set` (numbers from 1 to 10^6).
    pub fn subtraction(set: &[u64]) -> Result<Self> {
        check_set(set)?;
        let mut digits = vec![0u8; *set.iter().max().expect("checked non-empty") as usize + 1];
        set.iter().for_each(|&s| digits[s as usize] = 3);
        Ok(HeapGame { digits, tail: 0, unequal: false, description: format!("subtraction:{}", join(set)) })
    }

    /// The all-but subtraction game: take any number of counters except
    /// those in `set` (numbers from 1 to 10^6).
    pub fn all_but(set: &[u64]) -> Result<Self> {
        check_set(set)?;
        let mut digits = vec![3u8; *set.iter().max().expect("checked non-empty") as usize + 1];
        digits[0] = 0;
        set.iter().for_each(|&s| digits[s as usize] = 0);
        Ok(HeapGame { digits, tail: 3, unequal: false, description: format!("all-but:{}", join(set)) })
    }

    /// Reads a game: a code (`0.77`, `4.07`, `0.3F`), a classic by name
    /// (`nim`, `kayles`, `dawsons-kayles`, `grundys-game`), a finite
    /// subtraction game (`subtraction:1,3,4`) or an all-but subtraction
    /// game (`all-but:1,3`: take any number except those listed).
    pub fn parse(text: &str) -> Result<Self> {
        let text = text.trim();
        let mut game = match text {
            "nim" => Self::nim(),
            "kayles" => Self::parse_code("0.77", false, "0.77")?,
            "dawsons-kayles" => Self::parse_code("0.07", false, "0.07")?,
            "grundys-game" => Self::grundys_game(),
            _ => {
                if let Some(set) = text.strip_prefix("subtraction:") {
                    Self::subtraction(&parse_set("subtraction", set)?)?
                } else if let Some(set) = text.strip_prefix("all-but:") {
                    Self::all_but(&parse_set("all-but", set)?)?
                } else if let Some(code) = text.strip_prefix("hex:") {
                    Self::parse_code(code, true, text)?
                } else {
                    // Octal unless a letter digit shows the code is hexadecimal.
                    let hexadecimal = text.chars().any(|c| c.is_ascii_alphabetic() && c.is_ascii_hexdigit());
                    Self::parse_code(text, hexadecimal, text)?
                }
            }
        };
        game.description = text.to_string();
        Ok(game)
    }

    /// Reads a take-and-break code `d0.d1d2…`, octal or hexadecimal;
    /// errors name it as the user `written` it (with its `hex:`).
    fn parse_code(text: &str, hexadecimal: bool, written: &str) -> Result<Self> {
        let bad =
            |why: String| Error::InvalidGame(format!("'{}' is not a take-and-break code: {why}", shortened(written)));
        let (before, after) = text.split_once('.').ok_or_else(|| {
            bad("expected a code like 0.77 (a digit, a point, digits), or one of nim, kayles, dawsons-kayles, grundys-game, subtraction:S, all-but:S".into())
        })?;
        if after.is_empty() {
            return Err(bad("no digits after the point".into()));
        }
        let digit = |c: char, place: usize| match c.to_digit(16) {
            Some(d) if hexadecimal || d < 8 => Ok(d as u8),
            Some(_) => Err(bad(format!(
                "'{c}' at place {place} is not an octal digit (0-7); write a hexadecimal code as hex:{}",
                shortened(text)
            ))),
            None if hexadecimal => Err(bad(format!("'{c}' at place {place} is not a hexadecimal digit (0-9, A-F)"))),
            None => Err(bad(format!("'{c}' at place {place} is not a digit"))),
        };
        let d0 = match before {
            "" => 0,
            _ if before.chars().count() == 1 => digit(before.chars().next().expect("one char"), 0)?,
            _ => return Err(bad("one digit may stand before the point".into())),
        };
        let digits = after.chars().enumerate().map(|(place, c)| digit(c, place + 1)).collect::<Result<Vec<u8>>>()?;
        Self::code_digits(d0, &digits).map_err(|e| bad(e.to_string()))
    }

    /// The description the game was made from.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The code, for a finite code (`None` for Nim, all-but games and Grundy's game).
    pub fn code(&self) -> String {
        let digit = |d: u8| char::from_digit(d as u32, 16).expect("digits are below 16").to_ascii_uppercase();
        let mut code = String::new();
        code.push(digit(self.digits[0]));
        code.push('.');
        self.digits[1..].iter().for_each(|&d| code.push(digit(d)));
        code
    }

    /// The digit for taking `j` counters.
    #[inline]
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(self.tail)
    }

    /// The digits written out (`d_0` first); past them every digit is [`HeapGame::tail`].
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    pub fn tail(&self) -> u8 {
        self.tail
    }

    /// Whether some move leaves three heaps (a hexadecimal digit with bit 8,
    /// written or in the tail).
    pub fn splits_in_three(&self) -> bool {
        self.digits.iter().chain([&self.tail]).any(|&d| d & 8 != 0)
    }

    /// Whether a split must leave unequal heaps (Grundy's game).
    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// For a finite octal code (digits below 8, nothing past them, no
    /// unequal-heaps rule): the place `k` of its last non-zero digit, which
    /// the octal periodicity theorem needs.
    pub fn octal_length(&self) -> Option<usize> {
        let octal = self.tail == 0 && !self.unequal && self.digits.iter().all(|&d| d < 8);
        octal.then(|| self.digits.len() - 1)
    }
}

/// The set of `name:SET` (`subtraction`, `all-but`).
fn parse_set(name: &str, text: &str) -> Result<Vec<u64>> {
    if text.trim().is_empty() {
        return Err(Error::InvalidGame(format!("'{name}' needs its set, e.g. {name}:1,3,4")));
    }
    text.split(',')
        .map(|s| {
            s.trim().parse::<u64>().map_err(|_| {
                Error::InvalidGame(format!("'{}' in '{}' is not a whole number", shortened(s), shortened(text)))
            })
        })
        .collect()
}

/// The largest number a subtraction or all-but set written as a code may
/// hold: its code has a digit per number up to it.
pub const MAX_SET_NUMBER: u64 = 1_000_000;

fn check_set(set: &[u64]) -> Result<()> {
    if set.is_empty() {
        return Err(Error::InvalidGame("the set needs at least one number".into()));
    }
    if set.contains(&0) {
        return Err(Error::InvalidGame("0 cannot be in the set: taking nothing is not a move".into()));
    }
    if let Some(big) = set.iter().find(|&&s| s > MAX_SET_NUMBER) {
        return Err(Error::InvalidGame(format!("{big} in the set is above {MAX_SET_NUMBER}")));
    }
    Ok(())
}

fn join(set: &[u64]) -> String {
    set.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
}

impl Game for HeapGame {
    type Position = u64;

    fn options(&self, &heap: &u64, options: &mut Options<u64>) {
        for j in 0..=self.last_move_taking(heap) {
            let d = self.digit(j as usize);
            let rest = heap - j;
            if d & 1 != 0 && rest == 0 && j > 0 {
                options.push_sum([]);
            }
            if d & 2 != 0 && rest >= 1 && j > 0 {
                options.push(rest);
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    if !(self.unequal && 2 * a == rest) {
                        options.push_sum([a, rest - a]);
                    }
                }
            }
            if d & 8 != 0 && rest >= 3 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        options.push_sum([a, b, rest - a - b]);
                    }
                }
            }
        }
    }

    /// Counted, not listed: a sum asks this of every component of every
    /// option it builds, and a heap of a splitting code has about `heap/2`
    /// options a digit (`heap²/12` where it splits in three). The first
    /// number of counters with a move answers.
    fn can_move(&self, &heap: &u64) -> bool {
        (0..=self.last_move_taking(heap)).any(|j| self.options_taking(heap, j) > 0)
    }
}

impl HeapGame {
    /// The most counters a move from `heap` may take: past the written
    /// digits only the tail's moves, none for a finite code (a far heap of
    /// 0.3 has one option, not a loop over every smaller heap).
    fn last_move_taking(&self, heap: u64) -> u64 {
        match self.tail {
            0 => heap.min(self.digits.len().saturating_sub(1) as u64),
            _ => heap,
        }
    }

    /// Whether every move leaves at most one heap (digits 0 to 3, the tail
    /// too): a heap's options are then one heap per digit, few whatever
    /// the heap's size.
    pub fn never_splits(&self) -> bool {
        self.digits.iter().chain([&self.tail]).all(|&d| d & 0b1100 == 0)
    }

    /// How many options [`Game::options`] lists for `heap`, counted without
    /// listing them: a code that splits in three has about `heap²/12`
    /// options for each such digit (3,000 hexadecimal `F`s at heap 3,000:
    /// 7.5 × 10^8, which filled the memory before a winning move was
    /// valued), so front ends refuse to list past a limit.
    ///
    /// ```
    /// use grundy::game::{Game, Options};
    /// use grundy::solve::heap::HeapGame;
    /// let game = HeapGame::parse("hex:0.F8").unwrap();
    /// let mut options = Options::new();
    /// game.options(&40, &mut options);
    /// assert_eq!(game.option_count(40), options.len() as u128);
    /// ```
    pub fn option_count(&self, heap: u64) -> u128 {
        (0..=self.last_move_taking(heap)).map(|j| self.options_taking(heap, j)).sum()
    }

    /// How many options of `heap` take `j` counters.
    fn options_taking(&self, heap: u64, j: u64) -> u128 {
        let d = self.digit(j as usize);
        let rest = u128::from(heap - j);
        let vanish = u128::from(d & 1 != 0 && rest == 0 && j > 0);
        let one = u128::from(d & 2 != 0 && rest >= 1 && j > 0);
        let two = match d & 4 != 0 && rest >= 2 {
            true => rest / 2 - u128::from(self.unequal && rest % 2 == 0),
            false => 0,
        };
        // Partitions of `rest` into three positive parts: the integer
        // nearest rest²/12.
        let three = if d & 8 != 0 && rest >= 3 { (rest * rest + 6) / 12 } else { 0 };
        vanish + one + two + three
    }
}

impl Indexed for HeapGame {
    fn index(&self, &heap: &u64) -> usize {
        heap as usize
    }
    fn position(&self, index: usize) -> u64 {
        index as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The count and `can_move` agree with the listing, for codes that
    /// vanish, leave one heap, split in two (equal parts or not) and split
    /// in three, and codes whose small heaps have no move.
    #[test]
    fn option_counts_are_the_options_listed() {
        let mut options = Options::new();
        let codes = [
            "kayles",
            "0.07",
            "grundys-game",
            "hex:0.8",
            "hex:0.F8C",
            "4.07",
            "all-but:1,3",
            "0.137",
            "0.003",
            "hex:0.0008",
        ];
        for code in codes {
            let game = HeapGame::parse(code).unwrap();
            for heap in 0..60 {
                options.clear();
                game.options(&heap, &mut options);
                assert_eq!(game.option_count(heap), options.len() as u128, "{code} {heap}");
                assert_eq!(game.can_move(&heap), !options.is_empty(), "{code} {heap}");
            }
        }
    }

    #[test]
    fn codes_and_names() {
        assert_eq!(HeapGame::parse("kayles").unwrap().code(), "0.77");
        assert_eq!(HeapGame::parse("4.07").unwrap().digits(), [4, 0, 7]);
        assert_eq!(HeapGame::parse(".3F").unwrap().digits(), [0, 3, 15]);
        assert_eq!(HeapGame::parse("0.160").unwrap().octal_length(), Some(2));
        assert_eq!(HeapGame::parse("0.3F").unwrap().octal_length(), None);
        assert_eq!(HeapGame::parse("grundys-game").unwrap().octal_length(), None);
        for bad in [
            "0.8",
            "0.8x",
            "0.",
            "x.1",
            "1.5",
            "0.000",
            "07",
            "12.3",
            "subtraction:0",
            "all-but:a",
            "all-but:",
            "subtraction:",
        ] {
            assert!(HeapGame::parse(bad).is_err(), "{bad}");
        }
        assert!(HeapGame::parse("0.8").unwrap_err().to_string().contains("hex:0.8"));
        // (It said "'' in '' is not a whole number".)
        assert!(HeapGame::parse("all-but: ").unwrap_err().to_string().contains("'all-but' needs its set"));
        // Written as hexadecimal, 0.8 is a game: take one, leave three heaps.
        assert_eq!(HeapGame::parse("hex:0.8").unwrap().digits(), [0, 8]);
    }

    #[test]
    fn typed_constructors_agree_with_parsing() {
        assert_eq!(HeapGame::from_code(4, &[0, 7]).unwrap().digits(), HeapGame::parse("4.07").unwrap().digits());
        let all_but = HeapGame::all_but(&[1, 3]).unwrap();
        assert_eq!((all_but.digits(), all_but.tail()), (HeapGame::parse("all-but:1,3").unwrap().digits(), 3));
        assert_eq!(all_but.description(), "all-but:1,3");
        assert_eq!(HeapGame::subtraction(&[2, 3, 7]).unwrap().digits(), [0, 0, 3, 3, 0, 0, 0, 3]);
        assert!(HeapGame::grundys_game().unequal() && HeapGame::nim().tail() == 3);
        assert!(HeapGame::from_code(0, &[16]).is_err() && HeapGame::subtraction(&[]).is_err());
    }
}
