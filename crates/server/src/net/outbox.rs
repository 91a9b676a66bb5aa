//! Where the frames for one connection go: a queue bounded in bytes, drained by the
//! connection's writer.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use muster_wire::ServerMsg;
use tokio::sync::{mpsc, Notify};

/// The frames waiting to be written to one connection. Cheap to clone; sending never waits.
///
/// The queue holds at most a budget of bytes. A connection that does not read its frames
/// fills it; the frame that would pass the budget is not queued, and the queue is marked
/// *overflowed* for good: the connection then closes with `1008` "too slow"
/// (`OutboxReader::overflowed`). A client that reconnects subscribes again from the versions
/// it holds (docs/protocol.md §3), so nothing acknowledged is lost.
#[derive(Clone, Debug)]
pub struct Outbox {
    tx: mpsc::UnboundedSender<Arc<str>>,
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    /// Bytes queued and not yet taken by the writer.
    queued: AtomicUsize,
    /// The most bytes that may be queued.
    budget: usize,
    overflowed: AtomicBool,
    told: Notify,
}

/// The writer's end of an [`Outbox`].
#[derive(Debug)]
pub struct OutboxReader {
    rx: mpsc::UnboundedReceiver<Arc<str>>,
    shared: Arc<Shared>,
}

impl Outbox {
    /// A queue of at most `budget` bytes (at least one frame of any size fits when it is
    /// empty), and its reading end.
    pub fn new(budget: usize) -> (Outbox, OutboxReader) {
        let (tx, rx) = mpsc::unbounded_channel();
        let shared = Arc::new(Shared {
            queued: AtomicUsize::new(0),
            budget,
            overflowed: AtomicBool::new(false),
            told: Notify::new(),
        });
        let reader = OutboxReader {
            rx,
            shared: Arc::clone(&shared),
        };
        (Outbox { tx, shared }, reader)
    }

    /// Queues a frame.
    pub fn send(&self, msg: &ServerMsg) {
        self.send_text(Arc::from(msg.to_json()));
    }

    /// Queues a frame already written as JSON, unless the queue has overflowed or this frame
    /// would make it overflow.
    pub fn send_text(&self, text: Arc<str>) {
        let shared = &self.shared;
        if shared.overflowed.load(Ordering::Acquire) {
            return;
        }
        let len = text.len();
        let before = shared.queued.fetch_add(len, Ordering::AcqRel);
        if before > 0 && before.saturating_add(len) > shared.budget {
            shared.queued.fetch_sub(len, Ordering::AcqRel);
            shared.overflowed.store(true, Ordering::Release);
            shared.told.notify_one();
            return;
        }
        if self.tx.send(text).is_err() {
            shared.queued.fetch_sub(len, Ordering::AcqRel);
        }
    }

    /// Marks the queue overflowed, as if it had gone past its budget: its connection closes
    /// as too slow (another node's queue of frames for it overflowed).
    pub fn cut(&self) {
        self.shared.overflowed.store(true, Ordering::Release);
        self.shared.told.notify_one();
    }

    /// Bytes queued now.
    pub fn queued(&self) -> usize {
        self.shared.queued.load(Ordering::Acquire)
    }
}

impl OutboxReader {
    /// The next frame, waiting for one; `None` once every [`Outbox`] is gone and the queue is
    /// empty.
    pub async fn recv(&mut self) -> Option<Arc<str>> {
        let text = self.rx.recv().await?;
        self.taken(&text);
        Some(text)
    }

    /// The next frame if one is queued.
    pub fn try_recv(&mut self) -> Option<Arc<str>> {
        let text = self.rx.try_recv().ok()?;
        self.taken(&text);
        Some(text)
    }

    fn taken(&self, text: &str) {
        self.shared.queued.fetch_sub(text.len(), Ordering::AcqRel);
    }

    /// A handle that completes once the queue has overflowed (the connection reads too slowly).
    pub fn overflow(&self) -> Overflow {
        Overflow(Arc::clone(&self.shared))
    }
}

/// See [`OutboxReader::overflow`].
#[derive(Debug)]
pub struct Overflow(Arc<Shared>);

impl Overflow {
    /// Completes once the queue has overflowed (at once if it already has).
    pub async fn overflowed(&self) {
        loop {
            let told = self.0.told.notified();
            if self.0.overflowed.load(Ordering::Acquire) {
                return;
            }
            told.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_queue_past_its_budget_overflows_for_good_and_says_so() {
        let (out, mut reader) = Outbox::new(10);
        let overflow = reader.overflow();
        out.send_text(Arc::from("123456"));
        out.send_text(Arc::from("1234"));
        assert_eq!(out.queued(), 10);
        out.send_text(Arc::from("1"));
        overflow.overflowed().await;
        // What was queued before still goes out; nothing after the overflow is queued.
        assert_eq!(reader.recv().await.as_deref(), Some("123456"));
        assert_eq!(reader.try_recv().as_deref(), Some("1234"));
        out.send_text(Arc::from("x"));
        assert_eq!(reader.try_recv(), None);
        assert_eq!(out.queued(), 0);
    }

    #[tokio::test]
    async fn an_empty_queue_takes_one_frame_of_any_size() {
        let (out, mut reader) = Outbox::new(4);
        out.send_text(Arc::from("a frame longer than the budget"));
        assert_eq!(
            reader.recv().await.as_deref(),
            Some("a frame longer than the budget")
        );
        out.send_text(Arc::from("ok"));
        assert_eq!(reader.recv().await.as_deref(), Some("ok"));
    }
}
