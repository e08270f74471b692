//! What the front ends print: answers as plain, serializable data.

use serde::Serialize;

use crate::game::Outcome;

/// The answer to "who wins this position, and how?".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The game, as described.
    pub game: String,
    /// `"normal"` (last mover wins) or `"goal"` (a race; draws possible).
    pub play: &'static str,
    /// The position as given: one entry per summand.
    pub position: Vec<String>,
    pub outcome: Outcome,
    /// The nim-value of the whole position (normal play only).
    pub nim_value: Option<u64>,
    /// The independent components the position was split into, with values.
    pub components: Vec<ComponentReport>,
    /// Every move that wins (to a P-position).
    pub winning_moves: Vec<MoveReport>,
    /// In a race that is a draw: the moves that keep the draw.
    pub drawing_moves: Vec<MoveReport>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComponentReport {
    pub position: String,
    pub nim_value: Option<u64>,
}

/// A move in one component of a sum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// Index into [`Report::components`].
    pub component: usize,
    pub from: String,
    /// The option moved to: a sum of zero or more positions.
    pub to: Vec<String>,
    /// The nim-value of that option (normal play only).
    pub nim_value: Option<u64>,
}

/// A table of values over a range of one- or two-coordinate positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    pub game: String,
    /// `"nim-value"` or `"outcome"`.
    pub kind: &'static str,
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
