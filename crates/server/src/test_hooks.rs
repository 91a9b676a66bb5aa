//! Hooks for the browser tests, present only when [`GameConfig::test_hooks`] is on
//! (`muster serve --test-hooks`); otherwise their routes do not exist (404 like any unknown
//! `/api/…` path).
//!
//! `POST /api/test/drop` (signed in) cuts every WebSocket of the calling user the way a lost
//! network does: the connection is dropped without a close frame, and the server cleans up as
//! after any disconnect. It answers `{"dropped": N}` once those sockets are closed.
//!
//! [`GameConfig::test_hooks`]: crate::GameConfig::test_hooks

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use muster_store::UserId;
use tokio::sync::oneshot;

use crate::accounts::Identity;
use crate::ServerState;

/// Where a cut connection answers once its socket is closed.
pub(crate) type Answer = oneshot::Sender<()>;

/// How a connection is told to cut itself.
pub(crate) type Told = oneshot::Sender<Answer>;

/// The connections that may be cut, by connection id: whose they are, and where to tell them.
#[derive(Default)]
pub(crate) struct Drops {
    conns: Mutex<HashMap<u64, (UserId, Told)>>,
}

impl Drops {
    /// Registers connection `conn` of `user`; the receiver yields when it is to be cut.
    pub(crate) fn watch(&self, conn: u64, user: &UserId) -> oneshot::Receiver<Answer> {
        let (tx, rx) = oneshot::channel();
        if let Ok(mut conns) = self.conns.lock() {
            conns.insert(conn, (user.clone(), tx));
        }
        rx
    }

    /// Forgets connection `conn` (it ended).
    pub(crate) fn forget(&self, conn: u64) {
        if let Ok(mut conns) = self.conns.lock() {
            conns.remove(&conn);
        }
    }

    /// Cuts every connection of `user` and waits (a few seconds at most) until their sockets
    /// are closed; how many were cut.
    pub(crate) async fn cut(&self, user: &UserId) -> usize {
        let told: Vec<Told> = match self.conns.lock() {
            Ok(mut conns) => {
                let ids: Vec<u64> = conns
                    .iter()
                    .filter(|(_, (owner, _))| owner == user)
                    .map(|(id, _)| *id)
                    .collect();
                ids.iter()
                    .filter_map(|id| conns.remove(id).map(|(_, tx)| tx))
                    .collect()
            }
            Err(_) => Vec::new(),
        };
        let mut closed = Vec::new();
        for tell in told {
            let (done, waiting) = oneshot::channel();
            // A connection that ended meanwhile has dropped its receiver: nothing to cut.
            if tell.send(done).is_ok() {
                closed.push(waiting);
            }
        }
        let dropped = closed.len();
        for waiting in closed {
            let _ = tokio::time::timeout(Duration::from_secs(5), waiting).await;
        }
        dropped
    }
}

/// The test routes.
pub(crate) fn routes() -> Router<Arc<ServerState>> {
    Router::new().route("/api/test/drop", post(drop_sockets))
}

/// `POST /api/test/drop`: cuts the caller's WebSockets; `{"dropped": N}`.
async fn drop_sockets(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
) -> Json<serde_json::Value> {
    let dropped = state.drops.cut(&identity.user.id).await;
    Json(serde_json::json!({ "dropped": dropped }))
}
