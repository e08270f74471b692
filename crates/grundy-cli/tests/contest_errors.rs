//! Malformed contest input: a clear error naming the line, a non-zero exit,
//! no panic and no partial output.

mod common;
use common::contest_error;

#[test]
fn a_letter_where_a_number_belongs() {
    let error = contest_error("john", "2\n3\n3 x 1\n1\n1\n");
    assert!(error.contains("line 3") && error.contains("'x'"), "{error}");
}

#[test]
fn a_truncated_file() {
    let error = contest_error("hyper-knights", "2\n1\n1 0\n2\n2 5\n");
    assert!(error.contains("ends"), "{error}");
    let error = contest_error("bomb-game", "2 2\n.#\n.");
    assert!(error.contains("ends"), "{error}");
}

#[test]
fn a_coordinate_off_the_board() {
    let error = contest_error("mine", "1\n3 3 1\n3 0\n");
    assert!(error.contains("line 3") && error.contains("row"), "{error}");
    let error = contest_error("hyper-knights", "1\n1\n-1 0\n");
    assert!(error.contains("line 3"), "{error}");
}

#[test]
fn impossible_parameters() {
    let error = contest_error("life-winner-bo", "1\n5 3 3\n");
    assert!(error.contains("line 2") && error.contains("piece"), "{error}");
    let error = contest_error("life-winner-bo", "1\n1 1 1\n");
    assert!(error.contains("line 2"), "{error}");
    let error = contest_error("bomb-game", "51 2\n");
    assert!(error.contains("line 1"), "{error}");
    let error = contest_error("bomb-game", "2 2\n.#\n.x\n0 0\n");
    assert!(error.contains("line 3") && error.contains("'x'"), "{error}");
    // A board with no cells names its own line, not the next one (the
    // newline after its m was counted first), and the range says what 0 is.
    let error = contest_error("bomb-game", "1 1\n.\n0 5\n0 0\n");
    assert!(error.contains("line 3: a board of 0×5 has no cells"), "{error}");
    let error = contest_error("bomb-game", "1 51\n");
    assert!(error.contains("(0 only in the closing '0 0') must be between 0 and 50"), "{error}");
    let error = contest_error("mine", "1\n2 2 5\n");
    assert!(error.contains("mines"), "{error}");
}

#[test]
fn trailing_garbage() {
    let error = contest_error("john", "1\n1\n1\nextra\n");
    assert!(error.contains("line 4"), "{error}");
    // Bomb Game ends at its closing "0 0": what follows is no case.
    let error = contest_error("bomb-game", "2 2\n.#\n..\n0 0\nextra\n");
    assert!(error.contains("line 5: unexpected 'extra' after the last case"), "{error}");
    let error = contest_error("bomb-game", "2 2\n.#\n..\n0 0 0\n");
    assert!(error.contains("line 4: unexpected '0'"), "{error}");
}

#[test]
fn an_empty_input() {
    for problem in ["bomb-game", "john", "mine", "hyper-knights", "life-winner-bo"] {
        for input in ["", "\n\n\n"] {
            let error = contest_error(problem, input);
            assert!(error.contains("the input ends where"), "{problem}: {error}");
        }
    }
}

#[test]
fn a_missing_file() {
    let run = common::grundy(&["contest", "john", "/nonexistent/input.txt"], "");
    assert_ne!(run.status, 0);
    assert!(run.stderr.contains("cannot read"), "{}", run.stderr);
}

/// A device that never ends (`/dev/zero`) is refused at its first byte,
/// where reading it whole filled the memory; a directory is named.
#[test]
fn a_binary_stream_or_a_directory_is_refused_at_once() {
    let run = common::grundy(&["contest", "john", "/dev/zero"], "");
    assert_eq!(run.status, 1);
    assert_eq!(run.stderr.trim(), "grundy: line 1 of /dev/zero: a NUL byte: the input must be text");
    let run = common::grundy(&["contest", "mine", "/"], "");
    assert_eq!(run.status, 1);
    assert!(run.stderr.contains("cannot read /") && run.stderr.lines().count() == 1, "{}", run.stderr);
}
