//! The convention an answer is decided under.

use serde::Serialize;

/// Which convention decides who wins, as asked of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The last player to move wins.
    #[default]
    Normal,
    /// The last player to move loses.
    Misere,
    /// Every-SG: a player moves in every component that can move.
    Every,
}

/// The convention a [`Report`] was decided under: the [`Play`] asked for,
/// or the one the game itself imposes (races to a goal, loopy graphs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    Normal,
    Misere,
    Every,
    /// A race to a goal: the mover onto the goal wins; draws possible.
    Goal,
    /// A graph with cycles: normal play, draws possible.
    Loopy,
}

impl From<Play> for Convention {
    fn from(play: Play) -> Self {
        match play {
            Play::Normal => Convention::Normal,
            Play::Misere => Convention::Misere,
            Play::Every => Convention::Every,
        }
    }
}

impl Convention {
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
            Convention::Every => "every",
            Convention::Goal => "goal",
            Convention::Loopy => "loopy",
        }
    }
}

impl std::fmt::Display for Convention {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::fmt::Display for Play {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        Convention::from(*self).fmt(f)
    }
}
