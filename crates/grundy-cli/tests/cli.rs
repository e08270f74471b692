//! `grundy list`, `solve` and `table`, run as a user would.

mod common;
use common::grundy;

fn ok(args: &[&str]) -> String {
    let run = grundy(args, "");
    assert_eq!(run.status, 0, "grundy {args:?} failed: {}", run.stderr);
    run.stdout
}

fn fails(args: &[&str]) -> String {
    let run = grundy(args, "");
    assert_ne!(run.status, 0, "grundy {args:?} should fail");
    assert!(!run.stderr.contains("panicked"), "panic: {}", run.stderr);
    assert_eq!(run.stderr.trim().lines().count(), 1, "one error line: {}", run.stderr);
    run.stderr
}

#[test]
fn list_names_every_game_with_an_example() {
    let out = ok(&["list"]);
    for name in [
        "nim",
        "subtraction:S",
        "wythoff",
        "bomb",
        "mine",
        "hyper-knight",
        "leaper:STEPS",
        "rider:STEPS",
        "0.d1d2",
        "kayles",
        "all-but:S",
        "graph FILE",
    ] {
        assert!(out.contains(name), "{name} missing from {out}");
    }
    let json: serde_json::Value = serde_json::from_str(&ok(&["list", "--json"])).unwrap();
    assert!(json.as_array().unwrap().iter().all(|e| e["example"].as_str().unwrap().starts_with("grundy ")));
}

#[test]
fn every_listed_example_runs() {
    let json: serde_json::Value = serde_json::from_str(&ok(&["list", "--json"])).unwrap();
    for entry in json.as_array().unwrap() {
        let example = entry["example"].as_str().unwrap();
        let words: Vec<String> = example.split_whitespace().skip(1).map(|w| w.trim_matches('\'').to_string()).collect();
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        ok(&args);
    }
}

#[test]
fn solve_a_sum_in_json() {
    let json: serde_json::Value = serde_json::from_str(&ok(&["solve", "nim", "3", "4", "5", "--json"])).unwrap();
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["nim_value"], 2);
    let moves = json["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["component"], 0);
    assert_eq!(moves[0]["to"][0], "1");
}

#[test]
fn solve_lists_every_winning_move() {
    // Bomb (3,3) has value 1; both its value-0 options win.
    let json: serde_json::Value = serde_json::from_str(&ok(&["solve", "bomb", "3,3", "--json"])).unwrap();
    assert_eq!(json["nim_value"], 1);
    assert_eq!(json["winning_moves"].as_array().unwrap().len(), 2);
    // A P-position has none.
    let json: serde_json::Value = serde_json::from_str(&ok(&["solve", "wythoff", "3,5", "--json"])).unwrap();
    assert_eq!(json["outcome"], "P");
    assert!(json["winning_moves"].as_array().unwrap().is_empty());
    // Moves that leave the same position are one move: any vertex of a
    // triangle leaves nothing, in normal play and in misère play (a
    // triangle beside a lone vertex: empty either; three ways, one move).
    let count = |args: &[&str]| {
        let json: serde_json::Value = serde_json::from_str(&ok(args)).unwrap();
        json["winning_moves"].as_array().unwrap().len()
    };
    assert_eq!(count(&["solve", "node-kayles:complete:3", "all", "--json"]), 1);
    assert_eq!(count(&["solve", "--misere", "node-kayles:complete:3", "all", "--json"]), 0);
    assert_eq!(count(&["solve", "--misere", "node-kayles:complete:3", "all", "0,1", "--json"]), 2);
    assert_eq!(count(&["solve", "--misere", "nim", "2", "--json"]), 1);
}

#[test]
fn solve_a_race_with_draws() {
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "leaper:-1,-2/-2,-1", "--goal", "0,0", "4,5", "--json"])).unwrap();
    assert_eq!(json["outcome"], "N");
    assert_eq!(json["winning_moves"][0]["to"][0], "3,3");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "leaper:-1,-2/-2,-1", "--goal", "0,0", "4,4", "--json"])).unwrap();
    assert_eq!(json["outcome"], "D");
}

#[test]
fn solve_a_minefield() {
    let json: serde_json::Value = serde_json::from_str(&ok(&["solve", "mine", ".../.*./...", "--json"])).unwrap();
    assert_eq!(json["outcome"], "P");
    assert_eq!(json["components"].as_array().unwrap().len(), 8);
}

#[test]
fn tables_in_three_formats() {
    let text = ok(&["table", "wythoff", "--rows", "10..10", "--cols", "0..20"]);
    assert!(text.contains("10 11  9  8 13 12  0 15 16 17 14 18  7  6  2  3  1  4  5 23 28"), "{text}");
    let csv = ok(&["table", "subtraction:1,3,4", "--rows", "0..9", "--format", "csv"]);
    let values: Vec<&str> = csv.lines().skip(1).map(|l| l.split(',').nth(1).unwrap()).collect();
    assert_eq!(values, ["0", "1", "0", "1", "2", "3", "2", "0", "1", "0"]);
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "table", "king", "--goal", "0,0", "--rows", "0..2", "--cols", "0..2", "--format", "json",
    ]))
    .unwrap();
    assert_eq!(json["cells"][2][2], "P");
    assert_eq!(json["cells"][1][2], "N");
    let bounded = ok(&["table", "knight", "--board", "3x3", "--rows", "0..3", "--cols", "0..1", "--format", "csv"]);
    assert!(bounded.lines().last().unwrap().contains('-'), "off-board cells are marked: {bounded}");
}

