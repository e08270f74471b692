//! Sprouts (Conway and Paterson, 1967): p spots on paper; a move draws a
//! line from a spot to a spot (or to itself) that crosses no line, and puts
//! a new spot on it; a spot takes at most three line ends. Whoever cannot
//! move loses. The game ends within 3p − 1 moves.
//!
//! A position is written in Lemoine and Viennot's string notation
//! ([`notation`](self) explains it; *Computer analysis of Sprouts with
//! nimbers*, Games of No Chance 4, 2015): lands of regions of boundaries of
//! spots. Lands are independent, so the position is their sum
//! ([`Decompose`]), and each land is kept in a canonical text
//! (`canonical.rs`: dead spots and unplayable regions dropped, repeated
//! sites merged, rotations, mirror images and orders fixed) so that
//! equivalent lands share one memo entry.
//!
//! Normal play: the first player wins iff p ≡ 3, 4, 5 (mod 6), checked by
//! Applegate, Jacobson and Sleator for p ≤ 11 (*Computer analysis of
//! Sprouts*, CMU-CS-91-144, 1991) and by Lemoine and Viennot for p ≤ 32.
//!
//! ```
//! use grundy::catalogue::Sprouts;
//! use grundy::game::Notation;
//! use grundy::solve::Search;
//! use grundy::game::Decompose;
//!
//! let start = Sprouts.parse_position("3").unwrap();
//! assert_eq!(Sprouts.format_position(&start), "0.0.0.}]");
//! let mut search = Search::with_decomposition(&Sprouts, grundy::solve::NormalPlay);
//! assert_eq!(search.nim_value(&start).unwrap(), 1); // 3 ≡ 3 (mod 6): a first-player win
//! // Two lands: a lone spot, and two spots in a loop's two sides.
//! let two = Sprouts.parse_position("0.}]AB.}AB.0.}]").unwrap();
//! let mut lands = Vec::new();
//! Sprouts.components(&two, &mut lands);
//! assert_eq!(lands.len(), 2);
//! ```

mod canonical;
#[cfg(test)]
mod exact;
mod land;
mod moves;
mod notation;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod tests;

use rustc_hash::FxHashSet;

use crate::error::Result;
use crate::game::{Decompose, Game, Notation, Options};
use crate::solve::pruned::{BytesKey, Canonical};
use land::Land;
pub use notation::MAX_SPROUTS_SPOTS;

/// Sprouts in normal (or, through the solvers, misère) play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sprouts;

/// A Sprouts position: the canonical texts of its lands, sorted and joined
/// (each ends with `]`). No lands: no move is left.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SproutsPosition(Box<str>);

impl SproutsPosition {
    /// The canonical texts of the lands, each ending with `]`.
    pub fn lands(&self) -> impl Iterator<Item = &str> + '_ {
        self.0.split_inclusive(']')
    }

    /// The lives of every spot: `0` three, `1` two, `2` one, a letter (seen
    /// twice) one.
    pub fn lives(&self) -> u32 {
        let letters = self.0.chars().filter(|c| c.is_alphabetic()).count() as u32;
        let digits: u32 = self
            .0
            .bytes()
            .map(|b| match b {
                b'0' => 3,
                b'1' => 2,
                b'2' => 1,
                _ => 0,
            })
            .sum();
        digits + letters.div_ceil(2)
    }

    /// The position made of these lands (canonical texts).
    fn from_lands(mut lands: Vec<String>) -> Self {
        lands.sort();
        SproutsPosition(lands.concat().into_boxed_str())
    }
}

/// The simplified, split and sorted form of the lands `lands`.
fn canonical(lands: Vec<Land>) -> SproutsPosition {
    let mut texts = Vec::new();
    for land in lands {
        canonical::canonical_lands(land, &mut texts);
    }
    SproutsPosition::from_lands(texts)
}

/// A land written in canonical text, read back (it is always valid).
fn land_of(text: &str) -> Land {
    let mut lands = notation::parse(text).expect("canonical texts parse");
    lands.pop().expect("one land")
}

impl Game for Sprouts {
    type Position = SproutsPosition;

    /// One option per distinct position a move in one land leaves.
    fn options(&self, position: &SproutsPosition, options: &mut Options<SproutsPosition>) {
        each_distinct_option(position, |option| {
            options.push(option.clone());
            false
        });
    }
}

