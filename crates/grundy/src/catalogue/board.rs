//! A token on a board, moved by leapers and riders.

use crate::error::{shortened, Error, Result};
use crate::game::{diagonal_index, parse_pair, Notation};
use crate::game::{Game, Goal, Indexed, Options, Outcome};

/// A cell `(x, y)`: row `x`, column `y`, counted from 0.
pub type Cell = (u32, u32);

/// A step `(dx, dy)`.
pub type Step = (i32, i32);

/// The board a token moves on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Board {
    /// All cells with `x ≥ 0` and `y ≥ 0`.
    QuarterPlane,
    /// `rows × cols` cells.
    Bounded { rows: u32, cols: u32 },
}

/// A token on a board. *Leapers* jump by a fixed step; *riders* slide any
/// positive number of steps in a direction, stopping at the edge. A player
/// who cannot move loses (normal play) — unless the game has a **goal**:
/// then the game ends when the token reaches it (the mover wins), and being
/// stuck anywhere else is a draw (Life Winner Bo).
///
/// Play must end, so the steps must lie in an open half-plane: there is a
/// *potential* `a·x + b·y` that every step lowers. The constructor finds one
/// (or explains why there is none); it also orders the table solver's
/// positions. On the quarter plane `a` and `b` must be positive, which also
/// makes every region `a·x + b·y ≤ c` finite and closed under moves.
///
/// ```
/// use grundy::catalogue::{Board, BoardGame};
/// use grundy::solve::Search;
/// // A rook moving up or left is two-heap Nim: nim-value x ⊕ y.
/// let rook = BoardGame::new(Board::QuarterPlane, vec![], vec![(-1, 0), (0, -1)]).unwrap();
/// let mut search = Search::normal_play(&rook);
/// assert_eq!(search.nim_value(&(5, 3)).unwrap(), 5 ^ 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardGame {
    board: Board,
    leaps: Vec<Step>,
    rides: Vec<Step>,
    goal: Option<Cell>,
    potential: (i64, i64),
}

impl BoardGame {
    pub fn new(board: Board, mut leaps: Vec<Step>, mut rides: Vec<Step>) -> Result<Self> {
        if let Board::Bounded { rows, cols } = board {
            if rows == 0 || cols == 0 {
                return Err(Error::InvalidGame(format!("a board of {rows}×{cols} has no cells")));
            }
        }
        for &step in leaps.iter().chain(&rides) {
            if step == (0, 0) {
                return Err(Error::InvalidGame("the step (0,0) does not move the token".into()));
            }
        }
        leaps.sort_unstable();
        leaps.dedup();
        rides.sort_unstable();
        rides.dedup();
        let potential = find_potential(board, leaps.iter().chain(&rides)).ok_or_else(|| {
            Error::InvalidGame(match board {
                Board::QuarterPlane => "with these steps play on the quarter plane need not end: some of them, repeated, never come nearer the corner (no a·x + b·y with positive a, b is lowered by every step)",
                Board::Bounded { .. } => "with these steps play need not end: some of them, repeated, come back where they started on a board large enough (no a·x + b·y is lowered by every step)",
            }.into())
        })?;
        Ok(BoardGame { board, leaps, rides, goal: None, potential })
    }

    /// Makes `goal` the goal: reaching it wins, being stuck elsewhere draws.
    pub fn with_goal(mut self, goal: Cell) -> Result<Self> {
        if !self.contains(goal) {
            return Err(Error::InvalidGame(format!("the goal ({},{}) is not on the board", goal.0, goal.1)));
        }
        self.goal = Some(goal);
        Ok(self)
    }

    pub fn board(&self) -> Board {
        self.board
    }

    pub fn goal(&self) -> Option<Cell> {
        self.goal
    }

    pub fn leaps(&self) -> &[Step] {
        &self.leaps
    }

    pub fn rides(&self) -> &[Step] {
        &self.rides
    }

    /// Whether `cell` is on the board.
    pub fn contains(&self, (x, y): Cell) -> bool {
        match self.board {
            Board::QuarterPlane => true,
            Board::Bounded { rows, cols } => x < rows && y < cols,
        }
    }

