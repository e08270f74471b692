//! Patterns of games whose patterns are known, and every finding checked
//! again by plain code on the table it came from.

use super::*;
use crate::catalogue::{Cell, Wythoff};
use crate::registry::{game, RuleOptions};
use crate::report::{TableCell, TableKind};

fn table(description: &str, goal: Option<Cell>, rows: (u64, u64), columns: Option<(u64, u64)>) -> ValueTable {
    let options = RuleOptions { goal, ..RuleOptions::default() };
    game(description, &options).unwrap().table(rows.0..=rows.1, columns.map(|(a, b)| a..=b)).unwrap()
}

/// The oracle: every claim of the report, checked cell by cell.
fn check_claims(table: &ValueTable, report: &PatternReport) {
    let grid = Grid::from_table(table).unwrap();
    let value = |x: u64, y: u64| grid.at((x - grid.row_start) as usize, (y - grid.column_start) as usize);
    let (x0, x1) = report.rows;
    let (y0, y1) = report.columns.unwrap_or((0, 0));
    let line_holds = |line: &dyn Fn(u64) -> Option<u64>, end: u64, p: &LinePeriod| {
        (p.from..=end.saturating_sub(p.period))
            .all(|n| line(n + p.period).zip(line(n)).map_or(line(n + p.period) == line(n), |(a, b)| a == b + p.saltus))
    };
    for group in &report.row_patterns {
        for x in group.first..=group.last {
            if let Some(p) = &group.pattern {
                assert!(line_holds(&|y| value(x, y), y1, p), "row {x}: {p:?}");
            }
        }
    }
    for group in &report.column_patterns {
        for y in group.first..=group.last {
            if let Some(p) = &group.pattern {
                assert!(line_holds(&|x| value(x, y), x1, p), "column {y}: {p:?}");
            }
        }
    }
    if let Some(r) = report.rows_repeat {
        assert!((r.from..=x1 - r.period).all(|x| (y0..=y1).all(|y| value(x, y) == value(x + r.period, y))));
    }
    if let Some(c) = report.columns_repeat {
        assert!((c.from..=y1 - c.period).all(|y| (x0..=x1).all(|x| value(x, y) == value(x, y + c.period))));
    }
    if let Some(residues) = &report.residues {
        let (a, b) = (residues.row_modulus, residues.column_modulus);
        for x in x0..=x1 {
            for y in y0..=y1 {
                let expected = residues.values[(x % a) as usize][(y % b) as usize];
                assert_eq!(table.cells[(x - x0) as usize][(y - y0) as usize], expected, "({x},{y})");
            }
        }
    }
    let p_cells: Vec<Vec<u64>> = table
        .rows
        .iter()
        .enumerate()
        .flat_map(|(r, &x)| {
            table.cells[r].iter().enumerate().filter(|(_, c)| is_p(c)).map(move |(c, _)| match &table.columns {
                Some(columns) => vec![x, columns[c]],
                None => vec![x],
            })
        })
        .collect();
    assert_eq!(report.p_positions, p_cells);
    if report.p_forms.contains(&PForm::Axes) {
        assert!(p_cells.iter().all(|p| p.contains(&0)), "{p_cells:?}");
        assert_eq!(p_cells.len() as u64, (x1 - x0 + 1) + (y1 - y0 + 1) - 1, "every cell of both axes");
    }
    for form in &report.value_forms {
        for (r, &x) in table.rows.iter().enumerate() {
            for (c, &y) in table.columns.as_ref().expect("value forms of two-coordinate tables").iter().enumerate() {
                let expected = match form {
                    ValueForm::NimProduct => crate::nim::nim_product(x, y),
                    ValueForm::RowTimesColumn { rows, columns } => crate::nim::nim_product(rows[r], columns[c]),
                };
                assert_eq!(table.cells[r][c], Some(TableCell::NimValue(expected)), "({x},{y}): {form:?}");
            }
        }
    }
}

fn is_p(cell: &Option<TableCell>) -> bool {
    matches!(cell, Some(TableCell::NimValue(0)) | Some(TableCell::Outcome(Outcome::P)))
}

fn analysed(description: &str, goal: Option<Cell>, rows: (u64, u64), columns: Option<(u64, u64)>) -> PatternReport {
    let t = table(description, goal, rows, columns);
    let report = find_patterns(&t).unwrap();
    check_claims(&t, &report);
    report
}

#[test]
fn king_race_p_positions_are_the_even_cells() {
    // Life Winner Bo's king: the second player wins exactly when both
    // distances to the goal are even (HDU 5754 editorial; the contest tests
    // check the closed form against the full table).
    let report = analysed("king", Some((0, 0)), (0, 40), Some((0, 40)));
    assert_eq!(report.p_forms, [PForm::Congruence { row_modulus: 2, column_modulus: 2, residues: vec![(0, 0)] }]);
    let residues = report.residues.unwrap();
    assert_eq!((residues.row_modulus, residues.column_modulus), (2, 2));
    assert_eq!(residues.values[1][1], Some(TableCell::Outcome(Outcome::N)));
}

