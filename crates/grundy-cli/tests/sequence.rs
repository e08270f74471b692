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
    assert_eq!(json["periodicity"]["proven"], true);
}

#[test]
fn text_says_conjecture_when_there_is_no_proof() {
    let text = ok(&["sequence", "nim", "--to", "100"]);
    assert!(text.contains("conjecture") && text.contains("saltus 1"), "{text}");
    // Kayles repeats from heap 71; by heap 150 that is a pattern, but the
    // theorem needs heaps through 167 to prove it.
    let text = ok(&["sequence", "kayles", "--to", "150"]);
    assert!(text.contains("conjecture") && text.contains("last exception at heap 70"), "{text}");
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
    // The plain method on a splitting game is slow enough to interrupt.
    let args = ["sequence", "0.77", "--to", "400000", "--method", "plain", "--format", "csv", "--checkpoint"];
    let child =
        Command::new(binary).args(args).arg(&path).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted after") && stderr.contains("run the same command again"), "{stderr}");
    let saved = std::fs::metadata(&path).unwrap().len();
    assert!(saved > 1000, "the checkpoint holds the values computed");
    // Resuming: the same command continues, here to a smaller target that
    // is already reached, so it finishes at once and agrees with a fresh run.
    let resumed =
        grundy(&["sequence", "0.77", "--to", "5000", "--format", "csv", "--checkpoint", path.to_str().unwrap()], "");
    assert!(resumed.stderr.contains("resuming"), "{}", resumed.stderr);
    assert_eq!(resumed.stdout, ok(&["sequence", "0.77", "--to", "5000", "--format", "csv"]));
}

#[test]
fn misere_kayles_matches_the_published_values() {
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["sequence", "kayles", "--to", "20", "--misere", "--format", "json"])).unwrap();
    let values: Vec<u64> = json["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(values, [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]);
    assert_eq!(json["play"], "misere");
    let run = grundy(&["sequence", "kayles", "--to", "1000", "--misere"], "");
    assert!(run.stderr.contains("limited to 50"), "{}", run.stderr);
}
