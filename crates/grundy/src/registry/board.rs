//! Leapers and riders on boards: pieces named or written as steps.

use super::closed::{RaceRules, WythoffRules};
use super::description::Description;
use super::goal_game::GoalGame;
use super::normal_game::NormalGame;
use super::playable::Playable;
use super::tabulators::{axis_rider_table, board_table_goal, board_table_normal, corner_king_table};
use crate::catalogue::{AxisRider, BoardGame, CornerKing, Piece, Step};
use crate::error::{Error, Result};
use crate::game::parse_pair;
use crate::play::picture;
use crate::solve::Search;

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
        // The queen: Wythoff's game.
        if let Some(wythoff) = WythoffRules::of_board(description.text, &game) {
            return Ok(Box::new(wythoff));
        }
        if let Some(nim) = AxisRider::of(game.clone()) {
            // The rook and its one-way kin: Nim on the coordinates, valued
            // by the nim-sum at any distance. The bound on what a search
            // may reach still guards what has to search (misère play,
            // Every-SG play, play itself).
            return Ok(Box::new(
                NormalGame::new(description.text, nim, Search::closed_form, Some(axis_rider_table))
                    .with_picture(|nim, sum| picture::board(nim.board_game(), sum))
                    .with_reachable_bound(|nim, &cell, cap| nim.board_game().reachable_bound(cell, cap)),
            ));
        }
        if let Some(king) = CornerKing::of(game.clone()) {
            // The king: its value from the parities of its coordinates.
            return Ok(Box::new(
                NormalGame::new(description.text, king, Search::closed_form, Some(corner_king_table))
                    .with_picture(|king, sum| picture::board(king.board_game(), sum))
                    .with_reachable_bound(|king, &cell, cap| king.board_game().reachable_bound(cell, cap)),
            ));
        }
        return Ok(Box::new(
            NormalGame::new(description.text, game, Search::normal_play, Some(board_table_normal))
                .with_picture(picture::board)
                .with_reachable_bound(|game, &cell, cap| game.reachable_bound(cell, cap)),
        ));
    };
    let race = game.with_goal(goal)?;
    Ok(match RaceRules::of(description.text, &race) {
        Some(closed_form) => Box::new(closed_form),
        None => Box::new(
            GoalGame::new(description.text, race, Some(board_table_goal))
                .with_picture(picture::board)
                .with_reachable_bound(|race, &cell, cap| race.reachable_bound(cell, cap)),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Board, Piece};

    /// The king's table by its closed form is the searched table, cell for
    /// cell, off-board cells included.
    #[test]
    fn the_kings_table_is_the_searched_table() {
        for board in [Board::QuarterPlane, Board::Bounded { rows: 7, cols: 12 }] {
            let game = BoardGame::new(board, Piece::KING.leaps.to_vec(), vec![]).unwrap();
            let king = CornerKing::of(game.clone()).unwrap();
            let closed = corner_king_table(&king, 3..=20, Some(0..=15)).unwrap();
            let searched = board_table_normal(&game, 3..=20, Some(0..=15)).unwrap();
            assert_eq!(closed.cells, searched.cells, "{board:?}");
        }
    }
}