#[test]
fn bad_input_is_one_clear_line() {
    assert!(fails(&["solve", "chess", "1"]).contains("unknown game 'chess'"));
    assert!(fails(&["solve", "nim", "x"]).contains("'x'"));
    assert!(fails(&["solve", "subtraction:1,0", "5"]).contains("cannot contain 0"));
    assert!(fails(&["solve", "subtraction", "5"]).contains("needs its set"));
    assert!(fails(&["solve", "node-kayles:path", "5"]).contains("node-kayles:path needs its size"));
    assert!(fails(&["solve", "node-kayles:no-such-graph.txt", "all"]).contains("cannot read no-such-graph.txt"));
    assert!(fails(&["solve", "leaper:1,0/-1,0", "--board", "5x5", "1,1"]).contains("play need not end"));
    assert!(fails(&["solve", "king", "--board", "5x5", "7,7"]).contains("not on the board"));
    assert!(fails(&["solve", "bomb", "0,3"]).contains("from 1"));
    // Three numbers are not a cell: named whole, not by their last two.
    assert!(fails(&["solve", "king", "3,4,5"]).contains("written as 'a,b', found '3,4,5'"));
    // A quotient of no elements cannot hold even the empty sum: refused before it starts.
    assert!(fails(&["quotient", "0.07", "--to", "10", "--max-elements", "0"]).contains("give at least 1"));
    assert!(fails(&["quotient", "kayles", "--to", "0"]).contains("--to 0 gives no heaps"));
    let huge = fails(&["quotient", "0.07", "--to", "10", "--max-elements", "18446744073709551615"]);
    assert!(huge.contains("is too large: at most 4294967295"), "{huge}");
    assert!(fails(&["solve", "mine", "..*/.."]).contains("row 2"));
    // A checkpoint that cannot be written is refused before the work, not after it.
    for command in [&["solve", "cram", "4x5", "--value-only"][..], &["sequence", "kayles", "--to", "10"]] {
        let missing = fails(&[command, &["--checkpoint", "/no-such-directory/x.ckpt"]].concat());
        assert!(missing.contains("--checkpoint /no-such-directory/x.ckpt: there is no directory"), "{missing}");
    }
    let directory = std::env::temp_dir();
    let directory = directory.to_str().unwrap();
    assert!(fails(&["quotient", "0.07", "--to", "5", "--checkpoint", directory]).contains("is a directory"));
    // A checkpoint without end is refused at its first line, where reading
    // that line whole aborted on memory after seconds.
    if std::path::Path::new("/dev/zero").exists() {
        let endless = fails(&["solve", "cram", "4x4", "--checkpoint", "/dev/zero"]);
        assert!(endless.contains("checkpoint /dev/zero: it is not a checkpoint") && endless.len() < 400, "{endless}");
    }
    // `graph:FILE` names the form, not a missing file called like the first position.
    assert!(fails(&["solve", "graph:examples/loopy-game.txt", "5"]).contains("takes its file as the next argument"));
    // An empty row is refused, not dropped (which made the rows around it neighbours).
    assert!(fails(&["solve", "mine", "..*//..."]).contains("row 2 of the field \"..*//...\" is empty"));
    assert!(fails(&["table", "king", "--rows", "0..100000000", "--cols", "0..100000000"]).contains("too large"));
    assert!(fails(&["table", "nim", "--rows", "0..5", "--cols", "0..5"]).contains("rows only"));
    assert!(fails(&["table", "mine", "--rows", "0..5"]).contains("no table"));
    assert!(fails(&["solve", "nim", "1", "--goal", "0,0"]).contains("not a board game"));
    // Positions too large to search: refused up front, not by running out of memory.
    // (Nim's winning moves come from its closed form at any size; Every-SG
    // and play list every move, which a heap of 10^12 has too many of.)
    assert!(fails(&["solve", "--every", "nim", "1000000000000"]).contains("too large"));
    assert!(fails(&["play", "nim", "1000000000000"]).contains("too large"));
    // A field lists its face-down cells in each of its moves: play of one
    // of 300 × 100 cells filled 24 GB and was killed (solve values it).
    let field = vec!["..*".repeat(100); 300].join("/");
    assert!(fails(&["play", "mine", &field]).contains("too large: listing the moves of this field for play"));
    // (A subtraction set's far heap has its value from the period; only
    // what searches it is refused, and a set past the codes' numbers.)
    assert!(fails(&["play", "--misere", "subtraction:1,2", "99999999999"]).contains("too large"));
    assert!(fails(&["solve", "subtraction:2000000", "99999999999"]).contains("too large"));
    // Past what the position's numbers can hold: too large too, not "expected a whole number".
    assert!(fails(&["solve", "nim", "99999999999999999999"]).contains("too large"));
    assert!(fails(&["solve", "king", "1,99999999999999999999"]).contains("too large"));
    // (A coin's place past the row says where the row ends.)
    assert!(fails(&["solve", "ruler", "100000000000"]).contains("places run from 1 to 4294967295"));
    // Pieces far out on the quarter plane, a bomb with billions of options:
    // these ran out of memory (in the search's first position) before the
    // search's limit was checked.
    for args in [
        &["solve", "hyper-knight", "99999999,99999999"][..],
        &["solve", "--misere", "rook", "20000,20000"],
        &["play", "queen", "99999999,99999999"],
        &["solve", "bomb", "99999,99999"],
        &["solve", "bomb", "1,4000000000"],
    ] {
        assert!(fails(args).contains("too large"), "{args:?}");
    }
    // Wythoff: one large position is answered from the P-positions, in
    // normal and misère play (below), but a sum still needs search.
    assert!(fails(&["solve", "wythoff", "5000,3", "1,2"]).contains("too large"));
    assert!(fails(&["solve", "--misere", "wythoff", "5000,3", "1,2"]).contains("too large"));
    // A Node Kayles position names each remaining vertex once; nothing is
    // read as `none` by accident.
    for (position, said) in [
        ("", "an empty position"),
        (",", "an empty vertex number"),
        ("1,,2", "an empty vertex number"),
        ("1,1,2", "vertex 1 is named twice"),
        ("1,99999999999999999999", "too large"),
    ] {
        assert!(fails(&["solve", "node-kayles:path:10", position]).contains(said), "{position:?}");
    }
    assert!(fails(&["solve", "chomp", "99999999999999999999x3"]).contains("too large"));
    assert!(fails(&["solve", "chomp", "4,99999999999999999999"]).contains("too large"));
    assert!(fails(&["solve", "chomp", ""]).contains("found nothing"));
    // 0..=u64::MAX holds 2^64 numbers, counted as such (not wrapped to 0,
    // which let a plot through to a later, vaguer error).
    let all = "0..18446744073709551615";
    assert!(fails(&["table", "wythoff", "--rows", all, "--cols", "0..3"]).contains("73786976294838206464 cells"));
    assert!(fails(&["pattern", "kayles", "--rows", all]).contains("18446744073709551616 cells"));
    assert!(fails(&["plot", "kayles", "--rows", all, "--output", "x.png"]).contains("18446744073709551616 heaps"));
}

