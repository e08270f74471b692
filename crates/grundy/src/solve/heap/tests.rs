//! Heap-game sequences against published values and against each other.

use super::*;
use crate::solve::{table::solve_table, NormalPlay};

fn sequence(description: &str, method: Method, len: usize) -> Vec<u32> {
    let game = HeapGame::parse(description).unwrap();
    let mut sequence = NimSequence::new(&game, method).unwrap();
    assert!(sequence.extend_to(len, |_| false).unwrap());
    sequence.into_values()
}

#[test]
fn published_kayles_dawsons_kayles_grundys_game_and_hexadecimal() {
    let published: [(&str, [u32; 20]); 4] = [
        ("kayles", [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]),
        ("dawsons-kayles", [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]),
        ("grundys-game", [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]),
        ("0.3F", [1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11]),
    ];
    for (game, values) in published {
        for method in [Method::Plain, Method::best_for(&HeapGame::parse(game).unwrap())] {
            assert_eq!(sequence(game, method, 21)[1..], values, "{game} by {method:?}");
        }
    }
}

#[test]
fn the_plain_method_agrees_with_the_general_table_solver() {
    for code in [
        "0.77",
        "0.07",
        "4.07",
        "0.3F",
        "hex:0.8",
        "0.16",
        "0.137",
        "grundys-game",
        "all-but:2,5",
        "nim",
        "subtraction:2,3,7",
    ] {
        let game = HeapGame::parse(code).unwrap();
        let general: Vec<u32> = solve_table(&game, NormalPlay, 60).unwrap().into_iter().map(|v| v as u32).collect();
        assert_eq!(sequence(code, Method::Plain, 60), general, "{code}");
    }
}

#[test]
fn rare_common_agrees_with_plain_on_many_random_codes() {
    let mut random = crate::testing::Xorshift::new(12345);
    let mut next = |n: u64| random.below(n);
    for _ in 0..300 {
        let length = 1 + next(5) as usize;
        let mut code = String::from(if next(4) == 0 { "4." } else { "0." });
        for _ in 0..length {
            code.push(char::from_digit(next(8) as u32, 8).unwrap());
        }
        let Ok(game) = HeapGame::parse(&code) else { continue };
        let plain = sequence(&code, Method::Plain, 700);
        let fast = sequence(&code, Method::RareCommon, 700);
        assert_eq!(plain, fast, "{code} ({game:?})");
    }
}

#[test]
fn resuming_gives_the_same_values() {
    let game = HeapGame::parse("0.16").unwrap();
    let whole = sequence("0.16", Method::RareCommon, 3000);
    let mut first = NimSequence::new(&game, Method::RareCommon).unwrap();
    first.extend_to(1234, |_| false).unwrap();
    let mut rest = NimSequence::resume(&game, Method::RareCommon, first.into_values()).unwrap();
    rest.extend_to(3000, |_| false).unwrap();
    assert_eq!(rest.values(), whole);
}

#[test]
fn a_stop_keeps_what_was_computed() {
    let game = HeapGame::parse("kayles").unwrap();
    let mut sequence = NimSequence::new(&game, Method::RareCommon).unwrap();
    let done = sequence.extend_to(100_000, |n| n >= 2 * STOP_CHECK_INTERVAL).unwrap();
    assert!(!done);
    assert_eq!(sequence.values().len(), 2 * STOP_CHECK_INTERVAL);
}

#[test]
fn kayles_is_proven_periodic_after_heap_70() {
    let values = sequence("kayles", Method::RareCommon, 400);
    let pattern = find_periodicity(&values, Some(2)).unwrap();
    assert_eq!((pattern.preperiod, pattern.period, pattern.saltus, pattern.proven), (71, 12, 0, true));
    assert!(pattern.certificate.unwrap().contains("71 ≤ n < 2·71 + 12 + 2"));
    // Too few values for the theorem: only a conjecture.
    let pattern = find_periodicity(&values[..150], Some(2)).unwrap();
    assert!(!pattern.proven);
}

#[test]
fn dawsons_kayles_is_proven_periodic_with_period_34() {
    let values = sequence("dawsons-kayles", Method::RareCommon, 400);
    let pattern = find_periodicity(&values, Some(2)).unwrap();
    assert_eq!((pattern.preperiod, pattern.period, pattern.proven), (53, 34, true));
}

#[test]
fn nim_and_all_but_games_are_arithmetic_periodic_conjectures() {
    let values = sequence("nim", Method::Plain, 300);
    let pattern = find_periodicity(&values, None).unwrap();
    assert_eq!((pattern.period, pattern.saltus, pattern.proven), (1, 1, false));
    let values = sequence("all-but:1,2", Method::Plain, 300);
    let pattern = find_periodicity(&values, None).unwrap();
    assert!(pattern.saltus > 0 && !pattern.proven, "{pattern:?}");
}

#[test]
fn the_subtraction_game_two_three_seven_is_proven_purely_periodic() {
    let game = HeapGame::parse("subtraction:2,3,7").unwrap();
    let values = sequence("subtraction:2,3,7", Method::RareCommon, 100);
    let pattern = find_periodicity(&values, game.octal_length()).unwrap();
    assert_eq!((pattern.preperiod, pattern.period, pattern.proven), (0, 5, true));
}

#[test]
fn grundys_game_has_no_pattern_in_its_first_thousands() {
    let values = sequence("grundys-game", Method::RareCommon, 5000);
    assert_eq!(find_periodicity(&values, None), None);
}
