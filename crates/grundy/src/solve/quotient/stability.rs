//! When the quotient stops changing: a proof for every heap, or "so far".

use serde::Serialize;

use super::{Element, PartialQuotient};
use crate::solve::heap::HeapGame;

/// Whether the quotient of the heaps computed is the quotient of *every*
/// heap of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stability {
    /// The last heap at which the quotient grew (0 if it never did).
    pub last_growth: u64,
    /// Heaps' elements repeat with this period from `preperiod` on, within
    /// the computed heaps (if they do at all).
    pub period: Option<u64>,
    pub preperiod: Option<u64>,
    /// Proven for every heap, or only seen so far.
    pub proven: bool,
    /// The argument, or what is missing.
    pub statement: String,
}

/// The heaps' elements of a quotient proven final: `Φ(h + period) = Φ(h)`
/// for every heap `h ≥ preperiod`, computed or not — so the quotient
/// covers every heap, each past the computed ones a copy of one within.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FinalPattern {
    pub preperiod: u64,
    pub period: u64,
}

impl Stability {
    /// The heaps' period, where it is proven for every heap.
    pub fn final_pattern(&self) -> Option<FinalPattern> {
        match (self.proven, self.preperiod, self.period) {
            (true, Some(preperiod), Some(period)) if period > 0 => Some(FinalPattern { preperiod, period }),
            _ => None,
        }
    }
}

impl PartialQuotient {
    /// Whether the quotient is final.
    ///
    /// **Claim.** For a finite octal code whose last non-zero digit is at
    /// place `k`: if `Φ(h + p) = Φ(h)` for all `n0 ≤ h < 2·n0 + p + k`
    /// (all within the computed heaps), then `Q_N` (N the last heap
    /// computed) is the quotient of every heap, and `Φ(h + p) = Φ(h)` for
    /// all `h ≥ n0`.
    ///
    /// **Proof.** The induction of the octal periodicity theorem (Guy and
    /// Smith 1956; Winning Ways ch. 4), applied to elements instead of
    /// nim-values: for a heap `H = h + p > N` every option leaves at most
    /// two heaps `a ≤ b` after taking `j ≤ k`, and `b ≥ n0 + p` (if
    /// `a < n0` because `H` is large, else because `b ≥ (H − j)/2`), so
    /// `a + (b − p)` is an option of `h` with the same element; conversely
    /// every option of `h` lifts. So heap `H` has exactly the options'
    /// elements of heap `h`, acts on every sum as `h` does, and taking
    /// `Φ(H) = Φ(h)` adds no state to the verifier's finite check (see
    /// `extend.rs`): the quotient does not grow. Plambeck and Siegel (JCTA
    /// 2008) rely on the same kind of periodicity to declare quotients
    /// complete.
    pub fn stability(&self, game: &HeapGame) -> Stability {
        let last_growth = self.growth.last().map_or(0, |&(heap, _)| heap);
        stability_of(&self.images, game.octal_length(), last_growth)
    }

    /// The element of `heap`: from the table within the computed heaps, and
    /// past them from `pattern` (this quotient's [`Stability::final_pattern`],
    /// which the caller proved for its game); `None` past them without one.
    pub fn heap_element(&self, heap: u64, pattern: Option<FinalPattern>) -> Option<Element> {
        let within = |heap: u64| usize::try_from(heap).ok().and_then(|h| self.images.get(h).copied());
        match (within(heap), pattern) {
            (Some(element), _) => Some(element),
            (None, Some(FinalPattern { preperiod, period })) if heap >= preperiod => {
                within(preperiod + (heap - preperiod) % period)
            }
            _ => None,
        }
    }

    /// The element of the sum of `heaps`, each heap's as
    /// [`Self::heap_element`] finds it; `None` if a heap is not covered.
    pub fn sum_element(&self, heaps: &[u64], pattern: Option<FinalPattern>) -> Option<Element> {
        heaps.iter().try_fold(0, |x, &h| Some(self.monoid.product(x, self.heap_element(h, pattern)?)))
    }
}

/// The argument of [`PartialQuotient::stability`] for the elements of a
/// game's heaps `0..images.len()` in any verified quotient that holds them
/// (with other heaps too, e.g. nim heaps: the argument only needs that a
/// heap with the same element and options' elements as a smaller one adds
/// nothing). `octal_length` is the place of the code's last digit, if it
/// is a finite octal code.
pub(super) fn stability_of(images: &[Element], octal_length: Option<usize>, last_growth: u64) -> Stability {
    let last = images.len() - 1;
    let mut seen: Option<(usize, usize)> = None;
    for period in 1..=last / 2 {
        // The smallest n0 with Φ(h + p) = Φ(h) for n0 ≤ h ≤ last − p.
        let mut n0 = last - period;
        while n0 > 0 && images[n0 - 1 + period] == images[n0 - 1] {
            n0 -= 1;
        }
        if images[last] != images[last - period] {
            continue;
        }
        if let Some(k) = octal_length {
            // (As for values, never from heap 0: a split may not leave an
            // empty heap. Heaps below `from` are checked as they stand.)
            let from = crate::sequence::theorem_start(n0);
            if last + 1 >= 2 * from + 2 * period + k {
                return Stability {
                    last_growth,
                    period: Some(period as u64),
                    preperiod: Some(n0 as u64),
                    proven: true,
                    statement: format!(
                        "proven final: heaps' elements satisfy Φ(h + {period}) = Φ(h) for {from} ≤ h < {} \
                             (2·n0 + p + k with k = {k}{}), checked through heap {last}, so by the octal periodicity \
                             argument every larger heap acts like a smaller one and the quotient never grows",
                        2 * from + period + k,
                        if from > n0 { ", from heap 1: a split leaves no empty heap" } else { "" }
                    ),
                };
            }
        }
        // An unproven pattern counts once it has repeated three times.
        if seen.is_none() && last + 1 - n0 >= 3 * period + period {
            seen = Some((n0, period));
        }
    }
    let why = match octal_length {
        Some(_) => "the heaps' elements are not yet periodic over a long enough range to prove it",
        None => "there is no periodicity proof for codes that are not finite octal codes",
    };
    Stability {
            last_growth,
            period: seen.map(|(_, p)| p as u64),
            preperiod: seen.map(|(n0, _)| n0 as u64),
            proven: false,
            statement: format!(
                "stable so far: the quotient last grew at heap {last_growth} and has not changed through heap {last}; {why}"
            ),
        }
}
