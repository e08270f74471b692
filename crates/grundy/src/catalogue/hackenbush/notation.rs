//! Green Hackenbush positions as text: inline edges `0-1,1-2,1-3,2-3`, a
//! family member `path:5`, `star:4`, `cycle:5`, `none` for the bare ground,
//! or the name of a file with one edge per line (`#` starts a comment).

use super::{Hackenbush, HackenbushGraph, MAX_HACKENBUSH_EDGES};
use crate::error::{Error, Result};
use crate::game::{parse_number, Notation};

/// Graphs by size, for tables: `hackenbush:path`, `hackenbush:star`,
/// `hackenbush:cycle`, and positions such as `path:5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HackenbushFamily {
    /// A stalk of `n` edges standing on the ground: `*n`.
    Path,
    /// The star of `n` edges standing on one of its points: a ground edge
    /// up to the centre, and `n − 1` edges out of the centre. By the colon
    /// principle `*(((n − 1) mod 2) + 1)`: 1 for odd `n`, 2 for even `n`.
    Star,
    /// A cycle of `n` edges through the ground (a loop for `n = 1`, two
    /// parallel edges for `n = 2`). By fusion, `n` loops: `*(n mod 2)`.
    Cycle,
}

impl HackenbushFamily {
    pub const ALL: [HackenbushFamily; 3] = [HackenbushFamily::Path, HackenbushFamily::Star, HackenbushFamily::Cycle];

    pub fn name(self) -> &'static str {
        match self {
            HackenbushFamily::Path => "path",
            HackenbushFamily::Star => "star",
            HackenbushFamily::Cycle => "cycle",
        }
    }

    /// The family a name denotes.
    pub fn parse(name: &str) -> Result<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name.trim()).ok_or_else(|| Error::Syntax {
            expected: "a Hackenbush family: path, star or cycle".into(),
            found: name.to_string(),
        })
    }

    /// The member with `n` edges.
    pub fn graph(self, n: u32) -> HackenbushGraph {
        match (self, n) {
            (_, 0) => HackenbushGraph::default(),
            (HackenbushFamily::Path, n) => HackenbushGraph::new((0..n).map(|i| (i, i + 1))),
            (HackenbushFamily::Star, n) => HackenbushGraph::new(std::iter::once((0, 1)).chain((2..=n).map(|i| (1, i)))),
            (HackenbushFamily::Cycle, n) => HackenbushGraph::new((0..n).map(|i| (i, (i + 1) % n))),
        }
    }

    /// The member with `n` edges, `n` written as text (at most
    /// [`MAX_HACKENBUSH_EDGES`]).
    pub fn parse_size(self, text: &str) -> Result<HackenbushGraph> {
        let n: u32 = parse_number(text, "a number of edges")?;
        if n as usize > MAX_HACKENBUSH_EDGES {
            return Err(too_many(n as usize));
        }
        Ok(self.graph(n))
    }
}

fn too_many(edges: usize) -> Error {
    Error::InvalidPosition(format!(
        "{edges} edges is too many: Hackenbush positions have at most {MAX_HACKENBUSH_EDGES} edges (every winning \
         move costs a valuation of each cut)"
    ))
}

/// One edge `a-b`.
fn parse_edge(text: &str) -> Result<(u32, u32)> {
    let (a, b) = text.split_once('-').ok_or_else(|| Error::Syntax {
        expected: "an edge written a-b (0 is the ground)".into(),
        found: text.into(),
    })?;
    Ok((parse_number(a, "a vertex number")?, parse_number(b, "a vertex number")?))
}

fn checked(edges: Vec<(u32, u32)>) -> Result<HackenbushGraph> {
    if edges.len() > MAX_HACKENBUSH_EDGES {
        return Err(too_many(edges.len()));
    }
    Ok(HackenbushGraph::new(edges))
}

/// A graph from the text of an edge-list file: one edge `a-b` a line,
/// blank lines and `#` comments ignored; an error names the line.
pub(super) fn parse_edge_file(text: &str) -> Result<HackenbushGraph> {
    let mut edges = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let content = line.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let edge =
            parse_edge(content).map_err(|error| Error::InvalidPosition(format!("line {}: {error}", number + 1)))?;
        edges.push(edge);
    }
    checked(edges)
}

impl Hackenbush {
    /// A graph written inline (`0-1,1-2`) or as a family member (`path:5`).
    fn parse_text(&self, text: &str) -> Result<HackenbushGraph> {
        let text = text.trim();
        if text == "none" {
            return Ok(HackenbushGraph::default());
        }
        if let Some((family, size)) = text.split_once(':') {
            return HackenbushFamily::parse(family)?.parse_size(size);
        }
        if let (Some(family), true) = (self.family, text.chars().all(|c| c.is_ascii_digit())) {
            return family.parse_size(text);
        }
        checked(text.split(',').map(parse_edge).collect::<Result<_>>()?)
    }
}

impl Notation for Hackenbush {
    /// Inline edges, `none`, `path:N`/`star:N`/`cycle:N`, a size for a
    /// family's game, or else (text that does not start with a digit) the
    /// name of an edge-list file (`./7.txt` for a name that does).
    fn parse_position(&self, text: &str) -> Result<HackenbushGraph> {
        let inline = text.trim().starts_with(|c: char| c.is_ascii_digit()) || text.trim().is_empty();
        if inline || text.contains(':') || text.trim() == "none" {
            return self.parse_text(text);
        }
        if self.no_files {
            return Err(Error::InvalidPosition(format!(
                "'{}' is not edges a-b between numbered vertices, and files are not read here",
                text.trim()
            )));
        }
        let path = std::path::Path::new(text.trim());
        if !path.exists() && text.contains(['-', ',']) && !text.contains(['.', '/']) {
            // Not a file, and written like edges, not like a file's name:
            // what is wrong with the edges says more than "no such file"
            // (`a-b`, `x-1,1-2`; `no-such-graph.txt` is still a file).
            let error = self.parse_text(text).err().map_or_else(String::new, |error| format!(": {error}"));
            return Err(Error::InvalidPosition(format!(
                "'{}' is neither edges a-b between numbered vertices nor a file{error}",
                text.trim()
            )));
        }
        let contents = crate::read_text_file(path)?;
        // One line, file then line.
        parse_edge_file(&contents).map_err(|error| Error::InvalidPosition(format!("{}: {error}", text.trim())))
    }

    fn format_position(&self, graph: &HackenbushGraph) -> String {
        if graph.edges.is_empty() {
            return "none".into();
        }
        graph.edges.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(",")
    }
}