/// A game of one coordinate says which forms of its P-positions it tried
/// in its own terms, not the table's `x` and `y`.
#[test]
fn pattern_of_a_heap_game_speaks_of_heaps() {
    let text = ok(&["pattern", "kayles", "--rows", "0..100"]);
    assert!(text.contains("P-positions form: none of n ≡ r (mod m)"), "{text}");
    assert!(!text.contains("x = y"), "{text}");
}

/// What the user typed is quoted in part when it is long: a 100 kB
/// argument, a token of a file, a mistyped flag, each made an error of
/// 100 kB (50 MB for a contest input of one long line).
#[test]
fn a_long_argument_is_quoted_in_part() {
    let long = "x".repeat(100_000);
    let cut = format!("{}… (99940 more characters)", "x".repeat(60));
    for args in [
        vec!["solve", "sprouts", long.as_str()],
        vec!["solve", "hackenbush", long.as_str()],
        vec!["solve", "cram", long.as_str()],
        vec!["solve", "chomp", long.as_str()],
        vec!["table", "wythoff", "--rows", long.as_str()],
        vec!["table", "wythoff", "--cols", "0..3", "--rows", "0..3", "--format", long.as_str()],
        vec!["solve", "node-kayles:path:3", long.as_str()],
        vec!["solve", long.as_str(), "1"],
        vec![long.as_str()],
    ] {
        let error = fails(&args);
        assert!(error.len() < 1_000 && error.contains(&cut), "{:?}: {}", &args[..2], &error[..error.len().min(300)]);
    }
    // Numbers too large to hold, written out in full, and text that reads
    // well but names a graph or a cell far too long.
    let digits = "9".repeat(100_000);
    let board = format!("{digits}x3");
    let all_but = format!("all-but:{digits}");
    let code = format!("0.{}8", "7".repeat(100_000));
    let cycle = format!("node-kayles:cycle:{}2", "0".repeat(100_000));
    let cell = format!("{}9,1", "0".repeat(100_000));
    for args in [
        vec!["solve", "rook", "--board", board.as_str(), "1,1"],
        vec!["solve", all_but.as_str(), "3"],
        vec!["solve", code.as_str(), "3"],
        vec!["solve", cycle.as_str(), "all"],
        vec!["solve", "rook", "--board", "5x5", cell.as_str()],
        vec!["sequence", "kayles", "--to", digits.as_str()],
    ] {
        let error = fails(&args);
        assert!(
            error.len() < 1_000 && error.contains(" more characters)"),
            "{:?}: {}",
            &args[..2],
            &error[..error.len().min(300)]
        );
    }
    let dir = std::env::temp_dir().join(format!("grundy-long-token-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("john.txt");
    for text in [long.clone(), digits.clone(), format!("1\n1\n1\n{long}")] {
        std::fs::write(&input, &text).unwrap();
        let error = fails(&["contest", "john", input.to_str().unwrap()]);
        assert!(error.len() < 1_000 && error.contains(" more characters)"), "{}", &error[..error.len().min(300)]);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Cram board size is quoted as typed (it was quoted with its `x`s made
/// commas, asking for 'a,b').
#[test]
fn a_cram_board_size_is_quoted_as_typed() {
    assert!(fails(&["solve", "cram", "3x4x5"]).contains("expected a Cram board size RxC, like 5x8, found '3x4x5'"));
    assert!(fails(&["solve", "cram", "xxxx"]).contains("found 'xxxx'"));
    assert!(fails(&["solve", "cram", "3xa"]).contains("expected the number of columns of a Cram board RxC, found 'a'"));
    // Sizes as the documentation prints them (5×8) read as typed with an x.
    for (game, with_times, with_x) in
        [("cram", "3×5", "3x5"), ("chomp", "3×4", "3x4"), ("node-kayles:grid:2×3", "all", "all")]
    {
        // (The game and the position are echoed as typed; the count of
        // positions expanded depends on the threads' timing.)
        let answer = |text: String| {
            text.replace('×', "x").lines().filter(|l| !l.starts_with("note:")).collect::<Vec<_>>().join("\n")
        };
        let read = answer(ok(&["solve", game, with_times]));
        assert_eq!(read, answer(ok(&["solve", &game.replace('×', "x"), with_x])), "{game}");
    }
    let read = ok(&["solve", "king", "--board", "5×5", "2,2"]).replace('×', "x");
    assert_eq!(read, ok(&["solve", "king", "--board", "5x5", "2,2"]));
}

#[test]
fn a_command_line_clap_cannot_parse_is_one_line_too() {
    // Clap's own errors (a bad flag value, a missing or unexpected argument)
    // take four or more lines; they are joined into one, the tip and usage kept.
    assert!(fails(&["solve", "--threads", "abc", "nim", "3"]).contains("'abc' for '--threads"));
    assert!(fails(&["solve", "cram", "3x4", "--memory", "0"]).contains("give at least 1M"));
    // A budget past the machine was accepted, though the message said "less than the machine has".
    assert!(fails(&["solve", "cram", "3x4", "--memory", "99999999G"]).contains("more than this machine's memory"));
    // A newline typed inside an argument is quoted back escaped, on one line.
    assert!(fails(&["sequence", "4.0\n7", "--to", "5"]).contains("4.0\\n7"));
    // Zero threads was quietly one; it is refused like the other zero limits.
    assert!(fails(&["solve", "cram", "3x4", "--threads", "0"]).contains("give at least one thread"));
    // Any number of threads is taken, but no more are started than can
    // work: this started helpers one by one, 20 µs each, past Ctrl-C.
    assert!(ok(&["solve", "cram", "3x4", "--threads", "18446744073709551615"]).contains("nim-value: 1"));
    let negative = fails(&["solve", "nim", "-1"]);
    assert!(negative.contains("'-1'") && negative.contains("tip: "), "{negative}");
    // A count that is no whole number says so, not "invalid digit found in string".
    assert!(fails(&["sequence", "nim", "--to", "1e30"]).contains("expected a whole number, found \"1e30\""));
    assert!(fails(&["quotient", "0.07", "--to", "99999999999999999999"]).contains("is too large: at most"));
    let missing = fails(&["sequence", "kayles"]);
    assert!(missing.contains("--to <TO>") && missing.contains("usage: grundy sequence"), "{missing}");
    assert!(fails(&["solve", "kayles", "5", "--misere", "--every"]).contains("cannot be used with"));
    assert!(fails(&["bogus"]).contains("unrecognized subcommand 'bogus'"));
    for error in [fails(&["solve", "nim", "-1"]), fails(&["table", "nim", "--rows", "5..0"])] {
        assert!(error.starts_with("grundy: ") && !error.contains("For more information"), "{error}");
    }
    // Help is not an error, and keeps its lines.
    assert!(ok(&["solve", "--help"]).lines().count() > 10);
}

#[test]
fn closed_forms_answer_where_search_cannot() {
    // Wythoff: (1000000, 1618034) is a P-position (⌊618034·φ⌋ = 1000000);
    // from (1000000, 1618035) every winning move lands on a P-position (the
    // library checks the moves against search on small heaps).
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "wythoff", "1000000,1618034", "--json"])).unwrap();
    assert_eq!((json["outcome"].as_str(), json["method"].as_str()), (Some("P"), Some("closed-form")));
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "wythoff", "1000000,1618035", "--json"])).unwrap();
    assert_eq!(json["outcome"], "N");
    assert!(json["nim_value"].is_null() && json["note"].as_str().unwrap().contains("P-positions"));
    let moves = json["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let (x, y) = m["to"][0].as_str().unwrap().split_once(',').unwrap();
        let p: serde_json::Value =
            serde_json::from_str(&ok(&["solve", "wythoff", &format!("{x},{y}"), "--json"])).unwrap();
        assert_eq!(p["outcome"], "P", "{x},{y}");
    }
    // Within search's reach, --outcome-only is answered by the P-positions
    // too, with the same winning moves as the nim-values give (heaps 999
    // and 1,000: their values come from the bitset table, not minutes of
    // listing options).
    let closed: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "wythoff", "999,1000", "--outcome-only", "--json"])).unwrap();
    let searched: serde_json::Value = serde_json::from_str(&ok(&["solve", "wythoff", "999,1000", "--json"])).unwrap();
    assert_eq!(closed["method"], "closed-form");
    assert_eq!((&closed["outcome"], &searched["outcome"]), (&searched["outcome"], &serde_json::json!("N")));
    let targets = |json: &serde_json::Value| {
        let mut to: Vec<String> = json["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["to"][0].as_str().unwrap().to_string())
            .collect();
        to.sort();
        to
    };
    assert_eq!(targets(&closed), targets(&searched));
    assert_eq!(targets(&searched), ["1,2", "618,1000"]);
    // The rook is two-heap Nim (Winning Ways ch. 2): x ⊕ y at any distance,
    // where its search listed up to x + y options a cell (3000,2000 took
    // minutes) and 100000,2 was refused for the cells it might reach. The
    // winning move empties the nim-sum: 1000000,7 to 100005,7 (100005 ⊕ 7 =
    // 100002, the other rook's value).
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "rook", "100000,2", "1000000,7", "--json"])).unwrap();
    assert_eq!(json["nim_value"], 100_002 ^ 1_000_007);
    assert_eq!(targets(&json), ["100005,7"]);
    let json: serde_json::Value = serde_json::from_str(&ok(&["solve", "rook", "3000,2000", "--json"])).unwrap();
    assert_eq!((json["nim_value"].as_u64(), targets(&json)), (Some(3000 ^ 2000), vec!["2000,2000".to_string()]));
    // Misère Wythoff past search's reach (512,826 searched for more than
    // five minutes): by the misère P-positions, which differ from normal
    // play's at (0,1), (1,0) and (2,2); within reach, --outcome-only says
    // what search of the genus says.
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "--misere", "wythoff", "512,826", "--json"])).unwrap();
    assert_eq!((json["outcome"].as_str(), json["method"].as_str()), (Some("N"), Some("closed-form")));
    assert_eq!(targets(&json), ["508,822"]);
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "--misere", "wythoff", "70,2", "--json"])).unwrap();
    assert_eq!(targets(&json), ["2,2"]);
    for (position, outcome) in [("2,2", "P"), ("1,2", "N"), ("0,1", "P"), ("10,6", "P"), ("10,7", "N")] {
        let closed: serde_json::Value =
            serde_json::from_str(&ok(&["solve", "--misere", "wythoff", position, "--outcome-only", "--json"])).unwrap();
        let searched: serde_json::Value =
            serde_json::from_str(&ok(&["solve", "--misere", "wythoff", position, "--json"])).unwrap();
        assert_eq!(closed["method"], "closed-form");
        assert_ne!(searched["method"], "closed-form");
        assert_eq!(
            (&closed["outcome"], &searched["outcome"]),
            (&serde_json::json!(outcome), &serde_json::json!(outcome))
        );
        assert_eq!(targets(&closed), targets(&searched), "{position}");
    }
    // The king far out, by its closed form (both even: 0): the one winning
    // step from 100000,100001 is to 100000,100000.
    let json: serde_json::Value = serde_json::from_str(&ok(&["solve", "king", "100000,100001", "--json"])).unwrap();
    assert_eq!((json["nim_value"].as_u64(), targets(&json)), (Some(1), vec!["100000,100000".to_string()]));
    // Nim of any size (Bouton 1902): the winning move takes the largest heap
    // to the nim-sum of the others, 2^64 − 1 to 10^12 ⊕ 123; in misère play
    // beside two heaps of 1, to 1, leaving an odd number of heaps of 1.
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "nim", "18446744073709551615", "123", "1000000000000", "--json"])).unwrap();
    assert_eq!(json["nim_value"], 18446744073709551615u64 ^ 123 ^ 1_000_000_000_000);
    assert_eq!(targets(&json), [(1_000_000_000_000u64 ^ 123).to_string()]);
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "--misere", "nim", "18446744073709551615", "1", "1", "--json"])).unwrap();
    assert_eq!((json["outcome"].as_str(), targets(&json)), (Some("N"), vec!["1".to_string()]));
    // The queen's race is Wythoff's game: (500, 800) is not a Wythoff pair.
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "queen", "--goal", "0,0", "500,800", "--json"])).unwrap();
    assert_eq!((json["outcome"].as_str(), json["method"].as_str()), (Some("N"), Some("closed-form")));
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "forward-knight", "--goal", "0,0", "999,999", "--json"])).unwrap();
    assert_eq!(json["outcome"], "P");
}

