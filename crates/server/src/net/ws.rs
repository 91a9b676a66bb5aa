//! The WebSocket `/ws` (docs/server-design.md §2.3): one per browser tab, games multiplexed by id.
//! Each connection reads frames (size-capped, rate-limited, decoded by muster-wire), answers `ping`
//! itself and hands game frames to the games' actors; a writer task drains its [`Outbox`].

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use muster_store::{GameId, UserId};
use muster_wire::server::{Nack, Pong};
use muster_wire::{close, ClientMsg, Millis, NackCode, ServerMsg, MAX_FRAME};

use crate::accounts::tokens::{hash_token, presented_token};
use crate::accounts::{identify, Watch};
use crate::games::Conn;
use crate::net::limits::TokenBucket;
use crate::net::outbox::{Outbox, OutboxReader};
use crate::time::now_ms;
use crate::ServerState;

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// The largest frame taken, in bytes: frames between [`MAX_FRAME`] and this get
/// `nack{too-large}` from the decoder; longer ones close the socket with `1009`.
pub const MAX_SOCKET_FRAME: usize = 4 * MAX_FRAME;

/// The largest frame the socket reads whole (1 MiB). A frame above [`MAX_SOCKET_FRAME`] is
/// still read to its end before the socket closes with `1009`, so that no unread bytes reset
/// the connection before the client has read the close frame; above this limit the frame is
/// not read at all (the close frame may then be lost to the reset).
const READ_LIMIT: usize = 1024 * 1024;

/// How much a socket reads at a time, and so the read buffer every connection keeps: 8 KiB,
/// where the WebSocket library's default of 128 KiB made an idle connection cost about 190 KiB.
/// A client's frames are at most [`MAX_FRAME`] (16 KiB); a longer one is read in a few chunks.
const READ_CHUNK: usize = 8 * 1024;

/// Why a socket opened with a session that does not stand (logged out, revoked, expired) is
/// closed at once.
const UNKNOWN_SESSION: &str =
    "the session is not known (logged out, revoked or expired): sign in again";

/// How long the writer may take to send a close frame before the socket is simply dropped.
const CLOSE_GRACE: Duration = Duration::from_secs(1);

/// `GET /ws`: upgrades to a WebSocket for the signed-in user (or an anonymous spectator). A
/// cookie-authenticated upgrade must come from an allowed origin ([`crate::net::origin`]).
pub async fn upgrade(
    State(state): State<Arc<ServerState>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Some(refused) = crate::net::origin::refuse_upgrade(&state, &headers) {
        return refused;
    }
    // Watch the sign-in before checking it, so that an ending between the check and the
    // socket's first frame is not missed (accounts/signins.rs).
    let watch = presented_token(&headers).map(|token| state.sign_ins.watch(&hash_token(token)));
    let user = match identify(&state, &headers).await {
        Ok(identity) => identity.map(|i| i.user.id),
        Err(error) => return (StatusCode::SERVICE_UNAVAILABLE, Json(error)).into_response(),
    };
    // A token that names no live session is told so at once, rather than silently making the
    // socket anonymous: its client learns it is signed out (4001).
    let dead = watch.is_some() && user.is_none();
    let watch = if user.is_some() { watch } else { None };
    ws.max_message_size(READ_LIMIT)
        .max_frame_size(READ_LIMIT)
        .read_buffer_size(READ_CHUNK)
        .on_upgrade(move |socket| connection(state, socket, user, watch, dead))
}

/// Takes a token of the connection's bucket, first waiting for one when there is none: a fast
/// sender is slowed to the rate (and TCP pushes back on it) rather than refused.
async fn slow_down(bucket: &mut TokenBucket) {
    while let Err(wait) = bucket.try_take() {
        // At most a second at a time, so a bucket with an absurd rate cannot stall forever
        // on one sleep.
        tokio::time::sleep(wait.min(Duration::from_secs(1))).await;
    }
}

/// Why a connection ends, and so the close frame it gets (`crates/wire/src/close.rs`).
#[derive(Debug)]
enum Ending {
    /// The client closed it, or the network went: no close frame of ours.
    Gone,
    /// The client broke the WebSocket protocol, sent bad UTF-8 or a frame too large to read.
    Broken(u16, String),
    /// The sign-in the socket was opened with ended.
    SignedOut(String),
    /// The client does not read its frames.
    TooSlow,
    /// The server is stopping.
    Stopping,
    /// The test hook cut it (like a lost network: no close frame).
    Cut(crate::test_hooks::Answer),
}

