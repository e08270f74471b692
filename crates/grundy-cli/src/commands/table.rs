//! `grundy table`.

use anyhow::Result;
use grundy::registry::RuleOptions;
use grundy::report::ValueTable;

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    Text,
    Csv,
    Json,
}

pub fn run(
    description: &str,
    rows: (u64, u64),
    cols: Option<(u64, u64)>,
    options: &RuleOptions,
    format: Format,
) -> Result<()> {
    let table = super::watch::tabulate(description, rows, cols, options)?;
    match format {
        Format::Json => super::output::println(serde_json::to_string(&table)?),
        Format::Csv => super::output::print(csv(&table)),
        Format::Text => super::output::print(text(&table)),
    }
}

fn cell_text(table: &ValueTable, r: usize, c: usize) -> String {
    table.cells[r][c].map_or_else(|| "-".to_string(), |v| v.to_string())
}

pub(crate) fn csv(table: &ValueTable) -> String {
    let mut out = String::new();
    match &table.columns {
        Some(columns) => {
            out.push_str("row");
            columns.iter().for_each(|c| out.push_str(&format!(",{c}")));
            out.push('\n');
        }
        None => out.push_str(&format!("position,{}\n", table.kind)),
    }
    for (r, row) in table.rows.iter().enumerate() {
        out.push_str(&row.to_string());
        for c in 0..table.cells[r].len() {
            out.push(',');
            out.push_str(&cell_text(table, r, c));
        }
        out.push('\n');
    }
    out
}

fn text(table: &ValueTable) -> String {
    let mut out = String::new();
    let Some(columns) = &table.columns else {
        let width = table.rows.last().map_or(1, |r| r.to_string().len());
        out.push_str(&format!(
            "{}: {} of positions {}..{}\n",
            table.game,
            table.kind,
            table.rows[0],
            table.rows[table.rows.len() - 1]
        ));
        for (r, row) in table.rows.iter().enumerate() {
            out.push_str(&format!("{row:>width$}  {}\n", cell_text(table, r, 0)));
        }
        return out;
    };
    let texts: Vec<Vec<String>> =
        (0..table.rows.len()).map(|r| (0..columns.len()).map(|c| cell_text(table, r, c)).collect()).collect();
    let width =
        texts.iter().flatten().map(String::len).chain(columns.iter().map(|c| c.to_string().len())).max().unwrap_or(1);
    let label = table.rows.iter().map(|r| r.to_string().len()).max().unwrap_or(1);
    out.push_str(&format!("{}: {} (rows x, columns y)\n", table.game, table.kind));
    out.push_str(&" ".repeat(label + 1));
    columns.iter().for_each(|c| out.push_str(&format!(" {c:>width$}")));
    out.push('\n');
    for (r, row) in table.rows.iter().enumerate() {
        out.push_str(&format!("{row:>label$} "));
        texts[r].iter().for_each(|t| out.push_str(&format!(" {t:>width$}")));
        out.push('\n');
    }
    out
}
