//! The JSON API: each handler reads its request, checks its size against
//! the server's limits before any work, and runs the library on the
//! blocking pool within the time limit ([`super::limits::Runner`]).
//!
//! Answers are the library's own serializations, as the command line prints
//! them with `--json`: `/api/solve` is `grundy solve --json`'s [`Report`],
//! `/api/table` is `grundy table --json`'s [`grundy::report::ValueTable`],
//! `/api/pattern` is `grundy pattern --json`'s report and `/api/sequence`
//! `grundy sequence --json`'s [`SequenceJson`], each serialized from the
//! typed value (a `serde_json::Value` would sort the keys), with what the
//! page adds after them.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use axum::extract::{NestedPath, State};
use axum::http::{header, Method, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use base64::Engine;
use grundy::export::{self, ImageFormat};
use grundy::game::Convention;
use grundy::pattern::PatternReport;
use grundy::registry::{find, game, game_with_file, Form, Playable, RuleOptions, ENTRIES};
use grundy::report::Report;
use grundy::sequence::find_periodicity;
use grundy::solve::heap::HeapGame;
use grundy::solve::heap::{Algorithm, NimSequence};
use grundy::solve::quotient::misere_sequence;
use serde::{Deserialize, Serialize};

use super::super::sequence::{describe, SequenceJson};
use super::error::{ApiError, Fields, JsonBody, PathId};
use super::limits::Job;
use super::sessions::{self, Command, Judged, MoveValue};
use super::App;

type Body<T> = Result<JsonBody<T>, ApiError>;
type Answer = Result<Response, ApiError>;

/// The longest position list, and the longest text, a request may carry.
const MAX_SUMMANDS: usize = 1000;
const MAX_TEXT: usize = 100_000;

/// The game a request names, with its board settings and, for `graph`,
/// the graph's text (never a path: the server reads no file for a client).
#[derive(Deserialize)]
pub struct GameSpec {
    game: String,
    board: Option<String>,
    goal: Option<String>,
    graph: Option<String>,
    /// An id the page chose, to watch and cancel the job.
    job: Option<String>,
}

impl GameSpec {
    /// Its fields, which the requests that flatten it read too.
    pub const FIELDS: &'static [&'static str] = &["game", "board", "goal", "graph", "job"];

    fn options(&self, app: &App, job: &Job) -> Result<RuleOptions, ApiError> {
        let mut options = RuleOptions::default();
        if let Some(board) = self.board.as_deref().filter(|b| !b.trim().is_empty()) {
            options.board =
                crate::commands::parse_board(board.trim()).map_err(|e| ApiError::bad(format!("board: {e:#}")))?;
        }
        if let Some(goal) = self.goal.as_deref().filter(|g| !g.trim().is_empty()) {
            options.goal =
                Some(crate::commands::parse_cell(goal.trim()).map_err(|e| ApiError::bad(format!("goal: {e:#}")))?);
        }
        // The server reads no file on its disk for a client.
        options.read_files = false;
        options.search.memory = app.runner.limits.memory;
        options.search.interrupt = Some(job.watch.flag());
        Ok(options)
    }

    /// Builds the game; its searches watch the job's interruption flag.
    fn build(&self, app: &App, job: &Job) -> Result<Box<dyn Playable>, ApiError> {
        if self.game.len() > MAX_TEXT {
            return Err(ApiError::bad(format!("the game's description is longer than {MAX_TEXT} characters")));
        }
        if self.graph.as_ref().is_some_and(|g| g.len() > MAX_TEXT) {
            return Err(ApiError::bad(format!("the graph's text is longer than {MAX_TEXT} characters")));
        }
        let options = self.options(app, job)?;
        let description = self.game.trim();
        let mut playable = if find(description)?.form == Form::File {
            if let Some((name, _)) = description.split_once(':') {
                return Err(ApiError::bad(format!(
                    "\"{name}\" takes no parameters: send the game as \"{name}\" and its text in \"graph\""
                )));
            }
            let text = self.graph.as_deref().ok_or_else(|| {
                ApiError::bad(format!(
                    "{description} reads a graph: send its text in \"graph\" (the server reads no file on its disk)"
                ))
            })?;
            game_with_file(description, "the uploaded graph", text, &options)?
        } else {
            game(description, &options)?
        };
        playable.set_interrupt(job.watch.flag());
        Ok(playable)
    }
}

