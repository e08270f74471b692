//! The game model: what a game is, as far as the solvers need to know.
//!
//! A game is a set of positions and, for each position, its *options*: the
//! positions the player to move may move to. Because a move may split one
//! game into several independent ones (the Bomb Game, take-and-break heap
//! games), **an option is a sum of zero or more positions**; the solvers value
//! it by the nim-sum of its parts.
//!
//! [`Game`] is all a new game has to implement. The other traits are opt-in
//! capabilities that unlock faster or richer solvers:
//!
//! | trait | what it says | what it unlocks |
//! |---|---|---|
//! | [`Decompose`] | a position is a sum of independent components | valuing each component on its own |
//! | [`Indexed`] | positions map to `0..n` with every option earlier | the dense bottom-up table solver |
//! | [`ClosedForm`] | a formula for the nim-value | fast paths, checked against search in tests |
//! | [`ClosedOutcome`] | a formula for the outcome and best moves, where nim-values have none | positions far past search ([`crate::solve::analyse_closed`]) |
//! | [`Goal`] | a stuck position may be a win, loss or draw | three-valued outcomes (race-to-a-goal games) |
//! | [`NimHeapGenus`] | every position plays like a nim heap in misère play too | the anti-SG misère shortcut |
//! | [`Monotone`] | a two-coordinate game in which no move raises a coordinate | [`Rectangle`]: row-major tables |
//! | [`Notation`] | positions are written as text | front ends, the registry |
//!
//! A game that lacks a capability does not implement it (no empty impls):
//! the solvers and the registry then take another path. A reference, `Box`
//! or `Arc` of a game is the same game, with every capability it has
//! (`forward.rs`), so solvers can own what they solve. A game given as an
//! explicit graph (loops allowed) is a [`Digraph`].
//!
//! ```
//! use grundy::game::{Game, Options};
//!
//! /// The subtraction game {1, 2}: take one or two counters from a heap.
//! struct TakeOneOrTwo;
//!
//! impl Game for TakeOneOrTwo {
//!     type Position = u64;
//!     fn options(&self, &heap: &u64, options: &mut Options<u64>) {
//!         for take in [1, 2] {
//!             if heap >= take {
//!                 options.push(heap - take);
//!             }
//!         }
//!     }
//! }
//!
//! let mut search = grundy::solve::Search::normal_play(&TakeOneOrTwo);
//! assert_eq!(search.nim_value(&10).unwrap(), 1); // 10 mod 3
//! ```

mod convention;
mod coordinates;
mod digraph;
mod forward;
pub(crate) mod notation;
mod options;
mod outcome;
mod sum;

pub use convention::Convention;
pub(crate) use convention::{named, parse_named, Named};
pub use coordinates::{diagonal_index, diagonal_position, Monotone, Rectangle};
pub use digraph::Digraph;
pub(crate) use digraph::Predecessors;
pub use notation::{check_round_trips, parse_number, parse_pair, Notation, SIZE_SEPARATORS};
pub use options::Options;
pub use outcome::Outcome;
pub use sum::SumGame;

use std::hash::Hash;

use crate::nim::NimValue;

/// An impartial game: both players have the same options from every position.
///
/// Play must end: no position may be reachable from itself. (The solvers
/// detect a cycle and report [`crate::Error::Loopy`] instead of looping.)
pub trait Game {
    /// A position of the game. Solvers memoize by it, so it should be small
    /// and canonical: equal positions should compare equal.
    type Position: Clone + Eq + Hash;

    /// Pushes every option of `position` into `options`, which starts empty.
    ///
    /// Use [`Options::push`] for a move to a single position and
    /// [`Options::push_sum`] for a move that leaves a sum of positions (an
    /// empty sum is a move that ends this component's play).
    fn options(&self, position: &Self::Position, options: &mut Options<Self::Position>);

    /// Whether `position` has any option. By default its options are
    /// listed; a game whose positions have many options says it directly
    /// (a sum asks this of every component of every option it builds: for
    /// a rook 7,070 squares from the corner, fourteen thousand listings of
    /// fourteen thousand options an option of the sum).
    fn can_move(&self, position: &Self::Position) -> bool {
        let mut options = Options::new();
        self.options(position, &mut options);
        !options.is_empty()
    }
}

