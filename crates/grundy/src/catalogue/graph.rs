//! A game given as a finite directed graph, read from a file.

use rustc_hash::FxHashMap;

use crate::error::{shortened, Error, Result};
use crate::game::{Digraph, Game, Goal, Options, Outcome};
use crate::watch::Poll;

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
    /// Position numbers to graph numbers; `None` when the file numbers its
    /// positions 0, 1, 2, … in order (the usual case), which needs no map.
    index: Option<FxHashMap<u64, u32>>,
}

impl GraphGame {
    /// Reads a graph file. Linear in the file and allocation-free per line:
    /// a first pass numbers the positions, a second writes every move into
    /// one flat array (a file of 10⁷ positions parses in seconds, not the
    /// minutes a vector per line took).
    pub fn parse(text: &str) -> Result<Self> {
        let mut names: Vec<u64> = Vec::new();
        let mut index: Option<FxHashMap<u64, u32>> = None;
        let mut lines = Vec::new();
        // (A file of millions of lines takes seconds: Ctrl-C is looked for.)
        let mut poll = Poll::new();
        for (number, line) in text.lines().enumerate() {
            poll.step()?;
            let line_number = number + 1;
            let content = line.split('#').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let (first, rest) = content.split_once(char::is_whitespace).unwrap_or((content, ""));
            let name = parse_position(first, line_number)?;
            if index.is_none() && name != names.len() as u64 {
                // Not numbered in order after all: from here on, a map.
                index = Some(names.iter().enumerate().map(|(i, &n)| (n, i as u32)).collect());
            }
            if let Some(index) = &mut index {
                if index.insert(name, names.len() as u32).is_some() {
                    return Err(Error::InvalidGame(format!("line {line_number}: position {name} is listed twice")));
                }
            }
            names.push(name);
            lines.push((line_number, rest));
        }
        if names.is_empty() {
            return Err(Error::InvalidGame("the graph file lists no positions".into()));
        }
        let lookup = |target: u64| lookup(index.as_ref(), names.len(), target);
        let mut offsets = Vec::with_capacity(names.len() + 1);
        let mut targets = Vec::new();
        let mut stuck = Vec::with_capacity(names.len());
        // The line each position was last written as a move on: a move
        // written twice on one line (`0 1 1`) is one option, since a
        // position's options are a set (one array for the whole file).
        let mut written_on = vec![usize::MAX; names.len()];
        offsets.push(0);
        for (line_number, rest) in lines {
            poll.step()?;
            let mut tokens = rest.split_whitespace();
            let first = tokens.next();
            let label = match first {
                Some("win") => Some(Outcome::N),
                Some("loss") => Some(Outcome::P),
                Some("draw") => Some(Outcome::Draw),
                _ => None,
            };
            match (label, first) {
                (Some(_), Some(word)) => {
                    // A label stands alone: after it, a move (`loss 3`) and a
                    // second label (`loss draw`) are both mistakes, told apart.
                    if let Some(next) = tokens.next() {
                        let what = match next {
                            "win" | "loss" | "draw" => format!("a second label '{next}' follows it"),
                            _ => format!("'{next}' follows it, as if the position had moves"),
                        };
                        return Err(Error::InvalidGame(format!(
                            "line {line_number}: '{word}' labels a stuck position and must stand alone, but {what}"
                        )));
                    }
                }
                (_, _) => {
                    for token in first.into_iter().chain(tokens) {
                        let target = parse_position(token, line_number)?;
                        let id = lookup(target).ok_or_else(|| {
                            Error::InvalidGame(format!(
                                "line {line_number}: a move to position {target}, which is not listed"
                            ))
                        })?;
                        if std::mem::replace(&mut written_on[id as usize], line_number) != line_number {
                            targets.push(id);
                        }
                    }
                }
            }
            offsets.push(targets.len());
            stuck.push(label.unwrap_or(Outcome::P));
        }
        Ok(GraphGame { graph: Digraph::from_parts(offsets, targets, stuck)?, names, index })
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
        lookup(self.index.as_ref(), self.names.len(), name)
    }

    /// The position the file calls `name` for the graph's number `id`.
    pub fn name(&self, id: u32) -> u64 {
        self.names[id as usize]
    }
}

/// The graph number of the position the file calls `name`.
fn lookup(index: Option<&FxHashMap<u64, u32>>, len: usize, name: u64) -> Option<u32> {
    match index {
        Some(index) => index.get(&name).copied(),
        None => (name < len as u64).then_some(name as u32),
    }
}

fn parse_position(token: &str, line: usize) -> Result<u64> {
    token.parse().map_err(|_| {
        Error::InvalidGame(format!(
            "line {line}: expected a position number (or win, loss, draw for a stuck position), found '{}'",
            shortened(token)
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
impl crate::game::Notation for GraphGame {
    fn parse_position(&self, text: &str) -> Result<u32> {
        let name: u64 = crate::game::parse_number(text, "a position number")?;
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
            ("0 win 1\n1\n", "line 1: 'win' labels a stuck position and must stand alone, but '1' follows it, as if"),
            (
                "0 loss draw\n",
                "line 1: 'loss' labels a stuck position and must stand alone, but a second label 'draw' f",
            ),
            ("-3\n", "line 1"),
        ];
        for (text, expected) in cases {
            let error = GraphGame::parse(text).unwrap_err().to_string();
            assert!(error.contains(expected), "{text:?}: {error}");
        }
    }

    /// A move written twice is one option, in the file's order (an audit
    /// saw `0 1 1` list the winning move `0 -> 1` twice).
    #[test]
    fn a_move_written_twice_is_one_option() {
        let game = GraphGame::parse(
            "0 2 1 2 2 1
1 0 0
2
",
        )
        .unwrap();
        let mut options = Options::new();
        game.options(&0, &mut options);
        assert_eq!(options.iter().map(|o| game.name(o[0])).collect::<Vec<_>>(), [2, 1]);
        options.clear();
        game.options(&1, &mut options);
        assert_eq!(options.len(), 1);
        options.clear();
        game.options(&2, &mut options);
        assert_eq!(options.len(), 0);
    }

    #[test]
    fn labels_and_comments() {
        let game = GraphGame::parse("# a race\n10 20 30 # moves\n20 win\n30 draw\n").unwrap();
        assert_eq!(game.graph().stuck_outcome(game.id(20).unwrap()), Outcome::N);
        assert_eq!(game.graph().stuck_outcome(game.id(30).unwrap()), Outcome::Draw);
        assert_eq!(game.name(0), 10);
    }
}