    #[inline]
    fn step(&self, (x, y): Cell, (dx, dy): Step) -> Option<Cell> {
        let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
        let (rows, cols) = match self.board {
            Board::QuarterPlane => (u32::MAX as i64 + 1, u32::MAX as i64 + 1),
            Board::Bounded { rows, cols } => (rows as i64, cols as i64),
        };
        (0 <= nx && nx < rows && 0 <= ny && ny < cols).then_some((nx as u32, ny as u32))
    }

    /// (In `i128`: a potential's coefficients can be as large as the
    /// steps, and the cells as far as `u32` goes.)
    fn potential_of(&self, (x, y): Cell) -> i128 {
        i128::from(self.potential.0) * i128::from(x) + i128::from(self.potential.1) * i128::from(y)
    }

    /// An upper bound on the cells play can reach from `cell` (itself
    /// included), counted up to `cap` (a larger count is returned as
    /// `cap + 1`): the cells of the board whose potential is at most the
    /// start's, since every move lowers it. Lets a front end refuse a
    /// search too big for its limits before starting it.
    pub fn reachable_bound(&self, cell: Cell, cap: u128) -> u128 {
        let (a, b) = self.potential;
        let (rows, cols) = match self.board {
            Board::QuarterPlane => (u64::MAX, u64::MAX),
            Board::Bounded { rows, cols } => (rows as u64, cols as u64),
        };
        if a <= 0 || b <= 0 {
            // A bounded board with a potential of any sign: the whole board.
            return (rows as u128 * cols as u128).min(cap + 1);
        }
        let (a, b) = (a as u128, b as u128);
        let start = self.potential_of(cell).max(0) as u128;
        // Steps that never move away from either edge (the king's, the
        // queen's) keep play in the rectangle below the start: a tighter
        // bound than the potential's triangle, which counted twice the
        // cells of `king 8000,8000` and refused it.
        let toward_corner = self.leaps.iter().chain(&self.rides).all(|&(dx, dy)| dx <= 0 && dy <= 0);
        let (rows, cols) = match toward_corner {
            true => ((cell.0 as u64 + 1).min(rows), (cell.1 as u64 + 1).min(cols)),
            false => (rows, cols),
        };
        let mut count: u128 = 0;
        let mut x: u128 = 0;
        // Each column x holds the cells y with a·x + b·y ≤ start.
        while a * x <= start && x < rows as u128 {
            count += ((start - a * x) / b + 1).min(cols as u128);
            if count > cap {
                return cap + 1;
            }
            x += 1;
        }
        count
    }

    /// The region to table for questions about cells in `rows × cols`
    /// (from the corner): on a bounded board the whole board, on the quarter
    /// plane every cell whose potential is at most that of the far corner —
    /// a region that moves never leave.
    pub fn region(&self, rows: u32, cols: u32) -> Result<BoardRegion<'_>> {
        BoardRegion::new(self, rows, cols)
    }
}

