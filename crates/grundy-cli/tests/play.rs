//! `grundy play` with moves on standard input, as a script would play.

mod common;

use common::grundy;

fn play(args: &[&str], input: &str) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    let run = grundy(&all, input);
    assert_eq!(run.status, 0, "{}", run.stderr);
    run.stdout
}

#[test]
fn an_illegal_move_gets_a_reason_and_the_prompt_again() {
    let out = play(&["nim", "3", "4", "5"], "3 -> 7\nbanana\n3 -> 1\nquit\n");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"your move> illegal move: '3 -> 7' is not a legal move here (`moves` lists them)"),
        "{out}"
    );
    // A word that is no move may be a mistyped command: the commands are named.
    let banana = "your move> expected a heap size (a whole number), found 'banana' (or a command: moves, hint, undo, \
                  quit; help lists them)";
    assert!(lines.contains(&banana), "{out}");
    // The game went on: the legal move was played and answered.
    assert!(out.contains("you play 3 -> 1\nposition: 1 + 4 + 5\nengine plays"), "{out}");
    assert!(out.ends_with("your move> bye\n"));
}

/// Input that ends before the game does is a failure a script can see
/// (it exited 0, as a finished game does); `quit` ends a game on purpose.
#[test]
fn input_that_ends_mid_game_fails() {
    let run = grundy(&["play", "nim", "3", "4"], "3 -> 2\n");
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(run.stdout.contains("you play 3 -> 2\n"), "{}", run.stdout);
    assert_eq!(run.stderr, "grundy: input ended before the game did (type quit to end a game early)\n");
}

#[test]
fn the_engine_wins_a_won_position_whatever_the_player_does() {
    // Engine first from 3 + 4 + 5 (nim-value 2): the player always takes
    // the first listed move; the engine must make the last move.
    let out = play(&["nim", "3", "4", "5", "--engine-first"], &"#1\n".repeat(20));
    assert!(out.contains("engine plays 3 -> 1\n"), "{out}");
    assert!(out.trim_end().ends_with("You cannot move. The engine wins."), "{out}");
}

#[test]
fn misere_races_and_graphs() {
    let out = play(&["--misere", "nim", "1", "1", "1", "--engine-first"], "1 -> 0\n");
    assert!(
        out.trim_end()
            .ends_with("You cannot move, which wins here (misère play, or a position marked a win). You win!"),
        "{out}"
    );
    // A race to the corner, drawn as a board.
    let out = play(&["king", "--goal", "0,0", "1,1"], "1,1 -> 0,0\n");
    assert!(out.contains("position:\n  0123\n0 G...\n1 .K.."), "{out}");
    assert!(out.trim_end().ends_with("The engine cannot move. You win!"), "{out}");
    // A loopy graph: from 3 the play cycles 3, 4, 3, … and is drawn.
    let out = play(&["graph", "examples/loopy-game.txt", "3"], "3 -> 4\n3 -> 4\n3 -> 4\n");
    assert!(out.contains("The same drawn position came round three times: a draw."), "{out}");
}

/// A stuck `draw` in a sum of a graph game never moves again, so every end
/// of play holds it: the sum is a draw, as `solve` says (∞()). Play took it
/// for a dead end and called `6 + 2` lost and `1 -> 2` from `6 + 1` a win.
#[test]
fn a_stuck_draw_in_a_sum_is_a_draw_in_play_as_in_solve() {
    let out = play(&["graph", "examples/loopy-game.txt", "6", "2"], "");
    assert!(out.contains("Nobody can move, and that is a draw"), "{out}");
    let out = play(
        &["graph", "examples/loopy-game.txt", "6", "1"],
        "hint
1 -> 2
",
    );
    assert!(out.contains("keeps the draw: no move wins"), "{out}");
    assert!(!out.contains("win!") && !out.contains("wins."), "{out}");
}

#[test]
fn hint_and_undo() {
    let out = play(&["bomb", "3,3"], "hint\n3,3 -> 1,3 + 3,1\nundo\nquit\n");
    assert!(out.contains("hint: 3,3 -> "), "{out}");
    assert!(out.contains("taken back\nposition:\n  1234\n1 ....\n2 ....\n3 ..#.\n"), "{out}");
}

