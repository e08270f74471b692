//! Misère Kayles by the Sibert–Conway decomposition: the misère outcome of
//! any sum of Kayles heaps, of any size, in time linear in the number of
//! heaps.
//!
//! W. L. Sibert and J. H. Conway, *Mathematical Kayles*, Int. J. Game
//! Theory 20 (1992) 237–246, showed that misère Kayles differs from normal
//! Kayles (0.77, nim-values of period 12 from heap 71; Winning Ways ch. 4)
//! only on sums made entirely of a few small heaps. Write such a sum by
//! how many heaps it has of each *kind*; then:
//!
//! > A sum of Kayles heaps has the opposite misère outcome to its normal
//! > outcome exactly when it matches one of the families below; otherwise
//! > it is a misère P-position iff its nim-sum is 0.
//!
//! A family names an optional single heap (the *vital* heap) and sets of
//! heap sizes, each marked *even* or *odd*; a sum matches when, besides
//! the vital heap, every heap is in one of the sets and each set holds an
//! even (or odd) number of the sum's heaps. Only heaps 1, 4, 5, 9, 12, 17,
//! 20 and 25 appear, so any sum with another (non-empty) heap plays like
//! normal Kayles. The families are those of Plambeck's statement of the
//! Sibert–Conway decomposition (T. E. Plambeck, *Daisies, Kayles, and the
//! Sibert–Conway decomposition in misère octal games*, TCS 96 (1992)
//! 361–388; the E/D notation is his, E for even and D for odd, as on his
//! misère pages for Nim, `E(1)` and `D(1)`, and for Duplicate Kayles, whose
//! decomposition is Kayles' with each heap `n` written as `2n − 1, 2n`).
//!
//! The decomposition is checked against exact search of every sum it can
//! reach and against the misère quotient of Kayles (40 elements, final at
//! heap 156), which this crate builds on its own (see the tests).

use crate::game::Outcome;
use crate::nim::{mex, NimValue};
use crate::solve::Decision;

/// The heaps that appear in the families (every other heap is *plain*).
const SPECIAL: [u64; 8] = [1, 4, 5, 9, 12, 17, 20, 25];

/// Whether a set of heaps must hold an even or an odd number of the sum's heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Parity {
    Even,
    Odd,
}

/// One family of exceptional sums.
#[derive(Debug)]
struct Family {
    vital: Option<u64>,
    sets: &'static [(&'static [u64], Parity)],
}

use Parity::{Even, Odd};

/// Normal P-positions that are misère N-positions (Plambeck's "PN").
const NORMAL_P_MISERE_N: [Family; 3] = [
    Family { vital: None, sets: &[(&[5], Even), (&[4, 1], Even)] },
    Family { vital: None, sets: &[(&[17, 12, 9], Even), (&[20, 4, 1], Even)] },
    Family { vital: Some(25), sets: &[(&[17, 12, 9], Even), (&[20, 4, 1], Odd)] },
];

/// Normal N-positions that are misère P-positions (Plambeck's "NP").
const NORMAL_N_MISERE_P: [Family; 6] = [
    Family { vital: None, sets: &[(&[5], Odd), (&[4, 1], Odd)] },
    Family { vital: None, sets: &[(&[5], Even), (&[4, 1], Odd)] },
    Family { vital: None, sets: &[(&[4, 1], Even), (&[9], Odd)] },
    Family { vital: Some(12), sets: &[(&[4, 1], Even)] },
    Family { vital: None, sets: &[(&[17, 12, 9], Even), (&[20, 4, 1], Odd)] },
    Family { vital: Some(25), sets: &[(&[9], Odd), (&[4, 1], Odd)] },
];

impl Family {
    /// Whether the sum with `counts[i]` heaps of size `SPECIAL[i]` (and no
    /// other heap) belongs to this family.
    fn matches(&self, counts: &[u64; SPECIAL.len()]) -> bool {
        let mut left = *counts;
        if let Some(vital) = self.vital {
            let i = special_index(vital).expect("a vital heap is special");
            if left[i] == 0 {
                return false;
            }
            left[i] -= 1;
        }
        for (heaps, parity) in self.sets {
            let mut in_set = 0;
            for &heap in *heaps {
                let i = special_index(heap).expect("the families' heaps are special");
                in_set += left[i];
                left[i] = 0;
            }
            if (in_set % 2 == 0) != (*parity == Even) {
                return false;
            }
        }
        left.iter().all(|&n| n == 0)
    }
}

fn special_index(heap: u64) -> Option<usize> {
    SPECIAL.iter().position(|&s| s == heap)
}

/// The last heap whose normal Kayles nim-value is not that of the heap 12
/// below it (Guy and Smith 1956; Winning Ways ch. 4): from heap 71 the
/// values repeat with period 12.
const LAST_EXCEPTION: u64 = 70;
const PERIOD: u64 = 12;