fn check_positions(positions: &[String]) -> Result<(), ApiError> {
    if positions.len() > MAX_SUMMANDS {
        return Err(ApiError::bad(format!("{} summands: at most {MAX_SUMMANDS} are allowed", positions.len())));
    }
    if let Some(p) = positions.iter().find(|p| p.len() > MAX_TEXT) {
        return Err(ApiError::bad(format!("a position of {} characters: at most {MAX_TEXT} are allowed", p.len())));
    }
    Ok(())
}

/// The value as JSON, fields in the order the library declares them (as
/// the command line's `--json` prints them).
fn json(value: impl serde::Serialize) -> Answer {
    Ok(Json(value).into_response())
}

/// The `"play"` of a request: what a question may ask for, as the command
/// line's flags do (`--misere`, `--every`); absent or `null` is normal
/// play. Races and loopy graphs bring their convention with the game, so
/// `"goal"` and `"loopy"` are not offered here.
fn asked_play<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Convention, D::Error> {
    match Option::<String>::deserialize(deserializer)?.as_deref() {
        None | Some("normal") => Ok(Convention::Normal),
        Some("misere") => Ok(Convention::Misere),
        Some("every") => Ok(Convention::Every),
        Some(other) => Err(serde::de::Error::custom(format!(
            "play: expected \"normal\", \"misere\" or \"every\", found {other:?}"
        ))),
    }
}

pub async fn games() -> Answer {
    json(ENTRIES)
}

#[derive(Deserialize)]
pub struct SolveRequest {
    #[serde(flatten)]
    spec: GameSpec,
    position: Vec<String>,
    #[serde(default, deserialize_with = "asked_play")]
    play: Convention,
}

