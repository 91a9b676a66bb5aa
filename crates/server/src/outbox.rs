//! Where the frames for one connection go: a bounded queue drained by the connection's writer.

use std::sync::Arc;

use muster_wire::ServerMsg;
use tokio::sync::mpsc;

/// The frames waiting to be written to one connection. Cheap to clone; sending never waits.
///
/// A connection that does not read its frames fills its queue; frames sent to a full queue are
/// dropped. A client then finds a gap in a game's versions and subscribes again (web.md §2.3),
/// and resends any write whose acknowledgement it did not get.
#[derive(Clone, Debug)]
pub struct Outbox(mpsc::Sender<Arc<str>>);

impl Outbox {
    /// A queue of `capacity` frames, and its reading end.
    pub fn new(capacity: usize) -> (Outbox, mpsc::Receiver<Arc<str>>) {
        let (tx, rx) = mpsc::channel(capacity);
        (Outbox(tx), rx)
    }

    /// Queues a frame.
    pub fn send(&self, msg: &ServerMsg) {
        self.send_text(Arc::from(msg.to_json()));
    }

    /// Queues a frame already written as JSON.
    pub fn send_text(&self, text: Arc<str>) {
        let _ = self.0.try_send(text);
    }
}
