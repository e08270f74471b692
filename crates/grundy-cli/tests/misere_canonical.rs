//! `grundy solve --misere --method canonical`, run as a user would.

mod common;
use common::grundy;

fn json(args: &[&str]) -> serde_json::Value {
    let run = grundy(args, "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

#[test]
fn canonical_forms_decide_as_the_other_methods_do() {
    for (game, sum) in [
        ("kayles", &["3", "4", "5"][..]),
        ("kayles", &["2", "2"]),
        ("dawsons-kayles", &["5", "7", "1"]),
        ("0.137", &["6", "4"]),
        ("nim", &["1", "1", "1"]),
        // The pruned-search games hand misère play to the same session:
        // a connected board is shown as written, a split one by its parts.
        ("cram", &["3x3", "2x3"]),
        ("cram", &["..#/..#/...", "1x5"]),
        ("node-kayles:path:9", &["all"]),
        ("sprouts", &["1", "1"]),
    ] {
        let mut args = vec!["solve", "--misere", game];
        args.extend(sum);
        args.push("--json");
        let usual = json(&args);
        args.splice(1..2, ["--misere", "--method", "canonical"]);
        let canonical = json(&args);
        assert_eq!(canonical["method"], "canonical", "{args:?}");
        assert_eq!(canonical["outcome"], usual["outcome"], "{args:?}");
        assert_eq!(canonical["winning_moves"], usual["winning_moves"], "{args:?}");
        for (a, b) in canonical["components"].as_array().unwrap().iter().zip(usual["components"].as_array().unwrap()) {
            // Heap games' usual method is the quotient, which has no genera.
            if !b["genus"].is_null() {
                assert_eq!(a["genus"], b["genus"], "{args:?}");
            }
            assert!(a["misere_canonical_form"].as_str().unwrap().starts_with("*["), "{a}");
        }
    }
}

/// Misère play of the pruned-search games, whose search decides normal
/// play only: the session every game with nim-values has answers it, with
/// every winning move listed from the board as written. Small positions
/// worked by hand (in misère play the player who cannot move wins).
#[test]
fn search_games_play_misere_from_the_board_as_written() {
    let report = json(&["solve", "--misere", "cram", "3x3", "--json"]);
    assert_eq!(report["components"][0]["position"], ".../.../...");
    let moves = report["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m["from"] == ".../.../..."), "{moves:?}");
    // One domino on 1×2 ends the game: the mover moves last and loses.
    assert_eq!(json(&["solve", "--misere", "cram", "1x2", "--json"])["outcome"], "P");
    // 1×3 has two moves, each ending the game: a misère P-position too.
    assert_eq!(json(&["solve", "--misere", "cram", "1x3", "--json"])["outcome"], "P");
    // 1×4: the middle domino leaves two single cells (no move): the mover
    // loses by moving last, so the mover takes an end domino, leaving 1×2.
    let report = json(&["solve", "--misere", "cram", "1x4", "--json"]);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["winning_moves"].as_array().unwrap().len(), 2, "{report}");
    // Chomp's poisoned corner: the bar 1×1 has no move, a misère win.
    assert_eq!(json(&["solve", "--misere", "chomp", "1x1", "--json"])["outcome"], "N");
    // Node Kayles on a path of two: either vertex takes both, the mover moved last.
    assert_eq!(json(&["solve", "--misere", "node-kayles:path:2", "all", "--json"])["outcome"], "P");
    // A path of three: an end vertex takes two, leaving one for the opponent to take last.
    let report = json(&["solve", "--misere", "node-kayles:path:3", "all", "--json"]);
    assert_eq!(report["outcome"], "N");
    assert_eq!(report["winning_moves"].as_array().unwrap().len(), 2, "{report}");
}

#[test]
fn the_text_report_prints_each_form() {
    let run = grundy(&["solve", "--misere", "--method", "canonical", "nim", "2", "2", "1"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("decided by: canonical"), "{}", run.stdout);
    assert!(run.stdout.contains("[0] 2  form *[2], genus 2^2020"), "{}", run.stdout);
    assert!(run.stdout.contains("[2] 1  form *[1], genus 1^03131"), "{}", run.stdout);
}

#[test]
fn a_method_needs_misere_play_and_a_game_that_offers_it() {
    let run = grundy(&["solve", "--method", "canonical", "kayles", "3"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("--misere"), "{}", run.stderr);
    let run = grundy(&["solve", "--misere", "--method", "fastest", "kayles", "3"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("canonical"), "{}", run.stderr);
    // (A race to a goal has draws: no canonical form.)
    let run = grundy(&["solve", "--misere", "--method", "canonical", "king", "--goal", "0,0", "3,4"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("not supported"), "{}", run.stderr);
    assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
}

/// CGSuite's short genus beside the long one: Kayles 5 is wild (`4^146`),
/// Kayles 7 reversibly tame (`2^2`), Kayles 4 the nim heap `*1` (`1`).
#[test]
fn each_genus_is_also_given_in_cgsuites_short_form() {
    let report = json(&["solve", "--misere", "--method", "canonical", "kayles", "5", "7", "4", "--json"]);
    let short: Vec<&str> =
        report["components"].as_array().unwrap().iter().map(|c| c["genus_short"].as_str().unwrap()).collect();
    assert_eq!(short, ["4^146", "2^2", "1"]);
    let run = grundy(&["solve", "--misere", "--method", "canonical", "kayles", "5", "2"], "");
    assert!(run.stdout.contains("[0] 5  form *[(32)321], genus 4^14646 (short 4^146)"), "{}", run.stdout);
}

/// A form's text grows exponentially with its birthday (Kayles heap 16's is
/// 3.6 MB): a report prints a form only up to a length, and says how big
/// it is past that, so a large heap answers at once instead of writing for
/// minutes (heap 20's text took longer than 40 s and ignored Ctrl-C).
#[test]
fn a_form_too_long_to_print_is_described() {
    let report = json(&["solve", "--misere", "--method", "canonical", "kayles", "20", "4", "--json"]);
    let big = report["components"][0]["misere_canonical_form"].as_str().unwrap();
    assert!(big.starts_with("(too long to print: more than 4096 characters; born on day 20"), "{big}");
    assert_eq!(report["components"][1]["misere_canonical_form"], "*[1]");
}

/// Printing a form sorts its options in CGSuite's order; sorting them again
/// at every level of every comparison took minutes for 0.75's heap 30 (deaf
/// to Ctrl-C) after the outcome was known in milliseconds. Ranked once per
/// form, it prints at once, and the same text as before (the forms of
/// Kayles 9, 10, 11, thousands of characters, were compared by hand).
#[test]
fn a_deep_form_is_printed_at_once() {
    // (A guard against a hang, not a measure of speed.)
    let run = common::grundy_within(60, &["solve", "--misere", "--method", "canonical", "0.75", "30", "--json"]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!((report["outcome"].as_str(), report["method"].as_str()), (Some("N"), Some("canonical")));
    // The default method, by the quotient, agrees.
    assert_eq!(json(&["solve", "--misere", "0.75", "30", "--json"])["outcome"], "N");
}
