//! What every node of the site hears: a note on the site's channel (`muster_site`) for each
//! change that the connections of every node must learn — the lobby's open challenges, a line
//! of its chat, a user's notice, a sign-in ended. The node where it happens tells its own
//! connections at once and publishes the note; every other node tells its own on hearing it.
//!
//! Notes go out in the order they happen on a node, through one publisher. A note longer than
//! the bus takes is not published (none is: a notice, a chat line and a reason are short);
//! a listener that lost its connection to the database hears [`Heard::Lost`] and sends its
//! lobby followers a fresh list, the one thing it can make afresh.
//!
//! [`Heard::Lost`]: muster_store::Heard::Lost

use std::sync::Arc;

use muster_store::{TokenHash, UserId};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::{Site, SITE_CHANNEL};
use crate::net::notices::Notice;
use crate::ServerState;

/// A change every node's connections must learn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "kebab-case")]
pub enum Note {
    /// The lobby's open challenges changed: each node sends its followers the list.
    Lobby,
    /// A line said in the lobby: the frame as its followers get it.
    LobbyLine { frame: String },
    /// A notice for one user's listeners.
    Notice { user: String, notice: Box<Notice> },
    /// A sign-in ended: its connections close with `reason`.
    SignedOut { token_hash: String, reason: String },
}

#[derive(Serialize, Deserialize)]
struct Envelope {
    from: String,
    #[serde(flatten)]
    note: Note,
}

/// Publishes what is sent on `rx`, in order, until its senders are gone.
pub(crate) async fn publish(site: Arc<Site>, mut rx: mpsc::UnboundedReceiver<Note>) {
    while let Some(note) = rx.recv().await {
        let envelope = Envelope {
            from: site.node.clone(),
            note,
        };
        let Ok(payload) = serde_json::to_string(&envelope) else {
            continue;
        };
        if payload.len() > muster_store::MAX_NOTE_BYTES {
            eprintln!(
                "muster serve: node {}: a note of {} bytes is too long for the bus; other nodes miss it",
                site.node,
                payload.len()
            );
            continue;
        }
        if let Err(e) = site.bus.notify(SITE_CHANNEL, &payload).await {
            eprintln!(
                "muster serve: node {}: a note was not published ({e})",
                site.node
            );
        }
    }
}

/// A note heard on the site's channel: what another node published, told here.
pub(crate) async fn heard(state: &Arc<ServerState>, site: &Site, payload: &str) {
    let Ok(envelope) = serde_json::from_str::<Envelope>(payload) else {
        eprintln!(
            "muster serve: node {}: a note on the site's channel could not be read",
            site.node
        );
        return;
    };
    if envelope.from == site.node {
        return;
    }
    match envelope.note {
        Note::Lobby => lobby_changed(state).await,
        Note::LobbyLine { frame } => state.hub.send_text(Arc::from(frame)),
        Note::Notice { user, notice } => {
            if let Some(user) = UserId::parse(&user) {
                state.games.notices().deliver(&user, &notice);
            }
        }
        Note::SignedOut { token_hash, reason } => {
            if let Ok(hash) = TokenHash::from_hex(&token_hash) {
                state.sign_ins.end(&hash, &reason);
            }
        }
    }
}

/// The lobby changed somewhere: its followers here get the open challenges.
pub(crate) async fn lobby_changed(state: &Arc<ServerState>) {
    if state.hub.followers() > 0 {
        if let Some(frame) = crate::net::lobby_feed::snapshot(state).await {
            state.hub.send(&frame);
        }
    }
}
