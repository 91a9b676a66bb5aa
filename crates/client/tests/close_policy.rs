//! The client's reaction to the server closing its WebSocket (crates/wire/src/close.rs): a
//! small stand-in accepts WebSockets, ends the first ones with a chosen close code (or by
//! dropping the TCP connection, 1006), and counts how often the client connects. A restart, an
//! overload or a lost network is reconnected; a protocol error, bad data, a policy, a frame too
//! big and a normal closure are not; 4001 is [`Error::SignedOut`]. A frame above `MAX_FRAME`
//! never leaves the client. The event stream's `signed-out` line ends it with
//! [`Error::SignedOut`].

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use muster_client::{play_random_with, Client, Connection, Error, PlayOptions};
use muster_wire::close::{self, AfterClose};
use muster_wire::{AckId, ClientMsg, MatchId, Ping, Room, Say, StreamEvent, MAX_FRAME};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

/// How the stand-in ends one of the first connections.
#[derive(Clone, Copy, Debug)]
enum Ending {
    /// A close frame with this code (and a reason naming it).
    Close(u16),
    /// The TCP connection dropped without a close frame (the client sees 1006).
    Drop,
}

/// What the stand-in does with the connections after the first `ended` ones.
#[derive(Clone, Copy, Debug)]
enum Later {
    /// Accept them and read their frames without ever answering.
    Silent,
    /// Refuse their upgrade with HTTP 401 (the token was ended).
    Unauthorized,
}

/// The stand-in's counters.
#[derive(Clone, Default)]
struct Seen {
    /// TCP connections accepted (each one is a connection attempt of the client).
    connections: Arc<AtomicUsize>,
    /// Every text frame received, in order.
    frames: Arc<Mutex<Vec<String>>>,
}

impl Seen {
    fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    fn frames(&self) -> Vec<String> {
        self.frames.lock().expect("lock").clone()
    }
}

/// A stand-in that ends its first `ended` connections with `ending` (after their first frame,
/// or at once when `at_once`), and treats the later ones as `later` says. Its base URL and
/// counters.
async fn stand_in(ending: Ending, ended: usize, at_once: bool, later: Later) -> (String, Seen) {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let seen = Seen::default();
    let counting = seen.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let n = counting.connections.fetch_add(1, Ordering::SeqCst) + 1;
            let seen = counting.clone();
            tokio::spawn(async move {
                match (n <= ended, later) {
                    (true, _) => end_one(stream, ending, at_once, seen).await,
                    (false, Later::Silent) => listen(stream, seen).await,
                    (false, Later::Unauthorized) => refuse(stream).await,
                }
            });
        }
    });
    (format!("http://{addr}"), seen)
}

/// Reads frames into `seen` until the connection ends.
async fn listen(stream: TcpStream, seen: Seen) {
    let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    while let Some(Ok(message)) = socket.next().await {
        if let Message::Text(text) = message {
            seen.frames.lock().expect("lock").push(text.to_string());
        }
    }
}

