//! `grundy serve`: the engine in a browser — a page and a JSON API served
//! from the binary itself.
//!
//! **Why axum on tokio, with tower-http.** The server must answer many
//! small requests while a few run long searches, stop cleanly on Ctrl-C,
//! and bound every request. tokio is Rust's standard async runtime and has
//! what that needs built in: `spawn_blocking` moves the CPU-bound,
//! synchronous engine off the connection workers, `time::timeout` bounds
//! each computation, and `signal::ctrl_c` drives axum's graceful shutdown.
//! axum is tokio's own HTTP framework (on hyper): typed extractors turn a
//! malformed body into a value we answer as JSON, not a panic, and its
//! router is a `tower::Service`, so tower-http's well-kept middleware
//! applies as is — here the response headers every answer carries (API
//! answers are never cached, content types are not sniffed). The request
//! body is bounded by axum's own limit, so that a body too large is
//! answered as JSON like every other error. No JavaScript build
//! step: the page is plain HTML, CSS and JS compiled in with `include_str!`.

mod api;
mod error;
mod limits;
mod sessions;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue};
use axum::response::{Html, IntoResponse};
use axum::routing::{get, post};
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

pub use limits::Limits;
use limits::Runner;
use sessions::Sessions;

/// The largest request body: room for an uploaded graph, no more.
const MAX_BODY: usize = 1 << 20;

/// What every handler shares.
#[derive(Clone)]
pub struct App {
    runner: Arc<Runner>,
    sessions: Arc<Sessions>,
}

impl App {
    pub fn new(limits: Limits) -> App {
        let sessions = Arc::new(Sessions::new(limits.max_sessions, limits.session_idle));
        App { runner: Arc::new(Runner::new(limits)), sessions }
    }
}

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const PLAY_SCRIPT: &str = include_str!("assets/play.js");
const EXPLORE_SCRIPT: &str = include_str!("assets/explore.js");
const STYLE: &str = include_str!("assets/style.css");
const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

/// The page and the API.
pub fn router(app: App) -> Router {
    let api = Router::new()
        .route("/games", get(api::games))
        .route("/solve", post(api::solve))
        .route("/analyse", post(api::analyse))
        .route("/table", post(api::table))
        .route("/sequence", post(api::sequence))
        .route("/pattern", post(api::pattern))
        .route("/picture", post(api::picture))
        .route("/heatmap", post(api::heatmap))
        .route("/cancel", post(api::cancel))
        .route("/jobs/{id}", get(api::job))
        .route("/play", post(api::play_start))
        .route("/play/{id}", get(api::play_state).delete(api::play_end))
        .route("/play/{id}/move", post(api::play_move))
        .route("/play/{id}/undo", post(api::play_undo))
        .route("/play/{id}/hint", get(api::play_hint))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store")));
    Router::new()
        .route("/", get(|| async { Html(INDEX) }))
        .route("/app.js", get(|| async { ([(header::CONTENT_TYPE, JAVASCRIPT)], SCRIPT) }))
        .route("/play.js", get(|| async { ([(header::CONTENT_TYPE, JAVASCRIPT)], PLAY_SCRIPT) }))
        .route("/explore.js", get(|| async { ([(header::CONTENT_TYPE, JAVASCRIPT)], EXPLORE_SCRIPT) }))
        .route("/style.css", get(|| async { ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE) }))
        .nest("/api", api)
        .fallback(|| async { (axum::http::StatusCode::NOT_FOUND, "not found: the page is at /").into_response() })
        .method_not_allowed_fallback(|method: axum::http::Method| async move {
            let message = format!("{method} is not answered here: the page and its files are fetched with GET");
            (axum::http::StatusCode::METHOD_NOT_ALLOWED, message).into_response()
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .with_state(app)
}

/// Serves until Ctrl-C (or SIGTERM), then stops the requests in flight and
/// lets them answer; a second signal quits at once.
pub fn run(host: &str, port: u16, limits: Limits) -> Result<()> {
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the server")?;
    runtime.block_on(async {
        let address: SocketAddr = tokio::net::lookup_host((host, port))
            .await
            .with_context(|| format!("--host {host}: not an address of this machine"))?
            .next()
            .with_context(|| format!("--host {host}: not an address of this machine"))?;
        let listener =
            tokio::net::TcpListener::bind(address).await.with_context(|| format!("cannot listen on {address}"))?;
        let bound = listener.local_addr().context("cannot read the address listened on")?;
        let app = App::new(limits);
        let runner = Arc::clone(&app.runner);
        let sessions = Arc::clone(&app.sessions);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(30));
            loop {
                every.tick().await;
                sessions.expire();
            }
        });
        // A courtesy: a server whose standard output is closed still serves.
        let _ = super::output::println(format_args!(
            "grundy serve: listening on http://{bound}/ (open it in a browser; Ctrl-C stops)"
        ));
        // The first signal stops the requests in flight (they answer 503 at
        // their next check of the watch) and lets them answer; a second
        // quits at once.
        let shutdown = async move {
            stop_signal().await;
            eprintln!("grundy serve: stopping the requests in flight (a second Ctrl-C quits at once)");
            runner.stop_all();
            tokio::spawn(async {
                stop_signal().await;
                std::process::exit(130);
            });
        };
        axum::serve(listener, router(app)).with_graceful_shutdown(shutdown).await.context("the server failed")?;
        let _ = super::output::println("grundy serve: stopped");
        Ok::<(), anyhow::Error>(())
    })?;
    // Engine work that outlived its request stops at its next check; do not wait for it.
    runtime.shutdown_timeout(Duration::from_secs(1));
    Ok(())
}

async fn stop_signal() {
    let ctrl_c = async {
        tokio::signal::ctrl_c().await.ok();
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}
