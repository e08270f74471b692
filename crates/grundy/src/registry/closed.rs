//! Sessions that answer from a closed form where theory gives one, and
//! from search elsewhere: Wythoff's game by its P-positions, and the races
//! of Life Winner Bo's chess pieces by [`ChessPiece::outcome`]. The closed
//! forms are the games' own ([`crate::game::ClosedOutcome`]), answered by
//! [`analyse_closed`] and reported by [`Report::of_closed`]; a session
//! only says which positions go to them.

use std::ops::RangeInclusive;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::goal_game::GoalGame;
use super::normal_game::NormalGame;
use super::playable::{PlayLoop, Playable};
use super::search_game::Asked;
use super::tabulators::{board_table_goal, wythoff_table};
use crate::catalogue::race::ChessPiece;
use crate::catalogue::{Board, BoardGame, MisereWythoff, Wythoff, MAX_MOVES_LISTED};
use crate::error::{Error, Result};
use crate::game::{parse_pair, Notation};
use crate::game::{ClosedOutcome, Convention, Game, Options};
use crate::nim::NimValue;
use crate::play::{picture, Session};
use crate::report::{Report, ValueTable};
use crate::solve::{analyse_closed, Decision, Search};

/// Wythoff's game: nim-values by search for heaps up to
/// [`Wythoff::MAX_SEARCHED_HEAP`]; above that, one position in normal play
/// is answered exactly from the P-positions, without its nim-value, which
/// has no known formula. One position in misère play past
/// [`Wythoff::MAX_MISERE_SEARCHED_HEAP`] is answered from the misère
/// P-positions ([`MisereWythoff`]), without its genus.
pub(super) struct WythoffRules {
    search: NormalGame<Wythoff>,
    asked: Asked,
    /// Misère play by a method asked for (canonical forms): then misère
    /// positions go to the search, which uses it, not to the P-positions.
    misere_method: bool,
}

impl WythoffRules {
    /// Wythoff's game, reported under `name`.
    pub(super) fn named(name: &str) -> Self {
        let search = NormalGame::new(name, Wythoff, Search::normal_play, Some(wythoff_table))
            .with_known_values(WythoffRules::known_values);
        WythoffRules { search, asked: Asked::WinningMoves, misere_method: false }
    }

    /// A board game that is Wythoff's game under another name: the queen's
    /// slides (up, left, diagonally up-left) and no other move, on the
    /// quarter plane with no goal — the queen at `x,y` is the heaps `x,y`.
    /// It then gets Wythoff's methods: a table of every value below the
    /// cell instead of a search of millions of slides (`solve queen
    /// 1000,1000` ran for minutes; `wythoff 1000,1000` takes 0.3 s), and the
    /// P-positions past heap 1,000. Drawn on its board in `play`.
    pub(super) fn of_board(name: &str, game: &BoardGame) -> Option<Self> {
        let queen = [(-1, 0), (0, -1), (-1, -1)];
        let slides_as_queen = queen.iter().all(|step| game.rides().contains(step))
            && game.rides().iter().all(|step| queen.contains(step));
        if game.board() != Board::QuarterPlane || game.goal().is_some() || !game.leaps().is_empty() || !slides_as_queen
        {
            return None;
        }
        let mut rules = WythoffRules::named(name);
        rules.search = rules.search.with_picture(|_, sum| picture::grid(sum, 0, 'K', None, None));
        Some(rules)
    }

    /// The values of every pair below the positions asked about, past a
    /// few dozen heaps, from [`Wythoff::nim_value_table`]: the search then
    /// only lists options (heaps 999 and 1,000: minutes before, a fraction
    /// of a second).
    pub(super) fn known_values(_: &Wythoff, positions: &[(u64, u64)]) -> Result<Vec<((u64, u64), NimValue)>> {
        let rows = positions.iter().map(|&(x, _)| x + 1).max().unwrap_or(0);
        let columns = positions.iter().map(|&(_, y)| y + 1).max().unwrap_or(0);
        if rows.max(columns) <= 64 || rows.max(columns) > Wythoff::MAX_SEARCHED_HEAP + 1 {
            return Ok(Vec::new());
        }
        let values = Wythoff::nim_value_table(rows as usize, columns as usize)?;
        Ok((0..rows)
            .flat_map(|x| (0..columns).map(move |y| (x, y)))
            .zip(values)
            .map(|(pair, value)| (pair, NimValue::from(value)))
            .collect())
    }

