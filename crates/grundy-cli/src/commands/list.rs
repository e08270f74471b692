//! `grundy list`: the registry, as text or JSON.

use anyhow::Result;
use grundy::registry::ENTRIES;

pub fn run(json: bool) -> Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(ENTRIES)?);
        return Ok(());
    }
    for entry in ENTRIES {
        println!("{}", entry.syntax);
        println!("    {}", entry.about);
        println!("    parameters: {}", entry.parameters);
        println!("    position:   {}", entry.position);
        println!("    example:    {}", entry.example);
    }
    println!();
    println!("Board games take --board ROWSxCOLS (default: the quarter-infinite board) and --goal x,y.");
    Ok(())
}
