//! The per-user notice registry: who is listening for a user's events (their `GET /api/stream`
//! and their WebSockets), and the events themselves ([`StreamEvent`]): a challenge that names
//! the user and awaits them, such a challenge gone (declined, withdrawn, expired, started), a
//! game of theirs started or ended.
//!
//! Telling never waits: a listener whose queue ([`QUEUE`] events) is full misses the event and
//! is marked lagged, so its stream can send a fresh snapshot instead.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

use muster_rules::{GameId, Seat};
use muster_store::UserId;
use muster_wire::http::ChallengeStatus;
use muster_wire::server::{Notify, NotifyKind};
use muster_wire::StreamEvent;
use tokio::sync::mpsc;

/// Events waiting for one listener before new ones are dropped.
pub const QUEUE: usize = 1024;

struct Listener {
    id: u64,
    tx: mpsc::Sender<StreamEvent>,
    lagged: Arc<AtomicBool>,
}

/// Who listens for which user's events.
#[derive(Default)]
pub struct Notices {
    next: AtomicU64,
    listeners: Mutex<HashMap<String, Vec<Listener>>>,
}

/// One listener's end: events arrive on [`Subscription::recv`]; dropping it stops listening.
pub struct Subscription {
    id: u64,
    user: String,
    rx: mpsc::Receiver<StreamEvent>,
    lagged: Arc<AtomicBool>,
    notices: Weak<Notices>,
}

impl Notices {
    /// A registry with no listeners.
    pub fn new() -> Arc<Notices> {
        Arc::new(Notices::default())
    }

    /// Starts listening for `user`'s events.
    pub fn subscribe(self: &Arc<Self>, user: &UserId) -> Subscription {
        let (tx, rx) = mpsc::channel(QUEUE);
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let lagged = Arc::new(AtomicBool::new(false));
        let key = user.as_str().to_owned();
        self.lock().entry(key.clone()).or_default().push(Listener {
            id,
            tx,
            lagged: Arc::clone(&lagged),
        });
        Subscription {
            id,
            user: key,
            rx,
            lagged,
            notices: Arc::downgrade(self),
        }
    }

    /// Tells every listener of `user`.
    pub fn tell(&self, user: &UserId, event: &StreamEvent) {
        let listeners = self.lock();
        for listener in listeners.get(user.as_str()).into_iter().flatten() {
            if listener.tx.try_send(event.clone()).is_err() {
                listener.lagged.store(true, Ordering::Relaxed);
            }
        }
    }

    /// How many listeners `user` has now.
    pub fn listeners(&self, user: &UserId) -> usize {
        self.lock().get(user.as_str()).map_or(0, Vec::len)
    }

    /// Tells every person seated in a game that it started: `seats` gives each seat's user
    /// (`None` for the AI and open seats).
    pub fn game_started(&self, g: &str, game: &str, variant: &str, seats: &[Option<UserId>]) {
        let mut told: Vec<&UserId> = Vec::new();
        for user in seats.iter().flatten() {
            if told.contains(&user) {
                continue;
            }
            told.push(user);
            let mine: Vec<Seat> = seats
                .iter()
                .enumerate()
                .filter(|(_, u)| u.as_ref() == Some(user))
                .map(|(i, _)| Seat(i as u8))
                .collect();
            self.tell(
                user,
                &StreamEvent::GameStart {
                    g: muster_wire::MatchId(g.to_owned()),
                    game: game.to_owned(),
                    variant: variant.to_owned(),
                    seats: mine,
                },
            );
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<Listener>>> {
        // A panic while holding the lock cannot leave the map half-changed: every change is
        // one push or one retain.
        self.listeners
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Subscription {
    /// The next event; `None` once the registry is gone.
    pub async fn recv(&mut self) -> Option<StreamEvent> {
        self.rx.recv().await
    }

    /// Whether events were dropped since the last call (the queue was full); clears the mark.
    pub fn take_lagged(&self) -> bool {
        self.lagged.swap(false, Ordering::Relaxed)
    }
}

impl Drop for Subscription {
    fn drop(&mut self) {
        if let Some(notices) = self.notices.upgrade() {
            let mut listeners = notices.lock();
            if let Some(list) = listeners.get_mut(&self.user) {
                list.retain(|l| l.id != self.id);
                if list.is_empty() {
                    listeners.remove(&self.user);
                }
            }
        }
    }
}

/// An event as a WebSocket `notify` frame (`None` for the stream's own `synced` and
/// `signed-out` lines: a WebSocket learns of the end of its sign-in from its close code). The
/// words name games as people know them ("Murus Gallicus", not `murus-gallicus`) and leave
/// out the ids, which the frame carries for the client's links.
pub fn notify_of(event: &StreamEvent) -> Option<Notify> {
    let (kind, g, text) = match event {
        StreamEvent::Challenge { challenge } => (
            NotifyKind::Challenge,
            None,
            format!(
                "{} challenges you to a game of {}",
                challenge.creator.name,
                game_name(&challenge.spec.game)
            ),
        ),
        StreamEvent::ChallengeGone { status, g, .. } => (
            NotifyKind::ChallengeGone,
            g.clone(),
            match status {
                // Everyone a challenge involves hears of it: its creator and those it names.
                ChallengeStatus::Started => "a challenge you are part of has started its game",
                ChallengeStatus::Withdrawn => "a challenge you are part of was withdrawn",
                ChallengeStatus::Expired => "a challenge you are part of expired",
                ChallengeStatus::Declined => "a challenge you are part of was declined",
                ChallengeStatus::Open => "a challenge you are part of is open",
            }
            .to_owned(),
        ),
        StreamEvent::GameStart { g, game, .. } => (
            NotifyKind::GameStarted,
            Some(g.clone()),
            format!("your game of {} has started", game_name(game)),
        ),
        StreamEvent::GameEnd { g, result, .. } => (
            NotifyKind::GameEnded,
            Some(g.clone()),
            match result {
                Some(result) => format!("your game has ended: {result}"),
                None => "your game was aborted".to_owned(),
            },
        ),
        StreamEvent::Synced | StreamEvent::SignedOut { .. } => return None,
    };
    Some(Notify { kind, g, text })
}

/// A game's name from its id (`murus-gallicus` → "Murus Gallicus"); the id itself if unknown.
fn game_name(id: &str) -> String {
    GameId::parse(id).map_or_else(|_| id.to_owned(), |g| g.name().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_wire::{ChallengeId, MatchId};

    #[test]
    fn notifications_name_games_as_people_do_and_quote_no_ids() {
        let start = StreamEvent::GameStart {
            g: MatchId("01ARZ3NDEKTSV4RRFFQ69G5FAV".to_owned()),
            game: "murus-gallicus".to_owned(),
            variant: "basic".to_owned(),
            seats: vec![Seat(0)],
        };
        let notify = notify_of(&start).expect("a notification");
        assert_eq!(notify.text, "your game of Murus Gallicus has started");
        assert_eq!(
            notify.g,
            Some(MatchId("01ARZ3NDEKTSV4RRFFQ69G5FAV".to_owned()))
        );
        let gone = StreamEvent::ChallengeGone {
            id: ChallengeId("4C69M01E6HZ9DVAQSVBFM4D206".to_owned()),
            status: ChallengeStatus::Started,
            g: None,
        };
        let notify = notify_of(&gone).expect("a notification");
        assert!(!notify.text.contains("4C69M01"), "{}", notify.text);
        assert!(notify.text.contains("started"), "{}", notify.text);
    }
}
