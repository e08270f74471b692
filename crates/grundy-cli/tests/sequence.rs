//! `grundy sequence` run as a user would: formats, periodicity, bad codes,
//! checkpoints and interruption.

mod common;
use common::grundy;

fn ok(args: &[&str]) -> String {
    let run = grundy(args, "");
    assert_eq!(run.status, 0, "grundy {args:?} failed: {}", run.stderr);
    run.stdout
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-sequence-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn kayles_in_json_with_a_proof() {
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["sequence", "kayles", "--to", "200", "--format", "json"])).unwrap();
    let values: Vec<u64> = json["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values.len(), 201);
    assert_eq!(values[1..=20], [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]);
    assert_eq!(json["periodicity"]["period"], 12);
    assert_eq!(json["periodicity"]["preperiod"], 71);
    assert_eq!(json["periodicity"]["proof"]["kind"], "octal_theorem");
    assert_eq!(json["periodicity"]["proof"]["checked_until"], 156);
}

/// A short pattern near the end does not hide the proven one: the values
/// of `subtraction:10,100` repeat with period 110 from heap 0 (checked here
/// against the definition), but through heap 20,000 they end in 91 values
/// of period 20, which were reported as a conjecture "from heap 19909";
/// likewise `subtraction:6,60` (period 66) to heap 5,000.
#[test]
fn the_proven_period_is_found_past_a_local_one() {
    for (set, to, period) in [([10u64, 100], 20000u64, 110u64), ([6, 60], 5000, 66)] {
        let game = format!("subtraction:{},{}", set[0], set[1]);
        let json: serde_json::Value =
            serde_json::from_str(&ok(&["sequence", &game, "--to", &to.to_string(), "--json"])).unwrap();
        let mut values: Vec<u64> = Vec::new();
        for n in 0..=to {
            let options: Vec<u64> = set.iter().filter(|&&s| s <= n).map(|&s| values[(n - s) as usize]).collect();
            values.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        assert_eq!(json["values"], serde_json::json!(values), "{game}");
        assert!((period as usize..values.len()).all(|n| values[n] == values[n - period as usize]), "{game}");
        assert_eq!(json["periodicity"]["period"], period, "{game}");
        assert_eq!(json["periodicity"]["preperiod"], 0, "{game}");
        assert_eq!(json["periodicity"]["proof"]["kind"], "octal_theorem", "{game}");
    }
}

#[test]
fn text_says_conjecture_when_there_is_no_proof() {
    let text = ok(&["sequence", "nim", "--to", "100"]);
    assert!(text.contains("conjecture") && text.contains("saltus 1"), "{text}");
    // Kayles repeats from heap 71; by heap 150 that is a pattern, but the
    // theorem needs heaps through 167 to prove it.
    let text = ok(&["sequence", "kayles", "--to", "150"]);
    assert!(text.contains("conjecture") && text.contains("last exception at heap 70"), "{text}");
    assert!(text.contains("needs the values through heap 167"), "{text}");
    let text = ok(&["sequence", "kayles", "--to", "167"]);
    assert!(text.contains("PROVEN"), "{text}");
    let text = ok(&["sequence", "grundys-game", "--to", "2000"]);
    assert!(text.contains("none found"), "{text}");
}

#[test]
fn csv_and_both_methods_agree() {
    let fast = ok(&["sequence", "0.137", "--to", "2000", "--format", "csv", "--method", "rare-common"]);
    let plain = ok(&["sequence", "0.137", "--to", "2000", "--format", "csv", "--method", "plain"]);
    assert_eq!(fast, plain);
    assert!(fast.starts_with("heap,nim_value\n0,0\n"));
}

#[test]
fn bad_codes_and_impossible_sizes() {
    for (code, expected) in [("0.8", "hex:0.8"), ("0.", "no digits"), ("x.1", "not a digit"), ("0.000", "no move")] {
        let run = grundy(&["sequence", code, "--to", "10"], "");
        assert_ne!(run.status, 0);
        assert!(run.stderr.contains(expected), "{code}: {}", run.stderr);
    }
    let run = grundy(&["sequence", "kayles", "--to", "100000000000000"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("memory"), "{}", run.stderr);
    let run = grundy(&["sequence", "hex:0.8", "--to", "10", "--method", "rare-common"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("at most two heaps"), "{}", run.stderr);
    let run = grundy(&["sequence", "kayles", "--to", "10", "--format", "binary"], "");
    assert!(run.stderr.contains("--output"), "{}", run.stderr);
}

#[test]
fn a_binary_file_round_trips_through_a_checkpoint() {
    let path = temp("dawson.seq");
    std::fs::remove_file(&path).ok();
    ok(&["sequence", "dawsons-kayles", "--to", "300", "--format", "binary", "--output", path.to_str().unwrap()]);
    // The binary file is also a valid checkpoint: resuming from it extends it.
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "sequence",
        "dawsons-kayles",
        "--to",
        "400",
        "--format",
        "json",
        "--checkpoint",
        path.to_str().unwrap(),
    ]))
    .unwrap();
    assert_eq!(json["values"].as_array().unwrap().len(), 401);
    assert_eq!(json["periodicity"]["period"], 34);
    assert_eq!(json["periodicity"]["preperiod"], 53);
}

