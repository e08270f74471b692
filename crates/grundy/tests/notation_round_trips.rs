//! Every registry game's notation, written and read back.
//!
//! "No error" is not "read right": a parser may accept a board and turn
//! it, or drop a vertex. So for each game a user can name, every position
//! reachable from a start is written, read back and compared with the
//! position it came from (and written again, which must not change the
//! text): [`grundy::registry::Playable::check_notation`]. The property tests
//! do the same from random positions of each game.

use grundy::catalogue::{Board, Cram, Nim, NodeKayles};
use grundy::game::Game;
use grundy::game::{check_round_trips, Notation};
use grundy::registry::{game, game_with_file, Playable, RuleOptions, ENTRIES};
use proptest::prelude::*;

/// Positions checked per start: enough to reach every kind of move of the
/// small starts below, few enough that the whole file runs in seconds.
const LIMIT: usize = 3000;

/// A description, its positions, and a board (rows, columns) if it needs one.
type Start = (&'static str, &'static [&'static str], Option<(u32, u32)>);

/// One start for every registry entry.
const STARTS: &[Start] = &[
    ("nim", &["3", "4", "5"], None),
    ("subtraction:1,3,4", &["10", "7"], None),
    ("all-but:1,3", &["10"], None),
    ("0.137", &["12", "9"], None),
    ("4.07", &["9"], None),
    ("kayles", &["3", "4", "5"], None),
    ("dawsons-kayles", &["10"], None),
    ("grundys-game", &["10"], None),
    ("wythoff", &["3,5"], None),
    ("bomb", &["2,3", "3,3"], None),
    ("mine", &["..*/.../..."], None),
    ("mine", &["*.../..../.*.."], None),
    ("cram", &["3x4"], None),
    ("cram", &["..#/.../#.."], None),
    ("cram", &["2x33"], None),
    ("chomp", &["3x4"], None),
    ("chomp", &["5,4,4,1"], None),
    ("node-kayles:grid:3x3", &["all"], None),
    ("node-kayles:path:12", &["0,1,5,6,7,11"], None),
    ("node-kayles:cycle:70", &["all"], None),
    ("sprouts", &["2"], None),
    ("graph", &["5", "1"], None),
    ("king", &["6,6"], Some((8, 8))),
    ("knight", &["7,7"], Some((8, 8))),
    ("leaper:-2,1/1,-2", &["6,6"], None),
    ("rider:-1,-2", &["7,7"], Some((8, 8))),
    ("hackenbush", &["0-1,1-2,2-0,1-3,3-4"], None),
    ("hackenbush", &["path:4", "star:3"], None),
    ("turning:1,3", &["2,5,6"], None),
    ("mock-turtles", &["1,4,7"], None),
    ("turning-turtles", &["1,4,7"], None),
    ("twins", &["1,4,7"], None),
    ("ruler", &["THHTH"], None),
    ("turning-corners", &["2,3;4,4"], None),
    ("product:ruler,mock-turtles", &["4,3"], None),
];

const LOOPY_GAME: &str = include_str!("../../../examples/loopy-game.txt");

fn build(description: &str, board: Option<(u32, u32)>) -> Box<dyn Playable> {
    let mut options = RuleOptions::default();
    if let Some((rows, cols)) = board {
        options.board = Board::Bounded { rows, cols };
    }
    let built = if description == "graph" {
        game_with_file(description, "loopy-game.txt", LOOPY_GAME, &options)
    } else {
        game(description, &options)
    };
    built.unwrap_or_else(|e| panic!("{description}: {e}"))
}

fn texts(positions: &[&str]) -> Vec<String> {
    positions.iter().map(|p| p.to_string()).collect()
}

#[test]
fn every_registry_game_reads_back_what_it_writes() {
    for &(description, positions, board) in STARTS {
        let checked = build(description, board)
            .check_notation(&texts(positions), LIMIT)
            .unwrap_or_else(|e| panic!("{description} {positions:?}: {e}"));
        // Every start has moves, so more than the start itself is checked
        // (but a minefield reads back only as the whole field).
        let least = if description == "mine" { 1 } else { positions.len() + 1 };
        assert!(checked >= least, "{description} {positions:?}: only {checked} checked");
    }
}

/// A new registry entry must be given a start above.
#[test]
fn every_registry_entry_has_a_start() {
    for entry in ENTRIES {
        let covered = STARTS.iter().any(|(description, _, _)| {
            let name = description.split(':').next().unwrap();
            name == entry.name || (entry.name == "take-and-break" && name.contains('.'))
        });
        // Pieces are entries of their own (king, knight, …): one of each
        // kind (leaper, rider, a named piece) stands for the rest.
        let piece = entry.position.starts_with("a cell");
        assert!(covered || piece, "registry entry '{}' has no round-trip start", entry.name);
    }
}

/// The check itself catches a notation that reads back a different
/// position: Nim written one heap too large.
#[test]
fn a_wrong_reading_is_caught() {
    struct OffByOne;
    impl Game for OffByOne {
        type Position = u64;
        fn options(&self, &heap: &u64, options: &mut grundy::game::Options<u64>) {
            Nim.options(&heap, options)
        }
    }
    impl Notation for OffByOne {
        fn parse_position(&self, text: &str) -> grundy::Result<u64> {
            Ok(Nim.parse_position(text)?.saturating_sub(u64::from(text == "3")))
        }
        fn format_position(&self, heap: &u64) -> String {
            heap.to_string()
        }
    }
    let error = check_round_trips(&OffByOne, &[5], 100).unwrap_err().to_string();
    assert!(error.contains("'3' reads back as 2, not 3"), "{error}");
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() }
}

/// A Cram board as rows of `.` and `#`.
fn cram_rows() -> impl Strategy<Value = String> {
    (1usize..5, 1usize..6).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.25), cols), rows).prop_map(|grid| {
            grid.iter()
                .map(|row| row.iter().map(|&f| if f { '#' } else { '.' }).collect::<String>())
                .collect::<Vec<_>>()
                .join("/")
        })
    })
}

