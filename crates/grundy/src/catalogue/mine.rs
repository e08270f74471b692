//! The minesweeper game (HDU 4678 "Mine") and its decomposition.

use super::drawing::{Drawing, Legend};
use crate::error::{Error, Result};
use crate::game::Notation;
use crate::game::{Decompose, Game, Options};

/// The largest field accepted, in cells.
pub const MAX_FIELD_CELLS: u64 = 1 << 28;

/// A minesweeper field: its size, its mines, and the number every other
/// cell shows (mines among its 8 neighbours). A cell showing 0 is *blank*.
///
/// Cells are stored on a grid padded with a one-cell border, so that the 8
/// neighbours of any inner cell are fixed offsets with no bounds checks —
/// the flood fills over million-cell fields are the hot loop of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Minefield {
    rows: u32,
    cols: u32,
    /// What each padded cell is.
    kind: Vec<CellKind>,
    /// The number each padded cell shows.
    count: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CellKind {
    Border,
    Mine,
    Blank,
    Number,
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
                unit: "cells",
            });
        }
        let padded = (rows as usize + 2) * (cols as usize + 2);
        let mut field = Minefield { rows, cols, kind: vec![CellKind::Border; padded], count: vec![0; padded] };
        for x in 0..rows {
            let start = field.cell(x, 0);
            field.kind[start..start + cols as usize].fill(CellKind::Blank);
        }
        let offsets = field.offsets();
        for (x, y) in mines {
            if x >= rows || y >= cols {
                return Err(Error::InvalidPosition(format!("the mine ({x},{y}) is off the {rows}×{cols} field")));
            }
            let cell = field.cell(x, y);
            if field.kind[cell] == CellKind::Mine {
                continue;
            }
            field.kind[cell] = CellKind::Mine;
            for offset in offsets {
                let n = cell.wrapping_add_signed(offset);
                field.count[n] += 1;
            }
        }
        for (kind, &count) in field.kind.iter_mut().zip(&field.count) {
            if *kind == CellKind::Blank && count > 0 {
                *kind = CellKind::Number;
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
        let legend = Legend { board: "field", blank: ('.', "no mine"), mark: ('*', "mine") };
        let drawing = Drawing::parse(text, &legend)?;
        let cols = drawing.cols as usize;
        let mines = drawing.marked.iter().map(|&cell| ((cell / cols) as u32, (cell % cols) as u32));
        Minefield::new(drawing.rows, drawing.cols, mines)
    }

    pub fn size(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }

    /// The field as [`Minefield::parse`] reads it: rows of `*` and `.`
    /// separated by `/`.
    ///
    /// ```
    /// use grundy::catalogue::Minefield;
    /// assert_eq!(Minefield::parse("..*\n...").unwrap().text(), "..*/...");
    /// ```
    pub fn text(&self) -> String {
        let row = |x| (0..self.cols).map(|y| if self.number(x, y).is_none() { '*' } else { '.' }).collect::<String>();
        (0..self.rows).map(row).collect::<Vec<_>>().join("/")
    }

    /// The number shown at `(x, y)`, or `None` for a mine.
    pub fn number(&self, x: u32, y: u32) -> Option<u8> {
        let cell = self.cell(x, y);
        (self.kind[cell] != CellKind::Mine).then_some(self.count[cell])
    }

    /// Whether `(x, y)`, a cell that is not a mine, is still face down in a
    /// board state (for drawing the field as play goes on).
    pub fn is_face_down(&self, face_down: &FaceDown, x: u32, y: u32) -> bool {
        let cell = self.cell(x, y);
        match face_down {
            FaceDown::All => self.kind[cell] != CellKind::Mine,
            FaceDown::Cells(cells) => cells.binary_search(&(cell as u32)).is_ok(),
        }
    }

    /// The padded number of cell `(x, y)`.
    fn cell(&self, x: u32, y: u32) -> usize {
        (x as usize + 1) * (self.cols as usize + 2) + y as usize + 1
    }

    /// The offsets of the 8 neighbours on the padded grid.
    fn offsets(&self) -> [isize; 8] {
        let w = self.cols as isize + 2;
        [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]
    }

    /// The face-down map of a board state: `true` for face-down non-mines.
    fn face_down_map(&self, face_down: &FaceDown) -> Vec<bool> {
        match face_down {
            FaceDown::All => self.kind.iter().map(|&k| k == CellKind::Blank || k == CellKind::Number).collect(),
            FaceDown::Cells(cells) => {
                let mut map = vec![false; self.kind.len()];
                cells.iter().for_each(|&c| map[c as usize] = true);
                map
            }
        }
    }

    /// Turns `cell` face up, flooding from blank cells, in `map`.
    fn click(&self, map: &mut [bool], cell: usize) {
        let offsets = self.offsets();
        map[cell] = false;
        let mut flood = vec![cell];
        while let Some(at) = flood.pop() {
            if self.kind[at] != CellKind::Blank {
                continue;
            }
            for offset in offsets {
                let n = at.wrapping_add_signed(offset);
                if map[n] {
                    map[n] = false;
                    flood.push(n);
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
    /// These cells, by the field's internal (padded) cell numbers, sorted.
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

/// Only the start, the field, is written as a user writes it (and reads
/// back); what play leaves (cells turned up, blank regions, lone numbers)
/// has no such text and is described in words, for reports.
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
            MinePosition::Board(FaceDown::All) => self.field.text(),
            MinePosition::Board(FaceDown::Cells(cells)) => format!("a board with {} face-down cells", cells.len()),
            MinePosition::Region { numbers } => format!("a blank region with {numbers} numbers"),
            MinePosition::Number => "a lone number".into(),
        }
    }
}

/// Splits a board state into its independent parts (see [`Minesweeper`]).
///
/// One pass labels the blank regions (8-connected face-down blank cells)
/// by flood fill; the fill also gives each face-down number it touches to
/// the region, and a number met by a second region joins the two
/// (union–find). Numbers no fill reached border no region.
fn decompose_board(field: &Minefield, face_down: &FaceDown, parts: &mut Vec<MinePosition>) {
    let map = field.face_down_map(face_down);
    let offsets = field.offsets();
    const NONE: u32 = u32::MAX;
    // label[c]: the region of a blank cell, or the first region to reach a number.
    let mut label = vec![NONE; map.len()];
    let mut numbers: Vec<u32> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    let mut stack = Vec::new();
    for start in 0..map.len() {
        if !map[start] || field.kind[start] != CellKind::Blank || label[start] != NONE {
            continue;
        }
        let region = numbers.len() as u32;
        numbers.push(0);
        parent.push(region);
        label[start] = region;
        stack.push(start);
        while let Some(at) = stack.pop() {
            for offset in offsets {
                let n = at.wrapping_add_signed(offset);
                if !map[n] {
                    continue;
                }
                if field.kind[n] == CellKind::Blank {
                    if label[n] == NONE {
                        label[n] = region;
                        stack.push(n);
                    }
                } else if label[n] == NONE {
                    label[n] = region;
                    numbers[region as usize] += 1;
                } else if label[n] != region {
                    let (a, b) = (find(&mut parent, label[n]), find(&mut parent, region));
                    if a != b {
                        parent[b as usize] = a;
                    }
                }
            }
        }
    }
    let lone = (0..map.len()).filter(|&c| map[c] && field.kind[c] == CellKind::Number && label[c] == NONE).count();
    parts.extend(std::iter::repeat_n(MinePosition::Number, lone));
    let regions = numbers.len() as u32;
    let mut joined = vec![false; regions as usize];
    for r in 0..regions {
        let root = find(&mut parent, r);
        if root != r {
            joined[root as usize] = true;
            numbers[root as usize] += numbers[r as usize];
        }
    }
    // Regions joined by shared numbers stay together as a smaller board.
    let mut joined_cells: Vec<Vec<u32>> = vec![Vec::new(); regions as usize];
    if joined.iter().any(|&j| j) {
        for cell in (0..map.len()).filter(|&c| map[c] && label[c] != NONE) {
            let root = find(&mut parent, label[cell]);
            if joined[root as usize] {
                joined_cells[root as usize].push(cell as u32);
            }
        }
    }
    for r in 0..regions {
        if find(&mut parent, r) != r {
            continue;
        }
        if joined[r as usize] {
            parts.push(MinePosition::Board(FaceDown::Cells(std::mem::take(&mut joined_cells[r as usize]))));
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
        let mut random = crate::testing::Xorshift::new(7);
        for _ in 0..150 {
            let rows = 1 + random.below(4) as u32;
            let cols = 1 + random.below(4) as u32;
            let mines: Vec<_> =
                (0..rows).flat_map(|x| (0..cols).map(move |y| (x, y))).filter(|_| random.below(4) == 0).collect();
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
