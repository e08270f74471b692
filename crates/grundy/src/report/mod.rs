//! What the front ends print: answers as typed, serializable data.
//!
//! Every field that names a kind of thing is an enum with `Display` and
//! serde (`"normal"`, `"tame-genus"`, `"nim-value"`), so consumers match on
//! values and never compare strings; the JSON stays readable.

//!
//! This layer sits below [`crate::pattern`], [`crate::export`] and
//! [`crate::registry`]: what a table or an answer is does not depend on how
//! a game was named.

mod answer;
mod from_analysis;
mod value_table;

pub use answer::{ComponentReport, MoveReport, Report};
pub use value_table::{TableCell, TableKind, ValueTable};
