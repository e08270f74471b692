//! The minimum excludant.

use super::NimValue;

/// The *mex* of a list of nim-values: the least value not in it.
///
/// The mex of `n` values is at most `n`, so values above `n` can be ignored;
/// with fewer than 64 values a single bit mask does the work.
///
/// ```
/// use grundy::nim::mex;
/// assert_eq!(mex(&[0, 1, 3]), 2);
/// assert_eq!(mex(&[]), 0);
/// ```
pub fn mex(values: &[NimValue]) -> NimValue {
    let n = values.len();
    if n < 64 {
        let mut seen = 0u64;
        for &v in values {
            if v < 64 {
                seen |= 1 << v;
            }
        }
        return (!seen).trailing_zeros() as NimValue;
    }
    if n < 4096 {
        // A bit set on the stack: no allocation on the hot path.
        let mut seen = [0u64; 64];
        for &v in values {
            if v < 4096 {
                seen[(v / 64) as usize] |= 1 << (v % 64);
            }
        }
        let word = seen.iter().position(|&w| w != u64::MAX).expect("fewer than 4096 values leave a gap");
        return (word * 64) as NimValue + (!seen[word]).trailing_zeros() as NimValue;
    }
    let mut seen = vec![false; n + 1];
    for &v in values {
        if (v as usize) < seen.len() {
            seen[v as usize] = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap_or(n) as NimValue
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mex_by_definition(values: &[u64]) -> u64 {
        (0..).find(|v| !values.contains(v)).unwrap()
    }

    proptest::proptest! {
        #[test]
        fn agrees_with_the_definition(values in proptest::collection::vec(0u64..200, 0..150)) {
            proptest::prop_assert_eq!(mex(&values), mex_by_definition(&values));
        }

        #[test]
        fn agrees_with_the_definition_past_the_bit_set(values in proptest::collection::vec(0u64..5000, 3000..5000)) {
            proptest::prop_assert_eq!(mex(&values), mex_by_definition(&values));
        }
    }

    /// Lists whose mex is known by construction, drawn across all three paths:
    /// every value below `k` except a hole `h` (no hole when `h == k`), plus
    /// repeats of values below the hole and values above `k`, shuffled. The
    /// mex is then `h`, anywhere from 0 to past 4096 — where uniform draws
    /// almost never put it above 15.
    fn lists_with_known_mex() -> impl proptest::strategy::Strategy<Value = (Vec<u64>, u64)> {
        use proptest::prelude::*;
        (0u64..6000).prop_flat_map(|k| (Just(k), 0..=k, proptest::collection::vec(any::<u64>(), 0..40))).prop_flat_map(
            |(k, hole, extra)| {
                let mut values: Vec<u64> = (0..k).filter(|&v| v != hole).collect();
                for (i, e) in extra.into_iter().enumerate() {
                    values.push(match (i % 3, hole) {
                        (0, h) if h > 0 => e % h,     // a repeat below the hole
                        (1, _) => k + 1 + e % 10_000, // above every listed value
                        _ => e.max(k + 1),            // anywhere above, u64::MAX included
                    });
                }
                (Just(values).prop_shuffle(), Just(hole))
            },
        )
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(200))]
        #[test]
        fn finds_the_hole_below_64_past_64_and_past_4096((values, hole) in lists_with_known_mex()) {
            proptest::prop_assert_eq!(mex(&values), hole);
        }
    }

    #[test]
    fn large_and_dense() {
        let values: Vec<u64> = (0..1000).rev().collect();
        assert_eq!(mex(&values), 1000);
        assert_eq!(mex(&[u64::MAX, 0]), 1);
    }
}