#[test]
fn a_checkpoint_from_another_game_is_refused_and_kept() {
    let path = temp("other.ckpt");
    ok(&["sequence", "kayles", "--to", "50", "--checkpoint", path.to_str().unwrap()]);
    let before = std::fs::read(&path).unwrap();
    let run = grundy(&["sequence", "0.16", "--to", "60", "--checkpoint", path.to_str().unwrap()], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("is for the game 'kayles'"), "{}", run.stderr);
    assert_eq!(std::fs::read(&path).unwrap(), before, "the checkpoint was changed");
    std::fs::write(&path, b"not a checkpoint").unwrap();
    let run = grundy(&["sequence", "kayles", "--to", "60", "--checkpoint", path.to_str().unwrap()], "");
    assert!(run.stderr.contains("not a grundy sequence file"), "{}", run.stderr);
}

#[test]
fn an_interrupted_run_resumes_where_it_stopped() {
    use std::process::{Command, Stdio};
    let path = temp("interrupt.ckpt");
    std::fs::remove_file(&path).ok();
    let binary = env!("CARGO_BIN_EXE_grundy");
    // The plain method on Grundy's game (no period to copy) is slow enough to interrupt.
    let args = ["sequence", "grundys-game", "--to", "400000", "--method", "plain", "--format", "csv", "--checkpoint"];
    // Saves every 0.1 s, and the test waits for the program's own progress — a
    // checkpoint on disk — rather than for a guessed time.
    let child = Command::new(binary)
        .args(args)
        .arg(&path)
        .env("GRUNDY_CHECKPOINT_EVERY", "0.1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while std::fs::metadata(&path).map_or(0, |m| m.len()) < 2000 {
        assert!(start.elapsed().as_secs() < 60, "no checkpoint written within a minute");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted after") && stderr.contains("run the same command again"), "{stderr}");
    let saved = std::fs::metadata(&path).unwrap().len();
    assert!(saved > 1000, "the checkpoint holds the values computed");
    // Resuming to a target past what the checkpoint holds: the run must say it
    // resumed, compute only the heaps after the saved ones, grow the
    // checkpoint, and agree with a fresh run.
    let to = "420000";
    let resumed = grundy(
        &["sequence", "grundys-game", "--to", to, "--format", "csv", "--checkpoint", path.to_str().unwrap()],
        "",
    );
    assert!(resumed.stderr.contains("resuming"), "{}", resumed.stderr);
    let computed: u64 = resumed
        .stderr
        .lines()
        .find(|line| line.contains(" heaps of grundys-game in "))
        .and_then(|line| line.strip_prefix("grundy: ")?.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no timing line: {}", resumed.stderr));
    assert!(computed < 420_001, "the resumed run recomputed every heap: {}", resumed.stderr);
    assert!(std::fs::metadata(&path).unwrap().len() > saved, "the checkpoint did not grow");
    assert_eq!(resumed.stdout, ok(&["sequence", "grundys-game", "--to", to, "--format", "csv"]));
}

#[test]
fn misere_kayles_matches_the_published_values() {
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["sequence", "kayles", "--to", "20", "--misere", "--format", "json"])).unwrap();
    let values: Vec<u64> = json["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values, [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]);
    assert_eq!(json["play"], "misere");
    assert_eq!(json["method"], "exact search of sums");
    // Beyond heap 50 the quotient of nim heaps and Kayles' heaps would be
    // needed; it outgrows its limits slowly, so that case is tested in the
    // library with small limits (solve::quotient::values).
}

#[test]
fn all_but_games_run_in_linear_time_and_agree_with_plain() {
    let fast = ok(&["sequence", "all-but:1,3", "--to", "3000", "--format", "csv"]);
    let plain = ok(&["sequence", "all-but:1,3", "--to", "3000", "--format", "csv", "--method", "plain"]);
    assert_eq!(fast, plain);
    // A million heaps: quadratic before the running count.
    let run = grundy(&["sequence", "all-but:1,3", "--to", "1000000", "--format", "binary", "--output"], "");
    assert_ne!(run.status, 0);
    let path = temp("all-but.seq");
    ok(&["sequence", "all-but:1,3", "--to", "1000000", "--format", "binary", "--output", path.to_str().unwrap()]);
    assert!(std::fs::metadata(&path).unwrap().len() > 4_000_000, "values above 65535 take four bytes");
}

/// Runs `grundy sequence ARGS` with checkpoints every 50 ms and kills it
/// with SIGKILL after `after`; returns whether it was still running.
fn kill_after(args: &[&str], after: std::time::Duration) -> bool {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("GRUNDY_CHECKPOINT_EVERY", "0.05")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap_or(()); // SIGKILL
    child.wait().unwrap();
    running
}

#[test]
fn a_run_killed_at_random_moments_resumes_to_identical_output() {
    let path = temp("killed.ckpt");
    std::fs::remove_file(&path).ok();
    let checkpoint = path.to_str().unwrap();
    let to = "100000";
    // Kill moments are fractions of an uninterrupted run's time, so the test
    // means the same in a debug build, a release build and on a busy machine.
    let started = std::time::Instant::now();
    let whole = ok(&["sequence", "grundys-game", "--to", to, "--format", "csv"]);
    let whole_time = started.elapsed();
    let args = ["sequence", "grundys-game", "--to", to, "--format", "csv", "--checkpoint", checkpoint];
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64;
    let mut random = common::Random::new(seed);
    let mut killed = 0;
    for _ in 0..4 {
        let after = whole_time.mul_f64(0.05 + random.below(400) as f64 / 1000.0);
        if kill_after(&args, after) {
            killed += 1;
        }
    }
    assert!(killed > 0, "the run finished before it could be killed (seed {seed})");
    let resumed = grundy(&args, "");
    assert_eq!(resumed.status, 0, "{} (seed {seed})", resumed.stderr);
    assert!(resumed.stdout == whole, "resumed output differs (seed {seed})");
}

#[test]
fn damaged_checkpoints_are_refused_clearly_and_left_untouched() {
    let path = temp("fuzz.ckpt");
    std::fs::remove_file(&path).ok();
    let checkpoint = path.to_str().unwrap();
    ok(&["sequence", "0.16", "--to", "300", "--format", "binary", "--output", checkpoint]);
    let good = std::fs::read(&path).unwrap();
    let mut random = common::Random::new(16);
    for case in 0..60 {
        let mut bytes = good.clone();
        let damage = match case % 3 {
            0 => {
                bytes.truncate(random.below(good.len() as u64) as usize);
                "truncated"
            }
            1 => {
                let at = random.below(good.len() as u64) as usize;
                bytes[at] ^= 1 + random.below(255) as u8;
                "a byte changed"
            }
            _ => {
                let at = random.below(good.len() as u64) as usize;
                bytes.insert(at, random.below(256) as u8);
                bytes.truncate(good.len());
                "a byte inserted"
            }
        };
        if bytes == good {
            continue;
        }
        std::fs::write(&path, &bytes).unwrap();
        let run = grundy(&["sequence", "0.16", "--to", "400", "--checkpoint", checkpoint], "");
        let what = format!("case {case} ({damage}): {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{what}");
        assert_ne!(run.status, 0, "{what}");
        assert_eq!(run.stderr.trim().lines().count(), 1, "{what}");
        assert!(run.stderr.contains(checkpoint), "{what}");
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{what}: the file was changed");
    }
    // Another game's checkpoint is refused the same way.
    std::fs::write(&path, &good).unwrap();
    let run = grundy(&["sequence", "0.106", "--to", "400", "--checkpoint", checkpoint], "");
    assert!(run.status != 0 && run.stderr.contains("is for the game '0.16'"), "{}", run.stderr);
    assert_eq!(std::fs::read(&path).unwrap(), good);
}

#[test]
fn an_output_that_cannot_be_written_is_refused_before_the_run() {
    // Said at once, on one line that names the file, before any heap is
    // valued (no "N heaps of kayles in …" first), in each way of running.
    let directory = temp("a-directory");
    std::fs::create_dir_all(&directory).unwrap();
    let missing = temp("no-such-directory/values.txt");
    for output in [directory.to_str().unwrap(), missing.to_str().unwrap()] {
        for args in [
            &["sequence", "kayles", "--to", "10"][..],
            &["sequence", "kayles", "--to", "10", "--misere"],
            &["sequence", "kayles", "--to", "10", "--format", "binary"],
            &["sequence", "hackenbush:path", "--to", "5"],
        ] {
            let run = grundy(&[args, &["--output", output]].concat(), "");
            assert_ne!(run.status, 0, "{args:?} {output}");
            assert_eq!(run.stderr.trim().lines().count(), 1, "{args:?}: {}", run.stderr);
            assert!(run.stderr.contains(output), "{args:?}: {}", run.stderr);
        }
    }
}
