//! What the front ends print: answers as plain, serializable data.

use serde::Serialize;

use crate::game::Outcome;

/// The answer to "who wins this position, and how?".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The game, as described.
    pub game: String,
    /// `"normal"` (last mover wins), `"misere"` (last mover loses),
    /// `"every"` (Every-SG), `"goal"` (a race; draws possible) or `"loopy"`.
    pub play: &'static str,
    /// How the outcome was decided, where there is a choice (misère: the
    /// tame-genus rule or exact search).
    pub method: Option<&'static str>,
    /// The generalized Sprague–Grundy value of a loopy position, e.g. `∞(0,2)`.
    pub generalized_value: Option<String>,
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
    /// Misère play: the component's genus `g^γ0γ1γ2γ3`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<String>,
    /// Moves to the end with the winner hurrying (races, loopy games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
    /// Every-SG: moves to the end with the winner delaying.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspense: Option<u64>,
    /// Loopy games: the generalized Sprague–Grundy value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generalized_value: Option<String>,
}

impl ComponentReport {
    pub fn new(position: String) -> Self {
        ComponentReport {
            position,
            nim_value: None,
            genus: None,
            remoteness: None,
            suspense: None,
            generalized_value: None,
        }
    }
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
