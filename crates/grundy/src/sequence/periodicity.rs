//! Periodicity of nim-value sequences, with proof where theory gives one.

use std::fmt;

use serde::Serialize;

/// A pattern `G(n + period) = G(n) + saltus` for all `n ≥ preperiod`
/// within the computed values, and why it should hold for every heap.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first heap from which the pattern holds (the last exception is
    /// the heap before it).
    pub preperiod: usize,
    pub period: usize,
    /// 0 for plain periodicity; positive for arithmetic periodicity.
    pub saltus: u64,
    /// A proof for every heap, or why the pattern is only a conjecture.
    pub proof: Proof,
    /// The last heap whose value was computed.
    pub computed_through: usize,
}

impl Periodicity {
    /// Whether the pattern is proven for every heap.
    pub fn proven(&self) -> bool {
        matches!(
            self.proof,
            Proof::OctalTheorem { .. }
                | Proof::MisereQuotient { .. }
                | Proof::TameGenus { .. }
                | Proof::MisereNim { .. }
        )
    }

    /// The value of heap `n` given the values of heaps `0..known.len()`:
    /// `known[n]` if it is there, else, when the pattern is proven and
    /// `known` holds a whole period past the preperiod, the value of the
    /// heap a whole number of periods back, plus the saltus once a period.
    /// `None` when neither gives it. Lets a long sequence be written out
    /// from its first heaps (memory independent of its length).
    ///
    /// ```
    /// use grundy::sequence::find_periodicity;
    /// // Subtraction {1, 2}: 0 1 2 0 1 2 …, proven (octal code 0.33, last digit at place 2).
    /// let known: Vec<u64> = (0..30).map(|n| n % 3).collect();
    /// let values: Vec<u32> = known.iter().map(|&v| v as u32).collect();
    /// let pattern = find_periodicity(&values, Some(2)).unwrap();
    /// assert!(pattern.proven());
    /// assert_eq!(pattern.value_at(&known, 1_000_000_001), Some(1_000_000_001 % 3));
    /// ```
    pub fn value_at(&self, known: &[u64], n: usize) -> Option<u64> {
        if let Some(&v) = known.get(n) {
            return Some(v);
        }
        if !self.proven() || self.period == 0 || known.len() < self.preperiod + self.period {
            return None;
        }
        // The fewest periods back that land on a known heap (at or past the
        // preperiod, since `known` holds a whole period past it).
        let periods = (n - (known.len() - 1)).div_ceil(self.period);
        Some(known[n - periods * self.period] + periods as u64 * self.saltus)
    }
}

/// Why a pattern holds for every heap, or why it is not known to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Proof {
    /// Proven by the octal periodicity theorem (Guy and Smith 1956; Winning
    /// Ways ch. 4): with `k` the place of the code's last non-zero digit,
    /// `G(n + p) = G(n)` was checked for every `n` in `checked_from..checked_until`
    /// (that is `n0 ≤ n < 2·n0 + p + k`), using the values of heaps `0..=values_through`.
    OctalTheorem { last_digit_place: usize, checked_from: usize, checked_until: usize, values_through: usize },
    /// Misère values, proven by a misère quotient of nim heaps with the
    /// game's heaps that is final (the octal theorem's argument carried to
    /// the quotient; see `solve::quotient::stability`): from heap
    /// `elements_from` on, heaps' quotient elements repeat with period
    /// `elements_period`, checked through heap `final_at`, so their misère
    /// nim-values do too.
    MisereQuotient { elements_from: usize, elements_period: usize, final_at: usize },
    /// Misère values of a game proven tame at every heap
    /// (`solve::quotient::tame`): from heap `kinds_from` on, heaps' tame
    /// kinds (nim-value, and whether γ0 = g) repeat with period
    /// `kinds_period`, by the octal theorem's argument with the kinds
    /// checked through heap `checked_through`; so do their misère values γ0.
    TameGenus { kinds_from: usize, kinds_period: usize, checked_through: usize },
    /// Misère Nim, every heap tame (`solve::quotient::tame`): heaps
    /// `0..=checked_through` (at least 7) were found tame with kind
    /// `(n, n ≥ 2)`, and by induction so is every heap, since heap `n`'s
    /// options are all smaller heaps and its genus is heap `n − 4`'s plus 4;
    /// so `g⁻(n) = n` for `n ≥ 2` (saltus 1, period 1).
    MisereNim { checked_through: usize },
    /// Seen in the values computed but not proven.
    Conjecture { why: Unproven },
}

