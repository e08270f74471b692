//! HDU 2873 "Bomb Game": a board's value is the nim-sum of its bombs'
//! values in the catalogue's [`BombGame`], tabled by the dense solver.

use anyhow::Result;
use grundy::catalogue::{diagonal_index, BombGame};
use grundy::solve::{table::solve_table, NormalPlay};
use grundy::Indexed;

use super::reader::Tokens;

const MAX_SIDE: u64 = 50;

pub fn solve(tokens: &mut Tokens) -> Result<String> {
    let mut boards = Vec::new();
    let mut largest = (1, 1);
    loop {
        if tokens.at_end() {
            break; // tolerate a missing "0 0" terminator
        }
        let n = tokens.number("the number of rows n", 0, MAX_SIDE)?;
        let m = tokens.number("the number of columns m", 0, MAX_SIDE)?;
        if n == 0 && m == 0 {
            break;
        }
        if n == 0 || m == 0 {
            let line = tokens.line();
            anyhow::bail!("line {line}: a board of {n}×{m} has no cells (only '0 0' ends the input)");
        }
        let mut bombs = Vec::new();
        for p in 1..=n as u32 {
            for q in 1..=m as u32 {
                if tokens.symbol("a cell", b"#.")? == b'#' {
                    bombs.push((p, q));
                }
            }
        }
        largest = (largest.0.max(n), largest.1.max(m));
        boards.push(bombs);
    }
    let values = solve_table(&BombGame, NormalPlay, diagonal_index(largest.0 - 1, largest.1 - 1) + 1)?;
    let mut out = String::new();
    for bombs in boards {
        let nim_sum = bombs.iter().fold(0, |x, bomb| x ^ values[BombGame.index(bomb)]);
        out.push_str(if nim_sum != 0 { "John\n" } else { "Jack\n" });
    }
    Ok(out)
}