impl Ending {
    fn close_frame(&self) -> Option<CloseFrame> {
        let (code, reason) = match self {
            Ending::Gone | Ending::Cut(_) => return None,
            Ending::Broken(code, reason) => (*code, reason.clone()),
            Ending::SignedOut(reason) => (close::SIGNED_OUT, format!("signed out: {reason}")),
            Ending::TooSlow => (close::POLICY, close::TOO_SLOW.to_owned()),
            Ending::Stopping => (
                close::RESTART,
                "the server is stopping; reconnect shortly".to_owned(),
            ),
        };
        Some(CloseFrame {
            code,
            reason: clip(&reason).into(),
        })
    }
}

/// A close reason fits in 123 bytes (RFC 6455 §5.5: a control frame's payload is at most 125).
fn clip(reason: &str) -> &str {
    let mut end = reason.len().min(123);
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    &reason[..end]
}

/// The ending that a read error of the socket means.
fn broken(error: axum::Error) -> Ending {
    use tungstenite::error::{CapacityError, Error as WsError};
    let inner = error.into_inner();
    let Some(error) = inner.downcast_ref::<WsError>() else {
        return Ending::Gone;
    };
    match error {
        WsError::Capacity(CapacityError::MessageTooLong { size, .. }) => too_big(*size),
        WsError::Capacity(other) => Ending::Broken(close::TOO_BIG, other.to_string()),
        WsError::Utf8(_) => {
            Ending::Broken(close::BAD_DATA, "a text frame that is not UTF-8".into())
        }
        WsError::Protocol(problem) => Ending::Broken(close::PROTOCOL_ERROR, problem.to_string()),
        _ => Ending::Gone,
    }
}

/// The ending of a frame of `size` bytes, above [`MAX_SOCKET_FRAME`].
fn too_big(size: usize) -> Ending {
    Ending::Broken(
        close::TOO_BIG,
        format!(
            "a frame of {size} bytes; frames above {} KiB are refused",
            MAX_SOCKET_FRAME / 1024
        ),
    )
}

/// The writer of a connection: sends its queued frames, then the close frame it is told.
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut queue: OutboxReader,
    mut close: tokio::sync::oneshot::Receiver<Option<CloseFrame>>,
) {
    let frame = loop {
        tokio::select! {
            // Frames already queued go out before the close frame.
            biased;
            frame = queue.recv() => match frame {
                Some(text) => {
                    // Every frame already queued goes out with this one, in one flush.
                    if sink.feed(Message::Text(text.as_ref().into())).await.is_err() {
                        return;
                    }
                    while let Some(more) = queue.try_recv() {
                        if sink.feed(Message::Text(more.as_ref().into())).await.is_err() {
                            return;
                        }
                    }
                    if sink.flush().await.is_err() {
                        return;
                    }
                }
                // Every outbox is gone: the reader has ended and says how to close.
                None => break (&mut close).await.ok().flatten(),
            },
            told = &mut close => break told.ok().flatten(),
        }
    };
    if let Some(frame) = frame {
        let _ = sink.send(Message::Close(Some(frame))).await;
    }
    let _ = sink.close().await;
}

/// What one connection holds while it reads.
struct Reading {
    followed: HashSet<GameId>,
    following_lobby: bool,
    lobby_task: Option<tokio::task::JoinHandle<()>>,
}

