//! LightOJ 1315 "Game of Hyper Knights": each knight is a leaper game on the
//! quarter plane; the sum's value is the nim-sum of the knights' values,
//! read from one dense table of the region every knight can reach.

use anyhow::{bail, Result};
use grundy::catalogue::{Board, Piece};
use grundy::game::Indexed;

use super::reader::Tokens;

/// Coordinates accepted; the problem promises < 500, the engine copes with more.
const MAX_COORDINATE: u64 = 8000;

pub fn solve(tokens: &mut Tokens) -> Result<String> {
    let cases = tokens.number("the number of cases T", 0, 100_000)?;
    let mut knights_per_case = Vec::with_capacity(cases as usize);
    let mut farthest = 0u64;
    for _ in 0..cases {
        let n = tokens.number("the number of knights n", 1, 1_000_000)?;
        let mut knights = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let x = tokens.number("a knight's row x", 0, MAX_COORDINATE)?;
            let y = tokens.number("a knight's column y", 0, MAX_COORDINATE)?;
            farthest = farthest.max(x + y);
            knights.push((x as u32, y as u32));
        }
        knights_per_case.push(knights);
    }
    tokens.expect_end()?;
    let game = Piece::HYPER_KNIGHT.game(Board::QuarterPlane)?;
    // Every step lowers x + y, so the region x + y ≤ farthest is closed.
    let region = game.region(farthest as u32 + 1, 1)?;
    let values = region.nim_values()?;
    let mut out = String::new();
    for (case, knights) in knights_per_case.iter().enumerate() {
        let mut nim_sum = 0;
        for knight in knights {
            if !region.contains(*knight) {
                bail!("internal: knight {knight:?} outside the tabled region");
            }
            nim_sum ^= values[region.index(knight)];
        }
        let winner = if nim_sum != 0 { "Alice" } else { "Bob" };
        out.push_str(&format!("Case {}: {winner}\n", case + 1));
    }
    Ok(out)
}
