//! Pictures of tables and sequences: PNG by default, SVG on request.
//!
//! - [`heatmap`]: a two-coordinate table, one colour per nim-value (black
//!   for P-positions, so they cannot be missed), or per outcome class P / N
//!   / D for races; a legend of the values present; coordinates on the axes.
//!   Cells shrink with the range (a 1000 × 1000 table is one pixel a cell)
//!   and carry their value as text only when it fits.
//! - [`scatter`]: a heap sequence as G(n) against n, with the preperiod and
//!   one period marked; long sequences are downsampled honestly (every
//!   value of every block of heaps keeps its dot) and rare values stand out.
//!
//! Both draw once against [`Canvas`], which is either a pixel [`Raster`]
//! (encoded by the `png` crate, text in a public-domain 8×8 bitmap font)
//! or an [`Svg`] document, so the two formats show the same picture.
//!
//! ```
//! use grundy::export::{heatmap, ImageFormat};
//! use grundy::registry::{game, RuleOptions};
//! let wythoff = game("wythoff", &RuleOptions::default()).unwrap();
//! let png = heatmap(&wythoff.table(0..=20, Some(0..=20)).unwrap(), ImageFormat::Png).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod canvas;
mod colour;
mod heatmap;
mod scatter;

pub use canvas::{text_width, Canvas, Raster, Rgb, Svg, GLYPH};
pub use colour::{DRAW_COLOUR, N_COLOUR, OFF_BOARD, P_COLOUR, RARE_COLOUR};
pub use heatmap::{draw_heatmap, heatmap_layout, HeatmapLayout, LegendEntry, MAX_DISCRETE_VALUES};
pub use scatter::{draw_scatter, scatter_layout, ScatterLayout, SequencePlot, RARE_FRACTION};

use crate::error::{Error, Result};
use crate::pattern::span;
use crate::report::{TableCell, ValueTable};
use crate::sequence::find_periodicity;

/// The largest heatmap: cells of the table (then at least one pixel each).
pub const MAX_HEATMAP_CELLS: u64 = 4_000_000;
/// The longest sequence a scatter takes (4 bytes a heap in memory).
pub const MAX_SCATTER_HEAPS: u64 = 1 << 28;

/// The picture's file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Svg,
}

/// Refuses, before any work, a range whose picture would not fit: a
/// heatmap of more than [`MAX_HEATMAP_CELLS`] cells (`columns` given), or a
/// sequence of more than [`MAX_SCATTER_HEAPS`] heaps.
/// Bounds are inclusive, as a front end reads `--rows 0..100`.
pub fn check_range(rows: (u64, u64), columns: Option<(u64, u64)>) -> Result<()> {
    let (what, needed, limit) = match columns {
        Some(columns) => (("a heatmap", "cells"), span(rows).saturating_mul(span(columns)), MAX_HEATMAP_CELLS),
        None => (("a scatter plot", "heaps"), span(rows), MAX_SCATTER_HEAPS),
    };
    if needed > limit as u128 {
        let (what, unit) = what;
        return Err(Error::TooLarge { what: what.into(), needed, limit: limit as u128, unit });
    }
    Ok(())
}

/// The inclusive range of indices of `len` items (one for none: the
/// checks are about the large).
fn indices(len: usize) -> (u64, u64) {
    (0, (len as u64).saturating_sub(1))
}

fn render(width: u32, height: u32, format: ImageFormat, draw: impl FnOnce(&mut dyn Canvas)) -> Result<Vec<u8>> {
    match format {
        ImageFormat::Png => {
            let mut raster = Raster::new(width, height, Rgb::WHITE);
            draw(&mut raster);
            raster.to_png()
        }
        ImageFormat::Svg => {
            let mut svg = Svg::new(width, height, Rgb::WHITE);
            draw(&mut svg);
            Ok(svg.finish())
        }
    }
}

/// The heatmap of a two-coordinate table, as PNG or SVG bytes.
pub fn heatmap(table: &ValueTable, format: ImageFormat) -> Result<Vec<u8>> {
    if table.columns.is_none() {
        return Err(Error::InvalidGame(format!("{}: a heatmap needs a two-coordinate table", table.game)));
    }
    check_range(indices(table.rows.len()), table.columns.as_ref().map(|c| indices(c.len())))?;
    let layout = heatmap_layout(table);
    render(layout.width, layout.height, format, |canvas| draw_heatmap(table, &layout, canvas))
}

/// The scatter of a heap sequence, as PNG or SVG bytes.
pub fn scatter(plot: &SequencePlot<'_>, format: ImageFormat) -> Result<Vec<u8>> {
    check_range(indices(plot.values.len()), None)?;
    if plot.values.is_empty() {
        return Err(Error::InvalidPosition("the sequence is empty".into()));
    }
    let layout = scatter_layout(plot);
    render(layout.width, layout.height, format, |canvas| draw_scatter(plot, &layout, canvas))
}

/// The picture of any table: a heatmap for two coordinates; for one, the
/// scatter of its nim-values with the periodicity the values show (as
/// [`find_periodicity`] finds it, a conjecture within the range).
pub fn plot_table(table: &ValueTable, format: ImageFormat) -> Result<Vec<u8>> {
    if table.columns.is_some() {
        return heatmap(table, format);
    }
    let values = sequence_of(table)?;
    let periodicity = find_periodicity(&values, None)
        .filter(|p| p.saltus == 0)
        .map(|p| (table.rows[0] + p.preperiod as u64, p.period as u64));
    scatter(&SequencePlot { game: &table.game, first: table.rows[0], values: &values, periodicity }, format)
}

/// A one-coordinate table's nim-values as a sequence.
fn sequence_of(table: &ValueTable) -> Result<Vec<u32>> {
    table
        .cells
        .iter()
        .zip(&table.rows)
        .map(|(row, position)| match row.first().copied().flatten() {
            Some(TableCell::NimValue(v)) => {
                u32::try_from(v).map_err(|_| Error::InvalidPosition(format!("nim-value {v} is too large to plot")))
            }
            Some(_) => Err(Error::InvalidGame(format!("{}: a scatter plot needs nim-values of heaps", table.game))),
            None => Err(Error::InvalidPosition(format!(
                "{}: {position} is not a position of the game ('-' in its table), and a scatter plot needs a \
                 nim-value at every one in the range",
                table.game
            ))),
        })
        .collect()
}

/// The smallest step of the form 1, 2, 5 × 10^k that is at least `units`,
/// so that tick labels do not collide.
fn nice_step(units: f64) -> u64 {
    let mut step = 1u64;
    loop {
        for factor in [1, 2, 5] {
            if (step * factor) as f64 >= units {
                return step * factor;
            }
        }
        step *= 10;
    }
}

#[cfg(test)]
mod tests;
