//! A Sprouts land as the move generator and the canonical form see it:
//! spots with their lives, and regions made of boundaries.
//!
//! A *boundary* is the walk along one connected piece of drawing, seen from
//! inside a region, listing each *site* (a side of a spot facing the region)
//! in the order met with the region on the walker's left (Lemoine and
//! Viennot, *Computer analysis of Sprouts with nimbers*, Games of No Chance 4,
//! 2015, section 2). A spot with no line has one site, a spot with one line
//! one, with two lines two: so a spot is listed once, or twice when it has
//! used two lives and both its sides still face some region. A *region* is
//! a face of the drawing, given by its boundaries; a *land* is a set of
//! regions linked by spots they share. Moves in one land never change
//! another, so a position is the sum of its lands.

/// The walk around one piece of drawing: spot numbers, one per site.
pub(super) type Boundary = Vec<u8>;
/// A face of the drawing: its boundaries.
pub(super) type Region = Vec<Boundary>;

/// One land (or, before the canonical form splits it, several).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Land {
    /// `lives[s]`: the lines spot `s` may still take (3 minus its lines).
    pub(super) lives: Vec<u8>,
    pub(super) regions: Vec<Region>,
}

impl Land {
    /// `n` spots with no lines, all in one region.
    pub(super) fn spots(n: usize) -> Land {
        Land { lives: vec![3; n], regions: vec![(0..n as u8).map(|s| vec![s]).collect()] }
    }

    /// The lives of every spot that still has one.
    pub(super) fn total_lives(&self) -> u32 {
        self.lives.iter().map(|&l| u32::from(l)).sum()
    }
}

/// Letters for spots with one life seen twice: Latin, then Greek (51 in
/// all), so that every position of up to 22 spots can be written.
const LOWER: [char; 51] = letters('a', 'α');
/// Letters for spots shared by two regions (50: the Greek capitals have a
/// gap at U+03A2).
const UPPER: [char; 50] = {
    let latin: [char; 51] = letters('A', 'Α');
    let mut out = ['A'; 50];
    let mut i = 0;
    let mut k = 0;
    while i < 51 {
        if latin[i] as u32 != 0x3A2 {
            out[k] = latin[i];
            k += 1;
        }
        i += 1;
        if k == 50 {
            break;
        }
    }
    out
};

const fn letters(latin: char, greek: char) -> [char; 51] {
    let mut out = ['a'; 51];
    let mut i = 0;
    while i < 26 {
        out[i] = match char::from_u32(latin as u32 + i as u32) {
            Some(c) => c,
            None => panic!("a letter"),
        };
        i += 1;
    }
    while i < 51 {
        out[i] = match char::from_u32(greek as u32 + (i - 26) as u32) {
            Some(c) => c,
            None => panic!("a letter"),
        };
        i += 1;
    }
    out
}

/// The most letters of one case a land may need.
pub(super) const LETTERS: usize = 50;

/// The `k`-th letter for a spot seen twice in one region.
pub(super) fn lower(k: usize) -> char {
    LOWER[k]
}

/// The `k`-th letter for a spot shared by two regions.
pub(super) fn upper(k: usize) -> char {
    UPPER[k]
}

/// Which letter `c` is: `Some((shared, index))`.
pub(super) fn letter_index(c: char) -> Option<(bool, usize)> {
    if let Some(k) = LOWER.iter().position(|&l| l == c) {
        return Some((false, k));
    }
    UPPER.iter().position(|&l| l == c).map(|k| (true, k))
}

/// The most letters of one case any position reached from a land of
/// `lives` lives and `letters` lettered spots can need.
///
/// A lettered spot has exactly one life, so there are never more of them
/// than lives; each move costs the land one life (two line ends, one new
/// spot) and letters at most three spots (its ends and the new spot). After
/// m moves there are at most min(lives − m, letters + 3m) ≤ (3·lives +
/// letters) / 4.
pub(super) fn letters_needed(lives: u32, letters: u32) -> u32 {
    (3 * lives + letters).div_ceil(4)
}
