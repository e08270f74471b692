//! Winning Ways' families through the binary: Green Hackenbush and
//! coin-turning games (solve, table, pattern, plot, play, errors).

mod common;

use common::grundy;

fn ok(args: &[&str]) -> String {
    let run = grundy(args, "");
    assert_eq!(run.status, 0, "grundy {args:?}: {}", run.stderr);
    run.stdout
}

/// A clean failure: non-zero exit, one line on standard error naming the
/// problem, nothing on standard output, no panic.
fn fails(args: &[&str], says: &str) {
    let run = grundy(args, "");
    assert_ne!(run.status, 0, "grundy {args:?} should fail");
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "partial output: {}", run.stdout);
    assert_eq!(run.stderr.trim_end().lines().count(), 1, "one line: {}", run.stderr);
    assert!(run.stderr.contains(says), "grundy {args:?}: expected '{says}' in {}", run.stderr);
}

#[test]
fn hackenbush_values_and_winning_cuts() {
    // A triangle on the ground (fused: three loops, *1) with a stalk of two
    // on one corner (*2 once fused): 1 ⊕ 2 = 3.
    let out = ok(&["solve", "hackenbush", "0-1,1-2,2-0,1-3,3-4"]);
    assert!(out.contains("nim-value: 3\n"), "{out}");
    assert!(out.contains("winning moves (1):\n  in [0]: 0-1,0-2,1-2,1-3,3-4 -> 0-1,0-2,1-2,1-3"), "{out}");
    // Branches at the ground are components; families by name.
    let out = ok(&["solve", "hackenbush", "path:3", "star:4", "cycle:5"]);
    assert!(out.contains("outcome:   P"), "{out}");
    assert!(out.contains("[1] 0-1,1-2,1-3,1-4  nim-value 2"), "{out}");
    let json = ok(&["solve", "--json", "hackenbush", "0-0,0-1,1-1"]);
    assert!(json.contains("\"nim_value\": 3"), "{json}");
}

