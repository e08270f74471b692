//! Every kind of long work stops promptly on Ctrl-C (SIGINT) or SIGTERM,
//! exits with 130, and says what it kept.
//!
//! Each test starts the real binary, waits for the program's own line
//! saying the work is under way ("(Ctrl-C stops)", printed after a second
//! of work), sends the signal, and measures the time to the exit. The
//! promise is a second; the assertions allow [`MARGIN`] so that a loaded
//! two-core machine does not make them flaky, and every measured time is
//! printed (`cargo test -- --nocapture` shows them).

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The most a test accepts from the signal to the exit.
const MARGIN: Duration = Duration::from_secs(3);

/// How one interrupted run ended.
struct Stopped {
    code: Option<i32>,
    stderr: String,
    after: Duration,
}

/// Spawns `grundy ARGS`, waits for its progress line on standard error,
/// sends `signal` (`INT` or `TERM`) and measures the time to the exit.
fn stop(args: &[&str], signal: &str) -> Stopped {
    stop_later(args, signal, Duration::ZERO)
}

/// [`stop`], the signal sent `later` after the progress line: the long
/// steps of some work (one sum of two large misère forms) come only after
/// seconds of short ones.
fn stop_later(args: &[&str], signal: &str, later: Duration) -> Stopped {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        // No periodic checkpoint during the test: what is saved is saved on the signal.
        .env("GRUNDY_CHECKPOINT_EVERY", "600")
        // The "working on" line at once: some of the work here takes under a second.
        .env("GRUNDY_WORKING_AFTER_MS", "100")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        let read = stderr.read_line(&mut line).unwrap();
        assert!(read > 0, "grundy {args:?} ended before saying it was at work: {seen}");
        seen.push_str(&line);
        if line.contains("(Ctrl-C stops)") {
            break;
        }
    }
    std::thread::sleep(later);
    let signalled = Instant::now();
    let killed = Command::new("kill").args([&format!("-{signal}"), &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    let after = signalled.elapsed();
    stderr.read_to_string(&mut seen).unwrap();
    println!("grundy {}: exit {:?} {:.3} s after SIG{signal}", args.join(" "), status.code(), after.as_secs_f64());
    Stopped { code: status.code(), stderr: seen, after }
}

/// Stopped promptly, with 130, the message saying `kept`, and no panic.
fn check(stopped: &Stopped, kept: &str) {
    assert_eq!(stopped.code, Some(130), "{}", stopped.stderr);
    assert!(stopped.stderr.contains(kept), "expected {kept:?} in: {}", stopped.stderr);
    assert!(!stopped.stderr.contains("panicked"), "{}", stopped.stderr);
    assert!(stopped.after < MARGIN, "exit {:.2} s after the signal: {}", stopped.after.as_secs_f64(), stopped.stderr);
}

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("grundy-interrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path.to_string_lossy().into_owned()
}

#[test]
fn a_sequence_keeps_its_checkpoint() {
    let checkpoint = temp("grundy.ckpt");
    let stopped = stop(
        &["sequence", "grundys-game", "--to", "100000000", "--method", "plain", "--checkpoint", &checkpoint],
        "INT",
    );
    check(&stopped, "saved to");
    assert!(std::fs::metadata(&checkpoint).unwrap().len() > 0);
}

/// A code of a million places looks at the places up to each heap, so
/// sixteen thousand heaps between looks at Ctrl-C took seconds once the
/// heaps were in the tens of thousands: a far heap valued from the period
/// its sequence must prove first answered SIGINT 4 s after it, three
/// seconds in, and SIGTERM 14 s after it, two minutes in.
#[test]
fn a_far_heap_of_a_code_with_a_million_places() {
    let args = ["solve", "subtraction:999983,1000000", "100000000000"];
    check(&stop_later(&args, "INT", Duration::from_secs(3)), "nothing is saved");
}

#[test]
fn a_misere_sequence() {
    check(&stop(&["sequence", "kayles", "--misere", "--to", "60"], "INT"), "nothing is saved");
}

#[test]
fn a_quotient_keeps_its_checkpoint() {
    let checkpoint = temp("dawson.ckpt");
    let stopped = stop(&["quotient", "dawsons-kayles", "--to", "60", "--checkpoint", &checkpoint], "TERM");
    check(&stopped, "saved to");
    assert!(std::fs::metadata(&checkpoint).unwrap().len() > 0);
}

#[test]
fn a_table() {
    // (A queen with a knight-like slide besides: the queen alone is Wythoff's
    // game, whose table is bitsets, done in a second or two.)
    let rider = "rider:-1,0/0,-1/-1,-1/-1,-2";
    check(&stop(&["table", rider, "--rows", "0..3000", "--cols", "0..3000"], "INT"), "a table keeps nothing");
}

#[test]
fn a_cram_board_keeps_its_search_table() {
    let checkpoint = temp("cram.ckpt");
    let stopped = stop(&["solve", "cram", "7x8", "--checkpoint", &checkpoint, "--memory", "64M"], "TERM");
    check(&stopped, "the search table is saved to");
    assert!(std::fs::metadata(&checkpoint).unwrap().len() > 0);
}

#[test]
fn a_misere_sum() {
    check(&stop(&["solve", "--misere", "grundys-game", "30", "25", "20"], "INT"), "nothing is saved");
}

/// A rook far out lists 14,000 options a position, and a sum built from
/// them listed each option's options again to know it could move: 1,024
/// positions between looks were minutes, and Ctrl-C went unheard for 95 s.
#[test]
fn a_misere_search_whose_positions_have_thousands_of_options() {
    check(&stop_later(&["solve", "--misere", "rook", "7070,7070"], "INT", Duration::from_secs(1)), "nothing is saved");
}

/// A coin-turning row is one component whose every option the sum asked
/// "can it move?" by listing its moves: a ruler row of a few hundred heads
/// has tens of thousands, so one step of the search took 5 s and Ctrl-C
/// was heard 15 s late at coin 300, minutes late at 1,000.
#[test]
fn a_misere_coin_row_of_many_heads() {
    check(&stop_later(&["solve", "--misere", "ruler", "300"], "INT", Duration::from_secs(2)), "nothing is saved");
}

/// The genus walks every follower's options before its searches start:
/// `path:300` walked for a minute past Ctrl-C.
#[test]
fn the_walk_of_a_genus_through_the_followers() {
    check(
        &stop_later(&["solve", "--misere", "hackenbush", "path:300"], "INT", Duration::from_secs(2)),
        "nothing is saved",
    );
}

/// A large heap's genera ask a million small questions of the misère
/// search, each under the steps between its looks at the flag: it looked at
/// none and ran 80 s past SIGTERM (an audit's `solve --misere nim 2001`,
/// which the tame rule now answers at once; Dawson's Kayles is wild, so its
/// heaps past the quotient still go by those questions).
#[test]
fn a_large_heap_whose_genera_ask_many_small_questions() {
    check(&stop_later(&["solve", "--misere", "0.07", "250"], "TERM", Duration::from_secs(1)), "nothing is saved");
}

/// A heap that splits three ways is proven tame heap by heap, each heap a
/// listing quadratic in its size: the proof looked at the flag every 1,024
/// heaps, and `hex:0.F 3000` ran 2.3 s past Ctrl-C.
#[test]
fn the_tame_proof_of_a_heap_splitting_three_ways() {
    check(&stop(&["solve", "--misere", "hex:0.F", "3000"], "INT"), "nothing is saved");
}

#[test]
fn a_race_to_a_goal() {
    check(&stop(&["solve", "knight", "--goal", "0,0", "2000,2001"], "INT"), "nothing is saved");
}

#[test]
fn the_first_move_of_a_big_game() {
    check(&stop(&["play", "--misere", "kayles", "30", "30", "30"], "INT"), "a game in play keeps no checkpoint");
}

/// The engine's first reply on a board the pruned search values: that
/// search runs on threads of its own, which see the run's flag only if
/// they are handed it (play handed none, and Cram 6×6 ran on for 16 s).
#[test]
fn the_first_move_the_pruned_search_finds() {
    check(&stop(&["play", "--engine-first", "cram", "6x6"], "TERM"), "a game in play keeps no checkpoint");
}

#[test]
fn the_winning_moves_of_a_long_hackenbush_path() {
    check(&stop(&["solve", "hackenbush:path", "2000"], "INT"), "nothing is saved");
}

/// A loopy graph of three million positions: the retrograde analysis and
/// the generalized values looked at no watch, and an audit's `solve graph`
/// ran on for 6 s after SIGINT, then printed its answer and exited 0.
#[test]
fn a_loopy_graph_of_millions_of_positions() {
    use std::fmt::Write;
    let path = temp("big-graph.txt");
    let n = 3_000_000u64;
    let mut text = String::new();
    for i in 0..n {
        writeln!(text, "{i} {} {}", (i + 1) % n, (i * 7 + 3) % n).unwrap();
    }
    std::fs::write(&path, text).unwrap();
    check(&stop(&["solve", "graph", &path, "0", "5"], "INT"), "nothing is saved");
    std::fs::remove_file(&path).unwrap();
}

/// A graph file that is a named pipe no one writes to: the read waited in
/// a system call no signal ended, so neither Ctrl-C nor SIGTERM stopped it
/// (a review's `mkfifo f; grundy solve hackenbush f`).
#[test]
#[cfg(unix)]
fn a_wait_for_a_pipe_that_no_one_writes() {
    let pipe = temp("pipe");
    assert!(Command::new("mkfifo").arg(&pipe).status().unwrap().success());
    for signal in ["INT", "TERM"] {
        check(&stop(&["solve", "hackenbush", &pipe], signal), "nothing is saved");
    }
}

/// A pruned search whose nodes are slow: a Sprouts land lists hundreds of
/// options, each put in canonical form. With a fixed count of nodes between
/// looks at the flag, `solve sprouts 8` answered SIGINT after 12 s.
#[test]
fn a_search_with_slow_nodes() {
    check(&stop(&["solve", "sprouts", "11", "--value-only"], "INT"), "nothing is saved");
}

/// Misère play of a pruned-search game is not the pruned search: no
/// checkpoint to offer.
#[test]
fn a_misere_search_game_offers_no_checkpoint() {
    // (By canonical forms, the default of these games: about a minute.)
    check(&stop(&["solve", "--misere", "sprouts", "6"], "INT"), "this search keeps no checkpoint");
}

/// The misère outcome alone: a land searched beside the form of the rest
/// (9 spots: many minutes).
#[test]
fn a_misere_outcome_searched_beside_forms() {
    check(&stop(&["solve", "--misere", "sprouts", "9", "--outcome-only"], "INT"), "this search keeps no checkpoint");
}

/// Misère play by canonical forms, where one sum of two forms of Grundy's
/// game is seconds of work (it used to go on for 35 s after the signal).
#[test]
fn a_sum_of_large_misere_forms() {
    let stopped = stop_later(
        &["solve", "--misere", "--method", "canonical", "grundys-game", "120"],
        "INT",
        Duration::from_secs(3),
    );
    check(&stopped, "this search keeps no checkpoint");
}

/// Misère Chomp by forms: one position's form has options whose forms are
/// large, and simplifying it was 15 s without a look at the signal.
#[test]
fn the_simplification_of_a_large_misere_form() {
    check(&stop_later(&["solve", "--misere", "chomp", "9x9"], "INT", Duration::from_secs(3)), "keeps no checkpoint");
}

/// Chomp's exhaustive table of every diagram in the bar (40 million for
/// 14 × 14, seconds of filling before the search starts) watches the
/// search's flag too: it went on for 6–8 s after the signal.
#[test]
fn the_table_of_every_chomp_diagram() {
    check(&stop_later(&["solve", "chomp", "14x14"], "INT", Duration::from_secs(1)), "nothing is saved");
}
