//! The lobby's room: its chat, and the feed of open challenges to the connections that follow
//! the lobby (`lobby{on}`).

use std::sync::Arc;

use muster_store::{Store, UserId};
use muster_wire::{NackCode, Room, ServerMsg};
use tokio::sync::broadcast;

/// The lobby's broadcast: every frame goes to every connection that follows the lobby.
pub struct Hub {
    tx: broadcast::Sender<Arc<str>>,
}

impl Default for Hub {
    fn default() -> Self {
        Hub::new()
    }
}

impl Hub {
    /// A hub with no followers.
    pub fn new() -> Hub {
        let (tx, _) = broadcast::channel(256);
        Hub { tx }
    }

    /// Follows the lobby. A follower too slow to keep up misses frames (and is told to
    /// resync by the connection).
    pub fn follow(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// Sends a frame to every follower.
    pub fn send(&self, msg: &ServerMsg) {
        let _ = self.tx.send(Arc::from(msg.to_json()));
    }

    /// How many connections follow the lobby.
    pub fn followers(&self) -> usize {
        self.tx.receiver_count()
    }

    /// A line said in the lobby by `user`: stored, then sent to the followers. A refusal
    /// gives its code and reason.
    pub async fn say(
        &self,
        store: &dyn Store,
        user: &UserId,
        text: &str,
    ) -> Result<(), (NackCode, String)> {
        let line = crate::games::post_chat(store, &Room::Lobby, None, user, text).await?;
        self.send(&line);
        Ok(())
    }
}