/// A finite octal code's heap of any size is valued from its proven
/// period, and its misère outcome decided by a theorem where one covers it
/// (Kayles: Sibert and Conway 1992); what would list its options is refused.
#[test]
fn heaps_past_the_search_are_answered_by_theorems() {
    let values = |game: &str, heaps: &[u64], play: &str| -> (serde_json::Value, Vec<u64>) {
        let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec!["solve", game, "--value-only", "--json"];
        if !play.is_empty() {
            args.push(play);
        }
        args.extend(texts.iter().map(String::as_str));
        let json: serde_json::Value = serde_json::from_str(&ok(&args)).unwrap();
        let values = json["components"].as_array().unwrap().iter().map(|c| c["nim_value"].as_u64().unwrap_or(0));
        (json.clone(), values.collect())
    };
    // Each far heap against a searchable heap a whole number of periods back
    // (Kayles: period 12 from heap 71; Dawson's Kayles 0.137: 34 from heap 52).
    for (game, period, far) in [("kayles", 12, 1_000_000_000_000u64), ("0.137", 34, 123_456_789)] {
        let far: Vec<u64> = (far..far + period).collect();
        let near: Vec<u64> = far.iter().map(|h| 60_000 - 60_000 % period + h % period).collect();
        assert_eq!(values(game, &far, "").1, values(game, &near, "").1, "{game}");
    }
    // Misère Kayles: sums with an ordinary heap go as in normal play.
    let (far, _) = values("kayles", &[1_000_000_000_000, 1_000_000_000_004], "--misere");
    assert_eq!((far["outcome"].as_str(), far["method"].as_str()), (Some("P"), Some("closed-form")));
    let (far, _) = values("kayles", &[1_000_000_000_000, 1_000_000_000_001], "--misere");
    assert_eq!(far["outcome"], "N");
    for args in [
        &["solve", "kayles", "1000000000000"][..],
        &["solve", "--misere", "kayles", "1000000000000", "5"],
        &["solve", "--misere", "0.07", "1000000"],
        &["solve", "--every", "0.33", "1000000", "--value-only"],
        &["play", "kayles", "1000000000000"],
        &["solve", "grundys-game", "200000", "--value-only"],
    ] {
        assert!(fails(args).contains("heaps are limited to 100000"), "{args:?}");
    }
}

