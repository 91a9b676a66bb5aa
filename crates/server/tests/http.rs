//! The HTTP application in process, over a real socket on 127.0.0.1, on a real SQLite file.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::Arc;

use muster_server::ServerState;
use muster_store::{SqlStore, Store};
use tokio::sync::oneshot;

/// One GET over a fresh connection: the status code and the body.
fn get(addr: SocketAddr, path: &str) -> (u16, String) {
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

/// Runs `check` against a server on a temp SQLite file, then stops the server by its shutdown
/// future and checks that serving ended without error.
fn with_server(check: impl FnOnce(SocketAddr) + Send + 'static) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("muster.db").display());
    runtime.block_on(async move {
        let store = Arc::new(SqlStore::open(&url).await.expect("store"));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("address");
        let (stop, stopped) = oneshot::channel::<()>();
        let state = ServerState::new(Arc::clone(&store) as Arc<dyn Store>);
        let server = tokio::spawn(muster_server::serve(listener, state, async {
            let _ = stopped.await;
        }));
        tokio::task::spawn_blocking(move || check(addr))
            .await
            .expect("the checks passed");
        stop.send(()).expect("the server is still running");
        server
            .await
            .expect("the server task")
            .expect("served without error");
        store.close().await;
    });
}

#[test]
fn the_catalog_lists_the_four_games_with_their_options_and_the_ai_levels() {
    with_server(|addr| {
        let (status, body) = get(addr, "/api/catalog");
        assert_eq!(status, 200, "{body}");
        let catalog: serde_json::Value = serde_json::from_str(&body).expect("JSON");
        let games = catalog["games"]["games"].as_array().expect("games");
        let ids: Vec<&str> = games
            .iter()
            .filter_map(|g| g["info"]["id"].as_str())
            .collect();
        assert_eq!(ids, ["murus-gallicus", "mur", "mu", "mutou"]);
        assert_eq!(catalog["ai_min"], 1);
        assert_eq!(catalog["ai_max"], 8);
        let mu = &games[2]["info"];
        assert_eq!(
            (mu["min_seats"].as_u64(), mu["max_seats"].as_u64()),
            (Some(2), Some(8))
        );
    });
}

#[test]
fn the_start_page_is_the_browser_client_and_unknown_api_routes_answer_404() {
    with_server(|addr| {
        // The client's page, or the page saying how to build it (tests/assets.rs has more).
        let (status, page) = get(addr, "/");
        assert!(status == 200 || status == 503, "{status}");
        assert!(page.contains("<html"), "{page}");
        let (status, body) = get(addr, "/api/no-such-route");
        assert_eq!(status, 404);
        let error: serde_json::Value = serde_json::from_str(&body).expect("a JSON error");
        assert_eq!(error["code"], "not-found");
        assert!(
            error["reason"]
                .as_str()
                .is_some_and(|r| r.contains("/api/no-such-route")),
            "{body}"
        );
    });
}
