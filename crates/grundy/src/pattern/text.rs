//! The pattern report as text, the way `grundy pattern` prints it.

use std::fmt::{self, Display, Formatter};

use super::{LineGroup, LinePeriod, PForm, PatternReport, ResidueTable};

/// P-positions listed in the text report before "… and N more" (JSON lists all).
const LISTED_P_POSITIONS: usize = 40;

impl PatternReport {
    /// The range, as stated next to every finding: "0 ≤ x ≤ 200, 0 ≤ y ≤ 200".
    pub fn range(&self) -> String {
        let (r0, r1) = self.rows;
        match self.columns {
            Some((c0, c1)) => format!("{r0} ≤ x ≤ {r1}, {c0} ≤ y ≤ {c1}"),
            None => format!("{r0} ≤ n ≤ {r1}"),
        }
    }
}

/// What a line without a reported period is told, with both of the
/// finder's conditions (`CONJECTURE_REPEATS` and `CONJECTURE_SPAN` in
/// `sequence::periodicity`), both counted *after* the pattern's first
/// period: it must repeat three times more, over 30 values or more. Naming
/// only the first was false of a row whose period 2 starts at y = 20 of
/// 0..40; leaving out "after its first period" was false of period 3 from
/// n = 0 on 0..31, whose 32 values repeat it 29 values past its first (an
/// audit found both).
const NO_PERIOD: &str =
    "no period repeats three times, over 30 values or more, after its first period within the range";

fn describe_period(p: &LinePeriod, along: &str) -> String {
    let kind = if p.saltus == 0 { String::new() } else { format!(", saltus {}", p.saltus) };
    format!("period {}{kind} from {along} = {}", p.period, p.from)
}

fn write_groups(f: &mut Formatter<'_>, groups: &[LineGroup], fixed: &str, along: &str) -> fmt::Result {
    for group in groups {
        let lines = if group.first == group.last {
            format!("{fixed} = {}", group.first)
        } else {
            format!("{fixed} = {}..{}", group.first, group.last)
        };
        match &group.pattern {
            Some(p) => writeln!(f, "  {lines}: {}", describe_period(p, along))?,
            None => writeln!(f, "  {lines}: {NO_PERIOD}")?,
        }
    }
    Ok(())
}

fn write_residues(f: &mut Formatter<'_>, residues: &ResidueTable) -> fmt::Result {
    let (a, b) = (residues.row_modulus, residues.column_modulus);
    writeln!(f, "the value depends only on (x mod {a}, y mod {b}):")?;
    let show = |v: &Option<crate::report::TableCell>| v.map_or("-".to_string(), |v| v.to_string());
    let width = residues.values.iter().flatten().map(|v| show(v).len()).max().unwrap_or(1).max(b.to_string().len());
    write!(f, "  {:>w$} |", "x\\y", w = 5)?;
    for y in 0..b {
        write!(f, " {y:>width$}")?;
    }
    writeln!(f)?;
    for (x, row) in residues.values.iter().enumerate() {
        write!(f, "  {x:>5} |")?;
        for v in row {
            write!(f, " {:>width$}", show(v))?;
        }
        writeln!(f)?;
    }
    Ok(())
}

/// The residue pairs as a product `A × B`, when they are one (and not a single pair).
fn as_product(residues: &[(u64, u64)]) -> Option<(Vec<u64>, Vec<u64>)> {
    let mut xs: Vec<u64> = residues.iter().map(|r| r.0).collect();
    let mut ys: Vec<u64> = residues.iter().map(|r| r.1).collect();
    xs.dedup();
    ys.sort_unstable();
    ys.dedup();
    (residues.len() > 1 && xs.len() * ys.len() == residues.len()).then_some((xs, ys))
}

