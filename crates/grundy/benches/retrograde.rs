//! Retrograde analysis and generalized values on large random game graphs.
//!
//! Run: `cargo bench -p grundy --bench retrograde`
//!
//! Builds graphs of 10^6 and 10^7 positions with three moves each (random
//! targets, so cycles abound), solves them, and prints time per position
//! and the peak memory of the process. Linear time shows as equal time per
//! position at both sizes.

use std::time::Instant;

use grundy::game::Outcome;
use grundy::solve::loopy::{generalized_values, retrograde, Digraph};

fn random_graph(len: usize, degree: usize, seed: u64) -> Digraph {
    let mut state = seed;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut offsets = Vec::with_capacity(len + 1);
    let mut targets = Vec::with_capacity(len * degree);
    offsets.push(0);
    for _ in 0..len {
        // About one position in eight is stuck, so that games can end.
        if next() % 8 != 0 {
            for _ in 0..degree {
                targets.push((next() % len as u64) as u32);
            }
        }
        offsets.push(targets.len());
    }
    Digraph::from_parts(offsets, targets, vec![Outcome::P; len]).expect("a valid graph")
}

fn peak_memory_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` passes nothing: run small then.
    let full = std::env::args().any(|a| a == "--bench");
    let sizes: &[usize] = if full { &[1_000_000, 10_000_000] } else { &[10_000] };
    for &len in sizes {
        let graph = random_graph(len, 3, 2026);
        let start = Instant::now();
        let solved = retrograde(&graph).expect("no watch is set, so nothing stops it");
        let elapsed = start.elapsed();
        let draws = solved.outcomes.iter().filter(|&&o| o == Outcome::Draw).count();
        println!(
            "retrograde: {len} positions, {} moves: {:.3} s ({:.1} ns per position+move), {draws} draws, peak memory {:.0} MB",
            graph.moves(),
            elapsed.as_secs_f64(),
            elapsed.as_nanos() as f64 / (len + graph.moves()) as f64,
            peak_memory_mb()
        );
        if len <= 1_000_000 {
            let start = Instant::now();
            let values = generalized_values(&graph).expect("normal play");
            let largest = values
                .iter()
                .filter_map(|v| match v {
                    grundy::solve::loopy::LoopyValue::Finite(v) => Some(*v),
                    _ => None,
                })
                .max();
            println!(
                "generalized values: {len} positions: {:.3} s, largest finite value {largest:?}",
                start.elapsed().as_secs_f64()
            );
        }
    }
}
