//! `grundy serve` over HTTP: every endpoint, and bad input of every kind.
//!
//! Each test starts its own server (`--port 0`, the address read from what
//! it prints; killed when the test ends); requests go over a plain
//! `TcpStream` with HTTP/1.1, so the test needs no client library and sees
//! exactly what a client would.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

/// A running `grundy serve` with a two-second time limit (so the test of
/// the limit is quick).
struct Server {
    client: Client,
    child: Child,
    /// Kept open: the server's last line, on stopping, would meet a closed pipe.
    _stdout: BufReader<std::process::ChildStdout>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl std::ops::Deref for Server {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl Server {
    fn start() -> Server {
        Server::with(&["--time-limit", "2", "--memory", "64M"])
    }

    /// A server with other limits (`--time-limit`, `--memory`).
    fn with(limits: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0"])
            .args(limits)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("grundy serve starts");
        let mut line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
        stdout.read_line(&mut line).expect("a first line");
        let address = line
            .split_whitespace()
            .find_map(|w| w.strip_prefix("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .trim_end_matches('/')
            .to_string();
        Server { client: Client { address }, child, _stdout: stdout }
    }
}

/// Sends requests to a server; cheap to clone into another thread.
#[derive(Clone)]
struct Client {
    address: String,
}

struct Response {
    status: u16,
    content_type: String,
    /// The status line and headers, as sent.
    head: String,
    body: Vec<u8>,
}

impl Response {
    /// The value of the header `name`, if the answer has one.
    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            l.split_once(':').filter(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_string())
        })
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    /// The error message of a JSON error answer with this status.
    fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", String::from_utf8_lossy(&self.body));
        assert!(self.content_type.starts_with("application/json"), "{}", self.content_type);
        let value = self.json();
        let message = value["error"].as_str().unwrap_or_else(|| panic!("no error in {value}")).to_string();
        assert!(!message.is_empty() && !message.contains('\n'), "{message:?}");
        message
    }
}

impl Client {
    fn request(&self, method: &str, path: &str, body: Option<&[u8]>) -> Response {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let body = body.unwrap_or(b"");
        let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body).unwrap();
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).unwrap();
        let split = raw.windows(4).position(|w| w == b"\r\n\r\n").expect("a header");
        let head = String::from_utf8_lossy(&raw[..split]).to_string();
        let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status");
        let mut response = Response { status, content_type: String::new(), head, body: raw[split + 4..].to_vec() };
        if response.header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
            response.body = dechunk(&response.body);
        }
        response.content_type = response.header("content-type").unwrap_or_default();
        response
    }

    fn post(&self, path: &str, body: Value) -> Response {
        self.request("POST", path, Some(body.to_string().as_bytes()))
    }

    fn get(&self, path: &str) -> Response {
        self.request("GET", path, None)
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line = data.windows(2).position(|w| w == b"\r\n").expect("a chunk size");
        let size = usize::from_str_radix(std::str::from_utf8(&data[..line]).unwrap().trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[line + 2..line + 2 + size]);
        data = &data[line + 4 + size..];
    }
}

/// What `grundy ARGS` prints.
fn grundy_output(args: &[&str]) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("grundy runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    output.stdout
}

fn grundy(args: &[&str]) -> Value {
    serde_json::from_slice(&grundy_output(args)).expect("JSON")
}

/// The keys of the JSON object that `text` starts with, in the order the text writes them
/// (a [`Value`] keeps them sorted, so it cannot tell).
fn keys_in_order(text: &[u8]) -> Vec<String> {
    struct Keys;
    impl<'de> serde::de::Visitor<'de> for Keys {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a JSON object")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Vec<String>, A::Error> {
            let mut keys = Vec::new();
            while let Some((key, serde::de::IgnoredAny)) = map.next_entry()? {
                keys.push(key);
            }
            Ok(keys)
        }
    }
    let mut json = serde_json::Deserializer::from_slice(text);
    serde::Deserializer::deserialize_map(&mut json, Keys)
        .unwrap_or_else(|e| panic!("not a JSON object ({e}): {}", String::from_utf8_lossy(text)))
}

