//! `grundy solve` and `grundy play` on Sprouts.

mod common;

use common::grundy;

#[test]
fn solve_prints_outcome_value_and_winning_moves_as_strings() {
    let run = grundy(&["solve", "sprouts", "3"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("nim-value: 1"), "{}", run.stdout);
    assert!(run.stdout.contains("0.0.0.}] -> "), "{}", run.stdout);
    let run = grundy(&["solve", "sprouts", "2"], "");
    assert!(run.stdout.contains("nim-value: 0"), "{}", run.stdout);
}

#[test]
fn json_reports_the_nim_value() {
    let run = grundy(&["solve", "--json", "sprouts", "4"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("\"nim_value\": 1") || run.stdout.contains("\"nim_value\":1"), "{}", run.stdout);
}

#[test]
fn play_takes_moves_from_standard_input() {
    let run = grundy(&["play", "sprouts", "2"], "#1\n#1\n#1\n#1\n#1\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("position: 0.0.}]"), "{}", run.stdout);
    assert!(run.stdout.contains("engine wins") || run.stdout.contains("The engine wins"), "{}", run.stdout);
}

#[test]
fn a_malformed_position_is_one_line_naming_where() {
    let run = grundy(&["solve", "sprouts", "0.00.}]"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("region 1, boundary 2"), "{}", run.stderr);
    assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.stderr);
}
