//! `grundy pattern`: the library's report, as text and JSON.

mod common;

use common::grundy;
use grundy::pattern::find_patterns;
use grundy::registry::{game, RuleOptions};

#[test]
fn wythoff_prints_the_beatty_pairs_with_the_range() {
    let run = grundy(&["pattern", "wythoff", "--rows", "0..100", "--cols", "0..100"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let table = game("wythoff", &RuleOptions::default()).unwrap().table(0..=100, Some(0..=100)).unwrap();
    assert_eq!(run.stdout, find_patterns(&table).unwrap().to_string());
    assert!(run.stdout.contains("complementary Beatty pairs with α = (1+√5)/2"), "{}", run.stdout);
    assert!(run.stdout.contains("holds for 0 ≤ x ≤ 100, 0 ≤ y ≤ 100"));
}

#[test]
fn races_and_heaps() {
    let run = grundy(&["pattern", "king", "--goal", "0,0", "--rows", "0..30", "--cols", "0..30"], "");
    assert!(run.stdout.contains("P-positions are exactly: x ≡ 0 (mod 2), y ≡ 0 (mod 2)"), "{}", run.stdout);
    assert!(run.stdout.contains("the value depends only on (x mod 2, y mod 2)"));
    let run = grundy(&["pattern", "subtraction:1,3,4", "--rows", "0..200"], "");
    assert!(run.stdout.contains("sequence: period 7 from n = 0"), "{}", run.stdout);
    assert!(run.stdout.contains("n mod 7 ∈ {0, 2}"));
}

#[test]
fn json_has_the_same_findings() {
    let run = grundy(&["pattern", "rook", "--goal", "0,0", "--rows", "0..20", "--cols", "0..20", "--json"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["p_forms"][0]["form"], "diagonal");
    assert_eq!(report["p_positions"].as_array().unwrap().len(), 21);
}

#[test]
fn ranges_too_large_are_refused_before_any_work() {
    // 10⁸ cells: refused at once, not after tabulating.
    let run = grundy(&["pattern", "wythoff", "--rows", "0..9999", "--cols", "0..9999"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("too large: a pattern search needs 100000000 cells"), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1);
}

#[test]
fn help_has_examples() {
    let run = grundy(&["pattern", "--help"], "");
    assert!(run.stdout.contains("Examples:") && run.stdout.contains("grundy pattern wythoff"));
}
