//! `grundy plot`: the file written is the library's picture, byte for byte.

mod common;

use common::grundy;
use grundy::export::{self, ImageFormat};
use grundy::registry::{game, RuleOptions};

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_heatmap_is_the_librarys_png() {
    let path = scratch("wythoff.png");
    let run =
        grundy(&["plot", "wythoff", "--rows", "0..30", "--cols", "0..30", "--output", path.to_str().unwrap()], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!("wrote {}: a PNG heatmap of wythoff, rows 0..30, columns 0..30\n", path.display()),
        "a plot says what it wrote"
    );
    let written = std::fs::read(&path).unwrap();
    let table = game("wythoff", &RuleOptions::default()).unwrap().table(0..=30, Some(0..=30)).unwrap();
    assert_eq!(written, export::heatmap(&table, ImageFormat::Png).unwrap());
    assert_eq!(&written[..8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn svg_on_request_and_by_extension() {
    let path = scratch("race.svg");
    let args =
        ["plot", "king", "--goal", "0,0", "--rows", "0..9", "--cols", "0..9", "--output", path.to_str().unwrap()];
    assert_eq!(grundy(&args, "").status, 0);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("P: second player wins"));
    let forced = scratch("forced.img");
    let run = grundy(&["plot", "nim", "--rows", "0..50", "--format", "svg", "--output", forced.to_str().unwrap()], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(std::fs::read_to_string(&forced).unwrap().contains("G(n)"));
}

#[test]
fn a_heap_sequence_is_a_scatter() {
    let path = scratch("sub.png");
    let run = grundy(&["plot", "subtraction:2,5,7", "--rows", "0..300", "--output", path.to_str().unwrap()], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    let table = game("subtraction:2,5,7", &RuleOptions::default()).unwrap().table(0..=300, None).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), export::plot_table(&table, ImageFormat::Png).unwrap());
}

/// A one-coordinate game that is no heap game (a coin-turning rule) is
/// plotted from its table, and called what it is: G(n) against n.
#[test]
fn a_coin_row_is_a_scatter_too() {
    let path = scratch("mock.png");
    let run = grundy(&["plot", "mock-turtles", "--rows", "1..20", "--output", path.to_str().unwrap()], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("a PNG plot of G(n) against n for mock-turtles, positions 1..20"), "{}", run.stdout);
    let table = game("mock-turtles", &RuleOptions::default()).unwrap().table(1..=20, None).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), export::plot_table(&table, ImageFormat::Png).unwrap());
}

#[test]
fn bad_requests_get_one_line_and_no_file() {
    let path = scratch("never.png");
    let out = path.to_str().unwrap();
    for (args, says) in [
        (vec!["plot", "wythoff", "--rows", "0..5000", "--cols", "0..5000", "--output", out], "too large"),
        (vec!["plot", "mine", "--rows", "0..5", "--output", out], "no table"),
        (vec!["plot", "wythoff", "--rows", "0..5", "--output", out], "two numbers"),
        (vec!["plot", "nim", "--rows", "0..5"], "--output"),
        // Place 0 is off a row of Mock Turtles (it starts at 1).
        (vec!["plot", "mock-turtles", "--rows", "0..5", "--output", out], "0 is not a position of the game"),
    ] {
        let run = grundy(&args, "");
        assert_ne!(run.status, 0, "{args:?}");
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
        assert!(!path.exists());
    }
}

#[test]
fn help_has_examples() {
    let run = grundy(&["plot", "--help"], "");
    assert!(run.stdout.contains("Examples:") && run.stdout.contains("grundy plot wythoff"));
}

#[test]
fn heap_games_use_the_sequence_engine_and_mark_the_period() {
    let path = scratch("kayles.png");
    let run = grundy(&["plot", "kayles", "--rows", "0..3000", "--output", path.to_str().unwrap()], "");
    assert_eq!(run.status, 0, "{}", run.stderr);
    // Kayles: period 12 from heap 71 (Winning Ways ch. 4), proven by the octal theorem.
    let game = grundy::solve::heap::HeapGame::parse("kayles").unwrap();
    let mut sequence =
        grundy::solve::heap::NimSequence::new(&game, grundy::solve::heap::Algorithm::best_for(&game)).unwrap();
    sequence.extend_to(3001, |_| false).unwrap();
    let values = sequence.values().to_vec();
    let plot = export::SequencePlot { game: "kayles", first: 0, values: &values[..3001], periodicity: Some((71, 12)) };
    assert_eq!(std::fs::read(&path).unwrap(), export::scatter(&plot, ImageFormat::Png).unwrap());
}

#[test]
fn an_output_in_no_directory_is_refused_before_the_picture() {
    let missing = scratch("no-such-directory/wythoff.png");
    let run =
        grundy(&["plot", "wythoff", "--rows", "0..5", "--cols", "0..5", "--output", missing.to_str().unwrap()], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("no directory") && run.stderr.trim().lines().count() == 1, "{}", run.stderr);
}

/// A plot of heaps far out values every heap from 0: heaps near 10^12
/// asked for a terabyte, which the system granted as address space, and
/// the values filled the memory until the process was killed. The room is
/// weighed before it is reserved; the far end of the heaps is one line.
#[test]
fn heaps_too_far_out_for_memory_are_refused_at_once() {
    let file = scratch("far.png");
    let path = file.to_str().unwrap();
    let run = grundy(&["plot", "subtraction:1,3", "--rows", "1000000000000..1000000000005", "--output", path], "");
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(
        run.stderr.starts_with("grundy: too large: the nim-values of 1000000000006 heaps at 1 byte a heap"),
        "{}",
        run.stderr
    );
    let run = grundy(&["plot", "nim", "--rows", "18446744073709551610..18446744073709551615", "--output", path], "");
    assert_eq!(run.status, 1, "{}", run.stderr);
    assert!(run.stderr.contains("heap 18446744073709551615 is past what a plot reaches"), "{}", run.stderr);
    assert!(!file.exists());
}
