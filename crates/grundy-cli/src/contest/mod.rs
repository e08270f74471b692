//! The five reference contest problems, in their own input and output formats.
//!
//! Each front end parses, calls the library's catalogue and solvers, and
//! formats; none holds game logic. Input is read whole and tokenized by
//! [`reader::Tokens`], which names the line of any malformed token. Output
//! is produced only when the whole input was valid.

mod bomb_game;
mod hyper_knights;
mod john;
mod life_winner_bo;
mod mine;
mod reader;

pub use reader::read_all;

use anyhow::Result;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Problem {
    /// HDU 2873: bombs that split in two (multi-SG).
    BombGame,
    /// LightOJ 1315: sums of hyper-knight leapers.
    HyperKnights,
    /// HDU 4678: minesweeper, decomposed into regions.
    Mine,
    /// BZOJ 1022: misère Nim (anti-SG).
    John,
    /// HDU 5754: races of chess pieces to a corner, with draws.
    LifeWinnerBo,
}

/// Solves `problem` on `input`, returning the exact expected output.
pub fn solve(problem: Problem, input: &[u8]) -> Result<String> {
    let mut tokens = reader::Tokens::new(input);
    match problem {
        Problem::BombGame => bomb_game::solve(&mut tokens),
        Problem::HyperKnights => hyper_knights::solve(&mut tokens),
        Problem::Mine => mine::solve(&mut tokens),
        Problem::John => john::solve(&mut tokens),
        Problem::LifeWinnerBo => life_winner_bo::solve(&mut tokens),
    }
}

#[cfg(test)]
mod tests {
    use clap::ValueEnum;
    use proptest::prelude::*;

    use super::{solve, Problem};

    /// Inputs of small numbers (so that many are valid and quick) mixed with
    /// stray tokens, over several lines.
    fn input() -> impl Strategy<Value = String> {
        let token = prop_oneof![
            6 => (0u64..12).prop_map(|n| n.to_string()),
            1 => "[*.]{1,6}",
            1 => "[a-z#\\-]{1,3}|99999999999999999999999",
        ];
        let separator = prop_oneof![4 => Just(" "), 2 => Just("\n"), 1 => Just("\t")];
        prop::collection::vec((token, separator), 0..40)
            .prop_map(|parts| parts.into_iter().map(|(t, s)| format!("{t}{s}")).collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

        /// No panic, no partial output: an answer, or one line naming where.
        #[test]
        fn contest_inputs(input in input(), problem in prop::sample::select(Problem::value_variants().to_vec())) {
            if let Err(error) = solve(problem, input.as_bytes()) {
                let message = format!("{error:#}");
                prop_assert!(!message.contains('\n'), "{problem:?}: {message:?}");
                prop_assert!(message.contains("line ") || message.contains("case "), "{problem:?}: {message}");
            }
        }
    }
}
