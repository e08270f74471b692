//! `grundy list`: the registry, as text or JSON.

use std::fmt::Write;

use anyhow::Result;
use grundy::registry::ENTRIES;

use super::output;

pub fn run(json: bool) -> Result<()> {
    if json {
        return output::println(serde_json::to_string_pretty(ENTRIES)?);
    }
    let mut text = String::new();
    for entry in ENTRIES {
        writeln!(text, "{}", entry.syntax)?;
        writeln!(text, "    {}", entry.about)?;
        writeln!(text, "    parameters: {}", entry.parameters)?;
        writeln!(text, "    position:   {}", entry.position)?;
        writeln!(text, "    example:    {}", entry.example)?;
    }
    text.push('\n');
    text.push_str("Board games take --board ROWSxCOLS (default: the quarter-infinite board) and --goal x,y.\n");
    output::print(text)
}
