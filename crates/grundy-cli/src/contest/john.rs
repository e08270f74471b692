//! BZOJ 1022 "John": misère Nim. Nim heaps have nim-heap genus, so the
//! library decides the misère sum by the anti-SG criterion.

use anyhow::Result;
use grundy::catalogue::Nim;
use grundy::game::Outcome;
use grundy::solve::{misere::misere_outcome_of_sum, Search};

use super::reader::Tokens;

pub fn solve(tokens: &mut Tokens) -> Result<String> {
    let cases = tokens.number("the number of cases T", 0, 1_000_000)?;
    let mut search = Search::closed_form(&Nim);
    let mut out = String::new();
    for _ in 0..cases {
        let n = tokens.number("the number of piles N", 0, 1_000_000)?;
        let piles = (0..n).map(|_| tokens.number("a pile size", 0, u32::MAX as u64)).collect::<Result<Vec<u64>>>()?;
        let winner = match misere_outcome_of_sum(&mut search, &piles)? {
            Outcome::N => "John\n",
            _ => "Brother\n",
        };
        out.push_str(winner);
    }
    tokens.expect_end()?;
    Ok(out)
}
