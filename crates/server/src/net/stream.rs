//! `GET /api/stream`: a signed-in user's events as newline-delimited JSON
//! (`application/x-ndjson`), for bots and other clients without a browser: first a snapshot —
//! every open challenge that awaits the user, every running game where they hold a seat — then
//! a `synced` line, then live events ([`crate::net::notices`]). An empty line goes out after
//! [`crate::GameConfig::stream_keepalive`] (15 s) of silence; the stream ends cleanly when the
//! server stops, and with a `signed-out` line when the session it was opened with ends (a
//! logout, a revoked bot token, a password change).

use std::collections::VecDeque;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use muster_rules::Seat;
use muster_store::{GameStatus, User};
use muster_wire::{MatchId, NackCode, StreamEvent};

use crate::accounts::{ApiFailure, Identity, Watch};
use crate::net::notices::Subscription;
use crate::ServerState;

/// The most running games the snapshot lists.
pub const SNAPSHOT_GAMES: u32 = 200;

/// The route, to merge into the application.
pub fn routes() -> Router<Arc<ServerState>> {
    Router::new().route("/api/stream", get(stream))
}

/// The snapshot of `user`'s world now: a `challenge` per challenge that awaits them, a
/// `game-start` per running game of theirs, then `synced`.
async fn snapshot(state: &ServerState, user: &User) -> Result<Vec<StreamEvent>, ApiFailure> {
    let mut events: Vec<StreamEvent> = crate::lobby::awaiting(state, user)
        .await?
        .into_iter()
        .map(|challenge| StreamEvent::Challenge { challenge })
        .collect();
    let games = state
        .store
        .games_of_user(&user.id, &[GameStatus::Running], SNAPSHOT_GAMES)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    for game in games {
        let seats: Vec<Seat> = game
            .seats
            .iter()
            .filter(|s| s.user_id.as_ref() == Some(&user.id) && s.retired_ply.is_none())
            .map(|s| Seat(s.seat as u8))
            .collect();
        if seats.is_empty() {
            continue;
        }
        events.push(StreamEvent::GameStart {
            g: MatchId(game.id.as_str().to_owned()),
            game: game.game,
            variant: game.variant,
            seats,
        });
    }
    events.push(StreamEvent::Synced);
    Ok(events)
}

struct Feed {
    state: Arc<ServerState>,
    user: User,
    sub: Subscription,
    shutdown: tokio::sync::watch::Receiver<bool>,
    pending: VecDeque<StreamEvent>,
    keepalive: std::time::Duration,
    /// The sign-in the stream was opened with; `None` once its end has been told.
    watch: Option<Watch>,
}

fn line(event: &StreamEvent) -> Bytes {
    let mut text = event.to_line();
    text.push('\n');
    Bytes::from(text)
}

impl Feed {
    /// The next chunk of the body, `None` at the end.
    async fn next(&mut self) -> Option<Bytes> {
        if let Some(event) = self.pending.pop_front() {
            return Some(line(&event));
        }
        if *self.shutdown.borrow() {
            return None;
        }
        let watch = self.watch.as_mut()?;
        let keepalive = tokio::time::sleep(self.keepalive);
        tokio::select! {
            reason = watch.ended() => {
                self.watch = None;
                Some(line(&StreamEvent::SignedOut { reason }))
            }
            event = self.sub.recv_event() => {
                let event = event?;
                if self.sub.take_lagged() {
                    // Events were lost: what stands now is said again.
                    if let Ok(events) = snapshot(&self.state, &self.user).await {
                        self.pending.extend(events);
                    }
                }
                Some(line(&event))
            }
            () = keepalive => Some(Bytes::from_static(b"\n")),
            _ = self.shutdown.changed() => None,
        }
    }
}

async fn stream(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
) -> Result<Response, ApiFailure> {
    let user = identity.user;
    // Watch the sign-in, then make sure it still stands: an ending after this is seen by the
    // watch, one before it by the check (accounts/signins.rs).
    let watch = state.sign_ins.watch(&identity.token_hash);
    let standing = state
        .store
        .find_session(&identity.token_hash)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    if standing.is_none() {
        return Err(ApiFailure::new(
            NackCode::Unauthorized,
            "the session is not known (logged out or revoked): log in again",
        ));
    }
    // Listening starts before the snapshot is read, so nothing falls between the two (an
    // event may be told twice: once in the snapshot and once live).
    let sub = state.games.notices().subscribe(&user.id);
    let pending: VecDeque<StreamEvent> = snapshot(&state, &user).await?.into();
    let feed = Feed {
        shutdown: state.shutdown.subscribe(),
        keepalive: state.games.config().stream_keepalive,
        state,
        user,
        sub,
        pending,
        watch: Some(watch),
    };
    let body = futures_util::stream::unfold(feed, |mut feed| async move {
        let chunk = feed.next().await?;
        Some((Ok::<Bytes, std::convert::Infallible>(chunk), feed))
    });
    Ok((
        [
            (CONTENT_TYPE, "application/x-ndjson"),
            (CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(body),
    )
        .into_response())
}
