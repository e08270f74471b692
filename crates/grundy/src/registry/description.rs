//! A description of a game: its text, parameters, options and file, and
//! the forms a description takes.

use super::options::RuleOptions;

/// How a description of an entry is written, beyond its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The name alone: `wythoff`.
    Name,
    /// `name:PARAMETERS`; errors call the parameters `what` and show
    /// `sample`, a description to copy.
    Parameters { what: &'static str, sample: &'static str },
    /// A take-and-break code: text that starts with a digit or a point
    /// (`0.77`, `4.07`, `.137`), or with `hex:`.
    Code,
    /// `name FILE`: the game is read from the file named by the first
    /// argument after the name.
    File,
    /// `name` alone or `name:PARAMETERS` (`hackenbush`, `hackenbush:path`).
    OptionalParameters,
}

impl Form {
    /// Whether a description with this `name` (the part before `:`) and
    /// full `text` belongs to an entry called `entry` written this way.
    pub(super) fn matches(self, entry: &str, name: &str, text: &str) -> bool {
        match self {
            Form::Code => text.starts_with(|c: char| c.is_ascii_digit() || c == '.') || text.starts_with("hex:"),
            _ => name == entry,
        }
    }
}

/// What an entry's constructor receives.
pub struct Description<'a> {
    /// The whole description, trimmed: `subtraction:1,3,4`.
    pub text: &'a str,
    /// What follows the first `:`, if anything.
    pub parameters: Option<&'a str>,
    pub options: &'a RuleOptions,
    /// [`Form::File`] entries: the file's name and its contents.
    pub file: Option<(&'a str, &'a str)>,
}
