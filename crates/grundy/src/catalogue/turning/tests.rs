//! The theorem of coin-turning games and the Tartan theorem against plain
//! search of whole rows and boards, and the published values.

use super::*;
use crate::solve::{analyse_sum, check_closed_form, Search};
use crate::testing::Xorshift;

fn game(description: &str) -> CoinTurning {
    CoinTurning::parse(description).unwrap()
}

/// Every set of heads among the places `from..from + width`.
fn all_rows(from: u32, width: u32) -> impl Iterator<Item = Vec<u32>> {
    (0u32..1 << width).map(move |mask| (0..width).filter(|i| mask >> i & 1 == 1).map(|i| from + i).collect())
}

const GAMES: [&str; 9] = [
    "turning-turtles",
    "mock-turtles",
    "ruler",
    "twins",
    "turning:1,3",
    "turning:2,3",
    "turning:3",
    "turning:1,2,3,4",
    "turning:1,2,3,4,5",
];

#[test]
fn the_theorem_agrees_with_plain_search_of_whole_rows() {
    for description in GAMES {
        let game = game(description);
        let rows = all_rows(game.rule().first_place(), 9);
        assert_eq!(check_closed_form(&game, rows).unwrap(), None, "{description}");
    }
}

#[test]
fn every_winning_move_agrees_with_plain_search() {
    let mut random = Xorshift::new(14);
    for description in GAMES {
        let game = game(description);
        let first = game.rule().first_place();
        let mut plain = Search::normal_play(&game);
        let mut closed = Search::closed_form(&game);
        for _ in 0..40 {
            let row: Vec<u32> = (0..10).filter(|_| random.below(3) == 0).map(|i| first + i).collect();
            let sum = [row, vec![first + random.below(10) as u32]];
            let a = analyse_sum(&mut plain, &sum).unwrap();
            let b = analyse_sum(&mut closed, &sum).unwrap();
            assert_eq!((a.nim_value, a.winning_moves), (b.nim_value, b.winning_moves), "{description} {sum:?}");
        }
    }
}

/// The rules whose form names the options of a value without listing the
/// moves ([`TurningRule::others_of_sum`]), and some whose moves are listed.
const NAMED: [&str; 5] = ["turning-turtles", "twins", "turning:1", "turning:1,2", "turning:2"];

#[test]
fn options_of_a_value_are_the_listed_options_of_that_value() {
    let mut random = Xorshift::new(30);
    for description in NAMED {
        let game = game(description);
        let first = game.rule().first_place();
        for _ in 0..60 {
            let row: Vec<u32> = (0..12).filter(|_| random.below(3) == 0).map(|i| first + i).collect();
            let mut options = Options::new();
            game.options(&row, &mut options);
            for value in 0..20 {
                let listed: Vec<Vec<u32>> = options
                    .distinct()
                    .map(|option| option[0].clone())
                    .filter(|option| game.closed_nim_value(option) == value)
                    .collect();
                assert_eq!(game.options_of_value(&row, value), Some(listed), "{description} {row:?} {value}");
            }
        }
    }
    for description in ["mock-turtles", "ruler", "turning:1,3", "turning:2,3"] {
        assert_eq!(game(description).options_of_value(&vec![3, 5], 0), None, "{description}");
    }
}

/// Far heads of Turning Turtles are Nim heaps: a winning move turns a head
/// `h` with `h ⊕ x < h` (`x` the row's value) and the coin at `h ⊕ x`,
/// or `h` alone when `h ⊕ x` is 0 — one move for each such head.
#[test]
fn far_heads_of_turning_turtles_get_nims_winning_moves() {
    let game = game("turning-turtles");
    let mut random = Xorshift::new(31);
    for _ in 0..200 {
        let mut row: Vec<u32> =
            (0..1 + random.below(5)).map(|_| 1 + random.below(u64::from(u32::MAX)) as u32).collect();
        row.sort_unstable();
        row.dedup();
        let x = game.closed_nim_value(&row);
        let moves = game.options_of_value(&row, 0).unwrap();
        let nim_moves = row.iter().filter(|&&h| (u64::from(h) ^ x) < u64::from(h)).count();
        assert_eq!(moves.len(), nim_moves, "{row:?}");
        for option in moves {
            assert_eq!(game.closed_nim_value(&option), 0);
            let turned = turn(&row, &option);
            let head = *turned.last().unwrap();
            assert!(turned.len() <= 2 && row.contains(&head), "{row:?} -> {option:?}");
        }
    }
}

/// The games with a published form value any place by it; the recurrence
/// (the definition) must give the same values wherever it is run.
#[test]
fn published_forms_agree_with_the_recurrence() {
    let formulas =
        ["turning-turtles", "mock-turtles", "ruler", "twins", "turning:1", "turning:1,2", "turning:3,1,2", "turning:2"];
    for description in formulas {
        let game = game(description);
        let rule = game.rule();
        assert_eq!(rule.last_place(), LAST_PLACE_BY_FORMULA, "{description}");
        let recurrence = rule.values_by_recurrence(3000);
        for n in rule.first_place()..=3000 {
            assert_eq!(rule.value(n), recurrence[n as usize], "{description} place {n}");
        }
    }
    for tabled in ["turning:1,3", "turning:2,3", "turning:3"] {
        assert_eq!(game(tabled).rule().last_place(), MAX_PLACE, "{tabled}");
    }
}

