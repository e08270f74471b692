//! A table of values over a range of positions.

use serde::Serialize;

use crate::game::{named, Named, Outcome};

/// What the cells of a [`ValueTable`] hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TableKind {
    NimValue,
    Outcome,
}

impl Named for TableKind {
    const WHAT: &'static str = "table kind";
    const ALL: &'static [Self] = &[TableKind::NimValue, TableKind::Outcome];
    fn name(self) -> &'static str {
        match self {
            TableKind::NimValue => "nim-value",
            TableKind::Outcome => "outcome",
        }
    }
}

named!(TableKind);

/// A table of values over a range of one- or two-coordinate positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueTable {
    pub game: String,
    pub kind: TableKind,
    /// The first coordinate of each row.
    pub rows: Vec<u64>,
    /// The second coordinate of each column (none for one-coordinate games).
    pub columns: Option<Vec<u64>>,
    /// `cells[r][c]`; one column for one-coordinate games. `None` where the
    /// coordinates name no position (off the board).
    pub cells: Vec<Vec<Option<TableCell>>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TableCell {
    NimValue(u64),
    Outcome(Outcome),
}

impl std::fmt::Display for TableCell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableCell::NimValue(v) => write!(f, "{v}"),
            TableCell::Outcome(o) => write!(f, "{o}"),
        }
    }
}
