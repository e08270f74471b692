//! HDU 5754 "Life Winner Bo": a chess piece races to the far corner. The
//! catalogue's [`ChessPiece`] gives the three-valued outcome for the
//! piece's distance from the goal (its closed form, which the library's
//! tests check against the general solver on the whole 1000×1000 range).

use anyhow::{bail, Result};
use grundy::catalogue::race::ChessPiece;
use grundy::game::Outcome;

use super::reader::Tokens;

const MAX_SIDE: u64 = 1_000_000_000;

pub fn solve(tokens: &mut Tokens) -> Result<String> {
    let cases = tokens.number("the number of cases T", 0, 10_000_000)?;
    let mut out = String::with_capacity(cases as usize * 2);
    for _ in 0..cases {
        let line = tokens.line();
        let piece =
            ChessPiece::ALL[tokens.number("the piece type (1 king, 2 rook, 3 knight, 4 queen)", 1, 4)? as usize - 1];
        let n = tokens.number("the number of rows N", 1, MAX_SIDE)? as u32;
        let m = tokens.number("the number of columns M", 1, MAX_SIDE)? as u32;
        if n == 1 && m == 1 {
            bail!("line {line}: on a 1×1 board the piece starts on the goal; N and M must not both be 1");
        }
        // The piece starts at (1, 1), (N − 1, M − 1) away from the goal.
        out.push_str(match piece.outcome(n - 1, m - 1) {
            Outcome::N => "B\n",
            Outcome::P => "G\n",
            Outcome::Draw => "D\n",
        });
    }
    tokens.expect_end()?;
    Ok(out)
}
