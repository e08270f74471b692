//! Every parser of the library on random text: no panic, no hang, and
//! either a value or a one-line error that says what was wrong.
//!
//! Property tests with a few hundred cases each, so they run in CI in
//! seconds. Inputs are built from the characters the syntax uses (digits,
//! `, : / + . * -`, names from the registry) plus arbitrary text, so both
//! near-misses and garbage are tried.

use grundy::catalogue::{Board, BombGame, GraphGame, Minefield, Nim, Piece, Subtraction, Wythoff};
use grundy::game::{check_round_trips, parse_number, parse_pair, Notation};
use grundy::registry::{game, game_with_file, RuleOptions, ENTRIES};
use grundy::solve::heap::HeapGame;
use grundy::Error;
use proptest::prelude::*;

/// Games whose positions the syntax above can write: heaps, pairs, cells,
/// vertex lists, boards given by their size, coins.
const STARTS: &[&str] = &[
    "nim",
    "0.137",
    "grundys-game",
    "wythoff",
    "bomb",
    "node-kayles:path:20",
    "cram",
    "chomp",
    "mock-turtles",
    "twins",
];

/// The error of reading `text`, if any; if it was read, it must read back.
fn read_right<G: Notation>(game: &G, text: &str) -> Result<Option<Error>, TestCaseError>
where
    G::Position: std::fmt::Debug,
{
    match game.parse_position(text) {
        Err(error) => Ok(Some(error)),
        Ok(position) => {
            let written = game.format_position(&position);
            prop_assert!(game.parse_position(&written).as_ref() == Ok(&position), "'{}' written '{}'", text, written);
            Ok(None)
        }
    }
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() }
}

/// A one-line error with something in it.
fn one_line(error: &Error) -> Result<(), TestCaseError> {
    let message = error.to_string();
    prop_assert!(!message.trim().is_empty(), "empty error: {error:?}");
    prop_assert!(!message.contains('\n'), "error over several lines: {message}");
    Ok(())
}

/// Text made of the characters position and rule syntax uses.
fn syntax_text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[0-9,:/+.*x\\- ]{0,24}",
        2 => "-?[0-9]{1,25}(,-?[0-9]{1,25})?",
        1 => "\\PC{0,16}",
    ]
}

/// A description: a registry name, maybe with parameters, or anything.
fn description() -> impl Strategy<Value = String> {
    let names: Vec<&'static str> = ENTRIES.iter().map(|e| e.name).chain(["hex", "0", "leaper", "rider"]).collect();
    prop_oneof![
        3 => (prop::sample::select(names), prop::option::of("[0-9,:/+.\\-a-z]{0,16}"))
            .prop_map(|(name, parameters)| match parameters {
                Some(p) => format!("{name}:{p}"),
                None => name.to_string(),
            }),
        1 => "[0-9]?\\.[0-9A-Fa-f]{0,8}",
        1 => syntax_text(),
    ]
}

fn rule_options() -> impl Strategy<Value = RuleOptions> {
    let board = prop_oneof![
        Just(Board::QuarterPlane),
        (0u32..12, 0u32..12).prop_map(|(rows, cols)| Board::Bounded { rows, cols })
    ];
    (board, prop::option::of((0u32..12, 0u32..12))).prop_map(|(board, goal)| RuleOptions {
        board,
        goal,
        ..RuleOptions::default()
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn descriptions_build_a_game_or_say_why(text in description(), options in rule_options()) {
        if let Err(error) = game(&text, &options) {
            one_line(&error)?;
        }
    }

    #[test]
    fn numbers_and_pairs(text in syntax_text()) {
        if let Err(error) = parse_number::<u64>(&text, "a heap size") {
            one_line(&error)?;
        }
        if let Err(error) = parse_pair::<i32>(&text, "a step dx,dy") {
            one_line(&error)?;
            prop_assert!(error.to_string().contains("a step"), "{error}");
        }
    }

    #[test]
    fn positions_of_every_game(text in syntax_text()) {
        let king = Piece::KING.game(Board::Bounded { rows: 8, cols: 8 }).unwrap();
        let subtraction = Subtraction::new(vec![1, 3, 4]).unwrap();
        let kayles = HeapGame::parse("kayles").unwrap();
        let results = [
            read_right(&Nim, &text)?,
            read_right(&subtraction, &text)?,
            read_right(&kayles, &text)?,
            read_right(&Wythoff, &text)?,
            read_right(&BombGame, &text)?,
            read_right(&king, &text)?,
        ];
        for error in results.iter().flatten() {
            one_line(error)?;
        }
    }

    /// Any text a registry game accepts as a position was read right: the
    /// position, written and read again, is itself, and so is every
    /// position reachable from it (a few hundred).
    #[test]
    fn accepted_positions_of_registry_games_read_back(text in syntax_text(), entry in 0..STARTS.len()) {
        let game = game(STARTS[entry], &RuleOptions::default()).unwrap();
        if let Err(error) = game.check_notation(std::slice::from_ref(&text), 200) {
            one_line(&error)?;
            let message = error.to_string();
            prop_assert!(!message.contains("reads back") && !message.contains("does not read back"), "{}: {}", text, message);
        }
    }

    #[test]
    fn take_and_break_codes(text in "(hex:)?[0-9]?\\.?[0-9A-Za-z]{0,12}") {
        if let Err(error) = HeapGame::parse(&text) {
            one_line(&error)?;
            // The message quotes the code it could not read, as written (`hex:` and all).
            prop_assert!(error.to_string().contains(&format!("'{}'", text.trim())), "{error}");
        }
    }

    #[test]
    fn minefields(text in "[*./\nx ]{0,40}") {
        match Minefield::parse(&text) {
            Ok(field) => prop_assert!(field.size().0 > 0 && field.size().1 > 0),
            Err(error) => one_line(&error)?,
        }
    }

    #[test]
    fn graph_files(lines in prop::collection::vec("[0-9]{1,2}( ([0-9]{1,2}|win|loss|draw|x|-1))*( #.*)?", 0..12)) {
        let text = lines.join("\n");
        match GraphGame::parse(&text) {
            Ok(graph) => {
                prop_assert!(!graph.is_empty());
                // Every position it lists reads back as itself.
                let every: Vec<u32> = (0..graph.len() as u32).collect();
                prop_assert_eq!(check_round_trips(&graph, &every, usize::MAX), Ok(graph.len()));
            }
            Err(error) => {
                one_line(&error)?;
                let message = error.to_string();
                prop_assert!(message.contains("line ") || message.contains("no positions"), "{message}");
            }
        }
        // Through the registry, as `grundy solve graph FILE` reads it.
        if let Err(error) = game_with_file("graph", "fuzz.txt", &text, &RuleOptions::default()) {
            one_line(&error)?;
            prop_assert!(error.to_string().starts_with("fuzz.txt: "), "{error}");
        }
    }
}
