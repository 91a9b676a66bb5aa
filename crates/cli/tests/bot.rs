//! `muster bot`: the real binary connects `muster engine` to a real `muster serve` (a temp
//! SQLite file, a port the system chooses) as a bot account made over HTTP; a person (the
//! muster-client library, random legal moves) challenges the bot directly, and the game is
//! played to its end with the bot playing its seat through the engine protocol.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use muster_client::{play_random, Client};
use muster_wire::http::{
    ChallengeRequest, ChallengeVisibility, ClockSpec, SeatSpec, TakebackPolicy,
};
use muster_wire::{By, StreamEvent};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde_json::{json, Value};

/// One request with a JSON body: the status and the body read as JSON (or `null`).
fn send(addr: &str, method: &str, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    let body = body.to_string();
    let auth = token.map_or_else(String::new, |t| format!("Authorization: Bearer {t}\r\n"));
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("answer");
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {answer:?}"));
    let text = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(text).unwrap_or(Value::Null))
}

/// `muster serve` on a temp database and port 0; the child and its address.
fn serve(dir: &Path) -> (Child, String) {
    let url = format!("sqlite://{}", dir.join("muster.db").display());
    let mut server = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["serve", "--db", &url, "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("muster serve starts");
    let mut first = String::new();
    BufReader::new(server.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("the address line");
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_owned();
    (server, addr)
}

/// Waits for a child to exit, killing it after `limit`; its status, if it exited.
fn wait_for(child: &mut Child, limit: Duration) -> Option<std::process::ExitStatus> {
    let began = Instant::now();
    while began.elapsed() < limit {
        if let Some(status) = child.try_wait().expect("wait") {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

fn direct_challenge(game: &str, bot: &str) -> ChallengeRequest {
    ChallengeRequest {
        game: game.to_owned(),
        variant: String::new(),
        seats: vec![
            SeatSpec::Me,
            SeatSpec::User {
                name: bot.to_owned(),
            },
        ],
        random_order: false,
        clock: ClockSpec::None,
        rated: false,
        takeback: TakebackPolicy::Never,
        visibility: ChallengeVisibility::Direct,
    }
}

#[test]
fn a_bot_connected_with_muster_bot_plays_a_person_to_the_end() {
    bot_plays_a_person(&["murus-gallicus"], Duration::from_secs(60));
}

/// MuTou (its setting-out is secret: the bot's copy of its view must follow decisions it may
/// not see; its dice are the server's) and Mur: long games (MuTou about three minutes in a
/// debug build), so outside the normal suite. (Mu against random moves can run for thousands of
/// plies; its explosion choices are covered by the engine's own tests.)
#[test]
#[ignore = "long games: minutes"]
fn a_bot_plays_mutou_and_mur_to_the_end() {
    bot_plays_a_person(&["mutou", "mur"], Duration::from_secs(600));
}

/// Serves, makes a bot, runs `muster bot --max-games N` and has a person challenge it to each
/// of `games` in turn, playing random legal moves; each game must end within `limit`.
fn bot_plays_a_person(games: &[&str], limit: Duration) {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut server, addr) = serve(dir.path());

    // A person registers and makes a bot; the bot's token is what `muster bot` gets.
    let (status, session) = send(
        &addr,
        "POST",
        "/api/session",
        None,
        &json!({"kind": "register", "name": "ada", "password": "correct horse"}),
    );
    assert_eq!(status, 200, "{session}");
    let ada_token = session["token"].as_str().expect("a token").to_owned();
    let (status, bot) = send(
        &addr,
        "POST",
        "/api/bots",
        Some(&ada_token),
        &json!({"name": "ada-bot"}),
    );
    assert_eq!(status, 201, "{bot}");
    let bot_token = bot["token"].as_str().expect("a token").to_owned();

    let log = dir.path().join("bot.log");
    let engine = format!("{} engine --level 1", env!("CARGO_BIN_EXE_muster"));
    let mut runner = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "bot",
            "--server",
            &format!("http://{addr}"),
            "--token",
            &bot_token,
            "--engine",
            &engine,
            "--max-games",
            &games.len().to_string(),
            "--move-time",
            "100",
            "--log",
            &dir.path().join("engines").display().to_string(),
        ])
        .stdout(Stdio::null())
        .stderr(File::create(&log).expect("log file"))
        .spawn()
        .expect("muster bot starts");

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let played = runtime.block_on(async {
        let ada = Client::with_token(&format!("http://{addr}"), &ada_token).expect("client");
        let mut events = ada.events().await.expect("ada's stream");
        let mut played = Vec::new();
        for game in games {
            // The bot may connect before or after: a pending challenge is in its snapshot.
            let made = ada
                .create_challenge(&direct_challenge(game, "ada-bot"))
                .await
                .expect("the challenge");
            assert!(made.g.is_none(), "the game waits for the bot");
            let g = loop {
                let event = tokio::time::timeout(Duration::from_secs(30), events.next())
                    .await
                    .expect("the bot joins within 30 s")
                    .expect("the stream")
                    .expect("an event");
                if let StreamEvent::GameStart { g, seats, .. } = event {
                    assert_eq!(seats, vec![muster_rules::Seat(0)], "ada holds seat 0");
                    break g;
                }
            };
            let mut conn = ada.connect().await.expect("ada's socket");
            let mut rng = SmallRng::seed_from_u64(17);
            let began = Instant::now();
            let report = tokio::time::timeout(
                limit,
                play_random(&mut conn, &g, &mut rng, Duration::ZERO..=Duration::ZERO),
            )
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "{game} did not end within {limit:?}; the bot said:\n{}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                )
            })
            .expect("ada plays to the end");
            eprintln!(
                "{game}: {} plies in {:?}",
                report.view.moves().len(),
                began.elapsed()
            );
            let summary = ada.game_summary(&g).await.expect("the summary");
            played.push((report, summary));
        }
        played
    });
    let status = wait_for(&mut runner, Duration::from_secs(30));
    let mut said = String::new();
    File::open(&log)
        .expect("log")
        .read_to_string(&mut said)
        .expect("log text");
    let mut by_bot = 0;
    for (report, summary) in &played {
        assert!(report.finished, "the game ended: {said}");
        assert!(summary.result.is_some(), "a result: {summary:?}");
        let mine = report
            .view
            .moves()
            .iter()
            .filter(|m| m.by == By::Seat(muster_rules::Seat(1)))
            .count();
        assert!(mine >= 1, "the bot played its seat: {said}");
        by_bot += mine;
    }
    assert_eq!(
        said.matches(": plays ").count(),
        by_bot,
        "one log line per move of the bot: {said}"
    );
    assert!(
        said.contains("engine muster"),
        "the handshake is logged: {said}"
    );
    assert_eq!(
        status.map(|s| s.success()),
        Some(true),
        "muster bot exits 0 after --max-games: {said}"
    );
    let engine_logs = std::fs::read_dir(dir.path().join("engines"))
        .expect("the engines' log folder")
        .count();
    assert_eq!(engine_logs, games.len(), "one engine log per game");

    let _ = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status();
    assert!(wait_for(&mut server, Duration::from_secs(20)).is_some());
}