/// Calls `visit` with each distinct position a move in one land of
/// `position` leaves (made, simplified and written in canonical text only
/// when reached), until it returns `true`.
fn each_distinct_option(position: &SproutsPosition, mut visit: impl FnMut(&SproutsPosition) -> bool) {
    let lands: Vec<&str> = position.lands().collect();
    let mut seen = FxHashSet::default();
    let mut texts = Vec::new();
    for (k, text) in lands.iter().enumerate() {
        let land = land_of(text);
        let stopped = moves::each_option(&land, |option| {
            texts.clear();
            texts.extend(lands.iter().enumerate().filter(|&(j, _)| j != k).map(|(_, t)| t.to_string()));
            canonical::canonical_lands(option, &mut texts);
            texts.sort_unstable();
            let option = SproutsPosition(texts.concat().into_boxed_str());
            if seen.contains(&option) {
                return false;
            }
            let stop = visit(&option);
            seen.insert(option);
            stop
        });
        if stopped {
            return;
        }
    }
}

impl Decompose for Sprouts {
    /// The lands, one component each.
    fn components(&self, position: &SproutsPosition, components: &mut Vec<SproutsPosition>) {
        components.extend(position.lands().map(|land| SproutsPosition(land.into())));
    }
}

/// Lands are the pruned search's components, keyed by their canonical text
/// (a string of any length: [`BytesKey`], compared whole, so a hash
/// collision never gives a wrong value). Equal texts are the same game, and
/// equivalent lands have equal texts (`canonical.rs`), so each land is
/// searched once.
impl Canonical for Sprouts {
    type Key = BytesKey;

    /// Each option is made only when the search reaches it: most questions
    /// are answered by the first few options (measured in BENCHMARKS.md).
    fn visit_options(
        &self,
        position: &SproutsPosition,
        _: &mut Options<SproutsPosition>,
        mut visit: impl FnMut(&[SproutsPosition]) -> bool,
    ) {
        each_distinct_option(position, |option| visit(std::slice::from_ref(option)));
    }

    fn key(&self, land: &SproutsPosition) -> BytesKey {
        BytesKey::new(land.0.as_bytes())
    }

    /// Options left as one land first, the biggest of them first; options
    /// split into several lands after, fewest lands first. The search
    /// values every land of an option exactly but the largest (asked only
    /// about the target their nim-sum leaves), and an exact value is a far
    /// bigger search than a yes-or-no question; the default order (smallest
    /// components first, good for Cram) tried the splits first. Measured
    /// on 7 spots, one thread: 1,579,975 positions expanded and 568 s with
    /// the default order, 184,145 and 33 s with this one (see
    /// docs/sprouts.md).
    fn difficulty(&self, sizes: impl Iterator<Item = u32>) -> u32 {
        let (lands, squares) = sizes.fold((0u32, 0u32), |(n, q), s| (n + 1, q + s * s));
        // A land has at most 3 × 22 = 66 lives: the squares fit 16 bits.
        (lands << 16) | (0xFFFF - squares.min(0xFFFF))
    }

    /// 128 positions, doubled each time an option is put off. The order
    /// above is a weak guess at which option is cheap to settle, and the
    /// costs vary by orders of magnitude. Measured on one thread
    /// (`solve sprouts P --value-only`; positions expanded and seconds),
    /// without patience: 6 spots 43,831 and 4.5 s, 7 spots 183,673 and
    /// 20.4 s, 8 spots not done in 25 minutes. With patience below the root:
    /// 7 spots 39,568 and 4.6 s, 8 spots 283,029 and 51 s, 9 spots 1,164,183
    /// and 331 s; with it at the root's questions too (as now): 47,169 and
    /// 5.9 s, 354,020 and 54 s, 494,774 and 88 s. 16, 64 or 256 at the
    /// start, or ×3, ×4, ×8 for the growth, were no better (docs/sprouts.md).
    fn patience(&self) -> Option<u64> {
        Some(128)
    }

    /// Lives: a land's play lasts at most as many moves.
    fn size(&self, land: &SproutsPosition) -> u32 {
        land.lives()
    }
}

impl Notation for Sprouts {
    /// `N` spots, or a position in Lemoine and Viennot's notation.
    fn parse_position(&self, text: &str) -> Result<SproutsPosition> {
        Ok(canonical(notation::parse(text)?))
    }

    /// The canonical text; `0` when no land is left.
    fn format_position(&self, position: &SproutsPosition) -> String {
        if position.0.is_empty() {
            "0".to_string()
        } else {
            position.0.to_string()
        }
    }
}