/// Turning Corners: a head at (x, y) is worth x ⊗ y (Winning Ways ch. 14),
/// which is 0 exactly on the two axes.
#[test]
fn turning_corners_p_positions_are_the_axes() {
    let report = analysed("turning-corners", None, (0, 20), Some((0, 20)));
    assert_eq!(report.p_forms, [PForm::Axes]);
    // A range that does not meet the axes has no such form to show.
    assert!(analysed("turning-corners", None, (1, 20), Some((0, 20))).p_forms.is_empty());
}

#[test]
fn rook_race_p_positions_are_the_diagonal() {
    let report = analysed("rook", Some((0, 0)), (0, 30), Some((0, 30)));
    assert_eq!(report.p_forms, [PForm::Diagonal]);
    assert_eq!(report.rows_repeat, None);
}

#[test]
fn knight_race_repeats_mod_four_with_draws() {
    let report = analysed("knight", Some((0, 0)), (0, 40), Some((0, 40)));
    assert_eq!(report.rows_repeat, Some(AxisPeriod { from: 0, period: 4 }));
    let residues = report.residues.unwrap();
    assert_eq!(residues.values[0][0], Some(TableCell::Outcome(Outcome::P)));
    assert!(residues.values.iter().flatten().any(|v| *v == Some(TableCell::Outcome(Outcome::Draw))));
    assert_eq!(report.p_forms, [PForm::Congruence { row_modulus: 4, column_modulus: 4, residues: vec![(0, 0)] }]);
}

#[test]
fn wythoff_p_positions_are_beatty_pairs_of_the_golden_ratio() {
    let report = analysed("wythoff", None, (0, 60), Some((0, 60)));
    let [PForm::Beatty { shift, alpha, data_interval: (low, high), pairs }] = &report.p_forms[..] else {
        panic!("{:?}", report.p_forms)
    };
    assert_eq!((*shift, alpha.as_str()), (1, "(1+√5)/2"));
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    assert!(*low <= phi && phi < *high && high - low < 0.01, "[{low}, {high})");
    assert_eq!(*pairs as usize, report.p_positions.iter().filter(|p| p[0] < p[1]).count());
    // Row 0 is Nim (saltus 1); rows 1 and 2 are arithmetic-periodic with
    // period 3 and saltus 3 (Dress, Flammenkamp, Pink 1999: every row of
    // Wythoff's table is arithmetic-periodic).
    assert_eq!(report.row_patterns[0].pattern, Some(LinePeriod { from: 0, period: 1, saltus: 1 }));
    assert_eq!(report.row_patterns[1].pattern, Some(LinePeriod { from: 0, period: 3, saltus: 3 }));
    assert!(report.to_string().contains("holds for 0 ≤ x ≤ 60, 0 ≤ y ≤ 60"));
}

#[test]
fn a_single_wrong_cell_breaks_the_beatty_form() {
    let mut t = table("wythoff", None, (0, 40), Some((0, 40)));
    assert!(Wythoff::is_p_position(21, 34));
    t.cells[21][34] = Some(TableCell::NimValue(5));
    let report = find_patterns(&t).unwrap();
    assert!(!report.p_forms.iter().any(|f| matches!(f, PForm::Beatty { .. })), "{:?}", report.p_forms);
}

#[test]
fn subtraction_games_are_periodic() {
    // {1,3,4}: period 7, P-positions n ≡ 0, 2 (mod 7) (Winning Ways ch. 4).
    let report = analysed("subtraction:1,3,4", None, (0, 100), None);
    assert_eq!(report.sequence, Some(LinePeriod { from: 0, period: 7, saltus: 0 }));
    assert_eq!(report.p_forms, [PForm::HeapCongruence { modulus: 7, residues: vec![0, 2] }]);
    // {2,3,7}: the values are periodic with period 5 (checked against search
    // elsewhere); the report starts at heap 0.
    let report = analysed("subtraction:2,3,7", None, (0, 200), None);
    assert_eq!(report.sequence.map(|p| (p.period, p.saltus)), Some((5, 0)));
    // Nim: arithmetic periodicity, G(n + 1) = G(n) + 1.
    let report = analysed("nim", None, (0, 100), None);
    assert_eq!(report.sequence, Some(LinePeriod { from: 0, period: 1, saltus: 1 }));
}

#[test]
fn seeds_tables_hyper_knights_and_bomb_game() {
    // Hyper Knights (LightOJ 1315): row 0 and column 0 settle to 0 from 8 on.
    let report = analysed("hyper-knight", None, (0, 60), Some((0, 60)));
    assert_eq!(report.row_patterns[0].pattern, Some(LinePeriod { from: 8, period: 1, saltus: 0 }));
    assert_eq!(report.column_patterns[0].pattern, Some(LinePeriod { from: 8, period: 1, saltus: 0 }));
    // Bomb Game (HDU 2873): a bomb in row 1 moves along the row like a nim
    // heap of q − 1, so row 1 is arithmetic with saltus 1; row 0 is off the board.
    let report = analysed("bomb", None, (0, 40), Some((0, 40)));
    assert_eq!(report.row_patterns[1].pattern, Some(LinePeriod { from: 1, period: 1, saltus: 1 }));
    assert_eq!(report.p_positions[0], [1, 1]);
}

