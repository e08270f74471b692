//! The registry: every game the front ends know, in one table.
//!
//! Each [`GameEntry`] says how the game is written, what its positions look
//! like, a runnable example, and how to build it. `grundy list`, parsing a
//! description, dispatch (`solve`, `table`), the README's table of games (a
//! test compares them) and the input fuzz tests all read this one table.
//!
//! # Adding a game
//!
//! 1. Implement it in `catalogue/`: [`crate::game::Game`] for its moves and
//!    [`crate::game::Notation`] for its positions as text (plus
//!    [`crate::game::Indexed`] or [`crate::game::Monotone`] if it has a table).
//! 2. Add one [`GameEntry`] to [`ENTRIES`]: usually its `build` is
//!    `NormalGame::new(d.text, TheGame, Search::normal_play, None)`.
//! 3. Add the same row to the README's table of games (the test
//!    `readme_lists_exactly_the_registry` prints the row it expects).
//!
//! Nothing else dispatches on game names.

use std::sync::Arc;

use serde::Serialize;

use super::board::{board_game, parse_piece};
use super::closed::WythoffRules;
use super::description::{Description, Form};
use super::families::{hackenbush_table, product_table, turning_table};
use super::graph::GraphRules;
use super::heap::{heap_game, subtraction_game};
use super::mine::MineRules;
use super::normal_game::NormalGame;
use super::options::RuleOptions;
use super::playable::Playable;
use super::search_game::{ByWidth, SearchGame, SearchSettings};
use super::tabulators::{bomb_table, heap_table};
use crate::catalogue::{
    BombGame, Chomp, CoinTurning, Cram, GraphGame, Hackenbush, HackenbushFamily, Nim, NodeKayles, Piece,
    ProductTurning, Sprouts, WideCram,
};
use crate::error::{Error, Result};
use crate::game::{Decompose, Notation};
use crate::solve::misere::AntiSg;
use crate::solve::pruned::Canonical;
use crate::solve::{NormalPlay, Search};

type Build = fn(&Description) -> Result<Box<dyn Playable>>;

/// One game of the registry.
#[derive(Clone, Copy, Serialize)]
pub struct GameEntry {
    /// The name a description starts with: `subtraction`.
    pub name: &'static str,
    /// How a description is written: `subtraction:S`.
    pub syntax: &'static str,
    /// What the parameters are (`none` if there are none).
    pub parameters: &'static str,
    /// How one position is written.
    pub position: &'static str,
    /// A command that runs, for `grundy list` (and a test that runs them all).
    pub example: &'static str,
    /// One line about the game.
    pub about: &'static str,
    #[serde(skip)]
    pub form: Form,
    /// Whether `--board` and `--goal` apply.
    #[serde(skip)]
    pub board: bool,
    #[serde(skip)]
    build: Build,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry").field("name", &self.name).field("form", &self.form).finish_non_exhaustive()
    }
}

const HEAP: &str = "a heap size";

impl GameEntry {
    /// Whether its positions are heaps (Nim, subtraction, take-and-break):
    /// the games with a heap sequence.
    pub fn is_heap_game(&self) -> bool {
        self.position == HEAP
    }
}
const CELL: &str = "a cell x,y (from 0)";
const BOARD: &str = "--board, --goal";

/// A named piece (from [`Piece`]) as an entry.
const fn piece(piece: Piece, example: &'static str, build: Build) -> GameEntry {
    GameEntry {
        name: piece.name,
        syntax: piece.name,
        parameters: BOARD,
        position: CELL,
        example,
        about: piece.about,
        form: Form::Name,
        board: true,
        build,
    }
}

/// A session of a pruned-search game that also plays misère and Every-SG.
/// The pruned search decides normal play only; the other conventions go
/// to the session every game with nim-values has, which is exact but
/// searches whole components, so it suits small boards.
///
/// Misère sums go by each component's misère canonical form: the session's
/// other default (is every component tame? else exact search of the sum)
/// values the genus of every follower, which on these games costs far more
/// than the forms (misère Cram 4×5 51 s against 0.06 s, Chomp 5×6 8.2 s
/// against 0.01 s, Sprouts 3 6.8 s against under 0.01 s; `fast` build,
/// 2026-12-03).
fn searched<G>(name: &str, game: G, settings: &SearchSettings) -> SearchGame<G>
where
    G: Canonical + Decompose + Notation + Clone + Send + Sync + 'static,
    G::Position: std::fmt::Debug + Ord + std::hash::Hash + Send,
{
    let search = |g| Search::with_decomposition(g, NormalPlay);
    let others = Box::new(NormalGame::new(name, game.clone(), search, None).with_misere_canonical_forms());
    SearchGame::new(name, game, settings.clone()).with_other_conventions(others)
}

