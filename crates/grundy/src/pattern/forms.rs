//! Forms of the set of P-positions, each checked on every cell of the range.
//!
//! The library is the one a contest solver tries first: the diagonal,
//! congruences, one linear congruence, and complementary Beatty pairs.
//! Each candidate is *derived* from the data (a modulus from the
//! periodicity of the P-indicator, a residue from the first P-position, α
//! from the first Beatty pair) and then *verified* cell by cell in exact
//! integer arithmetic, so a reported form is a fact about the range.

use serde::Serialize;

use super::{periods, Grid};

/// A description of the P-positions that holds on every cell of the range.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "form", rename_all = "kebab-case")]
pub enum PForm {
    /// The P-positions are exactly the cells with `x = y`.
    Diagonal,
    /// The P-positions are exactly the cells with `x = 0` or `y = 0`: a
    /// product of games whose position 0 has value 0 (Turning Corners,
    /// whose value `x ⊗ y` is 0 only there).
    Axes,
    /// One-coordinate games: `n` is a P-position iff `n mod modulus` is one of `residues`.
    HeapCongruence { modulus: u64, residues: Vec<u64> },
    /// `(x, y)` is a P-position iff `(x mod row_modulus, y mod column_modulus)` is one of `residues`.
    Congruence { row_modulus: u64, column_modulus: u64, residues: Vec<(u64, u64)> },
    /// `(x, y)` is a P-position iff `a·x + b·y ≡ c (mod m)`.
    Linear { a: u64, b: u64, c: u64, m: u64 },
    /// The P-positions are `(⌊kα⌋, ⌊kβ⌋)` and `(⌊kβ⌋, ⌊kα⌋)` for `k ≥ 0`, with
    /// `β = α + shift` and `1/α + 1/β = 1` (complementary Beatty sequences),
    /// which gives `α = (2 − shift + √(shift² + 4))/2`; for shift 1, the
    /// golden ratio and `β = α²` (Wythoff).
    Beatty {
        shift: u64,
        /// α as a formula, e.g. `(1+√5)/2`.
        alpha: String,
        /// The interval `[low, high)` every pair in the range puts α in: α as found from the data alone.
        data_interval: (f64, f64),
        /// How many pairs `k ≥ 1` lie in the range.
        pairs: u64,
    },
}

// f64 fields are finite and compared only in tests.
impl Eq for PForm {}

/// The largest modulus tried for a linear congruence.
const MAX_LINEAR_MODULUS: u64 = 12;
/// A congruence with more residue classes than this describes nothing.
const MAX_RESIDUES: usize = 64;

pub(crate) fn find_forms(grid: &Grid, two_d: bool) -> Vec<PForm> {
    let p_count = grid.cells.iter().filter(|&&c| c == Some(0)).count();
    if p_count == 0 {
        return Vec::new();
    }
    let mut forms = Vec::new();
    if two_d {
        if holds(grid, |x, y| x == y) {
            forms.push(PForm::Diagonal);
        }
        // Only a range that meets both axes shows them.
        if grid.row_start == 0 && grid.column_start == 0 && holds(grid, |x, y| x == 0 || y == 0) {
            forms.push(PForm::Axes);
        }
        forms.extend(congruence(grid));
        forms.extend(linear(grid));
        forms.extend(beatty(grid));
    } else {
        forms.extend(heap_congruence(grid));
    }
    forms
}

/// Whether the P-positions of the range are exactly the on-board cells with `is_p(x, y)`.
fn holds(grid: &Grid, is_p: impl Fn(u64, u64) -> bool) -> bool {
    (0..grid.height).all(|row| {
        (0..grid.width).all(|column| match grid.at(row, column) {
            None => true,
            Some(v) => (v == 0) == is_p(grid.row_start + row as u64, grid.column_start + column as u64),
        })
    })
}

/// The P-indicator repeats from the first row with period `a` and from the
/// first column with period `b` ⇒ P-ness depends only on `(x mod a, y mod b)`.
fn congruence(grid: &Grid) -> Option<PForm> {
    let indicator = grid.p_indicator();
    let rows = periods::axis_period(&indicator)?;
    let columns = periods::axis_period(&indicator.transposed())?;
    if rows.from != grid.row_start || columns.from != grid.column_start {
        return None;
    }
    let (a, b) = (rows.period, columns.period);
    let mut residues = Vec::new();
    for row in 0..grid.height.min(a as usize) {
        for column in 0..grid.width.min(b as usize) {
            if grid.is_p(row, column) {
                residues.push(((grid.row_start + row as u64) % a, (grid.column_start + column as u64) % b));
            }
        }
    }
    residues.sort_unstable();
    let form_holds = holds(grid, |x, y| residues.binary_search(&(x % a, y % b)).is_ok());
    (form_holds && residues.len() <= MAX_RESIDUES).then_some(PForm::Congruence {
        row_modulus: a,
        column_modulus: b,
        residues,
    })
}

fn heap_congruence(grid: &Grid) -> Option<PForm> {
    let indicator = grid.p_indicator();
    let period = periods::axis_period(&indicator)?;
    if period.from != grid.row_start {
        return None;
    }
    let m = period.period;
    let mut residues: Vec<u64> = (0..grid.height.min(m as usize))
        .filter(|&row| grid.is_p(row, 0))
        .map(|row| (grid.row_start + row as u64) % m)
        .collect();
    residues.sort_unstable();
    let form_holds = holds(grid, |x, _| residues.binary_search(&(x % m)).is_ok());
    (form_holds && residues.len() <= MAX_RESIDUES).then_some(PForm::HeapCongruence { modulus: m, residues })
}

