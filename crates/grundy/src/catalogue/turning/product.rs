//! Products of coin-turning games and the Tartan theorem (Winning Ways
//! ch. 14; Conway, *On Numbers and Games*, ch. 6).
//!
//! In `G₁ × G₂` the coins lie on a grid; a move chooses a `G₁` move with
//! coins `A` (rightmost `x`) and a `G₂` move with coins `B` (rightmost `y`),
//! and turns every coin of `A × B`; the coin `(x, y)` must show heads. The
//! Tartan theorem: a single head at `(x, y)` is worth `G₁(x) ⊗ G₂(y)`, the
//! nim-product, and a position the nim-sum of its heads.

use super::{sorted_places, turn, TurningRule};
use crate::error::{Error, Result};
use crate::game::{parse_pair, ClosedForm, Game, Notation, Options};
use crate::nim::{nim_product, NimValue};

/// The most moves a position may have for `solve` and `play` to list them
/// all (a value alone never lists them).
pub const MAX_MOVES_LISTED: usize = 2_000_000;

/// The most coins the options of a coin-turning position may hold when
/// they are listed, summed over the options: 4 to 8 bytes each, so a few
/// hundred megabytes at most.
pub const MAX_COINS_LISTED: u128 = 50_000_000;

/// The size of listing a coin-turning position's moves: how many there
/// are, and how many coins their options hold together (each option is
/// the row after the move: the other heads, and the coins the move turned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Listing {
    pub moves: u128,
    pub coins: u128,
}

impl Listing {
    /// `moves` moves of a position of `heads` heads that turn `turned`
    /// coins together: each option holds the heads besides what it turned.
    pub(super) fn new(moves: u128, heads: usize, turned: u128) -> Listing {
        Listing { moves, coins: moves.saturating_mul(heads as u128).saturating_add(turned) }
    }
}

/// A two-dimensional coin-turning game `G₁ × G₂`; a position is its heads
/// `(x, y)`, sorted.
///
/// ```
/// use grundy::catalogue::ProductTurning;
/// use grundy::game::Notation;
/// use grundy::game::ClosedForm;
/// let corners = ProductTurning::parse("turning-corners").unwrap();
/// // A head at (2, 3) in Turning Corners is 2 ⊗ 3 = 1.
/// assert_eq!(corners.closed_nim_value(&corners.parse_position("2,3").unwrap()), 1);
/// ```
#[derive(Clone, Debug)]
pub struct ProductTurning {
    rows: TurningRule,
    columns: TurningRule,
}

impl ProductTurning {
    /// How many moves `heads` has: listing them (winning moves, play) is
    /// refused past [`MAX_MOVES_LISTED`], where its value is a nim-sum.
    pub fn move_count(&self, heads: &[(u32, u32)]) -> u128 {
        // (Saturating: far heads of Mock Turtles × Mock Turtles have 10³⁷
        // moves each, and a few of them pass u128.)
        heads
            .iter()
            .map(|&(x, y)| self.rows.move_count(x).saturating_mul(self.columns.move_count(y)))
            .fold(0, u128::saturating_add)
    }

    /// What listing the moves of `heads` writes, in coins ([`Listing`]):
    /// a move turns the coins of a row move times those of a column move,
    /// so `ruler × ruler` at `(1000, 1000)` has a million moves (within
    /// [`MAX_MOVES_LISTED`]) that turn 2.5 · 10¹¹ coins — listing them
    /// filled this machine's 23 GB before any limit said no.
    pub fn listing(&self, heads: &[(u32, u32)]) -> Listing {
        let moves = self.move_count(heads);
        let turned = heads
            .iter()
            .map(|&(x, y)| self.rows.coins_turned(x).saturating_mul(self.columns.coins_turned(y)))
            .fold(0, u128::saturating_add);
        Listing::new(moves, heads.len(), turned)
    }

