//! The engine against brute force, and matches played line by line.

use super::*;
use crate::catalogue::{Board, BoardGame, BombGame, GraphGame, Nim, Subtraction, Wythoff};
use crate::game::Convention;
use crate::game::Notation;
use crate::game::{Game, Outcome};
use crate::solve::misere::misere_outcome_by_search;
use crate::solve::remoteness::RemotenessPlay;
use crate::solve::{analyse_goal, Search};
use crate::testing::Xorshift;

/// Plays a match with a random opponent moving second; returns how it ended.
fn engine_against_random(session: &mut dyn PlaySession, seed: u64) -> Ending {
    let mut random = Xorshift::new(seed);
    for _ in 0..10_000 {
        if let Some(ending) = session.ending().unwrap() {
            return ending;
        }
        session.engine_move().unwrap().unwrap();
        if let Some(ending) = session.ending().unwrap() {
            // The random player is to move and stuck.
            return match ending {
                Ending::MoverLost => Ending::MoverWon,
                Ending::MoverWon => Ending::MoverLost,
                other => other,
            };
        }
        let moves = session.moves().unwrap();
        let pick = &moves[random.below(moves.len() as u64) as usize];
        session.play(pick).unwrap();
    }
    panic!("the game did not end");
}

#[test]
fn a_winning_engine_wins_every_game_against_random_play() {
    // Ending seen by the engine's side: MoverWon means the engine won.
    for seed in 0..20 {
        let mut nim = Session::new(&Nim, vec![3, 4, 5], Convention::Normal).unwrap();
        assert_eq!(engine_against_random(&mut nim, seed), Ending::MoverWon);
        let sub = Subtraction::new(vec![1, 3, 4]).unwrap();
        let mut s = Session::new(&sub, vec![10, 8], Convention::Normal).unwrap();
        assert_eq!(engine_against_random(&mut s, seed), Ending::MoverWon);
        let mut bomb = Session::new(&BombGame, vec![(3, 3), (2, 4)], Convention::Normal).unwrap();
        assert_eq!(bomb.judgement().unwrap().outcome, Outcome::N);
        assert_eq!(engine_against_random(&mut bomb, seed), Ending::MoverWon);
    }
}

#[test]
fn a_losing_engine_makes_the_game_last_longest() {
    // From each P-position of Wythoff, the engine's move must reach an
    // option of the greatest remoteness, computed by the independent search.
    let mut remoteness = Search::new(&Wythoff, RemotenessPlay { misere: false });
    for (x, y) in [(3, 5), (4, 7), (6, 10), (8, 13)] {
        let mut session = Session::new(&Wythoff, vec![(x, y)], Convention::Normal).unwrap();
        let here = session.judgement().unwrap();
        assert_eq!(here.outcome, Outcome::P);
        assert_eq!(here.remoteness, Some(remoteness.value(&(x, y)).unwrap().moves));
        let played = session.engine_move().unwrap().unwrap();
        let to = Wythoff.parse_position(played.split("-> ").nth(1).unwrap()).unwrap();
        let mut options = crate::game::Options::new();
        Wythoff.options(&(x, y), &mut options);
        let longest = options.parts().iter().map(|o| remoteness.value(o).unwrap().moves).max().unwrap();
        assert_eq!(remoteness.value(&to).unwrap().moves, longest, "from ({x},{y}) the engine played {played}");
    }
}

#[test]
fn misere_judgements_match_exact_search() {
    let mut random = Xorshift::new(7);
    for _ in 0..30 {
        let heaps: Vec<u64> = (0..1 + random.below(3)).map(|_| random.below(5)).collect();
        let mut session = Session::new(&Nim, heaps.clone(), Convention::Misere).unwrap();
        assert_eq!(session.judgement().unwrap().outcome, misere_outcome_by_search(&Nim, &heaps).unwrap(), "{heaps:?}");
    }
    // Misère Nim 1 + 1 + 1: the engine moving first must take the last counter.
    let mut session = Session::new(&Nim, vec![1, 1, 1], Convention::Misere).unwrap();
    let (mut game, opening) = Match::new(&mut session, true).unwrap();
    assert!(opening.contains("engine plays 1 -> 0"));
    // 0 + 1 + 1: the player takes one, the engine must take the last, and
    // the player, stuck, wins.
    let reply = game.command("1 -> 0");
    assert!(reply.over && reply.text.contains("engine plays 1 -> 0"), "{}", reply.text);
    assert!(
        reply.text.ends_with("You cannot move, which wins here (misère play, or a position marked a win). You win!\n"),
        "{}",
        reply.text
    );
}

