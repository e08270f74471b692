//! The dense table solver against memoized search, on the same positions.
//!
//! Run: `cargo bench -p grundy --bench table_vs_memo`

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::catalogue::{Board, BombGame, Piece, Subtraction};
use grundy::game::Indexed;
use grundy::game::Rectangle;
use grundy::solve::{dense::solve_dense, NormalPlay, Search};

fn hyper_knights(c: &mut Criterion) {
    let game = Piece::HYPER_KNIGHT.game(Board::QuarterPlane).unwrap();
    let region = game.region(500, 500).unwrap();
    let cells: Vec<_> = (0..region.len()).map(|i| region.position(i)).collect();
    let mut group = c.benchmark_group("hyper-knight 500x500");
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("table", region.len()), |b| {
        b.iter(|| solve_dense(&region, NormalPlay, region.len()).unwrap())
    });
    group.bench_function(BenchmarkId::new("memo", region.len()), |b| {
        b.iter(|| {
            let mut search = Search::normal_play(&game);
            for cell in &cells {
                search.nim_value(cell).unwrap();
            }
        })
    });
    group.finish();
}

fn bomb(c: &mut Criterion) {
    let rectangle = Rectangle::new(&BombGame, 50, 50);
    let mut group = c.benchmark_group("bomb game 50x50");
    group.sample_size(10);
    group.bench_function("table", |b| b.iter(|| solve_dense(&rectangle, NormalPlay, rectangle.len()).unwrap()));
    group.bench_function("memo", |b| {
        b.iter(|| {
            let mut search = Search::normal_play(&BombGame);
            for i in 0..rectangle.len() {
                search.nim_value(&rectangle.position(i)).unwrap();
            }
        })
    });
    group.finish();
}

fn subtraction(c: &mut Criterion) {
    let game = Subtraction::new(vec![2, 3, 7, 11, 13]).unwrap();
    let n = 1_000_000;
    let mut group = c.benchmark_group("subtraction {2,3,7,11,13} to 10^6");
    group.sample_size(10);
    group.bench_function("table", |b| b.iter(|| solve_dense(&game, NormalPlay, n).unwrap()));
    group.bench_function("memo", |b| {
        b.iter(|| {
            let mut search = Search::normal_play(&game);
            for heap in 0..n as u64 {
                search.nim_value(&heap).unwrap();
            }
        })
    });
    group.finish();
}

criterion_group!(benches, hyper_knights, bomb, subtraction);
criterion_main!(benches);