/// Winning Ways ch. 14: Turning Turtles is Nim (a head at place n is *n,
/// places from 1); Twins is Nim with places from 0; `turning:2` is Twins
/// with its places numbered from 1.
#[test]
fn turtles_and_twins_are_nim() {
    let (turtles, twins, counted) = (game("turning-turtles"), game("twins"), game("turning:2"));
    assert_eq!((turtles.rule().first_place(), twins.rule().first_place()), (1, 0));
    for n in [0, 1, 2, 17, 1000, 1_000_000_007, u32::MAX] {
        assert_eq!(twins.rule().value(n), u64::from(n));
        if n >= 1 {
            assert_eq!(turtles.rule().value(n), u64::from(n));
            assert_eq!(counted.rule().value(n), twins.rule().value(n - 1));
        }
    }
}

/// Mock Turtles: the odious numbers (OEIS A000069: 1, 2, 4, 7, 8, 11, …),
/// the place-n head (places from 1) worth the n-th of them.
#[test]
fn mock_turtles_are_the_odious_numbers() {
    let mock = game("mock-turtles");
    let first: Vec<u64> = (1..=16).map(|n| mock.rule().value(n)).collect();
    assert_eq!(first, [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31]);
    let odious = (0u64..).filter(|k| k.count_ones() % 2 == 1);
    for (n, k) in (1..=5000).zip(odious) {
        assert_eq!(mock.rule().value(n), k, "place {n}");
    }
    // Far out: each pair 2m, 2m + 1 holds one odious number, so the n-th
    // is one of 2(n − 1), 2n − 1, and odious.
    for n in [1_000_000u32, 123_456_789, u32::MAX] {
        let g = mock.rule().value(n);
        assert!(g / 2 == u64::from(n) - 1 && g.count_ones() % 2 == 1, "place {n}: {g}");
    }
}

