//! The pattern behind a value table: what a contest solver looks for when
//! staring at one.
//!
//! [`find_patterns`] reads a [`ValueTable`] (nim-values, or outcome classes of a
//! race) and reports:
//!
//! - for every row and column, its **preperiod, period and saltus**
//!   (`G(n + p) = G(n) + s` from the preperiod on; saltus > 0 is arithmetic
//!   periodicity), by the same finder as heap sequences
//!   ([`find_periodicity`](crate::sequence::find_periodicity));
//! - whether the **whole table** repeats beyond some offset, along rows and
//!   along columns, with the smallest periods; and where it repeats from the
//!   first row and column, the small table of values by `(x mod a, y mod b)`;
//! - the **P-positions**, and the forms from a small library that describe
//!   them exactly ([`PForm`]): the diagonal `x = y`, the axes (`x = 0` or
//!   `y = 0`), congruences, linear congruences `a·x + b·y ≡ c (mod m)`, and
//!   complementary Beatty pairs with their α found from the data;
//! - formulas for **every value** ([`ValueForm`]): the nim-product `x ⊗ y`
//!   (Turning Corners' table, by the Tartan theorem), and more generally
//!   `f(x) ⊗ g(y)` (any product of two coin-turning games).
//!
//! Everything is stated for the range of the table only, and a form is
//! reported only when it was checked on **every** cell of that range: a
//! pattern seen in a finite table is evidence, not proof. Periods need at
//! least three repeats inside the range to be reported, so that a table too
//! small to show a pattern shows none.
//!
//! ```
//! use grundy::pattern::{find_patterns, PForm};
//! use grundy::registry::{game, RuleOptions};
//! let rook = game("rook", &RuleOptions::default()).unwrap();
//! let report = find_patterns(&rook.table(0..=20, Some(0..=20)).unwrap()).unwrap();
//! assert!(report.p_forms.contains(&PForm::Diagonal));
//! println!("{report}"); // the text `grundy pattern` prints
//! ```

mod forms;
mod periods;
mod text;
mod values;

pub use forms::PForm;
pub use periods::{AxisPeriod, LineGroup, LinePeriod};
pub use values::ValueForm;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::report::{TableCell, TableKind, ValueTable};

/// The most cells a pattern search takes on: the finders keep a few copies
/// of the table and compare rows pairwise by hash.
pub const MAX_PATTERN_CELLS: u64 = 4_000_000;

/// The largest `(x mod a, y mod b)` table printed (`a·b` cells).
const MAX_RESIDUE_CELLS: u64 = 256;

/// Everything [`find_patterns`] found, for text (`Display`) or JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PatternReport {
    pub game: String,
    /// What the cells hold: nim-values or outcomes.
    pub kind: TableKind,
    /// The first coordinate's range (rows, or heaps), inclusive.
    pub rows: (u64, u64),
    /// The second coordinate's range, for two-coordinate games.
    pub columns: Option<(u64, u64)>,
    /// One-coordinate games: the sequence's periodicity.
    pub sequence: Option<LinePeriod>,
    /// Two-coordinate games: each row (x fixed, y varying), consecutive rows
    /// with the same pattern grouped.
    pub row_patterns: Vec<LineGroup>,
    /// Each column (y fixed, x varying), grouped the same way.
    pub column_patterns: Vec<LineGroup>,
    /// Whether whole rows repeat (`v(x + a, y) = v(x, y)` for all y) from some row on.
    pub rows_repeat: Option<AxisPeriod>,
    /// Whether whole columns repeat from some column on.
    pub columns_repeat: Option<AxisPeriod>,
    /// Where the value depends only on `(x mod a, y mod b)` over the whole
    /// range: the values, `residues[x mod a][y mod b]`.
    pub residues: Option<ResidueTable>,
    /// The P-positions in the range: `[x]` or `[x, y]` each.
    pub p_positions: Vec<Vec<u64>>,
    /// Forms that describe the P-positions exactly on every cell of the range.
    pub p_forms: Vec<PForm>,
    /// Formulas that give every value of the range (two-coordinate tables
    /// of nim-values): the nim-product of Turning Corners, or a row's value
    /// times a column's as in any product of coin-turning games.
    pub value_forms: Vec<ValueForm>,
}

/// The table of values by residues, when the value depends only on them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ResidueTable {
    /// `a`: the first coordinate is taken mod this.
    pub row_modulus: u64,
    /// `b`: the second coordinate is taken mod this.
    pub column_modulus: u64,
    /// `values[x mod a][y mod b]`; `None` where no cell of the range has those residues on the board.
    pub values: Vec<Vec<Option<TableCell>>>,
}

/// A table's cells as plain numbers, row-major: nim-values as themselves,
/// outcomes as P = 0, N = 1, D = 2, off-board cells as `None`.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    pub row_start: u64,
    pub column_start: u64,
    pub height: usize,
    pub width: usize,
    pub cells: Vec<Option<u64>>,
    /// Whether the cells are nim-values (so saltus makes sense).
    pub nim_values: bool,
}

impl Grid {
    pub fn from_table(table: &ValueTable) -> Result<Grid> {
        let height = table.rows.len();
        let width = table.columns.as_ref().map_or(1, Vec::len);
        if height == 0 || width == 0 {
            return Err(Error::InvalidPosition("the table is empty".into()));
        }
        let cells = height as u128 * width as u128;
        if cells > MAX_PATTERN_CELLS as u128 {
            return Err(too_large(cells));
        }
        let code = |cell: &Option<TableCell>| {
            cell.map(|c| match c {
                TableCell::NimValue(v) => v,
                TableCell::Outcome(Outcome::P) => 0,
                TableCell::Outcome(Outcome::N) => 1,
                TableCell::Outcome(Outcome::Draw) => 2,
            })
        };
        Ok(Grid {
            row_start: table.rows[0],
            column_start: table.columns.as_ref().map_or(0, |c| c[0]),
            height,
            width,
            cells: table.cells.iter().flat_map(|row| row.iter().map(code)).collect(),
            nim_values: table.kind == TableKind::NimValue,
        })
    }

