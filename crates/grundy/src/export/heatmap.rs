//! A 2-D value table as a heatmap: one colour per value, P-positions black.

use std::collections::BTreeSet;

use super::canvas::{text_width, Canvas, Rgb, GLYPH};
use super::colour::{self, OFF_BOARD, P_COLOUR};
use super::nice_step;
use crate::game::Outcome;
use crate::report::{TableCell, ValueTable};

/// With more distinct nim-values than this, colours follow a continuous
/// scale and the legend shows the scale; with fewer, each value has its
/// own colour and legend entry.
pub const MAX_DISCRETE_VALUES: usize = 24;
/// The grid aims at about this many pixels on its longer side.
const GRID_PIXELS: u32 = 900;
/// Cells are never larger than this (small tables stay compact).
const MAX_CELL: u32 = 28;
const PAD: u32 = 12;
const LEGEND_ROW: u32 = 16;
const SWATCH: u32 = 12;

/// One line of the legend: a swatch of `colour` and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegendEntry {
    pub label: String,
    pub colour: Rgb,
    /// The swatch's top-left corner (it is 12 × 12 pixels).
    pub swatch: (u32, u32),
    /// Where the label's text starts (top left, scale 1).
    pub label_at: (u32, u32),
}

/// Where everything of a heatmap goes, so that callers (and tests) can find
/// a cell's pixels: cell `(r, c)` of the table covers `cell × cell` pixels
/// from `(grid_left + c·cell, grid_top + r·cell)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatmapLayout {
    pub width: u32,
    pub height: u32,
    pub cell: u32,
    pub grid_left: u32,
    pub grid_top: u32,
    /// Whether each cell carries its value as text (cells large enough).
    pub values_written: bool,
    pub legend: Vec<LegendEntry>,
    pub legend_title: String,
    colouring: Colouring,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Colouring {
    Outcomes,
    Discrete,
    Continuous { max: u64 },
}

impl HeatmapLayout {
    /// The colour a cell of the table is painted.
    pub fn colour_of(&self, cell: &Option<TableCell>) -> Rgb {
        match (cell, &self.colouring) {
            (None, _) => OFF_BOARD,
            (Some(TableCell::Outcome(o)), _) => colour::outcome(*o),
            (Some(TableCell::NimValue(0)), _) => P_COLOUR,
            (Some(TableCell::NimValue(v)), Colouring::Continuous { max }) => colour::continuous(*v, *max),
            (Some(TableCell::NimValue(v)), _) => colour::discrete(*v),
        }
    }
}

fn title(table: &ValueTable) -> String {
    format!("{}: {} (rows x, columns y)", table.game, table.kind)
}

/// Lays out the heatmap of a two-coordinate table.
pub fn heatmap_layout(table: &ValueTable) -> HeatmapLayout {
    let height = table.rows.len() as u32;
    let columns = table.columns.as_deref().unwrap_or(&[]);
    let width = columns.len().max(1) as u32;
    let cell = (GRID_PIXELS / height.max(width)).clamp(1, MAX_CELL);
    let nim_values: Vec<u64> = table
        .cells
        .iter()
        .flatten()
        .filter_map(|c| if let Some(TableCell::NimValue(v)) = c { Some(*v) } else { None })
        .collect::<BTreeSet<u64>>()
        .into_iter()
        .collect();
    let outcomes: Vec<Outcome> = [Outcome::P, Outcome::N, Outcome::Draw]
        .into_iter()
        .filter(|&o| table.cells.iter().flatten().any(|c| *c == Some(TableCell::Outcome(o))))
        .collect();
    let off_board = table.cells.iter().flatten().any(Option::is_none);
    let colouring = if nim_values.is_empty() {
        Colouring::Outcomes
    } else if nim_values.len() <= MAX_DISCRETE_VALUES {
        Colouring::Discrete
    } else {
        Colouring::Continuous { max: nim_values.last().copied().unwrap_or(1) }
    };
    let widest = nim_values.last().map_or(1, |v| v.to_string().len() as u32);
    let values_written = cell >= 12 && cell >= widest * GLYPH + 4;
    let label_width =
        |values: &[u64]| values.iter().map(|v| text_width(&v.to_string(), 1)).max().unwrap_or(GLYPH).max(3 * GLYPH);
    let grid_left = PAD + label_width(&table.rows) + 8;
    let grid_top = PAD + 2 * GLYPH + 10 + GLYPH + 8;
    let legend_left = grid_left + width * cell + 24;
    let mut labels: Vec<(String, Rgb)> = Vec::new();
    match colouring {
        Colouring::Outcomes => {
            for &outcome in &outcomes {
                labels.push((format!("{outcome}: {}", outcome.describe()), colour::outcome(outcome)));
            }
        }
        Colouring::Discrete => {
            for &v in &nim_values {
                let label = if v == 0 { "0 (P-position)".to_string() } else { v.to_string() };
                labels.push((label, if v == 0 { P_COLOUR } else { colour::discrete(v) }));
            }
        }
        Colouring::Continuous { max } => {
            if nim_values.first() == Some(&0) {
                labels.push(("0 (P-position)".into(), P_COLOUR));
            }
            // The scale, sampled at a few values that occur.
            let samples = 8usize;
            let positive: Vec<u64> = nim_values.iter().copied().filter(|&v| v > 0).collect();
            for i in 0..samples {
                let v = positive[i * (positive.len() - 1) / (samples - 1)];
                if labels.last().map(|l| &l.0) != Some(&v.to_string()) {
                    labels.push((v.to_string(), colour::continuous(v, max)));
                }
            }
        }
    }
    if off_board {
        labels.push(("off the board".into(), OFF_BOARD));
    }
    let legend_top = grid_top + GLYPH + 8;
    let legend: Vec<LegendEntry> = labels
        .into_iter()
        .enumerate()
        .map(|(i, (label, colour))| {
            let y = legend_top + i as u32 * LEGEND_ROW;
            LegendEntry { label, colour, swatch: (legend_left, y), label_at: (legend_left + SWATCH + 6, y + 2) }
        })
        .collect();
    let legend_width = legend.iter().map(|e| SWATCH + 6 + text_width(&e.label, 1)).max().unwrap_or(0);
    let legend_bottom = legend_top + legend.len() as u32 * LEGEND_ROW;
    let legend_title = match colouring {
        Colouring::Continuous { .. } => format!("{} ({} values; scale)", table.kind, nim_values.len()),
        _ => table.kind.to_string(),
    };
    let total_width = (legend_left + legend_width.max(text_width(&legend_title, 1)) + PAD)
        .max(PAD + text_width(&title(table), 2) + PAD);
    let total_height = (grid_top + height * cell).max(legend_bottom) + PAD + GLYPH;
    HeatmapLayout {
        width: total_width,
        height: total_height,
        cell,
        grid_left,
        grid_top,
        values_written,
        legend,
        legend_title,
        colouring,
    }
}