impl Fields for SolveRequest {
    const FIELDS: &'static [&'static [&'static str]] = &[GameSpec::FIELDS, &["position", "play"]];
}

/// `grundy solve --json`: the library's [`Report`].
pub async fn solve(State(app): State<App>, body: Body<SolveRequest>) -> Answer {
    let JsonBody(request) = body?;
    check_positions(&request.position)?;
    let worker = app.clone();
    let report: Report = app
        .runner
        .run(request.spec.job.clone(), move |job| {
            let playable = request.spec.build(&worker, &job)?;
            Ok(playable.solve_in(&request.position, request.play)?)
        })
        .await?;
    json(report)
}

/// The report, and every legal move with its value (win/lose/draw and
/// remoteness) where the engine can judge the whole game.
pub async fn analyse(State(app): State<App>, body: Body<SolveRequest>) -> Answer {
    let JsonBody(request) = body?;
    check_positions(&request.position)?;
    let worker = app.clone();
    let answer = app
        .runner
        .run(request.spec.job.clone(), move |job| {
            let playable = request.spec.build(&worker, &job)?;
            let report = playable.solve_in(&request.position, request.play)?;
            let mut moves = None;
            let mut judgement = None;
            let mut picture = None;
            let mut note = None;
            if request.play == Convention::Every {
                note = Some("moves are not valued one by one under Every-SG play".to_string());
            } else {
                let found = playable.play(&request.position, request.play, &mut |session| {
                    picture = Some(session.show());
                    judgement = Some(sessions::judge(session)?);
                    moves = Some(sessions::moves_with_values(session)?);
                    Ok(())
                });
                match found {
                    Err(grundy::Error::Interrupted) => return Err(grundy::Error::Interrupted.into()),
                    Err(error) => note = Some(format!("moves not valued one by one: {error}")),
                    Ok(()) => {}
                }
            }
            Ok(Analysis { report, judgement, moves, picture, note })
        })
        .await?;
    json(answer)
}

/// `/api/analyse`'s answer: the report as `grundy solve --json` prints it,
/// then what the page shows beside it.
#[derive(Serialize)]
struct Analysis {
    report: Report,
    judgement: Option<Judged>,
    moves: Option<Vec<MoveValue>>,
    picture: Option<String>,
    note: Option<String>,
}

#[derive(Deserialize)]
pub struct RangeRequest {
    #[serde(flatten)]
    spec: GameSpec,
    rows: String,
    cols: Option<String>,
    /// `json` (default) or `csv` for tables, `png` (default) or `svg` for pictures.
    format: Option<String>,
}

/// (No `play`: tables, patterns and pictures are of normal play.)
impl Fields for RangeRequest {
    const FIELDS: &'static [&'static [&'static str]] = &[GameSpec::FIELDS, &["rows", "cols", "format"]];
}

/// Rows, and columns for two-coordinate games, inclusive.
type Ranges = ((u64, u64), Option<(u64, u64)>);

impl RangeRequest {
    /// The ranges, refused when the table would exceed the server's limit.
    fn ranges(&self, app: &App) -> Result<Ranges, ApiError> {
        let rows = crate::commands::parse_range(&self.rows).map_err(|e| ApiError::bad(format!("rows: {e:#}")))?;
        let cols = match self.cols.as_deref().filter(|c| !c.trim().is_empty()) {
            Some(c) => Some(crate::commands::parse_range(c).map_err(|e| ApiError::bad(format!("cols: {e:#}")))?),
            None => None,
        };
        let cells = grundy::pattern::span(rows).saturating_mul(cols.map_or(1, grundy::pattern::span));
        let limit = app.runner.limits.max_cells;
        if cells > u128::from(limit) {
            return Err(ApiError::bad(format!(
                "the range has {cells} cells; this server values at most {limit} a request (the command line allows more)"
            )));
        }
        Ok((rows, cols))
    }
}

/// `grundy table --json` (or `--format csv` with `"format": "csv"`).
pub async fn table(State(app): State<App>, body: Body<RangeRequest>) -> Answer {
    let JsonBody(request) = body?;
    let (rows, cols) = request.ranges(&app)?;
    let csv = match request.format.as_deref() {
        None | Some("json") => false,
        Some("csv") => true,
        Some(other) => {
            return Err(ApiError::bad(format!("format: expected json or csv, found '{}'", grundy::shortened(other))))
        }
    };
    let worker = app.clone();
    let table = app
        .runner
        .run(request.spec.job.clone(), move |job| {
            Ok(request.spec.build(&worker, &job)?.table(rows.0..=rows.1, cols.map(|(a, b)| a..=b))?)
        })
        .await?;
    if csv {
        return Ok(
            ([(header::CONTENT_TYPE, "text/csv; charset=utf-8")], super::super::table::csv(&table)).into_response()
        );
    }
    json(table)
}

/// `grundy pattern --json`, with the report's text as `grundy pattern` prints it.
pub async fn pattern(State(app): State<App>, body: Body<RangeRequest>) -> Answer {
    let JsonBody(request) = body?;
    let (rows, cols) = request.ranges(&app)?;
    grundy::pattern::check_range(rows, cols)?;
    let worker = app.clone();
    let answer = app
        .runner
        .run(request.spec.job.clone(), move |job| {
            let table = request.spec.build(&worker, &job)?.table(rows.0..=rows.1, cols.map(|(a, b)| a..=b))?;
            let report = grundy::pattern::find_patterns(&table)?;
            Ok(PatternAnswer { text: report.to_string(), report })
        })
        .await?;
    json(answer)
}

/// `grundy pattern --json`'s report, its keys in its order, then its text.
#[derive(Serialize)]
struct PatternAnswer {
    #[serde(flatten)]
    report: PatternReport,
    text: String,
}

/// `grundy plot`: a heatmap of a two-coordinate table, or the scatter of a
/// heap game's nim-values with their periodicity, as PNG or SVG.
pub async fn picture(State(app): State<App>, body: Body<RangeRequest>) -> Answer {
    let JsonBody(request) = body?;
    let (rows, cols) = request.ranges(&app)?;
    let format = match request.format.as_deref() {
        None | Some("png") => ImageFormat::Png,
        Some("svg") => ImageFormat::Svg,
        Some(other) => {
            return Err(ApiError::bad(format!("format: expected png or svg, found '{}'", grundy::shortened(other))))
        }
    };
    export::check_range(rows, cols)?;
    let worker = app.clone();
    let bytes = app
        .runner
        .run(request.spec.job.clone(), move |job| {
            let description = request.spec.game.trim();
            let plain = request.spec.board.is_none() && request.spec.goal.is_none();
            match (cols, HeapGame::parse(description)) {
                (None, Ok(heaps)) if plain => {
                    Ok(super::super::plot::heap_scatter(description, &heaps, rows, format, &|| job.watch.is_stopped())?)
                }
                _ => {
                    let table = request.spec.build(&worker, &job)?.table(rows.0..=rows.1, cols.map(|(a, b)| a..=b))?;
                    Ok(export::plot_table(&table, format)?)
                }
            }
        })
        .await?;
    let kind = if format == ImageFormat::Svg { "image/svg+xml" } else { "image/png" };
    Ok(([(header::CONTENT_TYPE, kind)], bytes).into_response())
}

#[derive(Deserialize)]
pub struct SequenceRequest {
    game: String,
    to: u64,
    #[serde(default, deserialize_with = "asked_play")]
    play: Convention,
    job: Option<String>,
}

impl Fields for SequenceRequest {
    const FIELDS: &'static [&'static [&'static str]] = &[&["game", "to", "play", "job"]];
}

/// `grundy sequence --json`: the nim-values (or misère nim-values) of heaps
/// `0..=to` and their periodicity, proven where the octal theorem applies.
pub async fn sequence(State(app): State<App>, body: Body<SequenceRequest>) -> Answer {
    let JsonBody(request) = body?;
    let heaps = HeapGame::parse(request.game.trim())?;
    let limit = app.runner.limits.max_heap;
    if request.to > limit {
        return Err(ApiError::bad(format!(
            "heaps 0..{}: this server computes sequences up to heap {limit} (the command line goes further)",
            request.to
        )));
    }
    app.runner
        .run(request.job.clone(), move |job| {
            let to = request.to;
            job.total.store(to + 1, Ordering::Relaxed);
            job.watch.set_stage("valuing heaps");
            let stop = |n: u64| {
                job.watch.set_done(n);
                job.watch.is_stopped()
            };
            if request.play == Convention::Misere {
                let found = misere_sequence(&heaps, to, stop)?;
                return json(SequenceJson {
                    game: heaps.description(),
                    play: "misere",
                    method: Some(&found.method),
                    values: &found.values,
                    periodicity: found.periodicity.as_ref(),
                    summary: Some(describe(found.periodicity.as_ref())),
                });
            }
            if request.play != Convention::Normal {
                return Err(ApiError::bad("play: sequences are of normal or misère nim-values"));
            }
            let len = to as usize + 1;
            let mut sequence = NimSequence::new(&heaps, Algorithm::best_for(&heaps))?;
            if !sequence.extend_to(len, |n| stop(n as u64))? {
                return Err(grundy::Error::Interrupted.into());
            }
            let values: Vec<u32> = sequence.values().iter().take(len).collect();
            let periodicity = find_periodicity(&values[..], heaps.octal_length());
            json(SequenceJson {
                game: heaps.description(),
                play: "normal",
                method: None,
                values: &values,
                periodicity: periodicity.as_ref(),
                summary: Some(describe(periodicity.as_ref())),
            })
        })
        .await
}

#[derive(Deserialize)]
pub struct JobRequest {
    job: String,
}

impl Fields for JobRequest {
    const FIELDS: &'static [&'static [&'static str]] = &[&["job"]];
}

pub async fn cancel(State(app): State<App>, body: Body<JobRequest>) -> Answer {
    let JsonBody(request) = body?;
    json(serde_json::json!({ "cancelled": app.runner.cancel(&request.job) }))
}

pub async fn job(State(app): State<App>, PathId(id): PathId) -> Answer {
    match app.runner.status(&id) {
        Some(status) => json(status),
        None => Err(ApiError::not_found(format!("no job '{id}' is running"))),
    }
}

#[derive(Deserialize)]
pub struct PlayRequest {
    #[serde(flatten)]
    spec: GameSpec,
    position: Vec<String>,
    #[serde(default, deserialize_with = "asked_play")]
    play: Convention,
    #[serde(default)]
    engine_first: bool,
}

impl Fields for PlayRequest {
    const FIELDS: &'static [&'static [&'static str]] = &[GameSpec::FIELDS, &["position", "play", "engine_first"]];
}

/// Starts a game against the engine; answers its first state.
pub async fn play_start(State(app): State<App>, body: Body<PlayRequest>) -> Answer {
    let JsonBody(request) = body?;
    check_positions(&request.position)?;
    if request.play == Convention::Every {
        return Err(ApiError::bad("play: games against the engine are in normal or misère play"));
    }
    let worker = app.clone();
    let state = app
        .runner
        .run(request.spec.job.clone(), move |job| {
            let playable: Arc<dyn Playable> = request.spec.build(&worker, &job)?.into();
            worker.sessions.start(playable, request.position, request.play, request.engine_first, job.watch.clone())
        })
        .await?;
    json(state)
}

/// A command to a game in progress, as a job (`job`: the page's id for it,
/// to watch and cancel it).
async fn send(app: App, id: String, command: Command, job: Option<String>) -> Answer {
    let worker = app.clone();
    let answer = app.runner.run(job, move |job| worker.sessions.send(&id, command, job.watch.clone())).await?;
    json(answer)
}

pub async fn play_state(State(app): State<App>, PathId(id): PathId) -> Answer {
    send(app, id, Command::State, None).await
}

#[derive(Deserialize)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
    job: Option<String>,
}

impl Fields for MoveRequest {
    const FIELDS: &'static [&'static [&'static str]] = &[&["move", "job"]];
}

pub async fn play_move(State(app): State<App>, PathId(id): PathId, body: Body<MoveRequest>) -> Answer {
    let JsonBody(request) = body?;
    send(app, id, Command::Move(request.mv), request.job).await
}

pub async fn play_undo(State(app): State<App>, PathId(id): PathId) -> Answer {
    send(app, id, Command::Undo, None).await
}

pub async fn play_hint(State(app): State<App>, PathId(id): PathId) -> Answer {
    send(app, id, Command::Hint, None).await
}

pub async fn play_end(State(app): State<App>, PathId(id): PathId) -> Answer {
    if app.sessions.end(&id) {
        json(serde_json::json!({ "ended": id }))
    } else {
        Err(ApiError::not_found(format!("no game '{id}' is in progress")))
    }
}

pub async fn not_found() -> ApiError {
    ApiError::not_found("no such endpoint: see the README's \"In a browser: grundy serve\" for the API")
}

/// An endpoint asked with a method it does not answer (`GET /api/solve`):
/// a JSON error like every other, where axum's own is an empty body. axum
/// adds the `Allow` header that lists the methods it does answer.
pub async fn method_not_allowed(method: Method, api: NestedPath, uri: Uri) -> ApiError {
    ApiError::method_not_allowed(format!(
        "{method} {}{}: this endpoint is not asked with {method} (the Allow header lists its methods)",
        api.as_str(),
        uri.path()
    ))
}

/// `/api/heatmap`'s answer, keys in this order.
#[derive(Serialize)]
struct Heatmap {
    table: grundy::report::ValueTable,
    layout: CellGrid,
    /// The picture, PNG in base64.
    png: String,
}

/// Where the cells are in the picture: cell `(r, c)` covers `cell × cell`
/// pixels from `(grid_left + c·cell, grid_top + r·cell)`.
#[derive(Serialize)]
struct CellGrid {
    width: u32,
    height: u32,
    cell: u32,
    grid_left: u32,
    grid_top: u32,
}

/// A two-coordinate table with its heatmap as `grundy plot` draws it (PNG, base64)
/// and where its cells are, so the page can say which cell is under the
/// pointer.
pub async fn heatmap(State(app): State<App>, body: Body<RangeRequest>) -> Answer {
    let JsonBody(request) = body?;
    let (rows, cols) = request.ranges(&app)?;
    let Some(cols) = cols else {
        return Err(ApiError::bad("cols: a heatmap needs two coordinates (heap games have a sequence instead)"));
    };
    export::check_range(rows, Some(cols))?;
    let worker = app.clone();
    let answer = app
        .runner
        .run(request.spec.job.clone(), move |job| {
            let table = request.spec.build(&worker, &job)?.table(rows.0..=rows.1, Some(cols.0..=cols.1))?;
            let layout = export::heatmap_layout(&table);
            let png = export::heatmap(&table, ImageFormat::Png)?;
            let layout = CellGrid {
                width: layout.width,
                height: layout.height,
                cell: layout.cell,
                grid_left: layout.grid_left,
                grid_top: layout.grid_top,
            };
            Ok(Heatmap { table, layout, png: base64::engine::general_purpose::STANDARD.encode(png) })
        })
        .await?;
    json(answer)
}