impl Display for PForm {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            PForm::Diagonal => write!(f, "x = y"),
            PForm::Axes => write!(f, "x = 0 or y = 0"),
            PForm::HeapCongruence { modulus, residues } => {
                let list: Vec<String> = residues.iter().map(u64::to_string).collect();
                write!(f, "n mod {modulus} ∈ {{{}}}", list.join(", "))
            }
            PForm::Congruence { row_modulus, column_modulus, residues } => {
                if let Some((xs, ys)) = as_product(residues) {
                    let set = |v: Vec<u64>| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
                    return write!(
                        f,
                        "x mod {row_modulus} ∈ {{{}}} and y mod {column_modulus} ∈ {{{}}}",
                        set(xs),
                        set(ys)
                    );
                }
                let list: Vec<String> = residues
                    .iter()
                    .map(|(r, s)| format!("x ≡ {r} (mod {row_modulus}), y ≡ {s} (mod {column_modulus})"))
                    .collect();
                write!(f, "{}", list.join("; or "))
            }
            PForm::Linear { a, b, c, m } => {
                let term = |k: u64, v: &str| match k {
                    0 => None,
                    1 => Some(v.to_string()),
                    k => Some(format!("{k}·{v}")),
                };
                let terms: Vec<String> = [term(*a, "x"), term(*b, "y")].into_iter().flatten().collect();
                write!(f, "{} ≡ {c} (mod {m})", terms.join(" + "))
            }
            PForm::Beatty { shift, alpha, data_interval: (low, high), pairs } => {
                let beta = if *shift == 1 { "β = α² = α + 1".to_string() } else { format!("β = α + {shift}") };
                write!(
                    f,
                    "(⌊kα⌋, ⌊kβ⌋) and (⌊kβ⌋, ⌊kα⌋), k ≥ 0: complementary Beatty pairs with α = {alpha} ≈ {:.6}, {beta}; \
                     the {pairs} pairs in the range put α in [{low:.6}, {high:.6})",
                    (2.0 - *shift as f64 + ((shift * shift + 4) as f64).sqrt()) / 2.0
                )
            }
        }
    }
}

impl Display for PatternReport {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: patterns of the {} table, {}", self.game, self.kind, self.range())?;
        if let Some(sequence) = &self.sequence {
            writeln!(f, "sequence: {}", describe_period(sequence, "n"))?;
        } else if self.columns.is_none() {
            writeln!(f, "sequence: {NO_PERIOD}")?;
        }
        if self.columns.is_some() {
            writeln!(f, "rows (x fixed, along y):")?;
            write_groups(f, &self.row_patterns, "x", "y")?;
            writeln!(f, "columns (y fixed, along x):")?;
            write_groups(f, &self.column_patterns, "y", "x")?;
            match (&self.rows_repeat, &self.columns_repeat) {
                (None, None) => writeln!(f, "whole table: not periodic within the range")?,
                (rows, columns) => {
                    if let Some(r) = rows {
                        writeln!(f, "whole table: row x + {} equals row x for x ≥ {}", r.period, r.from)?;
                    }
                    if let Some(c) = columns {
                        writeln!(f, "whole table: column y + {} equals column y for y ≥ {}", c.period, c.from)?;
                    }
                }
            }
            if let Some(residues) = &self.residues {
                write_residues(f, residues)?;
            }
            for form in &self.value_forms {
                writeln!(f, "every value is {form}; holds for {}", self.range())?;
            }
        }
        let shown: Vec<String> = self
            .p_positions
            .iter()
            .take(LISTED_P_POSITIONS)
            .map(|p| if p.len() == 1 { p[0].to_string() } else { format!("({},{})", p[0], p[1]) })
            .collect();
        let more = self.p_positions.len().saturating_sub(LISTED_P_POSITIONS);
        let more = if more > 0 { format!(" … and {more} more") } else { String::new() };
        writeln!(f, "P-positions ({}): {}{more}", self.p_positions.len(), shown.join(" "))?;
        if self.p_positions.is_empty() {
            return Ok(());
        }
        if self.p_forms.is_empty() {
            let tried = if self.columns.is_some() {
                "x = y, x = 0 or y = 0, congruences, a·x + b·y ≡ c (mod m), Beatty pairs"
            } else {
                "n ≡ r (mod m) for a set of residues r"
            };
            writeln!(f, "P-positions form: none of {tried} fits")?;
        }
        for form in &self.p_forms {
            writeln!(f, "P-positions are exactly: {form}; holds for {}", self.range())?;
        }
        Ok(())
    }
}