/// Ruler: the largest power of 2 dividing n (OEIS A006519: 1, 2, 1, 4, 1, 2, 1, 8, …).
#[test]
fn ruler_is_the_largest_power_of_two_dividing_the_place() {
    let ruler = game("ruler");
    let first: Vec<u64> = (1..=16).map(|n| ruler.rule().value(n)).collect();
    assert_eq!(first, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
    for (n, power) in [(3 << 20, 1 << 20), (1 << 31, 1 << 31), (u32::MAX, 1), (1_000_000_000, 512)] {
        assert_eq!(ruler.rule().value(n), power, "place {n}");
    }
}

/// `turning:SET` names the same games as the named ones.
#[test]
fn counting_sets_name_the_book_games() {
    for (set, named) in [("turning:1,2", "turning-turtles"), ("turning:3,1,2", "mock-turtles")] {
        let (a, b) = (game(set), game(named));
        assert_eq!(a.rule().last_place(), b.rule().last_place(), "{set}");
        assert!((1..=MAX_PLACE).all(|n| a.rule().value(n) == b.rule().value(n)), "{set}");
    }
}

fn product(description: &str) -> ProductTurning {
    ProductTurning::parse(description).unwrap()
}

/// Every set of at most `most` heads on the board of `side × side` places.
fn boards(game: &ProductTurning, side: u32, most: usize) -> Vec<Vec<(u32, u32)>> {
    fn extend(cells: &[(u32, u32)], heads: &mut Vec<(u32, u32)>, most: usize, out: &mut Vec<Vec<(u32, u32)>>) {
        out.push(heads.clone());
        if heads.len() == most {
            return;
        }
        for (i, &cell) in cells.iter().enumerate() {
            heads.push(cell);
            extend(&cells[i + 1..], heads, most, out);
            heads.pop();
        }
    }
    let (x0, y0) = (game.rows().first_place(), game.columns().first_place());
    let cells: Vec<(u32, u32)> = (0..side).flat_map(|i| (0..side).map(move |j| (x0 + i, y0 + j))).collect();
    let mut out = Vec::new();
    extend(&cells, &mut Vec::new(), most, &mut out);
    out
}

#[test]
fn the_tartan_theorem_agrees_with_plain_search_of_boards() {
    let corners = product("turning-corners");
    let positions = boards(&corners, 4, 3);
    assert_eq!(positions.len(), 1 + 16 + 120 + 560);
    assert_eq!(check_closed_form(&corners, positions).unwrap(), None);
    for description in [
        "product:ruler,mock-turtles",
        "product:turning-turtles,ruler",
        "product:mock-turtles,twins",
        "product:turning:1,3,turning-turtles",
    ] {
        let game = product(description);
        assert_eq!(check_closed_form(&game, boards(&game, 3, 3)).unwrap(), None, "{description}");
    }
}

/// Turning Corners is the nim-multiplication table (ONAG ch. 6; WW ch. 14);
/// the row of 8 is the published 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128.
#[test]
fn turning_corners_is_nim_multiplication() {
    let corners = product("turning-corners");
    let row: Vec<u64> = (1..=16).map(|y| corners.head_value(8, y)).collect();
    assert_eq!(row, [8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2, 128]);
    let mut search = Search::normal_play(&corners);
    assert_eq!(search.nim_value(&vec![(2, 3)]).unwrap(), 1);
    assert_eq!(search.nim_value(&vec![(3, 3)]).unwrap(), 2);
}

#[test]
fn positions_and_bad_input() {
    let mock = game("mock-turtles");
    assert_eq!(mock.parse_position("THHTH").unwrap(), vec![2, 3, 5]);
    assert_eq!(game("twins").parse_position("THHTH").unwrap(), vec![1, 2, 4]);
    assert_eq!(mock.parse_position("7,1,4").unwrap(), vec![1, 4, 7]);
    assert_eq!(mock.format_position(&vec![]), "none");
    let error = |g: &CoinTurning, text: &str| g.parse_position(text).unwrap_err().to_string();
    assert!(error(&mock, "0").contains("places run from 1 to 4294967295"), "{}", error(&mock, "0"));
    assert!(error(&mock, "1,1").contains("listed twice"));
    assert!(error(&mock, "THX").contains("a place of a head"));
    // Past u32 too, the row's places (it said "a number too large for it").
    assert!(error(&mock, "100000000000000").contains("places run from 1 to 4294967295"));
    // A rule without a published form is tabled to place 1000.
    assert!(error(&game("turning:1,3"), "1001").contains("places run from 1 to 1000"));
    assert!(CoinTurning::parse("turning:0,2").unwrap_err().to_string().contains("from 1 to 5 coins"));
    assert!(CoinTurning::parse("turning:x").unwrap_err().to_string().contains("a number of coins"));
    assert!(ProductTurning::parse("product:ruler").unwrap_err().to_string().contains("two coin-turning games"));
    let corners = product("turning-corners");
    assert_eq!(corners.parse_position("3,4;1,2").unwrap(), vec![(1, 2), (3, 4)]);
    assert_eq!(corners.format_position(&vec![(1, 2), (3, 4)]), "1,2;3,4");
    assert!(corners.parse_position("1;2").unwrap_err().to_string().contains("a head x,y"));
    // A head far out has more moves than `solve` lists (the session refuses
    // to list them; its value is a nim-product): C(999, 0..=2) squared.
    let mock_squared = product("product:mock-turtles,mock-turtles");
    let big = mock_squared.parse_position("1000,1000").unwrap();
    assert_eq!(mock_squared.move_count(&big), (1 + 999 + 999 * 998 / 2) * (1 + 999 + 999 * 998 / 2));
    assert!(mock_squared.move_count(&big) > crate::catalogue::MAX_MOVES_LISTED as u128);
    assert_eq!(mock.move_count(&[1, 2, 3]), 1 + 2 + 4);
    // Far heads of a product pass u128 in moves and coins: counted to its
    // end, not wrapped (a debug build panicked).
    let far = mock_squared.parse_position("4000000000,4000000000;4000000000,3999999999;3999999999,4000000000").unwrap();
    assert_eq!(mock_squared.listing(&far).coins, u128::MAX);
    assert!(mock_squared.move_count(&far) > 10u128.pow(38));
    // What listing writes: each option holds the other heads and the coins
    // turned. Mock Turtles at 3: one move of 1 coin, two of 2, one of 3.
    assert_eq!(mock.listing(&[3]), crate::catalogue::Listing { moves: 4, coins: 4 + (1 + 2 * 2 + 3) });
    // Ruler × Ruler at (3, 2): runs of 1..=3 coins times runs of 1..=2.
    let rulers = product("product:ruler,ruler");
    assert_eq!(rulers.listing(&[(3, 2)]), crate::catalogue::Listing { moves: 6, coins: 6 + 6 * 3 });
}

/// `can_move`, counted from the rule, says what listing the options says:
/// every row of the rules (`turning:3` cannot move a head on its first two
/// places) and every board of two products up to 3 × 3.
#[test]
fn can_move_agrees_with_the_options() {
    let mut stuck = 0;
    for description in GAMES {
        let game = game(description);
        for heads in all_rows(game.rule().first_place(), 7) {
            let mut options = Options::new();
            game.options(&heads, &mut options);
            assert_eq!(game.can_move(&heads), !options.is_empty(), "{description} {heads:?}");
            stuck += usize::from(!heads.is_empty() && options.is_empty());
        }
    }
    assert!(stuck > 0, "some rows with heads cannot move");
    for description in ["turning-corners", "product:ruler,turning:3"] {
        let game = product(description);
        let (x0, y0) = (game.rows().first_place(), game.columns().first_place());
        for mask in 0u32..1 << 9 {
            let heads: Vec<(u32, u32)> =
                (0..9).filter(|i| mask >> i & 1 == 1).map(|i| (x0 + i / 3, y0 + i % 3)).collect();
            let mut options = Options::new();
            game.options(&heads, &mut options);
            assert_eq!(game.can_move(&heads), !options.is_empty(), "{description} {heads:?}");
        }
    }
}