/// Every game the front ends know, in the order `grundy list` shows them.
pub const ENTRIES: &[GameEntry] = &[
    GameEntry {
        name: "nim",
        syntax: "nim",
        parameters: "none",
        position: HEAP,
        example: "grundy solve nim 3 4 5",
        about: "take any number of counters from one heap",
        form: Form::Name,
        board: false,
        build: |d| {
            let game = NormalGame::new(d.text, Nim, Search::closed_form, Some(heap_table::<Nim>));
            Ok(Box::new(game.with_misere_oracle(Box::new(AntiSg(Nim))).with_listing(Nim::listing)))
        },
    },
    GameEntry {
        name: "subtraction",
        syntax: "subtraction:S",
        parameters: "S: the subtraction set, e.g. 1,3,4",
        position: HEAP,
        example: "grundy solve subtraction:1,3,4 10 7",
        about: "take s counters, s in S",
        form: Form::Parameters { what: "its set", sample: "subtraction:1,3,4" },
        board: false,
        build: subtraction_game,
    },
    GameEntry {
        name: "all-but",
        syntax: "all-but:S",
        parameters: "S: the numbers that may not be taken",
        position: HEAP,
        example: "grundy solve all-but:1,3 10",
        about: "take any number of counters except those in S",
        form: Form::Parameters { what: "the numbers that may not be taken", sample: "all-but:1,3" },
        board: false,
        build: heap_game,
    },
    GameEntry {
        name: "take-and-break",
        syntax: "0.d1d2…",
        parameters: "an octal code; a letter digit (0.3F) or hex:0.8 for hexadecimal",
        position: HEAP,
        example: "grundy solve 0.137 12 9",
        about: "take-and-break: digit bits 1 vanish, 2 leave one heap, 4 leave two, 8 leave three",
        form: Form::Code,
        board: false,
        build: heap_game,
    },
    GameEntry {
        name: "kayles",
        syntax: "kayles",
        parameters: "none",
        position: HEAP,
        example: "grundy solve --misere kayles 3 4 5",
        about: "knock down one pin or two adjacent pins: the octal game 0.77",
        form: Form::Name,
        board: false,
        build: heap_game,
    },
    GameEntry {
        name: "dawsons-kayles",
        syntax: "dawsons-kayles",
        parameters: "none",
        position: HEAP,
        example: "grundy solve dawsons-kayles 10",
        about: "knock down two adjacent pins: the octal game 0.07",
        form: Form::Name,
        board: false,
        build: heap_game,
    },
    GameEntry {
        name: "grundys-game",
        syntax: "grundys-game",
        parameters: "none",
        position: HEAP,
        example: "grundy solve grundys-game 10",
        about: "split one heap into two unequal heaps",
        form: Form::Name,
        board: false,
        build: heap_game,
    },
    GameEntry {
        name: "wythoff",
        syntax: "wythoff",
        parameters: "none",
        position: "two heaps x,y",
        example: "grundy solve wythoff 3,5",
        about: "take from one heap, or the same from both",
        form: Form::Name,
        board: false,
        build: |d| Ok(Box::new(WythoffRules::named(d.text))),
    },
    GameEntry {
        name: "bomb",
        syntax: "bomb",
        parameters: "none",
        position: "a bomb's cell p,q (from 1)",
        example: "grundy solve bomb 2,3 3,3",
        about: "a bomb at (p,q) becomes two at (u,q) and (p,v), u<p, v<q; on row or column 1 it moves along it; one at (1,1) vanishes (HDU 2873); normal play only, since two bombs on a cell annihilate",
        form: Form::Name,
        board: false,
        build: |d| {
            let game = NormalGame::new(d.text, BombGame, Search::normal_play, Some(bomb_table)).without_misere(
                "two bombs on one cell annihilate, so a board is not a sum of separate bombs: \
                     normal play cannot tell (G + G = 0), misère play can",
            );
            Ok(Box::new(game.with_picture(crate::play::picture::bombs)))
        },
    },
    GameEntry {
        name: "mine",
        syntax: "mine",
        parameters: "none",
        position: "a field: rows of * and . separated by /",
        example: "grundy solve mine '..*/.../...'",
        about: "minesweeper: click cells, blanks flood; no cell left loses (HDU 4678)",
        form: Form::Name,
        board: false,
        build: |_| Ok(Box::new(MineRules)),
    },
    GameEntry {
        name: "cram",
        syntax: "cram",
        parameters: "--value-only, --memory, --checkpoint",
        position: "a board RxC, or rows of . (empty) and # (filled) separated by /",
        example: "grundy solve cram 3x5",
        about: "place a domino on two adjacent empty cells (pruned search, at most 128 cells)",
        form: Form::Name,
        board: false,
        build: |d| {
            // Boards of up to 64 cells in the 64-bit game (the fastest).
            let narrow = searched(d.text, Cram, &d.options.search);
            let wide = searched(d.text, WideCram, &d.options.search);
            Ok(Box::new(ByWidth::new(narrow, wide, |board| board.narrow().is_some())))
        },
    },
    GameEntry {
        name: "chomp",
        syntax: "chomp",
        parameters: "--value-only, --memory, --checkpoint",
        position: "a bar RxC, or row lengths 5,4,4,1",
        example: "grundy solve chomp 4x5",
        about: "take a square and all below-right of it; the poisoned corner stays (pruned search)",
        form: Form::Name,
        board: false,
        build: |d| Ok(Box::new(searched(d.text, Chomp, &d.options.search))),
    },
    GameEntry {
        name: "node-kayles",
        syntax: "node-kayles:GRAPH",
        parameters: "GRAPH: path:N, cycle:N, grid:RxC, complete:N, queens:N, or an edge-list file",
        position: "all, or the remaining vertices 0,1,5",
        example: "grundy solve node-kayles:grid:3x4 all",
        about: "choose a vertex; it and its neighbours go (pruned search, at most 128 vertices)",
        form: Form::Parameters { what: "the graph", sample: "node-kayles:path:10" },
        board: false,
        build: |d| {
            let graph = d.parameters.unwrap_or("");
            let game = if graph.contains(':') {
                NodeKayles::<u128>::family(graph)?
            } else {
                if !d.options.read_files {
                    return Err(Error::InvalidGame(format!(
                        "node-kayles:{graph} names a file, and files are not read here: use path:N, cycle:N, \
                         grid:RxC, complete:N or queens:N"
                    )));
                }
                let text = crate::read_text_file(std::path::Path::new(graph)).map_err(|error| {
                    // `node-kayles:path 5` means a family without its size
                    // more often than a file called "path".
                    match ["path", "cycle", "complete", "grid", "queens"].iter().find(|&&f| f == graph.trim()) {
                        Some(&family) => Error::InvalidGame(format!(
                            "node-kayles:{family} needs its size, as in node-kayles:{family}:{} (no graph file \
                             '{family}' could be read either)",
                            if family == "grid" { "3x4" } else { "10" }
                        )),
                        None => error,
                    }
                })?;
                NodeKayles::<u128>::edge_list(&text, graph)?
            };
            // 64-bit masks (compact keys, the fastest) when they hold the graph.
            Ok(match game.narrow() {
                Some(game) => Box::new(searched(d.text, game, &d.options.search)),
                None => Box::new(searched(d.text, game, &d.options.search)),
            })
        },
    },
    GameEntry {
        name: "sprouts",
        syntax: "sprouts",
        parameters: "none",
        position: "N spots, or Lemoine-Viennot's notation 0.1aa.}]",
        example: "grundy solve sprouts 5",
        about: "join two spots (or one to itself) by a line through a new spot; 3 lines a spot",
        form: Form::Name,
        board: false,
        build: |d| Ok(Box::new(searched(d.text, Sprouts, &d.options.search))),
    },
    GameEntry {
        name: "graph",
        syntax: "graph FILE",
        parameters: "a file: one line per position, its number then its options (or win, loss, draw)",
        position: "position numbers",
        example: "grundy solve graph examples/loopy-game.txt 5 1",
        about: "a loopy game: retrograde analysis and generalized Sprague-Grundy values",
        form: Form::File,
        board: false,
        build: |d| {
            let (file, text) = d.file.ok_or_else(|| needs_file("graph"))?;
            let game = GraphGame::parse(text)
                .map_err(|error| Error::InFile { file: file.to_string(), error: Box::new(error) })?;
            Ok(Box::new(GraphRules::new(format!("graph {file}"), game)))
        },
    },
    piece(Piece::KING, "grundy solve king 4,4", |d| board_game(d, Piece::KING)),
    piece(Piece::KNIGHT, "grundy solve knight 5,6", |d| board_game(d, Piece::KNIGHT)),
    piece(Piece::FORWARD_KNIGHT, "grundy solve forward-knight --goal 0,0 4,5", |d| {
        board_game(d, Piece::FORWARD_KNIGHT)
    }),
    piece(Piece::HYPER_KNIGHT, "grundy solve hyper-knight 1,0 2,5", |d| board_game(d, Piece::HYPER_KNIGHT)),
    piece(Piece::ROOK, "grundy solve rook 5,3", |d| board_game(d, Piece::ROOK)),
    piece(Piece::QUEEN, "grundy solve queen 3,5", |d| board_game(d, Piece::QUEEN)),
    GameEntry {
        name: "leaper",
        syntax: "leaper:STEPS",
        parameters: "STEPS: dx,dy/dx,dy/...; add +rider:STEPS for rides too; --board, --goal",
        position: CELL,
        example: "grundy solve leaper:-2,1/1,-2 6,6",
        about: "jump by any of the steps",
        form: Form::Parameters { what: "its steps", sample: "leaper:-2,1/1,-2" },
        board: true,
        build: |d| board_game(d, parse_piece(d.text)?),
    },
    GameEntry {
        name: "rider",
        syntax: "rider:STEPS",
        parameters: "STEPS: dx,dy/...; add +leaper:STEPS for leaps too; --board, --goal",
        position: CELL,
        example: "grundy solve rider:-1,-2 --board 8x8 7,7",
        about: "slide any distance along any of the directions",
        form: Form::Parameters { what: "its directions", sample: "rider:-1,0/0,-1" },
        board: true,
        build: |d| board_game(d, parse_piece(d.text)?),
    },
    GameEntry {
        name: "hackenbush",
        syntax: "hackenbush[:FAMILY]",
        parameters: "FAMILY (for tables by size): path, star or cycle",
        position: "edges 0-1,1-2 (0 the ground), path:N, star:N, cycle:N, or an edge-list file",
        example: "grundy solve hackenbush 0-1,1-2,2-0,1-3,3-4",
        about: "Green Hackenbush: cut an edge, all no longer joined to the ground falls (fusion, colon principle)",
        form: Form::OptionalParameters,
        board: false,
        build: |d| {
            let game = match d.parameters {
                Some(family) => Hackenbush::of_family(HackenbushFamily::parse(family)?),
                None => Hackenbush::new(),
            };
            let game = if d.options.read_files { game } else { game.without_files() };
            let session = NormalGame::new(d.text, game, Search::closed_form_with_decomposition, Some(hackenbush_table));
            Ok(Box::new(session.with_misere_forms_split_by(|game, graph, parts| game.components_by_shape(graph, parts))))
        },
    },
    turning_entry(
        "turning-turtles",
        "turn one or two coins, the rightmost heads to tails: Nim",
        TURNING_FROM_1,
        "grundy solve turning-turtles 1,4,7",
    ),
    turning_entry(
        "mock-turtles",
        "turn one, two or three coins: the odious numbers",
        TURNING_FROM_1,
        "grundy solve mock-turtles 1,4,7",
    ),
    turning_entry(
        "ruler",
        "turn a run of coins ending at one heads: the largest power of 2 dividing n",
        TURNING_FROM_1,
        "grundy solve ruler THHTH",
    ),
    turning_entry(
        "twins",
        "turn exactly two coins, the rightmost heads to tails: Nim",
        "places of heads 1,4,7 (from 0), or a row THHTH",
        "grundy solve twins 1,4,7",
    ),
    GameEntry {
        name: "turning",
        syntax: "turning:SET",
        parameters: "SET: how many coins a move may turn, e.g. 1,2,3 (at most 5)",
        position: TURNING_FROM_1,
        example: "grundy solve turning:1,3 2,5,6",
        about: "a coin-turning game: turn c coins, c in SET, the rightmost heads to tails",
        form: Form::Parameters { what: "how many coins a move may turn", sample: "turning:1,2,3" },
        board: false,
        build: turning_game,
    },
    GameEntry {
        name: "turning-corners",
        syntax: "turning-corners",
        parameters: "none",
        position: "heads x,y;x,y (from 0)",
        example: "grundy solve turning-corners 2,3;4,4",
        about: "turn the four corners of a rectangle, the one farthest from 0,0 heads to tails: x ⊗ y (Twins × Twins)",
        form: Form::Name,
        board: false,
        build: product_game,
    },
    GameEntry {
        name: "product",
        syntax: "product:GAME1,GAME2",
        parameters: "two coin-turning games, e.g. ruler,mock-turtles",
        position: "heads x,y;x,y",
        example: "grundy solve product:ruler,mock-turtles 4,3",
        about: "a coin-turning game's product: turn the coins A × B; the Tartan theorem G1(x) ⊗ G2(y)",
        form: Form::Parameters { what: "two coin-turning games", sample: "product:ruler,twins" },
        board: false,
        build: product_game,
    },
];

