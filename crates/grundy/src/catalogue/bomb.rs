//! The Bomb Game (HDU 2873): a move splits one bomb into two.

use crate::error::{Error, Result};
use crate::game::{parse_pair, Monotone, Notation};
use crate::game::{Game, Options};

/// The Bomb Game's splitting rule as a game of its own. A position is one
/// bomb at `(p, q)`, counted from 1. A move removes it and
///
/// - if `p > 1` and `q > 1`, leaves the **sum** of bombs at `(u, q)` and
///   `(p, v)` for any `u < p`, `v < q`;
/// - on the first row or column, slides it to a smaller cell of that line.
///
/// A bomb at `(1, 1)` vanishes, so it never appears in an option. In the
/// contest's rules two bombs on one cell annihilate; in normal play that is
/// exactly the nim-sum cancelling `G ⊕ G`, so a board's value is the nim-sum
/// of its bombs' values (multi-SG). In misère play `G + G` is not the empty
/// board (two bombs at `(2, 3)` are a misère P-position, no bombs an
/// N-position), and a sum of separate bombs would answer another game:
/// the registry's `bomb` refuses misère play (`NormalGame::without_misere`).
/// This type is the single bomb, which knows nothing of annihilation.
///
/// ```
/// use grundy::catalogue::BombGame;
/// use grundy::solve::Search;
/// let mut search = Search::normal_play(&BombGame);
/// assert_eq!(search.nim_value(&(1, 5)).unwrap(), 4); // a nim heap of 4
/// assert_eq!(search.nim_value(&(2, 2)).unwrap(), 1);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct BombGame;

/// A bomb's cell, dropping `(1, 1)`, where a bomb vanishes.
fn bombs_at(cells: impl IntoIterator<Item = (u32, u32)>) -> impl Iterator<Item = (u32, u32)> {
    cells.into_iter().filter(|&cell| cell != (1, 1))
}

impl Game for BombGame {
    type Position = (u32, u32);

    fn options(&self, &(p, q): &(u32, u32), options: &mut Options<(u32, u32)>) {
        match (p > 1, q > 1) {
            // Neither new bomb can be at (1, 1) here: q > 1 and p > 1.
            (true, true) => {
                for u in 1..p {
                    for v in 1..q {
                        options.push_sum([(u, q), (p, v)]);
                    }
                }
            }
            (false, true) => (1..q).for_each(|v| options.push_sum(bombs_at([(1, v)]))),
            (true, false) => (1..p).for_each(|u| options.push_sum(bombs_at([(u, 1)]))),
            (false, false) => {}
        }
    }
}

/// Cells count from 1 here and from 0 in [`Monotone`].
impl Monotone for BombGame {
    fn coordinates(&self, &(p, q): &(u32, u32)) -> (u64, u64) {
        (p as u64 - 1, q as u64 - 1)
    }
    fn at(&self, x: u64, y: u64) -> (u32, u32) {
        (x as u32 + 1, y as u32 + 1)
    }
}

/// The most options a bomb's cell may have (`(p − 1)(q − 1)`, or `p + q − 2`
/// on the first row or column): a search
/// lists one position's options at once (100 MB here), and the search of a
/// cell values every cell below it, about (pq)²/4 options in all — hours
/// already well below this.
pub const MAX_BOMB_OPTIONS: u64 = 1 << 22;