#[test]
fn races_have_draws_and_the_engine_keeps_them() {
    // The knight's race to (0,0) (Life Winner Bo): draws where neither side
    // can force the goal.
    let knight =
        BoardGame::new(Board::QuarterPlane, vec![(-2, -1), (-1, -2)], vec![]).unwrap().with_goal((0, 0)).unwrap();
    let mut search = Search::goal_play(&knight);
    for x in 0..8u32 {
        for y in 0..8u32 {
            let mut session = Session::goal(&knight, (x, y)).unwrap();
            let expected = analyse_goal(&mut search, &(x, y)).unwrap().outcome;
            assert_eq!(session.judgement().unwrap().outcome, expected, "({x},{y})");
            if expected == Outcome::Draw {
                if let Some(mv) = session.engine_move().unwrap() {
                    assert_eq!(session.judgement().unwrap().outcome, Outcome::Draw, "({x},{y}) {mv}");
                }
            }
        }
    }
    // Stuck off the goal: a draw.
    let mut stuck = Session::goal(&knight, (1, 0)).unwrap();
    assert_eq!(stuck.ending().unwrap(), Some(Ending::Draw));
}

#[test]
fn loopy_games_end_in_a_draw_by_repetition() {
    // 0 <-> 1 for ever, and 1 -> 2 which is stuck: 1 wins; 3 <-> 4 draws.
    let graph = GraphGame::parse("0 1\n1 0 2\n2\n3 4\n4 3\n").unwrap();
    let three = graph.parse_position("3").unwrap();
    let mut session = Session::goal(&graph, three).unwrap();
    assert_eq!(session.judgement().unwrap().outcome, Outcome::Draw);
    let mut moves = 0;
    while session.ending().unwrap().is_none() {
        session.engine_move().unwrap().unwrap();
        moves += 1;
        assert!(moves < 10);
    }
    assert_eq!(session.ending().unwrap(), Some(Ending::DrawByRepetition));
    let one = graph.parse_position("1").unwrap();
    let mut session = Session::goal(&graph, one).unwrap();
    assert_eq!(session.hint().unwrap().unwrap().mv, "1 -> 2");
}

#[test]
fn moves_are_read_in_the_syntax_solve_prints() {
    let mut session = Session::new(&BombGame, vec![(3, 3)], Convention::Normal).unwrap();
    let listed = session.moves().unwrap();
    assert!(listed.contains(&"3,3 -> 1,3 + 3,1".to_string()), "{listed:?}");
    // As `solve` prints it, with its component and value.
    assert_eq!(session.play("in [0]: 3,3 -> 1,3 + 3,1  (option's nim-value 0)").unwrap(), "3,3 -> 1,3 + 3,1");
    assert_eq!(session.show(), "1,3 + 3,1");
    assert!(session.undo());
    // The parts in either order, and the move by its number.
    assert_eq!(session.play("3,3 -> 3,1 + 1,3").unwrap(), "3,3 -> 1,3 + 3,1");
    session.undo();
    assert_eq!(session.play("#1").unwrap(), listed[0]);
    session.undo();
    // Errors say what is wrong, and change nothing.
    for (bad, says) in
        [("3,3 -> 3,3", "illegal move"), ("2,2 -> 1,1", "no 2,2"), ("#99", "no move #99"), ("x -> y", "expected")]
    {
        let error = session.play(bad).unwrap_err().to_string();
        assert!(error.contains(says) && !error.contains('\n'), "{bad}: {error}");
        assert_eq!(session.show(), "3,3");
    }
    // Just the position moved to: the same move in equal components is one move.
    let mut nim = Session::new(&Nim, vec![2, 2], Convention::Normal).unwrap();
    assert_eq!(nim.play("1").unwrap(), "2 -> 1");
    assert_eq!(nim.show(), "1 + 2");
    assert!(nim.play("0").unwrap_err().to_string().starts_with("ambiguous move '0'"));
    // A Cram board that starts with a filled cell is a move as listed, not
    // a bad move number (`#.. -> ###` was "expected a move number").
    let cram = crate::catalogue::Cram;
    let mut board = Session::new(&cram, vec![cram.parse_position("#..").unwrap()], Convention::Normal).unwrap();
    let listed = board.moves().unwrap();
    assert_eq!(listed, ["#.. -> ###"]);
    assert_eq!(board.play("#.. -> ###").unwrap(), listed[0]);
    board.undo();
    assert_eq!(board.play("#1").unwrap(), listed[0]);
    board.undo();
    assert!(board.play("#x").unwrap_err().to_string().contains("expected a move number such as #1"));
    // A heap game's move that leaves nothing, written as a move to heap 0
    // (as a subtraction game's is): it was "not a legal move here".
    let kayles = crate::solve::heap::HeapGame::parse("kayles").unwrap();
    let mut heap = Session::new(&kayles, vec![2], Convention::Normal).unwrap();
    assert_eq!(heap.play("2 -> 0").unwrap(), "2 -> nothing");
    heap.undo();
    assert_eq!(heap.play("2 -> 1").unwrap(), "2 -> 1");
}

