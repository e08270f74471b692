//! Wythoff's game: two heaps; take from one, or the same from both.

use crate::error::{Error, Result};
use crate::game::{parse_pair, ClosedOutcome, Monotone, Notation};
use crate::game::{Convention, Game, Options, Outcome};

/// Wythoff's game. A position is `(x, y)`; a move lowers one coordinate, or
/// both by the same amount. Its nim-values have no known formula and come
/// from search; its P-positions do (Wythoff 1907): the pairs
/// `(⌊kφ⌋, ⌊kφ⌋ + k)` and their mirror images.
///
/// ```
/// use grundy::catalogue::Wythoff;
/// assert!(Wythoff::is_p_position(3, 5));
/// assert!(!Wythoff::is_p_position(3, 4));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

/// The most memory [`Wythoff::nim_value_table`] takes: 1 GiB, about twice
/// what the largest square table allowed (10,000 × 10,000 pairs) needs.
const MAX_WYTHOFF_TABLE_BYTES: u64 = 1 << 30;

impl Wythoff {
    /// `⌊k·φ⌋` in exact integer arithmetic: `φ = (1 + √5)/2`, so
    /// `⌊kφ⌋ = ⌊(k + √(5k²))/2⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋` (√(5k²) is irrational
    /// for k > 0, so flooring it first loses nothing).
    pub fn lower_p_coordinate(k: u64) -> u64 {
        let k = k as u128;
        ((k + (5 * k * k).isqrt()) / 2) as u64
    }

    /// The largest heap whose nim-value comes from search (search costs
    /// ~heap³); outcomes and winning moves of one position go up to
    /// [`Wythoff::MAX_CLOSED_FORM_HEAP`] through the P-positions.
    pub const MAX_SEARCHED_HEAP: u64 = 1000;

    /// The largest heap the P-position formulas take (`5k²` must fit in
    /// 128 bits).
    pub const MAX_CLOSED_FORM_HEAP: u64 = 1 << 62;

    /// The largest heap of one position in misère play that is searched
    /// (for its genus, beside outcome and winning moves): past it the
    /// misère P-positions answer ([`MisereWythoff`]). Search of 64,64 takes
    /// a second, of 512,826 more than five minutes.
    pub const MAX_MISERE_SEARCHED_HEAP: u64 = 64;

    /// Whether `(x, y)` is a P-position (second player wins).
    pub fn is_p_position(x: u64, y: u64) -> bool {
        let (low, high) = if x <= y { (x, y) } else { (y, x) };
        Self::lower_p_coordinate(high - low) == low
    }

    /// The heap `m` that makes `(n, m)` a P-position. Every `n ≥ 1` is in
    /// exactly one Wythoff pair `(a_k, b_k)` (Beatty's theorem: the
    /// sequences `⌊kφ⌋` and `⌊kφ²⌋` partition the positive integers), found
    /// by binary search on `k`, both sequences being increasing. At most
    /// [`Wythoff::MAX_CLOSED_FORM_HEAP`].
    pub fn p_partner(n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // The first k with key(k) ≥ n, for an increasing key with key(n) ≥ n.
        let first_at_least = |key: &dyn Fn(u64) -> u64| {
            let (mut low, mut high) = (1, n);
            while low < high {
                let middle = low + (high - low) / 2;
                if key(middle) >= n {
                    high = middle;
                } else {
                    low = middle + 1;
                }
            }
            low
        };
        let k = first_at_least(&Self::lower_p_coordinate);
        if Self::lower_p_coordinate(k) == n {
            return n + k;
        }
        let k = first_at_least(&|k| Self::lower_p_coordinate(k) + k);
        debug_assert_eq!(Self::lower_p_coordinate(k) + k, n, "Beatty: {n} is a_k or b_k");
        n - k
    }

    /// Every winning move from `(x, y)` — every option that is a
    /// P-position — exactly, from the P-positions alone (no nim-values):
    /// lower `x` to `y`'s partner, lower `y` to `x`'s partner, or move
    /// diagonally to the pair with difference `|x − y|`, each where that
    /// is a move. Empty for a P-position. Heaps at most
    /// [`Wythoff::MAX_CLOSED_FORM_HEAP`].
    ///
    /// ```
    /// use grundy::catalogue::Wythoff;
    /// assert_eq!(Wythoff::winning_moves(4, 4), [(0, 0)]);
    /// assert!(Wythoff::winning_moves(3, 5).is_empty());
    /// ```
    pub fn winning_moves(x: u64, y: u64) -> Vec<(u64, u64)> {
        if Self::is_p_position(x, y) {
            return Vec::new();
        }
        Self::moves_to_p(x, y, Self::p_partner, Self::lower_p_coordinate)
    }

