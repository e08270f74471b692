//! Pictures and pattern search on large tables: the sizes the issue names.
//!
//! Run: `cargo bench -p grundy --bench pictures`

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::export::{heatmap, scatter, ImageFormat, SequencePlot};
use grundy::pattern::find_patterns;
use grundy::registry::{game, RuleOptions};
use grundy::report::{TableCell, TableKind, ValueTable};

/// Two-heap Nim's 1000 × 1000 table, G = x ⊕ y (1024 distinct values).
fn nim_square(size: u64) -> ValueTable {
    ValueTable {
        game: "rook".into(),
        kind: TableKind::NimValue,
        rows: (0..size).collect(),
        columns: Some((0..size).collect()),
        cells: (0..size).map(|x| (0..size).map(|y| Some(TableCell::NimValue(x ^ y))).collect()).collect(),
    }
}

fn pictures(c: &mut Criterion) {
    let table = nim_square(1000);
    let mut group = c.benchmark_group("pictures");
    group.sample_size(10);
    group.bench_function("heatmap 1000x1000 png", |b| b.iter(|| heatmap(&table, ImageFormat::Png).unwrap()));
    group.bench_function("heatmap 1000x1000 svg", |b| b.iter(|| heatmap(&table, ImageFormat::Svg).unwrap()));
    let values: Vec<u32> = (0..4_000_000u32).map(|n| (n % 7) ^ (n % 3)).collect();
    let plot = SequencePlot { game: "made-up", first: 0, values: &values, periodicity: Some((0, 21)) };
    group.bench_function("scatter 4M heaps png", |b| b.iter(|| scatter(&plot, ImageFormat::Png).unwrap()));
    group.finish();
}

fn patterns(c: &mut Criterion) {
    let wythoff = game("wythoff", &RuleOptions::default()).unwrap().table(0..=300, Some(0..=300)).unwrap();
    let nim = nim_square(1000);
    let mut group = c.benchmark_group("patterns");
    group.sample_size(10);
    group.bench_function("wythoff 301x301", |b| b.iter(|| find_patterns(&wythoff).unwrap()));
    group.bench_function("two-heap nim 1000x1000", |b| b.iter(|| find_patterns(&nim).unwrap()));
    group.finish();
}

criterion_group!(benches, pictures, patterns);
criterion_main!(benches);