const TURNING_FROM_1: &str = "places of heads 1,4,7 (from 1), or a row THHTH";

/// A named one-dimensional coin-turning game.
const fn turning_entry(
    name: &'static str,
    about: &'static str,
    position: &'static str,
    example: &'static str,
) -> GameEntry {
    GameEntry {
        name,
        syntax: name,
        parameters: "none",
        position,
        example,
        about,
        form: Form::Name,
        board: false,
        build: turning_game,
    }
}

/// A one-dimensional coin-turning game: values by the theorem (a row is the
/// sum of its heads).
fn turning_game(d: &Description) -> Result<Box<dyn Playable>> {
    let game = CoinTurning::parse(d.text)?;
    let session = NormalGame::new(d.text, game, Search::closed_form, Some(turning_table));
    Ok(Box::new(session.with_listing(|game, heads| game.listing(heads))))
}

/// A product of coin-turning games: values by the Tartan theorem.
fn product_game(d: &Description) -> Result<Box<dyn Playable>> {
    let game = ProductTurning::parse(d.text)?;
    let session = NormalGame::new(d.text, game, Search::closed_form, Some(product_table));
    Ok(Box::new(session.with_listing(|game, heads| game.listing(heads))))
}

fn needs_file(name: &str) -> Error {
    Error::MissingParameters { game: name.to_string(), what: "a file", example: "grundy solve graph FILE POSITION…" }
}

