//! The minesweeper game (HDU 4678 "Mine") and its decomposition.

use super::notation::Notation;
use crate::error::{Error, Result};
use crate::game::{Decompose, Game, Goal, Options};

/// The largest field accepted, in cells.
pub const MAX_FIELD_CELLS: u64 = 1 << 28;

/// A minesweeper field: its size, its mines, and the number every other
/// cell shows (mines among its 8 neighbours). A cell showing 0 is *blank*.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minefield {
    rows: u32,
    cols: u32,
    mine: Vec<bool>,
    count: Vec<u8>,
}

impl Minefield {
    /// A `rows × cols` field with mines at the given `(row, column)` cells
    /// (counted from 0; a mine listed twice is one mine).
    pub fn new(rows: u32, cols: u32, mines: impl IntoIterator<Item = (u32, u32)>) -> Result<Self> {
        let cells = rows as u64 * cols as u64;
        if rows == 0 || cols == 0 {
            return Err(Error::InvalidGame(format!("a field of {rows}×{cols} has no cells")));
        }
        if cells > MAX_FIELD_CELLS {
            return Err(Error::TooLarge {
                what: "the minefield".into(),
                needed: cells as u128,
                limit: MAX_FIELD_CELLS as u128,
            });
        }
        let mut field = Minefield { rows, cols, mine: vec![false; cells as usize], count: vec![0; cells as usize] };
        for (x, y) in mines {
            if x >= rows || y >= cols {
                return Err(Error::InvalidPosition(format!("the mine ({x},{y}) is off the {rows}×{cols} field")));
            }
            let cell = field.cell(x, y);
            if field.mine[cell] {
                continue;
            }
            field.mine[cell] = true;
            for neighbour in field.neighbours(cell) {
                field.count[neighbour] += 1;
            }
        }
        Ok(field)
    }

    /// Reads a field drawn as rows of `*` (mine) and `.` (no mine),
    /// separated by `/` or new lines.
    ///
    /// ```
    /// use grundy::catalogue::Minefield;
    /// let field = Minefield::parse("..*/.../...").unwrap();
    /// assert_eq!(field.size(), (3, 3));
    /// assert_eq!(field.number(1, 1), Some(1));
    /// assert_eq!(field.number(0, 2), None); // a mine
    /// ```
    pub fn parse(text: &str) -> Result<Self> {
        let lines: Vec<&str> = text.split(['/', '\n']).map(str::trim).filter(|l| !l.is_empty()).collect();
        let cols = lines.first().map_or(0, |l| l.chars().count());
        let mut mines = Vec::new();
        for (x, line) in lines.iter().enumerate() {
            if line.chars().count() != cols {
                return Err(Error::InvalidPosition(format!(
                    "row {} of the field has {} cells, but row 1 has {cols}",
                    x + 1,
                    line.chars().count()
                )));
            }
            for (y, c) in line.chars().enumerate() {
                match c {
                    '*' => mines.push((x as u32, y as u32)),
                    '.' => {}
                    _ => {
                        return Err(Error::InvalidPosition(format!(
                            "row {}, column {}: expected '*' (mine) or '.' (no mine), found '{c}'",
                            x + 1,
                            y + 1
                        )))
                    }
                }
            }
        }
        Minefield::new(lines.len() as u32, cols as u32, mines)
    }

    pub fn size(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }

    /// The number shown at `(x, y)`, or `None` for a mine.
    pub fn number(&self, x: u32, y: u32) -> Option<u8> {
        let cell = self.cell(x, y);
        (!self.mine[cell]).then_some(self.count[cell])
    }

    fn cell(&self, x: u32, y: u32) -> usize {
        x as usize * self.cols as usize + y as usize
    }

    fn is_blank(&self, cell: usize) -> bool {
        !self.mine[cell] && self.count[cell] == 0
    }

    /// The up to 8 cells around `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let (x, y) = ((cell / self.cols as usize) as i64, (cell % self.cols as usize) as i64);
        (-1..=1)
            .flat_map(move |dx| (-1..=1).map(move |dy| (x + dx, y + dy)))
            .filter(move |&(nx, ny)| (nx, ny) != (x, y) && 0 <= nx && nx < rows && 0 <= ny && ny < cols)
            .map(move |(nx, ny)| (nx * cols + ny) as usize)
    }

    /// The face-down map of a board state: `true` for face-down non-mines.
    fn face_down_map(&self, face_down: &FaceDown) -> Vec<bool> {
        match face_down {
            FaceDown::All => self.mine.iter().map(|m| !m).collect(),
            FaceDown::Cells(cells) => {
                let mut map = vec![false; self.mine.len()];
                cells.iter().for_each(|&c| map[c as usize] = true);
                map
            }
        }
    }

    /// Turns `cell` face up, flooding from blank cells, in `map`.
    fn click(&self, map: &mut [bool], cell: usize) {
        map[cell] = false;
        let mut flood = vec![cell];
        while let Some(at) = flood.pop() {
            if !self.is_blank(at) {
                continue;
            }
            for neighbour in self.neighbours(at) {
                if map[neighbour] {
                    map[neighbour] = false;
                    flood.push(neighbour);
                }
            }
        }
    }
}

