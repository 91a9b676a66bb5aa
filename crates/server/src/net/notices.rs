//! The per-user notice registry: who is listening for a user's events (their `GET /api/stream`
//! and their WebSockets), and the events themselves ([`StreamEvent`]): a challenge that names
//! the user and awaits them, such a challenge gone (declined, withdrawn, expired, started), a
//! game of theirs started or ended. Besides these, a WebSocket (not the stream) is told when it
//! is the user's turn in a game without a live clock ([`Notices::tell_turn`]).
//!
//! What the user should find later is also stored, through the [`Inbox`] when the registry has
//! one: every event but a challenge's start (the game's start says it) and the stream's own
//! lines, and every turn.
//!
//! Telling never waits: a listener whose queue ([`QUEUE`] events) is full misses the event and
//! is marked lagged, so its stream can send a fresh snapshot instead; storing is handed to the
//! inbox's writer.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

use muster_rules::{GameId, Seat};
use muster_store::UserId;
use muster_wire::http::ChallengeStatus;
use muster_wire::server::{Notify, NotifyKind};
use muster_wire::{MatchId, StreamEvent};
use tokio::sync::mpsc;

use crate::inbox::Inbox;

/// Events waiting for one listener before new ones are dropped.
pub const QUEUE: usize = 1024;

/// What a listener is told.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "n", content = "d", rename_all = "kebab-case")]
pub enum Notice {
    /// An event of the user's stream.
    Event(StreamEvent),
    /// It is the user's turn: for WebSockets only (the stream has no such line).
    Turn(Notify),
}

struct Listener {
    id: u64,
    tx: mpsc::Sender<Notice>,
    lagged: Arc<AtomicBool>,
    /// Whether it is told of turns.
    turns: bool,
}

/// Who listens for which user's events, and where they are stored.
#[derive(Default)]
pub struct Notices {
    next: AtomicU64,
    listeners: Mutex<HashMap<String, Vec<Listener>>>,
    inbox: Option<Inbox>,
    /// The users and games whose stored turn may be unread (told since this server started),
    /// as (user, game): the turns [`Notices::turn_taken`] deletes; a game's end forgets them.
    turns_told: Mutex<HashSet<(String, String)>>,
    /// Where what is told here goes for the other nodes of a site (docs/server-design.md §2.10).
    echo: std::sync::OnceLock<mpsc::UnboundedSender<crate::site::notes::Note>>,
}

/// One listener's end: notices arrive on [`Subscription::recv`]; dropping it stops listening.
pub struct Subscription {
    id: u64,
    user: String,
    rx: mpsc::Receiver<Notice>,
    lagged: Arc<AtomicBool>,
    notices: Weak<Notices>,
}

impl Notices {
    /// A registry with no listeners that stores nothing.
    pub fn new() -> Arc<Notices> {
        Arc::new(Notices::default())
    }

    /// A registry with no listeners that stores what users should find later in `inbox`.
    pub fn with_inbox(inbox: Inbox) -> Arc<Notices> {
        Arc::new(Notices {
            inbox: Some(inbox),
            ..Notices::default()
        })
    }

    /// Starts listening for `user`'s stream events (`GET /api/stream`).
    pub fn subscribe(self: &Arc<Self>, user: &UserId) -> Subscription {
        self.listen(user, false)
    }

    /// Starts listening for `user`'s stream events and turns (a WebSocket).
    pub fn subscribe_with_turns(self: &Arc<Self>, user: &UserId) -> Subscription {
        self.listen(user, true)
    }

    fn listen(self: &Arc<Self>, user: &UserId, turns: bool) -> Subscription {
        let (tx, rx) = mpsc::channel(QUEUE);
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let lagged = Arc::new(AtomicBool::new(false));
        let key = user.as_str().to_owned();
        self.lock().entry(key.clone()).or_default().push(Listener {
            id,
            tx,
            lagged: Arc::clone(&lagged),
            turns,
        });
        Subscription {
            id,
            user: key,
            rx,
            lagged,
            notices: Arc::downgrade(self),
        }
    }

