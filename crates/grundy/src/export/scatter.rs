//! A heap sequence as the classic scatter of G(n) against n.
//!
//! Millions of heaps do not fit in a thousand pixels, so each pixel column
//! stands for a block of consecutive heaps and shows **every value** in its
//! block, not a sample: a value that occurs once among millions of heaps
//! still gets its dot (values on one pixel row share it). Rare values (under 1% of the
//! heaps, the *rare* class of Winning Ways ch. 4 in spirit) are drawn last,
//! in red and larger, so that the common values cannot cover them.

use super::canvas::{text_width, Canvas, Rgb, GLYPH};
use super::colour::{FAINT, INK, RARE_COLOUR};
use super::nice_step;

/// A value is rare when fewer than one heap in this many has it.
pub const RARE_FRACTION: u64 = 100;
/// Rarity is judged only on sequences at least this long.
const RARE_MIN_HEAPS: usize = 200;
const PLOT_WIDTH: u32 = 1000;
/// The plot's height: 40 pixels a value for small values, up to this.
const PLOT_HEIGHT: u32 = 420;
const PAD: u32 = 12;
const COMMON: Rgb = Rgb(40, 90, 170);
const PERIOD_BAND: Rgb = Rgb(255, 236, 160);

/// A sequence of nim-values to plot: `values[i]` is G(first + i).
#[derive(Clone, Copy, Debug)]
pub struct SequencePlot<'a> {
    pub game: &'a str,
    pub first: u64,
    pub values: &'a [u32],
    /// `(preperiod, period)` where known: the first heap of the periodic
    /// part (as a heap number) and the period.
    pub periodicity: Option<(u64, u64)>,
}

/// Where the plot area is and how heaps and values map to pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct ScatterLayout {
    pub width: u32,
    pub height: u32,
    pub plot_left: u32,
    pub plot_top: u32,
    pub plot_width: u32,
    pub plot_height: u32,
    /// Side of a value's dot, in pixels (rare values get one more).
    pub dot: u32,
    pub max_value: u32,
    /// The values drawn as rare, ascending.
    pub rare_values: Vec<u32>,
    heaps: usize,
}

impl ScatterLayout {
    /// The pixel column of heap index `i` (0 for the first heap).
    pub fn column_of(&self, i: usize) -> u32 {
        self.plot_left + ((i as u128 * self.plot_width as u128) / self.heaps.max(1) as u128) as u32
    }

    /// The pixel row of the centre of value `v`'s dot.
    pub fn row_of(&self, v: u32) -> u32 {
        // Dots stay inside the frame: centres run from `dot` below the top
        // to `dot` above the bottom.
        let span = self.plot_height - 2 * self.dot;
        self.plot_top + self.plot_height - self.dot - (v as u64 * span as u64 / self.max_value.max(1) as u64) as u32
    }

    /// Heap indices `[start, end)` that pixel column `c` (from the plot's left) stands for.
    fn block(&self, c: u32) -> (usize, usize) {
        let at = |c: u32| ((c as u128 * self.heaps as u128).div_ceil(self.plot_width as u128)) as usize;
        (at(c), at(c + 1).min(self.heaps))
    }
}

fn title(plot: &SequencePlot<'_>) -> String {
    let last = plot.first + plot.values.len().saturating_sub(1) as u64;
    format!("{}: G(n) for n = {}..{}", plot.game, plot.first, last)
}

pub fn scatter_layout(plot: &SequencePlot<'_>) -> ScatterLayout {
    let heaps = plot.values.len();
    let max_value = plot.values.iter().copied().max().unwrap_or(0);
    // Pixel columns: one per heap (wider for short sequences), at most PLOT_WIDTH.
    let per_heap = (PLOT_WIDTH / heaps.max(1) as u32).clamp(1, 16);
    let plot_width = (heaps as u32).saturating_mul(per_heap).clamp(1, PLOT_WIDTH);
    let plot_height = (max_value.saturating_add(1).saturating_mul(40)).clamp(160, PLOT_HEIGHT);
    let dot = per_heap.min(plot_height / (max_value + 1)).clamp(2, 8);
    let mut rare_values = Vec::new();
    if heaps >= RARE_MIN_HEAPS {
        let mut counts = vec![0u64; max_value as usize + 1];
        for &v in plot.values {
            counts[v as usize] += 1;
        }
        rare_values = (0..=max_value)
            .filter(|&v| (1..(heaps as u64).div_ceil(RARE_FRACTION)).contains(&counts[v as usize]))
            .collect();
    }
    let label_width = text_width(&max_value.to_string(), 1).max(text_width("G(n)", 1));
    let plot_left = PAD + label_width + 10;
    let plot_top = PAD + 2 * GLYPH + 12 + 4 * 14;
    ScatterLayout {
        width: (plot_left + plot_width + PAD + 8).max(PAD + text_width(&title(plot), 2) + PAD).max(360),
        height: plot_top + plot_height + 2 * GLYPH + 24,
        plot_left,
        plot_top,
        plot_width,
        plot_height,
        dot,
        max_value,
        rare_values,
        heaps,
    }
}

