//! Every Chomp diagram inside a bar, valued outright: the exhaustive table
//! behind [`Canonical::exhaustive`](crate::solve::pruned::Canonical::exhaustive)
//! for Chomp.
//!
//! **Why not search.** A bar of `R × C` squares reaches every Young diagram
//! that fits inside it, and there are only `C(R + C, R)` of those (705 432
//! for 11 × 11, 2.7 million for 12 × 12): one byte each is a few megabytes.
//! Pruning saves little on Chomp (a diagram's options are rarely cut off by
//! an early answer), so a hash table of searched positions (igsolve's fastest
//! method for Chomp is plain mex with a hash map) pays for hashing and
//! misses that a dense array indexed by a perfect rank does not.
//!
//! **The rank.** Row `i` (of `R`, from the top) of length `l_i` gives the
//! number `p_i = l_i + R − 1 − i`; the `p_i` strictly decrease with `i`
//! because the lengths do not increase, so the diagram is the `R`-subset
//! `{p_i}` of `0..R + C`, ranked in the combinatorial number system:
//! `rank = Σ_i binom(p_i, R − i)`. Each term grows with `l_i`, so an option
//! (which shortens rows) has a smaller rank than its position: filling the
//! array in rank order values every option before the positions above it.
//!
//! **Options in O(1) each.** Taking square `(r, c)` cuts rows `r..m` to
//! length `c`, where `m` is the first row no longer than `c`. Walking `r`
//! from `m − 1` up to 0 for a fixed `c`, each step adds one row's change of
//! term to the rank difference, so the whole mex costs one addition and one
//! array read per option.

use super::board::{ChompBoard, MAX_CHOMP_SIDE};
use crate::solve::pruned::Filling;

/// The nim-values of all Chomp diagrams inside an `rows × cols` bar.
pub struct BarValues {
    rows: usize,
    cols: usize,
    /// `term[i][l]`: row `i`'s term of the rank when its length is `l`.
    term: Vec<Vec<usize>>,
    values: Vec<u8>,
}

/// `binom(n, k)`, saturating at `usize::MAX`.
fn binomial(n: usize, k: usize) -> usize {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        result = result * (n - i) as u128 / (i + 1) as u128;
        if result > usize::MAX as u128 {
            return usize::MAX;
        }
    }
    result as usize
}

impl BarValues {
    /// How many diagrams fit in an `rows × cols` bar: the table's size in bytes.
    pub fn size(rows: usize, cols: usize) -> usize {
        binomial(rows + cols, rows)
    }

    /// Values every diagram inside the `rows × cols` bar. The caller checks
    /// [`BarValues::size`] against its memory first. `filling` hears how
    /// far it got every 65,536 diagrams (the 14 × 14 bar's 40 million take
    /// seconds); once it answers `false` the filling ends with `None`.
    pub fn new(rows: usize, cols: usize, filling: Filling<'_>) -> Option<BarValues> {
        assert!((1..=MAX_CHOMP_SIDE).contains(&rows) && cols >= 1);
        let term =
            (0..rows).map(|i| (0..=cols).map(|l| binomial(l + rows - 1 - i, rows - i)).collect::<Vec<_>>()).collect();
        let count = Self::size(rows, cols);
        let mut table = BarValues { rows, cols, term, values: vec![0; count] };
        let mut lengths = [0usize; MAX_CHOMP_SIDE];
        for rank in 1..count {
            if rank % (1 << 16) == 0 && !filling(rank as u64, count as u64) {
                return None;
            }
            table.unrank(rank, &mut lengths[..rows]);
            table.values[rank] = table.mex(rank, &lengths[..rows]);
        }
        Some(table)
    }

    /// The row lengths of the diagram of rank `rank`.
    fn unrank(&self, mut rank: usize, lengths: &mut [usize]) {
        let mut limit = self.cols;
        for (i, length) in lengths.iter_mut().enumerate() {
            // The longest length ≤ the row above whose term fits in what is left.
            let mut l = limit;
            while self.term[i][l] > rank {
                l -= 1;
            }
            rank -= self.term[i][l];
            *length = l;
            limit = l;
        }
    }

    fn mex(&self, rank: usize, lengths: &[usize]) -> u8 {
        let mut seen = [0u64; 4];
        let mut below = lengths.len(); // rows with length > c: 0..below
        for c in 0..lengths[0] {
            while lengths[below - 1] <= c {
                below -= 1;
            }
            let mut difference = 0;
            for r in (0..below).rev() {
                difference += self.term[r][lengths[r]] - self.term[r][c];
                if r == 0 && c == 0 {
                    break; // the poisoned square
                }
                let v = self.values[rank - difference];
                seen[(v >> 6) as usize] |= 1 << (v & 63);
            }
        }
        let word = seen.iter().position(|w| *w != u64::MAX).expect("at most 255 options");
        (word * 64) as u8 + seen[word].trailing_ones() as u8
    }

    fn rank(&self, board: &ChompBoard) -> Option<usize> {
        let fits = board.rows() <= self.rows && board.lengths[0] as usize <= self.cols;
        fits.then(|| (0..self.rows).map(|i| self.term[i][board.lengths[i] as usize]).sum())
    }

    /// The nim-value of `board` if it (or its transpose, the same game)
    /// fits inside the bar.
    pub fn nim_value(&self, board: &ChompBoard) -> Option<u8> {
        let rank = self.rank(board).or_else(|| {
            (board.lengths[0] as usize <= MAX_CHOMP_SIDE).then(|| self.rank(&board.transposed())).flatten()
        })?;
        Some(self.values[rank])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Chomp;
    use crate::solve::Search;

    #[test]
    fn ranks_are_a_bijection_onto_the_table() {
        let table = BarValues::new(4, 3, &mut |_, _| true).unwrap();
        assert_eq!(table.values.len(), 35);
        let mut lengths = [0usize; 4];
        for rank in 0..35 {
            table.unrank(rank, &mut lengths);
            let board = ChompBoard { lengths: std::array::from_fn(|i| if i < 4 { lengths[i] as u8 } else { 0 }) };
            assert_eq!(table.rank(&board), Some(rank), "{lengths:?}");
        }
    }

    #[test]
    fn every_diagram_matches_plain_search() {
        let mut plain = Search::normal_play(&Chomp);
        for (rows, cols) in [(1, 1), (1, 6), (5, 1), (3, 4), (4, 4), (5, 3), (4, 6)] {
            let table = BarValues::new(rows, cols, &mut |_, _| true).unwrap();
            let mut lengths = [0usize; MAX_CHOMP_SIDE];
            for rank in 1..table.values.len() {
                table.unrank(rank, &mut lengths[..rows]);
                let nonzero: Vec<usize> = lengths[..rows].iter().copied().filter(|&l| l > 0).collect();
                let board = Chomp.from_lengths(&nonzero).unwrap();
                let expected = plain.nim_value(&board).unwrap() as u8;
                assert_eq!(table.nim_value(&board), Some(expected), "{rows}×{cols}: {}", board.to_text());
                assert_eq!(table.nim_value(&board.transposed()), Some(expected), "transposed {}", board.to_text());
            }
        }
    }
}