    /// A single position in normal or misère play that the P-positions
    /// answer: one too large to search, or any when only the outcome is
    /// asked.
    fn beyond_search(&self, positions: &[String], play: Convention) -> Result<Option<(u64, u64)>> {
        let [text] = positions else { return Ok(None) };
        let searched = match play {
            Convention::Normal => Wythoff::MAX_SEARCHED_HEAP,
            Convention::Misere if self.misere_method => return Ok(None),
            Convention::Misere => Wythoff::MAX_MISERE_SEARCHED_HEAP,
            _ => return Ok(None),
        };
        let (x, y) = FarWythoff.parse_position(text)?;
        if x.max(y) <= searched && self.asked != Asked::Outcome {
            return Ok(None);
        }
        Ok(Some((x, y)))
    }
}

impl Playable for WythoffRules {
    fn name(&self) -> &str {
        self.search.name()
    }

    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report> {
        let Some((x, y)) = self.beyond_search(positions, play)? else {
            return self.search.solve_in(positions, play);
        };
        let analysed = match play {
            Convention::Misere => analyse_closed(&MisereWythoff, &(x, y))
                .map(|analysis| Report::of_closed(self.name(), &MisereWythoff, positions, &analysis)),
            _ => analyse_closed(&Wythoff, &(x, y))
                .map(|analysis| Report::of_closed(self.name(), &Wythoff, positions, &analysis)),
        };
        match analysed {
            Some(report) => Ok(report),
            None => self.search.solve_in(positions, play),
        }
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<ValueTable> {
        self.search.table(rows, columns)
    }

    fn check_notation(&self, positions: &[String], limit: usize) -> Result<usize> {
        self.search.check_notation(positions, limit)
    }

    fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.search.set_interrupt(flag);
    }

    fn set_asked(&mut self, asked: Asked) {
        self.asked = asked;
        self.search.set_asked(asked);
    }

    fn set_misere_method(&mut self, method: Decision) -> Result<()> {
        self.search.set_misere_method(method)?;
        self.misere_method = true;
        Ok(())
    }

    /// One position past search is played from the P-positions
    /// ([`FarWythoff`]), as `solve` answers it; the rest by search, which
    /// also gives the remoteness of each position.
    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        // (Misère play searches to heap 1,000 here too, for remoteness.)
        let start = match self.beyond_search(positions, convention)? {
            Some((x, y)) if x.max(y) > Wythoff::MAX_SEARCHED_HEAP => (x, y),
            _ => return self.search.play(positions, convention, run),
        };
        FarWythoff.check_moves(start)?;
        let outcome = move |sum: &[(u64, u64)]| {
            let decided = match sum {
                [position] if convention == Convention::Misere => MisereWythoff.closed_outcome(position),
                [position] => Wythoff.closed_outcome(position),
                _ => None,
            };
            decided.ok_or_else(|| Error::InvalidPosition("Wythoff past search is played one position at a time".into()))
        };
        let mut session = Session::with_fallback(&FarWythoff, vec![start], convention, Box::new(outcome))?;
        run(&mut session)
    }
}

/// Wythoff's game for `play` past [`Wythoff::MAX_SEARCHED_HEAP`]: the same
/// moves, positions read up to [`Wythoff::MAX_CLOSED_FORM_HEAP`] (where
/// [`Wythoff`]'s notation, which feeds search, stops at heap 1,000), each
/// judged by the P-positions.
struct FarWythoff;

impl FarWythoff {
    /// Every move is listed at every turn (the engine judges each): a pair
    /// of heaps of `n` has about `3n`, refused past [`MAX_MOVES_LISTED`].
    fn check_moves(&self, (x, y): (u64, u64)) -> Result<()> {
        let moves = u128::from(x) + u128::from(y) + u128::from(x.min(y));
        if moves > MAX_MOVES_LISTED as u128 {
            return Err(Error::TooLarge {
                what: format!("playing Wythoff's game from {x},{y} (every move is listed at each turn)"),
                needed: moves,
                limit: MAX_MOVES_LISTED as u128,
                unit: "moves",
            });
        }
        Ok(())
    }
}

impl Game for FarWythoff {
    type Position = (u64, u64);

    fn options(&self, position: &(u64, u64), options: &mut Options<(u64, u64)>) {
        Wythoff.options(position, options);
    }
}

impl Notation for FarWythoff {
    fn parse_position(&self, text: &str) -> Result<(u64, u64)> {
        let (x, y): (u64, u64) = parse_pair(text, "two heap sizes")?;
        if x.max(y) > Wythoff::MAX_CLOSED_FORM_HEAP {
            return Err(Error::InvalidPosition(format!(
                "heaps {x},{y} are too large: the P-position formulas take heaps up to {}",
                Wythoff::MAX_CLOSED_FORM_HEAP
            )));
        }
        Ok((x, y))
    }

