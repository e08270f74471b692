//! Nim-value sequences of heap games, to billions of heaps.
//!
//! [`NimSequence`] computes `G(0), G(1), …` of a [`HeapGame`] one heap at a
//! time, resumably (start from values computed earlier, stop when asked),
//! by one of two methods that give the same answers:
//!
//! - [`Method::Plain`] looks at every option of every heap: quadratic for
//!   games that split heaps, and the test oracle;
//! - [`Method::RareCommon`] uses the *sparse space* of Berlekamp, Conway
//!   and Guy (Winning Ways ch. 4, "Sparse space spells speed"; Flammenkamp's
//!   tables; Gangolli–Plambeck 1989), which makes most octal games close to
//!   linear. See [`rare_common`] for how.
//!
//! [`find_periodicity`] then finds preperiod, period and saltus, and for
//! finite octal codes proves periodicity by the octal periodicity theorem.

mod bits;
mod periodicity;
mod plain;
pub mod rare_common;

pub use periodicity::{find_periodicity, Periodicity};

use bits::Bits;

use crate::catalogue::HeapGame;
use crate::error::{Error, Result};

/// How a sequence is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every option of every heap.
    Plain,
    /// The rare/common split of nim-values.
    RareCommon,
}

impl Method {
    /// The fastest method that supports `game`: rare/common for games whose
    /// splits leave at most two heaps, plain otherwise.
    pub fn best_for(game: &HeapGame) -> Method {
        if rare_common::supports(game) {
            Method::RareCommon
        } else {
            Method::Plain
        }
    }
}

/// The nim-values of a heap game's heaps `0, 1, 2, …`, computed so far.
///
/// ```
/// use grundy::catalogue::HeapGame;
/// use grundy::solve::heap::{Method, NimSequence};
///
/// let kayles = HeapGame::parse("kayles").unwrap();
/// let mut sequence = NimSequence::new(&kayles, Method::RareCommon).unwrap();
/// sequence.extend_to(21, |_| false).unwrap();
/// assert_eq!(&sequence.values()[1..=8], [1, 2, 3, 1, 4, 3, 2, 1]);
/// ```
pub struct NimSequence<'g> {
    game: &'g HeapGame,
    method: Method,
    values: Vec<u32>,
    /// Values of one remaining heap reachable through the code's tail.
    tail: TailValues,
    rare_common: Option<rare_common::Split>,
    seen: Bits,
}

/// How often (in heaps) the stop callback is asked.
pub const STOP_CHECK_INTERVAL: usize = 1 << 14;

impl<'g> NimSequence<'g> {
    pub fn new(game: &'g HeapGame, method: Method) -> Result<Self> {
        Self::resume(game, method, Vec::new())
    }

    /// Continues from `values`, the first `values.len()` nim-values (as an
    /// earlier run computed them).
    pub fn resume(game: &'g HeapGame, method: Method, values: Vec<u32>) -> Result<Self> {
        if method == Method::RareCommon && !rare_common::supports(game) {
            return Err(Error::InvalidGame(format!(
                "the rare/common method needs splits into at most two heaps and a finite code; {} has more",
                game.description()
            )));
        }
        let mut sequence = NimSequence {
            game,
            method,
            values: Vec::new(),
            tail: TailValues::default(),
            rare_common: (method == Method::RareCommon).then(rare_common::Split::default),
            seen: Bits::default(),
        };
        for value in values {
            sequence.push(value);
        }
        Ok(sequence)
    }

    pub fn values(&self) -> &[u32] {
        &self.values
    }

    pub fn into_values(self) -> Vec<u32> {
        self.values
    }

    pub fn method(&self) -> Method {
        self.method
    }

    /// Computes values until there are `len` of them. Every
    /// [`STOP_CHECK_INTERVAL`] heaps it calls `stop` with the count so far
    /// (for a progress bar); if `stop` says yes it returns `Ok(false)` with
    /// everything computed until then kept. `Ok(true)` when done.
    pub fn extend_to(&mut self, len: usize, mut stop: impl FnMut(usize) -> bool) -> Result<bool> {
        if len > self.values.len() {
            self.values.try_reserve_exact(len - self.values.len()).map_err(|_| Error::TooLarge {
                what: "the nim-value sequence (out of memory)".into(),
                needed: len as u128 * 4,
                limit: 0,
            })?;
        }
        while self.values.len() < len {
            let n = self.values.len();
            if n % STOP_CHECK_INTERVAL == 0 && n > 0 && stop(n) {
                return Ok(false);
            }
            let value = self.next_value();
            self.push(value);
        }
        Ok(true)
    }

    fn next_value(&mut self) -> u32 {
        let n = self.values.len();
        self.seen.clear();
        simple_options(self.game, &self.values, &self.tail, n, &mut self.seen);
        match &mut self.rare_common {
            Some(split) => split.next_value(self.game, &self.values, &mut self.seen),
            None => plain::next_value(self.game, &self.values, &mut self.seen),
        }
    }

    fn push(&mut self, value: u32) {
        self.values.push(value);
        self.tail.update(self.game, &self.values);
        if let Some(split) = &mut self.rare_common {
            split.record(self.game, &self.values);
        }
    }
}

/// The values of single remaining heaps reachable by taking `j ≥ L`
/// counters (L the written code's length) when the tail digit allows it:
/// every `G(r)` for `1 ≤ r ≤ n − L`. Kept incrementally, so Nim and all-but
/// subtraction games cost one insertion per heap, not a scan.
#[derive(Default)]
struct TailValues {
    values: Bits,
    /// Heaps `1..upto` are in `values`.
    upto: usize,
}

impl TailValues {
    fn update(&mut self, game: &HeapGame, values: &[u32]) {
        if game.tail() & 2 == 0 {
            return;
        }
        // For the next heap n = values.len(): heaps up to n − L remain.
        let limit = values.len().saturating_sub(game.digits().len());
        while self.upto <= limit {
            if self.upto >= 1 {
                self.values.insert(values[self.upto]);
            }
            self.upto += 1;
        }
    }
}

/// Options that leave no heap or one heap: the same for both methods.
fn simple_options(game: &HeapGame, values: &[u32], tail: &TailValues, n: usize, seen: &mut Bits) {
    let written = game.digits().len();
    for j in 1..=n.min(written - 1) {
        let d = game.digit(j);
        if d & 1 != 0 && n == j {
            seen.insert(0);
        }
        if d & 2 != 0 && n > j {
            seen.insert(values[n - j]);
        }
    }
    if n >= written && game.tail() & 1 != 0 {
        seen.insert(0);
    }
    if game.tail() & 2 != 0 {
        seen.union_with(&tail.values);
    }
}

/// The splits a game allows: the `j` whose digit has bit 4 (two heaps),
/// `j` up to `n − 2`, including tail digits.
fn splitting_takes(game: &HeapGame, n: usize, bit: u8) -> impl Iterator<Item = usize> + '_ {
    let last = if game.tail() & bit != 0 { n } else { game.digits().len() - 1 };
    (0..=last.min(n)).filter(move |&j| game.digit(j) & bit != 0)
}

#[cfg(test)]
mod tests;