/// The queen on the quarter plane (and a rider with its slides) is
/// Wythoff's game, answered by Wythoff's methods: every report equals
/// `wythoff`'s but for the name (`solve queen 1000,1000` searched millions
/// of slides for minutes). Far out, Wythoff's P-positions decide: k = 10^6
/// gives (⌊kφ⌋, ⌊kφ⌋ + k) = (1618033, 2618033) (Wythoff 1907). With a
/// board it is still searched on that board.
#[test]
fn the_queen_is_wythoffs_game() {
    let report = |args: &[&str]| -> serde_json::Value {
        let mut json: serde_json::Value = serde_json::from_str(&ok(args)).unwrap();
        json.as_object_mut().unwrap().remove("game");
        json
    };
    for (play, positions) in [
        (None, &["1000,1000"][..]),
        (None, &["3,5", "2,2", "7,0"]),
        (None, &["1618033,2618033"]),
        (None, &["99999999,99999998"]),
        (Some("--misere"), &["100,100"]),
        (Some("--misere"), &["5,7", "2,2"]),
        (Some("--every"), &["30,30", "4,9"]),
    ] {
        let args = |game: &'static str| {
            let mut args = vec!["solve", game, "--json"];
            args.extend(play);
            args.extend(positions);
            args
        };
        let queen = report(&args("queen"));
        assert_eq!(queen, report(&args("wythoff")), "{play:?} {positions:?}");
        assert_eq!(queen, report(&args("rider:-1,-1/0,-1/-1,0")), "{play:?} {positions:?}");
        if positions == ["1618033,2618033"] {
            assert_eq!((queen["outcome"].as_str(), queen["method"].as_str()), (Some("P"), Some("closed-form")));
        }
    }
    let canonical = ["solve", "--misere", "--method", "canonical", "queen", "3,3", "--json"];
    assert_eq!(report(&canonical)["method"], "canonical");
    let bounded = report(&["solve", "queen", "--board", "8x8", "7,7", "--json"]);
    assert_eq!((bounded["nim_value"].as_u64(), bounded["method"].as_str()), (Some(5), None));
}

