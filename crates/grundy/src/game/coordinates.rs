//! Numbering two-coordinate positions along anti-diagonals.

use crate::game::{Game, Indexed, Options};

/// The number of `(x, y)` when cells are listed diagonal by diagonal
/// (`x + y = 0, 1, 2, …`, and by `x` within a diagonal).
///
/// Any game whose moves lower `x + y` can be tabled in this order: every
/// option lies on an earlier diagonal.
///
/// ```
/// use grundy::game::{diagonal_index, diagonal_position};
/// assert_eq!(diagonal_index(0, 0), 0);
/// assert_eq!(diagonal_index(0, 1), 1);
/// assert_eq!(diagonal_index(1, 0), 2);
/// assert_eq!(diagonal_position(diagonal_index(17, 4)), (17, 4));
/// ```
pub fn diagonal_index(x: u64, y: u64) -> usize {
    let d = x + y;
    (d * (d + 1) / 2 + x) as usize
}

/// The inverse of [`diagonal_index`].
pub fn diagonal_position(index: usize) -> (u64, u64) {
    let i = index as u64;
    // The diagonal d is the largest with d(d+1)/2 ≤ i: estimate it in
    // floating point, then correct the estimate by at most a step or two.
    let mut d = ((((8 * i + 1) as f64).sqrt() as u64).saturating_sub(1)) / 2;
    while (d + 1) * (d + 2) / 2 <= i {
        d += 1;
    }
    while d * (d + 1) / 2 > i {
        d -= 1;
    }
    let x = i - d * (d + 1) / 2;
    (x, d - x)
}

/// A two-coordinate game in which no move raises either coordinate
/// (Wythoff's game, the Bomb Game).
///
/// Any rectangle from the origin is then closed under moves, and row-major
/// order goes down with every move: [`Rectangle`] tables exactly the cells
/// asked for, where diagonal order would table a whole triangle.
pub trait Monotone: Game {
    /// The cell `(x, y)` of a position, counted from 0.
    fn coordinates(&self, position: &Self::Position) -> (u64, u64);
    /// The position at cell `(x, y)`.
    fn at(&self, x: u64, y: u64) -> Self::Position;
}

/// The cells `0..rows × 0..cols` of a [`Monotone`] game, numbered row by row.
///
/// ```
/// use grundy::catalogue::Wythoff;
/// use grundy::game::Rectangle;
/// use grundy::solve::{dense::solve_dense, NormalPlay};
/// let rectangle = Rectangle::new(&Wythoff, 11, 21);
/// let values = solve_dense(&rectangle, NormalPlay, rectangle.len()).unwrap();
/// assert_eq!(values[10 * 21 + 6], 0); // (10, 6) is a P-position
/// ```
pub struct Rectangle<'g, G> {
    game: &'g G,
    rows: u64,
    cols: u64,
}

impl<'g, G: Monotone> Rectangle<'g, G> {
    pub fn new(game: &'g G, rows: u64, cols: u64) -> Self {
        Rectangle { game, rows, cols }
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        (self.rows * self.cols) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<G: Monotone> Game for Rectangle<'_, G> {
    type Position = G::Position;
    fn options(&self, position: &G::Position, options: &mut Options<G::Position>) {
        self.game.options(position, options)
    }
}

/// Cells outside the rectangle are numbered past its end, so that the
/// table solver reports them instead of reading a wrong value.
impl<G: Monotone> Indexed for Rectangle<'_, G> {
    fn index(&self, position: &G::Position) -> usize {
        let (x, y) = self.game.coordinates(position);
        if x < self.rows && y < self.cols {
            (x * self.cols + y) as usize
        } else {
            usize::MAX
        }
    }
    fn position(&self, index: usize) -> G::Position {
        self.game.at(index as u64 / self.cols, index as u64 % self.cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_is_dense() {
        for i in 0..100_000 {
            let (x, y) = diagonal_position(i);
            assert_eq!(diagonal_index(x, y), i);
        }
        let big = diagonal_index(3_000_000, 1_000_000);
        assert_eq!(diagonal_position(big), (3_000_000, 1_000_000));
    }
}
