//! The open challenges as the lobby's followers see them: a snapshot when a connection starts
//! following, and a fresh one whenever a challenge is created, joined, started or withdrawn.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;
use muster_wire::server::Lobby;
use muster_wire::ServerMsg;

use crate::time::now_ms;
use crate::ServerState;

/// The `lobby` frame of the open public challenges now (`None` if the store cannot say).
pub(crate) async fn snapshot(state: &Arc<ServerState>) -> Option<ServerMsg> {
    let open = state
        .store
        .open_challenges(now_ms(), crate::lobby::LOBBY_LIMIT)
        .await
        .ok()?;
    let mut challenges = Vec::with_capacity(open.len());
    for challenge in &open {
        if let Ok(info) = crate::lobby::info(state, challenge).await {
            challenges.push(info);
        }
    }
    Some(ServerMsg::Lobby(Lobby { challenges }))
}

/// After every successful write to the challenges, the followers get a fresh snapshot.
pub(crate) async fn after_writes(
    State(state): State<Arc<ServerState>>,
    request: Request,
    next: Next,
) -> Response {
    let write = request.method() != Method::GET;
    let response = next.run(request).await;
    if write && response.status().is_success() {
        if state.hub.followers() > 0 {
            if let Some(frame) = snapshot(&state).await {
                state.hub.send(&frame);
            }
        }
        if let Some(site) = state.games.site() {
            site.publish(crate::site::notes::Note::Lobby);
        }
    }
    response
}