#[test]
fn a_linear_congruence_is_found_and_verified() {
    // A made-up table: P exactly where x + 2y ≡ 1 (mod 3).
    let size = 30u64;
    let t = ValueTable {
        game: "made-up".into(),
        kind: TableKind::NimValue,
        rows: (0..size).collect(),
        columns: Some((0..size).collect()),
        cells: (0..size)
            .map(|x| {
                (0..size).map(|y| Some(TableCell::NimValue(u64::from((x + 2 * y) % 3 != 1) * (1 + x % 2)))).collect()
            })
            .collect(),
    };
    let report = find_patterns(&t).unwrap();
    check_claims(&t, &report);
    assert!(report.p_forms.contains(&PForm::Linear { a: 1, b: 2, c: 1, m: 3 }), "{:?}", report.p_forms);
}

#[test]
fn ranges_too_large_are_refused_before_any_work() {
    assert!(matches!(check_range((0, 2999), Some((0, 2999))), Err(Error::TooLarge { .. })));
    assert!(check_range((0, 1999), Some((0, 1999))).is_ok());
}

/// Turning Corners' table is the nim-multiplication table (Tartan theorem,
/// WW ch. 14); other tables, or one wrong cell, are not called that.
#[test]
fn turning_corners_is_recognised_as_nim_multiplication() {
    use super::ValueForm;
    let corners = analysed("turning-corners", None, (0, 15), Some((0, 15)));
    assert_eq!(corners.value_forms, [ValueForm::NimProduct]);
    assert!(corners.to_string().contains("every value is the nim-product x ⊗ y"), "{corners}");
    let shifted = analysed("turning-corners", None, (3, 20), Some((5, 9)));
    assert_eq!(shifted.value_forms, [ValueForm::NimProduct]);
    for (description, rows, columns) in [("rook", (0, 15), (0, 15)), ("product:ruler,ruler", (1, 15), (1, 15))] {
        assert!(!analysed(description, None, rows, Some(columns)).value_forms.contains(&ValueForm::NimProduct));
    }
    let mut wrong = table("turning-corners", None, (0, 15), Some((0, 15)));
    wrong.cells[7][9] = Some(TableCell::NimValue(0));
    assert!(find_patterns(&wrong).unwrap().value_forms.is_empty());
    assert!(analysed("mock-turtles", None, (1, 30), None).value_forms.is_empty());
}

/// A product of two coin-turning games has the values `G₁(x) ⊗ G₂(y)` (the
/// Tartan theorem, WW ch. 14): the report finds the two functions — here
/// the ruler function (the largest power of 2 dividing x) and Mock Turtles'
/// odious numbers, read from the table alone — and finds no such form in
/// tables that are not products, nor in a product with one cell changed.
#[test]
fn products_of_coin_turning_games_are_recognised_as_row_times_column() {
    use super::ValueForm;
    let report = analysed("product:ruler,mock-turtles", None, (1, 12), Some((1, 10)));
    let ruler = [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4];
    let odious = [1, 2, 4, 7, 8, 11, 13, 14, 16, 19];
    assert_eq!(report.value_forms, [ValueForm::RowTimesColumn { rows: ruler.to_vec(), columns: odious.to_vec() }]);
    let text = report.to_string();
    assert!(text.contains("every value is f(x) ⊗ g(y), the nim-product"), "{text}");
    assert!(text.contains("with f = 1 2 1 4 1 2 1 8 1 2 1 4 down the rows and g = 1 2 4 7 8 11 13"), "{text}");
    // Twins' first coin has value 0: the pivot is further in, and a row
    // and a column of zeros are a product too.
    let twins = analysed("product:twins,ruler", None, (0, 9), Some((1, 9)));
    assert!(matches!(&twins.value_forms[..], [ValueForm::RowTimesColumn { .. }]), "{twins}");
    for (description, rows, columns) in [("rook", (0, 15), (0, 15)), ("wythoff", (0, 12), (0, 12))] {
        assert!(analysed(description, None, rows, Some(columns)).value_forms.is_empty(), "{description}");
    }
    let t = table("product:ruler,mock-turtles", None, (1, 12), Some((1, 10)));
    let mut broken = t.clone();
    let Some(TableCell::NimValue(v)) = broken.cells[5][7] else { panic!("a nim-value") };
    broken.cells[5][7] = Some(TableCell::NimValue(v ^ 1));
    assert!(find_patterns(&broken).unwrap().value_forms.is_empty());
}
