//! HDU 2873 "Bomb Game": a board's value is the nim-sum of its bombs'
//! values in the catalogue's [`BombGame`], tabled by the dense solver over
//! the largest board in the input.

use anyhow::Result;
use grundy::catalogue::BombGame;
use grundy::game::Indexed;
use grundy::game::Rectangle;
use grundy::solve::{dense::solve_dense, NormalPlay};

use super::reader::Tokens;

const MAX_SIDE: u64 = 50;

/// One board as read: its size and a bit per cell (row-major), set for a bomb.
struct BoardBits {
    rows: u32,
    cols: u32,
    bombs: Vec<u64>,
}

pub fn solve(tokens: &mut Tokens) -> Result<String> {
    let mut boards = Vec::new();
    let mut largest = (1, 1);
    loop {
        // A file that stops after a whole case, without the closing "0 0",
        // is read as if it were there (judges' files are not always closed);
        // an empty one is no input at all.
        if tokens.at_end() && !boards.is_empty() {
            break;
        }
        // (The line of n: read after m, it was the next line's when m ended one.)
        let line = tokens.line();
        let n = tokens.number("the number of rows n (0 only in the closing '0 0')", 0, MAX_SIDE)?;
        let m = tokens.number("the number of columns m (0 only in the closing '0 0')", 0, MAX_SIDE)?;
        if n == 0 && m == 0 {
            tokens.expect_end()?;
            break;
        }
        if n == 0 || m == 0 {
            anyhow::bail!("line {line}: a board of {n}×{m} has no cells (only '0 0' ends the input)");
        }
        let cells = (n * m) as usize;
        let mut bombs = Vec::with_capacity(cells.div_ceil(64));
        // Build each 64-cell word in a register, branch-free: bombs and empty
        // cells come in no predictable order.
        let mut word = 0u64;
        tokens.cells("a cell", b"#.", cells, |i, cell| {
            word |= ((cell == b'#') as u64) << (i % 64);
            if i % 64 == 63 {
                bombs.push(word);
                word = 0;
            }
        })?;
        if cells % 64 != 0 {
            bombs.push(word);
        }
        largest = (largest.0.max(n), largest.1.max(m));
        boards.push(BoardBits { rows: n as u32, cols: m as u32, bombs });
    }
    let rectangle = Rectangle::new(&BombGame, largest.0, largest.1);
    let values = solve_dense(&rectangle, NormalPlay, rectangle.len())?;
    // For each board width: the value of the bomb in each row-major cell.
    let mut by_width: Vec<Vec<u64>> = vec![Vec::new(); MAX_SIDE as usize + 1];
    let mut out = String::new();
    for board in boards {
        let cell_values = &mut by_width[board.cols as usize];
        let cells = (board.rows * board.cols) as usize;
        if cell_values.len() < cells {
            *cell_values = (1..=board.rows)
                .flat_map(|p| (1..=board.cols).map(move |q| (p, q)))
                .map(|bomb| values[rectangle.index(&bomb)])
                .collect();
        }
        let mut nim_sum = 0;
        for (w, &word) in board.bombs.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                nim_sum ^= cell_values[w * 64 + bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        out.push_str(if nim_sum != 0 { "John\n" } else { "Jack\n" });
    }
    Ok(out)
}