pub fn draw_scatter(plot: &SequencePlot<'_>, layout: &ScatterLayout, canvas: &mut dyn Canvas) {
    let (left, top, w, h) = (layout.plot_left, layout.plot_top, layout.plot_width, layout.plot_height);
    canvas.text(PAD, PAD, &title(plot), INK, 2);
    // The legend, above the plot.
    let mut legend_y = PAD + 2 * GLYPH + 10;
    let mut legend = |canvas: &mut dyn Canvas, colour: Rgb, text: &str| {
        canvas.rect(PAD, legend_y, 10, 10, colour);
        canvas.text(PAD + 16, legend_y + 1, text, INK, 1);
        legend_y += 14;
    };
    let downsampled = plot.values.len() > w as usize;
    let common = if downsampled {
        "G(n): each pixel column is a block of heaps; every value in the block has its dot".to_string()
    } else {
        "G(n)".to_string()
    };
    legend(canvas, COMMON, &common);
    if !layout.rare_values.is_empty() {
        legend(canvas, RARE_COLOUR, &format!("rare values (fewer than 1 heap in {RARE_FRACTION}), drawn on top"));
    }
    let period_box = plot.periodicity.and_then(|(preperiod, period)| {
        let start = preperiod.checked_sub(plot.first)? as usize;
        (start < plot.values.len()).then_some((start, period, preperiod))
    });
    if let Some((_, period, preperiod)) = period_box {
        legend(
            canvas,
            PERIOD_BAND,
            &format!("periodic from n = {preperiod} (the preperiod), shaded: one period of {period}"),
        );
    }
    // Shaded first period and the preperiod line, behind the dots.
    if let Some((start, period, _)) = period_box {
        let x0 = layout.column_of(start);
        let x1 = layout.column_of((start + period as usize).min(layout.heaps)).max(x0 + 2);
        canvas.rect(x0, top, x1 - x0, h, PERIOD_BAND);
        for y in (top..top + h).step_by(6) {
            canvas.rect(x0, y, 1, 3, INK);
        }
    }
    // Dots: every pixel row that some value of the block falls on, rare
    // ones in a second pass. Values closer than a pixel share their dot: a
    // dot per distinct value gave Nim's heaps to ten million ten million
    // dots (a 600 MB SVG), where the picture has 420 rows.
    let mut marks = vec![0u8; h as usize + 1];
    let mut touched = Vec::new();
    let is_rare = |v: u32| layout.rare_values.binary_search(&v).is_ok();
    for pass_rare in [false, true] {
        let dot = layout.dot + u32::from(pass_rare);
        let colour = if pass_rare { RARE_COLOUR } else { COMMON };
        for c in 0..w {
            let (start, end) = layout.block(c);
            for &v in &plot.values[start..end] {
                if is_rare(v) == pass_rare {
                    let row = (layout.row_of(v) - top) as usize;
                    if marks[row] == 0 {
                        marks[row] = 1;
                        touched.push(row);
                    }
                }
            }
            for row in touched.drain(..) {
                marks[row] = 0;
                let x = (left + c).saturating_sub(dot / 2).max(left);
                canvas.rect(x, (top + row as u32).saturating_sub(dot / 2), dot, dot, colour);
            }
        }
    }
    // Axes with ticks.
    canvas.rect(left - 1, top, 1, h + 1, INK);
    canvas.rect(left - 1, top + h, w + 1, 1, INK);
    let value_step = nice_step(16.0 * layout.max_value.max(1) as f64 / h as f64);
    let mut v = 0u64;
    while v <= layout.max_value as u64 {
        let y = layout.row_of(v as u32);
        canvas.rect(left - 5, y, 4, 1, INK);
        let text = v.to_string();
        canvas.text(left - 8 - text_width(&text, 1), y.saturating_sub(GLYPH / 2), &text, INK, 1);
        v += value_step;
    }
    canvas.text(PAD, top - GLYPH - 4, "G(n)", INK, 1);
    let last = plot.first + layout.heaps.saturating_sub(1) as u64;
    let widest = text_width(&last.to_string(), 1) + 2 * GLYPH;
    let heap_step = nice_step(widest as f64 * layout.heaps.max(1) as f64 / w as f64);
    let mut n = plot.first.div_ceil(heap_step) * heap_step;
    while n <= last {
        let x = layout.column_of((n - plot.first) as usize);
        canvas.rect(x, top + h + 1, 1, 4, INK);
        let text = n.to_string();
        canvas.text(x.saturating_sub(text_width(&text, 1) / 2), top + h + 8, &text, INK, 1);
        n += heap_step;
    }
    canvas.text(left + w - text_width("n", 1), top + h + 8 + GLYPH + 4, "n", FAINT, 1);
}
