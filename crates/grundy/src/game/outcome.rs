//! Outcome classes.

use serde::Serialize;

/// Who wins with perfect play, seen from the position.
///
/// `P` (a *P-position*) means the **p**revious player — the one who just
/// moved — wins; `N` means the **n**ext player — the one to move — wins.
/// `Draw` arises only in games where being stuck is not a loss (races to a
/// goal) or where play can go on for ever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    P,
    N,
    /// Written `D` everywhere, JSON included (like `P` and `N`).
    #[serde(rename = "D")]
    Draw,
}

impl Outcome {
    /// The outcome of a normal-play position with this nim-value.
    ///
    /// ```
    /// use grundy::game::Outcome;
    /// assert_eq!(Outcome::of_nim_value(0), Outcome::P);
    /// assert_eq!(Outcome::of_nim_value(5), Outcome::N);
    /// ```
    pub fn of_nim_value(value: u64) -> Outcome {
        if value == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// The outcome of a position from its options' outcomes: win if some
    /// option is a P-position, else draw if some option is a draw, else loss.
    pub fn from_options(options: impl IntoIterator<Item = Outcome>) -> Outcome {
        let mut best = Outcome::P;
        for option in options {
            match option {
                Outcome::P => return Outcome::N,
                Outcome::Draw => best = Outcome::Draw,
                Outcome::N => {}
            }
        }
        best
    }

    /// A phrase for people: who wins.
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::P => "second player wins",
            Outcome::N => "first player wins",
            Outcome::Draw => "draw",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::Draw => "D",
        })
    }
}