/// The normal-play nim-value of a Kayles heap of any size: the mex over
/// taking one or two adjacent pins from anywhere, up to heap 82; beyond,
/// by the period 12 that the octal periodicity theorem proves from the
/// values through heap 2·71 + 12 + 2 (checked in the tests).
pub fn kayles_nim_value(heap: u64) -> NimValue {
    static TABLE: std::sync::OnceLock<Vec<NimValue>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| kayles_nim_values(2 * (LAST_EXCEPTION + 1) + PERIOD + 2));
    let reduced = if heap <= LAST_EXCEPTION { heap } else { LAST_EXCEPTION + 1 + (heap - LAST_EXCEPTION - 1) % PERIOD };
    table[reduced as usize]
}

/// The options of a Kayles heap: knock down one pin or two adjacent pins
/// anywhere, leaving two heaps `(a, b)` with `a ≤ b` (either may be 0).
fn options(heap: u64) -> impl Iterator<Item = (u64, u64)> {
    (1..=2.min(heap)).flat_map(move |taken| {
        let left = heap - taken;
        (0..=left / 2).map(move |a| (a, left - a))
    })
}

/// Normal-play Kayles nim-values of heaps `0..=to`, by the mex of every option.
fn kayles_nim_values(to: u64) -> Vec<NimValue> {
    let mut values: Vec<NimValue> = Vec::with_capacity(to as usize + 1);
    let mut seen = Vec::new();
    for heap in 0..=to {
        seen.clear();
        seen.extend(options(heap).map(|(a, b)| values[a as usize] ^ values[b as usize]));
        values.push(mex(&seen));
    }
    values
}

/// The misère outcome of the sum of Kayles heaps `heaps` (any sizes, heaps
/// of 0 allowed), by the Sibert–Conway decomposition.
///
/// ```
/// use grundy::game::Outcome;
/// use grundy::solve::misere::kayles::misere_outcome;
/// assert_eq!(misere_outcome(&[1]), Outcome::P); // take it and lose
/// assert_eq!(misere_outcome(&[]), Outcome::N); // no move: the player to move has won
/// assert_eq!(misere_outcome(&[5, 1]), Outcome::P); // nim-sum 5, yet a misère P-position
/// assert_eq!(misere_outcome(&[1000, 999, 3]), Outcome::N);
/// ```
pub fn misere_outcome(heaps: &[u64]) -> Outcome {
    let nim_sum = heaps.iter().fold(0, |x, &h| x ^ kayles_nim_value(h));
    let normal = if nim_sum == 0 { Outcome::P } else { Outcome::N };
    let mut counts = [0u64; SPECIAL.len()];
    for &heap in heaps.iter().filter(|&&h| h > 0) {
        match special_index(heap) {
            Some(i) => counts[i] += 1,
            None => return normal,
        }
    }
    let exceptions: &[Family] = if normal == Outcome::P { &NORMAL_P_MISERE_N } else { &NORMAL_N_MISERE_P };
    match (normal, exceptions.iter().any(|family| family.matches(&counts))) {
        (Outcome::P, true) => Outcome::N,
        (Outcome::N, true) => Outcome::P,
        (outcome, _) => outcome,
    }
}

/// Misère nim-values `g⁻` of Kayles heaps `0..=to`, by exact search of
/// sums in which the Sibert–Conway decomposition settles every value
/// below 4.
///
/// **Why it is exact.** `g⁻(X) = k` exactly when `X + *k` is a misère
/// P-position (`solve/quotient/values.rs`). For `k ≤ 3`, `*k` is a Kayles
/// sum in misère play: heap 1 is `*`, heap 2 is `{0, *} = *2`, and heap 3
/// is `{*2, * + *, *} = {*2, 0, *} = *3`, since `* + * = 0` in misère play
/// (ONAG ch. 12) and replacing an option by an equal game gives an equal
/// game. So [`misere_outcome`] of `X` plus heap `k` says whether `g⁻(X)`
/// is 0, 1, 2 or 3. When it is none of them, `g⁻(X) ≥ 4`, every value
/// below 4 is among its options' (the mex), and `g⁻(X) = mex({0, 1, 2, 3}
/// ∪ {g⁻(X′) ≥ 4})`: the search follows only options of value 4 or more,
/// and those are again found by the decomposition first. Sums are
/// memoized as sorted heaps without heaps of 0, and two heaps of 1 are
/// dropped (`* + * = 0`).
///
/// Still exponential in the heap (about 1.5× per heap near heap 60); the
/// plain oracle is [`crate::solve::misere::misere_nim_values`], which
/// the tests compare it with. `check(heap)` is called before each heap and
/// every few thousand sums, and stops the search with its error (an
/// interruption).
///
/// ```
/// use grundy::solve::misere::kayles::misere_nim_values_by_search;
/// let values = misere_nim_values_by_search(20, &mut |_| Ok(())).unwrap();
/// assert_eq!(values, [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]);
/// ```
pub fn misere_nim_values_by_search(
    to: u64,
    check: &mut dyn FnMut(u64) -> crate::error::Result<()>,
) -> crate::error::Result<Vec<NimValue>> {
    let mut search = SmallValueSearch { memo: rustc_hash::FxHashMap::default(), check, heap: 0 };
    (0..=to)
        .map(|heap| {
            search.heap = heap;
            (search.check)(heap)?;
            search.value(vec![heap])
        })
        .collect()
}