#[test]
fn bad_games_and_positions_are_refused_at_once() {
    let run = grundy(&["play", "nim", "x"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("expected a heap size"));
    let run = grundy(&["play", "king", "--goal", "0,0", "1,1", "2,2"], "");
    assert!(run.stderr.contains("give one position"), "{}", run.stderr);
    let run = grundy(&["play", "--help"], "");
    assert!(run.stdout.contains("Examples:") && run.stdout.contains("grundy play nim 3 4 5"));
}

#[test]
fn minesweeper_is_played_by_clicks_on_the_drawn_field() {
    let out = play(&["mine", "..*/.../..."], "moves\nclick 0,1\n");
    assert!(out.contains("position:\n##*\n###\n###\n"), "{out}");
    assert!(out.contains("  #2 click 0,1\n"), "{out}");
    assert!(out.contains("engine plays click 0,0\nposition:\n.1*\n.11\n...\n"), "{out}");
    assert!(out.trim_end().ends_with("You cannot move. The engine wins."), "{out}");
    let out = play(&["mine", "..*/.../..."], "click 0,2\nquit\n");
    assert!(out.contains("your move> illegal move: 'click 0,2' is not a legal move here"), "{out}");
}

#[test]
fn a_long_coin_row_is_played_by_its_theorem() {
    // Mock Turtles with a head at place 1000: far more rows lie below it
    // than the engine solves whole, so it judges them by the theorem (each
    // head a heap), as `solve` does; a plain search of whole rows used to
    // run out of memory here.
    let out = play(&["mock-turtles", "1000", "--engine-first"], "quit\n");
    assert!(out.contains("engine plays"), "{out}");
}

/// One Wythoff position past search (heaps above 1,000) is played from the
/// P-positions, as `solve` answers it: the engine, given a lost position,
/// answers with a move to a P-position, (⌊kφ⌋, ⌊kφ⌋ + k); a pair with too
/// many moves to list each turn is one line.
#[test]
fn wythoff_past_search_is_played_from_the_p_positions() {
    // (1003, 1623) is one (k = 620); the player moves off it, the engine back.
    let out = play(&["wythoff", "1003,1623"], "1003,1623 -> 1003,1600\nquit\n");
    let reply = out.lines().find_map(|l| l.strip_prefix("engine plays 1003,1600 -> ")).expect(&out);
    let (x, y) = reply.split_once(',').unwrap();
    let (x, y): (u64, u64) = (x.parse().unwrap(), y.parse().unwrap());
    let (low, high) = (x.min(y), x.max(y));
    let k = high - low;
    assert_eq!(low, ((k as f64) * (1.0 + 5f64.sqrt()) / 2.0).floor() as u64, "{out}");
    let out = play(&["--misere", "wythoff", "100000,200000"], "hint\nquit\n");
    assert!(out.contains("hint: 100000,200000 -> 100000,161804 — wins: it leaves a misère P-position"), "{out}");
    let run = grundy(&["play", "wythoff", "1000000,1000000"], "quit\n");
    assert_eq!(run.status, 1);
    assert!(run.stderr.contains("too large: playing Wythoff's game from 1000000,1000000"), "{}", run.stderr);
}

/// A far heap of a subtraction set, or of a code that never splits, is
/// played from the proven period, as `solve` values it. subtraction:1,3,4
/// has period 7 (values 0 1 0 1 2 3 2 by the heap modulo 7; Winning Ways
/// ch. 4): 10¹² is 1 modulo 7, so the one winning move takes 1 (to 0
/// modulo 7); the player takes 1, to 6 modulo 7 (value 2), and the one
/// winning answer takes 4 (to 2 modulo 7, value 0). In misère play the
/// heap is still refused.
#[test]
fn far_heaps_are_played_from_the_period() {
    let out = play(&["subtraction:1,3,4", "1000000000000", "--engine-first"], "999999999999 -> 999999999998\nquit\n");
    assert!(out.contains("engine plays 1000000000000 -> 999999999999\n"), "{out}");
    assert!(out.contains("engine plays 999999999998 -> 999999999994\n"), "{out}");
    let out = play(&["0.0203", "123456789012", "--engine-first"], "quit\n");
    assert!(out.contains("engine plays 123456789012 -> 123456789008\n"), "{out}");
    let run = grundy(&["play", "--misere", "subtraction:1,3,4", "1000000000000"], "quit\n");
    assert_eq!(run.status, 1);
    assert!(run.stderr.contains("heap 1000000000000 is too large for subtraction:1,3,4"), "{}", run.stderr);
}