/// The rook's table is Nim's, x ⊕ y (Bouton 1902), cell by cell at any
/// distance (a table of 100,001 rows was a search of every cell between);
/// `rider:-1,0` slides along x only, so its value is x; off an 8 × 8
/// board the cells are empty. The values also against a mex of the moves.
#[test]
fn the_rooks_table_is_nims() {
    let table = |args: &[&str]| -> serde_json::Value { serde_json::from_str(&ok(args)).unwrap() };
    let rook = table(&["table", "rook", "--rows", "0..20", "--cols", "0..20", "--json"]);
    let mut mex = vec![vec![0u64; 21]; 21];
    for x in 0..21 {
        for y in 0..21 {
            let options: Vec<u64> = (0..x).map(|a| mex[a][y]).chain((0..y).map(|b| mex[x][b])).collect();
            mex[x][y] = (0..).find(|v| !options.contains(v)).unwrap();
            assert_eq!(mex[x][y], (x ^ y) as u64);
            assert_eq!(rook["cells"][x][y], mex[x][y], "{x},{y}");
        }
    }
    let far = table(&["table", "rook", "--rows", "99990..100000", "--cols", "5..7", "--json"]);
    assert_eq!(far["cells"][10][2], 100000 ^ 7);
    let along_x = table(&["table", "rider:-1,0", "--rows", "0..9", "--cols", "0..3", "--json"]);
    assert_eq!(along_x["cells"][9][3], 9);
    let board = table(&["table", "rook", "--board", "8x8", "--rows", "6..9", "--cols", "0..1", "--json"]);
    assert_eq!((&board["cells"][1][1], &board["cells"][2][1]), (&serde_json::json!(6), &serde_json::Value::Null));
}