/// A field of mines (`*`) and unknown cells (`.`), one mine at least.
fn mine_field() -> impl Strategy<Value = String> {
    (1usize..4, 2usize..5).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(prop::bool::weighted(0.2), rows * cols).prop_map(move |mut cells| {
            cells[0] = true;
            cells
                .chunks(cols)
                .map(|row| row.iter().map(|&m| if m { '*' } else { '.' }).collect::<String>())
                .collect::<Vec<_>>()
                .join("/")
        })
    })
}

fn comma_list<T: std::fmt::Display>(items: &[T]) -> String {
    items.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(",")
}

/// A description and one or two random positions of it.
fn game_and_positions() -> impl Strategy<Value = (&'static str, Vec<String>)> {
    let heaps = |name: &'static str, most: u64| {
        prop::collection::vec(0..most, 1..3).prop_map(move |h| (name, h.iter().map(u64::to_string).collect()))
    };
    let cells =
        |name: &'static str, most: u32| (0..most, 0..most).prop_map(move |(x, y)| (name, vec![format!("{x},{y}")]));
    prop_oneof![
        heaps("nim", 40),
        heaps("subtraction:1,3,4", 60),
        heaps("0.137", 25),
        heaps("kayles", 25),
        heaps("grundys-game", 25),
        heaps("0.3F", 25),
        cells("wythoff", 20),
        cells("king", 8),
        cells("leaper:-2,1/1,-2", 12),
        (1u32..4, 1u32..4).prop_map(|(p, q)| ("bomb", vec![format!("{p},{q}")])),
        cram_rows().prop_map(|b| ("cram", vec![b])),
        (1u32..4, 1u32..6).prop_map(|(r, c)| ("cram", vec![format!("{r}x{c}")])),
        prop::collection::vec(1u32..6, 1..4).prop_map(|mut rows| {
            rows.sort_unstable_by(|a, b| b.cmp(a));
            ("chomp", vec![comma_list(&rows)])
        }),
        prop::collection::btree_set(0u32..12, 1..8)
            .prop_map(|v| ("node-kayles:grid:3x4", vec![comma_list(&v.into_iter().collect::<Vec<_>>())])),
        prop::collection::btree_set(0u32..70, 1..6)
            .prop_map(|v| ("node-kayles:path:70", vec![comma_list(&v.into_iter().collect::<Vec<_>>())])),
        prop::collection::btree_set(1u32..12, 1..4)
            .prop_map(|v| ("mock-turtles", vec![comma_list(&v.into_iter().collect::<Vec<_>>())])),
        prop::collection::vec((0u32..3, 0u32..3), 1..5).prop_map(|edges| {
            let text = edges.iter().map(|(a, b)| format!("{a}-{}", a + b + 1)).collect::<Vec<_>>().join(",");
            ("hackenbush", vec![text])
        }),
        mine_field().prop_map(|f| ("mine", vec![f])),
    ]
}

proptest! {
    #![proptest_config(config())]

    /// From a random position of a random game: everything reachable
    /// reads back as itself.
    #[test]
    fn random_positions_read_back_as_themselves((description, positions) in game_and_positions()) {
        let checked = build(description, None).check_notation(&positions, 400);
        prop_assert!(checked.is_ok(), "{} {:?}: {}", description, positions, checked.unwrap_err());
    }

    /// Read, written, read again: the same position, for any text a
    /// parser accepts (here, Cram boards written every way it reads).
    #[test]
    fn cram_text_read_twice_is_stable(text in "[.#x0-9/ ]{1,12}") {
        if let Ok(board) = Cram.parse_position(&text) {
            let written = Cram.format_position(&board);
            prop_assert_eq!(Cram.parse_position(&written).unwrap(), board, "'{}' written '{}'", text, written);
        }
    }

    /// Node Kayles vertex lists in any order, with repeats and `none`.
    #[test]
    fn node_kayles_lists_read_twice_are_stable(text in "(all|none|[0-9]{1,2}(,[0-9]{1,2}){0,6})") {
        let game = NodeKayles::<u128>::family("path:40").unwrap();
        if let Ok(position) = game.parse_position(&text) {
            let written = game.format_position(&position);
            prop_assert_eq!(game.parse_position(&written).unwrap(), position, "'{}' written '{}'", text, written);
        }
    }
}