    /// `turning-corners` (Twins × Twins) or `product:GAME1,GAME2` for any two
    /// one-dimensional games ([`TurningRule::parse`]), e.g.
    /// `product:ruler,mock-turtles` or `product:turning:1,3,twins`.
    pub fn parse(description: &str) -> Result<Self> {
        let text = description.trim();
        if text == "turning-corners" {
            return Ok(Self::new(TurningRule::parse("twins")?, TurningRule::parse("twins")?));
        }
        let factors = text.strip_prefix("product:").ok_or_else(|| Error::Syntax {
            expected: "turning-corners or product:GAME1,GAME2".into(),
            found: text.to_string(),
        })?;
        // The comma between the two games is the one both sides parse at
        // (a `turning:SET` has commas of its own).
        for (at, _) in factors.match_indices(',') {
            if let (Ok(a), Ok(b)) = (TurningRule::parse(&factors[..at]), TurningRule::parse(&factors[at + 1..])) {
                return Ok(Self::new(a, b));
            }
        }
        Err(Error::InvalidGame(format!(
            "product:{factors}: expected two coin-turning games separated by a comma (turning-turtles, \
             mock-turtles, ruler, twins or turning:SET), e.g. product:ruler,twins"
        )))
    }

    pub fn new(rows: TurningRule, columns: TurningRule) -> Self {
        ProductTurning { rows, columns }
    }

    /// The factor along x (rows of a table).
    pub fn rows(&self) -> &TurningRule {
        &self.rows
    }

    /// The factor along y (columns of a table).
    pub fn columns(&self) -> &TurningRule {
        &self.columns
    }

    /// The Tartan theorem: the value of a single head at `(x, y)`.
    pub fn head_value(&self, x: u32, y: u32) -> NimValue {
        nim_product(self.rows.value(x), self.columns.value(y))
    }
}

impl Game for ProductTurning {
    type Position = Vec<(u32, u32)>;

    /// Counted, not listed (as [`CoinTurning`](super::CoinTurning)'s).
    fn can_move(&self, heads: &Vec<(u32, u32)>) -> bool {
        heads.iter().any(|&(x, y)| self.rows.move_count(x) > 0 && self.columns.move_count(y) > 0)
    }

    fn options(&self, heads: &Vec<(u32, u32)>, options: &mut Options<Vec<(u32, u32)>>) {
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for &(x, y) in heads {
            xs.clear();
            ys.clear();
            self.rows.moves(x, &mut xs);
            self.columns.moves(y, &mut ys);
            for a in &xs {
                for b in &ys {
                    let mut coins: Vec<(u32, u32)> = a
                        .iter()
                        .chain(std::iter::once(&x))
                        .flat_map(|&i| b.iter().chain(std::iter::once(&y)).map(move |&j| (i, j)))
                        .collect();
                    coins.sort_unstable();
                    options.push(turn(heads, &coins));
                }
            }
        }
    }
}

impl ClosedForm for ProductTurning {
    /// The Tartan theorem, nim-summed over the heads.
    fn closed_nim_value(&self, heads: &Vec<(u32, u32)>) -> NimValue {
        heads.iter().fold(0, |sum, &(x, y)| sum ^ self.head_value(x, y))
    }
}

impl Notation for ProductTurning {
    /// Heads `x,y` separated by `;` (`1,2;3,4`), or `none`.
    fn parse_position(&self, text: &str) -> Result<Vec<(u32, u32)>> {
        let text = text.trim();
        let heads: Vec<(u64, u64)> = if text == "none" {
            Vec::new()
        } else {
            text.split(';').map(|h| parse_pair(h, "a head x,y")).collect::<Result<_>>()?
        };
        let on_the_board = |(x, y)| Ok((self.rows.place(x)?, self.columns.place(y)?));
        sorted_places(heads.into_iter().map(on_the_board).collect::<Result<_>>()?)
    }

    fn format_position(&self, heads: &Vec<(u32, u32)>) -> String {
        if heads.is_empty() {
            return "none".into();
        }
        heads.iter().map(|(x, y)| format!("{x},{y}")).collect::<Vec<_>>().join(";")
    }
}