    /// The moves from `(x, y)` to P-positions, where `partner(n)` is the
    /// heap that makes `(n, partner(n))` one and `lower(k)` the smaller heap
    /// of the one whose heaps differ by `k`: at most one along the row, one
    /// along the column and one along the diagonal.
    fn moves_to_p(x: u64, y: u64, partner: fn(u64) -> u64, lower: fn(u64) -> u64) -> Vec<(u64, u64)> {
        let mut moves = Vec::new();
        let beside = partner(y);
        if beside < x {
            moves.push((beside, y));
        }
        let beside = partner(x);
        if beside < y {
            moves.push((x, beside));
        }
        let k = x.abs_diff(y);
        let low = lower(k);
        if low < x.min(y) {
            moves.push(if x <= y { (low, low + k) } else { (low + k, low) });
        }
        moves
    }

    /// Whether `(x, y)` is a P-position of misère Wythoff (whoever takes
    /// the last counter loses): the P-positions of normal play but for the
    /// three smallest, `(0, 1)`, `(1, 0)` and `(2, 2)` in place of `(0, 0)`,
    /// `(1, 2)` and `(2, 1)` (Wythoff's game, misère version; checked
    /// against search of every position up to 40 × 40 in the tests). Every
    /// heap still has one partner, and every difference one P-position.
    ///
    /// ```
    /// use grundy::catalogue::Wythoff;
    /// assert!(Wythoff::is_misere_p_position(0, 1) && Wythoff::is_misere_p_position(2, 2));
    /// assert!(!Wythoff::is_misere_p_position(0, 0) && !Wythoff::is_misere_p_position(1, 2));
    /// assert!(Wythoff::is_misere_p_position(3, 5));
    /// ```
    pub fn is_misere_p_position(x: u64, y: u64) -> bool {
        Self::misere_p_partner(x) == y
    }

    /// [`Wythoff::p_partner`] in misère play.
    fn misere_p_partner(n: u64) -> u64 {
        match n {
            0 => 1,
            1 => 0,
            2 => 2,
            n => Self::p_partner(n),
        }
    }

    /// [`Wythoff::lower_p_coordinate`] in misère play: the smaller heap of
    /// the misère P-position whose heaps differ by `k`.
    fn misere_lower_p_coordinate(k: u64) -> u64 {
        match k {
            0 => 2,
            1 => 0,
            k => Self::lower_p_coordinate(k),
        }
    }

    /// Every winning move from `(x, y)` in misère play, from the misère
    /// P-positions ([`Wythoff::is_misere_p_position`]); empty for a
    /// P-position, and for `(0, 0)`, which has no move and is won.
    ///
    /// ```
    /// use grundy::catalogue::Wythoff;
    /// assert_eq!(Wythoff::misere_winning_moves(4, 4), [(2, 2)]);
    /// assert_eq!(Wythoff::misere_winning_moves(0, 5), [(0, 1)]);
    /// ```
    pub fn misere_winning_moves(x: u64, y: u64) -> Vec<(u64, u64)> {
        if Self::is_misere_p_position(x, y) {
            return Vec::new();
        }
        Self::moves_to_p(x, y, Self::misere_p_partner, Self::misere_lower_p_coordinate)
    }

