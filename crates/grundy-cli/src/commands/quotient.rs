//! `grundy quotient`: the misère quotient of a heap game, heap by heap.

use std::fmt::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Result};
use grundy::solve::heap::HeapGame;
use grundy::solve::quotient::{
    presentation, Limits, PartialQuotient, Presentation, QuotientRun, Stability, MAX_BUILT_HEAPS,
};
use grundy::LongRun;
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
    if request.to == 0 {
        bail!("--to 0 gives no heaps: the quotient is built of heaps 1..N, with N at least 1");
    }
    if request.to > MAX_BUILT_HEAPS {
        bail!("--to {} is above the largest heap a quotient is computed for ({MAX_BUILT_HEAPS})", request.to);
    }
    let limits = Limits {
        max_elements: request.max_elements,
        interrupt: Some(super::watch::static_flag()),
        ..Limits::default()
    };
    let mut run = QuotientRun::open(&game, request.to, limits, request.checkpoint)?;
    if let (true, Some(path)) = (run.resumed(), request.checkpoint) {
        eprintln!(
            "grundy: resuming the quotient of {} from heap {} in {}",
            game.description(),
            run.quotient().last_heap(),
            path.display()
        );
    }

    let progress = ProgressBar::new(request.to).with_style(
        ProgressStyle::with_template("{spinner} heap {pos}/{len} [{bar:40}] |Q| = {msg} eta {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    progress.set_position(run.quotient().last_heap().min(request.to));
    let started = Instant::now();
    let working = super::watch::working(format!("the quotient of {}", game.description()), true);
    let result = LongRun::new(super::watch::watch().clone()).run(&mut run, |(heap, size)| {
        progress.set_position(heap - 1);
        progress.set_message(size.to_string());
    });
    match result {
        Ok(()) => {}
        Err(grundy::Error::Interrupted) => {
            progress.abandon();
            return Err(super::watch::stopped(format!(
                "interrupted at heap {}; {}",
                run.quotient().last_heap(),
                super::sequence::kept(request.checkpoint)
            )));
        }
        // A limit reached: the heaps before it are kept, and saved. (Any
        // other error, such as a checkpoint that cannot be written, is
        // only itself.)
        Err(error) => {
            progress.abandon();
            if let (Some(path), grundy::Error::TooLarge { .. }) = (request.checkpoint, &error) {
                eprintln!(
                    "grundy: the quotient through heap {} is saved in {}",
                    run.quotient().last_heap(),
                    path.display()
                );
            }
            return Err(error.into());
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
    let quotient = run.into_quotient();
    if let Some(path) = request.output {
        quotient.save(path)?;
    }
    // A resumed run may hold more heaps than asked for: show what was asked.
    let shown = truncated(&quotient, request.to)?;
    print(&game, &shown, request.json)
}

/// The quotient as it stood at heap `to` (a checkpoint may hold more).
fn truncated(quotient: &PartialQuotient, to: u64) -> Result<PartialQuotient> {
    if quotient.last_heap() <= to {
        return Ok(quotient.clone());
    }
    Ok(quotient.through_heap(to)?)
}

/// Writes the quotient (text, or JSON) through [`super::output::print`],
/// whose failure names standard output.
fn print(game: &HeapGame, quotient: &PartialQuotient, json: bool) -> Result<()> {
    let mut out = String::new();
    describe(&mut out, game, quotient, json)?;
    super::output::print(out)
}

fn describe(out: &mut String, game: &HeapGame, quotient: &PartialQuotient, json: bool) -> Result<()> {
    let stability = quotient.stability(game);
    let presentation = presentation(quotient);
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