#[test]
fn muster_bot_refuses_a_bad_engine_command_and_a_bad_token() {
    let run = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "bot",
            "--server",
            "http://127.0.0.1:9",
            "--token",
            "x",
            "--engine",
            "\"unclosed",
        ])
        .output()
        .expect("runs");
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("--engine"), "{stderr}");

    let dir = tempfile::tempdir().expect("temp dir");
    let (mut server, addr) = serve(dir.path());
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_muster"));
    let run = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "bot",
            "--server",
            &format!("http://{addr}"),
            "--token",
            &"0".repeat(64),
            "--engine",
            &engine,
        ])
        .output()
        .expect("runs");
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("event stream") && stderr.contains("401"),
        "{stderr}"
    );
    let _ = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status();
    assert!(wait_for(&mut server, Duration::from_secs(20)).is_some());
}

/// An engine that names Murus Gallicus only (Python, standard library): enough for the
/// handshake.
const MURUS_ONLY: &str = r#"
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "muster":
        print("id name murus-only\nid version 1\nid author tests\nprotocol 1")
        print("game murus-gallicus seats 2-2 variants basic\nok", flush=True)
    elif word == "quit":
        break
    elif word == "isready":
        print("readyok", flush=True)
    else:
        print("ok", flush=True)
"#;