    /// The nim-values of every pair `(x, y)` with `x < rows`, `y < columns`,
    /// row-major (`values[x * columns + y]`), by the mex over the three
    /// lines a move runs along. Each row, column and diagonal keeps a bitset
    /// of the values met on it so far (a mex is at most the number of
    /// options, `x + y + min(x, y)`), and a pair's value is the first bit
    /// clear in the union of its three: about `(x + y)/64` word operations
    /// a pair, where listing its options is `x + y + min(x, y)` look-ups of a
    /// memo (heaps up to 1,000: a fraction of a second against minutes).
    ///
    /// ```
    /// use grundy::catalogue::Wythoff;
    /// let values = Wythoff::nim_value_table(11, 11).unwrap();
    /// // Row 10: 10 11 9 8 13 12 0 15 16 17 14 (OEIS A317205).
    /// assert_eq!(values[110..121], [10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14]);
    /// ```
    ///
    /// The current watch ([`crate::Watch`]) is looked at once a row, so
    /// Ctrl-C stops it ([`crate::Error::Interrupted`]).
    ///
    /// The bitsets are as long as the largest value, so their memory grows
    /// with the square of the longer side even when the other is short (a
    /// row of 300,000 × 6 pairs would need 22 GB): a table needing more than
    /// 1 GiB, or more than the watch's memory, is refused before anything
    /// is allocated.
    pub fn nim_value_table(rows: usize, columns: usize) -> Result<Vec<u32>> {
        let words = (rows + columns + rows.min(columns)).div_ceil(64).max(1);
        let bytes = (2 * rows as u128 + 2 * columns as u128) * words as u128 * 8 + rows as u128 * columns as u128 * 4;
        if bytes > MAX_WYTHOFF_TABLE_BYTES as u128 {
            return Err(Error::TooLarge {
                what: format!(
                    "Wythoff's table to ({}, {}) (a set of the values met on each row, column and diagonal, \
                     as long as the largest value)",
                    rows.saturating_sub(1),
                    columns.saturating_sub(1)
                ),
                needed: bytes,
                limit: MAX_WYTHOFF_TABLE_BYTES as u128,
                unit: "bytes",
            });
        }
        crate::watch::charge("Wythoff's table", bytes)?;
        crate::watch::check_growth(bytes as u64)?;
        // Sets of the values on each row x (pairs (x, y') with y' < y), each
        // column y (x' < x) and each diagonal y − x + rows.
        let mut row_sets = vec![0u64; rows * words];
        let mut column_sets = vec![0u64; columns * words];
        let mut diagonal_sets = vec![0u64; (rows + columns) * words];
        let mut values = vec![0u32; rows * columns];
        let mut poll = crate::watch::Poll::every(1);
        for x in 0..rows {
            poll.step()?;
            for y in 0..columns {
                let (row, column, diagonal) = (x * words, y * words, (y + rows - x) * words);
                let mut value = words * 64;
                for w in 0..words {
                    let seen = row_sets[row + w] | column_sets[column + w] | diagonal_sets[diagonal + w];
                    if seen != u64::MAX {
                        value = w * 64 + (!seen).trailing_zeros() as usize;
                        break;
                    }
                }
                values[x * columns + y] = value as u32;
                let (word, bit) = (value / 64, 1u64 << (value % 64));
                row_sets[row + word] |= bit;
                column_sets[column + word] |= bit;
                diagonal_sets[diagonal + word] |= bit;
            }
        }
        Ok(values)
    }
}

impl Game for Wythoff {
    type Position = (u64, u64);

    fn can_move(&self, &(x, y): &(u64, u64)) -> bool {
        x > 0 || y > 0
    }

    fn options(&self, &(x, y): &(u64, u64), options: &mut Options<(u64, u64)>) {
        for k in 1..=x {
            options.push((x - k, y));
        }
        for k in 1..=y {
            options.push((x, y - k));
        }
        for k in 1..=x.min(y) {
            options.push((x - k, y - k));
        }
    }
}

/// Normal play by the P-positions: any pair up to
/// [`Wythoff::MAX_CLOSED_FORM_HEAP`], winning moves by
/// [`Wythoff::winning_moves`] (three look-ups, not the 3·10^12 options of a
/// pair of heaps of 10^12).
impl ClosedOutcome for Wythoff {
    fn closed_outcome(&self, &(x, y): &(u64, u64)) -> Option<Outcome> {
        if x.max(y) > Self::MAX_CLOSED_FORM_HEAP {
            return None;
        }
        Some(if Self::is_p_position(x, y) { Outcome::P } else { Outcome::N })
    }

    fn closed_best_moves(&self, &(x, y): &(u64, u64)) -> Option<Vec<(u64, u64)>> {
        (x.max(y) <= Self::MAX_CLOSED_FORM_HEAP).then(|| Self::winning_moves(x, y))
    }

    fn closed_outcome_note(&self) -> String {
        format!(
            "decided by the P-positions (⌊kφ⌋, ⌊kφ⌋+k) (Wythoff 1907); nim-values have no known formula and are \
             searched only up to heap {}",
            Self::MAX_SEARCHED_HEAP
        )
    }
}

/// Wythoff's game in misère play, for its [`ClosedOutcome`]: outcomes and
/// winning moves of one position from the misère P-positions
/// ([`Wythoff::is_misere_p_position`]), at heaps where search of the
/// misère game (its genus, a second at heap 64) is out of reach.
#[derive(Clone, Copy, Debug, Default)]
pub struct MisereWythoff;