/// The potential `(a, b)` with the smallest `|a| + |b|` that every step
/// lowers (`a·dx + b·dy < 0`), positive on the quarter plane, any sign on a
/// bounded board (positive where one is as small as any); `None` if there
/// is none, which is exactly when some steps, repeated, add up to no move
/// at all (bounded board) or to one away from the corner (quarter plane).
///
/// Exact, by quadrants: `(±1, 0)` and `(0, ±1)` are tried first; inside a
/// quadrant, with `a = σ·a′`, `b = τ·b′` and `a′, b′ > 0`, each step bounds
/// the slope `λ = b′ / a′` from one side, so the potentials there are the
/// slopes of an open interval, and the simplest fraction in it
/// ([`simplest_between`]) has the smallest numerator and the smallest
/// denominator at once: the smallest `a′ + b′`.
fn find_potential<'a>(board: Board, steps: impl Iterator<Item = &'a Step> + Clone) -> Option<(i64, i64)> {
    let lowers = |(a, b): (i64, i64)| steps.clone().all(|&(dx, dy)| a * i64::from(dx) + b * i64::from(dy) < 0);
    let in_quadrant = |(sa, sb): (i64, i64)| {
        // λ in (lo, hi), fractions as (numerator, denominator); hi = 1/0 is ∞.
        let (mut lo, mut hi) = ((0i128, 1i128), (1i128, 0i128));
        for &(dx, dy) in steps.clone() {
            let (tx, ty) = (sa * i64::from(dx), sb * i64::from(dy));
            let (tx, ty) = (i128::from(tx), i128::from(ty));
            match ty.signum() {
                // tx + λ·ty < 0: λ < −tx/ty.
                1 if -tx <= 0 => return None,
                1 if -tx * hi.1 < hi.0 * ty => hi = (-tx, ty),
                // λ > tx/(−ty).
                -1 if tx * lo.1 > lo.0 * -ty => lo = (tx, -ty),
                0 if tx >= 0 => return None,
                _ => {}
            }
        }
        let below = |(p, q): (i128, i128), (r, s): (i128, i128)| s == 0 || p * s < r * q;
        if !below(lo, hi) {
            return None;
        }
        let (b, a) = simplest_between(lo, hi);
        let (a, b) = (i64::try_from(a).ok()?, i64::try_from(b).ok()?);
        Some((sa * a, sb * b))
    };
    let size = |(a, b): (i64, i64)| a.unsigned_abs() + b.unsigned_abs();
    let positive = in_quadrant((1, 1));
    if board == Board::QuarterPlane {
        return positive;
    }
    let axes = [(0, -1), (-1, 0), (1, 0), (0, 1)].into_iter().find(|&axis| lowers(axis));
    let others = [(1, -1), (-1, 1), (-1, -1)].into_iter().filter_map(in_quadrant);
    // (`min_by_key` keeps the first of equals: positive, then axes.)
    positive.into_iter().chain(axes).chain(others).min_by_key(|&p| size(p))
}

/// The simplest fraction strictly between `lo` and `hi` (fractions as
/// `(numerator, denominator)`, `0 ≤ lo < hi`, `hi` possibly `(1, 0)`, ∞):
/// the one with the smallest denominator, which also has the smallest
/// numerator (the Stern–Brocot tree: each fraction in the interval
/// descends from it). By continued fractions: the least whole number above
/// `lo` if it is below `hi`; else `n + 1 / x`, `n` the whole part both
/// share, `x` the simplest between the inverted remainders.
fn simplest_between(lo: (i128, i128), hi: (i128, i128)) -> (i128, i128) {
    let n = lo.0 / lo.1;
    // n + 1 < hi?
    if hi.1 == 0 || (n + 1) * hi.1 < hi.0 {
        return (n + 1, 1);
    }
    // lo = n + (lo − n), hi ≤ n + 1: the remainders invert to an interval
    // (1 / (hi − n), 1 / (lo − n)), the upper end ∞ when lo is n.
    let (lo_rest, hi_rest) = ((lo.0 - n * lo.1, lo.1), (hi.0 - n * hi.1, hi.1));
    let (p, q) = simplest_between((hi_rest.1, hi_rest.0), (lo_rest.1, lo_rest.0));
    // n + 1 / (p / q) = (n·p + q) / p
    (n * p + q, p)
}

impl Game for BoardGame {
    type Position = Cell;

    fn options(&self, &cell: &Cell, options: &mut Options<Cell>) {
        if self.goal == Some(cell) {
            return;
        }
        for &step in &self.leaps {
            if let Some(target) = self.step(cell, step) {
                options.push(target);
            }
        }
        for &step in &self.rides {
            let mut at = cell;
            while let Some(target) = self.step(at, step) {
                options.push(target);
                at = target;
            }
        }
    }

    /// A leap or the first step of a ride stays on the board: a rider's
    /// options are not listed to know it has one.
    fn can_move(&self, &cell: &Cell) -> bool {
        self.goal != Some(cell) && self.leaps.iter().chain(&self.rides).any(|&step| self.step(cell, step).is_some())
    }
}

impl Goal for BoardGame {
    fn stuck_outcome(&self, &cell: &Cell) -> Outcome {
        match self.goal {
            Some(goal) if goal != cell => Outcome::Draw,
            _ => Outcome::P,
        }
    }
}

