//! The lobby's room: its chat, and the feed of open challenges to the connections that follow
//! the lobby (`lobby{on}`).

use std::sync::Arc;

use muster_store::{Store, UserId};
use muster_wire::{NackCode, Room, ServerMsg};
use tokio::sync::broadcast;

/// The lobby's broadcast: every frame goes to every connection that follows the lobby.
pub struct Hub {
    tx: broadcast::Sender<Arc<str>>,
    /// Where the lobby's lines go for the other nodes of a site.
    echo: std::sync::OnceLock<tokio::sync::mpsc::UnboundedSender<crate::site::notes::Note>>,
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
        Hub {
            tx,
            echo: std::sync::OnceLock::new(),
        }
    }

    /// Follows the lobby. A follower too slow to keep up misses frames (and is told to
    /// resync by the connection).
    pub fn follow(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// Sends a frame to every follower.
    pub fn send(&self, msg: &ServerMsg) {
        self.send_text(Arc::from(msg.to_json()));
    }

    /// Sends a frame's text to every follower.
    pub fn send_text(&self, text: Arc<str>) {
        let _ = self.tx.send(text);
    }

    /// From now on, the lines said here also go on `echo`, for the other nodes of the site.
    pub(crate) fn echo_to(
        &self,
        echo: tokio::sync::mpsc::UnboundedSender<crate::site::notes::Note>,
    ) {
        let _ = self.echo.set(echo);
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
        let frame: Arc<str> = Arc::from(line.to_json());
        self.send_text(Arc::clone(&frame));
        if let Some(echo) = self.echo.get() {
            let _ = echo.send(crate::site::notes::Note::LobbyLine {
                frame: frame.to_string(),
            });
        }
        Ok(())
    }
}