/// The search of [`misere_nim_values_by_search`].
struct SmallValueSearch<'a> {
    memo: rustc_hash::FxHashMap<Vec<u64>, NimValue>,
    check: &'a mut dyn FnMut(u64) -> crate::error::Result<()>,
    /// The heap being valued (for `check`).
    heap: u64,
}

impl SmallValueSearch<'_> {
    /// Sorted, without heaps of 0 and without pairs of heaps of 1.
    fn canonical(mut heaps: Vec<u64>) -> Vec<u64> {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        let ones = heaps.iter().take_while(|&&h| h == 1).count();
        heaps.drain(..ones - ones % 2);
        heaps
    }

    /// `g⁻(sum)` when it is below 4, by the decomposition.
    fn small(sum: &[u64]) -> Option<NimValue> {
        let mut with = sum.to_vec();
        (0..4).find(|&k| {
            with.truncate(sum.len());
            if k > 0 {
                with.push(k);
            }
            misere_outcome(&with) == Outcome::P
        })
    }

    fn value(&mut self, sum: Vec<u64>) -> crate::error::Result<NimValue> {
        let sum = Self::canonical(sum);
        match Self::small(&sum) {
            Some(value) => Ok(value),
            None => self.large_value(sum),
        }
    }

    /// `g⁻(sum)` of a canonical sum whose value is 4 or more.
    fn large_value(&mut self, sum: Vec<u64>) -> crate::error::Result<NimValue> {
        if let Some(&value) = self.memo.get(&sum) {
            return Ok(value);
        }
        if self.memo.len() % 4096 == 4095 {
            (self.check)(self.heap)?;
        }
        let mut seen: Vec<NimValue> = vec![0, 1, 2, 3];
        for (i, &heap) in sum.iter().enumerate() {
            if i > 0 && sum[i - 1] == heap {
                continue;
            }
            let rest: Vec<u64> = sum[..i].iter().chain(&sum[i + 1..]).copied().collect();
            for (a, b) in options(heap) {
                let mut option = rest.clone();
                option.extend([a, b]);
                let option = Self::canonical(option);
                if Self::small(&option).is_none() {
                    seen.push(self.large_value(option)?);
                }
            }
        }
        let value = mex(&seen);
        self.memo.insert(sum, value);
        Ok(value)
    }
}

/// Sibert–Conway as a misère oracle for Kayles: every sum, every heap size.
pub struct SibertConway;

impl crate::solve::quotient::MisereOracle<u64> for SibertConway {
    fn outcome(&mut self, components: &[u64]) -> Option<Outcome> {
        Some(misere_outcome(components))
    }

    fn coverage(&self) -> String {
        "the Sibert–Conway decomposition of misère Kayles covers every sum".to_string()
    }

    /// Sibert and Conway's theorem, not a table of quotient products.
    fn decision(&self) -> Decision {
        Decision::ClosedForm
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::SumGame;
    use crate::solve::heap::HeapGame;
    use crate::solve::misere::MiserePlay;
    use crate::solve::quotient::{Limits, PartialQuotient};
    use crate::solve::Search;
    use crate::testing::Xorshift;

    /// Every family is on the side of the normal outcome it claims to flip.
    #[test]
    fn each_family_flips_the_normal_outcome_it_names() {
        for (families, normal_p) in [(&NORMAL_P_MISERE_N[..], true), (&NORMAL_N_MISERE_P[..], false)] {
            for family in families {
                // The smallest member: the vital heap, one heap of each odd set.
                let mut sum: Vec<u64> = family.vital.into_iter().collect();
                sum.extend(family.sets.iter().filter(|(_, p)| *p == Odd).map(|(heaps, _)| heaps[0]));
                let nim_sum = sum.iter().fold(0, |x, &h| x ^ kayles_nim_value(h));
                assert_eq!(nim_sum == 0, normal_p, "{family:?}");
            }
        }
    }

    /// The normal values: the published start, and the period 12 from heap
    /// 71 proven by the octal periodicity theorem (values through 2·71 + 12 + 2).
    #[test]
    fn normal_values_are_kayles() {
        let direct = kayles_nim_values(400);
        assert_eq!(direct[..20], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]);
        assert!((0..=400).all(|h| kayles_nim_value(h) == direct[h as usize]));
        assert_ne!(direct[70], direct[82], "heap 70 is the last exception");
        for far in [1_000_000_007u64, 1 << 40, u64::MAX] {
            assert_eq!(kayles_nim_value(far), direct[(71 + (far - 71) % 12) as usize], "heap {far}");
        }
    }