impl Notation for BoardGame {
    fn parse_position(&self, text: &str) -> Result<Cell> {
        let cell: Cell = parse_pair(text, "a cell x,y (row, column, from 0)")?;
        if !self.contains(cell) {
            return Err(Error::InvalidPosition(format!("the cell {} is not on the board", shortened(text))));
        }
        Ok(cell)
    }
    fn format_position(&self, &(x, y): &Cell) -> String {
        format!("{x},{y}")
    }
}

/// The largest region a [`BoardRegion`] may hold, in cells.
pub const MAX_REGION_CELLS: u64 = 1 << 28;

/// A finite region of a [`BoardGame`] closed under moves, numbered so that
/// every move goes to a lower number and the table solver can fill it
/// bottom-up.
pub struct BoardRegion<'g> {
    game: &'g BoardGame,
    /// The region's bounding box.
    rows: u32,
    cols: u32,
    order: Order,
}

/// How a region numbers its cells; the cheapest order that is valid wins.
enum Order {
    /// No step raises a coordinate: the box itself is closed under moves
    /// and row-major order goes down with every move.
    RowMajor,
    /// Potential `x + y` on the quarter plane: the triangle `x + y ≤ far`,
    /// numbered diagonal by diagonal ([`diagonal_index`]). The cells are
    /// listed in order the first time a number's cell is asked for, so that
    /// it costs no square root; paths that only count never build the list.
    Diagonal { far: u64, cells: std::cell::OnceCell<Vec<Cell>> },
    /// Any other potential: cells counting-sorted by potential.
    Sorted { cells: Vec<Cell>, rank: Vec<u32> },
}

impl<'g> BoardRegion<'g> {
    fn new(game: &'g BoardGame, rows: u32, cols: u32) -> Result<Self> {
        let too_large = |needed: u64| Error::TooLarge {
            what: "the board region".into(),
            needed: needed as u128,
            limit: MAX_REGION_CELLS as u128,
            unit: "cells",
        };
        let monotone = game.leaps.iter().chain(&game.rides).all(|&(dx, dy)| dx <= 0 && dy <= 0);
        let (rows, cols, limit) = match game.board {
            Board::Bounded { rows, cols } => (rows, cols, i128::MAX),
            Board::QuarterPlane if monotone => (rows.max(1), cols.max(1), i128::MAX),
            Board::QuarterPlane => {
                let far = game.potential_of((rows.max(1) - 1, cols.max(1) - 1));
                let (a, b) = (i128::from(game.potential.0), i128::from(game.potential.1));
                let (rows, cols) = (far / a + 1, far / b + 1);
                if rows > u32::MAX as i128 || cols > u32::MAX as i128 {
                    return Err(too_large(rows.saturating_mul(cols).min(u64::MAX as i128) as u64));
                }
                (rows as u32, cols as u32, far)
            }
        };
        let box_cells = rows as u64 * cols as u64;
        if box_cells > MAX_REGION_CELLS {
            return Err(too_large(box_cells));
        }
        let order = if monotone {
            Order::RowMajor
        } else if game.board == Board::QuarterPlane && game.potential == (1, 1) {
            Order::Diagonal { far: limit as u64, cells: std::cell::OnceCell::new() }
        } else {
            Self::sorted(game, rows, cols, limit)
        };
        Ok(BoardRegion { game, rows, cols, order })
    }

