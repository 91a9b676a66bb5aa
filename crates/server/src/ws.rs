//! The WebSocket `/ws` (web.md §2.3): one per browser tab, games multiplexed by id. Each
//! connection reads frames (size-capped, rate-limited, decoded by muster-wire), answers `ping`
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
use futures_util::{SinkExt, StreamExt};
use muster_store::{GameId, UserId};
use muster_wire::server::{Nack, Pong};
use muster_wire::{ClientMsg, Millis, NackCode, ServerMsg, MAX_FRAME};

use crate::accounts::identify;
use crate::games::Conn;
use crate::limits::TokenBucket;
use crate::outbox::Outbox;
use crate::time::now_ms;
use crate::ServerState;

/// Frames waiting for a slow reader before new ones are dropped.
const OUTBOX: usize = 4096;

static NEXT_CONN: AtomicU64 = AtomicU64::new(1);

/// `GET /ws`: upgrades to a WebSocket for the signed-in user (or an anonymous spectator).
pub async fn upgrade(
    State(state): State<Arc<ServerState>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let user = match identify(&state, &headers).await {
        Ok(identity) => identity.map(|i| i.user.id),
        Err(error) => return (StatusCode::SERVICE_UNAVAILABLE, Json(error)).into_response(),
    };
    // The socket takes frames up to four times the protocol's cap, so a frame just above the
    // cap is answered `nack{too-large}` by the decoder; far larger ones close the socket.
    ws.max_message_size(4 * MAX_FRAME)
        .max_frame_size(4 * MAX_FRAME)
        .on_upgrade(move |socket| connection(state, socket, user))
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

async fn connection(state: Arc<ServerState>, socket: WebSocket, user: Option<UserId>) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut queue) = Outbox::new(OUTBOX);
    let conn = Conn {
        id: NEXT_CONN.fetch_add(1, Ordering::Relaxed),
        user,
        out,
    };
    let mut shutdown = state.shutdown.subscribe();
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                frame = queue.recv() => match frame {
                    Some(text) => {
                        // Every frame already queued goes out with this one, in one flush.
                        if sink.feed(Message::Text(text.as_ref().into())).await.is_err() {
                            return;
                        }
                        while let Ok(more) = queue.try_recv() {
                            if sink.feed(Message::Text(more.as_ref().into())).await.is_err() {
                                return;
                            }
                        }
                        if sink.flush().await.is_err() {
                            return;
                        }
                    }
                    None => break,
                },
                _ = shutdown.changed() => break,
            }
        }
        let close = CloseFrame {
            code: 1012, // service restart
            reason: "the server is stopping; reconnect shortly".into(),
        };
        let _ = sink.send(Message::Close(Some(close))).await;
        let _ = sink.close().await;
    });
    let mut followed: HashSet<GameId> = HashSet::new();
    let mut following_lobby = false;
    let mut lobby_task: Option<tokio::task::JoinHandle<()>> = None;
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
    let mut cut_now: Option<crate::test_hooks::Answer> = None;
    // The user's events (challenges, games started and ended) as `notify` frames.
    let notices = conn
        .user
        .as_ref()
        .map(|user| forward_notices(state.games.notices().subscribe(user), conn.out.clone()));
    loop {
        let frame = tokio::select! {
            frame = stream.next() => frame,
            _ = stopping.changed() => None,
            Some(done) = told_to_cut(&mut cut) => {
                cut_now = Some(done);
                None
            }
        };
        let Some(Ok(frame)) = frame else {
            break;
        };
        let text = match frame {
            Message::Text(text) => text,
            Message::Binary(_) => {
                slow_down(&mut bucket).await;
                refuse(
                    &conn,
                    NackCode::Malformed,
                    "frames are JSON text, not binary",
                );
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        slow_down(&mut bucket).await;
        let msg = match ClientMsg::decode(text.as_str()) {
            Ok(msg) => msg,
            Err(error) => {
                conn.out.send(&ServerMsg::Nack(error.nack()));
                continue;
            }
        };
        let was_following = following_lobby;
        handle(&state, &conn, &mut followed, &mut following_lobby, msg).await;
        if following_lobby && !was_following {
            lobby_task = Some(follow_lobby(&state, conn.out.clone()));
        } else if !following_lobby {
            if let Some(task) = lobby_task.take() {
                task.abort();
            }
        }
    }
    if let Some(task) = lobby_task {
        task.abort();
    }
    if let Some(task) = notices {
        task.abort();
    }
    let writer = match cut_now {
        Some(done) => {
            // Cut like a lost network: the writer goes with its half of the socket and no
            // close frame, then the other half; the socket closes when both are gone.
            writer.abort();
            let _ = writer.await;
            drop(stream);
            let _ = done.send(());
            None
        }
        None => Some(writer),
    };
    if cut.is_some() {
        state.drops.forget(conn.id);
    }
    let followed: Vec<GameId> = followed.into_iter().collect();
    state.games.disconnect(conn.id, &followed).await;
    drop(conn);
    // The actors drop their copies of the outbox as they read the unsubscriptions; the writer
    // then ends by itself. Do not wait for it longer than a moment.
    if let Some(writer) = writer {
        let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
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
                    if follow {
                        followed.insert(id);
                    } else {
                        followed.remove(&id);
                    }
                }
            }
            let id = ack_of(&msg);
            if let Err(error) = state.games.dispatch(conn, msg).await {
                conn.out.send(&ServerMsg::Nack(Nack {
                    id,
                    code: error.code(),
                    reason: error.to_string(),
                    rule: None,
                }));
            }
        }
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
        code,
        reason: reason.to_owned(),
        rule: None,
    }));
}

/// Forwards the lobby's frames to a connection, starting with the open challenges now.
fn follow_lobby(state: &Arc<ServerState>, out: Outbox) -> tokio::task::JoinHandle<()> {
    let mut feed = state.hub.follow();
    let state = Arc::clone(state);
    tokio::spawn(async move {
        if let Some(now) = crate::lobby_feed::snapshot(&state).await {
            out.send(&now);
        }
        loop {
            match feed.recv().await {
                Ok(frame) => out.send_text(frame),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    if let Some(now) = crate::lobby_feed::snapshot(&state).await {
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
    mut sub: crate::notices::Subscription,
    out: Outbox,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while let Some(event) = sub.recv().await {
            if let Some(notify) = crate::notices::notify_of(&event) {
                out.send(&ServerMsg::Notify(notify));
            }
        }
    })
}
