//! Minesweeper: the position is the field itself.

use std::ops::RangeInclusive;

use super::normal_game::NormalGame;
use super::playable::{PlayLoop, Playable};
use crate::catalogue::{Minefield, Minesweeper};
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::play::picture;
use crate::report::{Report, ValueTable};
use crate::solve::{NormalPlay, Search};

/// The minesweeper game: the position is the field itself, so the game is
/// built per question.
pub(super) struct MineRules;

impl Playable for MineRules {
    fn name(&self) -> &str {
        "mine"
    }

    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report> {
        let first = positions.first().ok_or_else(|| Error::InvalidPosition("no field given".into()))?;
        let game = Minesweeper::new(Minefield::parse(first)?);
        // Regions joined by a shared number are searched click by click; cap
        // that search so a large joined cluster fails cleanly, not by memory.
        let rules =
            NormalGame::new("mine", game, |g| Search::with_decomposition(g, NormalPlay).with_limit(1 << 20), None);
        rules.solve_in(positions, play)
    }

    fn table(&self, _: RangeInclusive<u64>, _: Option<RangeInclusive<u64>>) -> Result<ValueTable> {
        Err(Error::Unsupported {
            game: "mine".into(),
            question: "a table".into(),
            why: "its positions are fields, so it has no table".into(),
        })
    }

    /// The field drawn with its turned-up cells; moves are clicks (`click x,y`).
    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        let [field] = positions else {
            return Err(Error::InvalidPosition(format!("mine is played on one field, found {}", positions.len())));
        };
        let game = Minesweeper::new(Minefield::parse(field)?);
        let mut session = crate::play::Session::new(&game, vec![game.start()], convention)?
            .with_picture(picture::mine_field)
            .with_move_names(picture::mine_clicks);
        run(&mut session)
    }
}
