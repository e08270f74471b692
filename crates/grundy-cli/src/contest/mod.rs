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
