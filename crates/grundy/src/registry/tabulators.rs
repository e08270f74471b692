//! Value tables of one- and two-coordinate games, by the dense solver.

use std::ops::RangeInclusive;

use crate::catalogue::{AxisRider, BoardGame, BoardRegion, BombGame, Cell, CornerKing, Wythoff};
use crate::error::{Error, Result};
use crate::game::Rectangle;
use crate::game::{ClosedForm, Indexed, Outcome};
use crate::nim::NimValue;
use crate::report::{TableCell, TableKind, ValueTable};
use crate::solve::dense::{solve_dense, MAX_DENSE_POSITIONS};
use crate::solve::heap::HeapGame;
use crate::solve::{GoalPlay, NormalPlay, Rule};

/// The most positions a `table` request may show (the positions it may
/// need valued are capped by [`crate::solve::dense::MAX_DENSE_POSITIONS`]).
pub const MAX_TABLE_CELLS: u64 = 10_000_000;

/// Tables any [`Indexed`] game: values every position up to the largest
/// number the range needs with the dense solver, then reads the cells off.
pub fn table_of<G: Indexed, R: Rule<G>>(
    kind: TableKind,
    game: &G,
    rule: R,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
    cell: impl Fn(u64, Option<u64>) -> Option<G::Position>,
    to_cell: fn(R::Value) -> TableCell,
) -> Result<ValueTable> {
    cells_checked(&rows, columns.as_ref())?;
    let column_list: Option<Vec<u64>> = columns.clone().map(|c| c.collect());
    // Listing the cells and reading their values back is seconds for ten
    // million cells: each row looks at Ctrl-C, as the valuing does.
    let width = column_list.as_ref().map_or(1, Vec::len) as u64;
    // (Named, as the valuing is: the rows' polls count work a job's
    // status reports, and it must not show an empty stage.)
    crate::watch::stage("listing the table's cells");
    let positions: Vec<Vec<Option<G::Position>>> = rows
        .clone()
        .map(|r| {
            crate::watch::check_current(width)?;
            Ok(match &column_list {
                Some(cs) => cs.iter().map(|&c| cell(r, Some(c))).collect(),
                None => vec![cell(r, None)],
            })
        })
        .collect::<Result<_>>()?;
    let needed = positions.iter().flatten().flatten().map(|p| game.index(p)).max().map_or(0, |m| m.saturating_add(1));
    let values = solve_dense(game, rule, needed)?;
    let cells = positions
        .iter()
        .map(|row| {
            crate::watch::check_current(width)?;
            Ok(row.iter().map(|p| p.as_ref().map(|p| to_cell(values[game.index(p)]))).collect())
        })
        .collect::<Result<_>>()?;
    Ok(ValueTable { game: String::new(), kind, rows: rows.collect(), columns: column_list, cells })
}

fn nim_value_cell(value: u64) -> TableCell {
    TableCell::NimValue(value)
}

fn outcome_cell(outcome: Outcome) -> TableCell {
    TableCell::Outcome(outcome)
}

/// Refuses an empty range, and a table of more than [`MAX_TABLE_CELLS`]
/// cells, before any cell is valued.
pub(super) fn cells_checked(rows: &RangeInclusive<u64>, columns: Option<&RangeInclusive<u64>>) -> Result<()> {
    if rows.is_empty() || columns.is_some_and(|c| c.is_empty()) {
        return Err(Error::InvalidPosition("the table's range is empty".into()));
    }
    let span = |r: &RangeInclusive<u64>| crate::pattern::span((*r.start(), *r.end()));
    // (Saturating: two spans of 2^64 multiply past u128, to 0 once.)
    let cells = span(rows).saturating_mul(columns.map_or(1, span));
    if cells > MAX_TABLE_CELLS as u128 {
        return Err(Error::TooLarge {
            what: "the table".into(),
            needed: cells,
            limit: MAX_TABLE_CELLS as u128,
            unit: "cells",
        });
    }
    Ok(())
}

