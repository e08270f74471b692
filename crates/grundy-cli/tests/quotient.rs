//! `grundy quotient` and `solve --misere --quotient FILE`, run as a user would.

mod common;
use common::grundy;

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("grundy-quotient-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn plambecks_075_in_text_and_json() {
    let run = grundy(&["quotient", "0.75", "--to", "30"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("|Q| = 8, |P| = 2"), "{}", run.stdout);
    assert!(run.stdout.contains("relations (4): a^2 = 1, bc = ab, c^2 = b^2, b^3 = b"), "{}", run.stdout);
    assert!(run.stdout.contains("proven final"), "{}", run.stdout);
    let run = grundy(&["quotient", "0.75", "--to", "30", "--json"], "");
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["size"], 8);
    assert_eq!(report["presentation"]["p_portion"], serde_json::json!(["a", "b^2"]));
    assert_eq!(report["stability"]["proven"], true);
}

#[test]
fn a_resumed_run_prints_what_one_run_prints() {
    let checkpoint = temp("kayles.ckpt");
    let _ = std::fs::remove_file(&checkpoint);
    let first = grundy(&["quotient", "kayles", "--to", "12", "--checkpoint", &checkpoint], "");
    assert_eq!(first.status, 0, "{}", first.stderr);
    let resumed = grundy(&["quotient", "kayles", "--to", "20", "--checkpoint", &checkpoint], "");
    assert!(resumed.stderr.contains("resuming"), "{}", resumed.stderr);
    let whole = grundy(&["quotient", "kayles", "--to", "20"], "");
    assert_eq!(resumed.stdout, whole.stdout);
    // A checkpoint holding more heaps than asked shows the quotient asked for.
    let shorter = grundy(&["quotient", "kayles", "--to", "12", "--checkpoint", &checkpoint], "");
    assert_eq!(shorter.stdout, first.stdout);
    // Another game's checkpoint is refused and left alone.
    let other = grundy(&["quotient", "0.07", "--to", "12", "--checkpoint", &checkpoint], "");
    assert_ne!(other.status, 0);
    assert!(other.stderr.contains("not '0.07'"), "{}", other.stderr);
}

#[test]
fn solve_uses_a_quotient_file_and_falls_back_beyond_it() {
    let file = temp("kayles-4.quotient");
    let made = grundy(&["quotient", "kayles", "--to", "4", "--output", &file], "");
    assert_eq!(made.status, 0, "{}", made.stderr);
    let run = grundy(&["solve", "--misere", "kayles", "3", "4", "--quotient", &file, "--json"], "");
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["method"], "quotient");
    // Heap 5 is beyond the file: canonical forms (before exact search), with the genus shown.
    let run = grundy(&["solve", "--misere", "kayles", "5", "2", "--quotient", &file, "--json"], "");
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["method"], "canonical");
    assert!(report["note"].as_str().unwrap().contains("covers heaps up to 4"), "{report}");
    assert_eq!(report["components"][0]["genus"], "4^14646");
    assert_eq!(report["outcome"], "N");
    // The file is checked against the game.
    let run = grundy(&["solve", "--misere", "dawsons-kayles", "3", "--quotient", &file], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("not 'dawsons-kayles'"), "{}", run.stderr);
    std::fs::write(&file, "{ not a quotient").unwrap();
    let run = grundy(&["solve", "--misere", "kayles", "3", "--quotient", &file], "");
    assert!(run.stderr.contains("is not a misère quotient file"), "{}", run.stderr);
}

/// Twenty heaps up to 40 are past any exhaustive search; two independent
/// methods must agree on them: Kayles' misère quotient (built by `grundy
/// quotient`, products of its elements) and Sibert and Conway's solution
/// (the default for Kayles), outcome and every winning move.
#[test]
fn twenty_kayles_heaps_get_one_answer_from_the_quotient_and_from_sibert_conway() {
    let file = temp("kayles-40.quotient");
    let made = grundy(&["quotient", "kayles", "--to", "40", "--output", &file], "");
    assert_eq!(made.status, 0, "{}", made.stderr);
    let heaps = [
        "3", "7", "12", "40", "25", "9", "33", "1", "18", "27", "5", "38", "14", "22", "30", "11", "2", "36", "8", "19",
    ];
    let report = |quotient: Option<&str>| -> serde_json::Value {
        let mut args = vec!["solve", "--misere", "kayles", "--json"];
        args.extend(heaps);
        if let Some(file) = quotient {
            args.extend(["--quotient", file]);
        }
        let run = grundy(&args, "");
        assert_eq!(run.status, 0, "{}", run.stderr);
        serde_json::from_str(&run.stdout).unwrap()
    };
    let (by_quotient, by_theorem) = (report(Some(&file)), report(None));
    assert_eq!((&by_quotient["method"], &by_theorem["method"]), (&"quotient".into(), &"closed-form".into()));
    assert_eq!(by_quotient["outcome"], by_theorem["outcome"]);
    assert_eq!(by_quotient["winning_moves"], by_theorem["winning_moves"]);
    let misere_moves = by_theorem["winning_moves"].as_array().unwrap().len();
    assert_eq!(by_theorem["outcome"] == "N", misere_moves > 0, "a first-player win has a winning move");
}

