//! Which coins a move of a coin-turning game may turn, and the value of a
//! single head at each place (Winning Ways ch. 14).
//!
//! A move chooses its rightmost coin, which must show heads, and turns it
//! together with a set of coins to its left that the rule allows. The
//! theorem of coin-turning games: a row is the sum of its heads, each head
//! a game of its own (turning a coin twice is not turning it), so a row's
//! value is the nim-sum of `g(p)` over its heads `p`, and
//! `g(n) = mex { ⊕ g(p) over the other coins p of a move at n }`. The
//! book's games have closed forms for `g` (Winning Ways ch. 14), which
//! value a head at any place a `u32` holds; every other rule is tabled by
//! the recurrence, which the tests also check the closed forms against.

use crate::error::{Error, Result};
use crate::game::parse_number;
use crate::nim::NimValue;

/// The largest place a coin-turning position may use where its values come
/// from the recurrence and a move turns at most three coins.
pub const MAX_PLACE: u32 = 1000;

/// The last place of a game whose values have a published closed form:
/// any place a `u32` holds, since `g` is computed at the place asked.
pub const LAST_PLACE_BY_FORMULA: u32 = u32::MAX;

/// The largest number of coins a `turning:SET` move may turn (five is
/// Moebius, Winning Ways ch. 14).
pub const MAX_COINS_TURNED: usize = 5;

/// The last place of a game whose moves turn up to `most` coins: values
/// grow like a power of the place with the number of coins, and so does
/// the work of the recurrence.
const fn last_place(most: usize) -> u32 {
    match most {
        0..=3 => MAX_PLACE,
        4 => 150,
        _ => 50,
    }
}

/// What a move turns besides its rightmost coin.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Moves {
    /// Exactly `c` coins for some `c` in the set, the rightmost among them.
    Counts(Vec<usize>),
    /// A run of consecutive coins ending at the chosen one (Ruler).
    Run,
}

/// The published values of a single head (Winning Ways ch. 14), for the
/// rules that have them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Formula {
    /// `g(n) = n − shift`: Turning Turtles (Nim, `shift` 0), Twins (places
    /// from 0, `shift` 0) and `turning:2` (Twins from place 1, `shift` 1).
    Place { shift: u32 },
    /// `g(n) = 1`: `turning:1` turns the head alone.
    One,
    /// Mock Turtles: the `n`-th odious number (OEIS A000069), which is
    /// `2(n − 1)` or `2(n − 1) + 1`, whichever has an odd number of 1 bits.
    Odious,
    /// Ruler: the largest power of 2 dividing `n` (OEIS A006519).
    Ruler,
}

impl Formula {
    /// The rules with a published form: the named games and the sets that
    /// name them again.
    fn of(moves: &Moves, first: u32) -> Option<Formula> {
        match moves {
            Moves::Run => Some(Formula::Ruler),
            Moves::Counts(counts) => match counts.as_slice() {
                [1] => Some(Formula::One),
                [1, 2] => Some(Formula::Place { shift: first - 1 }),
                [1, 2, 3] => Some(Formula::Odious),
                [2] => Some(Formula::Place { shift: first }),
                _ => None,
            },
        }
    }

    fn value(self, place: u32) -> NimValue {
        let n = NimValue::from(place);
        match self {
            Formula::Place { shift } => n - NimValue::from(shift),
            Formula::One => 1,
            Formula::Odious => {
                let even = 2 * (n - 1);
                even + NimValue::from(even.count_ones() % 2 == 0)
            }
            Formula::Ruler => n & n.wrapping_neg(),
        }
    }
}

/// Where a rule's values come from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Values {
    Formula(Formula),
    /// By the recurrence, every place from 0 to the last.
    Table(Vec<NimValue>),
}

/// A one-dimensional coin-turning game: its rule, the number of its first
/// place, and the value of a single head at every place: by its published
/// form to [`LAST_PLACE_BY_FORMULA`], else by the recurrence to
/// [`MAX_PLACE`] (less where a move turns four coins or more).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurningRule {
    name: String,
    moves: Moves,
    first: u32,
    last: u32,
    values: Values,
}

