//! Nim-sum, nim-product and nim-inverse on 64-bit nim-values.

use super::NimValue;

/// The nim-sum of two nim-values: bitwise exclusive or.
///
/// ```
/// assert_eq!(grundy::nim::nim_sum(3, 5), 6);
/// ```
pub fn nim_sum(a: NimValue, b: NimValue) -> NimValue {
    a ^ b
}

/// The nim-product of two nim-values.
///
/// Works by the Fermat 2-power recursion: write `a = a1·F + a0` with
/// `F = 2^(2^k)` the Fermat 2-power that halves the bit width; then
/// `F ⊗ F = F ⊕ F/2`, so
/// `a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·F ⊕ a0b0 ⊕ (a1b1 ⊗ F/2)`.
/// The middle term is found Karatsuba-style from `(a0⊕a1)(b0⊕b1)`, so each
/// level needs three half-width products, not four.
///
/// ```
/// use grundy::nim::nim_product;
/// assert_eq!(nim_product(2, 2), 3);
/// assert_eq!(nim_product(8, 16), 128);
/// ```
pub fn nim_product(a: NimValue, b: NimValue) -> NimValue {
    product_in_width::<true>(a, b, width_of(a | b))
}

/// The smallest power-of-two bit width that holds `x` (at least 1). The
/// recursion starts there: from 64 bits, small values would pay for every
/// level above, where the high halves are 0 and the crossed product is
/// the low one computed again (Turning Corners' 3,000 × 3,000 table took
/// 11 s).
fn width_of(x: u64) -> u32 {
    (u64::BITS - x.leading_zeros()).max(1).next_power_of_two()
}

/// Every nim-product of two bytes, `a << 8 | b` to `a ⊗ b`: the
/// recursion's leaves (products within 8 bits stay within 8 bits, since
/// the nim-values below 2^8 are a field).
fn byte_products() -> &'static [u8; 1 << 16] {
    static TABLE: std::sync::OnceLock<Box<[u8; 1 << 16]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u8; 1 << 16]);
        for (i, product) in table.iter_mut().enumerate() {
            *product = product_in_width::<false>(i as u64 >> 8, i as u64 & 0xff, 8) as u8;
        }
        table
    })
}

