//! Forms of a table's values themselves, beyond its P-positions.
//!
//! One form so far: the nim-product `x ⊗ y`. The Tartan theorem makes it the
//! table of Turning Corners (Twins × Twins; Winning Ways ch. 14, ONAG ch. 6),
//! so a table of it should be recognised as the nim-multiplication table.
//! Like every finding of the pattern report it is stated only when it holds
//! on every cell of the range.

use serde::Serialize;

use super::Grid;
use crate::nim::nim_product;

/// A formula that gives every value of a two-coordinate table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueForm {
    /// `v(x, y) = x ⊗ y`, nim-multiplication.
    NimProduct,
}

impl std::fmt::Display for ValueForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ValueForm::NimProduct => write!(f, "the nim-product x ⊗ y (the nim-multiplication table)"),
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
        vec![ValueForm::NimProduct]
    } else {
        Vec::new()
    }
}
