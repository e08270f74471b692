//! Games in progress between a page and the engine, and the value of every
//! move of a position.
//!
//! The library's [`Playable::play`] hands its game in progress to a
//! callback (the session may borrow a game built for that call), so a
//! session that lives across requests runs on a thread of its own, inside
//! that callback, and takes commands over a channel. Sessions are bounded in
//! number ([`super::limits::Limits::max_sessions`]) and dropped after a
//! time unused; dropping a session closes its channel, which ends its thread.
//!
//! Each command comes with the [`Watch`] of the request that sent it, and
//! runs with it current on the session's thread: the request's time limit,
//! Cancel and memory budget apply to the engine's work for it (exploring
//! the game, valuing the moves, the engine's reply). A session that expires
//! or is ended stops the work it is doing at once.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use grundy::game::Convention;
use grundy::game::Outcome;
use grundy::play::PlaySession;
use grundy::registry::Playable;
use grundy::Watch;
use serde::Serialize;

use super::error::ApiError;

/// A move and what it leads to for the player who makes it (GamesmanUni's
/// "value"): `win` (to a P-position), `lose`, or `draw`, and the remoteness
/// of the position it leaves (moves to the end, the winner hurrying).
#[derive(Clone, Serialize)]
pub struct MoveValue {
    #[serde(rename = "move")]
    pub mv: String,
    pub value: &'static str,
    pub remoteness: Option<u64>,
}

/// Who wins the position for the player to move, and how soon.
#[derive(Clone, Copy, Serialize)]
pub struct Judged {
    pub outcome: Outcome,
    pub remoteness: Option<u64>,
}

/// The most moves `/api/analyse` and a game's state value one by one: a
/// hundred thousand (a Nim heap of 100,000) answer in seconds, ten million
/// made an answer of 624 MB.
const MAX_VALUED_MOVES: usize = 200_000;

/// Every legal move with its value: each is played, judged and taken back.
///
/// Playing a move by its number lists every move again, so a sum with
/// thousands of moves (hundreds of different heaps) takes seconds; the
/// request's [`Watch`] is looked at between moves, so its Cancel and time
/// limit stop this loop as they stop the engine's own. Past
/// [`MAX_VALUED_MOVES`] the moves are not valued (the analysis says why).
pub fn moves_with_values(session: &mut dyn PlaySession) -> grundy::Result<Vec<MoveValue>> {
    // Each move is played, judged and written into the answer: five Nim
    // heaps near two million (ten million moves) made a 624 MB answer.
    let count = session.move_count();
    if count > MAX_VALUED_MOVES {
        return Err(grundy::Error::TooLarge {
            what: "valuing each move of this position".into(),
            needed: count as u128,
            limit: MAX_VALUED_MOVES as u128,
            unit: "moves",
        });
    }
    let watch = Watch::current();
    if let Some(watch) = &watch {
        watch.set_stage("valuing each move");
    }
    let moves = session.moves()?;
    let mut valued = Vec::with_capacity(moves.len());
    for (k, mv) in moves.into_iter().enumerate() {
        watch.as_ref().map_or(Ok(()), Watch::check)?;
        session.play(&format!("#{}", k + 1))?;
        let after = session.judgement();
        session.undo();
        let after = after?;
        // The judgement is for the opponent, who moves next.
        let value = match after.outcome {
            Outcome::P => "win",
            Outcome::N => "lose",
            Outcome::Draw => "draw",
        };
        valued.push(MoveValue { mv, value, remoteness: after.remoteness });
    }
    Ok(valued)
}

pub fn judge(session: &mut dyn PlaySession) -> grundy::Result<Judged> {
    let j = session.judgement()?;
    Ok(Judged { outcome: j.outcome, remoteness: j.remoteness })
}

/// One position of a game's history, for the page's chart.
#[derive(Clone, Serialize)]
pub struct Ply {
    /// Who made the move that led here (`None` for the start).
    pub by: Option<&'static str>,
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Who is to move here: `you` or `engine`.
    pub to_move: &'static str,
    pub judgement: Judged,
}