/// Ends one connection with `ending`.
async fn end_one(stream: TcpStream, ending: Ending, at_once: bool, seen: Seen) {
    let Ok(mut socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    if !at_once {
        if let Some(Ok(Message::Text(text))) = socket.next().await {
            seen.frames.lock().expect("lock").push(text.to_string());
        }
    }
    match ending {
        Ending::Drop => drop(socket),
        Ending::Close(code) => {
            let frame = CloseFrame {
                code: CloseCode::from(code),
                // The server's 4001 reasons begin with `signed out: `; the client drops it.
                reason: match code {
                    close::SIGNED_OUT => format!("signed out: closed with {code} by the stand-in"),
                    _ => format!("closed with {code} by the stand-in"),
                }
                .into(),
            };
            let _ = socket.send(Message::Close(Some(frame))).await;
            // The client's answering close ends the handshake; give it a moment at most.
            let _ = tokio::time::timeout(Duration::from_secs(2), async {
                while let Some(Ok(_)) = socket.next().await {}
            })
            .await;
        }
    }
}

/// Answers the upgrade with 401 and an `ApiError` body.
async fn refuse(stream: TcpStream) {
    let _ = tokio_tungstenite::accept_hdr_async(stream, unauthorized).await;
}

// The callback's type is tungstenite's (`Callback`), error response and all.
#[allow(clippy::result_large_err)]
fn unauthorized(_: &Request, _: Response) -> Result<Response, ErrorResponse> {
    let body = r#"{"code":"unauthorized","reason":"the session is not known (logged out or revoked): log in again"}"#;
    let mut answer = ErrorResponse::new(Some(body.to_owned()));
    *answer.status_mut() = tokio_tungstenite::tungstenite::http::StatusCode::UNAUTHORIZED;
    Err(answer)
}

fn g() -> MatchId {
    MatchId("01JDFAKE000000000000000000".into())
}

/// Quick reconnects and a short silence, so a player facing a silent stand-in gives up within a
/// second or two.
fn options() -> PlayOptions {
    PlayOptions {
        reconnect_every: Duration::from_millis(50),
        reconnect_within: Duration::from_secs(3),
        resubscribe_after: Duration::from_millis(200),
        silence_limit: Duration::from_millis(700),
        ..PlayOptions::default()
    }
}

/// Plays against a stand-in that ends the first two connections with `ending`; the player's
/// error and the number of connections it made (counted after a pause, so a late reconnect
/// would be seen).
async fn play_against(ending: Ending) -> (Error, usize) {
    let (base, seen) = stand_in(ending, 2, false, Later::Silent).await;
    let client = Client::with_token(&base, "t0ken").expect("client");
    let mut conn = client.connect().await.expect("connect");
    let mut rng = SmallRng::seed_from_u64(5);
    let played = tokio::time::timeout(
        Duration::from_secs(20),
        play_random_with(&mut conn, &g(), &mut rng, &options()),
    )
    .await
    .expect("the player returns within 20 s");
    let error = played.expect_err("the stand-in never lets the game end");
    tokio::time::sleep(Duration::from_millis(500)).await;
    (error, seen.connections())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_an_overload_or_a_lost_network_is_reconnected() {
    for ending in [
        Ending::Close(close::RESTART),
        Ending::Close(close::GOING_AWAY),
        Ending::Close(close::INTERNAL_ERROR),
        Ending::Close(close::TRY_AGAIN_LATER),
        Ending::Drop,
    ] {
        let (error, connections) = play_against(ending).await;
        assert_eq!(
            connections, 3,
            "{ending:?}: two ended connections, two reconnects ({error})"
        );
        assert!(
            matches!(error, Error::Timeout { .. }),
            "{ending:?}: the player gave up on the silent third connection, not on a close: {error}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_close_for_the_clients_own_behaviour_is_never_reconnected() {
    for code in [
        close::PROTOCOL_ERROR,
        close::BAD_DATA,
        close::POLICY,
        close::TOO_BIG,
        close::NORMAL,
        4000,
    ] {
        let (error, connections) = play_against(Ending::Close(code)).await;
        assert_eq!(connections, 1, "{code}: no reconnect ({error})");
        match &error {
            Error::Closed {
                code: Some(got),
                reason,
            } => {
                assert_eq!(*got, code);
                assert!(reason.contains(&code.to_string()), "the reason: {reason}");
            }
            other => panic!("{code}: expected Error::Closed, got {other:?}"),
        }
        assert_eq!(error.after_close(), Some(AfterClose::Stop));
        assert!(!error.is_disconnect() && !error.is_signed_out());
        assert!(
            error.to_string().contains(&code.to_string()),
            "the message names the code: {error}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_out_close_is_its_own_error_and_never_reconnected() {
    let (error, connections) = play_against(Ending::Close(close::SIGNED_OUT)).await;
    assert_eq!(connections, 1, "no reconnect with ended credentials");
    match &error {
        Error::SignedOut { reason } => assert_eq!(reason, "closed with 4001 by the stand-in"),
        other => panic!("expected Error::SignedOut, got {other:?}"),
    }
    assert!(error.is_signed_out() && !error.is_disconnect());
    assert!(error.to_string().starts_with("signed out by the server"));
}

/// The connection itself: `recv` says the close; `reconnect` opens nothing after a close that
/// does not invite it, and the close is said again by `send` and `recv`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_refuses_to_reconnect_after_a_stop_or_a_sign_out() {
    for code in [close::TOO_BIG, close::POLICY, close::SIGNED_OUT] {
        let (base, seen) = stand_in(Ending::Close(code), 1, true, Later::Silent).await;
        let client = Client::with_token(&base, "t0ken").expect("client");
        let mut conn = client.connect().await.expect("connect");
        let error = conn.recv().await.expect_err("the stand-in closes");
        assert_eq!(conn.closed().map(|(c, _)| c), Some(code));
        assert!(!error.is_disconnect(), "{code}: {error}");
        let again = conn
            .reconnect(Duration::from_millis(20), Duration::from_secs(1))
            .await
            .expect_err("no reconnect");
        assert_eq!(again.to_string(), error.to_string());
        let ping = ClientMsg::Ping(Ping { n: 1 });
        let sent = conn.send(&ping).await.expect_err("a closed socket");
        assert_eq!(sent.to_string(), error.to_string());
        assert_eq!(
            conn.recv().await.expect_err("still closed").to_string(),
            error.to_string()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(seen.connections(), 1, "{code}: nothing was opened again");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_reconnects_and_an_upgrade_refused_with_401_stops_the_tries() {
    let (base, seen) = stand_in(Ending::Close(close::RESTART), 1, true, Later::Silent).await;
    let mut conn = connect(&base).await;
    let error = conn.recv().await.expect_err("the stand-in closes");
    assert!(error.is_disconnect(), "{error}");
    conn.reconnect(Duration::from_millis(20), Duration::from_secs(2))
        .await
        .expect("a restart is reconnected");
    assert_eq!(conn.closed(), None, "the new socket is open");
    conn.send(&ClientMsg::Ping(Ping { n: 2 }))
        .await
        .expect("the new socket takes frames");
    assert_eq!(seen.connections(), 2);

    // The session ended while the network was down: the reconnect's upgrade answers 401.
    let (base, seen) = stand_in(Ending::Drop, 1, true, Later::Unauthorized).await;
    let mut conn = connect(&base).await;
    let error = conn.recv().await.expect_err("the stand-in drops");
    assert!(error.is_disconnect(), "{error}");
    let refused = conn
        .reconnect(Duration::from_millis(20), Duration::from_secs(3))
        .await
        .expect_err("the token no longer works");
    assert!(refused.is_signed_out(), "{refused:?}");
    assert!(refused.to_string().contains("401"), "{refused}");
    assert_eq!(seen.connections(), 2, "one try, not one every 20 ms");
}

async fn connect(base: &str) -> Connection {
    let client = Client::with_token(base, "t0ken").expect("client");
    client.connect().await.expect("connect")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_above_max_frame_is_refused_before_it_is_sent() {
    let (base, seen) = stand_in(Ending::Drop, 0, false, Later::Silent).await;
    let mut conn = connect(&base).await;
    let say = |text: String| {
        ClientMsg::Say(Say {
            room: Room::Players(g()),
            text,
            id: AckId(1),
        })
    };
    // Measured in UTF-8 bytes: 9,000 `é` are 9,000 characters but 18,000 bytes.
    for text in ["x".repeat(MAX_FRAME), "é".repeat(9_000)] {
        match conn.send(&say(text)).await {
            Err(Error::TooLarge { len, max, quote }) => {
                assert!(len > MAX_FRAME && max == MAX_FRAME, "{len} {max}");
                assert!(quote.starts_with(r#"{"t":"say""#), "{quote}");
            }
            other => panic!("expected Error::TooLarge, got {other:?}"),
        }
    }
    let fits = say("y".repeat(MAX_FRAME - 200));
    assert!(fits.to_json().len() <= MAX_FRAME);
    conn.send(&fits).await.expect("a frame within the cap goes");
    conn.send(&ClientMsg::Ping(Ping { n: 3 }))
        .await
        .expect("the socket is still open");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    while seen.frames().len() < 2 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let frames = seen.frames();
    assert_eq!(
        frames.len(),
        2,
        "only the two frames within the cap arrived"
    );
    assert!(frames.iter().all(|f| f.len() <= MAX_FRAME));
    assert_eq!(seen.connections(), 1);
}

/// An HTTP/1.1 server of one response: `lines` as the body of `GET /api/stream`, then the
/// connection closes.
async fn stream_stand_in(lines: &'static str) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let Ok((mut stream, _)) = listener.accept().await else {
            return;
        };
        let mut request = Vec::new();
        let mut buffer = [0u8; 1024];
        while !request.windows(4).any(|w| w == b"\r\n\r\n") {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(n) => request.extend_from_slice(&buffer[..n]),
            }
        }
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nConnection: close\r\n\r\n";
        let _ = stream.write_all(head.as_bytes()).await;
        let _ = stream.write_all(lines.as_bytes()).await;
        let _ = stream.shutdown().await;
    });
    format!("http://{addr}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_streams_signed_out_line_ends_it_with_signed_out() {
    let base = stream_stand_in(
        "{\"kind\":\"synced\"}\n\n{\"kind\":\"signed-out\",\"reason\":\"the bot's token was revoked\"}\n{\"kind\":\"synced\"}\n",
    )
    .await;
    let client = Client::with_token(&base, "t0ken").expect("client");
    let mut events = client.events().await.expect("the stream opens");
    let first = events.next().await.expect("a line");
    assert_eq!(first, Some(StreamEvent::Synced));
    match events.next().await {
        Err(Error::SignedOut { reason }) => assert_eq!(reason, "the bot's token was revoked"),
        other => panic!("expected Error::SignedOut, got {other:?}"),
    }
    assert_eq!(
        events.next().await.expect("no error after the end"),
        None,
        "nothing is read after the signed-out line"
    );
}
