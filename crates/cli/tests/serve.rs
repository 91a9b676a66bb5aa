//! `muster serve`: the real binary on a temp SQLite file and a port the system chooses, stopped
//! by SIGTERM.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use common::muster;

/// One GET: the status code and the body.
fn get(addr: &str, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("answer");
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {answer:?}"));
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, body)| body.to_owned())
        .unwrap_or_default();
    (status, body)
}

#[test]
fn serve_creates_its_database_answers_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("games.db");
    let url = format!("sqlite://{}", db.display());
    let mut server = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["serve", "--db", &url, "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
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
    assert!(db.exists(), "the database file is created at start");
    let (status, body) = get(&addr, "/api/catalog");
    assert_eq!(status, 200);
    assert!(body.contains("\"mutou\""), "{body}");
    // The browser client's page, or (built without it) the page saying how to build it.
    let (status, page) = get(&addr, "/");
    assert!(status == 200 || status == 503, "{status}: {page}");
    assert!(page.contains("muster"), "{page}");

    let killed = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let status = server.wait().expect("the server ends");
    let mut stderr = String::new();
    server
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("stderr");
    assert!(status.success(), "exit {status:?}: {stderr}");
    assert!(stderr.contains("database is closed"), "{stderr}");
    assert!(
        TcpStream::connect(&addr).is_err(),
        "nothing listens on {addr} after the stop"
    );
}

#[test]
fn a_database_url_serve_cannot_open_is_quoted_in_the_error() {
    let run = muster(&[
        "serve",
        "--db",
        "mysql://somewhere/db",
        "--addr",
        "127.0.0.1:0",
    ]);
    assert!(!run.success);
    assert!(
        run.stderr.contains("mysql://somewhere/db"),
        "{}",
        run.stderr
    );
    let run = muster(&["serve", "--addr", "not-an-address"]);
    assert!(!run.success);
    assert!(run.stderr.contains("not-an-address"), "{}", run.stderr);
}
