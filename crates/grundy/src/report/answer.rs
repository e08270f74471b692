//! The answer to "who wins this position, and how?".

use serde::{Serialize, Serializer};

use crate::game::{Convention, Outcome};
use crate::solve::loopy::LoopyValue;
use crate::solve::misere::genus::Genus;
use crate::solve::Decision;

/// Writes a value by its `Display` form (a genus `0^1202`, a loopy value
/// `∞(0,2)`): the notation of the field, not the struct's fields.
fn as_text<T: std::fmt::Display, S: Serializer>(value: &Option<T>, serializer: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serializer.collect_str(value),
        None => serializer.serialize_none(),
    }
}

/// The answer to "who wins this position, and how?".
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The game, as described.
    pub game: String,
    pub play: Convention,
    /// How the outcome was decided, where there is a choice (misère: the
    /// tame-genus rule or exact search).
    pub method: Option<Decision>,
    /// The generalized Sprague–Grundy value of a loopy position, e.g. `∞(0,2)`.
    #[serde(serialize_with = "as_text")]
    pub generalized_value: Option<LoopyValue>,
    /// The position as given: one entry per summand.
    pub position: Vec<String>,
    pub outcome: Outcome,
    /// The nim-value of the whole position (normal play, where computable).
    pub nim_value: Option<u64>,
    /// Why a value is missing or how it was found, for people (e.g. "the
    /// nim-value of Wythoff's game has no formula").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The independent components the position was split into, with values.
    pub components: Vec<ComponentReport>,
    /// Every move that wins (to a P-position).
    pub winning_moves: Vec<MoveReport>,
    /// In a race that is a draw: the moves that keep the draw.
    pub drawing_moves: Vec<MoveReport>,
}

impl Report {
    /// Records the best moves of a race (one component, `from`): they keep
    /// the draw when the race is drawn, and otherwise they win.
    pub(crate) fn set_race_moves(&mut self, from: &str, to: impl IntoIterator<Item = String>) {
        let moves = to
            .into_iter()
            .map(|to| MoveReport { component: 0, from: from.to_string(), to: vec![to], nim_value: None })
            .collect();
        if self.outcome == Outcome::Draw {
            self.drawing_moves = moves;
        } else {
            self.winning_moves = moves;
        }
    }

    /// A report with nothing filled in but the question and the outcome.
    pub fn new(game: &str, play: Convention, positions: &[String], outcome: Outcome) -> Self {
        Report {
            game: game.to_string(),
            play,
            method: None,
            generalized_value: None,
            position: positions.to_vec(),
            outcome,
            nim_value: None,
            note: None,
            components: Vec::new(),
            winning_moves: Vec::new(),
            drawing_moves: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComponentReport {
    pub position: String,
    pub nim_value: Option<u64>,
    /// Misère play: the component's genus `g^γ0γ1γ2γ3`.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "as_text")]
    pub genus: Option<Genus>,
    /// Misère play by canonical forms: the component's misère canonical
    /// form in CGSuite's notation, e.g. `*[2#]` for `{*2}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub misere_canonical_form: Option<String>,
    /// Misère play by canonical forms: the genus in CGSuite's short form,
    /// which depends on the phylum (`4^146` for Kayles 5, `2` for `*2`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus_short: Option<String>,
    /// Moves to the end with the winner hurrying (races, loopy games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u64>,
    /// Every-SG: moves to the end with the winner delaying.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspense: Option<u64>,
    /// Loopy games: the generalized Sprague–Grundy value.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "as_text")]
    pub generalized_value: Option<LoopyValue>,
}

impl ComponentReport {
    pub fn new(position: String) -> Self {
        ComponentReport {
            position,
            nim_value: None,
            genus: None,
            misere_canonical_form: None,
            genus_short: None,
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
