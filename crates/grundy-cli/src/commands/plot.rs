//! `grundy plot`: a picture of a table (heatmap) or of a heap sequence (scatter).

use std::path::Path;

use anyhow::{Context, Result};
use grundy::export::{self, ImageFormat, SequencePlot};
use grundy::registry::RuleOptions;
use grundy::sequence::find_periodicity;
use grundy::solve::heap::HeapGame;
use grundy::solve::heap::{Algorithm, NimSequence};

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
    export::check_range(rows, cols)?;
    let format = match format {
        Format::Png => ImageFormat::Png,
        Format::Svg => ImageFormat::Svg,
        Format::Auto if output.extension().is_some_and(|e| e.eq_ignore_ascii_case("svg")) => ImageFormat::Svg,
        Format::Auto => ImageFormat::Png,
    };
    let kind = if format == ImageFormat::Svg { "an SVG" } else { "a PNG" };
    let (bytes, what) = match (cols, HeapGame::parse(description)) {
        // Heap games go through the sequence engine (millions of heaps in
        // seconds), as `grundy sequence` does.
        (None, Ok(heaps)) if options == &RuleOptions::default() => (
            {
                let _working = super::watch::working(format!("nim-values of {description}"), false);
                let watch = super::watch::watch();
                heap_scatter(description, &heaps, rows, format, &|| watch.is_stopped())
                    .map_err(|e| super::watch::nothing_kept(e, "no picture is written"))?
            },
            format!("plot of G(n) against n for {description}, heaps {}..{}", rows.0, rows.1),
        ),
        _ => {
            let table = super::watch::tabulate(description, rows, cols, options)?;
            // A two-coordinate table is a heatmap; one coordinate, G(n) against n.
            let what = match cols {
                Some((a, b)) => format!("heatmap of {description}, rows {}..{}, columns {a}..{b}", rows.0, rows.1),
                None => format!("plot of G(n) against n for {description}, positions {}..{}", rows.0, rows.1),
            };
            (export::plot_table(&table, format)?, what)
        }
    };
    std::fs::write(output, bytes).with_context(|| format!("cannot write {}", output.display()))?;
    // Say what was written, so a run that succeeds is not silent.
    super::output::println(format_args!("wrote {}: {kind} {what}", output.display()))
}

/// G(n) against n for heaps `rows`, with the periodicity `sequence` would
/// report for heaps 0..=end (proven for octal codes where the theorem applies).
/// `stop` is asked now and then whether to give up (`grundy serve`'s time limit).
pub(crate) fn heap_scatter(
    description: &str,
    heaps: &HeapGame,
    rows: (u64, u64),
    format: ImageFormat,
    stop: &dyn Fn() -> bool,
) -> Result<Vec<u8>> {
    // (Every heap from 0 is valued: a sequence is built from its start.)
    let len = usize::try_from(rows.1).ok().and_then(|n| n.checked_add(1)).with_context(|| {
        format!("too large: heap {} is past what a plot reaches (it values every heap from 0 up)", rows.1)
    })?;
    let mut sequence = NimSequence::new(heaps, Algorithm::best_for(heaps))?;
    if !sequence.extend_to(len, |_| stop())? {
        return Err(grundy::Error::Interrupted.into());
    }
    // The picture needs plain u32 values; the sequence stores the narrowest width.
    let mut values = sequence.values().to_vec();
    values.truncate(len);
    let values = &values[..];
    let periodicity = find_periodicity(values, heaps.octal_length())
        .filter(|p| p.saltus == 0)
        .map(|p| (p.preperiod as u64, p.period as u64));
    let plot = SequencePlot { game: description, first: rows.0, values: &values[rows.0 as usize..], periodicity };
    Ok(export::scatter(&plot, format)?)
}
