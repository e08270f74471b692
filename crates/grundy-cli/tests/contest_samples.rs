//! The samples of `shared/problems/`, byte for byte, through the binary.

mod common;
use common::contest;

#[test]
fn bomb_game_sample() {
    assert_eq!(contest("bomb-game", "2 2\n.#\n..\n2 2\n.#\n.#\n0 0\n"), "John\nJack\n");
    // A file that stops after a whole case without the closing "0 0" is
    // read as if it were there.
    assert_eq!(contest("bomb-game", "2 2\n.#\n..\n2 2\n.#\n.#\n"), "John\nJack\n");
}

#[test]
fn hyper_knights_sample() {
    assert_eq!(contest("hyper-knights", "2\n1\n1 0\n2\n2 5\n3 5\n"), "Case 1: Bob\nCase 2: Alice\n");
}

#[test]
fn mine_sample() {
    assert_eq!(contest("mine", "2\n3 3 0\n3 3 1\n1 1\n"), "Case #1: Xiemao\nCase #2: Fanglaoshi\n");
}

#[test]
fn john_sample() {
    assert_eq!(contest("john", "2\n3\n3 5 1\n1\n1\n"), "John\nBrother\n");
}

#[test]
fn life_winner_bo_sample() {
    assert_eq!(contest("life-winner-bo", "4\n1 5 5\n2 5 5\n3 5 5\n4 5 5\n"), "G\nG\nD\nB\n");
}

#[test]
fn input_from_a_file() {
    let path = std::env::temp_dir().join(format!("grundy-john-{}.txt", std::process::id()));
    std::fs::write(&path, "1\n2\n1 1\n").unwrap();
    let run = common::grundy(&["contest", "john", path.to_str().unwrap()], "");
    std::fs::remove_file(&path).ok();
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "John\n");
}
