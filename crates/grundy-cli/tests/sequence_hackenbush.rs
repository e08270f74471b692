//! `grundy sequence hackenbush:FAMILY`, against the families' closed forms
//! (Winning Ways ch. 7): a path of n edges from the ground is a stalk, *n;
//! the star is one edge from the ground topped by n−1 leaves, so by the
//! colon principle 1 + ((n−1) mod 2), i.e. *1 for odd n and *2 for even;
//! a cycle of n edges through the ground fuses to a point (even n, 0) or
//! a loop (odd n, *1).

mod common;
use common::grundy;

fn values(family: &str, to: u64) -> Vec<u64> {
    let run = grundy(&["sequence", &format!("hackenbush:{family}"), "--to", &to.to_string(), "--format", "json"], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    json["values"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect()
}

#[test]
fn the_families_follow_their_closed_forms() {
    let to = 200;
    let star = |n: u64| if n == 0 { 0 } else { 1 + (n - 1) % 2 };
    assert_eq!(values("path", to), (0..=to).collect::<Vec<_>>());
    assert_eq!(values("star", to), (0..=to).map(star).collect::<Vec<_>>());
    assert_eq!(values("cycle", to), (0..=to).map(|n| n % 2).collect::<Vec<_>>());
}

#[test]
fn bad_families_and_sizes_get_a_one_line_error() {
    for args in [&["sequence", "hackenbush:tree", "--to", "3"][..], &["sequence", "hackenbush:path", "--to", "100000"]]
    {
        let run = grundy(args, "");
        assert_ne!(run.status, 0);
        assert_eq!(run.stderr.trim().lines().count(), 1, "{}", run.stderr);
    }
    // Games that have no heap sequence are told what `sequence` takes.
    for (game, says) in [
        ("hackenbush", "hackenbush:path, hackenbush:star or hackenbush:cycle"),
        ("mock-turtles", "'mock-turtles' is not a heap game"),
        // ... and where the values are: the command with the whole
        // description (it once said `grundy table turning`, which fails).
        ("turning:1,3", "`grundy table turning:1,3 --rows 0..20` gives its values"),
        ("wythoff", "`grundy table wythoff --rows 0..9 --cols 0..9` gives its values"),
        ("cram", "`grundy solve cram POSITION` values its positions"),
        ("graph", "'graph' needs a file"),
        ("0.9z", "is not a take-and-break code"),
    ] {
        let run = grundy(&["sequence", game, "--to", "3"], "");
        assert_ne!(run.status, 0);
        assert!(run.stderr.contains(says) && run.stderr.trim().lines().count() == 1, "{game}: {}", run.stderr);
    }
}