/// Positions that fall apart into a sum of independent components.
///
/// Solvers that use it value each component once and nim-sum the results,
/// instead of searching the whole (often exponentially larger) position.
pub trait Decompose: Game {
    /// Pushes the components of `position` into `components` (which starts
    /// empty). A position that does not split pushes itself; a position with
    /// no moves at all may push nothing.
    fn components(&self, position: &Self::Position, components: &mut Vec<Self::Position>);
}

/// A dense numbering of positions in an order in which play only goes down.
///
/// Every part of every option of the position numbered `i` must be numbered
/// below `i`. The table solver ([`crate::solve::dense`]) then fills a plain
/// array bottom-up, with no hashing and no recursion.
pub trait Indexed: Game {
    /// The number of `position`.
    fn index(&self, position: &Self::Position) -> usize;
    /// The position numbered `index`.
    fn position(&self, index: usize) -> Self::Position;
}

/// A formula for the nim-value, for games where theory gives one.
///
/// Tests compare it with search ([`crate::solve::check_closed_form`]); front
/// ends use it as a fast path.
pub trait ClosedForm: Game {
    fn closed_nim_value(&self, position: &Self::Position) -> NimValue;

    /// Every option of `position` whose nim-value is `value`, found from
    /// the formula without listing the others — `None` (the default) where
    /// they must be listed and valued one by one. Only for games whose
    /// options are single positions. Winning moves are options of one
    /// given value, so a game that answers here has them found at once,
    /// however many options a position has (Nim's heap of 10^18).
    fn options_of_value(&self, _position: &Self::Position, _value: NimValue) -> Option<Vec<Self::Position>> {
        None
    }
}

/// A formula for the outcome and the best moves, for games whose outcomes
/// theory decides where their nim-values are out of reach: Wythoff's game
/// by its P-positions (Wythoff 1907), the races of chess pieces to a corner
/// (HDU 5754). [`crate::solve::analyse_closed`] answers from it in constant
/// time per move, at positions no search could reach.
///
/// Tests compare it with search, position by position.
pub trait ClosedOutcome: Game {
    /// The convention the outcomes are for: normal play, or the goal play
    /// of a race.
    fn closed_play(&self) -> Convention {
        Convention::Normal
    }

    /// The outcome of `position` for the player to move, where the formula
    /// covers it (`None`: ask a search).
    fn closed_outcome(&self, position: &Self::Position) -> Option<Outcome>;

    /// The options that keep the best result — to a P-position when the
    /// player to move wins, to a draw when a draw is the best — where the
    /// formula covers `position`; empty when it is lost. By default every
    /// single-position option whose closed outcome is the one wanted; a
    /// game whose options are too many to list (Wythoff's, at heaps of
    /// 10^12) finds them directly.
    fn closed_best_moves(&self, position: &Self::Position) -> Option<Vec<Self::Position>> {
        let wanted = match self.closed_outcome(position)? {
            Outcome::N => Outcome::P,
            Outcome::Draw => Outcome::Draw,
            Outcome::P => return Some(Vec::new()),
        };
        let mut options = Options::new();
        self.options(position, &mut options);
        let mut best = Vec::new();
        for option in options.iter() {
            if let [single] = option {
                if self.closed_outcome(single)? == wanted {
                    best.push(single.clone());
                }
            }
        }
        Some(best)
    }

    /// Where the formula comes from and what it leaves out, for people
    /// (a report's note).
    fn closed_outcome_note(&self) -> String;
}

/// Games in which being stuck is not always a loss.
///
/// In a race to a goal, the player who moves onto the goal wins: the goal is
/// a stuck position that the player to move has lost. Being stuck anywhere
/// else may be a draw. A game without this capability is in normal play:
/// every stuck position is [`Outcome::P`].
pub trait Goal: Game {
    /// The outcome of `position`, which has no options, for the player to move.
    fn stuck_outcome(&self, position: &Self::Position) -> Outcome;
}

/// Games every position of which has, in misère play, the genus of the nim
/// heap of its nim-value: `0^120`, `1^031` or `g^{g,g⊕2,…}` for g ≥ 2.
///
/// For sums of such games the anti-SG criterion decides misère play from the
/// nim-values alone ([`crate::solve::misere::anti_sg_outcome`]). Implement it
/// only where it is proven; nim heaps are the standard example.
pub trait NimHeapGenus: Game {}