#[test]
fn a_match_handles_hint_undo_and_bad_lines() {
    let mut session = Session::new(&Nim, vec![3, 4, 5], Convention::Normal).unwrap();
    let (mut game, opening) = Match::new(&mut session, false).unwrap();
    assert!(opening.starts_with("position: 3 + 4 + 5\n"));
    let hint = game.command("hint");
    assert!(hint.text.starts_with("hint: 3 -> 1 — wins"), "{}", hint.text);
    let bad = game.command("7 -> 1");
    assert_eq!(bad.text.lines().count(), 1);
    assert!(!bad.over);
    let moves = game.command("moves");
    assert!(moves.text.contains("legal moves (12):") && moves.text.contains(" 3 -> 0\n"), "{}", moves.text);
    let played = game.command("3 -> 1");
    assert!(played.text.contains("you play 3 -> 1") && played.text.contains("engine plays"));
    let undone = game.command("undo");
    assert!(undone.text.contains("position: 3 + 4 + 5"), "{}", undone.text);
    assert_eq!(game.command("undo").text, "nothing to undo\n");
    assert!(game.command("quit").over);
}

/// Misère sums too large for the graph are judged by the misère analysis
/// (here misère Nim's rule); the engine still wins every game it can.
#[test]
fn misere_sums_too_large_to_explore_fall_back_on_the_misere_analysis() {
    use crate::solve::misere::{AntiSg, MisereSums};
    let sums = std::cell::RefCell::new(MisereSums::new(Nim).with_quotient(Box::new(AntiSg(Nim))));
    for seed in 0..3 {
        let outcome = |sum: &[u64]| sums.borrow_mut().outcome(sum).map(|(outcome, _)| outcome);
        let start = vec![500, 600, 700];
        let mut session = Session::with_fallback(&Nim, start, Convention::Misere, Box::new(outcome)).unwrap();
        let judgement = session.judgement().unwrap();
        assert_eq!((judgement.outcome, judgement.remoteness), (Outcome::N, None));
        let hint = session.hint().unwrap().unwrap();
        assert!(hint.why.contains("misère P-position"), "{}", hint.why);
        assert_eq!(engine_against_random(&mut session, seed), Ending::MoverWon);
    }
}

#[test]
fn sums_too_large_to_explore_fall_back_on_nim_values() {
    // (A small limit keeps the test quick; the default explores a million sums.)
    let mut session = Session::with_limit(&Nim, vec![500, 600, 700], Convention::Normal, 5_000).unwrap();
    let judgement = session.judgement().unwrap();
    assert_eq!((judgement.outcome, judgement.remoteness), (Outcome::N, None));
    let hint = session.hint().unwrap().unwrap();
    assert!(hint.why.contains("nim-value 0"), "{}", hint.why);
    assert_eq!(engine_against_random(&mut session, 3), Ending::MoverWon);
    // Misère has no such fallback: refused up front, not played badly. The
    // exploration stopped at its limit, so it says no count it did not make
    // (it said "needs 5001 positions").
    let refused = Session::with_limit(&Nim, vec![500, 600, 700], Convention::Misere, 5_000).err().unwrap();
    assert!(matches!(refused, crate::Error::TooLarge { .. }));
    assert!(refused.to_string().ends_with("needs more than the limit of 5000 positions"), "{refused}");
}
