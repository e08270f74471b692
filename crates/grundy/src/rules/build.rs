//! Constructors the registry's entries share.

use std::ops::RangeInclusive;

use super::closed::RaceRules;
use super::playable::{GoalGame, NormalGame, PlayLoop, Playable};
use super::registry::Description;
use super::report::{Play, Report, Table};
use super::tables::{board_table_goal, board_table_normal, take_and_break_table};
use crate::catalogue::{parse_number, parse_pair, BoardGame, HeapGame, Minefield, Minesweeper, Piece, Step};
use crate::error::{Error, Result};
use crate::play::picture;
use crate::solve::quotient::{Limits, MisereOracle, PartialQuotient, QuotientOracle};
use crate::solve::{NormalPlay, Search};

/// Take-and-break codes and the named heap games (see [`HeapGame::parse`]).
/// Misère sums of heaps are decided by the game's misère quotient where it
/// covers them: the one given in the options, or one computed as needed
/// (for Kayles, the Sibert–Conway decomposition, which covers every heap).
pub(super) fn heap_game(description: &Description) -> Result<Box<dyn Playable>> {
    let game = HeapGame::parse(description.text)?;
    let quotient: Box<dyn MisereOracle<u64>> = match &description.options.misere_quotient {
        Some(quotient) => {
            let mut quotient = PartialQuotient::clone(quotient);
            quotient.validate(&game, Limits::default())?;
            Box::new(QuotientOracle::fixed(game.clone(), quotient))
        }
        // Kayles is solved for every heap (Sibert and Conway, 1992).
        None if game.code() == "0.77" => Box::new(crate::solve::misere::kayles::SibertConway),
        None => Box::new(QuotientOracle::on_the_fly(game.clone())),
    };
    let playable = NormalGame::new(description.text, game, Search::normal_play, Some(take_and_break_table));
    Ok(Box::new(playable.with_misere_quotient(quotient)))
}

/// The set of `subtraction:S`.
pub(super) fn subtraction_set(text: &str) -> Result<Vec<u64>> {
    text.split(',').map(|s| parse_number(s, "a number in the subtraction set")).collect()
}

/// A piece's leaps and rides, named or parsed.
pub(super) struct Moves {
    leaps: Vec<Step>,
    rides: Vec<Step>,
}

impl From<Piece> for Moves {
    fn from(piece: Piece) -> Self {
        Moves { leaps: piece.leaps.to_vec(), rides: piece.rides.to_vec() }
    }
}

/// Parses `leaper:STEPS`, `rider:STEPS` and `leaper:STEPS+rider:STEPS`.
pub(super) fn parse_piece(description: &str) -> Result<Moves> {
    let mut moves = Moves { leaps: Vec::new(), rides: Vec::new() };
    for part in description.split('+') {
        let (kind, steps) = part
            .split_once(':')
            .ok_or_else(|| Error::Syntax { expected: "leaper:STEPS or rider:STEPS".into(), found: part.to_string() })?;
        let target = match kind.trim() {
            "leaper" => &mut moves.leaps,
            "rider" => &mut moves.rides,
            other => return Err(Error::Syntax { expected: "'leaper' or 'rider'".into(), found: other.to_string() }),
        };
        for step in steps.split('/') {
            target.push(parse_pair(step, "a step dx,dy")?);
        }
    }
    Ok(moves)
}

/// A leaper/rider on the requested board, racing to the goal if one is set.
pub(super) fn board_game(description: &Description, moves: impl Into<Moves>) -> Result<Box<dyn Playable>> {
    let Moves { leaps, rides } = moves.into();
    let options = description.options;
    let game = BoardGame::new(options.board, leaps, rides)?;
    let Some(goal) = options.goal else {
        return Ok(Box::new(
            NormalGame::new(description.text, game, Search::normal_play, Some(board_table_normal))
                .with_picture(picture::board),
        ));
    };
    let race = game.with_goal(goal)?;
    Ok(match RaceRules::of(description.text, &race) {
        Some(closed_form) => Box::new(closed_form),
        None => Box::new(GoalGame::new(description.text, race, Some(board_table_goal)).with_picture(picture::board)),
    })
}

/// The minesweeper game: the position is the field itself, so the game is
/// built per question.
pub(super) struct MineRules;

impl Playable for MineRules {
    fn name(&self) -> &str {
        "mine"
    }

    fn solve_in(&self, positions: &[String], play: Play) -> Result<Report> {
        let first = positions.first().ok_or_else(|| Error::InvalidPosition("no field given".into()))?;
        let game = Minesweeper::new(Minefield::parse(first)?);
        // Regions joined by a shared number are searched click by click; cap
        // that search so a large joined cluster fails cleanly, not by memory.
        let rules =
            NormalGame::new("mine", game, |g| Search::with_decomposition(g, NormalPlay).with_limit(1 << 20), None);
        rules.solve_in(positions, play)
    }

    fn table(&self, _: RangeInclusive<u64>, _: Option<RangeInclusive<u64>>) -> Result<Table> {
        Err(Error::Unsupported {
            game: "mine".into(),
            question: "a table".into(),
            why: "its positions are fields, so it has no table".into(),
        })
    }

    /// The field drawn with its turned-up cells; moves are clicks (`click x,y`).
    fn play(&self, positions: &[String], misere: bool, run: &mut PlayLoop<'_>) -> Result<()> {
        let [field] = positions else {
            return Err(Error::InvalidPosition(format!("mine is played on one field, found {}", positions.len())));
        };
        let game = Minesweeper::new(Minefield::parse(field)?);
        let mut session = crate::play::Session::new(&game, vec![game.start()], misere)?
            .with_picture(picture::mine_field)
            .with_move_names(picture::mine_clicks);
        run(&mut session)
    }
}
