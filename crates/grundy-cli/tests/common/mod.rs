//! Running the real `grundy` binary from tests.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `grundy ARGS` with `input` on standard input, from the workspace
/// root (where a user runs it, so that `examples/…` paths resolve).
///
/// A game of `play` may end before its input does (a test gives more
/// moves than it needs), and a program that has ended reads no more: the
/// write then fails with a broken pipe, which is no failure of the program
/// (the status and output say how it ended). A clean CI run met it once.
pub fn grundy(args: &[&str], input: &str) -> Run {
    let mut child = spawn(args);
    match child.stdin.take().unwrap().write_all(input.as_bytes()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => panic!("writing to grundy: {error}"),
        _ => {}
    }
    ran(child.wait_with_output().unwrap())
}

/// [`grundy`] with nothing on standard input, failing the test if it takes
/// more than `seconds` (the child is then killed): a guard that turns a
/// hang into a failure, not a measure of speed.
pub fn grundy_within(seconds: u64, args: &[&str]) -> Run {
    let mut child = spawn(args);
    drop(child.stdin.take());
    let id = child.id();
    // (The output is read while the child runs: a full pipe would stop it.)
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || sender.send(child.wait_with_output()));
    let Ok(output) = receiver.recv_timeout(std::time::Duration::from_secs(seconds)) else {
        let _ = Command::new("kill").arg(id.to_string()).status();
        panic!("grundy {} took more than {seconds} s", args.join(" "));
    };
    ran(output.unwrap())
}

fn spawn(args: &[&str]) -> std::process::Child {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .current_dir(root)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs")
}

fn ran(output: std::process::Output) -> Run {
    Run {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

/// Runs a contest problem and expects success.
pub fn contest(problem: &str, input: &str) -> String {
    let run = grundy(&["contest", problem], input);
    assert_eq!(run.status, 0, "grundy contest {problem} failed: {}", run.stderr);
    run.stdout
}

/// Runs a contest problem and expects a clean failure: non-zero exit, one
/// error line on standard error, nothing on standard output, no panic.
pub fn contest_error(problem: &str, input: &str) -> String {
    let run = grundy(&["contest", problem], input);
    assert_ne!(run.status, 0, "expected an error for input {input:?}");
    assert!(!run.stderr.contains("panicked"), "panic: {}", run.stderr);
    assert!(run.stdout.is_empty(), "partial output: {}", run.stdout);
    run.stderr
}

/// A small deterministic generator for random tests.
pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Self {
        Random(seed.wrapping_mul(0x9E3779B97F4A7C15) | 1)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}