    pub fn at(&self, row: usize, column: usize) -> Option<u64> {
        self.cells[row * self.width + column]
    }

    /// Whether the cell is a P-position (nim-value 0, or outcome P: both code 0).
    pub fn is_p(&self, row: usize, column: usize) -> bool {
        self.at(row, column) == Some(0)
    }

    /// The same table with `true` for P-positions (as 1) and `false` for
    /// the rest (off-board cells stay `None`).
    pub fn p_indicator(&self) -> Grid {
        Grid {
            cells: self.cells.iter().map(|c| c.map(|v| u64::from(v == 0))).collect(),
            nim_values: false,
            ..self.clone()
        }
    }

    pub fn transposed(&self) -> Grid {
        let mut cells = Vec::with_capacity(self.cells.len());
        for column in 0..self.width {
            cells.extend((0..self.height).map(|row| self.at(row, column)));
        }
        Grid {
            row_start: self.column_start,
            column_start: self.row_start,
            height: self.width,
            width: self.height,
            cells,
            nim_values: self.nim_values,
        }
    }
}

/// How many numbers the inclusive range `(first, last)` holds: in `u128`,
/// since `0..=u64::MAX` holds 2^64.
pub fn span((first, last): (u64, u64)) -> u128 {
    u128::from(last.saturating_sub(first)) + 1
}

/// The error for a range too large to search, before any work is done.
pub fn too_large(cells: u128) -> Error {
    Error::TooLarge { what: "a pattern search".into(), needed: cells, limit: MAX_PATTERN_CELLS as u128, unit: "cells" }
}

/// Refuses a range of `rows` by `columns` (inclusive bounds; one column
/// for a game of one coordinate) with more than [`MAX_PATTERN_CELLS`]
/// cells, so that a front end can say so before it tabulates anything.
pub fn check_range(rows: (u64, u64), columns: Option<(u64, u64)>) -> Result<()> {
    let cells = span(rows).saturating_mul(columns.map_or(1, span));
    if cells > MAX_PATTERN_CELLS as u128 {
        return Err(too_large(cells));
    }
    Ok(())
}

/// Finds the patterns of a table (see the module documentation).
pub fn find_patterns(table: &ValueTable) -> Result<PatternReport> {
    let grid = Grid::from_table(table)?;
    let two_d = table.columns.is_some();
    let mut report = PatternReport {
        game: table.game.clone(),
        kind: table.kind,
        rows: (grid.row_start, grid.row_start + grid.height as u64 - 1),
        columns: two_d.then(|| (grid.column_start, grid.column_start + grid.width as u64 - 1)),
        sequence: None,
        row_patterns: Vec::new(),
        column_patterns: Vec::new(),
        rows_repeat: None,
        columns_repeat: None,
        residues: None,
        p_positions: Vec::new(),
        p_forms: Vec::new(),
        value_forms: values::find_value_forms(&grid, two_d),
    };
    for row in 0..grid.height {
        for column in 0..grid.width {
            if grid.is_p(row, column) {
                let x = grid.row_start + row as u64;
                report.p_positions.push(if two_d { vec![x, grid.column_start + column as u64] } else { vec![x] });
            }
        }
    }
    if two_d {
        report.row_patterns = periods::line_groups(&grid);
        let transposed = grid.transposed();
        report.column_patterns = periods::line_groups(&transposed);
        report.rows_repeat = periods::axis_period(&grid);
        report.columns_repeat = periods::axis_period(&transposed);
        report.residues = residue_table(&grid, report.rows_repeat, report.columns_repeat);
    } else {
        let column: Vec<Option<u64>> = grid.cells.clone();
        report.sequence = periods::line_period(&column, grid.row_start, grid.nim_values);
    }
    report.p_forms = forms::find_forms(&grid, two_d);
    Ok(report)
}

/// The values by `(x mod a, y mod b)`, when both axes repeat from the start
/// of the range and the small table is small enough to print.
fn residue_table(grid: &Grid, rows: Option<AxisPeriod>, columns: Option<AxisPeriod>) -> Option<ResidueTable> {
    let (rows, columns) = (rows?, columns?);
    if rows.from != grid.row_start || columns.from != grid.column_start {
        return None;
    }
    let (a, b) = (rows.period, columns.period);
    if a.saturating_mul(b) > MAX_RESIDUE_CELLS {
        return None;
    }
    let mut values = vec![vec![None; b as usize]; a as usize];
    for row in 0..grid.height {
        for column in 0..grid.width {
            let (x, y) = (grid.row_start + row as u64, grid.column_start + column as u64);
            let slot = &mut values[(x % a) as usize][(y % b) as usize];
            if slot.is_none() {
                *slot = grid.at(row, column).map(|v| decode(v, grid.nim_values));
            }
        }
    }
    Some(ResidueTable { row_modulus: a, column_modulus: b, values })
}

fn decode(code: u64, nim_values: bool) -> TableCell {
    match (nim_values, code) {
        (true, v) => TableCell::NimValue(v),
        (false, 0) => TableCell::Outcome(Outcome::P),
        (false, 1) => TableCell::Outcome(Outcome::N),
        (false, _) => TableCell::Outcome(Outcome::Draw),
    }
}

#[cfg(test)]
mod tests;
