//! `grundy plot`: a picture of a table (heatmap) or of a heap sequence (scatter).

use std::path::Path;

use anyhow::{Context, Result};
use grundy::export::{self, ImageFormat};
use grundy::rules::{game, RuleOptions};

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    /// From the output file's extension: `.svg` is SVG, anything else PNG.
    Auto,
    Png,
    Svg,
}

pub fn run(
    description: &str,
    rows: (u64, u64),
    cols: Option<(u64, u64)>,
    options: &RuleOptions,
    format: Format,
    output: &Path,
) -> Result<()> {
    // Refused before any work: the picture must fit.
    export::check_range(rows.1 - rows.0 + 1, cols.map(|(a, b)| b - a + 1))?;
    let format = match format {
        Format::Png => ImageFormat::Png,
        Format::Svg => ImageFormat::Svg,
        Format::Auto if output.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg")) => ImageFormat::Svg,
        Format::Auto => ImageFormat::Png,
    };
    let table = game(description, options)?.table(rows.0..=rows.1, cols.map(|(a, b)| a..=b))?;
    let bytes = export::plot_table(&table, format)?;
    std::fs::write(output, bytes).with_context(|| format!("cannot write {}", output.display()))
}