/// Why a pattern is only a conjecture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Unproven {
    /// The theorem needs the values through this heap, and fewer were computed.
    TooFewValues { needed_through: usize },
    /// Arithmetic periodicity (saltus > 0): the octal theorem is about plain periods.
    Arithmetic,
    /// The game is not a finite octal code (hexadecimal, Grundy's game,
    /// infinite codes): the theorem does not apply.
    NotOctal,
    /// Misère values with no misère quotient proven final: the octal
    /// theorem is about normal-play values.
    Misere,
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match *self {
            Proof::OctalTheorem { last_digit_place: k, checked_from: n0, checked_until, values_through } => {
                let p = checked_until - 2 * n0 - k;
                write!(
                    f,
                    "octal periodicity theorem (Guy–Smith 1956; Winning Ways ch. 4): the code's last non-zero digit is \
                     at place k = {k}, and G(n + {p}) = G(n) was checked for every n with {n0} ≤ n < 2·{n0} + {p} + {k} \
                     = {checked_until}, using the values of heaps 0..{values_through}"
                )
            }
            Proof::MisereQuotient { elements_from, elements_period, final_at } => write!(
                f,
                "the misère quotient of nim heaps with the game's heaps is proven final at heap {final_at}: from heap \
                 {elements_from} on, a heap and the heap {elements_period} larger have the same quotient element, so \
                 the same misère nim-value"
            ),
            Proof::TameGenus { kinds_from, kinds_period, checked_through } => write!(
                f,
                "every heap is tame (ONAG ch. 12): from heap {kinds_from} on, a heap and the heap {kinds_period} \
                 larger have the same genus, by the octal periodicity theorem's argument (Guy–Smith 1956) applied to \
                 the genera, checked through heap {checked_through}; so they have the same misère nim-value γ0"
            ),
            Proof::MisereNim { checked_through } => write!(
                f,
                "every heap of Nim is tame (ONAG ch. 12; Bouton 1902): heaps 0..{checked_through} were found tame with \
                 nim-value n and γ0 = n for n ≥ 2, and by induction so is every heap — heap n's options are all \
                 smaller heaps, so its options' nim-values and misère values are both 0..n−1 and its genus is heap \
                 n−4's with 4 added to every term; so g⁻(n) = n for every n ≥ 2"
            ),
            Proof::Conjecture { why } => write!(f, "conjecture: {why}"),
        }
    }
}

impl fmt::Display for Unproven {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Unproven::TooFewValues { needed_through } => {
                write!(f, "the octal periodicity theorem needs the values through heap {needed_through}")
            }
            Unproven::Arithmetic => write!(f, "arithmetic periodicity has no general theorem here"),
            Unproven::NotOctal => write!(f, "the game is not a finite octal code, so the octal theorem does not apply"),
            Unproven::Misere => write!(
                f,
                "the octal theorem is about normal play; a period of misère values is proven only by a misère \
                 quotient proven final or by the genera of a game tame at every heap"
            ),
        }
    }
}

/// The `n0` the octal periodicity theorem is applied with for a pattern
/// that holds from `preperiod`: never heap 0. The proof maps an option
/// `a + b` of heap `n + p` (with `a ≥ n0 + p`) to `(a − p) + b` of heap
/// `n`; from `n0 = 0` the part `a − p` may be empty, and a split into an
/// empty and a non-empty heap is not a move of a code like 0.04 (take two,
/// leave two non-empty heaps: heaps 0 to 3 have value 0, heap 4 has 1, so
/// "period 1 from heap 0", checked for `n < 3`, is false). From `n0 ≥ 1`
/// every part stays a heap. Heaps below it are the computed values, which
/// follow the pattern: the preperiod found stands.
pub(crate) fn theorem_start(preperiod: usize) -> usize {
    preperiod.max(1)
}

/// A pattern counts as a conjecture once it has repeated this many times.
const CONJECTURE_REPEATS: usize = 3;
/// …and held for at least this many heaps.
const CONJECTURE_SPAN: usize = 30;

