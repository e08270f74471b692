//! `grundy sequence hackenbush:FAMILY`: a Green Hackenbush family's
//! nim-values by number of edges, each valued by the fusion and colon
//! principles (the catalogue's tests check those against plain search).

use std::io::Write;

use anyhow::{bail, Context, Result};
use grundy::catalogue::{green_hackenbush_value, HackenbushFamily, MAX_HACKENBUSH_EDGES};

use super::{Format, Request};

/// The family named by `game` (`hackenbush:path`), if it names one.
pub fn family(game: &str) -> Option<Result<HackenbushFamily>> {
    let name = game.strip_prefix("hackenbush:")?;
    Some(HackenbushFamily::parse(name).map_err(Into::into))
}

pub fn run(family: HackenbushFamily, request: &Request) -> Result<()> {
    if request.misere || request.checkpoint.is_some() || matches!(request.format, Format::Binary) {
        bail!("a Hackenbush family's sequence is normal play only, with no checkpoint or binary file");
    }
    if request.to > MAX_HACKENBUSH_EDGES as u64 {
        bail!("--to {} is beyond the largest Hackenbush graph, {MAX_HACKENBUSH_EDGES} edges", request.to);
    }
    let values: Vec<u64> = (0..=request.to as u32).map(|n| green_hackenbush_value(&family.graph(n))).collect();
    let mut out: Box<dyn Write> = match request.output {
        Some(path) => {
            Box::new(std::fs::File::create(path).with_context(|| format!("cannot write {}", path.display()))?)
        }
        None => Box::new(std::io::stdout().lock()),
    };
    let game = request.game;
    match request.format {
        Format::Json => writeln!(out, "{}", serde_json::json!({ "game": game, "play": "normal", "values": values }))?,
        Format::Csv => {
            writeln!(out, "edges,nim_value")?;
            for (n, v) in values.iter().enumerate() {
                writeln!(out, "{n},{v}")?;
            }
        }
        _ => {
            writeln!(out, "{game}: nim-values by number of edges 0..{}", request.to)?;
            let shown: Vec<String> = values.iter().map(u64::to_string).collect();
            writeln!(out, "0: {}", shown.join(" "))?;
        }
    }
    Ok(())
}