/// The entry a description belongs to.
pub fn find(description: &str) -> Result<&'static GameEntry> {
    let text = description.trim();
    let name = text.split_once(':').map_or(text, |(name, _)| name);
    ENTRIES
        .iter()
        .find(|entry| entry.form.matches(entry.name, name, text))
        .ok_or_else(|| Error::UnknownGame { name: name.to_string() })
}

/// The entry a description names and its parameters (what follows the
/// first `:`), checked to be present or absent as the entry wants.
fn checked(text: &str) -> Result<(&'static GameEntry, Option<&str>)> {
    let entry = find(text)?;
    let parameters = text.split_once(':').map(|(_, parameters)| parameters);
    match (entry.form, parameters) {
        // `graph:FILE` would otherwise take the first position for the file.
        (Form::File, Some(found)) => Err(Error::InvalidGame(format!(
            "'{}' takes its file as the next argument, not after ':' (found ':{found}'): grundy solve {} FILE POSITION…",
            entry.name, entry.name
        ))),
        (Form::Name, Some(found)) => {
            Err(Error::UnexpectedParameters { game: entry.name.to_string(), found: found.to_string() })
        }
        // `node-kayles:` names no graph, as `node-kayles` does (not a file called '').
        (Form::Parameters { what, sample }, None | Some("")) => {
            Err(Error::MissingParameters { game: entry.name.to_string(), what, example: sample })
        }
        _ => Ok((entry, parameters)),
    }
}