impl Game for MisereWythoff {
    type Position = (u64, u64);
    fn options(&self, position: &(u64, u64), options: &mut Options<(u64, u64)>) {
        Wythoff.options(position, options);
    }
}

impl Notation for MisereWythoff {
    fn parse_position(&self, text: &str) -> Result<(u64, u64)> {
        Wythoff.parse_position(text)
    }
    fn format_position(&self, position: &(u64, u64)) -> String {
        Wythoff.format_position(position)
    }
}

impl ClosedOutcome for MisereWythoff {
    fn closed_play(&self) -> Convention {
        Convention::Misere
    }

    fn closed_outcome(&self, &(x, y): &(u64, u64)) -> Option<Outcome> {
        (x.max(y) <= Wythoff::MAX_CLOSED_FORM_HEAP).then(|| {
            if Wythoff::is_misere_p_position(x, y) {
                Outcome::P
            } else {
                Outcome::N
            }
        })
    }

    fn closed_best_moves(&self, &(x, y): &(u64, u64)) -> Option<Vec<(u64, u64)>> {
        (x.max(y) <= Wythoff::MAX_CLOSED_FORM_HEAP).then(|| Wythoff::misere_winning_moves(x, y))
    }

    fn closed_outcome_note(&self) -> String {
        format!(
            "decided by the misère P-positions: those of normal play, (⌊kφ⌋, ⌊kφ⌋+k), but (0,1), (1,0) and (2,2) in \
             place of (0,0), (1,2) and (2,1); genera are searched only up to heap {}",
            Wythoff::MAX_MISERE_SEARCHED_HEAP
        )
    }
}

impl Monotone for Wythoff {
    fn coordinates(&self, &position: &(u64, u64)) -> (u64, u64) {
        position
    }
    fn at(&self, x: u64, y: u64) -> (u64, u64) {
        (x, y)
    }
}