impl TurningRule {
    /// The named games and `turning:SET`:
    ///
    /// - `turning-turtles`: turn one or two coins; places from 1; `g(n) = n`
    ///   (it is Nim).
    /// - `mock-turtles`: turn one, two or three coins; places from 1;
    ///   `g(n)` is the `n`-th odious number 1, 2, 4, 7, 8, 11, … (OEIS A000069).
    /// - `ruler`: turn any run of consecutive coins ending at the chosen
    ///   one; places from 1; `g(n)` is the largest power of 2 dividing `n`
    ///   (OEIS A006519).
    /// - `twins`: turn exactly two coins; places from 0; `g(n) = n`.
    /// - `turning:SET`: turn exactly `c` coins for some `c` in SET (a list
    ///   such as `1,2,3`, each at most [`MAX_COINS_TURNED`]); places from 1.
    ///   So `turning:1,2` is Turning Turtles and `turning:1,2,3` Mock
    ///   Turtles; `turning:2` is Twins with its places numbered from 1.
    pub fn parse(description: &str) -> Result<Self> {
        let text = description.trim();
        let (moves, first) = match text {
            "turning-turtles" => (Moves::Counts(vec![1, 2]), 1),
            "mock-turtles" => (Moves::Counts(vec![1, 2, 3]), 1),
            "ruler" => (Moves::Run, 1),
            "twins" => (Moves::Counts(vec![2]), 0),
            _ => match text.split_once(':') {
                Some(("turning", set)) => (Moves::Counts(parse_counts(set)?), 1),
                _ => {
                    return Err(Error::Syntax {
                        expected: "a coin-turning game: turning-turtles, mock-turtles, ruler, twins or turning:SET"
                            .into(),
                        found: text.to_string(),
                    })
                }
            },
        };
        let (values, last) = match Formula::of(&moves, first) {
            Some(formula) => (Values::Formula(formula), LAST_PLACE_BY_FORMULA),
            None => {
                let last = match &moves {
                    Moves::Counts(counts) => last_place(counts.iter().copied().max().unwrap_or(1)),
                    Moves::Run => MAX_PLACE,
                };
                (Values::Table(values_by_recurrence(&moves, first, last)), last)
            }
        };
        Ok(TurningRule { name: text.to_string(), moves, first, last, values })
    }