/// A table of nim-values (the session puts in the game's name).
pub(super) fn nim_value_table(
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
    cells: Vec<Vec<Option<TableCell>>>,
) -> ValueTable {
    let columns = columns.map(|c| c.collect());
    ValueTable { game: String::new(), kind: TableKind::NimValue, rows: rows.collect(), columns, cells }
}

/// Refuses columns for a table with one coordinate (a heap, a place, a
/// family member's size).
pub(super) fn rows_only(columns: &Option<RangeInclusive<u64>>) -> Result<()> {
    match columns {
        Some(_) => Err(Error::InvalidPosition("this game's table has one coordinate: give rows only".into())),
        None => Ok(()),
    }
}

pub(super) fn two_coordinates(columns: Option<RangeInclusive<u64>>) -> Result<RangeInclusive<u64>> {
    columns.ok_or_else(|| Error::InvalidPosition("this game's positions are two numbers: give rows and columns".into()))
}

/// The table of a heap game (Nim, subtraction, take-and-break): the single
/// place every heap entry of the registry tabulates through, so a faster
/// engine (the heap sequence solver) replaces it here for all of them.
pub(super) fn heap_table<G: Indexed<Position = u64>>(
    game: &G,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    rows_only(&columns)?;
    table_of(TableKind::NimValue, game, NormalPlay, rows, None, |r, _| Some(r), nim_value_cell)
}

/// A take-and-break game's table, valued by the heap sequence engine
/// ([`crate::solve::heap::nim_values`]: linear for most codes, where the
/// dense solver lists every split of every heap).
pub(super) fn take_and_break_table(
    game: &HeapGame,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    rows_only(&columns)?;
    if rows.is_empty() {
        return Err(Error::InvalidPosition("the table's range is empty".into()));
    }
    let (count, last) = (rows.end() - rows.start() + 1, *rows.end());
    let limit = MAX_TABLE_CELLS.min(MAX_DENSE_POSITIONS as u64);
    if count > MAX_TABLE_CELLS || last >= limit {
        let what = "the table of a heap game".into();
        return Err(Error::TooLarge { what, needed: last as u128 + 1, limit: limit as u128, unit: "heaps" });
    }
    let values = crate::solve::heap::nim_values(game, last as usize)?;
    let cells = rows.clone().map(|r| vec![Some(nim_value_cell(values.get(r as usize) as u64))]).collect();
    Ok(nim_value_table(rows, None, cells))
}

/// Wythoff's table by [`Wythoff::nim_value_table`], from `(0, 0)` to the
/// range's far corner: each pair's value is one mex over bitsets, where the
/// dense solver lists every option of every pair.
pub(super) fn wythoff_table(
    _: &Wythoff,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    let columns = two_coordinates(columns)?;
    cells_checked(&rows, Some(&columns))?;
    // The bitsets value every pair from (0, 0) to the far corner.
    let corner = (*rows.end() as u128 + 1).saturating_mul(*columns.end() as u128 + 1);
    if corner > MAX_DENSE_POSITIONS as u128 {
        let limit = MAX_DENSE_POSITIONS as u128;
        return Err(Error::TooLarge { what: "the table".into(), needed: corner, limit, unit: "cells" });
    }
    let width = *columns.end() as usize + 1;
    let values = Wythoff::nim_value_table(*rows.end() as usize + 1, width)?;
    let cells = rows
        .clone()
        .map(|x| {
            columns.clone().map(|y| Some(nim_value_cell(values[x as usize * width + y as usize].into()))).collect()
        })
        .collect();
    Ok(nim_value_table(rows, Some(columns), cells))
}

pub(super) fn bomb_table(
    game: &BombGame,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    let columns = two_coordinates(columns)?;
    let cell = |r: u64, c: Option<u64>| {
        let c = c?;
        (r >= 1 && c >= 1 && r <= u32::MAX as u64 && c <= u32::MAX as u64).then_some((r as u32, c as u32))
    };
    let rectangle = Rectangle::new(game, *rows.end(), *columns.end());
    table_of(TableKind::NimValue, &rectangle, NormalPlay, rows, Some(columns), cell, nim_value_cell)
}