    /// Cells of the box with potential at most `limit`, sorted by
    /// potential (stably: row-major among equals); counting-sorted when the
    /// potentials take few values per cell, as small potentials do.
    fn sorted(game: &BoardGame, rows: u32, cols: u32, limit: i128) -> Order {
        let in_region = |cell: Cell| game.potential_of(cell) <= limit;
        let cells_of_box = || (0..rows).flat_map(move |x| (0..cols).map(move |y| (x, y)));
        let low = cells_of_box().map(|c| game.potential_of(c)).min().unwrap_or(0);
        let high = cells_of_box().filter(|&c| in_region(c)).map(|c| game.potential_of(c)).max().unwrap_or(low);
        let mut rank = vec![u32::MAX; rows as usize * cols as usize];
        if high - low > 4 * rank.len() as i128 + 1024 {
            let mut cells: Vec<Cell> = cells_of_box().filter(|&c| in_region(c)).collect();
            cells.sort_by_key(|&cell| game.potential_of(cell));
            for (i, cell) in cells.iter().enumerate() {
                rank[cell.0 as usize * cols as usize + cell.1 as usize] = i as u32;
            }
            return Order::Sorted { cells, rank };
        }
        let mut start = vec![0u32; (high - low) as usize + 2];
        for cell in cells_of_box().filter(|&c| in_region(c)) {
            start[(game.potential_of(cell) - low) as usize + 1] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut cells = vec![(0, 0); start[start.len() - 1] as usize];
        for cell in cells_of_box().filter(|&c| in_region(c)) {
            let slot = &mut start[(game.potential_of(cell) - low) as usize];
            cells[*slot as usize] = cell;
            rank[cell.0 as usize * cols as usize + cell.1 as usize] = *slot;
            *slot += 1;
        }
        Order::Sorted { cells, rank }
    }

    /// How many cells the region holds.
    pub fn len(&self) -> usize {
        match &self.order {
            Order::RowMajor => self.rows as usize * self.cols as usize,
            Order::Diagonal { far, .. } => ((far + 1) * (far + 2) / 2) as usize,
            Order::Sorted { cells, .. } => cells.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether `cell` lies in the region.
    pub fn contains(&self, cell: Cell) -> bool {
        self.number(cell).is_some()
    }

    /// The nim-value of every cell, in the region's order.
    ///
    /// For leapers in normal play this is a tight loop: a cell has at most
    /// one option per step, so its mex is below 64 whenever there are fewer
    /// than 64 steps, and one 64-bit mask holds the options' values. No
    /// option buffers, no generic rule: several times faster than
    /// [`solve_dense`](crate::solve::dense::solve_dense), which remains the
    /// path for riders and goals and the oracle the tests compare with.
    pub fn nim_values(&self) -> Result<Vec<u64>> {
        if !self.game.rides.is_empty() || self.game.goal.is_some() || self.game.leaps.len() >= 64 {
            return crate::solve::dense::solve_dense(self, crate::solve::NormalPlay, self.len());
        }
        // Values below 64 fit a byte: a table an eighth the size stays in cache.
        let mut values: Vec<u8> = Vec::new();
        values.try_reserve_exact(self.len()).map_err(|_| Error::TooLarge {
            what: "the board region's values (out of memory)".into(),
            needed: self.len() as u128,
            limit: 0,
            unit: "values",
        })?;
        if let Order::Diagonal { far, .. } = self.order {
            // Diagonal order on the quarter plane: a step lands on an earlier
            // diagonal, numbered by arithmetic alone; only the edges x, y ≥ 0 bind.
            let steps: Vec<(i64, i64)> = self.game.leaps.iter().map(|&(dx, dy)| (dx as i64, dy as i64)).collect();
            for d in 0..=far as i64 {
                for x in 0..=d {
                    let y = d - x;
                    let mut seen = 0u64;
                    for &(dx, dy) in &steps {
                        let (nx, ny) = (x + dx, y + dy);
                        if nx >= 0 && ny >= 0 {
                            seen |= 1 << values[diagonal_index(nx as u64, ny as u64)];
                        }
                    }
                    values.push((!seen).trailing_zeros() as u8);
                }
            }
            return Ok(values.into_iter().map(u64::from).collect());
        }
        for index in 0..self.len() {
            let cell = self.position(index);
            let mut seen = 0u64;
            for &step in &self.game.leaps {
                if let Some(target) = self.game.step(cell, step) {
                    // Regions are closed under moves and numbered so that play goes down.
                    let option = self
                        .number(target)
                        .filter(|&o| o < index)
                        .ok_or(Error::NotTopological { index, option: usize::MAX })?;
                    seen |= 1 << values[option];
                }
            }
            values.push((!seen).trailing_zeros() as u8);
        }
        let values = values.into_iter().map(u64::from).collect();
        Ok(values)
    }

    #[inline]
    fn number(&self, (x, y): Cell) -> Option<usize> {
        if x >= self.rows || y >= self.cols {
            return None;
        }
        match &self.order {
            Order::RowMajor => Some(x as usize * self.cols as usize + y as usize),
            Order::Diagonal { far, .. } => (x as u64 + y as u64 <= *far).then(|| diagonal_index(x as u64, y as u64)),
            Order::Sorted { rank, .. } => {
                let rank = rank[x as usize * self.cols as usize + y as usize];
                (rank != u32::MAX).then_some(rank as usize)
            }
        }
    }
}

impl Game for BoardRegion<'_> {
    type Position = Cell;
    fn options(&self, cell: &Cell, options: &mut Options<Cell>) {
        self.game.options(cell, options)
    }
}

impl Goal for BoardRegion<'_> {
    fn stuck_outcome(&self, cell: &Cell) -> Outcome {
        self.game.stuck_outcome(cell)
    }
}

/// Cells outside the region are numbered past its end, so that the table
/// solver reports a broken order instead of reading a wrong value.
impl Indexed for BoardRegion<'_> {
    fn index(&self, &cell: &Cell) -> usize {
        self.number(cell).unwrap_or(usize::MAX)
    }
    fn position(&self, index: usize) -> Cell {
        match &self.order {
            Order::RowMajor => ((index / self.cols as usize) as u32, (index % self.cols as usize) as u32),
            Order::Diagonal { far, cells } => {
                cells.get_or_init(|| (0..=*far as u32).flat_map(|d| (0..=d).map(move |x| (x, d - x))).collect())[index]
            }
            Order::Sorted { cells, .. } => cells[index],
        }
    }
}