/// Whether the player to move wins misère Kayles on `rows` (sorted), from
/// the rules alone: knock down one pin or two adjacent ones; the player
/// who cannot move wins.
fn misere_kayles_wins(rows: Vec<u64>, memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&wins) = memo.get(&rows) {
        return wins;
    }
    let wins = rows.is_empty() || kayles_moves(&rows).into_iter().any(|next| !misere_kayles_wins(next, memo));
    memo.insert(rows, wins);
    wins
}

/// Every position one move from `rows`, each sorted.
fn kayles_moves(rows: &[u64]) -> Vec<Vec<u64>> {
    let mut moves = Vec::new();
    for (i, &row) in rows.iter().enumerate() {
        for knocked in 1..=row.min(2) {
            for left in 0..=(row - knocked) / 2 {
                let mut next = rows.to_vec();
                next.remove(i);
                next.extend([left, row - knocked - left].into_iter().filter(|&r| r > 0));
                next.sort_unstable();
                moves.push(next);
            }
        }
    }
    moves
}

/// The misère outcome and winning moves `grundy solve --misere kayles`
/// reports for `heaps`, checked against the exhaustive search above:
/// decided by the misère quotient in `quotient` when one is given, else by
/// Sibert and Conway's solution (a closed form).
fn check_misere_kayles_sum(mut heaps: Vec<u64>, quotient: Option<&str>) {
    let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let mut args = vec!["solve", "--misere", "kayles", "--json"];
    args.extend(texts.iter().map(String::as_str));
    if let Some(file) = quotient {
        args.extend(["--quotient", file]);
    }
    let run = grundy(&args, "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["method"], if quotient.is_some() { "quotient" } else { "closed-form" });
    heaps.sort_unstable();
    let mut memo = std::collections::HashMap::new();
    let wins = misere_kayles_wins(heaps.clone(), &mut memo);
    assert_eq!(report["outcome"], if wins { "N" } else { "P" }, "{heaps:?}");
    // A reported move takes a heap `from` to the heaps `to`; it must leave
    // a loss for the opponent, and every such move must be reported (once
    // for each size of heap it is made from).
    let moved = |from: u64, to: &[u64]| {
        let mut next = heaps.clone();
        next.remove(next.iter().position(|&h| h == from).unwrap());
        next.extend(to);
        next.sort_unstable();
        next
    };
    let as_heaps = |list: &serde_json::Value| -> Vec<u64> {
        let mut heaps: Vec<u64> =
            list.as_array().unwrap().iter().map(|h| h.as_str().unwrap().parse().unwrap()).collect();
        heaps.sort_unstable();
        heaps
    };
    let mut reported: Vec<(u64, Vec<u64>)> = report["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["from"].as_str().unwrap().parse().unwrap(), as_heaps(&m["to"])))
        .collect();
    reported.sort();
    reported.dedup();
    let mut sizes = heaps.clone();
    sizes.dedup();
    let mut expected = Vec::new();
    for &from in &sizes {
        for to in kayles_moves(&[from]) {
            if !misere_kayles_wins(moved(from, &to), &mut memo) {
                expected.push((from, to));
            }
        }
    }
    expected.sort();
    expected.dedup();
    assert!(!wins || !expected.is_empty(), "a first-player win has a winning move");
    assert_eq!(reported, expected, "{heaps:?}");
}

/// Sums of twenty Kayles heaps decided by the quotient (from a file made by
/// `grundy quotient`) and by Sibert and Conway's solution, against an
/// exhaustive search written from the rules (heaps small enough for it to
/// finish in a second). On the second sum misère and normal play have
/// different winning moves, so the search checks misère play itself.
#[test]
fn twenty_kayles_heaps_by_the_quotient_match_exhaustive_search() {
    let file = temp("kayles-6.quotient");
    let made = grundy(&["quotient", "kayles", "--to", "6", "--output", &file], "");
    assert_eq!(made.status, 0, "{}", made.stderr);
    let mut small = vec![1; 17];
    small.extend([4, 5, 6]);
    for quotient in [Some(file.as_str()), None] {
        check_misere_kayles_sum(vec![1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 2, 3], quotient);
        check_misere_kayles_sum(small.clone(), quotient);
    }
}

#[test]
fn a_quotient_past_its_limit_says_how_far_it_got() {
    let checkpoint = temp("limit.ckpt");
    let _ = std::fs::remove_file(&checkpoint);
    let run = grundy(&["quotient", "kayles", "--to", "40", "--max-elements", "20", "--checkpoint", &checkpoint], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("complete through heap 11"), "{}", run.stderr);
    assert!(run.stderr.contains("saved in"), "{}", run.stderr);
    let run = grundy(&["quotient", "nonsense", "--to", "4"], "");
    assert_ne!(run.status, 0);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}

/// A checkpoint in a folder that does not exist is refused before the work
/// (it used to be found at the first save, and the work was lost), and
/// never said to be saved.
#[test]
fn a_checkpoint_that_cannot_be_written_is_not_said_to_be_saved() {
    let run = grundy(&["quotient", "0.07", "--to", "10", "--checkpoint", "/nonexistent/folder/q.ckpt"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("there is no directory /nonexistent/folder"), "{}", run.stderr);
    assert!(!run.stderr.contains("saved in"), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}

#[test]
fn a_quotient_file_where_none_is_used_is_an_error() {
    let file = temp("kayles-3.quotient");
    let made = grundy(&["quotient", "kayles", "--to", "3", "--output", &file], "");
    assert_eq!(made.status, 0, "{}", made.stderr);
    let run = grundy(&["solve", "kayles", "3", "--quotient", &file], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("required arguments were not provided: --misere"), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    let run = grundy(&["solve", "--misere", "nim", "3", "--quotient", &file], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("a misère quotient file is not supported"), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}

/// For a game that is not tame, beyond heap 50 `sequence --misere` reads
/// values off the quotient of nim heaps and the game's heaps, and says so;
/// below, exact search. (0.34 is not tame, so its genus does not decide;
/// a tame game is decided by its genus, see `tests/misere_sequence.rs`.)
#[test]
fn misere_sequences_beyond_exact_search_come_from_the_quotient() {
    let searched = grundy(&["sequence", "--misere", "0.34", "--to", "30", "--json"], "");
    assert_eq!(searched.status, 0, "{}", searched.stderr);
    let searched: serde_json::Value = serde_json::from_str(&searched.stdout).unwrap();
    assert_eq!(searched["method"], "exact search of sums");
    let far = grundy(&["sequence", "--misere", "0.34", "--to", "100000", "--json"], "");
    assert_eq!(far.status, 0, "{}", far.stderr);
    let far: serde_json::Value = serde_json::from_str(&far.stdout).unwrap();
    assert!(far["method"].as_str().unwrap().contains("proven final"), "{}", far["method"]);
    let values = far["values"].as_array().unwrap();
    assert_eq!(values.len(), 100_001);
    assert_eq!(values[..31], searched["values"].as_array().unwrap()[..]);
    let text = grundy(&["sequence", "--misere", "0.34", "--to", "60"], "");
    assert!(text.stdout.contains("decided by: misère quotient of nim heaps"), "{}", text.stdout);
    // The quotient is final, which proves the values' period.
    assert!(text.stdout.contains("periodicity: PROVEN periodic"), "{}", text.stdout);
    assert!(text.stdout.contains("proof: the misère quotient of nim heaps"), "{}", text.stdout);
    // Exact search proves no period. 0.34 is a finite octal code: the line
    // must not say it is not one, only that the octal theorem is about
    // normal play.
    let text = grundy(&["sequence", "--misere", "0.34", "--to", "50"], "");
    assert!(text.stdout.contains("periodicity: conjecture"), "{}", text.stdout);
    assert!(!text.stdout.contains("not a finite octal code"), "{}", text.stdout);
    assert!(text.stdout.contains("the octal theorem is about normal play"), "{}", text.stdout);
}

#[test]
fn an_output_that_cannot_be_written_is_refused_before_the_run() {
    let directory = temp("a-directory");
    std::fs::create_dir_all(&directory).unwrap();
    let run = grundy(&["quotient", "kayles", "--to", "10", "--output", &directory], "");
    assert_ne!(run.status, 0);
    assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("is a directory"), "{}", run.stderr);
    // Nothing is left beside it.
    assert!(!std::path::Path::new(&format!("{directory}.partial")).exists());
    let missing = temp("no-such-directory/kayles.quotient");
    let run = grundy(&["quotient", "kayles", "--to", "10", "--output", &missing], "");
    assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("no directory"), "{}", run.stderr);
}

/// A quotient proven final covers every heap: a heap past the file's range
/// has the element its period gives, so the sum is decided by products at
/// once (it used to go to canonical forms and search: `kayles 201` and
/// `0.75 1000` ran past a minute). Kayles against Sibert and Conway's
/// solution, outcome and every winning move; 0.75 against its quotient
/// computed on the fly (heaps up to 200), whose heaps' elements repeat
/// with period 2, so heap 1000 acts as heap 200 and 999 as 199.
#[test]
fn a_final_quotient_file_decides_heaps_past_its_range() {
    // A quotient file of `game` through heap `to`, proven final.
    let saved = |game: &str, to: &str| -> String {
        let file = temp(&format!("{game}-{to}.quotient"));
        let made = grundy(&["quotient", game, "--to", to, "--output", &file], "");
        assert_eq!(made.status, 0, "{}", made.stderr);
        assert!(made.stdout.contains("proven final"), "{}", made.stdout);
        file
    };
    // The misère report of `heaps` of `game`, with the quotient `file` if given.
    let report = |game: &str, file: Option<&str>, heaps: &[&str]| -> serde_json::Value {
        let mut args = vec!["solve", "--misere", game, "--json"];
        args.extend(file.map(|file| ["--quotient", file]).iter().flatten());
        args.extend(heaps);
        // (A guard against a hang, not a measure of speed: the method says which path answered.)
        let run = common::grundy_within(60, &args);
        assert_eq!(run.status, 0, "{}", run.stderr);
        serde_json::from_str(&run.stdout).unwrap()
    };
    let kayles = saved("kayles", "200");
    for sum in [&["201"][..], &["300", "299"], &["1000", "999", "3"], &["5000", "71", "83"]] {
        let (by_quotient, by_theorem) = (report("kayles", Some(&kayles), sum), report("kayles", None, sum));
        assert_eq!(by_quotient["method"], "quotient", "{sum:?}");
        assert_eq!(by_quotient["outcome"], by_theorem["outcome"], "{sum:?}");
        assert_eq!(by_quotient["winning_moves"], by_theorem["winning_moves"], "{sum:?}");
    }

    let file = saved("0.75", "40");
    for (far, near, outcome) in [
        (&["1000"][..], &["200"][..], "N"),
        (&["1000", "998"], &["200", "198"], "P"),
        (&["999", "1000"], &["199", "200"], "N"),
    ] {
        let (by_file, by_quotient) = (report("0.75", Some(&file), far), report("0.75", None, near));
        assert_eq!(by_file["method"], "quotient", "{far:?}");
        assert_eq!(by_quotient["method"], "quotient", "{near:?}");
        assert_eq!((&by_file["outcome"], &by_quotient["outcome"]), (&outcome.into(), &outcome.into()), "{far:?}");
        let moves = |report: &serde_json::Value| report["winning_moves"].as_array().unwrap().len();
        assert_eq!(moves(&by_file) > 0, outcome == "N", "{far:?}");
    }
}

/// `--max-elements` holds for a resumed run: a checkpoint made with a
/// larger limit (Kayles through heap 40, 40 elements) is refused as one run
/// with the smaller limit stops, in one line, and left as it was. (It used
/// to be shown whole, exit 0.)
#[test]
fn a_resumed_run_keeps_the_element_limit() {
    let checkpoint = temp("kayles-limit.ckpt");
    let _ = std::fs::remove_file(&checkpoint);
    let first = grundy(&["quotient", "kayles", "--to", "40", "--checkpoint", &checkpoint], "");
    assert_eq!(first.status, 0, "{}", first.stderr);
    let saved = std::fs::read(&checkpoint).unwrap();
    let one_run = grundy(&["quotient", "kayles", "--to", "40", "--max-elements", "20"], "");
    assert_ne!(one_run.status, 0);
    let resumed =
        grundy(&["quotient", "kayles", "--to", "40", "--max-elements", "20", "--checkpoint", &checkpoint], "");
    assert_ne!(resumed.status, 0, "{}", resumed.stdout);
    assert_eq!(resumed.stdout, "");
    assert_eq!(resumed.stderr.lines().count(), 1, "{}", resumed.stderr);
    assert_eq!(resumed.stderr, one_run.stderr);
    assert!(resumed.stderr.contains("complete through heap 11"), "{}", resumed.stderr);
    assert_eq!(std::fs::read(&checkpoint).unwrap(), saved, "the checkpoint is left as it was");
    // Within the limit (heaps through 20 need 32 elements), it resumes.
    let within = grundy(&["quotient", "kayles", "--to", "20", "--max-elements", "32", "--checkpoint", &checkpoint], "");
    assert_eq!(within.status, 0, "{}", within.stderr);
    assert_eq!(within.stdout, grundy(&["quotient", "kayles", "--to", "20", "--max-elements", "32"], "").stdout);
}