async fn connection(
    state: Arc<ServerState>,
    socket: WebSocket,
    user: Option<UserId>,
    mut watch: Option<Watch>,
    dead: bool,
) {
    let (sink, mut stream) = socket.split();
    let net = &state.games.config().net;
    let (out, queue) = Outbox::new(net.outbox_budget);
    let overflow = queue.overflow();
    let conn = Conn {
        id: NEXT_CONN.fetch_add(1, Ordering::Relaxed),
        user,
        out,
    };
    let (close, told) = tokio::sync::oneshot::channel();
    let writer = tokio::spawn(write(sink, queue, told));
    let mut reading = Reading {
        followed: HashSet::new(),
        following_lobby: false,
        lobby_task: None,
    };
    let config = state.games.config();
    let mut bucket = TokenBucket::new(
        config.frame_burst.clamp(1.0, f64::from(u32::MAX)) as u32,
        config.frames_per_second,
    );
    let mut stopping = state.shutdown.subscribe();
    // With the test hooks on, a signed-in connection may be cut (test_hooks.rs).
    let mut cut = match (&conn.user, config.test_hooks) {
        (Some(user), true) => Some(state.drops.watch(conn.id, user)),
        _ => None,
    };
    // The user's events (challenges, games started and ended, turns) as `notify` frames.
    let notices = conn.user.as_ref().map(|user| {
        forward_notices(
            state.games.notices().subscribe_with_turns(user),
            conn.out.clone(),
        )
    });
    let ending = loop {
        if dead {
            break Ending::SignedOut(UNKNOWN_SESSION.to_owned());
        }
        let frame = tokio::select! {
            frame = stream.next() => frame,
            _ = stopping.changed() => break Ending::Stopping,
            Some(done) = told_to_cut(&mut cut) => break Ending::Cut(done),
            reason = signed_out(&mut watch) => break Ending::SignedOut(reason),
            () = overflow.overflowed() => break Ending::TooSlow,
        };
        let text = match frame {
            None | Some(Ok(Message::Close(_))) => break Ending::Gone,
            Some(Err(error)) => break broken(error),
            Some(Ok(Message::Text(text))) if text.len() > MAX_SOCKET_FRAME => {
                break too_big(text.len())
            }
            Some(Ok(Message::Binary(data))) if data.len() > MAX_SOCKET_FRAME => {
                break too_big(data.len())
            }
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(Message::Binary(_))) => {
                slow_down(&mut bucket).await;
                refuse(
                    &conn,
                    NackCode::Malformed,
                    "frames are JSON text, not binary",
                );
                continue;
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
        };
        slow_down(&mut bucket).await;
        match ClientMsg::decode(text.as_str()) {
            Ok(msg) => read_frame(&state, &conn, &mut reading, msg).await,
            Err(error) => conn.out.send(&ServerMsg::Nack(error.nack())),
        }
    };
    // The writer is told its close frame now: it sends what is queued first.
    let (cut_answer, frame) = match ending {
        Ending::Cut(done) => (Some(done), None),
        ending => (None, ending.close_frame()),
    };
    if cut_answer.is_none() {
        let _ = close.send(frame);
    }
    if let Some(task) = reading.lobby_task.take() {
        task.abort();
    }
    if let Some(task) = notices {
        task.abort();
    }
    drop(watch);
    if cut.is_some() {
        state.drops.forget(conn.id);
    }
    let followed: Vec<GameId> = reading.followed.into_iter().collect();
    state.games.disconnect(conn.id, &followed).await;
    drop(conn);
    match cut_answer {
        Some(done) => {
            // Cut like a lost network: the writer goes with its half of the socket and no
            // close frame, then the other half; the socket closes when both are gone.
            writer.abort();
            let _ = writer.await;
            drop(stream);
            let _ = done.send(());
        }
        None => {
            // A writer stuck on a client that does not read is dropped after a moment, and
            // the socket with it. Otherwise the client's own close is awaited a moment, so
            // that bytes it sent and the server did not read do not reset the connection
            // before the client has read the close frame.
            let writer_abort = writer.abort_handle();
            if tokio::time::timeout(CLOSE_GRACE, writer).await.is_err() {
                writer_abort.abort();
            } else {
                linger(stream).await;
            }
        }
    }
}

