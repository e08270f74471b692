//! A game given as a finite directed graph, read from a file.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::game::{Digraph, Game, Goal, Options, Outcome};

/// A game on an explicit graph, possibly with cycles. Positions are
/// numbers; the file has one line per position:
///
/// ```text
/// # a comment
/// 0 1 2        position 0 can move to 1 and 2
/// 1 0
/// 2            position 2 is stuck: the player to move loses
/// 3 draw       stuck, and a draw (or: win, loss)
/// ```
///
/// Every position appears once at the start of a line; every move goes to
/// a position that appears.
///
/// ```
/// use grundy::catalogue::GraphGame;
/// let game = GraphGame::parse("0 1\n1 0 2\n2\n").unwrap();
/// assert_eq!(game.len(), 3);
/// assert!(GraphGame::parse("0 7\n").unwrap_err().to_string().contains("line 1"));
/// ```
#[derive(Clone, Debug)]
pub struct GraphGame {
    graph: Digraph,
    /// The number each position has in the file.
    names: Vec<u64>,
    index: HashMap<u64, u32>,
}

impl GraphGame {
    pub fn parse(text: &str) -> Result<Self> {
        let mut names = Vec::new();
        let mut index = HashMap::new();
        let mut lines = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line_number = number + 1;
            let content = line.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let mut tokens = content.split_whitespace();
            let name = parse_position(tokens.next().expect("non-empty"), line_number)?;
            if index.insert(name, names.len() as u32).is_some() {
                return Err(Error::InvalidGame(format!("line {line_number}: position {name} is listed twice")));
            }
            names.push(name);
            lines.push((line_number, tokens.map(str::to_string).collect::<Vec<_>>()));
        }
        if names.is_empty() {
            return Err(Error::InvalidGame("the graph file lists no positions".into()));
        }
        let mut options = Vec::with_capacity(names.len());
        let mut stuck = Vec::with_capacity(names.len());
        for (line_number, tokens) in lines {
            let label = match tokens.first().map(String::as_str) {
                Some("win") => Some(Outcome::N),
                Some("loss") => Some(Outcome::P),
                Some("draw") => Some(Outcome::Draw),
                _ => None,
            };
            if label.is_some() && tokens.len() > 1 {
                return Err(Error::InvalidGame(format!(
                    "line {line_number}: '{}' labels a stuck position, but this one has moves",
                    tokens[0]
                )));
            }
            let mut targets = Vec::new();
            if label.is_none() {
                for token in &tokens {
                    let target = parse_position(token, line_number)?;
                    let &id = index.get(&target).ok_or_else(|| {
                        Error::InvalidGame(format!(
                            "line {line_number}: a move to position {target}, which is not listed"
                        ))
                    })?;
                    targets.push(id);
                }
            }
            options.push(targets);
            stuck.push(label.unwrap_or(Outcome::P));
        }
        Ok(GraphGame { graph: Digraph::new(options, stuck)?, names, index })
    }

    pub fn graph(&self) -> &Digraph {
        &self.graph
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The number of a position as the file writes it.
    pub fn id(&self, name: u64) -> Option<u32> {
        self.index.get(&name).copied()
    }

    /// The position the file calls `name` for the graph's number `id`.
    pub fn name(&self, id: u32) -> u64 {
        self.names[id as usize]
    }
}

fn parse_position(token: &str, line: usize) -> Result<u64> {
    token.parse().map_err(|_| {
        Error::InvalidGame(format!(
            "line {line}: expected a position number (or win, loss, draw for a stuck position), found '{token}'"
        ))
    })
}

impl Game for GraphGame {
    type Position = u32;
    fn options(&self, &u: &u32, options: &mut Options<u32>) {
        self.graph.options(u).iter().for_each(|&v| options.push(v));
    }
}

impl Goal for GraphGame {
    fn stuck_outcome(&self, &u: &u32) -> Outcome {
        self.graph.stuck_outcome(u)
    }
}

/// Positions are written as the file names them.
impl super::Notation for GraphGame {
    fn parse_position(&self, text: &str) -> Result<u32> {
        let name: u64 = super::parse_number(text, "a position number")?;
        self.id(name).ok_or_else(|| Error::InvalidPosition(format!("position {name} is not in the graph")))
    }

    fn format_position(&self, &u: &u32) -> String {
        self.name(u).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_line() {
        let cases = [
            ("0 1\n0 2\n1\n2\n", "line 2: position 0 is listed twice"),
            ("0 1\n1 5\n", "line 2: a move to position 5"),
            ("0 x\n", "line 1: expected a position number"),
            ("# only a comment\n\n", "no positions"),
            ("0 win 1\n1\n", "line 1: 'win' labels a stuck position"),
            ("-3\n", "line 1"),
        ];
        for (text, expected) in cases {
            let error = GraphGame::parse(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
    }

    #[test]
    fn labels_and_comments() {
        let game = GraphGame::parse("# a race\n10 20 30 # moves\n20 win\n30 draw\n").unwrap();
        assert_eq!(game.graph().stuck_outcome(game.id(20).unwrap()), Outcome::N);
        assert_eq!(game.graph().stuck_outcome(game.id(30).unwrap()), Outcome::Draw);
        assert_eq!(game.name(0), 10);
    }
}
