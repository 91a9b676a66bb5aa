//! The lobby's room: its chat, and the feed of open challenges to the connections that follow
//! the lobby (`lobby{on}`).

use std::sync::Arc;

use muster_store::{ChatId, ChatLine, Store, UserId};
use muster_wire::server::Chat;
use muster_wire::{Millis, Room, ServerMsg};
use tokio::sync::broadcast;

use crate::time::now_ms;

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

    /// A line said in the lobby by `user`: stored, then sent to the followers.
    pub async fn say(&self, store: &dyn Store, user: &UserId, text: &str) -> Result<(), String> {
        let text = crate::games::chat_text(text)?;
        let now = now_ms();
        store
            .insert_chat(&ChatLine {
                id: ChatId::generate(),
                room: Room::Lobby.to_string(),
                game_id: None,
                user_id: user.clone(),
                text: text.clone(),
                created_ms: now,
            })
            .await
            .map_err(|e| format!("the line was not stored: {e}"))?;
        let from = store
            .user_by_id(user)
            .await
            .ok()
            .flatten()
            .map_or_else(|| "someone".to_owned(), |u| u.name);
        self.send(&ServerMsg::Chat(Chat {
            room: Room::Lobby,
            from,
            text,
            at_ms: Millis(now.max(0) as u64),
        }));
        Ok(())
    }
}