/// Finds the period (with its saltus and preperiod) that the tail of
/// `values` follows: the shortest one proven if any, else the conjecture
/// that explains the most values (the smallest preperiod; among equals the
/// shortest period).
///
/// Why not the shortest period the tail follows: a short local pattern
/// near the end can hide the true one. `subtraction:10,100` to heap 20,000
/// ends in 91 values of period 20 (from heap 19,909), while period 110
/// holds from heap 0 and is proven; the first period found used to be
/// reported, as a conjecture. A multiple of the best period so far is
/// scanned only before that period's preperiod (`G(n) = n` follows every
/// period with its saltus, and rescanning each was quadratic).
///
/// With `octal_length = Some(k)` (a finite octal code whose last non-zero
/// digit is at place k) it proves periodicity by the **octal periodicity
/// theorem** (Guy and Smith 1956; Winning Ways ch. 4; Siegel,
/// *Combinatorial Game Theory* IV.2): if `G(n + p) = G(n)` for all
/// `n0 ≤ n < 2·n0 + p + k`, then for all `n ≥ n0`. The values through heap
/// `2·n0 + 2p + k − 1` must be known for the check, and the proof names
/// that range. Arithmetic periodicity (saltus > 0) and games outside
/// the theorem are only ever reported as conjectures.
///
/// ```
/// use grundy::sequence::find_periodicity;
/// // 0 0 1 1 0 0 1 1 …: the subtraction game {2}.
/// let values: Vec<u32> = (0..200).map(|n| (n / 2 % 2) as u32).collect();
/// let pattern = find_periodicity(&values, Some(2)).unwrap();
/// assert_eq!((pattern.preperiod, pattern.period, pattern.proven()), (0, 4, true));
/// ```
pub fn find_periodicity<T: Copy + Into<u64>>(values: &[T], octal_length: Option<usize>) -> Option<Periodicity> {
    let len = values.len();
    let mut best: Option<Periodicity> = None;
    for period in 1..=len / 2 {
        let (last, earlier): (u64, u64) = (values[len - 1].into(), values[len - 1 - period].into());
        if last < earlier {
            continue;
        }
        let saltus = last - earlier;
        // How far back from the end G(n + p) = G(n) + s holds. A multiple
        // `k·q` of the best period `q` so far (saltus `k·s`) holds wherever
        // `q` does, so its scan starts where `q`'s stopped: it may reach
        // further back (`subtraction:100,1000,10000` ends in a hundred equal
        // values, period 1 from heap 39,900, while its period 1,100 holds
        // from heap 0), but never rescans the values `q` explained.
        let mut n = len - 1 - period;
        if let Some(best) = best.as_ref().filter(|best| period % best.period == 0) {
            let times = (period / best.period) as u64;
            if saltus == times * best.saltus && best.preperiod <= n {
                if best.preperiod == 0 {
                    continue;
                }
                n = best.preperiod - 1;
            }
        }
        loop {
            if values[n + period].into() != values[n].into() + saltus {
                n += 1;
                break;
            }
            if n == 0 {
                break;
            }
            n -= 1;
        }
        let preperiod = n;
        let span = len - period - preperiod;
        let pattern = |proof| Periodicity { preperiod, period, saltus, proof, computed_through: len - 1 };
        let why = match (saltus, octal_length) {
            (0, Some(k)) => {
                let from = theorem_start(preperiod);
                let needed = 2 * from + 2 * period + k;
                if len >= needed {
                    return Some(pattern(Proof::OctalTheorem {
                        last_digit_place: k,
                        checked_from: from,
                        checked_until: 2 * from + period + k,
                        values_through: needed - 1,
                    }));
                }
                Unproven::TooFewValues { needed_through: needed - 1 }
            }
            (0, None) => Unproven::NotOctal,
            _ => Unproven::Arithmetic,
        };
        let explains_more = best.as_ref().is_none_or(|best| preperiod < best.preperiod);
        if explains_more && span >= CONJECTURE_REPEATS * period && span >= CONJECTURE_SPAN {
            best = Some(pattern(Proof::Conjecture { why }));
            if preperiod == 0 {
                // No later period can explain more.
                break;
            }
        }
    }
    best
}