/// Reads what the client still sends after the close frame, for at most [`CLOSE_GRACE`],
/// until it closes too.
async fn linger(mut stream: futures_util::stream::SplitStream<WebSocket>) {
    let drain = async {
        loop {
            match stream.next().await {
                Some(Ok(_)) => continue,
                None => return,
                // A broken stream cannot be read on: give the client the grace to read the
                // close frame and hang up before the socket is dropped.
                Some(Err(_)) => std::future::pending::<()>().await,
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_GRACE, drain).await;
}

/// Completes with the reason once the connection's sign-in has ended; never for an
/// anonymous connection.
async fn signed_out(watch: &mut Option<Watch>) -> String {
    match watch {
        Some(watch) => watch.ended().await,
        None => std::future::pending().await,
    }
}

/// Handles one decoded frame, starting or stopping the lobby feed when it asks.
async fn read_frame(state: &Arc<ServerState>, conn: &Conn, reading: &mut Reading, msg: ClientMsg) {
    let was_following = reading.following_lobby;
    handle(
        state,
        conn,
        &mut reading.followed,
        &mut reading.following_lobby,
        msg,
    )
    .await;
    if reading.following_lobby && !was_following {
        reading.lobby_task = Some(follow_lobby(state, conn.out.clone()));
    } else if !reading.following_lobby {
        if let Some(task) = reading.lobby_task.take() {
            task.abort();
        }
    }
}

/// Completes with the sender to answer on when the test hook cuts this connection; never
/// without the hook (or once its registration is gone).
async fn told_to_cut(
    cut: &mut Option<tokio::sync::oneshot::Receiver<crate::test_hooks::Answer>>,
) -> Option<crate::test_hooks::Answer> {
    match cut {
        Some(told) => match told.await {
            Ok(done) => Some(done),
            Err(_) => {
                // Forgotten: stop listening.
                *cut = None;
                std::future::pending().await
            }
        },
        None => std::future::pending().await,
    }
}

async fn handle(
    state: &Arc<ServerState>,
    conn: &Conn,
    followed: &mut HashSet<GameId>,
    lobby: &mut bool,
    msg: ClientMsg,
) {
    match msg {
        ClientMsg::Ping(ping) => conn.out.send(&ServerMsg::Pong(Pong {
            n: ping.n,
            now_ms: Millis(now_ms().max(0) as u64),
        })),
        ClientMsg::Say(say) if say.room == muster_wire::Room::Lobby => {
            let outcome = match &conn.user {
                Some(user) => state.hub.say(state.store.as_ref(), user, &say.text).await,
                None => Err((
                    NackCode::NotSeated,
                    "sign in (a guest session will do) to chat".to_owned(),
                )),
            };
            if let Err((code, reason)) = outcome {
                conn.out.send(&ServerMsg::Nack(Nack {
                    id: Some(say.id),
                    g: None,
                    code,
                    reason,
                    rule: None,
                }));
            }
        }
        ClientMsg::Lobby(ask) => *lobby = ask.on,
        msg => {
            let game = match &msg {
                ClientMsg::Sub(m) => Some((m.g.clone(), true)),
                ClientMsg::Unsub(m) => Some((m.g.clone(), false)),
                _ => None,
            };
            if let Some((g, follow)) = game {
                if let Some(id) = GameId::parse(&g.0) {
                    let most = state.games.config().net.max_followed;
                    if follow && !followed.contains(&id) && followed.len() >= most {
                        refuse(
                            conn,
                            NackCode::Refused,
                            &format!(
                                "a connection follows at most {most} games: unsubscribe from one first"
                            ),
                        );
                        return;
                    }
                    if follow {
                        followed.insert(id);
                    } else {
                        followed.remove(&id);
                    }
                }
            }
            dispatch_or_nack(state, conn, msg, 0).await;
        }
    }
}

/// Hands a frame about a game to the games (it has been forwarded `hops` times from other
/// nodes), and tells the connection why when it cannot reach its game.
pub(crate) async fn dispatch_or_nack(
    state: &Arc<ServerState>,
    conn: &Conn,
    msg: ClientMsg,
    hops: u8,
) {
    // A refused `sub` has no ack id: the game it names is how the client matches it.
    let sub = match &msg {
        ClientMsg::Sub(m) => Some(m.g.clone()),
        _ => None,
    };
    let id = ack_of(&msg);
    if let Err(error) = state.games.dispatch_hop(conn, msg, hops).await {
        conn.out.send(&ServerMsg::Nack(Nack {
            id,
            g: sub,
            code: error.code(),
            reason: error.to_string(),
            rule: None,
        }));
    }
}

fn ack_of(msg: &ClientMsg) -> Option<muster_wire::AckId> {
    match msg {
        ClientMsg::Act(m) => Some(m.id),
        ClientMsg::Ctl(m) => Some(m.id),
        ClientMsg::Preview(m) => Some(m.id),
        ClientMsg::Say(m) => Some(m.id),
        _ => None,
    }
}

fn refuse(conn: &Conn, code: NackCode, reason: &str) {
    conn.out.send(&ServerMsg::Nack(Nack {
        id: None,
        g: None,
        code,
        reason: reason.to_owned(),
        rule: None,
    }));
}

/// Forwards the lobby's frames to a connection, starting with the open challenges now, then
/// the lobby chat's last lines (oldest first). The feed is followed before either is read, so
/// nothing said in between is missed; a line may come twice (in the history and live), and a
/// client drops it by its id.
fn follow_lobby(state: &Arc<ServerState>, out: Outbox) -> tokio::task::JoinHandle<()> {
    let mut feed = state.hub.follow();
    let state = Arc::clone(state);
    tokio::spawn(async move {
        if let Some(now) = crate::net::lobby_feed::snapshot(&state).await {
            out.send(&now);
        }
        for line in
            crate::games::chat_history(state.store.as_ref(), &muster_wire::Room::Lobby).await
        {
            out.send(&line);
        }
        loop {
            match feed.recv().await {
                Ok(frame) => out.send_text(frame),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    if let Some(now) = crate::net::lobby_feed::snapshot(&state).await {
                        out.send(&now);
                    }
                }
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
            }
        }
    })
}

/// Forwards a user's events to a connection as `notify` frames.
fn forward_notices(
    mut sub: crate::net::notices::Subscription,
    out: Outbox,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while let Some(notice) = sub.recv().await {
            let notify = match notice {
                crate::net::notices::Notice::Event(event) => crate::net::notices::notify_of(&event),
                crate::net::notices::Notice::Turn(notify) => Some(notify),
            };
            if let Some(notify) = notify {
                out.send(&ServerMsg::Notify(notify));
            }
        }
    })
}
