//! `grundy solve`.

use anyhow::Result;
use grundy::rules::{game, MoveReport, Report, RuleOptions};

pub fn run(description: &str, positions: &[String], options: &RuleOptions, json: bool) -> Result<()> {
    let report = game(description, options)?.solve(positions)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", render(&report));
    }
    Ok(())
}

fn render(report: &Report) -> String {
    let mut out = String::new();
    let mut line = |text: String| {
        out.push_str(&text);
        out.push('\n');
    };
    line(format!("game:      {}", report.game));
    line(format!("position:  {}", report.position.join(" + ")));
    line(format!("outcome:   {} ({})", report.outcome, report.outcome.describe()));
    if let Some(value) = report.nim_value {
        line(format!("nim-value: {value}"));
    }
    if report.components.len() > 1
        || report.components.first().map(|c| c.position.as_str()) != report.position.first().map(String::as_str)
    {
        line(format!("components ({}):", report.components.len()));
        for (i, c) in report.components.iter().enumerate() {
            match c.nim_value {
                Some(v) => line(format!("  [{i}] {}  nim-value {v}", c.position)),
                None => line(format!("  [{i}] {}", c.position)),
            }
        }
    }
    let show = |m: &MoveReport| {
        let to = if m.to.is_empty() { "nothing".to_string() } else { m.to.join(" + ") };
        match m.nim_value {
            Some(v) => format!("  in [{}]: {} -> {to}  (option's nim-value {v})", m.component, m.from),
            None => format!("  {} -> {to}", m.from),
        }
    };
    if !report.winning_moves.is_empty() {
        line(format!("winning moves ({}):", report.winning_moves.len()));
        report.winning_moves.iter().for_each(|m| line(show(m)));
    } else if report.outcome == grundy::Outcome::P {
        line("winning moves: none (every move loses against perfect play)".into());
    }
    if !report.drawing_moves.is_empty() {
        line(format!("drawing moves ({}):", report.drawing_moves.len()));
        report.drawing_moves.iter().for_each(|m| line(show(m)));
    }
    out
}
