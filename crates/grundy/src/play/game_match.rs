//! Turns and commands: a person against the engine, one line at a time.

use super::{Ending, PlaySession};
use crate::error::Error;
use crate::game::Outcome;

/// What to print after a line, and whether the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub text: String,
    pub over: bool,
}

/// A person against the engine. Every input line is a command or a move;
/// a bad line gets a one-line reason and changes nothing.
pub struct Match<'s> {
    session: &'s mut dyn PlaySession,
    /// Plies made in each of the player's turns (their move, and the
    /// engine's reply if the game went on), so that `undo` takes back both.
    turns: Vec<usize>,
    over: bool,
}

/// "position: 3 + 4 + 5", or the drawing on the lines below.
fn position(session: &dyn PlaySession) -> String {
    let shown = session.show();
    if shown.contains('\n') {
        format!("position:\n{shown}\n")
    } else {
        format!("position: {shown}\n")
    }
}

/// The commands, with an example move of this game (its first legal move), so a
/// board, a Mine field or a graph is not shown a heap move.
fn help(session: &dyn PlaySession) -> String {
    let example = match session.first_move() {
        Some(mv) => format!(" (e.g. {mv})"),
        None => String::new(),
    };
    format!("commands: a move as `moves` lists them{example}, #k for the k-th listed move, moves, hint, undo, quit")
}

impl<'s> Match<'s> {
    /// Starts a match; with `engine_first` the engine moves first. Returns
    /// the opening text (the position, and the engine's first move).
    pub fn new(session: &'s mut dyn PlaySession, engine_first: bool) -> crate::Result<(Match<'s>, String)> {
        let mut game = Match { session, turns: Vec::new(), over: false };
        let mut text = position(game.session);
        if let Some(ending) = game.session.ending()? {
            game.over = true;
            text.push_str(&announce(ending, engine_first));
        } else if engine_first {
            text.push_str(&game.engine_turn()?);
        }
        if !game.over {
            text.push_str(&help(game.session));
            text.push('\n');
        }
        Ok((game, text))
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The engine moves; returns what happened, and the position after.
    fn engine_turn(&mut self) -> crate::Result<String> {
        let Some(mv) = self.session.engine_move()? else {
            return Ok(String::new());
        };
        let mut text = format!("engine plays {mv}\n{}", position(self.session));
        if let Some(ending) = self.session.ending()? {
            self.over = true;
            text.push_str(&announce(ending, false));
        }
        Ok(text)
    }

    /// Handles one line of input.
    pub fn command(&mut self, line: &str) -> Reply {
        match self.try_command(line.trim()) {
            Ok(reply) => reply,
            // One line, and the game goes on: nothing was changed.
            Err(error) => Reply { text: format!("{error}\n"), over: self.over },
        }
    }

    fn try_command(&mut self, line: &str) -> crate::Result<Reply> {
        let reply = |text: String, over| Ok(Reply { text, over });
        match line {
            "quit" | "exit" | "q" => {
                self.over = true;
                reply("bye\n".into(), true)
            }
            "" | "help" | "?" => reply(format!("{}{}\n", position(self.session), help(self.session)), self.over),
            "moves" | "list" => {
                let moves = self.session.moves()?;
                let mut text = format!("legal moves ({}):\n", moves.len());
                for (i, m) in moves.iter().enumerate() {
                    text.push_str(&format!("  #{} {m}\n", i + 1));
                }
                reply(text, self.over)
            }
            "hint" => {
                let text = match self.session.hint()? {
                    Some(hint) => format!("hint: {} — {}\n", hint.mv, hint.why),
                    None => "hint: there is no move\n".into(),
                };
                reply(text, self.over)
            }
            "undo" => match self.turns.pop() {
                Some(plies) => {
                    (0..plies).for_each(|_| {
                        self.session.undo();
                    });
                    self.over = false;
                    reply(format!("taken back\n{}", position(self.session)), false)
                }
                None => reply("nothing to undo\n".into(), self.over),
            },
            mv => {
                if self.over {
                    return reply("the game is over (undo, or quit)\n".into(), true);
                }
                let played = self.session.play(mv).map_err(|error| match error {
                    // A word that is no move may be a command mistyped.
                    error @ (Error::InvalidPosition(_) | Error::Syntax { .. })
                        if mv.chars().all(|c| c.is_ascii_alphabetic()) =>
                    {
                        Error::InvalidPosition(format!(
                            "{error} (or a command: moves, hint, undo, quit; help lists them)"
                        ))
                    }
                    other => other,
                })?;
                let mut plies = 1;
                let mut text = format!("you play {played}\n{}", position(self.session));
                if let Some(ending) = self.session.ending()? {
                    self.over = true;
                    text.push_str(&announce(ending, true));
                } else {
                    let engine = self.engine_turn()?;
                    plies += usize::from(!engine.is_empty());
                    text.push_str(&engine);
                }
                self.turns.push(plies);
                let judgement = self.session.judgement()?;
                if !self.over && judgement.outcome == Outcome::P {
                    text.push_str("(with perfect play you now lose: `hint` finds the move that lasts longest)\n");
                }
                reply(text, self.over)
            }
        }
    }
}

/// The end of the game, said to the person, as a line.
fn announce(ending: Ending, engine_to_move: bool) -> String {
    format!("{}\n", ending.said(engine_to_move))
}
