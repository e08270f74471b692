//! The game catalogue: games defined once, for the library and the CLI.
//!
//! | game | position | notes |
//! |---|---|---|
//! | [`Nim`] | a heap size | closed form; nim-heap genus (misère) |
//! | [`Subtraction`] | a heap size | any finite subtraction set |
//! | [`HeapGame`](crate::solve::heap::HeapGame) | a heap size | take-and-break codes, all-but subtraction, Grundy's game |
//! | [`Wythoff`] | two heaps `(x, y)` | nim-values by search; P-positions in closed form |
//! | [`BoardGame`] | a cell `(x, y)` | leapers and riders on bounded or quarter-infinite boards, optional goal |
//! | [`BombGame`] | a cell `(p, q)` | a move splits a bomb into two (multi-SG) |
//! | [`GraphGame`] | a numbered position | an explicit graph from a file, cycles allowed |
//! | [`Minesweeper`] | a board state | decomposes into independent regions |
//! | [`Cram`] | a board of empty and filled cells | pruned search; regions in canonical form |
//! | [`Chomp`] | a Young diagram | pruned search; transposes are one game |
//! | [`NodeKayles`] | remaining vertices of a graph | pruned search; connected components |
//! | [`Hackenbush`] | a graph on the ground | Green Hackenbush: fusion and colon principles |
//! | [`CoinTurning`] | the places of heads | coin-turning games: a row is the sum of its heads |
//! | [`ProductTurning`] | heads `(x, y)` | the Tartan theorem: nim-products |
//! | [`Sprouts`] | lands of regions of boundaries of spots | string notation; lands are a sum |
//! | [`race::ChessPiece`] | a distance to the goal | Life Winner Bo's races, with draws |
//!
//! Named pieces (king, knight, hyper-knight, rook, queen, …) are defined
//! once, in [`Piece`].

mod axis_rider;
mod board;
mod bomb;
mod chomp;
mod corner_king;
mod cram;
mod drawing;
mod graph;
mod hackenbush;
mod heap;
mod mine;
mod nim;
mod node_kayles;
mod pieces;
pub mod race;
mod sprouts;
mod subtraction;
mod turning;
mod wythoff;

pub use axis_rider::AxisRider;
pub use board::{Board, BoardGame, BoardRegion, Cell, Step};
pub use bomb::BombGame;
pub use chomp::{Chomp, ChompBoard, MAX_CHOMP_SIDE, MAX_CHOMP_SQUARES};
pub use corner_king::CornerKing;
pub use cram::{Cram, CramBoard, WideCram, WideCramBoard, MAX_CRAM_CELLS, MAX_WIDE_CRAM_CELLS};
pub use graph::GraphGame;
pub use hackenbush::{green_hackenbush_value, Hackenbush, HackenbushFamily, HackenbushGraph, MAX_HACKENBUSH_EDGES};
pub use heap::MAX_SEARCHED_HEAP;
pub use mine::{FaceDown, MinePosition, Minefield, Minesweeper};
pub use nim::Nim;
pub use node_kayles::{NodeKayles, VertexSet, MAX_NODE_KAYLES_VERTICES};
pub use pieces::Piece;
pub use sprouts::{Sprouts, SproutsPosition, MAX_SPROUTS_SPOTS};
pub use subtraction::{Subtraction, MAX_PASSED_HEAP};
pub use turning::{
    CoinTurning, Listing, ProductTurning, TurningRule, LAST_PLACE_BY_FORMULA, MAX_COINS_LISTED, MAX_COINS_TURNED,
    MAX_MOVES_LISTED, MAX_PLACE,
};
pub use wythoff::{MisereWythoff, Wythoff};
