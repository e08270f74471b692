//! `grundy solve`.

use anyhow::Result;
use grundy::rules::{open, ComponentReport, Convention, MoveReport, Play, Report, RuleOptions};

pub fn run(description: &str, arguments: &[String], options: &RuleOptions, play: Play, json: bool) -> Result<()> {
    let (game, positions) = open(description, arguments, options)?;
    let report = game.solve_in(positions, play)?;
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
    line(format!("play:      {}", report.play));
    line(format!("position:  {}", report.position.join(" + ")));
    line(format!("outcome:   {} ({})", report.outcome, report.outcome.describe()));
    if let Some(note) = &report.note {
        line(format!("note:      {note}"));
    }
    if let Some(method) = report.method {
        line(format!("decided by: {method}"));
    }
    match (&report.generalized_value, report.nim_value) {
        (Some(value), _) => line(format!("value:     {value}")),
        (None, Some(value)) => line(format!("nim-value: {value}")),
        _ => {}
    }
    let details = |c: &ComponentReport| {
        let mut parts = Vec::new();
        if let Some(genus) = &c.genus {
            parts.push(format!("genus {genus}"));
        } else if let Some(value) = &c.generalized_value {
            parts.push(format!("value {value}"));
        } else if let Some(v) = c.nim_value {
            parts.push(format!("nim-value {v}"));
        }
        if let Some(r) = c.remoteness {
            parts.push(format!("remoteness {r}"));
        }
        if let Some(s) = c.suspense {
            parts.push(format!("suspense {s}"));
        }
        parts.join(", ")
    };
    let same_as_given = report.components.len() == 1
        && report.components[0].position == report.position[0]
        && report.play == Convention::Normal;
    if !same_as_given {
        line(format!("components ({}):", report.components.len()));
        for (i, c) in report.components.iter().enumerate() {
            match details(c) {
                d if d.is_empty() => line(format!("  [{i}] {}", c.position)),
                d => line(format!("  [{i}] {}  {d}", c.position)),
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
    } else if report.play == Convention::Every {
        line("winning moves: not listed for Every-SG (a move changes every component)".into());
    }
    if !report.drawing_moves.is_empty() {
        line(format!("drawing moves ({}):", report.drawing_moves.len()));
        report.drawing_moves.iter().for_each(|m| line(show(m)));
    }
    out
}
