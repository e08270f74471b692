//! How an answer was decided, where the library had a choice.

use serde::Serialize;

use crate::game::{named, Named};

/// How an answer was decided, so that a reader (or a test) can tell a
/// proven shortcut from exhaustive search without parsing text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// Misère play: every component is tame, so the tame-genus rule decides
    /// (ONAG ch. 12).
    TameGenus,
    /// Misère play: products in the misère quotient of the game's heaps
    /// (Plambeck–Siegel 2008).
    Quotient,
    /// Misère play: each component's misère canonical form, and a search
    /// of the sum of forms (ONAG ch. 12).
    Canonical,
    /// Exhaustive search of the whole position.
    Search,
    /// Every-SG: the largest suspense number decides (Smith 1966).
    Suspense,
    /// A loopy position decided by retrograde analysis of its graph.
    Retrograde,
    /// A loopy sum decided by generalized Sprague–Grundy values (Smith).
    GeneralizedValues,
    /// A formula from theory (a race's closed form, Wythoff's P-positions,
    /// Sibert and Conway's solution of misère Kayles).
    ClosedForm,
}

impl Named for Decision {
    const WHAT: &'static str = "method";
    const ALL: &'static [Self] = &[
        Decision::TameGenus,
        Decision::Quotient,
        Decision::Canonical,
        Decision::Search,
        Decision::Suspense,
        Decision::Retrograde,
        Decision::GeneralizedValues,
        Decision::ClosedForm,
    ];
    /// The name used in reports and JSON (`tame-genus`, `search`, …).
    fn name(self) -> &'static str {
        match self {
            Decision::TameGenus => "tame-genus",
            Decision::Quotient => "quotient",
            Decision::Canonical => "canonical",
            Decision::Search => "search",
            Decision::Suspense => "suspense",
            Decision::Retrograde => "retrograde",
            Decision::GeneralizedValues => "generalized-values",
            Decision::ClosedForm => "closed-form",
        }
    }
}

named!(Decision);