/// The first `a·x + b·y ≡ c (mod m)` (smallest m, then a, then b) that
/// describes the P-positions; `c` comes from the first P-position. The
/// modulus must fit twice into each side of the range, so that the
/// congruence is seen to repeat.
fn linear(grid: &Grid) -> Option<PForm> {
    let (first_row, first_column) =
        (0..grid.height).flat_map(|r| (0..grid.width).map(move |c| (r, c))).find(|&(r, c)| grid.is_p(r, c))?;
    let (x0, y0) = (grid.row_start + first_row as u64, grid.column_start + first_column as u64);
    let largest = MAX_LINEAR_MODULUS.min(grid.height.min(grid.width) as u64 / 2);
    for m in 2..=largest {
        for a in 0..m {
            for b in 0..m {
                if a == 0 && b == 0 {
                    continue;
                }
                let c = (a * (x0 % m) + b * (y0 % m)) % m;
                if holds(grid, |x, y| (a * (x % m) + b * (y % m)) % m == c) {
                    return Some(PForm::Linear { a, b, c, m });
                }
            }
        }
    }
    None
}

/// `⌊k·α⌋` for `α = (2 − t + √(t² + 4))/2`, exactly: `⌊(k(2−t) + √((t²+4)k²))/2⌋`,
/// and the square root may be floored first because the numerator's other
/// term is an integer (`√((t²+4)k²)` is irrational for k > 0, as t² + 4 is
/// never a square for t ≥ 1).
fn beatty_low(k: u64, t: u64) -> Option<u64> {
    let (k, t) = (k as i128, t as i128);
    let root = u128::try_from((t * t + 4).checked_mul(k.checked_mul(k)?)?).ok()?.isqrt() as i128;
    u64::try_from((k * (2 - t) + root).div_euclid(2)).ok()
}

/// Complementary Beatty pairs `(⌊kα⌋, ⌊kα⌋ + t·k)`: the shift `t` is read
/// off the first pair above the diagonal, then every cell is checked
/// against the pairs generated exactly. Needs the range to start at (0, 0),
/// where `k` counts the pairs.
fn beatty(grid: &Grid) -> Option<PForm> {
    if grid.row_start != 0 || grid.column_start != 0 {
        return None;
    }
    // The P-positions above the diagonal, by row: (a_k, b_k) for k = 1, 2, …
    let above: Vec<(u64, u64)> = (0..grid.height)
        .flat_map(|r| (0..grid.width).map(move |c| (r, c)))
        .filter(|&(r, c)| r < c && grid.is_p(r, c))
        .map(|(r, c)| (r as u64, c as u64))
        .collect();
    let &(a1, b1) = above.first()?;
    let shift = b1.checked_sub(a1)?;
    if shift == 0 || above.len() < 3 {
        return None;
    }
    let mut pairs: Vec<(u64, u64)> = vec![(0, 0)];
    let largest = (grid.height.max(grid.width) - 1) as u64;
    for k in 1.. {
        let low = beatty_low(k, shift)?;
        if low > largest {
            break;
        }
        pairs.push((low, low + shift * k));
    }
    let mut set: Vec<(u64, u64)> = pairs.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    set.sort_unstable();
    if !holds(grid, |x, y| set.binary_search(&(x, y)).is_ok()) {
        return None;
    }
    // What the data alone say about α: ⌊kα⌋ = a_k puts α in [a_k/k, (a_k+1)/k).
    let in_range: Vec<(u64, u64)> =
        pairs[1..].iter().copied().filter(|&(a, b)| (a as usize) < grid.height && (b as usize) < grid.width).collect();
    let low = in_range.iter().enumerate().map(|(i, &(a, _))| a as f64 / (i + 1) as f64).fold(0.0, f64::max);
    let high =
        in_range.iter().enumerate().map(|(i, &(a, _))| (a + 1) as f64 / (i + 1) as f64).fold(f64::INFINITY, f64::min);
    let radicand = shift * shift + 4;
    let alpha = match 2i64 - shift as i64 {
        0 => format!("√{radicand}/2"),
        p => format!("({p}+√{radicand})/2"),
    };
    Some(PForm::Beatty { shift, alpha, data_interval: (low, high), pairs: in_range.len() as u64 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beatty_shift_one_is_the_golden_ratio() {
        // ⌊kφ⌋ for k = 1..10 (OEIS A000201): 1 3 4 6 8 9 11 12 14 16.
        let lower: Vec<u64> = (1..=10).map(|k| beatty_low(k, 1).unwrap()).collect();
        assert_eq!(lower, [1, 3, 4, 6, 8, 9, 11, 12, 14, 16]);
        // ⌊k√2⌋ (shift 2: α = √2, β = 2 + √2; OEIS A001951): 1 2 4 5 7 8 9 11.
        let lower: Vec<u64> = (1..=8).map(|k| beatty_low(k, 2).unwrap()).collect();
        assert_eq!(lower, [1, 2, 4, 5, 7, 8, 9, 11]);
    }
}