/// Builds the game a description names: checks what every entry shares
/// (parameters present or absent, board settings) and calls its constructor.
fn build(description: &str, options: &RuleOptions, file: Option<(&str, &str)>) -> Result<Box<dyn Playable>> {
    let text = description.trim();
    let (entry, parameters) = checked(text)?;
    let plain = RuleOptions::default();
    if !entry.board && (options.board, options.goal) != (plain.board, plain.goal) {
        return Err(Error::NotABoardGame { game: text.to_string() });
    }
    let mut game = (entry.build)(&Description { text, parameters, options, file })?;
    if let Some(flag) = &options.search.interrupt {
        game.set_interrupt(std::sync::Arc::clone(flag));
    }
    game.set_asked(options.search.asked);
    if let Some(method) = options.misere_method {
        game.set_misere_method(method)?;
    }
    if options.misere_quotient.is_some() && !game.uses_misere_quotient() {
        return Err(Error::Unsupported {
            game: text.to_string(),
            question: "a misère quotient file".into(),
            why: "only take-and-break heap games (codes, kayles, dawsons-kayles, grundys-game, all-but) decide \
                  misère sums by a quotient"
                .into(),
        });
    }
    Ok(game)
}

/// The game a description names, ready to solve and tabulate. Games read
/// from a file (`graph FILE`) need [`open`] or [`game_with_file`].
pub fn game(description: &str, options: &RuleOptions) -> Result<Box<dyn Playable>> {
    if checked(description.trim())?.0.form == Form::File {
        return Err(needs_file(description.trim()));
    }
    build(description, options, None)
}

