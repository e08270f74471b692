//! The convention that decides who wins, and the one way the library reads
//! and writes the names of its kinds of things.

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// Which convention decides who wins: what a question asks for (normal,
/// misère, Every-SG) or what the game itself imposes (races to a goal,
/// loopy graphs). One type for the solvers' reports, the play engine and
/// every front end; `Display`, `FromStr` and serde use the names of the JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The last player to move wins.
    #[default]
    Normal,
    /// The last player to move loses.
    Misere,
    /// Every-SG: a player moves in every component that can move.
    Every,
    /// A race to a goal: the mover onto the goal wins; draws possible.
    Goal,
    /// A graph with cycles: normal play, draws possible.
    Loopy,
}

impl Named for Convention {
    const WHAT: &'static str = "convention";
    const ALL: &'static [Self] =
        &[Convention::Normal, Convention::Misere, Convention::Every, Convention::Goal, Convention::Loopy];
    fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal",
            Convention::Misere => "misere",
            Convention::Every => "every",
            Convention::Goal => "goal",
            Convention::Loopy => "loopy",
        }
    }
}

impl Convention {
    /// Normal play, or misère play where `misere` is set (a command-line flag).
    pub fn normal_or_misere(misere: bool) -> Self {
        if misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    }
}

/// A kind of thing with a fixed set of names (`normal`, `tame-genus`,
/// `rare-common`): the names of the JSON and of the command line, read and
/// written in one place, so front ends parse nothing by hand.
pub(crate) trait Named: Copy + 'static {
    /// What a name names, for the error message (`convention`, `method`).
    const WHAT: &'static str;
    /// Every value, in the order the error message lists them.
    const ALL: &'static [Self];
    fn name(self) -> &'static str;
}

/// The value called `text`, or an error listing every name.
pub(crate) fn parse_named<T: Named>(text: &str) -> Result<T> {
    T::ALL.iter().copied().find(|value| value.name() == text).ok_or_else(|| Error::UnknownName {
        what: T::WHAT,
        found: text.to_string(),
        known: T::ALL.iter().map(|value| value.name()).collect::<Vec<_>>().join(", "),
    })
}

/// `Display` and `FromStr` by [`Named`].
macro_rules! named {
    ($type:ty) => {
        impl std::fmt::Display for $type {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str($crate::game::Named::name(*self))
            }
        }

        impl std::str::FromStr for $type {
            type Err = $crate::Error;
            fn from_str(text: &str) -> $crate::Result<Self> {
                $crate::game::parse_named(text)
            }
        }
    };
}
pub(crate) use named;

named!(Convention);

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn every_convention_reads_back_its_own_name() {
        for &convention in Convention::ALL {
            assert_eq!(Convention::from_str(&convention.to_string()), Ok(convention));
        }
        let error = Convention::from_str("misère").unwrap_err().to_string();
        assert_eq!(error, "unknown convention 'misère': use one of normal, misere, every, goal, loopy");
    }
}