    /// Tells every listener of `user`, and stores the event as a notification when the user
    /// should find it later (every event with a `notify` form but a challenge's start).
    pub fn tell(&self, user: &UserId, event: &StreamEvent) {
        self.send(user, &Notice::Event(event.clone()));
        if let StreamEvent::GameEnd { g, .. } = event {
            // No turn is taken in an ended game: its told turn is forgotten here.
            self.turns_told()
                .remove(&(user.as_str().to_owned(), g.0.clone()));
        }
        let started = matches!(
            event,
            StreamEvent::ChallengeGone {
                status: ChallengeStatus::Started,
                ..
            }
        );
        if let (Some(inbox), Some(notify), false) = (&self.inbox, notify_of(event), started) {
            inbox.keep(user, &notify);
        }
    }

    /// Tells `user`'s WebSockets that it is their turn in game `g` (a `notify` frame of kind
    /// `your-turn` with `text`), and stores it in place of their unread turn in that game.
    pub fn tell_turn(&self, user: &UserId, g: &MatchId, text: String) {
        let notify = Notify {
            kind: NotifyKind::YourTurn,
            g: Some(g.clone()),
            text,
        };
        self.send(user, &Notice::Turn(notify.clone()));
        if let Some(inbox) = &self.inbox {
            inbox.keep_replacing(user, &notify);
            self.turns_told()
                .insert((user.as_str().to_owned(), g.0.clone()));
        }
    }

    /// `user` took their turn in game `g`: the unread turn they were told of there, if this
    /// server told them one since it started, is deleted (a turn told before a restart stays
    /// until the list is read).
    pub fn turn_taken(&self, user: &UserId, g: &MatchId) {
        let told = self
            .turns_told()
            .remove(&(user.as_str().to_owned(), g.0.clone()));
        if let (true, Some(inbox)) = (told, &self.inbox) {
            inbox.settle(user, NotifyKind::YourTurn, g);
        }
    }

    fn turns_told(&self) -> std::sync::MutexGuard<'_, HashSet<(String, String)>> {
        self.turns_told.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// From now on, everything told here is also sent on `echo`, for the other nodes of the
    /// site to tell their own listeners (a second call changes nothing).
    pub(crate) fn echo_to(&self, echo: mpsc::UnboundedSender<crate::site::notes::Note>) {
        let _ = self.echo.set(echo);
    }

    /// Tells `user`'s listeners on this node what another node told (nothing is stored: the
    /// node where it happened stored it).
    fn send(&self, user: &UserId, notice: &Notice) {
        self.deliver(user, notice);
        if let Some(echo) = self.echo.get() {
            let _ = echo.send(crate::site::notes::Note::Notice {
                user: user.as_str().to_owned(),
                notice: Box::new(notice.clone()),
            });
        }
    }

    /// Tells `user`'s listeners on this node, and nothing more: what another node told is
    /// delivered here this way (that node stored it and published it).
    pub(crate) fn deliver(&self, user: &UserId, notice: &Notice) {
        let turn = matches!(notice, Notice::Turn(_));
        let listeners = self.lock();
        for listener in listeners.get(user.as_str()).into_iter().flatten() {
            if turn && !listener.turns {
                continue;
            }
            if listener.tx.try_send(notice.clone()).is_err() {
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
    /// The next notice; `None` once the registry is gone.
    pub async fn recv(&mut self) -> Option<Notice> {
        self.rx.recv().await
    }

    /// The next stream event, passing over turns; `None` once the registry is gone.
    pub async fn recv_event(&mut self) -> Option<StreamEvent> {
        loop {
            if let Notice::Event(event) = self.rx.recv().await? {
                return Some(event);
            }
        }
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

    #[tokio::test]
    async fn turns_reach_websockets_and_never_the_event_stream() {
        let notices = Notices::new();
        let user = UserId::generate();
        let mut stream = notices.subscribe(&user);
        let mut socket = notices.subscribe_with_turns(&user);
        let g = MatchId("01ARZ3NDEKTSV4RRFFQ69G5FAV".to_owned());
        notices.tell_turn(&user, &g, "your turn in Mur".to_owned());
        notices.tell(&user, &StreamEvent::Synced);
        match socket.recv().await {
            Some(Notice::Turn(notify)) => {
                assert_eq!((notify.kind, notify.g), (NotifyKind::YourTurn, Some(g)));
            }
            other => panic!("expected the turn, got {other:?}"),
        }
        assert_eq!(
            socket.recv().await,
            Some(Notice::Event(StreamEvent::Synced))
        );
        assert_eq!(stream.recv_event().await, Some(StreamEvent::Synced));
    }
}