/// Which non-mine cells of a board are still face down.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FaceDown {
    /// Every non-mine cell: the start of the game.
    All,
    /// These cells (sorted numbers `row · cols + column`).
    Cells(Vec<u32>),
}

/// A position of the minesweeper game: a whole board state, or one of the
/// independent parts a board falls into.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MinePosition {
    /// A board state, given by its face-down cells.
    Board(FaceDown),
    /// A blank region with `numbers` face-down numbered cells around it: a
    /// move turns up one number, or clicks a blank and turns up everything.
    Region { numbers: u32 },
    /// A numbered cell that borders no blank region: one move, then gone.
    Number,
}

/// The minesweeper game of HDU 4678 on one field. Players alternately click
/// a face-down cell that is not a mine; a blank cell floods (its whole
/// connected blank region and the numbers around it turn up). Whoever
/// cannot click loses.
///
/// A board state falls apart ([`Decompose`]) into independent parts: each
/// blank region with the numbers around it ([`MinePosition::Region`]), and
/// each number that borders no region ([`MinePosition::Number`]). Where one
/// number borders two regions, clicking either changes the other, so those
/// regions stay together as one smaller board, searched click by click.
///
/// ```
/// use grundy::catalogue::{MinePosition, Minefield, Minesweeper, FaceDown};
/// use grundy::solve::{NormalPlay, Search};
///
/// let game = Minesweeper::new(Minefield::parse(".../.*./...").unwrap());
/// let mut search = Search::with_decomposition(&game, NormalPlay);
/// // Eight lone numbers: one move each, nim-sum 0.
/// assert_eq!(search.value(&MinePosition::Board(FaceDown::All)).unwrap(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct Minesweeper {
    field: Minefield,
}

impl Minesweeper {
    pub fn new(field: Minefield) -> Self {
        Minesweeper { field }
    }

    pub fn field(&self) -> &Minefield {
        &self.field
    }

    /// The start of the game: every cell face down.
    pub fn start(&self) -> MinePosition {
        MinePosition::Board(FaceDown::All)
    }
}

impl Game for Minesweeper {
    type Position = MinePosition;

    fn options(&self, position: &MinePosition, options: &mut Options<MinePosition>) {
        match position {
            MinePosition::Board(face_down) => {
                let map = self.field.face_down_map(face_down);
                for cell in (0..map.len()).filter(|&c| map[c]) {
                    let mut after = map.clone();
                    self.field.click(&mut after, cell);
                    let cells = (0..after.len()).filter(|&c| after[c]).map(|c| c as u32).collect();
                    options.push(MinePosition::Board(FaceDown::Cells(cells)));
                }
            }
            MinePosition::Region { numbers } => {
                if *numbers > 0 {
                    options.push(MinePosition::Region { numbers: numbers - 1 });
                }
                options.push_sum([]);
            }
            MinePosition::Number => options.push_sum([]),
        }
    }
}

impl Decompose for Minesweeper {
    fn components(&self, position: &MinePosition, components: &mut Vec<MinePosition>) {
        match position {
            MinePosition::Board(face_down) => decompose_board(&self.field, face_down, components),
            part => components.push(part.clone()),
        }
    }
}

impl Goal for Minesweeper {}

impl Notation for Minesweeper {
    /// A position is written as the field it starts from; see [`Minefield::parse`].
    fn parse_position(&self, text: &str) -> Result<MinePosition> {
        let field = Minefield::parse(text)?;
        if field != self.field {
            return Err(Error::InvalidPosition("every board in a sum must be the same field".into()));
        }
        Ok(self.start())
    }
    fn format_position(&self, position: &MinePosition) -> String {
        match position {
            MinePosition::Board(FaceDown::All) => "the whole field".into(),
            MinePosition::Board(FaceDown::Cells(cells)) => format!("a board with {} face-down cells", cells.len()),
            MinePosition::Region { numbers } => format!("a blank region with {numbers} numbers"),
            MinePosition::Number => "a lone number".into(),
        }
    }
}

