//! Periods of single rows and columns, and of the whole table.

use serde::Serialize;

use super::Grid;
use crate::sequence::find_periodicity;

/// `v(n + period) = v(n) + saltus` for every `n ≥ from` on the line, within the range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct LinePeriod {
    /// The first coordinate along the line from which the pattern holds
    /// (the preperiod, as a coordinate).
    pub from: u64,
    pub period: u64,
    /// 0 for plain periodicity; positive for arithmetic periodicity.
    pub saltus: u64,
}

/// Consecutive lines (rows `x = first..=last`, or columns) with the same pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LineGroup {
    pub first: u64,
    pub last: u64,
    /// `None`: no pattern repeats often enough within the range.
    pub pattern: Option<LinePeriod>,
}

/// Whole lines repeat: line `n + period` equals line `n` for every `n ≥ from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AxisPeriod {
    pub from: u64,
    pub period: u64,
}

/// A pattern must be seen this many times over (beyond its first period)
/// inside the range to be reported, as for heap sequences.
const REPEATS: usize = 3;

/// The periodicity of one line of cells starting at coordinate `start`.
///
/// The heap-sequence finder does the work: off-board cells become a value no
/// nim-value takes, so they only ever match each other. Saltus is meaningful
/// only for nim-values; an outcome line "growing" is no pattern.
pub(crate) fn line_period(line: &[Option<u64>], start: u64, nim_values: bool) -> Option<LinePeriod> {
    const OFF_BOARD: u32 = u32::MAX;
    if line.iter().flatten().any(|&v| v >= OFF_BOARD as u64) {
        return None;
    }
    let values: Vec<u32> = line.iter().map(|v| v.map_or(OFF_BOARD, |v| v as u32)).collect();
    let found = find_periodicity(&values, None)?;
    if found.saltus > 0 && !nim_values {
        return None;
    }
    // An arithmetic pattern through off-board cells would add to the marker.
    let off_board_in_tail = values[found.preperiod..].contains(&OFF_BOARD);
    if found.saltus > 0 && off_board_in_tail {
        return None;
    }
    Some(LinePeriod { from: start + found.preperiod as u64, period: found.period as u64, saltus: found.saltus })
}

/// Every row's pattern (each row read along its columns), grouped.
pub(crate) fn line_groups(grid: &Grid) -> Vec<LineGroup> {
    let mut groups: Vec<LineGroup> = Vec::new();
    for row in 0..grid.height {
        let line = &grid.cells[row * grid.width..(row + 1) * grid.width];
        let pattern = line_period(line, grid.column_start, grid.nim_values);
        let x = grid.row_start + row as u64;
        match groups.last_mut() {
            Some(group) if group.pattern == pattern => group.last = x,
            _ => groups.push(LineGroup { first: x, last: x, pattern }),
        }
    }
    groups
}

/// The period with which whole rows repeat from some row on, and the first
/// row from which they do; `None` when no period repeats [`REPEATS`] times
/// within the range. Of the periods that do, the one whose pattern starts
/// soonest counts (the least `from + period`), not merely the smallest: a
/// range that ends inside a run of equal rows shows period 1 over that
/// run, and `pattern subtraction:4 --rows 0..39` (period 8 from row 0,
/// rows 36..39 alike) reported rows equal from row 36 and so no
/// congruence for its P-positions. A multiple of the true period never
/// wins: it would have to start more than the period sooner.
pub(crate) fn axis_period(grid: &Grid) -> Option<AxisPeriod> {
    // Each row as a number, equal rows the same, so that trying every
    // period compares numbers rather than rows.
    let mut ids = std::collections::HashMap::new();
    let rows: Vec<usize> = (0..grid.height)
        .map(|r| {
            let next = ids.len();
            *ids.entry(&grid.cells[r * grid.width..(r + 1) * grid.width]).or_insert(next)
        })
        .collect();
    let height = grid.height;
    let mut best: Option<(usize, usize)> = None;
    for period in 1..=height / (REPEATS + 1) {
        if best.is_some_and(|(from, best_period)| period >= from + best_period) {
            break; // No later period can start soon enough to win.
        }
        // How far back from the last row `row(n + period) == row(n)` holds.
        let mut from = height - period;
        while from > 0 && rows[from - 1] == rows[from - 1 + period] {
            from -= 1;
        }
        let covered = height - period - from >= REPEATS * period;
        if covered && best.is_none_or(|(best_from, best_period)| from + period < best_from + best_period) {
            best = Some((from, period));
        }
    }
    best.map(|(from, period)| AxisPeriod { from: grid.row_start + from as u64, period: period as u64 })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(height: usize, width: usize, f: impl Fn(usize, usize) -> Option<u64>) -> Grid {
        Grid {
            row_start: 0,
            column_start: 0,
            height,
            width,
            cells: (0..height).flat_map(|r| (0..width).map(move |c| (r, c))).map(|(r, c)| f(r, c)).collect(),
            nim_values: true,
        }
    }

    /// A range ending inside a run of equal rows: the period of the whole
    /// range wins over the run's period 1 (subtraction:4's P-positions,
    /// rows 0..39: n mod 8 in 0..4, found by a user sweep).
    #[test]
    fn a_run_at_the_end_does_not_hide_the_period() {
        for height in 36..=48 {
            let g = grid(height, 1, |r, _| Some(u64::from(r % 8 >= 4)));
            assert_eq!(axis_period(&g), Some(AxisPeriod { from: 0, period: 8 }), "rows 0..{}", height - 1);
        }
        // Constant from row 5: period 1 from there, not a multiple sooner.
        let g = grid(40, 2, |r, c| Some(if r < 5 { (r + c) as u64 } else { 7 }));
        assert_eq!(axis_period(&g), Some(AxisPeriod { from: 5, period: 1 }));
    }

    #[test]
    fn rows_repeat_after_a_preperiod() {
        // Rows 0..3 are exceptions; from row 3 on rows repeat with period 2.
        let g = grid(40, 5, |r, c| Some(if r < 3 { (r * 7 + c) as u64 } else { ((r % 2) * c) as u64 }));
        assert_eq!(axis_period(&g), Some(AxisPeriod { from: 3, period: 2 }));
        // Column 0 of that table is 0 everywhere but row 1 and 2.
        let column: Vec<Option<u64>> = (0..40).map(|r| g.at(r, 0)).collect();
        assert_eq!(line_period(&column, 0, true), Some(LinePeriod { from: 3, period: 1, saltus: 0 }));
    }

    #[test]
    fn too_few_repeats_are_no_pattern() {
        let g = grid(7, 3, |r, _| Some((r % 2) as u64));
        assert_eq!(axis_period(&g), None, "period 2 seen only three times over");
        let g = grid(9, 3, |r, _| Some((r % 2) as u64));
        assert_eq!(axis_period(&g), Some(AxisPeriod { from: 0, period: 2 }));
    }

    #[test]
    fn arithmetic_lines_have_a_saltus_but_outcome_lines_do_not() {
        let line: Vec<Option<u64>> = (0..60u64).map(|n| Some(n / 2)).collect();
        assert_eq!(line_period(&line, 10, true), Some(LinePeriod { from: 10, period: 2, saltus: 1 }));
        let line: Vec<Option<u64>> = (0..60u64).map(|n| Some(n.min(2))).collect();
        assert_eq!(line_period(&line, 0, false), Some(LinePeriod { from: 2, period: 1, saltus: 0 }));
    }
}