/// Zero, and limits past a year: a deadline beyond the clock's range made
/// every request end in a panic.
#[test]
fn zero_limits_are_refused_before_listening() {
    for (flag, value, expected) in [
        ("--time-limit", "0", "give at least one second"),
        ("--session-idle", "0", "give at least one second"),
        ("--time-limit", "18446744073709551615", "at most 31622400 seconds (a year)"),
        ("--session-idle", "9223372036854775000", "at most 31622400 seconds (a year)"),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0", flag, value])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("grundy runs");
        // A server that accepted the flag would listen for ever: stop it.
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() && started.elapsed() < Duration::from_secs(10) {
            std::thread::sleep(Duration::from_millis(20));
        }
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap();
        }
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{flag} {value} was accepted: {stderr}");
        assert!(stderr.contains(flag) && stderr.contains(expected), "{stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    }
}

#[test]
fn the_page_and_its_assets_are_served() {
    let s = Server::start();
    let page = s.get("/");
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html"));
    let html = String::from_utf8(page.body).unwrap();
    assert!(html.contains("/app.js") && html.contains("/style.css"));
    for script in ["/app.js", "/play.js", "/explore.js"] {
        assert!(s.get(script).content_type.starts_with("text/javascript"), "{script}");
    }
    assert!(s.get("/style.css").content_type.starts_with("text/css"));
    assert_eq!(s.get("/nothing-here").status, 404);
    s.get("/api/nothing-here").error(404);
}

#[test]
fn games_are_the_registry_as_list_json_prints_it() {
    let s = Server::start();
    let games = s.get("/api/games");
    assert_eq!(games.status, 200);
    assert_eq!(games.json(), grundy(&["list", "--json"]));
}

#[test]
fn solve_answers_what_solve_json_prints() {
    let s = Server::start();
    for (body, args) in [
        (
            json!({"game": "kayles", "position": ["5", "7"], "play": "misere"}),
            vec!["solve", "--misere", "kayles", "5", "7", "--json"],
        ),
        (json!({"game": "nim", "position": ["3", "4", "5"]}), vec!["solve", "nim", "3", "4", "5", "--json"]),
        (json!({"game": "cram", "position": ["3x4"]}), vec!["solve", "cram", "3x4", "--json"]),
        (
            json!({"game": "king", "position": ["3,4"], "goal": "0,0"}),
            vec!["solve", "king", "--goal", "0,0", "3,4", "--json"],
        ),
        (
            json!({"game": "wythoff", "position": ["1,2", "2,2"], "play": "every"}),
            vec!["solve", "--every", "wythoff", "1,2", "2,2", "--json"],
        ),
    ] {
        let answer = s.post("/api/solve", body.clone());
        assert_eq!(answer.status, 200, "{body}: {}", String::from_utf8_lossy(&answer.body));
        assert_eq!(without_search_counts(answer.json()), without_search_counts(grundy(&args)), "{body}");
    }
    // The fields in the library's order, as the command line prints them.
    let text = String::from_utf8(s.post("/api/solve", json!({"game": "nim", "position": ["1"]})).body).unwrap();
    assert!(text.starts_with("{\"game\":\"nim\",\"play\":\"normal\""), "{text}");
}

/// A report with the pruned search's "N positions expanded" note blanked: the search runs on
/// every core, so how many positions it expands before the answer is found varies from run to run
/// while everything else in the report must not.
fn without_search_counts(mut report: Value) -> Value {
    if let Some(note) = report.get_mut("note") {
        if note.as_str().is_some_and(|n| n.ends_with("positions expanded")) {
            *note = Value::String("(some) positions expanded".into());
        }
    }
    report
}

#[test]
fn the_graph_game_reads_the_uploaded_text_never_a_path() {
    let s = Server::start();
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/loopy-game.txt");
    let graph = std::fs::read_to_string(file).unwrap();
    let answer = s.post("/api/solve", json!({"game": "graph", "graph": graph, "position": ["5", "1"]}));
    assert_eq!(answer.status, 200, "{}", String::from_utf8_lossy(&answer.body));
    let cli = grundy(&["solve", "graph", file, "5", "1", "--json"]);
    assert_eq!(answer.json()["outcome"], cli["outcome"]);
    assert_eq!(answer.json()["generalized_value"], cli["generalized_value"]);
    // Without the text it is refused; a path is not read.
    let message = s.post("/api/solve", json!({"game": "graph", "position": ["/etc/passwd", "5"]})).error(400);
    assert!(message.contains("\"graph\""), "{message}");
    // Nor a path after ':', which the command line's message would tell it to move.
    let message = s.post("/api/solve", json!({"game": "graph:/etc/passwd", "graph": "0 1\n1\n", "position": ["0"]}));
    let message = message.error(400);
    assert!(message.contains("takes no parameters") && message.contains("\"graph\""), "{message}");
    // Nor a Node Kayles graph file, nor a Hackenbush one: a review read
    // the server's /etc/passwd back in their errors (and /dev/zero without
    // end). Their families and inline edges still work.
    for (game, position) in [("node-kayles:/etc/passwd", "all"), ("hackenbush", "/etc/passwd")] {
        let message = s.post("/api/solve", json!({"game": game, "position": [position]})).error(400);
        assert!(message.contains("files are not read here") && !message.contains("root"), "{message}");
    }
    let kayles = s.post("/api/solve", json!({"game": "node-kayles:path:5", "position": ["all"]}));
    assert_eq!(kayles.json()["nim_value"], 3); // heap 5 of 0.137, Dawson's chess
    let hackenbush = s.post("/api/solve", json!({"game": "hackenbush", "position": ["0-1,1-2"]}));
    assert_eq!(hackenbush.json()["nim_value"], 2);
}

#[test]
fn analyse_values_every_move() {
    let s = Server::start();
    let answer = s.post("/api/analyse", json!({"game": "cram", "position": ["3x4"]}));
    assert_eq!(answer.status, 200);
    let answer = answer.json();
    assert_eq!(answer["report"]["nim_value"], 1);
    let moves = answer["moves"].as_array().unwrap();
    // 3·3 vertical and 2·4 horizontal dominoes.
    assert_eq!(moves.len(), 17);
    let winning: Vec<&str> =
        moves.iter().filter(|m| m["value"] == "win").map(|m| m["move"].as_str().unwrap()).collect();
    let reported: Vec<String> = answer["report"]["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("{} -> {}", m["from"].as_str().unwrap(), m["to"][0].as_str().unwrap()))
        .collect();
    assert_eq!(winning.len(), reported.len());
    assert!(reported.iter().all(|m| winning.contains(&m.as_str())), "{winning:?} vs {reported:?}");
    // Nim 1 + 2 + 3 is a P-position: every move loses, none is drawn.
    let answer = s.post("/api/analyse", json!({"game": "nim", "position": ["1", "2", "3"]})).json();
    assert_eq!(answer["judgement"]["outcome"], "P");
    assert!(answer["moves"].as_array().unwrap().iter().all(|m| m["value"] == "lose"));
    // A race with draws: drawing moves are "draw".
    let answer =
        s.post("/api/analyse", json!({"game": "knight", "position": ["2,2"], "goal": "0,0", "board": "3x3"})).json();
    assert_eq!(answer["report"]["outcome"], "D");
    assert!(answer["moves"].as_array().unwrap().iter().any(|m| m["value"] == "draw"), "{answer}");
    // Ten million moves are not valued one by one (the answer was 624 MB
    // and the server held 2.5 GB): the report and the judgement still come,
    // with a note that says why the moves do not.
    let heaps = ["1999999", "1999998", "1999997", "1999996", "1999995"];
    let answer = s.post("/api/analyse", json!({"game": "nim", "position": heaps}));
    assert_eq!(answer.status, 200);
    assert!(answer.body.len() < 10_000, "{} bytes", answer.body.len());
    let answer = answer.json();
    assert_eq!(answer["judgement"]["outcome"], "N");
    assert!(answer["moves"].is_null(), "{answer}");
    let note = answer["note"].as_str().unwrap();
    assert!(note.contains("needs 9999985 moves, more than the limit of 200000"), "{note}");
}

#[test]
fn bad_input_is_a_json_400_that_says_what_was_wrong() {
    let s = Server::start();
    let malformed = s.request("POST", "/api/solve", Some(b"{\"game\": \"nim\", "));
    assert!(malformed.error(400).contains("JSON"));
    let missing = s.post("/api/solve", json!({"game": "nim"}));
    assert!(missing.error(400).contains("position"));
    let unknown = s.post("/api/solve", json!({"game": "chess", "position": ["1"]}));
    assert!(unknown.error(400).contains("unknown game 'chess'"));
    // A graph's text too long is named as such, not as the game's description.
    let long_graph = s.post("/api/solve", json!({"game": "graph", "graph": "0 1\n".repeat(30_000), "position": ["0"]}));
    assert!(long_graph.error(400).contains("the graph's text is longer than"));
    let wrong_play = s.post("/api/solve", json!({"game": "nim", "position": ["3"], "play": "sideways"}));
    assert!(wrong_play.error(400).contains("sideways"));
    // What a question may ask for, as the command line's flags: a race's
    // convention comes with its game. `null` is the default, normal play.
    let goal = s.post("/api/play", json!({"game": "nim", "position": ["3"], "play": "goal"}));
    assert!(goal.error(400).contains(r#"play: expected "normal", "misere" or "every", found "goal""#));
    let unsaid = s.post("/api/solve", json!({"game": "nim", "position": ["3"], "play": null}));
    assert_eq!(unsaid.json()["play"], "normal");
    let no_misere_race =
        s.post("/api/solve", json!({"game": "king", "position": ["3,3"], "goal": "0,0", "play": "misere"}));
    assert!(no_misere_race.error(400).contains("misère"));
    let huge = s.post("/api/solve", json!({"game": "kayles", "position": ["99999999999999999999999"]}));
    assert!(huge.error(400).contains("99999999999999999999999"));
    let too_big = s.post("/api/solve", json!({"game": "cram", "position": ["12x11"]}));
    assert!(too_big.error(400).contains("128"));
    let bad_position = s.post("/api/solve", json!({"game": "nim", "position": ["three"]}));
    assert!(bad_position.error(400).contains("three"));
    let many = s.post("/api/solve", json!({"game": "nim", "position": vec!["1"; 5000]}));
    assert!(many.error(400).contains("5000"));
    let bad_board = s.post("/api/solve", json!({"game": "king", "position": ["1,1"], "board": "8y8"}));
    assert!(bad_board.error(400).contains("board"));
    let not_a_board = s.post("/api/solve", json!({"game": "nim", "position": ["1"], "board": "8x8"}));
    assert_eq!(not_a_board.status, 400);
    let oversized = s.request("POST", "/api/solve", Some(&vec![b' '; 2 << 20]));
    assert!(oversized.error(413).contains("too large") || oversized.error(413).contains("limit"));
}

/// A field an endpoint does not read is refused, not ignored: a misère
/// question sent as `"misere": true`, or a table asked in misère play
/// (tables are of normal play), was answered with normal-play values.
/// Every field an endpoint names is still read.
#[test]
fn a_field_an_endpoint_does_not_read_is_refused() {
    let s = Server::start();
    let misere = s.post("/api/solve", json!({"game": "nim", "position": ["3"], "misere": true}));
    assert!(misere.error(400).contains("unknown field 'misere' in the request body: this endpoint reads"));
    let table = json!({"game": "wythoff", "rows": "0..3", "cols": "0..3", "play": "misere"});
    for endpoint in ["/api/table", "/api/pattern", "/api/picture", "/api/heatmap"] {
        assert!(s.post(endpoint, table.clone()).error(400).contains("unknown field 'play'"), "{endpoint}");
    }
    let not_an_object = s.post("/api/cancel", json!(["job"]));
    assert_eq!(not_an_object.status, 400);
    let every_field = json!({"game": "king", "board": "8x8", "goal": "0,0", "graph": null, "job": "all-fields",
        "position": ["3,3"], "play": "normal"});
    assert_eq!(s.post("/api/solve", every_field).status, 200);
    let every_field = json!({"game": "king", "board": "8x8", "goal": "0,0", "job": "table-fields", "rows": "0..3",
        "cols": "0..3", "format": "json"});
    assert_eq!(s.post("/api/table", every_field).status, 200);
    let sequence = json!({"game": "kayles", "to": 10, "play": "misere", "job": "sequence-fields"});
    assert_eq!(s.post("/api/sequence", sequence).status, 200);
    let start = json!({"game": "nim", "position": ["3"], "play": "normal", "engine_first": false, "job": "j"});
    let started = s.post("/api/play", start);
    assert_eq!(started.status, 200);
    let id = started.json()["session"].as_str().unwrap().to_string();
    let moved = s.post(&format!("/api/play/{id}/move"), json!({"move": "3 -> 0", "job": "m", "extra": 1}));
    assert!(moved.error(400).contains("unknown field 'extra'"));
    // An id that is not UTF-8 is an error in JSON too (axum's was plain text).
    for (method, path) in [("GET", "/api/jobs/%ff%fe"), ("GET", "/api/play/%ff%fe/hint"), ("DELETE", "/api/play/%ff")] {
        assert!(s.request(method, path, None).error(400).contains("UTF-8"), "{method} {path}");
    }
}

#[test]
fn a_search_over_the_time_limit_is_stopped_with_a_clear_error() {
    let s = Server::start();
    let started = std::time::Instant::now();
    let slow = s.post("/api/solve", json!({"game": "cram", "position": ["7x8"]}));
    let message = slow.error(408);
    assert!(message.contains("time limit of 2 s"), "{message}");
    assert!(started.elapsed() < Duration::from_secs(10));
    // The server still answers.
    assert_eq!(s.post("/api/solve", json!({"game": "nim", "position": ["1"]})).status, 200);
}

/// Ctrl-C stops the requests in flight: the server ended only once a
/// search reached its time limit (a minute here).
#[test]
fn a_signal_stops_the_requests_in_flight() {
    let mut s = Server::with(&["--time-limit", "60"]);
    let client = s.client.clone();
    let slow = std::thread::spawn(move || client.post("/api/solve", json!({"game": "cram", "position": ["7x8"]})));
    std::thread::sleep(Duration::from_millis(800));
    let signalled = std::time::Instant::now();
    let killed = Command::new("kill").args(["-INT", &s.child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let status = s.child.wait().unwrap();
    let after = signalled.elapsed();
    assert!(status.success(), "{status:?}");
    assert!(after < Duration::from_secs(5), "the server stopped {:.1} s after the signal", after.as_secs_f64());
    let message = slow.join().unwrap().error(503);
    assert!(message.contains("the server is stopping"), "{message}");
}

#[test]
fn a_slow_request_does_not_hold_up_a_quick_one() {
    let s = Server::start();
    let client = s.client.clone();
    let slow =
        std::thread::spawn(move || client.post("/api/solve", json!({"game": "cram", "position": ["7x8"]})).status);
    std::thread::sleep(Duration::from_millis(300));
    let started = std::time::Instant::now();
    assert_eq!(s.post("/api/solve", json!({"game": "nim", "position": ["3", "4"]})).status, 200);
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
    assert_eq!(slow.join().unwrap(), 408);
}

#[test]
fn a_job_can_be_cancelled() {
    let s = Server::start();
    let client = s.client.clone();
    let slow = std::thread::spawn(move || {
        client.post("/api/solve", json!({"game": "cram", "position": ["7x8"], "job": "cancel-me"})).error(409)
    });
    // The pruned search reports its count to the job, as the page shows it.
    let status = progress(&s, "cancel-me");
    assert!(status["stage"].as_str().unwrap().contains("search"), "{status}");
    // A second job under a running one's id is refused: it used to take
    // the id, and the cancel below stopped only it.
    let twin = s.post("/api/solve", json!({"game": "nim", "position": ["3"], "job": "cancel-me"})).error(400);
    assert!(twin.contains("already running"), "{twin}");
    let mut cancelled = false;
    for _ in 0..50 {
        std::thread::sleep(Duration::from_millis(50));
        if s.post("/api/cancel", json!({"job": "cancel-me"})).json()["cancelled"] == true {
            cancelled = true;
            break;
        }
    }
    assert!(cancelled);
    assert_eq!(slow.join().unwrap(), "cancelled");
    assert_eq!(s.post("/api/cancel", json!({"job": "no-such-job"})).json()["cancelled"], false);
    s.get("/api/jobs/no-such-job").error(404);
}

#[test]
fn tables_as_table_json_and_csv() {
    let s = Server::start();
    let answer = s.post("/api/table", json!({"game": "wythoff", "rows": "0..10", "cols": "0..10"}));
    assert_eq!(answer.json(), grundy(&["table", "wythoff", "--rows", "0..10", "--cols", "0..10", "--json"]));
    // Row 10 of Wythoff's game: row 10 of OEIS A317205's triangle (terms 55..=65).
    assert_eq!(answer.json()["cells"][10], json!([10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14]));
    let csv = s.post("/api/table", json!({"game": "subtraction:1,3,4", "rows": "0..7", "format": "csv"}));
    assert!(csv.content_type.starts_with("text/csv"));
    // S = {1,3,4}: period 7, 0 1 0 1 2 3 2 (Winning Ways ch. 4).
    assert_eq!(String::from_utf8(csv.body).unwrap(), "position,nim-value\n0,0\n1,1\n2,0\n3,1\n4,2\n5,3\n6,2\n7,0\n");
    let huge = s.post("/api/table", json!({"game": "wythoff", "rows": "0..100000", "cols": "0..100000"}));
    assert!(huge.error(400).contains("cells"));
    assert!(s.post("/api/table", json!({"game": "wythoff", "rows": "5..2"})).error(400).contains("empty"));
    assert!(s.post("/api/table", json!({"game": "cram", "rows": "0..3"})).error(400).contains("table"));
    assert!(s.post("/api/table", json!({"game": "nim", "rows": "0..3", "format": "xml"})).error(400).contains("xml"));
}

#[test]
fn sequences_with_their_periodicity() {
    let s = Server::start();
    let answer = s.post("/api/sequence", json!({"game": "0.07", "to": 200})).json();
    let cli = grundy(&["sequence", "0.07", "--to", "200", "--json"]);
    assert_eq!((&answer["values"], &answer["periodicity"]), (&cli["values"], &cli["periodicity"]));
    // Dawson's Kayles: period 34 (Winning Ways ch. 4), proven by the octal theorem.
    assert!(answer["summary"].as_str().unwrap().contains("PROVEN periodic, period 34"), "{}", answer["summary"]);
    let misere = s.post("/api/sequence", json!({"game": "kayles", "to": 20, "play": "misere"})).json();
    assert_eq!(misere["values"], grundy(&["sequence", "kayles", "--to", "20", "--misere", "--json"])["values"]);
    let too_long = s.post("/api/sequence", json!({"game": "kayles", "to": 1_000_000_000u64}));
    assert!(too_long.error(400).contains("1000000000"));
    assert!(s.post("/api/sequence", json!({"game": "wythoff", "to": 10})).error(400).contains("wythoff"));
    assert_eq!(s.post("/api/sequence", json!({"game": "kayles", "to": -1})).status, 400);
}

#[test]
fn patterns_as_pattern_json_prints_them() {
    let s = Server::start();
    let answer = s.post("/api/pattern", json!({"game": "wythoff", "rows": "0..60", "cols": "0..60"})).json();
    let cli = grundy(&["pattern", "wythoff", "--rows", "0..60", "--cols", "0..60", "--json"]);
    assert_eq!(answer["p_forms"], cli["p_forms"]);
    assert!(answer["text"].as_str().unwrap().contains("Beatty"), "{}", answer["text"]);
}

#[test]
fn pictures_are_png_or_svg() {
    let s = Server::start();
    let png = s.post("/api/picture", json!({"game": "wythoff", "rows": "0..20", "cols": "0..20"}));
    assert_eq!(png.content_type, "image/png");
    assert_eq!(&png.body[..8], b"\x89PNG\r\n\x1a\n");
    let svg = s.post("/api/picture", json!({"game": "kayles", "rows": "0..100", "format": "svg"}));
    assert_eq!(svg.content_type, "image/svg+xml");
    assert!(String::from_utf8(svg.body).unwrap().contains("<svg"));
    let heatmap = s.post("/api/heatmap", json!({"game": "wythoff", "rows": "0..20", "cols": "0..20"})).json();
    assert!(heatmap["layout"]["cell"].as_u64().unwrap() > 0 && heatmap["png"].as_str().unwrap().len() > 100);
    assert!(s.post("/api/heatmap", json!({"game": "kayles", "rows": "0..20"})).error(400).contains("cols"));
    assert!(s.post("/api/picture", json!({"game": "nim", "rows": "0..9", "format": "gif"})).error(400).contains("gif"));
}

#[test]
fn playing_nim_against_the_engine() {
    let s = Server::start();
    let state = s.post("/api/play", json!({"game": "nim", "position": ["3", "4", "5"]}));
    assert_eq!(state.status, 200, "{}", String::from_utf8_lossy(&state.body));
    let state = state.json();
    let id = state["session"].as_str().unwrap().to_string();
    assert_eq!(state["to_move"], "you");
    assert_eq!(state["judgement"]["outcome"], "N");
    // The one winning move of 3 + 4 + 5 (nim-sum 2) is 3 -> 1.
    let winning: Vec<&Value> = state["moves"].as_array().unwrap().iter().filter(|m| m["value"] == "win").collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["move"], "3 -> 1");
    assert_eq!(s.get(&format!("/api/play/{id}/hint")).json()["move"], "3 -> 1");
    // A losing move; the engine answers with a winning one.
    let after = s.post(&format!("/api/play/{id}/move"), json!({"move": "5 -> 0"})).json();
    let history = after["history"].as_array().unwrap();
    assert_eq!(history.len(), 3);
    assert_eq!(history[2]["by"], "engine");
    assert_eq!(after["judgement"]["outcome"], "P", "the engine leaves a P-position");
    let illegal = s.post(&format!("/api/play/{id}/move"), json!({"move": "4 -> 7"}));
    assert!(illegal.error(400).contains("illegal move"));
    // Undo takes back the engine's reply and the move.
    let undone = s.post(&format!("/api/play/{id}/undo"), json!({})).json();
    assert_eq!(undone["position"], "3 + 4 + 5");
    // Play badly (the first listed move) to the end: the engine wins.
    let mut state = undone;
    for _ in 0..30 {
        if state["over"] == true {
            break;
        }
        let mv = state["moves"][0]["move"].as_str().unwrap().to_string();
        state = s.post(&format!("/api/play/{id}/move"), json!({"move": mv})).json();
    }
    assert_eq!(state["result"], "You cannot move. The engine wins.");
    assert!(s.post(&format!("/api/play/{id}/move"), json!({"move": "1 -> 0"})).error(400).contains("over"));
    assert_eq!(s.request("DELETE", &format!("/api/play/{id}"), None).status, 200);
    s.get(&format!("/api/play/{id}")).error(404);
}

/// A game left unused past `--session-idle` is dropped (and its memory
/// with it) when the server next looks, here when another game starts.
#[test]
fn a_game_left_unused_expires() {
    let s = Server::with(&["--session-idle", "1"]);
    let first = s.post("/api/play", json!({"game": "nim", "position": ["3", "4", "5"]})).json();
    let id = first["session"].as_str().unwrap().to_string();
    assert_eq!(s.get(&format!("/api/play/{id}")).status, 200);
    std::thread::sleep(Duration::from_millis(2100));
    let second = s.post("/api/play", json!({"game": "nim", "position": ["1", "2"]})).json();
    assert!(s.get(&format!("/api/play/{id}")).error(404).contains("no game"));
    assert_eq!(s.get(&format!("/api/play/{}", second["session"].as_str().unwrap())).status, 200);
}

/// A position with a hundred thousand moves: each is valued by playing it
/// as `#k` and taking it back, and finding the k-th move listed them all
/// again, so the game's start ran past the 20 s limit (408) where `grundy
/// play nim 100000` hints in half a second. The moves' values are right.
/// (Each start takes 1.5 s on a quiet box; a clean CI run beside a build
/// once got no moves back, so the limit is three times the default and a
/// failure shows the answer.)
#[test]
fn a_game_with_a_hundred_thousand_moves_starts() {
    let s = Server::with(&["--time-limit", "60"]);
    for play in ["normal", "misere"] {
        let state = s.post("/api/play", json!({"game": "nim", "position": ["100000"], "play": play})).json();
        let moves = state["moves"].as_array().unwrap_or_else(|| panic!("{play}: {state}"));
        assert_eq!(moves.len(), 100_000, "{play}");
        let winning: Vec<&Value> = moves.iter().filter(|m| m["value"] == "win").map(|m| &m["move"]).collect();
        // To 0 in normal play; to 1 in misère (Bouton: leave an odd number of heaps of 1).
        let wanted = if play == "normal" { "100000 -> 0" } else { "100000 -> 1" };
        assert_eq!(winning, [wanted], "{play}");
    }
}

#[test]
fn the_engine_can_move_first_and_bad_games_are_refused() {
    let s = Server::start();
    let state = s.post("/api/play", json!({"game": "nim", "position": ["1", "2"], "engine_first": true})).json();
    // From 1 + 2 the engine wins by moving to 1 + 1.
    assert_eq!(state["history"][1]["move"], "2 -> 1");
    assert_eq!(state["position"], "1 + 1");
    assert!(s
        .post("/api/play", json!({"game": "nim", "position": ["1"], "play": "every"}))
        .error(400)
        .contains("play"));
    assert!(s.post("/api/play", json!({"game": "nim", "position": []})).error(400).contains("position"));
    s.post("/api/play/0000/move", json!({"move": "1 -> 0"})).error(404);
}

/// CPU seconds the server process has used so far (Linux's /proc), to see
/// whether work goes on after its request ended.
fn cpu_seconds(server: &Server) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", server.child.id())).unwrap();
    // Fields after the command name: state is field 3, utime 14, stime 15.
    let fields: Vec<&str> = stat.rsplit_once(')').unwrap().1.split_whitespace().collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / 100.0
}

/// Waits until the server has been idle (no CPU used) for a moment.
fn assert_idle(server: &Server, what: &str) {
    std::thread::sleep(Duration::from_millis(300));
    let before = cpu_seconds(server);
    std::thread::sleep(Duration::from_secs(1));
    let used = cpu_seconds(server) - before;
    assert!(used < 0.3, "{what}: the server used {used:.2} CPU seconds in the second after the request ended");
}

/// The progress of job `id` once it has counted some steps.
fn progress(s: &Server, id: &str) -> Value {
    for _ in 0..200 {
        let status = s.get(&format!("/api/jobs/{id}"));
        if status.status == 200 && status.json()["done"].as_u64().unwrap_or(0) > 0 {
            return status.json();
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    panic!("job {id} reported no progress");
}

/// The job page names what a long request is doing: Chomp's table of every
/// diagram before the search, and the misère canonical forms (both showed
/// only a count of "steps", or nothing, as the command line did).
#[test]
fn a_job_names_the_table_it_fills_and_the_misere_forms_it_builds() {
    let s = Server::with(&["--time-limit", "60"]);
    // (An analysis searches with no progress callback: the filling tells
    // the job's watch itself.)
    let table = "positions valued for the full table";
    for (path, body, stage) in [
        ("/api/solve", json!({"game": "chomp", "position": ["14x14"], "job": "named"}), table),
        ("/api/analyse", json!({"game": "chomp", "position": ["14x14"], "job": "named"}), table),
        (
            "/api/solve",
            json!({"game": "chomp", "position": ["9x9"], "play": "misere", "job": "named"}),
            "steps of the misère canonical forms",
        ),
    ] {
        let client = s.client.clone();
        let slow = std::thread::spawn(move || client.post(path, body).error(409));
        wait_for_stage(&s, "named", stage);
        assert_eq!(s.post("/api/cancel", json!({"job": "named"})).json()["cancelled"], true, "{stage}");
        assert_eq!(slow.join().unwrap(), "cancelled");
    }
}

#[test]
fn a_play_session_reports_its_exploration_and_stops_when_cancelled() {
    // Misère Kayles 30+30+30: the engine explores every sum reachable
    // (up to a million) before the first move, for many seconds.
    let s = Server::with(&["--time-limit", "60", "--memory", "2G"]);
    let client = s.client.clone();
    let slow = std::thread::spawn(move || {
        let body = json!({"game": "kayles", "position": ["30", "30", "30"], "play": "misere", "job": "explore"});
        client.post("/api/play", body).error(409)
    });
    let status = progress(&s, "explore");
    assert!(status["stage"].as_str().unwrap().contains("exploring"), "{status}");
    assert_eq!(s.post("/api/cancel", json!({"job": "explore"})).json()["cancelled"], true);
    assert_eq!(slow.join().unwrap(), "cancelled");
    assert_idle(&s, "a cancelled play session");
}

#[test]
fn a_table_stops_at_its_time_limit() {
    // A table of 250,000 cells, 10 rows of 25,000, of a queen that also
    // slides like a knight (the queen alone is Wythoff's game, tabulated
    // by bitsets): a cell far along a row has thousands of options, 15 s
    // of work on this machine, far past the 1 s limit. (500 × 500 cells of
    // a nine-way rider, 1.7 s, once finished first on a loaded box: the
    // limit's timer fired after the work was done.)
    let s = Server::with(&["--time-limit", "1", "--memory", "2G"]);
    let client = s.client.clone();
    let slow = std::thread::spawn(move || {
        let body =
            json!({"game": "rider:-1,0/0,-1/-1,-1/-1,-2", "rows": "0..9", "cols": "0..24999", "job": "big-table"});
        client.post("/api/table", body).error(408)
    });
    let status = progress(&s, "big-table");
    assert!(status["stage"].as_str().unwrap().contains("table"), "{status}");
    assert!(slow.join().unwrap().contains("time limit"));
    assert_idle(&s, "a table past its time limit");
}

#[test]
fn the_memory_budget_bounds_every_kind_of_request() {
    let s = Server::with(&["--time-limit", "20", "--memory", "1M"]);
    // A table of 160,000 nim-values (1.3 MB), a game graph, a search's memo.
    let rider = "rider:-1,0/0,-1/-1,-1/-1,-2"; // (the queen is Wythoff's game: below)
    let table = s.post("/api/table", json!({"game": rider, "rows": "0..399", "cols": "0..399"})).error(400);
    assert!(table.contains("memory budget"), "{table}");
    // Wythoff's bitsets grow with the square of the longer side: one cell
    // far out needed 250 GB (the server grew to 11 GB before its limit).
    let wythoff = json!({"game": "wythoff", "rows": "1000000..1000000", "cols": "0..0"});
    assert!(s.post("/api/table", wythoff).error(400).contains("too large"));
    let wythoff = json!({"game": "wythoff", "rows": "0..499", "cols": "0..499"}); // 1.4 MB
    assert!(s.post("/api/table", wythoff).error(400).contains("memory budget"));
    // A play session's exploration is bounded too, but the engine reports
    // it as its own limit of explored sums (the message does not name the
    // budget). (Dawson's Kayles past the quotient's heaps: wild, so no rule
    // judges the sums; misère Kayles is now played by Sibert–Conway's.)
    let play = s.post("/api/play", json!({"game": "0.07", "position": ["250", "250"], "play": "misere"}));
    assert!(play.error(400).contains("too large"));
    // A subtraction game's values of 300,000 heaps (four bytes each).
    let solve = s.post("/api/solve", json!({"game": "subtraction:1,3,4", "position": ["300000"]}));
    assert!(solve.error(400).contains("memory budget"));
    // A memoized search of 160,000 positions: its memo passes 1 MB. (The
    // knight: the king is now valued by its closed form.)
    let solve = s.post("/api/solve", json!({"game": "knight", "position": ["400,400"]}));
    let message = solve.error(400);
    assert!(message.contains("memory budget"), "{message}");
    // Small requests are untouched.
    assert_eq!(s.post("/api/solve", json!({"game": "nim", "position": ["3", "4", "5"]})).json()["nim_value"], 2);
}

#[test]
fn answers_keep_the_key_order_the_command_line_prints() {
    let s = Server::start();
    // A sequence: `grundy sequence --json`'s keys, then the server's summary.
    for (body, args) in [
        (json!({"game": "0.07", "to": 50}), vec!["sequence", "0.07", "--to", "50", "--json"]),
        (
            json!({"game": "kayles", "to": 20, "play": "misere"}),
            vec!["sequence", "kayles", "--to", "20", "--misere", "--json"],
        ),
    ] {
        let answer = s.post("/api/sequence", body.clone());
        assert_eq!(answer.status, 200, "{body}: {}", String::from_utf8_lossy(&answer.body));
        let mut expected = keys_in_order(&grundy_output(&args));
        expected.push("summary".into());
        assert_eq!(keys_in_order(&answer.body), expected, "{body}");
    }
    // A pattern: `grundy pattern --json`'s keys, then the report's text.
    let answer = s.post("/api/pattern", json!({"game": "wythoff", "rows": "0..20", "cols": "0..20"}));
    let mut expected =
        keys_in_order(&grundy_output(&["pattern", "wythoff", "--rows", "0..20", "--cols", "0..20", "--json"]));
    expected.push("text".into());
    assert_eq!(keys_in_order(&answer.body), expected);
    // An analysis: the report as `grundy solve --json` prints it, then what the server adds.
    let answer = s.post("/api/analyse", json!({"game": "nim", "position": ["3", "4", "5"]}));
    assert_eq!(keys_in_order(&answer.body), ["report", "judgement", "moves", "picture", "note"]);
    // A heatmap: the table, where its cells are, then the picture.
    let heatmap = s.post("/api/heatmap", json!({"game": "wythoff", "rows": "0..5", "cols": "0..5"}));
    assert_eq!(keys_in_order(&heatmap.body), ["table", "layout", "png"]);
    let body = String::from_utf8(heatmap.body).unwrap();
    let layout = body.find("\"layout\":").expect("a layout") + "\"layout\":".len();
    assert_eq!(keys_in_order(&body.as_bytes()[layout..]), ["width", "height", "cell", "grid_left", "grid_top"]);
    // A game in progress: its state, and a hint, as the page reads them.
    let state = s.post("/api/play", json!({"game": "nim", "position": ["3", "4", "5"]}));
    let keys = ["session", "position", "to_move", "over", "result", "judgement", "moves", "history"];
    assert_eq!(keys_in_order(&state.body), keys);
    let id = state.json()["session"].as_str().unwrap().to_string();
    assert_eq!(keys_in_order(&s.get(&format!("/api/play/{id}/hint")).body), ["move", "why"]);
    assert_eq!(keys_in_order(&s.get(&format!("/api/play/{id}")).body), keys);
    let text = String::from_utf8(answer.body).unwrap();
    let report = text.find("\"report\":").expect("a report") + "\"report\":".len();
    assert_eq!(
        keys_in_order(&text.as_bytes()[report..]),
        keys_in_order(&grundy_output(&["solve", "nim", "3", "4", "5", "--json"])),
        "{text}"
    );
}

#[test]
fn a_wrong_method_is_a_json_405_with_the_methods_allowed() {
    let s = Server::start();
    let answer = s.get("/api/solve");
    let message = answer.error(405);
    assert!(message.contains("GET") && message.contains("/api/solve"), "{message}");
    assert_eq!(answer.header("allow").as_deref(), Some("POST"));
    let answer = s.post("/api/play/0000", json!({}));
    answer.error(405);
    let allow = answer.header("allow").unwrap_or_default();
    assert!(allow.contains("GET") && allow.contains("DELETE"), "{allow:?}");
    // The page's own files say so in words too (they are not JSON).
    let answer = s.post("/app.js", json!({}));
    assert_eq!(answer.status, 405);
    assert!(String::from_utf8_lossy(&answer.body).contains("fetched with GET"));
    assert_eq!(answer.header("allow").as_deref(), Some("GET,HEAD"));
}

/// A sum of 300 Nim heaps of 20. Before it values the moves, the engine explores the sums
/// reachable from it (6,000 moves each, each a copy of the 300 heaps) until it gives up for
/// nim-values: tens of seconds, with a look at the stop flag only every 4096 sums before.
/// Waits until the job `id` is at `stage`.
fn wait_for_stage(s: &Server, id: &str, stage: &str) {
    for _ in 0..600 {
        let status = s.get(&format!("/api/jobs/{id}"));
        if status.status == 200 && status.json()["stage"] == stage {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("job {id} never reached \"{stage}\"");
}

#[test]
fn cancelling_an_analysis_of_a_big_sum_stops_it_at_once() {
    let s = Server::with(&["--time-limit", "60", "--memory", "2G"]);
    // A misère sum of 0.6 that no rule decides is searched whole (seconds
    // past a minute); each of Cram 6×6's 60 moves is valued by a search of
    // its own (11 s in all here). (A big Nim sum's exploration, used here
    // before, now gives up after a second: too short a window to cancel in.)
    for (game, play, position, stage) in [
        ("0.6", "misere", json!(vec!["20"; 6]), "positions of the misère search of the whole sum"),
        ("cram", "normal", json!(["6x6"]), "valuing each move"),
    ] {
        let client = s.client.clone();
        let slow = std::thread::spawn(move || {
            let body = json!({"game": game, "play": play, "position": position, "job": "big-analysis"});
            let message = client.post("/api/analyse", body).error(409);
            (message, std::time::Instant::now())
        });
        wait_for_stage(&s, "big-analysis", stage);
        let asked = std::time::Instant::now();
        assert_eq!(s.post("/api/cancel", json!({"job": "big-analysis"})).json()["cancelled"], true, "{stage}");
        let (message, answered) = slow.join().unwrap();
        assert_eq!(message, "cancelled");
        let took = answered - asked;
        assert!(took < Duration::from_millis(1500), "cancelled while {stage}, answered {took:?} later");
        assert_idle(&s, "a cancelled analysis");
    }
}

#[test]
fn an_analysis_past_its_time_limit_stops_its_work() {
    let s = Server::with(&["--time-limit", "2", "--memory", "2G"]);
    let started = std::time::Instant::now();
    // (Valuing each move of Cram 7×7 takes minutes.)
    let message = s.post("/api/analyse", json!({"game": "cram", "position": ["7x7"]})).error(408);
    assert!(message.contains("time limit of 2 s"), "{message}");
    assert!(started.elapsed() < Duration::from_secs(4), "{:?}", started.elapsed());
    assert_idle(&s, "an analysis past its time limit");
}
