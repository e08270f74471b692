//! How an answer was decided, where the library had a choice.

use serde::Serialize;

/// The method behind an answer, so that a reader (or a test) can tell a
/// proven shortcut from exhaustive search without parsing text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
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
    /// A formula from theory (a race's closed form, Wythoff's P-positions).
    ClosedForm,
}

impl Method {
    /// The name used in reports and JSON (`tame-genus`, `search`, …).
    pub fn name(self) -> &'static str {
        match self {
            Method::TameGenus => "tame-genus",
            Method::Quotient => "quotient",
            Method::Canonical => "canonical",
            Method::Search => "search",
            Method::Suspense => "suspense",
            Method::Retrograde => "retrograde",
            Method::GeneralizedValues => "generalized-values",
            Method::ClosedForm => "closed-form",
        }
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
