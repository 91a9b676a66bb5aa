//! Helpers for adversarial tests: a server over a fault-injecting store, the store's view of a
//! game, and client moves that a well-behaved client never makes (binary frames, dropped
//! sockets, raw reads until a frame of a kind).

use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use muster_server::games::SeatPlan;
use muster_server::GameConfig;
use muster_store::{SqlStore, Store};
use muster_wire::{AckId, Act, ClientMsg, MatchId, Ply, ServerMsg, ViewHash};
use tokio_tungstenite::tungstenite::Message;

use super::{store_id, Client, Harness};

/// A server over a [`FaultyStore`], and a handle on its fault plan.
pub async fn start_faulty(config: GameConfig) -> (Harness, muster_store::FaultyStore) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("muster.db").display());
    let sql = SqlStore::open(&url).await.expect("store");
    let faulty = muster_store::FaultyStore::new(sql);
    let store: Arc<dyn Store> = Arc::new(faulty.clone());
    (Harness::with_store(store, config, dir).await, faulty)
}

impl Harness {
    /// The stored version of game `g`.
    pub async fn version(&self, g: &MatchId) -> i64 {
        self.store
            .load_game(&store_id(g))
            .await
            .expect("read")
            .expect("the game")
            .version
    }

    /// The stored log of game `g`, every entry.
    pub async fn log(&self, g: &MatchId) -> Vec<muster_store::StoredEntry> {
        self.store.log_after(&store_id(g), 0).await.expect("read")
    }

    /// Waits (at most 10 s) until `user` has `unread` unread notifications stored. The server
    /// stores notifications in the background, so a test that arms a fault waits for them
    /// first: otherwise one could land on the fault meant for a move.
    pub async fn notices_stored(&self, user: &muster_store::UserId, unread: u64) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let stored = self.store.unread_notifications(user).await.expect("read");
            if stored >= unread {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "{stored} notifications stored, {unread} awaited"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Human seats for users called `names`: the seat plans and each user's token.
    pub async fn humans(&self, names: &[&str]) -> (Vec<SeatPlan>, Vec<String>) {
        let mut plans = Vec::new();
        let mut tokens = Vec::new();
        for name in names {
            let (user, token) = self.user(name).await;
            plans.push(SeatPlan::Human(user));
            tokens.push(token);
        }
        (plans, tokens)
    }
}

impl Client {
    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws
            .send(Message::Binary(bytes.into()))
            .await
            .expect("send");
    }

    /// Drops the socket without a goodbye; the frames received so far.
    pub async fn drop_socket(self) -> Vec<String> {
        let Client { ws, transcript, .. } = self;
        drop(ws);
        transcript
    }

    /// Reads frames until `pick` takes one (each within 20 s).
    pub async fn until<T>(&mut self, mut pick: impl FnMut(&ServerMsg) -> Option<T>) -> T {
        loop {
            let msg = self.recv().await;
            if let Some(found) = pick(&msg) {
                return found;
            }
        }
    }

    /// The next `nack`, skipping other frames.
    pub async fn next_nack(&mut self) -> muster_wire::server::Nack {
        self.until(|m| match m {
            ServerMsg::Nack(n) => Some(n.clone()),
            _ => None,
        })
        .await
    }

    /// The next `full`, skipping other frames.
    pub async fn next_full(&mut self) -> muster_wire::server::Full {
        self.until(|m| match m {
            ServerMsg::Full(f) => Some(f.clone()),
            _ => None,
        })
        .await
    }

    /// How the socket ends within `wait`, skipping frames: `Some(true)` with a close frame,
    /// `Some(false)` cut without one (as by a lost network), `None` still open.
    pub async fn ended(&mut self, wait: Duration) -> Option<bool> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match tokio::time::timeout(left, self.ws.next()).await {
                Err(_) => return None,
                Ok(None | Some(Err(_))) => return Some(false),
                Ok(Some(Ok(Message::Close(_)))) => return Some(true),
                Ok(Some(Ok(_))) => continue,
            }
        }
    }

    /// Sends `ping{n}` and reads frames until its `pong`: the connection still works.
    pub async fn ping(&mut self, n: u32) -> Vec<ServerMsg> {
        self.send(&ClientMsg::Ping(muster_wire::Ping { n })).await;
        let mut before = Vec::new();
        loop {
            let msg = self.recv().await;
            if matches!(&msg, ServerMsg::Pong(p) if p.n == n) {
                return before;
            }
            before.push(msg);
        }
    }

    /// Every frame that arrives until none has come for `wait`.
    pub async fn drain(&mut self, wait: Duration) -> Vec<ServerMsg> {
        let mut frames = Vec::new();
        while let Some(msg) = self.try_recv(wait).await {
            frames.push(msg);
        }
        frames
    }

    /// Sends `act` and returns its ack id.
    pub async fn act(&mut self, g: &MatchId, ply: u32, a: &str, h: &ViewHash) -> AckId {
        let id = self.ack_id();
        self.send(&ClientMsg::Act(Act {
            g: g.clone(),
            ply: Ply(ply),
            a: a.to_owned(),
            id,
            h: h.clone(),
        }))
        .await;
        id
    }
}
