//! Every console example in the documents is run, so the README cannot drift from the program.
//!
//! The convention (README.md, and the brief every contributor reads): in a ```` ```console ````
//! block a line starting `$ ` is a command, run with `sh -c` from the repository root with the
//! built `grundy` first on `PATH`; the lines after it, up to the next `$ `, are its standard
//! output exactly (trailing spaces ignored). A line holding only `…` stands for any number of
//! lines, a `…` inside a line for any text within that line. Every command must exit 0; one
//! shown with no output lines is checked for that alone.
//!
//! `trycmd` (the ecosystem's runner for clap programs) was considered: its wildcards are `...`
//! and `[..]`, which would have to be written into the README itself, where a reader expects the
//! typographic ellipsis; a runner of sixty lines keeps the README as a reader sees it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The documents whose console blocks are run.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md"), root.join("crates/grundy-py/README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ exists")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The documents that hold console examples, with how many each held when the guide moved out of
/// the README into `docs/` (2026-12-02: the README's 40, and one each added to the contest and play pages). A page
/// whose count falls below its figure has lost examples, not moved them: move them to another page
/// and move the figure with them. So the total run cannot fall below the 42 of that day without
/// some page's count falling. New pages need no entry; their examples run and count.
const EXAMPLES_AT_LEAST: &[(&str, usize)] = &[
    ("README.md", 6),
    ("docs/contest.md", 1),
    ("docs/games.md", 7),
    ("docs/heap-games.md", 2),
    ("docs/misere.md", 11),
    ("docs/pictures-and-play.md", 5),
    ("docs/search-games.md", 4),
    ("docs/winning-ways.md", 6),
];

/// One `$ ` command of a console block, with the output shown under it.
#[derive(Debug)]
struct Example {
    place: String,
    command: String,
    expected: Vec<String>,
}

/// The examples of one document: ```` ```console ```` fences, possibly indented (inside a list
/// item); the fence's indentation is removed from the lines of its block.
fn examples(path: &Path, text: &str) -> Vec<Example> {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut found = Vec::new();
    let mut block: Option<usize> = None; // the fence's indentation while inside a console block
    let mut other_block = false;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(fence) = block {
            if trimmed.starts_with("```") {
                block = None;
                continue;
            }
            let body = line.get(fence.min(indent)..).unwrap_or("");
            if let Some(command) = body.strip_prefix("$ ") {
                found.push(Example {
                    place: format!("{name}:{}", index + 1),
                    command: command.to_string(),
                    expected: Vec::new(),
                });
            } else if let Some(example) = found.last_mut() {
                example.expected.push(body.trim_end().to_string());
            } else {
                panic!("{name}:{}: a console block must start with a `$ ` command", index + 1);
            }
        } else if other_block {
            other_block = !trimmed.starts_with("```");
        } else if trimmed == "```console" {
            block = Some(indent);
        } else if trimmed.starts_with("```") {
            other_block = true;
        }
    }
    found
}

/// Whether one output line matches one shown line (`…` inside it stands for any text).
fn line_matches(shown: &str, actual: &str) -> bool {
    let actual = actual.trim_end();
    let pieces: Vec<&str> = shown.split('…').collect();
    if pieces.len() == 1 {
        return shown == actual;
    }
    let (first, last) = (pieces[0], pieces[pieces.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    if !rest.ends_with(last) {
        return false;
    }
    rest = &rest[..rest.len() - last.len()];
    for piece in &pieces[1..pieces.len() - 1] {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the output lines match the shown lines (a line `…` stands for any number of lines).
fn output_matches(shown: &[String], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "…" => (0..=actual.len()).any(|skip| output_matches(rest, &actual[skip..])),
        Some((first, rest)) => {
            !actual.is_empty() && line_matches(first, actual[0]) && output_matches(rest, &actual[1..])
        }
    }
}

/// Runs one command the way a reader would, and stops it if it runs past a minute.
fn run(root: &Path, command: &str) -> (Option<i32>, String, String) {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_grundy"));
    let path = format!("{}:{}", binary.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let out = std::env::temp_dir().join(format!("grundy-readme-{}", std::process::id()));
    std::fs::create_dir_all(&out).unwrap();
    let (stdout, stderr) = (out.join("stdout"), out.join("stderr"));
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(root)
        .env("PATH", path)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout).unwrap())
        .stderr(std::fs::File::create(&stderr).unwrap())
        .spawn()
        .expect("sh runs");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let read = |path: &Path| String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
    (status, read(&stdout), read(&stderr))
}

#[test]
fn every_console_example_in_the_documents_prints_what_it_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut failures = Vec::new();
    let mut count = 0;
    let mut per_document = Vec::new();
    for path in documents(&root) {
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let found = examples(&path, &text);
        per_document.push((path.strip_prefix(&root).unwrap().to_string_lossy().into_owned(), found.len()));
        for example in found {
            count += 1;
            let (status, stdout, stderr) = run(&root, &example.command);
            let lines: Vec<&str> = stdout.lines().collect();
            let problem = if status.is_none() {
                Some("ran for more than a minute".to_string())
            } else if status != Some(0) {
                Some(format!("exited with {status:?}: {}", stderr.trim_end()))
            } else if !example.expected.is_empty() && !output_matches(&example.expected, &lines) {
                Some(format!(
                    "printed\n{}\nwhere the document shows\n{}",
                    stdout.trim_end(),
                    example.expected.join("\n")
                ))
            } else {
                None
            };
            if let Some(problem) = problem {
                failures.push(format!("{} `{}` {problem}", example.place, example.command));
            }
        }
    }
    let lost: Vec<String> = EXAMPLES_AT_LEAST
        .iter()
        .filter_map(|&(document, least)| {
            let found = per_document.iter().find(|(name, _)| name == document).map_or(0, |&(_, n)| n);
            (found < least).then(|| format!("{document}: {found} console examples, it had {least}"))
        })
        .collect();
    assert!(lost.is_empty(), "examples were lost (or the parser is broken):\n{}", lost.join("\n"));
    assert!(failures.is_empty(), "{} of {count} examples drifted:\n\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn the_matcher_reads_the_ellipses_as_the_convention_says() {
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(output_matches(&shown(&["a", "…", "d"]), &["a", "b", "c", "d"]));
    assert!(output_matches(&shown(&["a", "…", "d"]), &["a", "d"]));
    assert!(!output_matches(&shown(&["a", "d"]), &["a", "b", "d"]), "a missing line needs an ellipsis");
    assert!(!output_matches(&shown(&["a"]), &["a", "b"]), "extra lines at the end need an ellipsis");
    assert!(output_matches(&shown(&["x: … y"]), &["x: 1 2 3 y   "]), "trailing spaces ignored");
    assert!(!output_matches(&shown(&["x: … y"]), &["x: 1 2 3 z"]));
    assert!(!output_matches(&shown(&["ab…ba"]), &["aba"]), "the two ends may not overlap");
    assert!(output_matches(&shown(&["…"]), &[]));
}