/// Splits a board state into its independent parts (see [`Minesweeper`]).
///
/// Blank regions are the 8-connected components of face-down blank cells;
/// a face-down number belongs to every region it touches, and regions that
/// share a number are merged (union–find) into one part.
fn decompose_board(field: &Minefield, face_down: &FaceDown, parts: &mut Vec<MinePosition>) {
    let map = field.face_down_map(face_down);
    let cells = map.len();
    const NONE: u32 = u32::MAX;
    // 1. Label the blank regions.
    let mut region = vec![NONE; cells];
    let mut regions = 0u32;
    let mut queue = Vec::new();
    for start in 0..cells {
        if !map[start] || !field.is_blank(start) || region[start] != NONE {
            continue;
        }
        region[start] = regions;
        queue.push(start);
        while let Some(at) = queue.pop() {
            for n in field.neighbours(at) {
                if map[n] && field.is_blank(n) && region[n] == NONE {
                    region[n] = regions;
                    queue.push(n);
                }
            }
        }
        regions += 1;
    }
    // 2. Attach every face-down number to the regions it touches.
    let mut parent: Vec<u32> = (0..regions).collect();
    let mut numbers = vec![0u32; regions as usize];
    let mut owner = vec![NONE; cells];
    for cell in 0..cells {
        if !map[cell] || field.is_blank(cell) {
            continue;
        }
        let mut first = NONE;
        for n in field.neighbours(cell) {
            if region[n] == NONE {
                continue;
            }
            let root = find(&mut parent, region[n]);
            if first == NONE {
                first = root;
            } else if root != first {
                parent[root as usize] = first;
            }
        }
        if first == NONE {
            parts.push(MinePosition::Number);
        } else {
            owner[cell] = first;
        }
    }
    // 3. One part per merged group of regions.
    let mut merged = vec![false; regions as usize];
    for r in 0..regions {
        let root = find(&mut parent, r);
        merged[root as usize] |= root != r;
    }
    for &label in owner.iter().filter(|&&label| label != NONE) {
        let root = find(&mut parent, label);
        numbers[root as usize] += 1;
    }
    let mut group_cells: Vec<Vec<u32>> = vec![Vec::new(); regions as usize];
    if merged.iter().any(|&m| m) {
        for cell in 0..cells {
            let label = if region[cell] != NONE { region[cell] } else { owner[cell] };
            if label != NONE {
                let root = find(&mut parent, label);
                if merged[root as usize] {
                    group_cells[root as usize].push(cell as u32);
                }
            }
        }
    }
    for r in 0..regions {
        if find(&mut parent, r) != r {
            continue;
        }
        if merged[r as usize] {
            parts.push(MinePosition::Board(FaceDown::Cells(std::mem::take(&mut group_cells[r as usize]))));
        } else {
            parts.push(MinePosition::Region { numbers: numbers[r as usize] });
        }
    }
}

/// Union–find's find, with path halving.
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        parent[x as usize] = parent[parent[x as usize] as usize];
        x = parent[x as usize];
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{NormalPlay, Search};

    /// A small pseudo-random generator, so the tests need no dependency.
    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    fn regions_alternate_between_one_and_two() {
        let game = Minesweeper::new(Minefield::new(1, 1, []).unwrap());
        let mut search = Search::normal_play(&game);
        for k in 0..20 {
            let expected = if k % 2 == 0 { 1 } else { 2 };
            assert_eq!(search.nim_value(&MinePosition::Region { numbers: k }).unwrap(), expected);
        }
    }

    #[test]
    fn decomposition_matches_click_by_click_search() {
        let mut seed = 7;
        for _ in 0..150 {
            let rows = 1 + lcg(&mut seed) as u32 % 4;
            let cols = 1 + lcg(&mut seed) as u32 % 4;
            let mines: Vec<_> =
                (0..rows).flat_map(|x| (0..cols).map(move |y| (x, y))).filter(|_| lcg(&mut seed) % 4 == 0).collect();
            let game = Minesweeper::new(Minefield::new(rows, cols, mines.clone()).unwrap());
            let mut whole = Search::normal_play(&game);
            let mut split = Search::with_decomposition(&game, NormalPlay);
            let start = game.start();
            assert_eq!(
                whole.nim_value(&start).unwrap() == 0,
                split.value(&start).unwrap() == 0,
                "{rows}×{cols} with mines {mines:?}"
            );
            assert_eq!(whole.nim_value(&start).unwrap(), split.value(&start).unwrap());
        }
    }

    #[test]
    fn a_number_between_two_regions_keeps_them_together() {
        // The number at (1,1) touches the lone blank (0,0) and the blank
        // region around (2,2); no blank path joins the two.
        let field = Minefield::parse("..*./..../*.../....").unwrap();
        assert_eq!(field.number(0, 0), Some(0));
        assert_eq!(field.number(1, 1), Some(2));
        assert_eq!(field.number(2, 2), Some(0));
        let game = Minesweeper::new(field);
        let mut parts = Vec::new();
        game.components(&game.start(), &mut parts);
        assert!(parts.iter().any(|p| matches!(p, MinePosition::Board(_))), "{parts:?}");
        let mut whole = Search::normal_play(&game);
        let mut split = Search::with_decomposition(&game, NormalPlay);
        assert_eq!(whole.nim_value(&game.start()).unwrap(), split.value(&game.start()).unwrap());
    }

    #[test]
    fn bad_fields_are_refused() {
        assert!(Minefield::parse("..*/..").is_err());
        assert!(Minefield::parse("..x").is_err());
        assert!(Minefield::new(2, 2, [(2, 0)]).is_err());
        assert!(Minefield::new(1 << 20, 1 << 20, []).is_err());
    }
}