/// `grundy … | head` closes the pipe after a line: grundy must stop quietly,
/// not panic in `println!` (it did, before SIGPIPE got its default action).
#[test]
fn a_closed_pipe_ends_the_program_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["table", "subtraction:1,2,5", "--rows", "0..2000000", "--format", "csv"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(!first.is_empty());
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
}

/// Starts `grundy ARGS` saving its checkpoint `path` every 0.2 s, waits
/// for the program's own progress (a saved table of more than 1000 bytes),
/// then sends SIGINT; returns its exit code and standard error.
fn interrupt_after_first_save(args: &[&str], path: &std::path::Path) -> (Option<i32>, String) {
    use std::process::{Command, Stdio};
    std::fs::remove_file(path).ok();
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .arg(path)
        .env("GRUNDY_CHECKPOINT_EVERY", "0.2")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while std::fs::metadata(path).map_or(0, |m| m.len()) < 1000 {
        assert!(start.elapsed().as_secs() < 120, "no checkpoint written within two minutes");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let output = child.wait_with_output().unwrap();
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn an_interrupted_search_saves_its_table_and_exits_130() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-interrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cram.ckpt");
    // Cram 5x9 searches for minutes even in a release build, so the signal
    // comes long before the end.
    let (code, stderr) = interrupt_after_first_save(&["solve", "cram", "5x9", "--value-only", "--checkpoint"], &path);
    assert_eq!(code, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted; the search table is saved to"), "{stderr}");
    let saved = std::fs::read(&path).unwrap();
    assert!(saved.starts_with(b"grundy-pruned-checkpoint ") && saved.len() > 1000, "{} bytes", saved.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The note of a `solve --json` report with a checkpoint: whether it
/// resumed, and how many positions the search expanded.
fn resumed_and_expanded(report: &serde_json::Value) -> (bool, u64) {
    let note = report["note"].as_str().unwrap_or_else(|| panic!("no note: {report}"));
    let expanded = note
        .split("; ")
        .find_map(|part| part.strip_suffix(" positions expanded"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count of positions in the note: {note}"));
    (note.contains("resumed from"), expanded)
}

/// A Cram search stopped half way resumes from its checkpoint through the
/// command line: it says so, expands fewer positions than a fresh search,
/// and gives the fresh search's answer; a finished table answers at once.
#[test]
fn a_cram_search_resumes_from_its_checkpoint() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (stopped, fresh_file) = (dir.join("stopped.ckpt"), dir.join("fresh.ckpt"));
    let args = ["solve", "cram", "5x8", "--value-only", "--threads", "1", "--json", "--checkpoint"];
    let with = |path: &std::path::Path| {
        let mut all: Vec<&str> = args.to_vec();
        all.push(path.to_str().unwrap());
        serde_json::from_str::<serde_json::Value>(&ok(&all)).unwrap()
    };
    let fresh = with(&fresh_file);
    let (resumed, fresh_expanded) = resumed_and_expanded(&fresh);
    assert!(!resumed && fresh_expanded > 10_000, "{fresh}");
    let (code, stderr) = interrupt_after_first_save(&args, &stopped);
    assert_eq!(code, Some(130), "{stderr}");
    let continued = with(&stopped);
    let (resumed, expanded) = resumed_and_expanded(&continued);
    assert!(resumed && expanded < fresh_expanded, "{continued}\nfresh: {fresh}");
    assert_eq!((&continued["outcome"], &continued["nim_value"]), (&fresh["outcome"], &fresh["nim_value"]));
    // The fresh run's finished table holds the answer: nothing to expand.
    let again = with(&fresh_file);
    assert_eq!(resumed_and_expanded(&again), (true, 0), "{again}");
    assert_eq!(again["nim_value"], fresh["nim_value"]);
    // Another board's checkpoint is refused, and left as it was (it was
    // resumed quietly: its entries are right for any board, but a file
    // named for one run and used by another is a mistake to hear about).
    let before = std::fs::read(&fresh_file).unwrap();
    let other = fails(&["solve", "cram", "4x10", "--value-only", "--checkpoint", fresh_file.to_str().unwrap()]);
    assert!(other.contains("not a checkpoint of this game and position"), "{other}");
    assert_eq!(other.lines().count(), 1, "{other}");
    assert_eq!(std::fs::read(&fresh_file).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Chomp's small bars are valued by a table of every diagram they hold,
/// not searched: the note said "0 positions expanded" after the work.
#[test]
fn a_chomp_bar_valued_by_its_table_says_so() {
    let json: serde_json::Value = serde_json::from_str(&ok(&["solve", "chomp", "6x7", "--json"])).unwrap();
    assert_eq!(json["note"], "valued by a table of every position it reaches, not searched", "{json}");
    // A searched game still counts its positions.
    let cram: serde_json::Value = serde_json::from_str(&ok(&["solve", "cram", "3x5", "--json"])).unwrap();
    assert!(cram["note"].as_str().unwrap().ends_with(" positions expanded"), "{cram}");
    assert!(!cram["note"].as_str().unwrap().starts_with("0 "), "{cram}");
}

/// Messages found wanting by a review: each names the thing that is wrong.
#[test]
fn errors_name_the_row_and_the_game_as_written() {
    // Row 3 is the empty one (the message spoke of the first row).
    assert!(fails(&["solve", "chomp", "4,3,0,2"]).contains("Chomp row 3 is empty"));
    // The game's parameter was dropped: "'turning' is not a heap game".
    assert!(fails(&["sequence", "turning:2", "--to", "5"]).contains("'turning:2' is not a heap game"));
    // A number too large is called that, not "not a number".
    let board = fails(&["solve", "king", "3,3", "--board", "18446744073709551615x3"]);
    assert!(board.contains("18446744073709551615 rows is too many"), "{board}");
    assert!(fails(&["sequence", "kayles", "--to", "18446744073709551615"]).contains("past the largest heap"));
    // An N-position of Every-SG with an empty list of moves says why, in JSON too.
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "--every", "nim", "3", "0", "2", "--json"])).unwrap();
    assert_eq!(json["outcome"], "N");
    assert!(json["note"].as_str().unwrap().contains("not listed for Every-SG"), "{json}");
}

/// Under an address-space limit (`ulimit -v`, as a batch system or a
/// careful user sets) the memory guard counts what the kernel counts: the
/// running counts of Nim to 3 × 10^8 heaps (2.4 GB) are refused in one
/// line before they are made, where the allocator used to abort.
#[cfg(target_os = "linux")]
#[test]
fn an_address_space_limit_is_a_one_line_refusal() {
    let run = std::process::Command::new("sh")
        .args(["-c", &format!("ulimit -v 2000000 && '{}' sequence nim --to 300000000", env!("CARGO_BIN_EXE_grundy"))])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("too large") && !stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
}

/// The misère canonical forms recurse a heap at a time and overflowed the
/// stack at heap 30,000 (an abort, and a server killed by one request);
/// past `MAX_FORM_DEPTH` the analysis searches instead. Checked against the
/// misère outcome of one heap computed here: a heap is lost for the player
/// to move iff it has options and each leaves a heap won for the next
/// (no option: the player to move has won).
#[test]
fn a_misere_heap_deeper_than_the_forms_recurse_is_searched() {
    let heap = 30_000;
    let mut wins = vec![true; heap + 1];
    for n in 1..=heap {
        let options: Vec<usize> = [1, 3, 4].iter().filter(|&&s| s <= n).map(|&s| n - s).collect();
        wins[n] = options.is_empty() || options.iter().any(|&o| !wins[o]);
    }
    // (The leaper moves as subtraction:1,3,4 does on one heap; that game is
    // now decided by the tame rule, the leaper by search.)
    let cell = format!("{heap},0");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "--misere", "leaper:-1,0/-3,0/-4,0", &cell, "--json"])).unwrap();
    assert_eq!(json["outcome"], if wins[heap] { "N" } else { "P" });
    assert_eq!(json["method"], "search");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "--misere", "subtraction:1,3,4", &heap.to_string(), "--json"])).unwrap();
    assert_eq!(json["outcome"], if wins[heap] { "N" } else { "P" });
}

/// `> /dev/full`: every command that prints its answer says in one line
/// that it could not, where `println!` panicked with a backtrace.
#[test]
fn a_failed_write_to_standard_output_is_one_line() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not Linux
    };
    for args in [
        &["solve", "nim", "3", "4", "5"][..],
        &["solve", "--json", "nim", "3", "4", "5"],
        &["list"],
        &["table", "kayles", "--rows", "0..1000"],
        &["pattern", "wythoff", "--rows", "0..20", "--cols", "0..20"],
        &["sequence", "kayles", "--to", "100"],
        &["quotient", "kayles", "--to", "10"],
    ] {
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{args:?}: {stderr}");
        // (`sequence` says how long it took on the line before.)
        let last = stderr.trim().lines().last().unwrap_or("");
        assert!(!stderr.contains("panicked") && last.contains("No space left on device"), "{args:?}: {stderr}");
        assert!(last.contains("grundy: cannot write"), "{args:?}: says what it was writing: {stderr}");
    }
}
