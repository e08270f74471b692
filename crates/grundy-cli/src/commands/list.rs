//! `grundy list`.

use anyhow::Result;
use grundy::rules::catalogue;

pub fn run(json: bool) -> Result<()> {
    let entries = catalogue();
    if json {
        println!("{}", serde_json::to_string_pretty(&entries)?);
        return Ok(());
    }
    for entry in entries {
        println!("{}", entry.name);
        println!("    {}", entry.about);
        println!("    parameters: {}", entry.parameters);
        println!("    position:   {}", entry.position);
        println!("    example:    {}", entry.example);
    }
    println!();
    println!("Board games take --board ROWSxCOLS (default: the quarter-infinite board) and --goal x,y.");
    Ok(())
}
