//! The pruned search from the command line, for benchmarks before (and
//! besides) the `grundy` CLI:
//!
//! ```text
//! cargo run --release -p grundy --example pruned -- cram 5x8 [--threads 2] [--memory-mb 2048]
//! cargo run --release -p grundy --example pruned -- chomp 12x12
//! cargo run --release -p grundy --example pruned -- node-kayles grid:5x5
//! ```
//!
//! Prints the nim-value, the time and the nodes searched.

use std::time::Instant;

use grundy::catalogue::{Chomp, Cram, NodeKayles};
use grundy::solve::pruned::{Canonical, PrunedSearch, DEFAULT_MEMORY};

fn run<G: Canonical>(game: &G, position: &G::Position, threads: usize, memory: usize) {
    let search = PrunedSearch::with_memory(game, memory).threads(threads);
    let start = Instant::now();
    let value = search.nim_value(position).unwrap_or_else(|e| panic!("{e}"));
    let seconds = start.elapsed().as_secs_f64();
    let progress = search.progress();
    println!(
        "nim-value {value}  time {seconds:.3} s  nodes {}  table entries {}",
        progress.nodes, progress.table_entries
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(|v| v.parse::<usize>().expect("a number"))
    };
    let threads = option("--threads").unwrap_or(1);
    let memory = option("--memory-mb").map_or(DEFAULT_MEMORY, |mb| mb << 20);
    let (game, position) = (args[0].as_str(), args[1].as_str());
    match game {
        "cram" => run(&Cram, &Cram.parse(position).expect("a Cram board"), threads, memory),
        "chomp" => run(&Chomp, &Chomp.parse(position).expect("a Chomp diagram"), threads, memory),
        "node-kayles" => {
            let graph = NodeKayles::parse(position).expect("a graph");
            run(&graph, &graph.start(), threads, memory)
        }
        _ => panic!("unknown game {game}: cram, chomp or node-kayles"),
    }
}
