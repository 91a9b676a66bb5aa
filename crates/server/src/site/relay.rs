//! What nodes hand each other: frames of connections for the node that runs their game, and
//! the frames that game sends back. Each is a JSON body posted to its node through the bus
//! (`muster_store::Bus::post`), which takes them in the order they were posted.
//!
//! One writer task per node posted to keeps that order: it takes what is queued for the node
//! and sends it at once, frames back to one node's connections joined into one body. A batch
//! that fits in a note (at most `MAX_NOTE_BYTES`, as a JSON array) is the note itself, one
//! statement; a longer one is stored in the `relays` table and announced by a note naming its
//! last id, so the node takes it before anything its sender sent after it. A note lost with the
//! listener's connection loses what it carried, as a node dying does: a client resends after
//! its silence, and a follower mends a gap by subscribing again. A post that fails is tried again three times over about a second and then dropped:
//! nothing it carried was acknowledged (an `ack` is itself a frame back), and a connection
//! whose frames stop coming is resubscribed by its node when the game's owner changes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use muster_store::Bus;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::channel_of;

/// The most relays one post carries.
const BATCH: usize = 256;

/// A body posted to one node.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "kebab-case")]
pub(crate) enum Relay {
    /// A frame of connection `conn` of node `from`, about a game the sender thinks this node
    /// runs; `user` is who the connection is signed in as. `hops` counts the forwards, so a
    /// frame chasing a game that changes hands stops after a few.
    Frame {
        from: String,
        conn: u64,
        user: Option<String>,
        frame: String,
        hops: u8,
    },
    /// Connection `conn` of node `from` is gone: the games it followed here forget it.
    Gone { from: String, conn: u64 },
    /// Frames for this node's connections, in order: (connection, frame text).
    Out { frames: Vec<(u64, String)> },
    /// This node's connection `conn` fell too far behind: it is closed as too slow.
    TooSlow { conn: u64 },
}

/// The writers, one per node posted to.
pub(crate) struct Relays {
    bus: Arc<dyn Bus>,
    node: String,
    writers: Mutex<HashMap<String, mpsc::UnboundedSender<Relay>>>,
}

impl Relays {
    pub(crate) fn new(bus: Arc<dyn Bus>, node: String) -> Relays {
        Relays {
            bus,
            node,
            writers: Mutex::new(HashMap::new()),
        }
    }

    /// Queues `relay` for node `to` (its writer starts on first use).
    pub(crate) fn send(&self, to: &str, relay: Relay) {
        let mut writers = self.writers.lock().unwrap_or_else(|p| p.into_inner());
        let tx = writers.entry(to.to_owned()).or_insert_with(|| {
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(write(
                Arc::clone(&self.bus),
                self.node.clone(),
                to.to_owned(),
                rx,
            ));
            tx
        });
        if let Err(mpsc::error::SendError(relay)) = tx.send(relay) {
            // The writer ended (it never does while the sender lives); start another.
            writers.remove(to);
            drop(writers);
            self.send(to, relay);
        }
    }
}

/// Posts what is queued for node `to`, in order, until the queue's senders are gone.
async fn write(bus: Arc<dyn Bus>, me: String, to: String, mut rx: mpsc::UnboundedReceiver<Relay>) {
    let channel = channel_of(&to);
    while let Some(first) = rx.recv().await {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(relay) => batch.push(relay),
                Err(_) => break,
            }
        }
        let bodies = bodies_of(join_frames(batch));
        let inline = format!("[{}]", bodies.join(","));
        let mut tries = 0;
        loop {
            let sent = if inline.len() <= muster_store::MAX_NOTE_BYTES {
                bus.notify(&channel, &inline).await
            } else {
                bus.post(&to, &channel, &bodies, crate::time::now_ms())
                    .await
            };
            match sent {
                Ok(()) => break,
                Err(e) if tries < 3 => {
                    tries += 1;
                    eprintln!(
                        "muster serve: node {me}: a post to node {to} failed ({e}); trying again"
                    );
                    tokio::time::sleep(Duration::from_millis(250 * tries)).await;
                }
                Err(e) => {
                    eprintln!(
                        "muster serve: node {me}: {} posts to node {to} dropped ({e})",
                        bodies.len()
                    );
                    break;
                }
            }
        }
    }
}

/// Runs of frames back (`Out`) joined into one relay each; anything else kept as it is, in
/// order.
fn join_frames(batch: Vec<Relay>) -> Vec<Relay> {
    let mut joined: Vec<Relay> = Vec::with_capacity(batch.len());
    for relay in batch {
        match (joined.last_mut(), relay) {
            (Some(Relay::Out { frames }), Relay::Out { frames: more }) => frames.extend(more),
            (_, relay) => joined.push(relay),
        }
    }
    joined
}

fn bodies_of(relays: Vec<Relay>) -> Vec<String> {
    relays
        .iter()
        .filter_map(|r| serde_json::to_string(r).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out(conn: u64, text: &str) -> Relay {
        Relay::Out {
            frames: vec![(conn, text.to_owned())],
        }
    }

    #[test]
    fn runs_of_frames_back_join_and_everything_keeps_its_order() {
        let gone = Relay::Gone {
            from: "a".to_owned(),
            conn: 7,
        };
        let joined = join_frames(vec![out(1, "x"), out(2, "y"), gone.clone(), out(1, "z")]);
        assert_eq!(
            joined,
            vec![
                Relay::Out {
                    frames: vec![(1, "x".to_owned()), (2, "y".to_owned())]
                },
                gone,
                out(1, "z"),
            ]
        );
    }

    #[test]
    fn a_relay_reads_back_as_it_was_written() {
        let frame = Relay::Frame {
            from: "n1".to_owned(),
            conn: 3,
            user: Some("U1".to_owned()),
            frame: r#"{"t":"sub","d":{"g":"G"}}"#.to_owned(),
            hops: 1,
        };
        let text = serde_json::to_string(&frame).expect("json");
        assert_eq!(serde_json::from_str::<Relay>(&text).expect("read"), frame);
    }
}
