//! HDU 4678 "Mine": the catalogue's [`Minesweeper`] decomposes the board
//! into blank regions and lone numbers; the search values each part.

use anyhow::{bail, Result};
use grundy::catalogue::{MinePosition, Minefield, Minesweeper};
use grundy::solve::{NormalPlay, Search};

use super::reader::Tokens;

const MAX_SIDE: u64 = 10_000;

pub fn solve(tokens: &mut Tokens) -> Result<String> {
    let cases = tokens.number("the number of cases T", 0, 100_000)?;
    let mut out = String::new();
    for case in 1..=cases {
        let n = tokens.number("the number of rows N", 1, MAX_SIDE)?;
        let m = tokens.number("the number of columns M", 1, MAX_SIDE)?;
        let k = tokens.number("the number of mines K", 0, n * m)?;
        let mut mines = Vec::with_capacity(k as usize);
        for _ in 0..k {
            let x = tokens.number("a mine's row x", 0, n - 1)?;
            let y = tokens.number("a mine's column y", 0, m - 1)?;
            mines.push((x as u32, y as u32));
        }
        let game = Minesweeper::new(Minefield::new(n as u32, m as u32, mines)?);
        let mut search = Search::with_decomposition(&game, NormalPlay);
        let parts = search.components(&game.start());
        // Where a number borders two regions the engine would search the
        // joined regions click by click, which is exponential; the problem
        // promises it never happens, so a field that breaks it is bad input.
        if parts.iter().any(|part| matches!(part, MinePosition::Board(_))) {
            bail!("case {case}: a numbered cell borders two different blank regions, which the problem rules out");
        }
        let value = search.value_of_parts(&parts)?;
        let winner = if value != 0 { "Xiemao" } else { "Fanglaoshi" };
        out.push_str(&format!("Case #{case}: {winner}\n"));
    }
    tokens.expect_end()?;
    Ok(out)
}
