//! Minesweeper: the position is the field itself.

use std::cell::RefCell;
use std::ops::RangeInclusive;

use super::normal_game::NormalGame;
use super::playable::{PlayLoop, Playable};
use crate::catalogue::{MinePosition, Minefield, Minesweeper};
use crate::error::{Error, Result};
use crate::game::Convention;
use crate::play::{picture, Session, MAX_EXPLORED_SUMS, ORACLE_EXPLORED_SUMS};
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

    /// The field only: the positions play leaves have no text a user can
    /// give ([`Minesweeper`]'s notation), so they are not read back.
    fn check_notation(&self, positions: &[String], limit: usize) -> Result<usize> {
        let [field] = positions else {
            return Err(Error::InvalidPosition(format!("mine is played on one field, found {}", positions.len())));
        };
        let game = Minesweeper::new(Minefield::parse(field)?);
        crate::game::check_round_trips(&game, &[game.start()], limit.min(1))
    }

    /// The field drawn with its turned-up cells; moves are clicks (`click x,y`).
    ///
    /// A field is one position listing its face-down cells, and each of its
    /// clicks an option listing them again, so a field's moves take the
    /// square of its cells: play refuses fields whose moves pass
    /// [`MAX_LISTED_BYTES`] (300 × 100 cells, 3.6 GB a listing, filled 24 GB
    /// and was killed; `solve` values any field by its regions). The engine
    /// explores only the fields that fit a gigabyte ([`explored_fields`]);
    /// past them, normal play is judged by the search that splits a field
    /// into its regions, and misère play is refused.
    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        let [field] = positions else {
            return Err(Error::InvalidPosition(format!("mine is played on one field, found {}", positions.len())));
        };
        let game = Minesweeper::new(Minefield::parse(field)?);
        let listed = field_bytes(game.field()) * cells(game.field());
        if listed > MAX_LISTED_BYTES {
            return Err(Error::TooLarge {
                what: "listing the moves of this field for play (solve values it by its regions)".into(),
                needed: listed,
                limit: MAX_LISTED_BYTES,
                unit: "bytes",
            });
        }
        let session = match convention {
            Convention::Normal => {
                let search = RefCell::new(Search::with_decomposition(&game, NormalPlay).with_limit(1 << 20));
                let nim_value = Box::new(move |sum: &[MinePosition]| search.borrow_mut().nim_value_of_sum(sum));
                let explored = explored_fields(game.field(), ORACLE_EXPLORED_SUMS);
                Session::with_oracle_within(&game, vec![game.start()], nim_value, explored)?
            }
            _ => Session::with_limit(
                &game,
                vec![game.start()],
                convention,
                explored_fields(game.field(), MAX_EXPLORED_SUMS),
            )?,
        };
        run(&mut session.with_picture(picture::mine_field).with_move_names(picture::mine_clicks))
    }
}

/// The most bytes the moves of a field may take for play to list them.
const MAX_LISTED_BYTES: u128 = 1 << 22;

fn cells(field: &Minefield) -> u128 {
    let (rows, cols) = field.size();
    u128::from(rows) * u128::from(cols)
}

/// What a field takes at most: four bytes a face-down cell.
fn field_bytes(field: &Minefield) -> u128 {
    4 * cells(field) + 64
}

/// How many fields play explores whole: a field's expansion holds a field
/// for each cell it may click, so at most a gigabyte in all, and never
/// more than `most` (a field of 5 × 5: 251,815; 8 × 12: 24,708; 30 × 33:
/// 269).
fn explored_fields(field: &Minefield, most: usize) -> usize {
    ((1u128 << 30) / (field_bytes(field) * (cells(field) + 1))).min(most as u128) as usize
}
