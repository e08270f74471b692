//! `grundy sequence --misere` and `grundy quotient`, run as a user would:
//! the tame genus at any size, the methods it is checked against, and
//! stopping promptly when asked.

mod common;
use common::grundy;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Instant;

fn json(args: &[&str]) -> serde_json::Value {
    let run = grundy(args, "");
    assert_eq!(run.status, 0, "{args:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap()
}

fn values(report: &serde_json::Value) -> Vec<u64> {
    report["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect()
}

/// Misère Nim (Bouton 1902; Winning Ways ch. 13): heaps 0 and 1 have
/// misère nim-values 1 and 0, a heap of n ≥ 2 has n: heaps to 7 by their
/// genera, the rest by the induction those prove (the quotient took
/// minutes for 200 heaps).
#[test]
fn misere_nim_to_a_million_by_the_tame_genus() {
    let report = json(&["sequence", "nim", "--misere", "--to", "1000000", "--json"]);
    let method = report["method"].as_str().unwrap();
    assert!(method.starts_with("tame genus (ONAG ch. 12): every heap of nim through 7"), "{method}");
    assert!(method.contains("so by induction every heap is tame with g⁻(n) = n for n ≥ 2"), "{method}");
    let values = values(&report);
    assert_eq!(values.len(), 1_000_001);
    assert_eq!(values[..2], [1, 0]);
    assert!(values.iter().enumerate().skip(2).all(|(n, &v)| v == n as u64));
    // Every heap is tame (each heap's genus is the one 4 below plus 4), so
    // the arithmetic period is proven for every heap, not seen.
    let pattern = &report["periodicity"];
    assert_eq!(pattern["proof"]["kind"], "misere_nim", "{pattern}");
    assert_eq!(
        (pattern["preperiod"].as_u64(), pattern["period"].as_u64(), pattern["saltus"].as_u64()),
        (Some(2), Some(1), Some(1))
    );
    let text = grundy(&["sequence", "nim", "--misere", "--to", "9"], "").stdout;
    assert!(text.contains("periodicity: PROVEN arithmetic periodic, saltus 1, period 1"), "{text}");
}

/// A tame octal code to a million: proven for every heap by the genera's
/// period, and equal where they overlap to the misère quotient's values
/// (0.55 and 0.3 here; the library tests compare them heap by heap).
#[test]
fn tame_codes_to_a_million_agree_with_exact_search() {
    for code in ["0.55", "0.3", "subtraction:1,3,4"] {
        let report = json(&["sequence", code, "--misere", "--to", "1000000", "--json"]);
        let method = report["method"].as_str().unwrap();
        assert!(method.contains("so every heap is tame"), "{code}: {method}");
        assert_eq!(report["periodicity"]["proof"]["kind"], "tame_genus", "{code}");
        let far = values(&report);
        assert_eq!(far.len(), 1_000_001);
        // Independently of the genus: `solve --misere` (a misère quotient of
        // the game's heaps, or exact search) finds the heap a misère
        // P-position exactly when its misère nim-value is 0.
        for heap in [0u64, 1, 2, 3, 7, 12, 17] {
            let expected = far[heap as usize];
            let heap_text = heap.to_string();
            let run = grundy(&["solve", "--misere", code, &heap_text, "--json"], "");
            assert_eq!(run.status, 0, "{code} {heap}: {}", run.stderr);
            let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
            let outcome = if expected == 0 { "P" } else { "N" };
            assert_eq!(report["outcome"], outcome, "{code} heap {heap}: g⁻ = {expected}");
        }
    }
}

/// Misère sums of heaps far past a genus search's reach, decided by the
/// tame rule from the heaps' kinds: a single heap is a P-position exactly
/// when `sequence --misere` gives it value 0, each genus is tame with the
/// heap's nim-value from `sequence` (normal play), and a heap of Nim is
/// Bouton's (a heap of 100,000 used to fill the machine's memory).
#[test]
fn solve_decides_large_tame_heaps_by_their_kinds() {
    for code in ["0.55", "0.3", "0.12"] {
        let misere = values(&json(&["sequence", code, "--misere", "--to", "100000", "--json"]));
        let normal = values(&json(&["sequence", code, "--to", "100000", "--json"]));
        for heap in [2999usize, 3000, 99_999] {
            let report = json(&["solve", "--misere", code, &heap.to_string(), "--json"]);
            assert_eq!(report["method"], "tame-genus", "{code} {heap}: {report}");
            let outcome = if misere[heap] == 0 { "P" } else { "N" };
            assert_eq!(report["outcome"], outcome, "{code} heap {heap}");
            assert_eq!(report["components"][0]["nim_value"], normal[heap], "{code} heap {heap}");
            let genus = report["components"][0]["genus"].as_str().unwrap().to_string();
            assert!(genus.starts_with(&format!("{}^{}", normal[heap], misere[heap])), "{code} heap {heap}: {genus}");
        }
    }
    let report = json(&["solve", "--misere", "nim", "100000", "99999", "--json"]);
    assert_eq!(report["outcome"], "N");
    let moves: Vec<(u64, &str)> = report["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["component"].as_u64().unwrap(), m["to"][0].as_str().unwrap()))
        .collect();
    assert_eq!(moves, [(0, "99999")], "{report}");
    assert_eq!(report["components"][1]["genus"], "99999^99999,99997,99999,99997");
}

/// Where the genus is not tame (Kayles' heap 5: 4^146), another method
/// decides and says so.
#[test]
fn a_wild_game_is_left_to_search_and_the_quotient() {
    let report = json(&["sequence", "kayles", "--misere", "--to", "20", "--json"]);
    assert_eq!(report["method"], "exact search of sums");
    // Winning Ways ch. 13 (misère Kayles): heaps 0..20.
    let published = [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0];
    assert_eq!(values(&report), published);
    let report = json(&["sequence", "0.34", "--misere", "--to", "200", "--json"]);
    assert!(report["method"].as_str().unwrap().starts_with("misère quotient of nim heaps"), "{}", report["method"]);
}

/// Kayles past heap 50: exact search with the Sibert–Conway decomposition
/// deciding every value below 4. Where both run it equals plain exact
/// search of sums; heaps 51..56 are what it finds (a separate script
/// built on the same two facts gave the same).
#[test]
fn kayles_past_heap_50_by_search_with_sibert_conway() {
    let report = json(&["sequence", "kayles", "--misere", "--to", "56", "--json"]);
    assert_eq!(report["method"], "exact search of sums, values below 4 by the Sibert–Conway decomposition");
    let found = values(&report);
    let plain = values(&json(&["sequence", "kayles", "--misere", "--to", "40", "--json"]));
    assert_eq!(found[..=40], plain[..]);
    assert_eq!(found[51..], [8, 1, 6, 5, 2, 1]);
    // Past the search's reach, the quotient is still the only method; where
    // it fails, the heaps the search proves are written all the same, and
    // the run fails saying where and why it stopped.
    let run = grundy(&["sequence", "kayles", "--misere", "--to", "1000"], "");
    assert_eq!(run.status, 1, "{}", run.stderr);
    let last = run.stderr.lines().last().unwrap();
    assert!(last.starts_with("grundy: only heaps 0..60 are written: past heap 60, where exact search stops"), "{last}");
    assert!(run.stdout.starts_with("kayles: misère nim-values of heaps 0..60\n"), "{}", run.stdout);
    assert!(run.stdout.contains("\n60: 6\n"), "{}", run.stdout);
}

/// Past exact search, where the quotient fails, each heap's misère
/// canonical form gives its value: 0.6 through heap 70, the heaps exact
/// search also reaches with the same values.
#[test]
fn past_the_quotient_canonical_forms_give_the_values() {
    let report = json(&["sequence", "0.6", "--misere", "--to", "70", "--json"]);
    assert!(report["method"].as_str().unwrap().starts_with("misère canonical forms"), "{}", report["method"]);
    let found = values(&report);
    assert_eq!(found.len(), 71);
    assert_eq!(found[..=50], values(&json(&["sequence", "0.6", "--misere", "--to", "50", "--json"]))[..]);
}

/// A misère quotient past its limit says, in one sentence and in the
/// game's own heap numbers, why it was needed, how far it got and what
/// failed (it said "at heap 20" for heap 17, counting the nim heaps *1..*3);
/// the values that canonical forms found before their budget ran out are
/// written.
#[test]
fn a_quotient_past_its_limit_says_how_far_it_got() {
    let run = grundy(&["sequence", "0.6", "--misere", "--to", "100"], "");
    assert_eq!(run.status, 1, "{}", run.stderr);
    let line = run.stderr.lines().last().unwrap();
    let reached: u64 = line.split("only heaps 0..").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!((51..100).contains(&reached), "{line}");
    let written = format!(
        "grundy: only heaps 0..{reached} are written: too large: past heap {reached}, where misère canonical forms \
         stop (their budget of"
    );
    assert!(line.starts_with(&written), "{line}");
    assert!(line.contains("exact search stops at heap 50), misère values need a quotient: "), "{line}");
    assert!(run.stdout.contains(&format!("misère nim-values of heaps 0..{reached}")), "{}", run.stdout);
    let done: u64 = line.split("complete through heap ").nth(1).unwrap().split(';').next().unwrap().parse().unwrap();
    assert!(line.contains(&format!("; a trial quotient with heap {} needs", done + 1)), "{line}");
    assert!(line.contains("more than the limit of 4096") && !line.contains("(with"), "{line}");
    assert_eq!(run.stderr.lines().filter(|l| l.contains("too large")).count(), 1, "{}", run.stderr);
}

/// Spawns `grundy ARGS`, waits for its own line saying the long work is
/// under way, sends SIGINT, and returns (exit code, stderr, seconds from
/// the signal to the exit).
fn interrupt(args: &[&str]) -> (Option<i32>, String, f64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("GRUNDY_CHECKPOINT_EVERY", "600")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).unwrap() > 0, "the run ended before saying it was working: {seen}");
        seen.push_str(&line);
        if line.contains("(Ctrl-C stops)") {
            break;
        }
    }
    let signalled = Instant::now();
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let status = child.wait().unwrap();
    let elapsed = signalled.elapsed().as_secs_f64();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    (status.code(), seen + &rest, elapsed)
}