/// Nim-product of two numbers below `2^bits` (`bits` a power of two);
/// `BYTES` looks products within 8 bits up in [`byte_products`].
fn product_in_width<const BYTES: bool>(a: u64, b: u64, bits: u32) -> u64 {
    if a == 0 || b == 0 {
        return 0;
    }
    if a == 1 {
        return b;
    }
    if b == 1 {
        return a;
    }
    if bits == 1 {
        return a & b;
    }
    if BYTES && bits <= 8 {
        return u64::from(byte_products()[(a << 8 | b) as usize]);
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let high_high = product_in_width::<BYTES>(a1, b1, half);
    let low_low = product_in_width::<BYTES>(a0, b0, half);
    let crossed = product_in_width::<BYTES>(a0 ^ a1, b0 ^ b1, half);
    // (a0⊕a1)(b0⊕b1) = a0b0 ⊕ a0b1 ⊕ a1b0 ⊕ a1b1, so this is the coefficient of F.
    let high = crossed ^ low_low;
    let low = low_low ^ product_in_width::<BYTES>(high_high, 1u64 << (half - 1), half);
    (high << half) | low
}

/// The nim-inverse: the `x` with `a ⊗ x = 1`, or `None` for `a = 0`.
///
/// The nim-values below `2^64` form the field GF(2^64), whose non-zero
/// elements satisfy `a^(2^64 − 1) = 1`; so the inverse is `a^(2^64 − 2)`,
/// found by repeated squaring.
///
/// ```
/// use grundy::nim::{nim_inverse, nim_product};
/// assert_eq!(nim_inverse(16), Some(170));
/// assert_eq!(nim_product(16, 170), 1);
/// ```
pub fn nim_inverse(a: NimValue) -> Option<NimValue> {
    if a == 0 {
        return None;
    }
    // 2^64 − 2 in binary is 63 ones followed by a zero.
    let mut result = 1;
    let mut square = a;
    let mut exponent = u64::MAX - 1;
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = nim_product(result, square);
        }
        square = nim_product(square, square);
        exponent >>= 1;
    }
    Some(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The schoolbook definition: a ⊗ b = mex { a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b }.
    fn product_by_definition(limit: usize) -> Vec<Vec<u64>> {
        let mut table = vec![vec![0u64; limit]; limit];
        for a in 0..limit {
            for b in 0..limit {
                let mut seen = vec![false; limit * limit + 1];
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = table[a2][b] ^ table[a][b2] ^ table[a2][b2];
                        seen[v as usize] = true;
                    }
                }
                table[a][b] = seen.iter().position(|s| !s).unwrap() as u64;
            }
        }
        table
    }

    #[test]
    fn product_matches_the_definition_below_32() {
        let table = product_by_definition(32);
        for a in 0..32u64 {
            for b in 0..32u64 {
                assert_eq!(nim_product(a, b), table[a as usize][b as usize], "{a} ⊗ {b}");
            }
        }
    }

    /// Row 8 of the nim-multiplication table (OEIS A051775; ONAG ch. 6),
    /// n = 1..=16, as the definition gives it.
    #[test]
    fn row_of_eight_by_the_definition() {
        let table = product_by_definition(17);
        let row: Vec<u64> = (1..=16).map(|n| nim_product(8, n)).collect();
        assert_eq!(row, table[8][1..=16]);
        assert_eq!(row, [8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128]);
    }

    /// The inverses of 1..=16 are OEIS A051917 (terms 1..=16); past 16
    /// each is checked by its product, which the definition fixes below 32.
    #[test]
    fn inverses_match_oeis_a051917() {
        let inverses: Vec<u64> = (1..=16).map(|n| nim_inverse(n).unwrap()).collect();
        assert_eq!(inverses, [1, 3, 2, 15, 12, 9, 11, 10, 6, 8, 7, 5, 14, 13, 4, 170]);
        let table = product_by_definition(32);
        for n in 1..32u64 {
            let inverse = (1..32).find(|&m| table[n as usize][m] == 1);
            if let Some(m) = inverse {
                assert_eq!(nim_inverse(n), Some(m as u64), "{n}");
            }
        }
        assert_eq!(nim_inverse(0), None);
    }

    #[test]
    fn byte_products_match_the_plain_recursion() {
        for a in 0..256u64 {
            for b in 0..256u64 {
                assert_eq!(nim_product(a, b), product_in_width::<false>(a, b, 64), "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn fermat_powers_square_to_sesquimultiples() {
        // F ⊗ F = 3F/2 for every Fermat 2-power F = 2^(2^k).
        for k in 0..6 {
            let f = 1u64 << (1 << k);
            if f == 0 {
                continue;
            }
            assert_eq!(nim_product(f, f), f ^ (f >> 1), "F = {f}");
        }
    }

    proptest::proptest! {
        /// The shortcuts (starting at the operands' width, the table of
        /// bytes) against the plain recursion over all 64 bits.
        #[test]
        fn shortcuts_match_the_plain_recursion(a: u64, b: u64, shift_a in 0u32..64, shift_b in 0u32..64) {
            let (a, b) = (a >> shift_a, b >> shift_b);
            proptest::prop_assert_eq!(nim_product(a, b), product_in_width::<false>(a, b, 64));
        }

        #[test]
        fn field_laws(a: u64, b: u64, c: u64) {
            proptest::prop_assert_eq!(nim_product(a, b), nim_product(b, a));
            proptest::prop_assert_eq!(nim_product(nim_product(a, b), c), nim_product(a, nim_product(b, c)));
            proptest::prop_assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
            if a != 0 {
                proptest::prop_assert_eq!(nim_product(a, nim_inverse(a).unwrap()), 1);
            }
        }
    }
}
