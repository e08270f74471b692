//! Tables of Winning Ways' families: Green Hackenbush graphs by size, and
//! coin-turning games by the place of a single head (one coordinate) or its
//! cell (products, two coordinates). Every cell is valued by the game's
//! theorem (fusion and colon principles, the coin-turning theorem, the
//! Tartan theorem); the catalogue's tests check each against plain search.

use std::ops::RangeInclusive;

use super::tabulators::{cells_checked, nim_value_table, two_coordinates};
use crate::catalogue::{green_hackenbush_value, CoinTurning, Hackenbush, ProductTurning, MAX_HACKENBUSH_EDGES};
use crate::error::{Error, Result};
use crate::report::{TableCell, ValueTable};

fn rows_only(columns: &Option<RangeInclusive<u64>>) -> Result<()> {
    match columns {
        Some(_) => Err(Error::InvalidPosition("this game's table has one coordinate: give rows only".into())),
        None => Ok(()),
    }
}

/// Refuses a range whose end is past `last` — before any cell is valued,
/// not when the table reaches it.
fn within(span: &RangeInclusive<u64>, last: u64, what: &str) -> Result<()> {
    let end = *span.end();
    if end > last {
        return Err(Error::InvalidPosition(format!("{what} {end} is beyond the last one, {last}")));
    }
    Ok(())
}

/// The table of `cell(n)` for `n` in `rows`, each `n` at most `last`.
fn one_coordinate(
    rows: RangeInclusive<u64>,
    (last, what): (u32, &str),
    cell: impl Fn(u32) -> Option<u64>,
) -> Result<ValueTable> {
    within(&rows, last.into(), what)?;
    // A cell may be a whole graph's value: the current watch is polled often.
    let mut poll = crate::watch::Poll::every(64);
    let cells = rows
        .clone()
        .map(|n| {
            poll.step()?;
            Ok(vec![cell(n as u32).map(TableCell::NimValue)])
        })
        .collect::<Result<_>>()?;
    Ok(nim_value_table(rows, None, cells))
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
    rows_only(&columns)?;
    cells_checked(&rows, None)?;
    one_coordinate(rows, (MAX_HACKENBUSH_EDGES as u32, "size"), |n| Some(green_hackenbush_value(&family.graph(n))))
}

/// A coin-turning game's values of a single head, by place (no cell for
/// places before the first).
pub(super) fn turning_table(
    game: &CoinTurning,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    rows_only(&columns)?;
    cells_checked(&rows, None)?;
    let rule = game.rule();
    one_coordinate(rows, (rule.last_place(), "place"), |place| (place >= rule.first_place()).then(|| rule.value(place)))
}

/// A product's values of a single head at `(x, y)`: the Tartan theorem's
/// nim-products `G₁(x) ⊗ G₂(y)`.
pub(super) fn product_table(
    game: &ProductTurning,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    let columns = two_coordinates(columns)?;
    cells_checked(&rows, Some(&columns))?;
    let (a, b) = (game.rows(), game.columns());
    within(&rows, a.last_place().into(), "place x")?;
    within(&columns, b.last_place().into(), "place y")?;
    let mut cells = Vec::new();
    let mut poll = crate::watch::Poll::new();
    for x in rows.clone() {
        let x = x as u32;
        let mut row = Vec::new();
        for y in columns.clone() {
            poll.step()?;
            let y = y as u32;
            let on_board = x >= a.first_place() && y >= b.first_place();
            row.push(on_board.then(|| TableCell::NimValue(game.head_value(x, y))));
        }
        cells.push(row);
    }
    Ok(nim_value_table(rows, Some(columns), cells))
}
