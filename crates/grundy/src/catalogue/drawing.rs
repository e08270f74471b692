//! Boards drawn as text: rows of one character a cell, separated by `/` or
//! new lines — how Cram boards and minefields are typed. Read in one place
//! so that every board refuses the same mistakes with the same words.

use crate::error::{Error, Result};

/// What the two characters of a drawing mean, for reading it and for its
/// errors: `blank` is the plain cell, `mark` the other kind.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Legend {
    /// The board's name: "Cram board", "field".
    pub board: &'static str,
    pub blank: (char, &'static str),
    pub mark: (char, &'static str),
}

/// A drawn board, read: its size and its marked cells (row-major).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Drawing {
    pub rows: u32,
    pub cols: u32,
    pub marked: Vec<usize>,
}

impl Drawing {
    /// Reads rows of `legend`'s two characters. An empty row is refused,
    /// not skipped (skipping it would make the rows around it neighbours),
    /// as is a row of another length than the first.
    pub(crate) fn parse(text: &str, legend: &Legend) -> Result<Drawing> {
        let Legend { board, blank: (b, blank), mark: (m, mark) } = *legend;
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::InvalidPosition(format!(
                "expected a {board}: rows of '{b}' and '{m}' separated by '/', found nothing"
            )));
        }
        let lines: Vec<&str> = text.split(['/', '\n']).map(str::trim).collect();
        if let Some(r) = lines.iter().position(|l| l.is_empty()) {
            return Err(Error::InvalidPosition(format!(
                "row {} of the {board} {text:?} is empty: write every cell of a row ('{b}' or '{m}')",
                r + 1
            )));
        }
        let cols = lines[0].chars().count();
        let mut marked = Vec::new();
        for (r, line) in lines.iter().enumerate() {
            let count = line.chars().count();
            if count != cols {
                return Err(Error::InvalidPosition(format!(
                    "row {} of the {board} has {count} cells, but row 1 has {cols}",
                    r + 1
                )));
            }
            for (c, ch) in line.chars().enumerate() {
                if ch == m {
                    marked.push(r * cols + c);
                } else if ch != b {
                    return Err(Error::InvalidPosition(format!(
                        "row {}, column {}: expected '{b}' ({blank}) or '{m}' ({mark}), found '{ch}'",
                        r + 1,
                        c + 1
                    )));
                }
            }
        }
        Ok(Drawing { rows: lines.len() as u32, cols: cols as u32, marked })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELD: Legend = Legend { board: "field", blank: ('.', "no mine"), mark: ('*', "mine") };

    #[test]
    fn rows_and_marks_are_read_row_major() {
        let drawing = Drawing::parse(" ..*\n.../*.. ", &FIELD).unwrap();
        assert_eq!(drawing, Drawing { rows: 3, cols: 3, marked: vec![2, 6] });
    }

    #[test]
    fn mistakes_are_named_where_they_are() {
        let error = |text: &str| Drawing::parse(text, &FIELD).unwrap_err().to_string();
        assert!(error("").contains("found nothing"));
        assert!(error("..*//...").contains("row 2 of the field \"..*//...\" is empty"), "{}", error("..*//..."));
        assert!(error("..*/..").contains("row 2 of the field has 2 cells, but row 1 has 3"));
        assert!(error("..*/.#.").contains("row 2, column 2: expected '.' (no mine) or '*' (mine), found '#'"));
    }
}
