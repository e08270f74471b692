//! Misère, Every-SG and loopy games from the command line.

mod common;
use common::grundy;

fn json(args: &[&str]) -> serde_json::Value {
    let run = grundy(args, "");
    assert_eq!(run.status, 0, "grundy {args:?} failed: {}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

fn graph_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("grundy-graph-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn misere_nim_uses_the_tame_rule_kayles_its_solution_and_dawsons_kayles_its_quotient() {
    let report = json(&["solve", "--misere", "nim", "1", "1", "--json"]);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["method"], "tame-genus");
    let report = json(&["solve", "--misere", "nim", "1", "--json"]);
    assert_eq!(report["outcome"], "P");
    // Kayles heap 5 is not tame; Sibert and Conway's solution decides (the
    // quotient and the search fallback are tested in tests/quotient.rs).
    let report = json(&["solve", "--misere", "kayles", "5", "2", "--json"]);
    assert_eq!(report["method"], "closed-form");
    assert_eq!(report["outcome"], "N");
    assert!(!report["winning_moves"].as_array().unwrap().is_empty());
    // Dawson's Kayles has no such solution: its misère quotient, computed
    // as the sum needs it, decides.
    let report = json(&["solve", "--misere", "dawsons-kayles", "5", "2", "--json"]);
    assert_eq!(report["method"], "quotient");
}

/// A genus is shown, not needed: 4.07's heap 40 takes long to its genus,
/// by search or by canonical forms, but its outcome comes from its form
/// within a second. The report gives the genera a second, then says they
/// are not shown. (4.07 is wild from heap 6, and the misère quotient
/// computed on the way reaches heap 24: canonical forms decide.)
#[test]
fn genera_that_take_too_long_are_left_out_and_said_to_be() {
    let report = json(&["solve", "--misere", "4.07", "40", "--json"]);
    assert_eq!((&report["outcome"], &report["method"]), (&"N".into(), &"canonical".into()), "{report}");
    let note = report["note"].as_str().unwrap();
    assert!(note.contains("genera not shown: they took more than 1 s"), "{note}");
    assert!(report["components"][0].get("genus").is_none(), "{report}");
    // Genera found in time are shown (and no such note), whichever method
    // decided (here the quotient of the game as the code 0.033).
    let report = json(&["solve", "--misere", "subtraction:2,3", "9", "5", "--json"]);
    assert_eq!(report["method"], "quotient", "{report}");
    assert_eq!(report["components"][1]["genus"], "0^12020", "{report}");
    assert!(report["note"].is_null(), "{report}");
}

/// Two bombs on one cell annihilate (HDU 2873). Normal play cannot tell
/// (G + G = 0), misère play can: `1,4 -> 1,3` leaves `1,3 + 1,3 + 2,2`,
/// that is the lone bomb `2,2`, a misère P-position, so `1,4 1,3 2,2` is a
/// first-player win, where the sum of separate bombs grundy used to value
/// is a second-player win (an audit's search of the board, bombs as a set).
/// So misère play of bombs is refused, in `solve` and in `play`.
#[test]
fn misere_bombs_are_refused_since_bombs_annihilate() {
    for args in [&["solve", "--misere", "bomb", "1,4", "1,3", "2,2"][..], &["play", "--misere", "bomb", "2,2"]] {
        let run = grundy(args, "");
        assert_eq!(run.status, 1, "{args:?}: {}", run.stdout);
        assert!(
            run.stderr.contains("misère play is not supported: two bombs on one cell annihilate"),
            "{}",
            run.stderr
        );
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
    // Normal play is the nim-sum: 3 ⊕ 2 ⊕ 1 = 0.
    assert_eq!(json(&["solve", "bomb", "1,4", "1,3", "2,2", "--json"])["outcome"], "P");
}

#[test]
fn every_sg_reports_suspense() {
    let report = json(&["solve", "--every", "wythoff", "1,2", "2,2", "--json"]);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["components"][0]["suspense"], 2);
    assert_eq!(report["components"][1]["suspense"], 3);
    let run = grundy(&["solve", "--every", "bomb", "3,3"], "");
    assert!(run.stderr.contains("single positions"), "{}", run.stderr);
    let run = grundy(&["solve", "--every", "--misere", "nim", "3"], "");
    assert_ne!(run.status, 0);
}

/// Every-SG moves in every component the user wrote, so a board is one
/// component however it falls apart: `cram 2x2` was split at its 2 × 2
/// square into two strips and called a first-player win. With one summand
/// Every-SG is normal play. (2 × 2: the symmetry strategy; 1 × 5: Dawson's
/// Kayles, 0.07, has value 0 at 5; the path's three vertices 0, 1, 3 last
/// exactly two moves; the 4 × 4 board is an independent brute force's, a
/// search of the position as one game.)
#[test]
fn every_sg_keeps_each_summand_whole() {
    for (game, position, outcome) in [
        ("cram", "2x2", Some("P")),
        ("cram", "1x5", Some("P")),
        ("node-kayles:path:5", "0,1,3", Some("P")),
        ("cram", "..#./..../..#./##..", Some("N")),
        ("cram", ".#../#...", None),
        ("cram", "..../..#./##..", None),
    ] {
        let report = json(&["solve", "--every", game, position, "--json"]);
        let normal = json(&["solve", game, position, "--json"]);
        assert_eq!(report["outcome"], normal["outcome"], "{game} {position}: {report}");
        if let Some(outcome) = outcome {
            assert_eq!(report["outcome"], outcome, "{game} {position}: {report}");
        }
        assert_eq!(report["components"].as_array().unwrap().len(), 1, "{report}");
    }
}

#[test]
fn a_loopy_graph_with_draws_and_infinite_values() {
    let path = graph_file("loopy.txt", "# 0 and 1 cycle, 1 can escape to 2\n0 1\n1 0 2\n2\n3 4\n4 3\n5 3 0\n");
    let report = json(&["solve", "graph", &path, "0", "--json"]);
    assert_eq!(report["outcome"], "P");
    assert_eq!(report["components"][0]["remoteness"], 2);
    let report = json(&["solve", "graph", &path, "3", "--json"]);
    assert_eq!(report["outcome"], "D");
    let report = json(&["solve", "graph", &path, "5", "1", "--json"]);
    assert_eq!(report["generalized_value"], "∞(1)");
    assert_eq!(report["outcome"], "D");
    assert_eq!(report["drawing_moves"][0]["to"][0], "3");
    let report = json(&["solve", "graph", &path, "5", "2", "--json"]);
    assert_eq!(report["outcome"], "N");
    // Two infinite parts: every option keeps one, so no option is finite:
    // ∞(∅), a draw (the sum's value was left out).
    let report = json(&["solve", "graph", &path, "5", "3", "--json"]);
    assert_eq!((&report["generalized_value"], &report["outcome"]), (&"∞()".into(), &"D".into()), "{report}");
}

#[test]
fn labelled_stuck_positions_for_races() {
    let path = graph_file("race.txt", "0 1 2\n1 win\n2 draw\n3 1\n");
    // From 0: moving to 1 hands the opponent a win; 2 is a draw: draw.
    assert_eq!(json(&["solve", "graph", &path, "0", "--json"])["outcome"], "D");
    assert_eq!(json(&["solve", "graph", &path, "3", "--json"])["outcome"], "P");
    // A stuck win ends the whole game, so sums of this graph are refused.
    let run = grundy(&["solve", "graph", &path, "0", "3"], "");
    assert!(run.stderr.contains("losses or draws (a stuck win"), "{}", run.stderr);
    // A stuck draw plays on for ever, ∞(): a sum with it is a draw, valued.
    let path = graph_file(
        "draws.txt",
        "0 1 2
1
2 draw
3 1
",
    );
    let report = json(&["solve", "graph", &path, "2", "3", "--json"]);
    assert_eq!((report["outcome"].as_str(), report["method"].as_str()), (Some("D"), Some("generalized-values")));
    assert_eq!(json(&["solve", "graph", &path, "0", "3", "--json"])["outcome"], "D", "∞(0) + *1 = ∞(1)");
}

#[test]
fn malformed_graph_files_name_the_line() {
    for (text, expected) in
        [("0 1\n1 7\n", "line 2"), ("0\n0\n", "listed twice"), ("0 one\n", "line 1"), ("", "lists no positions")]
    {
        let path = graph_file("bad.txt", text);
        let run = grundy(&["solve", "graph", &path, "0"], "");
        assert_ne!(run.status, 0);
        assert!(run.stderr.contains(expected) && run.stderr.contains("bad.txt"), "{text:?}: {}", run.stderr);
        // Said once: the file's name, then what is wrong in it (not the
        // reason a second time, as the error's chain of causes).
        assert_eq!(run.stderr.matches(expected).count(), 1, "{text:?}: {}", run.stderr);
    }
    let run = grundy(&["solve", "graph", "/nonexistent.txt", "0"], "");
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
    let path = graph_file("ok.txt", "0\n");
    let run = grundy(&["solve", "graph", &path, "9"], "");
    assert!(run.stderr.contains("not in the graph"), "{}", run.stderr);
}

/// A subtraction game in misère play is decided as the same game written
/// as a take-and-break code (each move a digit 3: `subtraction:1,3,4` is
/// 0.3033): the same outcome and winning moves, by its quotient or, for
/// large heaps, the tame rule (heap 10^6 searched for minutes).
#[test]
fn misere_subtraction_games_decide_as_their_codes() {
    for (set, code, heaps) in [
        ("subtraction:1,3,4", "0.3033", &["100000", "7"][..]),
        ("subtraction:1,3,4", "0.3033", &["10", "7", "3"]),
        ("subtraction:2,3,7", "0.0330003", &["50", "40", "3"]),
        ("subtraction:2,3,7", "0.0330003", &["9"]),
    ] {
        let ask = |game: &str| {
            let mut args = vec!["solve", "--misere", game, "--json"];
            args.extend(heaps);
            json(&args)
        };
        let (by_set, by_code) = (ask(set), ask(code));
        assert_eq!(by_set["outcome"], by_code["outcome"], "{set} {heaps:?}");
        // (A code writes a move to heap 0 as no heap, a subtraction game as 0.)
        let moves = |report: &serde_json::Value| -> Vec<(String, String)> {
            let listed = report["winning_moves"].as_array().unwrap().iter();
            listed
                .map(|m| (m["from"].to_string(), m["to"].get(0).map_or("\"0\"".into(), |to| to.to_string())))
                .collect()
        };
        assert_eq!(moves(&by_set), moves(&by_code), "{set} {heaps:?}");
        assert_ne!(by_set["method"], "search", "{set} {heaps:?}");
    }
    // (A guard against a hang, not a measure of speed.)
    let far = common::grundy_within(60, &["solve", "--misere", "subtraction:1,3,4", "1000000", "7", "--json"]);
    assert_eq!(far.status, 0, "{}", far.stderr);
    let far: serde_json::Value = serde_json::from_str(&far.stdout).unwrap();
    assert_eq!(far["method"], "tame-genus");
    // A set past a code's places (10^6) is still a game, decided the general
    // way: from 5 only single counters go, and the first player takes the last.
    assert_eq!(json(&["solve", "--misere", "subtraction:1,2000000", "5", "--json"])["outcome"], "P");
}