#[test]
fn a_challenge_to_a_game_the_engine_does_not_play_is_declined() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut server, addr) = serve(dir.path());
    let (_, session) = send(
        &addr,
        "POST",
        "/api/session",
        None,
        &json!({"kind": "register", "name": "ada", "password": "correct horse"}),
    );
    let ada_token = session["token"].as_str().expect("a token").to_owned();
    let (_, bot) = send(
        &addr,
        "POST",
        "/api/bots",
        Some(&ada_token),
        &json!({"name": "b0t"}),
    );
    let bot_token = bot["token"].as_str().expect("a token").to_owned();
    let script = dir.path().join("murus_only.py");
    std::fs::write(&script, MURUS_ONLY).expect("script");
    let log = dir.path().join("bot.log");
    let mut runner = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "bot",
            "--server",
            &format!("http://{addr}"),
            "--token",
            &bot_token,
            "--engine",
            &format!("python3 {}", script.display()),
        ])
        .stderr(File::create(&log).expect("log file"))
        .spawn()
        .expect("muster bot starts");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let status = runtime.block_on(async {
        let ada = Client::with_token(&format!("http://{addr}"), &ada_token).expect("client");
        let mut events = ada.events().await.expect("ada's stream");
        let made = ada
            .create_challenge(&direct_challenge("mur", "b0t"))
            .await
            .expect("the challenge");
        loop {
            let event = tokio::time::timeout(Duration::from_secs(30), events.next())
                .await
                .unwrap_or_else(|_| {
                    panic!(
                        "no answer from the bot; it said:\n{}",
                        std::fs::read_to_string(&log).unwrap_or_default()
                    )
                })
                .expect("the stream")
                .expect("an event");
            if let StreamEvent::ChallengeGone { id, status, .. } = event {
                assert_eq!(id, made.id);
                break status;
            }
        }
    });
    assert_eq!(status, muster_wire::http::ChallengeStatus::Declined);
    let _ = runner.kill();
    let _ = runner.wait();
    let said = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(said.contains("the engine does not play mur"), "{said}");
    let _ = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status();
    assert!(wait_for(&mut server, Duration::from_secs(20)).is_some());
}

/// Waits until the file at `path` contains `text`, for at most `limit`; whether it did.
fn wait_for_text(path: &Path, text: &str, limit: Duration) -> bool {
    let began = Instant::now();
    while began.elapsed() < limit {
        if std::fs::read_to_string(path).is_ok_and(|said| said.contains(text)) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// The owner revokes the bot's token while the bot runs a game: the server ends the bot's
/// event stream with its `signed-out` line and closes the game's socket with 4001, and the bot
/// stops at once with a message saying so, rather than opening the stream again with the dead
/// token.
#[test]
fn a_bot_whose_token_is_revoked_while_it_runs_stops_with_a_clear_message() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (mut server, addr) = serve(dir.path());
    let (_, session) = send(
        &addr,
        "POST",
        "/api/session",
        None,
        &json!({"kind": "register", "name": "ada", "password": "correct horse"}),
    );
    let ada_token = session["token"].as_str().expect("a token").to_owned();
    let (status, bot) = send(
        &addr,
        "POST",
        "/api/bots",
        Some(&ada_token),
        &json!({"name": "ada-bot"}),
    );
    assert_eq!(status, 201, "{bot}");
    let bot_token = bot["token"].as_str().expect("a token").to_owned();
    let log = dir.path().join("bot.log");
    let engine = format!("{} engine --level 1", env!("CARGO_BIN_EXE_muster"));
    let mut runner = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args([
            "bot",
            "--server",
            &format!("http://{addr}"),
            "--token",
            &bot_token,
            "--engine",
            &engine,
        ])
        .stdout(Stdio::null())
        .stderr(File::create(&log).expect("log file"))
        .spawn()
        .expect("muster bot starts");
    let said = || std::fs::read_to_string(&log).unwrap_or_default();

    // A game runs (ada holds seat 0 and does not move: the bot's socket waits on it).
    let (status, made) = send(
        &addr,
        "POST",
        "/api/challenges",
        Some(&ada_token),
        &serde_json::to_value(direct_challenge("murus-gallicus", "ada-bot")).expect("json"),
    );
    assert!(status == 200 || status == 201, "{status} {made}");
    assert!(
        wait_for_text(&log, ": started (murus-gallicus", Duration::from_secs(30)),
        "the bot joined and started the game: {}",
        said()
    );
    // Give the game's socket a moment to open and subscribe.
    std::thread::sleep(Duration::from_millis(500));

    let (status, answer) = send(
        &addr,
        "DELETE",
        "/api/bots/ada-bot/token",
        Some(&ada_token),
        &json!({}),
    );
    assert_eq!(status, 204, "the owner revokes the token: {answer}");
    let revoked = Instant::now();
    let exit = wait_for(&mut runner, Duration::from_secs(15));
    let words = said();
    let exit =
        exit.unwrap_or_else(|| panic!("muster bot still ran 15 s after the revocation: {words}"));
    assert!(!exit.success(), "a signed-out bot exits non-zero: {words}");
    assert!(
        revoked.elapsed() < Duration::from_secs(10),
        "it stopped promptly, not after reconnect tries: {words}"
    );
    assert!(
        words.contains("muster: error: signed out by the server: ")
            && words
                .contains("the bot's token no longer works: make a new one with POST /api/bots"),
        "the message says what happened and what to do: {words}"
    );
    assert!(
        !words.contains("signed out: signed out"),
        "the reason is said once: {words}"
    );
    assert!(
        !words.contains("opening it again"),
        "the stream was not reopened with the dead token: {words}"
    );
    let _ = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status();
    assert!(wait_for(&mut server, Duration::from_secs(20)).is_some());
}
