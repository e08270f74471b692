//! HDU 5754 "Life Winner Bo": a chess piece races to the far corner; the
//! catalogue's [`ChessPiece`] races give the three-valued outcome for the
//! piece's distance from the goal.

use anyhow::{bail, Result};
use grundy::catalogue::race::{ChessPiece, RaceOutcomes};
use grundy::game::Outcome;

use super::reader::Tokens;

const MAX_SIDE: u64 = 100_000;

pub fn solve(tokens: &mut Tokens) -> Result<String> {
    let cases = tokens.number("the number of cases T", 0, 1_000_000)?;
    let mut queries = Vec::with_capacity(cases as usize);
    let mut farthest = 0u32;
    for _ in 0..cases {
        let line = tokens.line();
        let piece =
            ChessPiece::ALL[tokens.number("the piece type (1 king, 2 rook, 3 knight, 4 queen)", 1, 4)? as usize - 1];
        let n = tokens.number("the number of rows N", 1, MAX_SIDE)? as u32;
        let m = tokens.number("the number of columns M", 1, MAX_SIDE)? as u32;
        if n == 1 && m == 1 {
            bail!("line {line}: on a 1×1 board the piece starts on the goal; N and M must not both be 1");
        }
        // The piece's distance from the goal (N, M), which the race counts down.
        farthest = farthest.max(n - 1).max(m - 1);
        queries.push((piece, n - 1, m - 1));
    }
    tokens.expect_end()?;
    let mut tables: Vec<Option<RaceOutcomes>> = ChessPiece::ALL.iter().map(|_| None).collect();
    let mut out = String::with_capacity(queries.len() * 2);
    for (piece, x, y) in queries {
        let slot = ChessPiece::ALL.iter().position(|&p| p == piece).expect("a known piece");
        if tables[slot].is_none() {
            tables[slot] = Some(RaceOutcomes::new(piece, farthest)?);
        }
        let outcome = tables[slot].as_ref().expect("just built").outcome(x, y)?;
        out.push_str(match outcome {
            Outcome::N => "B\n",
            Outcome::P => "G\n",
            Outcome::Draw => "D\n",
        });
    }
    Ok(out)
}