/// Kayles' misère sequence past heap 50 builds the quotient of nim heaps
/// with Kayles' heaps, whose heaps take seconds each: Ctrl-C in the middle
/// of one stops the run within a couple of seconds (it ran on for minutes).
#[test]
fn ctrl_c_stops_a_misere_sequence_in_the_middle_of_a_heap() {
    let (code, stderr, seconds) = interrupt(&["sequence", "kayles", "--misere", "--to", "60"]);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted; nothing is saved"), "{stderr}");
    assert!(seconds < 2.0, "exit {seconds:.2} s after the signal");
}

/// `grundy quotient` stops as promptly, saves the heaps it finished in its
/// checkpoint, and the same command continues from there.
#[test]
fn ctrl_c_stops_a_quotient_and_keeps_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("grundy-misere-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let checkpoint = dir.join("dawson.ckpt").to_string_lossy().into_owned();
    let _ = std::fs::remove_file(&checkpoint);
    let (code, stderr, seconds) = interrupt(&["quotient", "dawsons-kayles", "--to", "60", "--checkpoint", &checkpoint]);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted at heap") && stderr.contains("saved to"), "{stderr}");
    assert!(seconds < 2.0, "exit {seconds:.2} s after the signal");
    // The file holds a verified quotient (it is re-verified on loading).
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&checkpoint).unwrap()).unwrap();
    assert_eq!(saved["game"], "dawsons-kayles");
    let heaps = saved["images"].as_array().unwrap().len() - 1;
    assert!(heaps >= 5, "{heaps}");
    let resumed = grundy(&["quotient", "dawsons-kayles", "--to", "8", "--checkpoint", &checkpoint], "");
    assert_eq!(resumed.status, 0, "{}", resumed.stderr);
    assert!(resumed.stderr.contains(&format!("from heap {heaps}")), "{}", resumed.stderr);
    assert_eq!(resumed.stdout, grundy(&["quotient", "dawsons-kayles", "--to", "8"], "").stdout);
}

/// A run too large for memory is refused before it starts, in one line
/// (all-but:1,3 has no proven pattern to write later heaps from).
#[test]
fn a_misere_run_too_large_for_memory_is_refused() {
    let run = grundy(&["sequence", "all-but:1,3", "--to", "100000000000000", "--misere"], "");
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(run.stderr.contains("need at least") && run.stderr.contains("GB"), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}

/// `--method` chooses among normal play's methods; with `--misere` it was
/// taken and ignored, so a user comparing methods compared nothing.
#[test]
fn a_method_with_misere_is_refused() {
    for method in ["plain", "running-count"] {
        let run = grundy(&["sequence", "kayles", "--misere", "--to", "20", "--method", method], "");
        assert_eq!(run.status, 1, "{}", run.stderr);
        assert!(run.stderr.contains("--method applies to normal play"), "{}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    }
    assert_eq!(values(&json(&["sequence", "kayles", "--misere", "--to", "5", "--method", "auto", "--json"])).len(), 6);
}
