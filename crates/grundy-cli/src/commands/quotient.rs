//! `grundy quotient`: the misère quotient of a heap game, heap by heap.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use grundy::solve::heap::HeapGame;
use grundy::solve::quotient::{presentation, Limits, PartialQuotient, Presentation, Stability, MAX_BUILT_HEAPS};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

pub struct Request<'a> {
    pub game: &'a str,
    pub to: u64,
    pub json: bool,
    pub output: Option<&'a Path>,
    pub checkpoint: Option<&'a Path>,
    pub max_elements: usize,
}

#[derive(Serialize)]
struct QuotientReport<'a> {
    game: &'a str,
    last_heap: u64,
    size: usize,
    p_size: usize,
    growth: Vec<Growth>,
    stability: &'a Stability,
    presentation: &'a Presentation,
}

#[derive(Serialize)]
struct Growth {
    heap: u64,
    size: usize,
}

pub fn run(request: Request) -> Result<()> {
    let game = HeapGame::parse(request.game)?;
    if request.to > MAX_BUILT_HEAPS {
        bail!("--to {} is above the largest heap a quotient is computed for ({MAX_BUILT_HEAPS})", request.to);
    }
    let interrupted = super::watch::static_flag();
    let limits = Limits { max_elements: request.max_elements, interrupt: Some(interrupted), ..Limits::default() };
    let mut quotient = match request.checkpoint {
        Some(path) if path.exists() => {
            let quotient = load(path, &game, limits)?;
            eprintln!(
                "grundy: resuming the quotient of {} from heap {} in {}",
                game.description(),
                quotient.last_heap(),
                path.display()
            );
            quotient
        }
        _ => PartialQuotient::new(&game),
    };

    let progress = ProgressBar::new(request.to).with_style(
        ProgressStyle::with_template("{spinner} heap {pos}/{len} [{bar:40}] |Q| = {msg} eta {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    progress.set_position(quotient.last_heap().min(request.to));
    let started = Instant::now();
    let mut last_save = Instant::now();
    let every = super::sequence::checkpoint_every();
    let working = super::watch::working(format!("the quotient of {}", game.description()), true);
    loop {
        let mut save_due = false;
        let size = quotient.size();
        let result = quotient.extend(&game, request.to, limits, |heap| {
            progress.set_position(heap - 1);
            progress.set_message(size.to_string());
            save_due = request.checkpoint.is_some() && last_save.elapsed() >= every;
            interrupted.load(Ordering::SeqCst) || save_due
        });
        let done = match result {
            Ok(done) => done,
            // Stopped in the middle of a heap: the heaps before it are kept.
            Err(grundy::Error::Interrupted) => false,
            Err(error) => {
                progress.abandon();
                if let Some(path) = request.checkpoint {
                    save(path, &quotient)?;
                    eprintln!(
                        "grundy: the quotient through heap {} is saved in {}",
                        quotient.last_heap(),
                        path.display()
                    );
                }
                return Err(error.into());
            }
        };
        if done {
            break;
        }
        if let Some(path) = request.checkpoint {
            save(path, &quotient)?;
            last_save = Instant::now();
        }
        if interrupted.load(Ordering::SeqCst) {
            progress.abandon();
            return Err(super::watch::stopped(format!(
                "interrupted at heap {}; {}",
                quotient.last_heap(),
                super::sequence::kept(request.checkpoint)
            )));
        }
    }
    drop(working);
    progress.finish_and_clear();
    eprintln!(
        "grundy: misère quotient of {} through heap {} in {:.2?}",
        game.description(),
        request.to,
        started.elapsed()
    );
    if let Some(path) = request.checkpoint {
        save(path, &quotient)?;
    }
    if let Some(path) = request.output {
        save(path, &quotient)?;
    }
    // A resumed run may hold more heaps than asked for: show what was asked.
    let shown = truncated(&quotient, request.to);
    print(&game, &shown, request.json)
}

/// The quotient as it stood at heap `to` (a checkpoint may hold more).
fn truncated(quotient: &PartialQuotient, to: u64) -> PartialQuotient {
    if quotient.last_heap() <= to {
        return quotient.clone();
    }
    quotient.through_heap(to)
}

fn print(game: &HeapGame, quotient: &PartialQuotient, json: bool) -> Result<()> {
    let stability = quotient.stability(game);
    let presentation = presentation(quotient);
    let mut out = std::io::stdout().lock();
    if json {
        let report = QuotientReport {
            game: game.description(),
            last_heap: quotient.last_heap(),
            size: quotient.size(),
            p_size: quotient.p_portion().len(),
            growth: quotient.growth().iter().map(|&(heap, size)| Growth { heap, size }).collect(),
            stability: &stability,
            presentation: &presentation,
        };
        writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(());
    }
    writeln!(out, "game:      {} (misère quotient of heaps 1..{})", game.description(), quotient.last_heap())?;
    writeln!(out, "|Q| = {}, |P| = {}", quotient.size(), quotient.p_portion().len())?;
    let growth: Vec<String> = quotient.growth().iter().map(|(h, s)| format!("{h}→{s}")).collect();
    writeln!(out, "grew at:   {} (heap→|Q|)", if growth.is_empty() { "never".into() } else { growth.join(", ") })?;
    writeln!(out, "stability: {}", stability.statement)?;
    let generators: Vec<String> =
        presentation.generators.iter().map(|(name, heap)| format!("{name} = heap {heap}")).collect();
    writeln!(out, "generators: {}", if generators.is_empty() { "none".into() } else { generators.join(", ") })?;
    let relations: Vec<String> = presentation.relations.iter().map(|(w, v)| format!("{w} = {v}")).collect();
    writeln!(out, "relations ({}): {}", relations.len(), relations.join(", "))?;
    writeln!(out, "P-portion ({}): {}", presentation.p_portion.len(), presentation.p_portion.join(", "))?;
    writeln!(out, "heaps:")?;
    for (row, chunk) in presentation.heaps.chunks(10).enumerate() {
        let cells: Vec<String> = chunk.iter().enumerate().map(|(i, w)| format!("{}:{w}", row * 10 + i)).collect();
        writeln!(out, "  {}", cells.join("  "))?;
    }
    Ok(())
}

/// Writes a quotient file atomically (beside the target, then renamed).
fn save(path: &Path, quotient: &PartialQuotient) -> Result<()> {
    let partial = path.with_extension("partial");
    let text = serde_json::to_string(quotient)?;
    std::fs::write(&partial, text).with_context(|| format!("cannot write {}", partial.display()))?;
    std::fs::rename(&partial, path)
        .with_context(|| format!("cannot rename {} to {}", partial.display(), path.display()))
}

/// Reads a quotient file written by `grundy quotient --output/--checkpoint`,
/// refusing one of another game or one that fails re-verification.
fn load(path: &Path, game: &HeapGame, limits: Limits) -> Result<PartialQuotient> {
    let mut quotient = read(path)?;
    quotient.validate(game, limits).with_context(|| format!("cannot use {}", path.display()))?;
    Ok(quotient)
}

/// Reads a quotient file (the library checks it against the game before use).
pub fn read(path: &Path) -> Result<PartialQuotient> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    serde_json::from_str(&text)
        .with_context(|| format!("{} is not a misère quotient file (written by grundy quotient)", path.display()))
}