impl Notation for Wythoff {
    fn parse_position(&self, text: &str) -> Result<(u64, u64)> {
        let (x, y): (u64, u64) = parse_pair(text, "two heap sizes")?;
        if x.max(y) > Self::MAX_SEARCHED_HEAP {
            return Err(Error::InvalidPosition(format!(
                "heaps {x},{y} are too large: Wythoff nim-values come from search over every smaller pair, so heaps in sums and misère or Every-SG play are limited to {}; one position in normal or misère play is answered from the P-positions",
                Self::MAX_SEARCHED_HEAP
            )));
        }
        Ok((x, y))
    }
    fn format_position(&self, &(x, y): &(u64, u64)) -> String {
        format!("{x},{y}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Search;

    /// Row 10, columns 0..=10, is row 10 of OEIS A317205's triangle (terms
    /// 55..=65; Blass–Fraenkel 1990, Table 2); the whole 40 × 40 corner
    /// matches a mex of the rules written out in the test helpers.
    #[test]
    fn row_ten_matches_oeis_and_the_rules() {
        let mut search = Search::normal_play(&Wythoff);
        let row: Vec<u64> = (0..=10).map(|y| search.nim_value(&(10, y)).unwrap()).collect();
        assert_eq!(row, [10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14]);
        let rules = crate::testing::wythoff_by_the_rules(40);
        for x in 0..40 {
            for y in 0..40 {
                assert_eq!(search.nim_value(&(x, y)).unwrap(), rules[x as usize][y as usize], "({x}, {y})");
            }
        }
    }

    /// The bitset table against the search of options, pair by pair.
    #[test]
    fn the_table_by_bitsets_matches_search() {
        let mut search = Search::normal_play(&Wythoff);
        for (rows, columns) in [(150, 150), (40, 170), (170, 3), (1, 1)] {
            let table = Wythoff::nim_value_table(rows, columns).unwrap();
            for x in 0..rows {
                for y in 0..columns {
                    let searched = search.nim_value(&(x as u64, y as u64)).unwrap();
                    assert_eq!(u64::from(table[x * columns + y]), searched, "({x}, {y}) of {rows}×{columns}");
                }
            }
        }
    }

    /// A thin table far out needs bitsets as long as its values: refused
    /// before the 22 GB are asked of the system (a review's run took 21.9
    /// GB of this machine's 23 before it died). The largest square table
    /// `table` allows still fits.
    #[test]
    fn a_thin_table_far_out_is_refused_before_allocating() {
        for (rows, columns) in [(300_001, 6), (6, 300_001), (1_000_001, 1)] {
            let error = Wythoff::nim_value_table(rows, columns).unwrap_err();
            assert!(matches!(error, Error::TooLarge { unit: "bytes", .. }), "{rows}×{columns}: {error}");
        }
        let (rows, columns) = (10_000u128, 10_000u128);
        let words = (rows * 3).div_ceil(64);
        assert!((4 * rows) * words * 8 + rows * columns * 4 <= MAX_WYTHOFF_TABLE_BYTES as u128);
    }

    /// The P-positions are (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror images (Wythoff
    /// 1907; WW ch. 3), here in floating point, which is exact enough for
    /// these small k, against the rules' zeros: the library's integer
    /// formula ([`Wythoff::is_p_position`]) is checked against search below.
    #[test]
    fn the_rules_zeros_are_the_golden_ratio_pairs() {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let size = 120;
        let mut pairs = std::collections::BTreeSet::new();
        for k in 0..size {
            let a = (k as f64 * phi).floor() as usize;
            pairs.insert((a, a + k));
            pairs.insert((a + k, a));
        }
        let rules = crate::testing::wythoff_by_the_rules(size);
        for (x, row) in rules.iter().enumerate() {
            for (y, &value) in row.iter().enumerate() {
                assert_eq!(value == 0, pairs.contains(&(x, y)), "({x}, {y})");
            }
        }
    }

    #[test]
    fn closed_form_p_positions_match_search() {
        let mut search = Search::normal_play(&Wythoff);
        for x in 0..60 {
            for y in 0..60 {
                let searched = search.nim_value(&(x, y)).unwrap() == 0;
                assert_eq!(Wythoff::is_p_position(x, y), searched, "({x}, {y})");
            }
        }
    }

    #[test]
    fn winning_moves_from_the_p_positions_match_search() {
        let mut search = Search::normal_play(&Wythoff);
        for x in 0..45 {
            for y in 0..45 {
                let analysis = crate::solve::analyse_sum(&mut search, &[(x, y)]).unwrap();
                let mut searched: Vec<(u64, u64)> = analysis.winning_moves.iter().map(|m| m.option[0]).collect();
                let mut closed = Wythoff::winning_moves(x, y);
                searched.sort();
                closed.sort();
                assert_eq!(closed, searched, "({x}, {y})");
            }
        }
    }

    /// The misère P-positions and winning moves against misère values by
    /// search (g⁻ = 0 exactly at P-positions), every position up to 40 × 40.
    #[test]
    fn misere_p_positions_and_winning_moves_match_search() {
        const N: u64 = 40;
        let positions: Vec<(u64, u64)> = (0..N).flat_map(|x| (0..N).map(move |y| (x, y))).collect();
        let values = crate::solve::misere::misere_nim_values(&Wythoff, positions.iter().copied()).unwrap();
        let lost = |x: u64, y: u64| values[(x * N + y) as usize] == 0;
        for &(x, y) in &positions {
            assert_eq!(Wythoff::is_misere_p_position(x, y), lost(x, y), "({x}, {y})");
            let mut options = Options::new();
            Wythoff.options(&(x, y), &mut options);
            let mut searched: Vec<(u64, u64)> = options.iter().map(|o| o[0]).filter(|&(a, b)| lost(a, b)).collect();
            let mut closed = Wythoff::misere_winning_moves(x, y);
            searched.sort();
            closed.sort();
            assert_eq!(closed, searched, "({x}, {y})");
        }
    }

    #[test]
    fn partners_pair_up_far_out() {
        for n in (0..2000).chain([1_000_000, 1_618_034, 123_456_789_012, Wythoff::MAX_CLOSED_FORM_HEAP]) {
            let m = Wythoff::p_partner(n);
            assert!(Wythoff::is_p_position(n, m), "{n}, {m}");
            assert_eq!(Wythoff::p_partner(m), n, "{n}, {m}");
        }
    }

    #[test]
    fn closed_form_matches_the_mex_construction_far_out() {
        // a_k = mex of all earlier a's and b's, b_k = a_k + k.
        let n = 200_000usize;
        let mut used = vec![false; 3 * n];
        let mut a = 0usize;
        for k in 0..n {
            while used[a] {
                a += 1;
            }
            used[a] = true;
            used[a + k] = true;
            assert_eq!(Wythoff::lower_p_coordinate(k as u64), a as u64, "k = {k}");
        }
        // And at the top of the range, where floating point would fail.
        let k = 3_000_000_000_000u64;
        let a = Wythoff::lower_p_coordinate(k) as f64;
        assert!((a - k as f64 * 1.618_033_988_749_895).abs() < 2e4);
    }
}