/// The game of a [`Form::File`] entry from its file's name and contents.
pub fn game_with_file(description: &str, file: &str, text: &str, options: &RuleOptions) -> Result<Box<dyn Playable>> {
    build(description, options, Some((file, text)))
}

/// The game a command line names, with the arguments that are positions:
/// for a [`Form::File`] entry the first argument is the file, read here.
pub fn open<'a>(
    description: &str,
    arguments: &'a [String],
    options: &RuleOptions,
) -> Result<(Arc<dyn Playable>, &'a [String])> {
    if checked(description.trim())?.0.form != Form::File {
        return Ok((game(description, options)?.into(), arguments));
    }
    let (file, positions) = arguments.split_first().ok_or_else(|| needs_file(description.trim()))?;
    let text = crate::read_text_file(std::path::Path::new(file))?;
    Ok((game_with_file(description, file, &text, options)?.into(), positions))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The description in an example command: the first word after the
    /// subcommand that is neither a flag nor a flag's value.
    fn described(example: &str) -> &str {
        let mut words = example.split_whitespace().skip(2);
        while let Some(word) = words.next() {
            match word {
                "--board" | "--goal" => {
                    words.next();
                }
                _ if word.starts_with("--") => {}
                _ => return word.trim_matches('\''),
            }
        }
        panic!("no description in {example}")
    }

    #[test]
    fn every_entry_is_found_by_its_own_example_and_once() {
        for entry in ENTRIES {
            assert_eq!(find(described(entry.example)).unwrap().name, entry.name, "{}", entry.example);
            assert_eq!(ENTRIES.iter().filter(|e| e.name == entry.name).count(), 1, "{} twice", entry.name);
        }
    }

    #[test]
    fn descriptions_find_their_entry_and_nothing_guesses() {
        for (description, name) in [
            ("nim", "nim"),
            ("subtraction:1,3,4", "subtraction"),
            ("0.77", "take-and-break"),
            ("4.07", "take-and-break"),
            ("hex:0.8", "take-and-break"),
            ("kayles", "kayles"),
            ("leaper:-1,0+rider:0,-1", "leaper"),
            ("graph", "graph"),
            ("hyper-knight", "hyper-knight"),
        ] {
            assert_eq!(find(description).unwrap().name, name, "{description}");
        }
        for unknown in ["chess", "a.b", "foo:1,2", ""] {
            assert!(matches!(find(unknown), Err(Error::UnknownGame { .. })), "{unknown}");
        }
    }

    #[test]
    fn shared_checks_have_typed_errors() {
        let plain = RuleOptions::default();
        let goal = RuleOptions { goal: Some((0, 0)), ..plain.clone() };
        assert!(matches!(game("nim:3", &plain), Err(Error::UnexpectedParameters { .. })));
        assert!(matches!(game("subtraction", &plain), Err(Error::MissingParameters { .. })));
        for empty in ["subtraction:", "all-but:", "node-kayles:", "leaper:", "turning:", "product:"] {
            assert!(matches!(game(empty, &plain), Err(Error::MissingParameters { .. })), "{empty}");
        }
        assert!(matches!(game("wythoff", &goal), Err(Error::NotABoardGame { .. })));
        assert!(matches!(game("graph", &plain), Err(Error::MissingParameters { .. })));
        assert!(game("king", &goal).is_ok());
    }

    /// The README's table of games, row by row, against the registry.
    #[test]
    fn readme_lists_exactly_the_registry() {
        let readme = include_str!("../../../../README.md");
        let section = readme.split("## Describing games without code").nth(1).expect("the README has the section");
        let rows: Vec<&str> =
            section.lines().skip_while(|l| !l.starts_with('|')).take_while(|l| l.starts_with('|')).skip(2).collect();
        let expected: Vec<String> = ENTRIES.iter().map(readme_row).collect();
        assert_eq!(
            rows,
            expected,
            "the README's table of games differs from the registry; the rows should be:\n{}",
            expected.join("\n")
        );
    }

    fn readme_row(entry: &GameEntry) -> String {
        format!("| `{}` | {} | {} | {} |", entry.syntax, entry.about, entry.position, entry.parameters)
    }
}