    fn format_position(&self, position: &(u64, u64)) -> String {
        Wythoff.format_position(position)
    }
}

/// A race to the corner `(0, 0)` by one of Life Winner Bo's pieces: the
/// outcome and best moves from its closed form ([`ChessPiece::outcome`],
/// through [`crate::game::ClosedOutcome`]), in constant time per option;
/// tables from the general solver (its oracle).
pub(super) struct RaceRules {
    game: BoardGame,
    piece: ChessPiece,
    general: GoalGame<BoardGame>,
}

impl RaceRules {
    /// The closed-form session for `game`, if it is the race of a
    /// [`ChessPiece`] to `(0, 0)`.
    pub(super) fn of(name: &str, game: &BoardGame) -> Option<Self> {
        let piece = ChessPiece::of_race(game)?;
        Some(RaceRules {
            game: game.clone(),
            piece,
            general: GoalGame::new(name, game.clone(), Some(board_table_goal))
                .with_picture(crate::play::picture::board),
        })
    }
}

impl Playable for RaceRules {
    fn name(&self) -> &str {
        self.general.name()
    }

    fn solve_in(&self, positions: &[String], play: Convention) -> Result<Report> {
        let [text] = positions else { return self.general.solve_in(positions, play) };
        if !matches!(play, Convention::Normal | Convention::Goal) {
            return self.general.solve_in(positions, play);
        }
        let cell = self.game.parse_position(text)?;
        // The best moves are found among all the options, which a rider far
        // out has billions of (`queen --goal 0,0 1000000000,999999999` filled
        // the memory listing them): refused before any is listed.
        let (x, y) = (u128::from(cell.0), u128::from(cell.1));
        let moves = match self.piece {
            ChessPiece::King | ChessPiece::Knight => 0,
            ChessPiece::Rook => x + y,
            ChessPiece::Queen => x + y + x.min(y),
        };
        if moves > MAX_MOVES_LISTED as u128 {
            return Err(Error::TooLarge {
                what: format!("listing the moves of this {} position", self.name()),
                needed: moves,
                limit: MAX_MOVES_LISTED as u128,
                unit: "moves",
            });
        }
        match analyse_closed(&self.game, &cell) {
            Some(analysis) => Ok(Report::of_closed(self.name(), &self.game, positions, &analysis)),
            None => self.general.solve_in(positions, play),
        }
    }

    fn table(&self, rows: RangeInclusive<u64>, columns: Option<RangeInclusive<u64>>) -> Result<ValueTable> {
        self.general.table(rows, columns)
    }

    fn check_notation(&self, positions: &[String], limit: usize) -> Result<usize> {
        self.general.check_notation(positions, limit)
    }

    fn play(&self, positions: &[String], convention: Convention, run: &mut PlayLoop<'_>) -> Result<()> {
        self.general.play(positions, convention, run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Board, Piece};

    /// The closed-form session against the general race solver, cell by
    /// cell: same outcome, same best moves.
    #[test]
    fn races_agree_with_the_general_solver() {
        for piece in ChessPiece::ALL {
            for board in [Board::QuarterPlane, Board::Bounded { rows: 9, cols: 13 }] {
                let game = piece.piece().game(board).unwrap().with_goal((0, 0)).unwrap();
                let closed = RaceRules::of("race", &game).expect("a chess piece's race");
                let general = GoalGame::new("race", game.clone(), None);
                for x in 0..9 {
                    for y in 0..13 {
                        let position = [format!("{x},{y}")];
                        let a = closed.solve(&position).unwrap();
                        let b = general.solve(&position).unwrap();
                        assert_eq!(a.outcome, b.outcome, "{piece:?} {x},{y}");
                        assert_eq!(a.winning_moves, b.winning_moves, "{piece:?} {x},{y}");
                        assert_eq!(a.drawing_moves, b.drawing_moves, "{piece:?} {x},{y}");
                    }
                }
            }
        }
        // A rider far out is refused before its moves are listed (they
        // filled the memory): the queen at (x, y) has x + y + min(x, y).
        let queen = Piece::QUEEN.game(Board::QuarterPlane).unwrap().with_goal((0, 0)).unwrap();
        let far = RaceRules::of("queen", &queen).unwrap().solve(&["1000000000,999999999".into()]).unwrap_err();
        assert_eq!(
            far.to_string(),
            "too large: listing the moves of this queen position needs 2999999998 moves, more than the limit of 2000000"
        );
        let knight = Piece::KNIGHT.game(Board::QuarterPlane).unwrap().with_goal((0, 0)).unwrap();
        assert!(RaceRules::of("knight", &knight).is_none(), "the four-jump knight has no closed form here");
    }
}
