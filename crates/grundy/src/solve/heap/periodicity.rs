//! Periodicity of nim-value sequences, with proof where theory gives one.

use serde::Serialize;

/// A pattern `G(n + period) = G(n) + saltus` for all `n ≥ preperiod`
/// within the computed values, and whether it is proven for all `n`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first heap from which the pattern holds (the last exception is
    /// the heap before it).
    pub preperiod: usize,
    pub period: usize,
    /// 0 for plain periodicity; positive for arithmetic periodicity.
    pub saltus: u64,
    /// Proven for every heap, or only seen in the values computed (a conjecture).
    pub proven: bool,
    /// The proof, for proven patterns: the theorem and the range checked.
    pub certificate: Option<String>,
    /// The last heap whose value was computed.
    pub computed_through: usize,
}

/// A pattern counts as a conjecture once it has repeated this many times.
const CONJECTURE_REPEATS: usize = 3;
/// …and held for at least this many heaps.
const CONJECTURE_SPAN: usize = 30;

/// Finds the shortest period (with its saltus and preperiod) that the tail
/// of `values` follows.
///
/// With `octal_length = Some(k)` (a finite octal code whose last non-zero
/// digit is at place k) it proves periodicity by the **octal periodicity
/// theorem** (Guy and Smith 1956; Winning Ways ch. 4; Siegel,
/// *Combinatorial Game Theory* IV.2): if `G(n + p) = G(n)` for all
/// `n0 ≤ n < 2·n0 + p + k`, then for all `n ≥ n0`. The values through heap
/// `2·n0 + 2p + k − 1` must be known for the check, and the certificate
/// names that range. Arithmetic periodicity (saltus > 0) and games outside
/// the theorem are only ever reported as conjectures.
///
/// ```
/// use grundy::solve::heap::find_periodicity;
/// // 0 0 1 1 0 0 1 1 …: the subtraction game {2}.
/// let values: Vec<u32> = (0..200).map(|n| (n / 2 % 2) as u32).collect();
/// let pattern = find_periodicity(&values, Some(2)).unwrap();
/// assert_eq!((pattern.preperiod, pattern.period, pattern.proven), (0, 4, true));
/// ```
pub fn find_periodicity(values: &[u32], octal_length: Option<usize>) -> Option<Periodicity> {
    let len = values.len();
    for period in 1..=len / 2 {
        let (last, earlier) = (values[len - 1], values[len - 1 - period]);
        if last < earlier {
            continue;
        }
        let saltus = (last - earlier) as u64;
        // How far back from the end G(n + p) = G(n) + s holds.
        let mut n = len - 1 - period;
        loop {
            if values[n + period] as u64 != values[n] as u64 + saltus {
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
        let pattern = |proven, certificate| Periodicity {
            preperiod,
            period,
            saltus,
            proven,
            certificate,
            computed_through: len - 1,
        };
        if let (0, Some(k)) = (saltus, octal_length) {
            let needed = 2 * preperiod + 2 * period + k;
            if len >= needed {
                let certificate = format!(
                    "octal periodicity theorem (Guy–Smith 1956; Winning Ways ch. 4): the code's last non-zero digit is at \
                     place k = {k}, and G(n + {period}) = G(n) was checked for every n with {preperiod} ≤ n < 2·{preperiod} + \
                     {period} + {k} = {}, using the values of heaps 0..{}",
                    2 * preperiod + period + k,
                    needed - 1
                );
                return Some(pattern(true, Some(certificate)));
            }
        }
        if span >= CONJECTURE_REPEATS * period && span >= CONJECTURE_SPAN {
            // The shortest pattern the values follow, not yet provable: a
            // longer period would need even more values to prove.
            return Some(pattern(false, None));
        }
    }
    None
}
