//! `grundy pattern`: periods and P-position forms of a table.

use anyhow::Result;
use grundy::pattern;
use grundy::registry::RuleOptions;

pub fn run(
    description: &str,
    rows: (u64, u64),
    cols: Option<(u64, u64)>,
    options: &RuleOptions,
    json: bool,
) -> Result<()> {
    // Refused before any work: the search keeps copies of the table.
    pattern::check_range(rows, cols)?;
    let table = super::watch::tabulate(description, rows, cols, options)?;
    let report = pattern::find_patterns(&table)?;
    if json {
        super::output::println(serde_json::to_string_pretty(&report)?)
    } else {
        super::output::print(report)
    }
}
