//! Forms of a table's values themselves, beyond its P-positions.
//!
//! The nim-product `x ⊗ y`: the Tartan theorem makes it the table of Turning
//! Corners (Twins × Twins; Winning Ways ch. 14, ONAG ch. 6), so a table of it
//! should be recognised as the nim-multiplication table. More generally the
//! theorem gives the product of any two coin-turning games the values
//! `G₁(x) ⊗ G₂(y)`: a table whose every value is a nim-product of a function
//! of the row and a function of the column. Such a table has *rank one* over
//! the nim-field: with a pivot cell `p = v(x₀, y₀) ≠ 0`, `v(x, y) = v(x, y₀) ⊗
//! v(x₀, y) ⊗ p⁻¹` everywhere, which is what is checked; the two functions are
//! read off the pivot's column and row (`f(x) = v(x, y₀)`, `g(y) = v(x₀, y) ⊗
//! p⁻¹`, so `g(y₀) = 1`), fixed up to a common factor. Like every finding of
//! the pattern report a form is stated only when it holds on every cell of
//! the range.

use serde::Serialize;

use super::Grid;
use crate::nim::{nim_inverse, nim_product};

/// A formula that gives every value of a two-coordinate table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueForm {
    /// `v(x, y) = x ⊗ y`, nim-multiplication.
    NimProduct,
    /// `v(x, y) = f(x) ⊗ g(y)`: `rows[i]` is `f` of the range's `i`-th row,
    /// `columns[j]` is `g` of its `j`-th column (neither constant).
    RowTimesColumn { rows: Vec<u64>, columns: Vec<u64> },
}

/// Values of `f` and `g` shown in the text report; JSON has them all.
const SHOWN_VALUES: usize = 16;

impl std::fmt::Display for ValueForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let listed = |values: &[u64]| {
            let shown: Vec<String> = values.iter().take(SHOWN_VALUES).map(u64::to_string).collect();
            let more = if values.len() > SHOWN_VALUES { " …" } else { "" };
            format!("{}{more}", shown.join(" "))
        };
        match self {
            ValueForm::NimProduct => write!(f, "the nim-product x ⊗ y (the nim-multiplication table)"),
            ValueForm::RowTimesColumn { rows, columns } => write!(
                f,
                "f(x) ⊗ g(y), the nim-product of a value for its row and one for its column (the Tartan \
                 theorem's form for a product of coin-turning games), with f = {} down the rows and g = {} along \
                 the columns",
                listed(rows),
                listed(columns)
            ),
        }
    }
}

/// The forms that hold on every cell of a table of nim-values (none for
/// outcome tables, one-coordinate tables, or tables with off-board cells).
pub(super) fn find_value_forms(grid: &Grid, two_d: bool) -> Vec<ValueForm> {
    if !two_d || !grid.nim_values {
        return Vec::new();
    }
    let holds = (0..grid.height).all(|row| {
        (0..grid.width).all(|column| {
            let (x, y) = (grid.row_start + row as u64, grid.column_start + column as u64);
            grid.at(row, column) == Some(nim_product(x, y))
        })
    });
    if holds {
        return vec![ValueForm::NimProduct];
    }
    row_times_column(grid).into_iter().collect()
}

/// `v(x, y) = f(x) ⊗ g(y)` on every cell, by the rank-one test of the
/// module's front; `None` if a cell is off the board, every value is 0, a
/// cell breaks it, or `f` or `g` is constant (a table whose rows are all
/// alike is no product to speak of).
fn row_times_column(grid: &Grid) -> Option<ValueForm> {
    let cell = |row: usize, column: usize| grid.at(row, column);
    let (pivot_row, pivot_column) =
        (0..grid.height).flat_map(|r| (0..grid.width).map(move |c| (r, c))).find(|&(r, c)| cell(r, c) != Some(0))?;
    let inverse = nim_inverse(cell(pivot_row, pivot_column)?)?;
    let rows: Vec<u64> = (0..grid.height).map(|r| cell(r, pivot_column)).collect::<Option<_>>()?;
    let columns: Vec<u64> =
        (0..grid.width).map(|c| cell(pivot_row, c).map(|v| nim_product(v, inverse))).collect::<Option<_>>()?;
    let varies = |values: &[u64]| values.iter().any(|&v| v != values[0]);
    if !varies(&rows) || !varies(&columns) {
        return None;
    }
    let holds = (0..grid.height).all(|r| (0..grid.width).all(|c| cell(r, c) == Some(nim_product(rows[r], columns[c]))));
    holds.then_some(ValueForm::RowTimesColumn { rows, columns })
}