    /// The values of places `0..=last` by the recurrence, whatever the rule
    /// (the tests' check of the published forms).
    #[cfg(test)]
    pub(super) fn values_by_recurrence(&self, last: u32) -> Vec<NimValue> {
        values_by_recurrence(&self.moves, self.first, last)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The number of the leftmost place (0 or 1).
    pub fn first_place(&self) -> u32 {
        self.first
    }

    /// The number of the rightmost place ([`LAST_PLACE_BY_FORMULA`] for a
    /// rule with a published form, else [`MAX_PLACE`], less when a move may
    /// turn four coins or more).
    pub fn last_place(&self) -> u32 {
        self.last
    }

    /// The value of a single head at `place` (`first_place..=last_place`).
    pub fn value(&self, place: u32) -> NimValue {
        match &self.values {
            Values::Formula(formula) => formula.value(place),
            Values::Table(values) => values[place as usize],
        }
    }

    /// Pushes, for every move whose rightmost coin is at `place`, the other
    /// coins it turns (each below `place`).
    pub fn moves(&self, place: u32, out: &mut Vec<Vec<u32>>) {
        match &self.moves {
            Moves::Run => {
                for start in (self.first..=place).rev() {
                    out.push((start..place).collect());
                }
            }
            Moves::Counts(counts) => {
                for &c in counts {
                    let mut chosen = Vec::with_capacity(c);
                    subsets(self.first, place, c - 1, &mut chosen, out);
                }
            }
        }
    }

    /// Every set of other coins a move at `place` may turn whose values
    /// nim-sum to `sum`, where the rule's form names them without listing
    /// the moves (`None` where they must be listed): under `g(n) = n − shift`
    /// each value belongs to one place, so a rule that turns one or two
    /// coins has at most two such sets, the head alone (`sum` 0) and the
    /// head with the coin of value `sum`. That is how a far head of
    /// Turning Turtles or Twins, with billions of moves, gets its winning
    /// moves, as a heap of Nim does.
    ///
    /// ```
    /// use grundy::catalogue::TurningRule;
    /// let turtles = TurningRule::parse("turning-turtles").unwrap();
    /// // A head at 9 turned with the coin at 5, or alone when the sum is 0.
    /// assert_eq!(turtles.others_of_sum(9, 5), Some(vec![vec![5]]));
    /// assert_eq!(turtles.others_of_sum(9, 0), Some(vec![vec![]]));
    /// // The coin of value 12 is right of the head: no move.
    /// assert_eq!(turtles.others_of_sum(9, 12), Some(vec![]));
    /// // Mock Turtles' pairs of coins are too many to name one by one.
    /// assert_eq!(TurningRule::parse("mock-turtles").unwrap().others_of_sum(9, 5), None);
    /// ```
    pub fn others_of_sum(&self, place: u32, sum: NimValue) -> Option<Vec<Vec<u32>>> {
        let (Values::Formula(formula), Moves::Counts(counts)) = (&self.values, &self.moves) else { return None };
        let mut found = Vec::new();
        for &count in counts {
            match (count, formula) {
                (1, _) => {
                    if sum == 0 {
                        found.push(Vec::new());
                    }
                }
                (2, Formula::Place { shift }) => {
                    let other = sum + NimValue::from(*shift);
                    if (NimValue::from(self.first)..NimValue::from(place)).contains(&other) {
                        found.push(vec![other as u32]);
                    }
                }
                _ => return None,
            }
        }
        Some(found)
    }

    /// How many moves have their rightmost coin at `place`.
    pub fn move_count(&self, place: u32) -> u128 {
        let below = u128::from(place - self.first);
        match &self.moves {
            Moves::Run => below + 1,
            Moves::Counts(counts) => counts.iter().map(|&c| binomial(below, c as u128 - 1)).sum(),
        }
    }

    /// How many coins the moves of [`Self::move_count`] turn, summed: a
    /// run of `l` coins turns `l`, a move of `c` coins `c`.
    pub fn coins_turned(&self, place: u32) -> u128 {
        let below = u128::from(place - self.first);
        match &self.moves {
            Moves::Run => (below + 1) * (below + 2) / 2,
            Moves::Counts(counts) => counts.iter().map(|&c| c as u128 * binomial(below, c as u128 - 1)).sum(),
        }
    }

    /// `place` if it is on the row (read as any number, so that a place
    /// past `u32` gets this message too, not "too large").
    pub fn place(&self, place: u64) -> Result<u32> {
        match u32::try_from(place) {
            Ok(place) if (self.first..=self.last).contains(&place) => Ok(place),
            _ => Err(Error::InvalidPosition(format!(
                "place {place} is not on the row of {}: places run from {} to {}",
                self.name, self.first, self.last
            ))),
        }
    }
}

fn values_by_recurrence(moves: &Moves, first: u32, last: u32) -> Vec<NimValue> {
    match moves {
        Moves::Counts(counts) => count_values(counts, first, last),
        Moves::Run => run_values(first, last),
    }
}

fn parse_counts(text: &str) -> Result<Vec<usize>> {
    let mut counts: Vec<usize> =
        text.split(',').map(|c| parse_number(c, "a number of coins turned (1 or more)")).collect::<Result<_>>()?;
    counts.sort_unstable();
    counts.dedup();
    if let Some(&bad) = counts.iter().find(|&&c| c == 0 || c > MAX_COINS_TURNED) {
        return Err(Error::InvalidGame(format!(
            "turning:{text}: a move turns from 1 to {MAX_COINS_TURNED} coins, not {bad}"
        )));
    }
    Ok(counts)
}

fn binomial(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Every `k`-subset of `from..to`, each pushed as a sorted list.
fn subsets(from: u32, to: u32, k: usize, chosen: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
    if k == 0 {
        out.push(chosen.clone());
        return;
    }
    for p in from..to {
        if ((to - p) as usize) < k {
            break;
        }
        chosen.push(p);
        subsets(p + 1, to, k - 1, chosen, out);
        chosen.pop();
    }
}

/// `g` for "turn exactly c coins, c in counts": `reach[j]` holds the
/// nim-sums of every `j` distinct places seen so far (a bitset); a move at
/// `n` turning `c` coins reaches `reach[c − 1]`, and `g(n)` joins the sets
/// as `reach[j] ∪= reach[j − 1] ⊕ g(n)`, largest `j` first.
fn count_values(counts: &[usize], first: u32, last: u32) -> Vec<NimValue> {
    let most = counts.iter().copied().max().unwrap_or(1);
    let mut reach: Vec<Vec<bool>> = vec![vec![false; 2]; most];
    reach[0][0] = true;
    let mut values = vec![0; last as usize + 1];
    for n in first..=last {
        let mut reached = vec![false; reach[0].len() + 1];
        for &c in counts {
            for (v, &r) in reach[c - 1].iter().enumerate() {
                reached[v] |= r;
            }
        }
        let g = reached.iter().position(|&r| !r).expect("the last slot is never reached") as NimValue;
        values[n as usize] = g;
        let size = (g as usize + 1).next_power_of_two().max(reach[0].len());
        for set in &mut reach {
            set.resize(size, false);
        }
        for j in (1..most).rev() {
            let (lower, upper) = reach.split_at_mut(j);
            for (v, &r) in lower[j - 1].iter().enumerate() {
                if r {
                    upper[0][v ^ g as usize] = true;
                }
            }
        }
    }
    values
}

/// `g` for Ruler: the moves at `n` turn the runs `k..n` for every `k`, so
/// `g(n)` is the mex of the running nim-sums of `g(n − 1), g(n − 2), …`.
fn run_values(first: u32, last: u32) -> Vec<NimValue> {
    let mut values: Vec<NimValue> = vec![0; last as usize + 1];
    for n in first..=last {
        let mut reached = vec![0];
        let mut sum = 0;
        for p in (first..n).rev() {
            sum ^= values[p as usize];
            reached.push(sum);
        }
        values[n as usize] = crate::nim::mex(&reached);
    }
    values
}