/// `Game` and `Notation` for a piece with a closed form (the rook as Nim,
/// the king): it moves and is written exactly as its board game, which
/// its `board_game()` returns; only its values come from elsewhere.
macro_rules! moves_as_its_board_game {
    ($piece:ty) => {
        impl crate::game::Game for $piece {
            type Position = crate::catalogue::Cell;

            fn options(&self, cell: &Self::Position, options: &mut crate::game::Options<Self::Position>) {
                self.board_game().options(cell, options)
            }

            fn can_move(&self, cell: &Self::Position) -> bool {
                self.board_game().can_move(cell)
            }
        }

        impl crate::game::Notation for $piece {
            fn parse_position(&self, text: &str) -> crate::error::Result<Self::Position> {
                self.board_game().parse_position(text)
            }
            fn format_position(&self, cell: &Self::Position) -> String {
                self.board_game().format_position(cell)
            }
        }
    };
}
pub(crate) use moves_as_its_board_game;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{dense::solve_dense, GoalPlay, NormalPlay, Search};

    use crate::catalogue::Piece;

    /// The bound against the cells search reaches, on small boards, and
    /// exactly the rectangle for steps toward the corner (the king from
    /// (8000, 8000): 8001², where the potential's triangle gave twice that).
    #[test]
    fn the_reachable_bound_holds_and_is_the_rectangle_toward_the_corner() {
        let king = BoardGame::new(Board::QuarterPlane, vec![(-1, 0), (0, -1), (-1, -1)], vec![]).unwrap();
        assert_eq!(king.reachable_bound((8000, 8000), u128::MAX - 1), 8001 * 8001);
        assert_eq!(king.reachable_bound((3, 0), 100), 4);
        let games = [
            king,
            BoardGame::new(Board::QuarterPlane, vec![(-1, 2), (-2, -3)], vec![]).unwrap(),
            BoardGame::new(Board::Bounded { rows: 9, cols: 13 }, vec![(-1, 2), (-2, -1), (1, -3)], vec![]).unwrap(),
            BoardGame::new(Board::Bounded { rows: 20, cols: 20 }, vec![], vec![(-1, 0), (0, -1)]).unwrap(),
        ];
        for game in &games {
            for cell in [(0, 0), (5, 7), (8, 3), (8, 12)] {
                if !game.contains(cell) {
                    continue;
                }
                let mut seen = std::collections::HashSet::from([cell]);
                let mut stack = vec![cell];
                let mut options = Options::new();
                while let Some(at) = stack.pop() {
                    options.clear();
                    game.options(&at, &mut options);
                    for &next in options.parts() {
                        if seen.insert(next) {
                            stack.push(next);
                        }
                    }
                }
                assert!(seen.len() as u128 <= game.reachable_bound(cell, 1 << 40), "{cell:?}");
            }
        }
    }

    #[test]
    fn table_and_search_agree_on_leapers_and_riders() {
        let games = [
            Piece::HYPER_KNIGHT.game(Board::QuarterPlane).unwrap(),
            BoardGame::new(Board::Bounded { rows: 9, cols: 13 }, vec![(-1, 2), (-2, -1), (1, -3)], vec![(-1, -1)])
                .unwrap(),
            BoardGame::new(Board::QuarterPlane, vec![(-1, 0), (0, -1), (-1, -1)], vec![]).unwrap(),
            BoardGame::new(Board::Bounded { rows: 20, cols: 20 }, vec![], vec![(-1, 0), (0, -1), (-1, -1)]).unwrap(),
            BoardGame::new(Board::Bounded { rows: 12, cols: 12 }, vec![(1, 1), (2, -1)], vec![(0, 1)]).unwrap(),
        ];
        for game in &games {
            let region = game.region(20, 20).unwrap();
            let table = solve_dense(&region, NormalPlay, region.len()).unwrap();
            let mut search = Search::normal_play(game);
            for (i, value) in table.iter().enumerate() {
                let cell = region.position(i);
                assert_eq!(region.index(&cell), i);
                assert_eq!(search.nim_value(&cell).unwrap(), *value, "{game:?} at {cell:?}");
            }
        }
    }

    #[test]
    fn the_leaper_fast_path_matches_the_table_solver() {
        let games = [
            Piece::HYPER_KNIGHT.game(Board::QuarterPlane).unwrap(),
            BoardGame::new(Board::Bounded { rows: 9, cols: 13 }, vec![(-1, 2), (-2, -1), (1, -3)], vec![]).unwrap(),
            BoardGame::new(Board::QuarterPlane, vec![(-1, 0), (0, -1), (-1, -1)], vec![]).unwrap(),
            BoardGame::new(Board::QuarterPlane, vec![(-1, 2), (-2, -3)], vec![]).unwrap(),
            BoardGame::new(Board::Bounded { rows: 12, cols: 12 }, vec![(1, 1), (2, -1)], vec![(0, 1)]).unwrap(),
        ];
        for game in &games {
            let region = game.region(40, 40).unwrap();
            let general = solve_dense(&region, NormalPlay, region.len()).unwrap();
            assert_eq!(region.nim_values().unwrap(), general, "{game:?}");
        }
    }

    #[test]
    fn queen_moving_toward_the_corner_is_wythoff() {
        let queen = BoardGame::new(Board::QuarterPlane, vec![], vec![(-1, 0), (0, -1), (-1, -1)]).unwrap();
        let mut search = Search::normal_play(&queen);
        let rules = crate::testing::wythoff_by_the_rules(25);
        for x in 0..25 {
            for y in 0..25 {
                assert_eq!(search.nim_value(&(x, y)).unwrap(), rules[x as usize][y as usize], "({x}, {y})");
            }
        }
    }

    #[test]
    fn the_potential_is_the_smallest_there_is() {
        // Against trying every (a, b) by |a| + |b|: steps of at most 4 a
        // coordinate bound slopes with terms of at most 4, and the simplest
        // fraction between two of those has terms of at most 8, so 40 is
        // past any smallest potential; finding none there means none.
        let by_trying = |board: Board, steps: &[Step]| {
            let lowers = |a: i64, b: i64| steps.iter().all(|&(dx, dy)| a * i64::from(dx) + b * i64::from(dy) < 0);
            (1..=40i64).find_map(|size| {
                let positive = (1..size).map(|a| (a, size - a)).find(|&(a, b)| lowers(a, b));
                match board {
                    Board::QuarterPlane => positive,
                    Board::Bounded { .. } => positive.or_else(|| {
                        (-size..=size)
                            .flat_map(|a| [(a, size - a.abs()), (a, a.abs() - size)])
                            .find(|&(a, b)| lowers(a, b))
                    }),
                }
            })
        };
        let mut random = crate::testing::Xorshift::new(27);
        let mut found = [0, 0];
        for round in 0..4000 {
            let board = if round % 2 == 0 { Board::QuarterPlane } else { Board::Bounded { rows: 9, cols: 9 } };
            let steps: Vec<Step> = (0..1 + random.below(4))
                .map(|_| (random.below(9) as i32 - 4, random.below(9) as i32 - 4))
                .filter(|&step| step != (0, 0))
                .collect();
            let exact = find_potential(board, steps.iter());
            let tried = by_trying(board, &steps);
            let size = |p: Option<(i64, i64)>| p.map(|(a, b)| a.abs() + b.abs());
            assert_eq!(size(exact), size(tried), "{board:?} {steps:?}: {exact:?} against {tried:?}");
            if let Some((a, b)) = exact {
                assert!(
                    steps.iter().all(|&(dx, dy)| a * i64::from(dx) + b * i64::from(dy) < 0),
                    "{steps:?}: {exact:?}"
                );
                assert!(board != Board::QuarterPlane || (a > 0 && b > 0));
            }
            found[usize::from(exact.is_some())] += 1;
        }
        assert!(found[0] > 500 && found[1] > 500, "{found:?}");
        // Far past any search by size: 1001·x + 1003·y is the smallest.
        let thin = find_potential(Board::Bounded { rows: 9, cols: 9 }, [(502, -501), (-501, 500)].iter());
        assert_eq!(thin, Some((1001, 1003)));
    }

    #[test]
    fn steps_that_can_cycle_are_refused() {
        let err = BoardGame::new(Board::Bounded { rows: 8, cols: 8 }, vec![(1, 0), (-1, 0)], vec![]).unwrap_err();
        assert!(err.to_string().contains("play need not end"));
        // Fine on a bounded board (potential −y), endless on the quarter plane.
        assert!(BoardGame::new(Board::Bounded { rows: 8, cols: 8 }, vec![(1, -1), (-1, -1)], vec![]).is_ok());
        assert!(BoardGame::new(Board::QuarterPlane, vec![(0, 1)], vec![]).is_err());
        assert!(BoardGame::new(Board::QuarterPlane, vec![(0, 0)], vec![]).is_err());
        assert!(BoardGame::new(Board::Bounded { rows: 0, cols: 3 }, vec![(-1, 0)], vec![]).is_err());
    }

    #[test]
    fn a_goal_makes_stuck_cells_draws() {
        // A knight racing to the corner: stuck off the corner is a draw.
        let knight =
            BoardGame::new(Board::QuarterPlane, vec![(-1, -2), (-2, -1)], vec![]).unwrap().with_goal((0, 0)).unwrap();
        let mut search = Search::goal_play(&knight);
        assert_eq!(search.outcome(&(0, 0)).unwrap(), Outcome::P);
        assert_eq!(search.outcome(&(1, 2)).unwrap(), Outcome::N);
        assert_eq!(search.outcome(&(3, 3)).unwrap(), Outcome::P);
        assert_eq!(search.outcome(&(1, 1)).unwrap(), Outcome::Draw);
        let region = knight.region(30, 30).unwrap();
        let table = solve_dense(&region, GoalPlay, region.len()).unwrap();
        for (i, outcome) in table.iter().enumerate() {
            assert_eq!(search.outcome(&region.position(i)).unwrap(), *outcome);
        }
    }

    #[test]
    fn each_order_is_chosen_where_it_is_valid() {
        let king = BoardGame::new(Board::QuarterPlane, vec![(-1, 0), (0, -1)], vec![]).unwrap();
        assert!(matches!(king.region(5, 7).unwrap().order, Order::RowMajor));
        let hyper = Piece::HYPER_KNIGHT.game(Board::QuarterPlane).unwrap();
        let region = hyper.region(10, 10).unwrap();
        assert!(matches!(region.order, Order::Diagonal { far: 18, .. }));
        assert_eq!(region.len(), 190);
        let skew = BoardGame::new(Board::QuarterPlane, vec![(-1, 2)], vec![]).unwrap();
        assert_eq!(skew.potential, (3, 1));
        assert!(matches!(skew.region(4, 4).unwrap().order, Order::Sorted { .. }));
    }

    #[test]
    fn huge_regions_are_refused() {
        let king = BoardGame::new(Board::QuarterPlane, vec![(-1, 0), (0, -1)], vec![]).unwrap();
        assert!(matches!(king.region(1 << 20, 1 << 20), Err(Error::TooLarge { .. })));
    }
}
