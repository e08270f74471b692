//! Numbering two-coordinate positions along anti-diagonals.

/// The number of `(x, y)` when cells are listed diagonal by diagonal
/// (`x + y = 0, 1, 2, …`, and by `x` within a diagonal).
///
/// Any game whose moves lower `x + y` can be tabled in this order: every
/// option lies on an earlier diagonal.
///
/// ```
/// use grundy::catalogue::{diagonal_index, diagonal_position};
/// assert_eq!(diagonal_index(0, 0), 0);
/// assert_eq!(diagonal_index(0, 1), 1);
/// assert_eq!(diagonal_index(1, 0), 2);
/// assert_eq!(diagonal_position(diagonal_index(17, 4)), (17, 4));
/// ```
pub fn diagonal_index(x: u64, y: u64) -> usize {
    let d = x + y;
    (d * (d + 1) / 2 + x) as usize
}

/// The inverse of [`diagonal_index`].
pub fn diagonal_position(index: usize) -> (u64, u64) {
    let i = index as u64;
    // The diagonal d is the largest with d(d+1)/2 ≤ i.
    let mut d = (((8 * i as u128 + 1) as f64).sqrt() as u64).saturating_sub(1) / 2;
    while (d + 1) * (d + 2) / 2 <= i {
        d += 1;
    }
    while d * (d + 1) / 2 > i {
        d -= 1;
    }
    let x = i - d * (d + 1) / 2;
    (x, d - x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_is_dense() {
        for i in 0..100_000 {
            let (x, y) = diagonal_position(i);
            assert_eq!(diagonal_index(x, y), i);
        }
        let big = diagonal_index(3_000_000, 1_000_000);
        assert_eq!(diagonal_position(big), (3_000_000, 1_000_000));
    }
}