    /// Against exact search of the whole sum (one memo for all sums):
    /// every sum of up to four heaps of at most 9, and random sums of two
    /// to four heaps up to 27 with at most 30 pins.
    #[test]
    fn agrees_with_exact_search() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let mut search = Search::new(SumGame::new(&kayles), MiserePlay);
        let mut by_search = |sum: &[u64]| {
            let start = search.game().canonical(sum.iter().copied());
            Outcome::of_nim_value(search.value(&start).unwrap())
        };
        let mut checked = 0;
        for a in 0..=9u64 {
            for b in a..=9 {
                for c in b..=9 {
                    for d in c..=9 {
                        let sum = [a, b, c, d];
                        assert_eq!(misere_outcome(&sum), by_search(&sum), "{sum:?}");
                        checked += 1;
                    }
                }
            }
        }
        let mut random = Xorshift::new(1992);
        while checked < 1000 {
            let count = 2 + random.below(3) as usize;
            let sum: Vec<u64> = (0..count).map(|_| random.below(28)).collect();
            if sum.iter().sum::<u64>() <= 30 {
                assert_eq!(misere_outcome(&sum), by_search(&sum), "{sum:?}");
                checked += 1;
            }
        }
    }

    /// The search with the decomposition inside equals plain exact search
    /// of sums, heap by heap, and its zeros are the decomposition's
    /// P-positions.
    #[test]
    fn small_value_search_agrees_with_exact_search() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let found = misere_nim_values_by_search(26, &mut |_| Ok(())).unwrap();
        assert_eq!(found, crate::solve::misere::misere_nim_values(&kayles, 0..=26).unwrap());
        for (heap, &value) in found.iter().enumerate() {
            assert_eq!(value == 0, misere_outcome(&[heap as u64]) == Outcome::P, "heap {heap}");
        }
        let mut calls = 0;
        let stopped = misere_nim_values_by_search(40, &mut |heap| {
            calls += 1;
            if heap > 30 {
                Err(crate::error::Error::Interrupted)
            } else {
                Ok(())
            }
        });
        assert!(matches!(stopped, Err(crate::error::Error::Interrupted)) && calls > 30);
    }

    /// Two-heap sums too: the search's value of `a + b` (a sum it builds
    /// on the way) equals exact search of the sum.
    #[test]
    fn small_value_search_of_sums_agrees_with_exact_search() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let mut search = Search::new(SumGame::new(&kayles), MiserePlay);
        let mut small = SmallValueSearch { memo: rustc_hash::FxHashMap::default(), check: &mut |_| Ok(()), heap: 0 };
        for a in 0..=12u64 {
            for b in a..=24 - a {
                let exact = search.value(&search.game().canonical([a, b])).unwrap();
                assert_eq!(small.value(vec![a, b]).unwrap(), exact, "{a} + {b}");
            }
        }
    }

    /// Against the misère quotient of Kayles, which the crate builds and
    /// proves final on its own (40 elements): single heaps to 400 and
    /// random sums of large heaps, every family's members included.
    #[test]
    fn agrees_with_the_misere_quotient_for_any_heaps() {
        let kayles = HeapGame::parse("kayles").unwrap();
        let mut quotient = PartialQuotient::new(&kayles);
        quotient.extend(&kayles, 400, Limits::default(), |_| false).unwrap();
        assert!(quotient.stability(&kayles).proven);
        assert_eq!(quotient.size(), 40);
        let by_quotient = |sum: &[u64]| {
            let element = quotient.element_of(sum).unwrap();
            if quotient.p_portion().contains(element) {
                Outcome::P
            } else {
                Outcome::N
            }
        };
        let mut random = Xorshift::new(237);
        let mut flipped = 0;
        for round in 0..20_000 {
            let count = 1 + random.below(6) as usize;
            // Half the sums use only the special heaps, where the families act.
            let sum: Vec<u64> = (0..count)
                .map(|_| if round % 2 == 0 { SPECIAL[random.below(8) as usize] } else { random.below(401) })
                .collect();
            let outcome = misere_outcome(&sum);
            assert_eq!(outcome, by_quotient(&sum), "{sum:?}");
            let nim_sum = sum.iter().fold(0, |x, &h| x ^ kayles_nim_value(h));
            flipped += ((nim_sum == 0) != (outcome == Outcome::P)) as usize;
        }
        assert!(flipped > 1000, "{flipped} sums differ from normal play");
    }
}
