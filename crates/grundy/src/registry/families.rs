//! Tables of Winning Ways' families: Green Hackenbush graphs by size, and
//! coin-turning games by the place of a single head (one coordinate) or its
//! cell (products, two coordinates). Every cell is valued by the game's
//! theorem (fusion and colon principles, the coin-turning theorem, the
//! Tartan theorem); the catalogue's tests check each against plain search.

use std::ops::RangeInclusive;

use super::tabulators::{rows_only, table_by_cell, two_coordinates};
use crate::catalogue::{green_hackenbush_value, CoinTurning, Hackenbush, ProductTurning, MAX_HACKENBUSH_EDGES};
use crate::error::{Error, Result};
use crate::nim::NimValue;
use crate::report::ValueTable;

/// Refuses a range whose end is past `last` — before any cell is valued,
/// not when the table reaches it.
fn within(span: &RangeInclusive<u64>, last: u64, what: &str) -> Result<()> {
    let end = *span.end();
    if end > last {
        return Err(Error::InvalidPosition(format!("{what} {end} is beyond the last one, {last}")));
    }
    Ok(())
}

/// The table of `value(n)` for `n` in `rows`, each `n` at most `last`.
fn one_coordinate(
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
    (last, what): (u32, &str),
    value: impl Fn(u32) -> Option<NimValue>,
) -> Result<ValueTable> {
    rows_only(&columns)?;
    within(&rows, last.into(), what)?;
    table_by_cell(rows, None, |n, _| value(n as u32))
}

/// A Hackenbush family's values by size: `hackenbush:path` and so on.
pub(super) fn hackenbush_table(
    game: &Hackenbush,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    let family = game.family().ok_or_else(|| Error::Unsupported {
        game: "hackenbush".into(),
        question: "a table".into(),
        why: "a table needs a family whose members are numbered by size: hackenbush:path, hackenbush:star or \
              hackenbush:cycle"
            .into(),
    })?;
    let size = (MAX_HACKENBUSH_EDGES as u32, "size");
    one_coordinate(rows, columns, size, |n| Some(green_hackenbush_value(&family.graph(n))))
}

/// A coin-turning game's values of a single head, by place (no cell for
/// places before the first).
pub(super) fn turning_table(
    game: &CoinTurning,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    let rule = game.rule();
    let place = (rule.last_place(), "place");
    one_coordinate(rows, columns, place, |place| (place >= rule.first_place()).then(|| rule.value(place)))
}

/// A product's values of a single head at `(x, y)`: the Tartan theorem's
/// nim-products `G₁(x) ⊗ G₂(y)`.
pub(super) fn product_table(
    game: &ProductTurning,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    let columns = two_coordinates(columns)?;
    let (a, b) = (game.rows(), game.columns());
    within(&rows, a.last_place().into(), "place x")?;
    within(&columns, b.last_place().into(), "place y")?;
    table_by_cell(rows, Some(columns), |x, y| {
        let (x, y) = (x as u32, y? as u32);
        (x >= a.first_place() && y >= b.first_place()).then(|| game.head_value(x, y))
    })
}