/// Draws the heatmap of `table` laid out by `layout`.
pub fn draw_heatmap(table: &ValueTable, layout: &HeatmapLayout, canvas: &mut dyn Canvas) {
    let ink = colour::INK;
    let cell = layout.cell;
    let (left, top) = (layout.grid_left, layout.grid_top);
    let columns = table.columns.as_deref().unwrap_or(&[]);
    let (grid_width, grid_height) = (columns.len() as u32 * cell, table.rows.len() as u32 * cell);
    canvas.text(PAD, PAD, &title(table), ink, 2);
    // Cells: runs of one colour along a row become one rectangle (small SVGs).
    for (r, row) in table.cells.iter().enumerate() {
        let y = top + r as u32 * cell;
        let mut c = 0;
        while c < row.len() {
            let colour = layout.colour_of(&row[c]);
            let mut end = c + 1;
            while end < row.len() && layout.colour_of(&row[end]) == colour {
                end += 1;
            }
            canvas.rect(left + c as u32 * cell, y, (end - c) as u32 * cell, cell, colour);
            c = end;
        }
        if layout.values_written {
            for (c, value) in row.iter().enumerate() {
                if let Some(value) = value {
                    let text = value.to_string();
                    let x = left + c as u32 * cell + (cell - text_width(&text, 1)) / 2;
                    canvas.text(x, y + (cell - GLYPH) / 2, &text, colour::text_on(layout.colour_of(&row[c])), 1);
                }
            }
        }
    }
    // A frame, ticks and coordinates.
    canvas.rect(left - 1, top - 1, grid_width + 2, 1, ink);
    canvas.rect(left - 1, top + grid_height, grid_width + 2, 1, ink);
    canvas.rect(left - 1, top - 1, 1, grid_height + 2, ink);
    canvas.rect(left + grid_width, top - 1, 1, grid_height + 2, ink);
    canvas.text(PAD, top - GLYPH - 8, "x\\y", ink, 1);
    let widest_column = columns.iter().map(|v| text_width(&v.to_string(), 1)).max().unwrap_or(GLYPH);
    let column_step = nice_step((widest_column + GLYPH) as f64 / cell as f64);
    for (c, &y_coordinate) in columns.iter().enumerate() {
        if y_coordinate % column_step == 0 {
            let text = y_coordinate.to_string();
            let centre = left + c as u32 * cell + cell / 2;
            let x = centre.saturating_sub(text_width(&text, 1) / 2).max(left.saturating_sub(4));
            canvas.text(x, top - GLYPH - 8, &text, ink, 1);
            canvas.rect(centre, top - 5, 1, 4, ink);
        }
    }
    let row_step = nice_step((GLYPH + 4) as f64 / cell as f64);
    for (r, &x_coordinate) in table.rows.iter().enumerate() {
        if x_coordinate % row_step == 0 {
            let text = x_coordinate.to_string();
            let centre = top + r as u32 * cell + cell / 2;
            canvas.text(left - 8 - text_width(&text, 1), centre.saturating_sub(GLYPH / 2), &text, ink, 1);
            canvas.rect(left - 5, centre, 4, 1, ink);
        }
    }
    // The legend.
    if let Some(first) = layout.legend.first() {
        canvas.text(first.swatch.0, first.swatch.1 - GLYPH - 8, &layout.legend_title, ink, 1);
    }
    for entry in &layout.legend {
        let (x, y) = entry.swatch;
        canvas.rect(x, y, SWATCH, SWATCH, ink);
        canvas.rect(x + 1, y + 1, SWATCH - 2, SWATCH - 2, entry.colour);
        canvas.text(entry.label_at.0, entry.label_at.1, &entry.label, ink, 1);
    }
}