#[test]
fn hackenbush_from_a_file_and_its_errors() {
    let dir = std::env::temp_dir().join(format!("grundy-families-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("girl.txt");
    std::fs::write(&good, "# a loop on a stalk\n0-1\n1-1  # the loop\n\n").unwrap();
    let out = ok(&["solve", "hackenbush", good.to_str().unwrap()]);
    assert!(out.contains("nim-value: 2\n"), "{out}");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "0-1\n1-2\n1 2\n").unwrap();
    fails(&["solve", "hackenbush", bad.to_str().unwrap()], "line 3: expected an edge written a-b");
    fails(&["solve", "hackenbush", "0-1,1-x"], "expected a vertex number, found 'x'");
    fails(&["solve", "hackenbush", "tree:4"], "path, star or cycle");
    fails(&["solve", "hackenbush", "no-such-graph.txt"], "cannot read no-such-graph.txt");
    fails(&["table", "hackenbush", "--rows", "0..5"], "needs a family");
    fails(&["table", "hackenbush:loop", "--rows", "0..5"], "path, star or cycle");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn family_tables() {
    let out = ok(&["table", "hackenbush:path", "--rows", "0..12", "--format", "csv"]);
    let values: Vec<String> = out.lines().skip(1).map(|l| l.rsplit(',').next().unwrap().to_string()).collect();
    assert_eq!(values, (0..=12).map(|n| n.to_string()).collect::<Vec<_>>(), "{out}");
    let out = ok(&["table", "hackenbush:cycle", "--rows", "0..5"]);
    assert!(out.ends_with("0  0\n1  1\n2  0\n3  1\n4  0\n5  1\n"), "{out}");
    // Mock Turtles: the odious numbers (OEIS A000069) from place 1.
    let out = ok(&["table", "mock-turtles", "--rows", "1..8", "--format", "csv"]);
    let values: Vec<&str> = out.lines().skip(1).map(|l| l.rsplit(',').next().unwrap()).collect();
    assert_eq!(values, ["1", "2", "4", "7", "8", "11", "13", "14"], "{out}");
    // Ruler: OEIS A006519.
    let out = ok(&["table", "ruler", "--rows", "1..8", "--format", "csv"]);
    let values: Vec<&str> = out.lines().skip(1).map(|l| l.rsplit(',').next().unwrap()).collect();
    assert_eq!(values, ["1", "2", "1", "4", "1", "2", "1", "8"], "{out}");
    // A range past the family's end is refused before any cell is valued,
    // naming the range's end (the table used to value 2,049 graphs first,
    // then name the first size past the end).
    fails(&["table", "hackenbush:path", "--rows", "0..100000"], "size 100000 is beyond the last one, 2048");
    fails(
        &["table", "product:twins,turning:3", "--rows", "0..3", "--cols", "0..5000"],
        "place y 5000 is beyond the last one",
    );
}

#[test]
fn coin_turning_rows() {
    let out = ok(&["solve", "mock-turtles", "1,4,7"]);
    assert!(out.contains("nim-value: 11\n"), "{out}");
    assert!(out.contains("1,4,7 -> 1,2,3,4  (option's nim-value 0)"), "{out}");
    // The same row written as coins; a row is the sum of its heads.
    assert!(ok(&["solve", "mock-turtles", "HTTHTTH"]).contains("nim-value: 11\n"));
    assert!(ok(&["solve", "mock-turtles", "1", "4", "7"]).contains("nim-value: 11\n"));
    assert!(ok(&["solve", "turning-turtles", "3,5"]).contains("nim-value: 6\n"));
    assert!(ok(&["solve", "twins", "THHT"]).contains("nim-value: 3\n"));
    assert!(ok(&["solve", "turning:1,2,3", "1,4,7"]).contains("nim-value: 11\n"));
    fails(&["solve", "mock-turtles", "0"], "places run from 1 to 4294967295");
    fails(&["solve", "turning:1,3", "1001"], "places run from 1 to 1000");
    fails(&["solve", "mock-turtles", "2,2"], "listed twice");
    fails(&["solve", "turning:0,2", "1"], "from 1 to 5 coins");
    fails(&["solve", "turning", "1"], "needs how many coins a move may turn");
    fails(&["table", "turning:2,3", "--rows", "0..2000"], "beyond the last one, 1000");
}

/// The book's games have closed forms (Winning Ways ch. 14), so a head is
/// valued at any place a `u32` holds; a product's by the Tartan theorem.
/// Checked against independent figures: the ruler value is the largest
/// power of two dividing the place (3·2³⁰ → 2³⁰), a Mock Turtles value is
/// odious and halves to the place less one, and Turning Corners' far heads
/// nim-multiply (2³¹ ⊗ 2³¹ = 3·2³⁰ in the field of 2⁶⁴ elements: the
/// nim-square of a Fermat 2-power 2^(2^k) is 3·2^(2^k)/2, and 2³¹ = 2¹⁶ ⊗ 2¹⁵).
#[test]
fn heads_far_out_are_valued_by_the_published_forms() {
    let out = ok(&["solve", "ruler", "3221225472", "--value-only"]);
    assert!(out.contains("nim-value: 1073741824\n"), "{out}");
    let out = ok(&["solve", "turning-turtles", "1000000000", "999999999", "--value-only"]);
    assert!(out.contains("nim-value: 1023\n"), "{out}");
    let out = ok(&["solve", "mock-turtles", "4000000000", "--value-only"]);
    let value: u64 = out.split("nim-value: ").nth(1).and_then(|v| v.trim_end().parse().ok()).expect(&out);
    assert!(value / 2 == 3_999_999_999 && value.count_ones() % 2 == 1, "{out}");
    let corner = grundy::nim::nim_product(1 << 31, 1 << 31);
    let out = ok(&["solve", "turning-corners", "2147483648,2147483648", "--value-only"]);
    assert!(out.contains(&format!("nim-value: {corner}\n")), "{out}");
    // Turning Turtles and Twins are Nim: a winning move turns a far head
    // and the coin whose value (its place) is the head's value ⊕ the row's,
    // found without listing the head's 10⁹ moves. Twins turns exactly two
    // coins, so a lone head goes with the coin at place 0 (value 0).
    let out = ok(&["solve", "twins", "1000000000"]);
    assert!(out.contains("winning moves (1):\n  in [0]: 1000000000 -> 0  (option's nim-value 0)"), "{out}");
    let out = ok(&["solve", "turning-turtles", "5,3000000000,4000000000", "6"]);
    // 5 ⊕ 3·10⁹ ⊕ 4·10⁹ ⊕ 6 ≠ 0; each head h with h ⊕ x < h is a winning move.
    let x = 5u64 ^ 3_000_000_000 ^ 4_000_000_000 ^ 6;
    let winning = [5u64, 3_000_000_000, 4_000_000_000, 6].iter().filter(|&&h| h ^ x < h).count();
    assert!(
        out.contains(&format!("nim-value: {x}\n")) && out.contains(&format!("winning moves ({winning}):")),
        "{out}"
    );
    // Others' moves are not listed: a head at 10⁹ has 10¹⁸ of them in
    // Mock Turtles, and `play` lists every move.
    fails(&["solve", "mock-turtles", "1000000000"], "--value-only values it alone");
    fails(&["play", "twins", "1000000000"], "needs 1000000000 moves");
    fails(&["solve", "ruler", "4294967296"], "places run from 1 to 4294967295");
    let table = ok(&["table", "ruler", "--rows", "4294967292..4294967295"]);
    let values: Vec<&str> = table.lines().skip(1).filter_map(|line| line.split_whitespace().nth(1)).collect();
    assert_eq!(values, ["4", "1", "2", "1"], "{table}");
}

/// `--value-only` and `--outcome-only` skip the winning moves for every
/// game, not only the searched ones: a row of 1,000 heads in Mock Turtles
/// has 166,667,500 moves to list (the sum over places p of 1 + (p − 1) +
/// C(p − 1, 2)) but its value is a nim-sum of odious numbers: the odious
/// numbers 1, 2, 4, 7, … (OEIS A000069) nim-added over places 1..=1000.
#[test]
fn value_only_answers_without_listing_the_moves() {
    let row = "H".repeat(1000);
    let odious: Vec<u64> = (0u64..).filter(|n| n.count_ones() % 2 == 1).take(1000).collect();
    let expected = odious.iter().fold(0, |x, v| x ^ v);
    let out = ok(&["solve", "mock-turtles", &row, "--value-only"]);
    assert!(out.contains(&format!("nim-value: {expected}\n")), "{out}");
    assert!(out.contains("value only: winning moves were not searched"), "{out}");
    assert!(ok(&["solve", "mock-turtles", &row, "--outcome-only"]).contains("outcome only"));
    fails(&["solve", "mock-turtles", &row], "needs 166667500 moves, more than the limit of 2000000");
    fails(&["solve", "--misere", "mock-turtles", &row], "needs 166667500 moves");
    // A product's head far out: the Tartan theorem values it, the nim-square
    // of Mock Turtles' value at place 1000 (the 1000th odious number).
    fails(&["solve", "product:mock-turtles,mock-turtles", "1000,1000"], "--value-only values it alone");
    let out = ok(&["solve", "product:mock-turtles,mock-turtles", "1000,1000", "--value-only"]);
    let product = grundy::nim::nim_product(odious[999], odious[999]);
    assert!(out.contains(&format!("nim-value: {product}\n")), "{out}");
    // Few moves, each turning many coins: Ruler × Ruler at (1000, 1000) has
    // 10⁶ moves (within the limit) that turn (1000·1001/2)² coins; listing
    // them filled the memory (24 GB, killed). Its value is 8 ⊗ 8 = 13 (the
    // ruler value of 1000 is the largest power of two dividing it).
    fails(&["solve", "product:ruler,ruler", "1000,1000"], "needs 250501250000 coins in its options");
    fails(&["play", "product:ruler,ruler", "1000,1000"], "coins in its options");
    assert!(ok(&["solve", "product:ruler,ruler", "1000,1000", "--value-only"]).contains("nim-value: 13\n"));
    // A game solved by its theorem lists no moves when told not to.
    let out = ok(&["solve", "hackenbush", "0-1,1-2,1-3,2-3,0-4", "--value-only"]);
    assert!(out.contains("nim-value: 3\n") && !out.contains(" -> "), "{out}");
    let out = ok(&["solve", "--misere", "nim", "3", "4", "5", "--value-only"]);
    assert!(out.contains("outcome:   N") && !out.contains("winning moves ("), "{out}");
}

#[test]
fn products_by_the_tartan_theorem() {
    let out = ok(&["solve", "turning-corners", "2,3;4,4"]);
    assert!(out.contains("nim-value: 7\n"), "{out}"); // 2 ⊗ 3 ⊕ 4 ⊗ 4 = 1 ⊕ 6
    let out = ok(&["solve", "product:ruler,mock-turtles", "4,3"]);
    assert!(out.contains("nim-value: 6\n"), "{out}"); // 4 ⊗ 4 = 6
                                                      // turning:1,3 (turn one or three coins) is *1 at every place: 1 ⊗ 2 = 2.
    assert!(ok(&["solve", "product:turning:1,3,twins", "2,2"]).contains("nim-value: 2\n"));
    let out = ok(&["table", "turning-corners", "--rows", "8..8", "--cols", "1..16"]);
    assert!(out.ends_with("8    8  12   4  11   3   7  15  13   5   1   9   6  14  10   2 128\n"), "{out}");
    let out = ok(&["pattern", "turning-corners", "--rows", "0..15", "--cols", "0..15"]);
    assert!(out.contains("every value is the nim-product x ⊗ y"), "{out}");
    // Another product: its two factors, read from the table (Twins' coin 0 is worth 0).
    let out = ok(&["pattern", "product:ruler,twins", "--rows", "1..8", "--cols", "0..5", "--json"]);
    let compact: String = out.split_whitespace().collect();
    let form = r#""value_forms":[{"row-times-column":{"rows":[1,2,1,4,1,2,1,8],"columns":[0,1,2,3,4,5]}}]"#;
    assert!(compact.contains(form), "{out}");
    let out = ok(&["pattern", "rook", "--rows", "0..15", "--cols", "0..15", "--json"]);
    assert!(out.contains("\"value_forms\": []"), "{out}");
    fails(&["solve", "product:ruler", "1,1"], "two coin-turning games");
    fails(&["solve", "turning-corners", "1;2"], "a head x,y");
    let dir = std::env::temp_dir().join(format!("grundy-corners-{}.png", std::process::id()));
    ok(&["plot", "turning-corners", "--rows", "0..63", "--cols", "0..63", "--output", dir.to_str().unwrap()]);
    assert!(std::fs::read(&dir).unwrap().starts_with(b"\x89PNG"));
    std::fs::remove_file(&dir).unwrap();
}

#[test]
fn play_through_standard_input() {
    let run = grundy(&["play", "hackenbush", "0-1,1-2,2-0"], "#1\nquit\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("you play 0-1,0-2,1-2 -> 0-2,1-2\n"), "{}", run.stdout);
    assert!(run.stdout.trim_end().ends_with("You cannot move. The engine wins."), "{}", run.stdout);
    // The engine, first from a won row of Mock Turtles, wins it.
    let run = grundy(&["play", "mock-turtles", "1,4,7", "--engine-first"], &"#1\n".repeat(20));
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.trim_end().ends_with("You cannot move. The engine wins."), "{}", run.stdout);
    // A path of a thousand edges: too slow to explore whole (each of its
    // half a million moves is a graph), so the engine judges by values,
    // and its one winning cut, at the ground, ends the game.
    let run = grundy(&["play", "hackenbush", "path:1000", "--engine-first"], "quit\n");
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains(" -> none\n"), "{}", run.stdout);
    assert!(run.stdout.trim_end().ends_with("You cannot move. The engine wins."), "{}", run.stdout);
    let run = grundy(&["play", "turning-corners", "1,1;2,3"], "1,1;2,3 -> 9,9\nquit\n");
    assert!(run.stdout.contains("not a legal move here"), "{}", run.stdout);
}

/// Misère forms key Hackenbush trees by their shape, not their numbers. A
/// stalk with `k` leaves on top is a misère P-position exactly when `k` is
/// even: its options are the stalk with `k − 1` leaves and, cutting the
/// stalk, the bare ground, which the player to move wins. So with 39
/// leaves, numbered out of order, each of the 39 leaf cuts wins. Keyed by
/// numbers, the forms met every subset of the leaves (2³⁹; `star:20` took
/// 7–15 s); the guard turns such a hang into a failure.
#[test]
fn misere_hackenbush_trees_are_valued_by_shape() {
    let leaves: Vec<String> = (0..39).map(|i| format!("500-{}", 1000 - 7 * i)).collect();
    let graph = format!("0-500,{}", leaves.join(","));
    let run = common::grundy_within(60, &["solve", "--misere", "hackenbush", &graph]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(run.stdout.contains("outcome:   N") && run.stdout.contains("winning moves (39):"), "{}", run.stdout);
    let run = common::grundy_within(60, &["solve", "--misere", "hackenbush", "star:40", "--value-only"]);
    assert!(run.stdout.contains("outcome:   N"), "{}", run.stdout);
    let run = common::grundy_within(60, &["solve", "--misere", "hackenbush", "star:41", "--value-only"]);
    assert!(run.stdout.contains("outcome:   P"), "{}", run.stdout);
}
