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
fn outcome_only_gives_the_published_outcomes() {
    // The first player wins iff p ≡ 3, 4, 5 (mod 6): Applegate, Jacobson
    // and Sleator, CMU-CS-91-144 (1991), to 11 spots. 6 spots is the first
    // second-player win past 2 whose search is more than a few options.
    for (spots, outcome) in [("5", "N (first player wins)"), ("6", "P (second player wins)")] {
        let run = grundy(&["solve", "sprouts", spots, "--outcome-only"], "");
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert!(run.stdout.contains(&format!("outcome:   {outcome}")), "{spots}: {}", run.stdout);
        assert!(!run.stdout.contains("nim-value:"), "{}", run.stdout);
        assert!(run.stdout.contains("outcome only"), "{}", run.stdout);
    }
    // A sum: 4 spots and 2 spots have nim-values 1 and 0, so N; 4 and 3
    // both 1, so P (the values are the --value-only run's, tested above).
    let run = grundy(&["solve", "--json", "sprouts", "4", "2", "--outcome-only"], "");
    assert!(run.stdout.contains("\"outcome\": \"N\""), "{}", run.stdout);
    assert!(run.stdout.contains("\"nim_value\": null"), "{}", run.stdout);
    let run = grundy(&["solve", "sprouts", "4", "3", "--outcome-only"], "");
    assert!(run.stdout.contains("outcome:   P"), "{}", run.stdout);
    let run = grundy(&["solve", "sprouts", "4", "--outcome-only", "--value-only"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("'--outcome-only' cannot be used with '--value-only'"), "{}", run.stderr);
}

#[test]
fn misere_outcome_only_searches_beside_forms() {
    // Misère Sprouts: the first player wins 5 spots, loses 4 (OEIS A164950).
    for (spots, outcome) in [("5", "N"), ("4", "P")] {
        let run = grundy(&["solve", "--misere", "sprouts", spots, "--outcome-only"], "");
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert!(run.stdout.contains(&format!("outcome:   {outcome}")), "{spots}: {}", run.stdout);
        assert!(run.stdout.contains("searched beside the misère canonical form"), "{}", run.stdout);
    }
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

/// A malformed string, a land no drawing has, too many spots: each is one
/// line that names what is wrong and where, and a non-zero exit.
#[test]
fn bad_positions_are_one_line_naming_what_and_where() {
    for (position, says) in [
        ("0.13.}]", "land 1: region 1, boundary 2: '3' is not a spot"),
        ("abab.}]", "land 1: region 1, boundary 1: the two sides of two spots alternate"),
        ("0.}]A.}A.}A.}]", "land 2: 'A' is seen 3 times"),
        ("23", "more than the limit of 22"),
    ] {
        let run = grundy(&["solve", "sprouts", position], "");
        assert_ne!(run.status, 0, "{position}");
        assert!(run.stderr.contains(says), "{position}: {}", run.stderr);
        assert_eq!(run.stderr.trim().lines().count(), 1, "{position}: {}", run.stderr);
    }
}

/// Normal play goes to the pruned search, misère play to the misère
/// machinery: one spot is a second-player win in normal play, a
/// first-player win in misère play; two spots a second-player win in both
/// (misère: OEIS A164950, which starts 1, 1, 0, 0, 0, 1, 1 from no spot).
#[test]
fn misere_play_is_answered_too() {
    for (spots, normal, misere) in [("1", "outcome:   P", "outcome:   N"), ("2", "outcome:   P", "outcome:   P")] {
        let run = grundy(&["solve", "sprouts", spots], "");
        assert!(run.stdout.contains(normal), "{spots}: {}", run.stdout);
        let run = grundy(&["solve", "--misere", "sprouts", spots], "");
        assert_eq!(run.status, 0, "{}", run.stderr);
        assert!(run.stdout.contains(misere), "{spots} misère: {}", run.stdout);
    }
}