impl Notation for BombGame {
    fn parse_position(&self, text: &str) -> Result<(u32, u32)> {
        let (p, q): (u32, u32) = parse_pair(text, "a cell p,q (row, column, from 1)")?;
        if p == 0 || q == 0 {
            return Err(Error::InvalidPosition(format!(
                "the cell {text} is off the board: rows and columns count from 1"
            )));
        }
        let (u, v) = (p as u64 - 1, q as u64 - 1);
        // (On the first row or column a bomb slides: one option a cell.)
        let options = if u > 0 && v > 0 { u * v } else { u + v };
        if options > MAX_BOMB_OPTIONS {
            return Err(Error::TooLarge {
                what: format!("the bomb at {text} (its options)"),
                needed: options as u128,
                limit: MAX_BOMB_OPTIONS as u128,
                unit: "options",
            });
        }
        Ok((p, q))
    }
    fn format_position(&self, &(p, q): &(u32, u32)) -> String {
        format!("{p},{q}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Indexed;
    use crate::game::Rectangle;
    use crate::solve::{dense::solve_dense, NormalPlay, Search};

    /// A cell with billions of options is refused before any is listed
    /// (it used to exhaust memory); the first row or column may be long.
    #[test]
    fn cells_with_too_many_options_are_refused() {
        let error = BombGame.parse_position("99999,99999").unwrap_err().to_string();
        assert!(error.contains("9999600004") && error.contains("4194304"), "{error}");
        assert!(BombGame.parse_position("1,4000000").is_ok());
        assert!(BombGame.parse_position("1,4000000000").is_err());
        assert!(BombGame.parse_position("2049,2049").is_ok());
        assert!(BombGame.parse_position("2050,2049").is_err());
    }

    #[test]
    fn table_and_search_agree() {
        let rectangle = Rectangle::new(&BombGame, 20, 25);
        let table = solve_dense(&rectangle, NormalPlay, rectangle.len()).unwrap();
        let mut search = Search::normal_play(&BombGame);
        for (i, value) in table.iter().enumerate() {
            assert_eq!(search.nim_value(&rectangle.position(i)).unwrap(), *value);
        }
    }

    #[test]
    fn first_row_and_column_are_nim_heaps() {
        let mut search = Search::normal_play(&BombGame);
        for n in 1..30 {
            assert_eq!(search.nim_value(&(1, n)).unwrap(), n as u64 - 1);
            assert_eq!(search.nim_value(&(n, 1)).unwrap(), n as u64 - 1);
        }
    }

    /// An independent oracle: the whole board as a set of bombs, searched
    /// move by move with annihilation done literally (no nim-sums).
    fn first_player_wins(board: &mut std::collections::HashMap<Vec<(u32, u32)>, bool>, bombs: Vec<(u32, u32)>) -> bool {
        if let Some(&known) = board.get(&bombs) {
            return known;
        }
        let place = |set: &mut Vec<(u32, u32)>, cell: (u32, u32)| {
            if cell == (1, 1) {
                return;
            }
            if let Some(i) = set.iter().position(|&c| c == cell) {
                set.remove(i);
            } else {
                set.push(cell);
            }
        };
        let mut wins = false;
        'moves: for (i, &(p, q)) in bombs.iter().enumerate() {
            let mut rest = bombs.clone();
            rest.remove(i);
            let mut targets = Vec::new();
            if p > 1 && q > 1 {
                for u in 1..p {
                    for v in 1..q {
                        targets.push(vec![(u, q), (p, v)]);
                    }
                }
            } else if p == 1 {
                targets.extend((1..q).map(|v| vec![(1, v)]));
            } else {
                targets.extend((1..p).map(|u| vec![(u, 1)]));
            }
            for new_bombs in targets {
                let mut next = rest.clone();
                for cell in new_bombs {
                    place(&mut next, cell);
                }
                next.sort();
                if !first_player_wins(board, next) {
                    wins = true;
                    break 'moves;
                }
            }
        }
        board.insert(bombs, wins);
        wins
    }

    #[test]
    fn nim_sum_of_bombs_matches_literal_play_with_annihilation() {
        let mut search = Search::normal_play(&BombGame);
        let mut memo = std::collections::HashMap::new();
        let cells: Vec<(u32, u32)> =
            (1..=3).flat_map(|p| (1..=3).map(move |q| (p, q))).filter(|&c| c != (1, 1)).collect();
        // Every set of bombs on a 3×3 board.
        for mask in 0u32..(1 << cells.len()) {
            let bombs: Vec<_> = cells.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, &c)| c).collect();
            let by_value = search.nim_value_of_sum(&bombs).unwrap() != 0;
            let mut sorted = bombs.clone();
            sorted.sort();
            assert_eq!(by_value, first_player_wins(&mut memo, sorted), "bombs {bombs:?}");
        }
    }
}