/// A board game's table: the region around the requested range, built
/// per request and tabled by `fill`.
fn board_region_table<F>(
    game: &BoardGame,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
    fill: F,
) -> Result<ValueTable>
where
    F: FnOnce(
        &BoardRegion<'_>,
        RangeInclusive<u64>,
        RangeInclusive<u64>,
        &dyn Fn(u64, Option<u64>) -> Option<Cell>,
    ) -> Result<ValueTable>,
{
    let columns = two_coordinates(columns)?;
    let limit = |end: u64| {
        u32::try_from(end.saturating_add(1)).map_err(|_| Error::InvalidPosition("coordinates too large".into()))
    };
    let region = game.region(limit(*rows.end())?, limit(*columns.end())?)?;
    let cell = |r: u64, c: Option<u64>| {
        let cell = (u32::try_from(r).ok()?, u32::try_from(c?).ok()?);
        (game.contains(cell) && region.contains(cell)).then_some(cell)
    };
    fill(&region, rows, columns, &cell)
}

pub(super) fn board_table_normal(
    game: &BoardGame,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    board_region_table(game, rows, columns, |region, rows, columns, cell| {
        table_of(TableKind::NimValue, region, NormalPlay, rows, Some(columns), cell, nim_value_cell)
    })
}

/// The rook and its one-way kin (Nim on the coordinates): each cell by its
/// closed form, as `solve` values it, with no table of the cells between
/// (`table rook` of 3001 × 3001 cells searched for over 30 s).
pub(super) fn axis_rider_table(
    nim: &AxisRider,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    closed_form_board_table(nim, nim.board_game(), rows, columns)
}

/// The king stepping towards the corner, each cell by its closed form.
pub(super) fn corner_king_table(
    king: &CornerKing,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    closed_form_board_table(king, king.board_game(), rows, columns)
}

/// A piece valued by a closed form: each cell by it; cells off a bounded
/// `board` are empty.
fn closed_form_board_table<G: ClosedForm<Position = Cell>>(
    game: &G,
    board: &BoardGame,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    let columns = two_coordinates(columns)?;
    crate::watch::stage("the table's cells, by the closed form");
    table_by_cell(rows, Some(columns), |r, c| {
        let cell = (u32::try_from(r).ok()?, u32::try_from(c?).ok()?);
        board.contains(cell).then(|| game.closed_nim_value(&cell))
    })
}

/// The nim-value table of `value(row, column)` (column `None` for a table
/// of one coordinate), where a closed form or theorem values each cell on
/// its own; `None` leaves a cell empty (off the board, before the first
/// place). Every tabulator by a theorem goes through here: the cell count
/// is checked first, and the watch polled once a row, weighed by its
/// cells as any hot loop's steps (a cell is at most the valuation of a
/// graph of 2,048 edges: microseconds).
pub(super) fn table_by_cell(
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
    value: impl Fn(u64, Option<u64>) -> Option<NimValue>,
) -> Result<ValueTable> {
    cells_checked(&rows, columns.as_ref())?;
    let mut poll = crate::watch::Poll::new();
    let width = columns.as_ref().map_or(1, |c| c.clone().count());
    let cell = |r: u64, c: Option<u64>| value(r, c).map(TableCell::NimValue);
    let cells = rows
        .clone()
        .map(|r| {
            poll.step_weighing(width)?;
            Ok(match &columns {
                Some(columns) => columns.clone().map(|c| cell(r, Some(c))).collect(),
                None => vec![cell(r, None)],
            })
        })
        .collect::<Result<_>>()?;
    Ok(nim_value_table(rows, columns, cells))
}

pub(super) fn board_table_goal(
    game: &BoardGame,
    rows: RangeInclusive<u64>,
    columns: Option<RangeInclusive<u64>>,
) -> Result<ValueTable> {
    board_region_table(game, rows, columns, |region, rows, columns, cell| {
        table_of(TableKind::Outcome, region, GoalPlay, rows, Some(columns), cell, outcome_cell)
    })
}