/// What the page shows of a game in progress.
#[derive(Serialize)]
pub struct PlayState {
    pub session: String,
    pub position: String,
    pub to_move: &'static str,
    pub over: bool,
    pub result: Option<String>,
    pub judgement: Judged,
    pub moves: Vec<MoveValue>,
    pub history: Vec<Ply>,
}

/// A command to a session's thread.
pub enum Command {
    State,
    Move(String),
    Undo,
    Hint,
}

/// What a session answers: its state, or a hint. Typed rather than a
/// `serde_json::Value`, which would list the keys alphabetically: the page
/// and scripts see them in the order declared here.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Reply {
    State(PlayState),
    Hint {
        #[serde(rename = "move")]
        mv: Option<String>,
        why: String,
    },
}

type Answer = Result<Reply, ApiError>;

/// The turns of one game: the engine's replies, undo by whole turns.
struct Game<'s> {
    session: &'s mut dyn PlaySession,
    id: String,
    you_to_move: bool,
    /// Plies in each of the player's turns, so that undo takes back both.
    turns: Vec<usize>,
    history: Vec<Ply>,
    result: Option<String>,
}

impl Game<'_> {
    fn who(&self) -> &'static str {
        if self.you_to_move {
            "you"
        } else {
            "engine"
        }
    }

    /// Records the position reached, and whether the game ended there.
    fn record(&mut self, by: Option<&'static str>, mv: Option<String>) -> grundy::Result<()> {
        let judgement = judge(self.session)?;
        self.history.push(Ply { by, mv, to_move: self.who(), judgement });
        self.result = self.session.ending()?.map(|ending| ending.said(!self.you_to_move).to_string());
        Ok(())
    }

    fn engine_turn(&mut self) -> grundy::Result<bool> {
        let Some(mv) = self.session.engine_move()? else { return Ok(false) };
        self.you_to_move = true;
        self.record(Some("engine"), Some(mv))?;
        Ok(true)
    }

    fn state(&mut self) -> grundy::Result<PlayState> {
        let over = self.result.is_some();
        Ok(PlayState {
            session: self.id.clone(),
            position: self.session.show(),
            to_move: self.who(),
            over,
            result: self.result.clone(),
            judgement: judge(self.session)?,
            moves: if over { Vec::new() } else { moves_with_values(self.session)? },
            history: self.history.clone(),
        })
    }

    fn handle(&mut self, command: Command) -> Answer {
        match command {
            Command::State => {}
            Command::Move(text) => {
                if self.result.is_some() {
                    return Err(ApiError::bad("the game is over: undo, or start a new game"));
                }
                let played = self.session.play(&text)?;
                self.you_to_move = false;
                self.record(Some("you"), Some(played))?;
                let mut plies = 1;
                if self.result.is_none() && self.engine_turn()? {
                    plies += 1;
                }
                self.turns.push(plies);
            }
            Command::Undo => {
                let Some(plies) = self.turns.pop() else {
                    return Err(ApiError::bad("nothing to undo"));
                };
                for _ in 0..plies {
                    self.session.undo();
                    self.history.pop();
                }
                self.you_to_move = true;
                self.result = None;
            }
            Command::Hint => {
                let hint = self.session.hint()?;
                return Ok(match hint {
                    Some(hint) => Reply::Hint { mv: Some(hint.mv), why: hint.why },
                    None => Reply::Hint { mv: None, why: "there is no move".into() },
                });
            }
        }
        Ok(Reply::State(self.state()?))
    }
}

/// A command, where to send its answer, and the watch of its request.
type Envelope = (Command, mpsc::Sender<Answer>, Watch);

struct Entry {
    commands: mpsc::Sender<Envelope>,
    last_used: Instant,
    /// The watch of the command the session is working on, if any.
    working: Arc<Mutex<Option<Watch>>>,
}

impl Entry {
    /// Stops the work in progress: the session is being dropped.
    fn stop(&self) {
        if let Some(watch) = &*self.working.lock().unwrap_or_else(|p| p.into_inner()) {
            watch.stop();
        }
    }
}

/// The games in progress, by id.
pub struct Sessions {
    entries: Mutex<HashMap<String, Entry>>,
    max: usize,
    idle: std::time::Duration,
}

impl Sessions {
    pub fn new(max: usize, idle: std::time::Duration) -> Sessions {
        Sessions { entries: Mutex::new(HashMap::new()), max, idle }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Drops the sessions unused for longer than the idle time.
    pub fn expire(&self) {
        let idle = self.idle;
        self.lock().retain(|_, entry| {
            let keep = entry.last_used.elapsed() <= idle;
            if !keep {
                entry.stop();
            }
            keep
        });
    }

    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Starts a game on its own thread and returns its first state. Blocks
    /// until the engine has judged the start (call it off the async
    /// workers); `watch` (the request's) stops that work.
    pub fn start(
        &self,
        playable: Arc<dyn Playable>,
        positions: Vec<String>,
        convention: Convention,
        engine_first: bool,
        watch: Watch,
    ) -> Answer {
        self.expire();
        if self.len() >= self.max {
            return Err(ApiError::busy(format!(
                "{} games are in progress, the most this server keeps; try again when one ends or expires",
                self.max
            )));
        }
        let id = new_id();
        let (commands, inbox) = mpsc::channel::<Envelope>();
        let (first_tx, first_rx) = mpsc::channel::<Answer>();
        let thread_id = id.clone();
        let working = Arc::new(Mutex::new(None::<Watch>));
        let worker = Arc::clone(&working);
        std::thread::Builder::new()
            .name(format!("play-{id}"))
            .spawn(move || {
                let first = first_tx.clone();
                let run = watch.run(|| {
                    playable.play(&positions, convention, &mut |session: &mut dyn PlaySession| {
                        let mut game = Game {
                            session,
                            id: thread_id.clone(),
                            you_to_move: !engine_first,
                            turns: Vec::new(),
                            history: Vec::new(),
                            result: None,
                        };
                        let opening = (|| {
                            game.record(None, None)?;
                            if engine_first && game.result.is_none() {
                                game.engine_turn()?;
                            }
                            game.state()
                        })();
                        let opening = opening.map_err(ApiError::from);
                        let ok = opening.is_ok();
                        let _ = first.send(opening.map(Reply::State));
                        if ok {
                            while let Ok((command, reply, watch)) = inbox.recv() {
                                *worker.lock().unwrap_or_else(|p| p.into_inner()) = Some(watch.clone());
                                let answer = watch.run(|| game.handle(command));
                                *worker.lock().unwrap_or_else(|p| p.into_inner()) = None;
                                let _ = reply.send(answer);
                            }
                        }
                        Ok(())
                    })
                });
                if let Err(error) = run {
                    let _ = first_tx.send(Err(error.into()));
                }
            })
            .map_err(|_| ApiError::busy("cannot start another game now"))?;
        let first = first_rx.recv().map_err(|_| ApiError::internal("the game stopped before it started"))?;
        if first.is_ok() {
            self.lock().insert(id, Entry { commands, last_used: Instant::now(), working });
        }
        first
    }

    /// Sends a command to the game `id` and waits for its answer
    /// (blocking); `watch` (the request's) stops the work for it.
    pub fn send(&self, id: &str, command: Command, watch: Watch) -> Answer {
        let commands = {
            let mut entries = self.lock();
            let entry = entries.get_mut(id).ok_or_else(|| {
                ApiError::not_found(format!("no game '{id}' is in progress (games end after a while unused)"))
            })?;
            entry.last_used = Instant::now();
            entry.commands.clone()
        };
        let (reply, answer) = mpsc::channel();
        commands
            .send((command, reply, watch))
            .map_err(|_| ApiError::not_found(format!("the game '{id}' has ended")))?;
        answer.recv().map_err(|_| ApiError::internal("the game stopped"))?
    }

    pub fn end(&self, id: &str) -> bool {
        match self.lock().remove(id) {
            Some(entry) => {
                entry.stop();
                true
            }
            None => false,
        }
    }
}

/// A hard-to-guess session id: the process's random hash keys over a
/// counter and the time.
fn new_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    hasher.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos()));
    format!("{:016x}", hasher.finish())
}
