//! The notification list that survives a reload: what a user was told as `notify` frames
//! ([`crate::net::notices`]) and should find later — a challenge naming them, a challenge of theirs
//! declined, withdrawn or expired, a game of theirs started or ended, their turn in a game
//! without a live clock — kept in the store's `notifications` table, with the frame's words
//! and game. The routes `GET /api/me/notifications` and `POST /api/me/notifications/read`
//! read it back.
//!
//! **Storing never holds anyone up.** [`Inbox::keep`] hands the notification to one writer task
//! through a bounded queue and returns at once: a move's commit never waits for it, and a
//! store failure (or a full queue) is logged and loses that notification, never a move. One
//! writer keeps the notifications of a user in the order they were told.
//!
//! **One "your turn" per game.** A turn notification replaces the user's unread one about the
//! same game ([`Store::replace_notification`]): the list holds at most one unread turn per
//! game, the newest, dated when the turn came. A read one stays as it was.
//!
//! **A turn taken is gone.** When the user takes their turn in a game they were told of, their
//! unread turn there is deleted ([`Inbox::settle`], after the notifications handed over before
//! it): the list never says "your turn" for a turn already played. A turn they read stays.
//!
//! Bots' notifications are not stored: a bot learns of its world from its event stream.

use std::sync::{Arc, OnceLock};

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use muster_store::{GameId, Notification, NotificationId, Store, UserId};
use muster_wire::http::{Inbox as InboxBody, InboxItem, MarkRead, UnreadCount};
use muster_wire::server::{Notify, NotifyKind};
use muster_wire::{MatchId, Millis};
use serde::Deserialize;
use tokio::sync::mpsc;

use crate::accounts::{ApiFailure, ApiJson, Identity};
use crate::time::now_ms;
use crate::ServerState;

/// Notifications waiting for the writer before new ones are dropped (and logged).
pub const QUEUE: usize = 4096;
/// How many notifications `GET /api/me/notifications` lists without `?limit`.
pub const DEFAULT_LIMIT: u32 = 50;
/// The most it lists (a larger `?limit` lists this many).
pub const MAX_LIMIT: u32 = 200;

/// One thing for the writer to do.
enum Job {
    /// Store a notification, in place of the user's unread one of the same kind and game
    /// when `replace`.
    Keep {
        notification: Notification,
        replace: bool,
    },
    /// Drop the user's unread notifications of a kind about a game.
    Settle {
        user: UserId,
        kind: NotifyKind,
        game: GameId,
    },
}

/// Where notifications are stored: a queue to one writer task, started on first use.
pub struct Inbox {
    store: Arc<dyn Store>,
    queue: OnceLock<Option<mpsc::Sender<Job>>>,
}

impl Inbox {
    /// An inbox over `store`; its writer starts with the first notification.
    pub fn new(store: Arc<dyn Store>) -> Inbox {
        Inbox {
            store,
            queue: OnceLock::new(),
        }
    }

    /// Stores `notify` as `user`'s, in the background.
    pub fn keep(&self, user: &UserId, notify: &Notify) {
        self.send(user, notify, false);
    }

    /// Stores `notify` as `user`'s in place of their unread one of the same kind about the same
    /// game, in the background.
    pub fn keep_replacing(&self, user: &UserId, notify: &Notify) {
        self.send(user, notify, true);
    }

    /// Deletes `user`'s unread notifications of `kind` about game `g` (what they said is done),
    /// in the background, after every notification handed over before.
    pub fn settle(&self, user: &UserId, kind: NotifyKind, g: &MatchId) {
        let Some(game) = GameId::parse(&g.0) else {
            return;
        };
        let job = Job::Settle {
            user: user.clone(),
            kind,
            game,
        };
        self.hand_over(job, user);
    }

    fn send(&self, user: &UserId, notify: &Notify, replace: bool) {
        let job = Job::Keep {
            notification: notification_of(user, notify),
            replace,
        };
        self.hand_over(job, user);
    }

    fn hand_over(&self, job: Job, user: &UserId) {
        let Some(queue) = self.queue.get_or_init(|| self.start()) else {
            return;
        };
        if queue.try_send(job).is_err() {
            eprintln!(
                "muster serve: a notification change for user {user} was not stored: the queue of {QUEUE} is full"
            );
        }
    }

    /// Starts the writer; `None` (nothing is ever stored) outside a Tokio runtime.
    fn start(&self) -> Option<mpsc::Sender<Job>> {
        let runtime = tokio::runtime::Handle::try_current().ok()?;
        let (tx, rx) = mpsc::channel(QUEUE);
        runtime.spawn(write_forever(Arc::clone(&self.store), rx));
        Some(tx)
    }
}

/// The writer: does each job in turn, logging what fails.
async fn write_forever(store: Arc<dyn Store>, mut rx: mpsc::Receiver<Job>) {
    while let Some(job) = rx.recv().await {
        match job {
            Job::Keep {
                notification,
                replace,
            } => keep(store.as_ref(), &notification, replace).await,
            Job::Settle { user, kind, game } => {
                let word = kind_word(kind);
                if let Err(e) = store
                    .drop_unread_game_notifications(&user, &word, &game)
                    .await
                {
                    eprintln!(
                        "muster serve: the unread {word} notifications of user {user} in game {game} were not dropped: {e}"
                    );
                }
            }
        }
    }
}

/// Stores one notification (none for a bot or a user who is gone).
async fn keep(store: &dyn Store, n: &Notification, replace: bool) {
    match store.user_by_id(&n.user_id).await {
        Ok(Some(user)) if user.is_bot => return,
        Ok(Some(_)) => {}
        Ok(None) => return,
        Err(e) => {
            eprintln!(
                "muster serve: a notification for user {} was not stored: {e}",
                n.user_id
            );
            return;
        }
    }
    let stored = if replace {
        store.replace_notification(n).await
    } else {
        store.insert_notification(n).await
    };
    if let Err(e) = stored {
        eprintln!(
            "muster serve: a notification for user {} was not stored: {e}",
            n.user_id
        );
    }
}

/// The stored form of a `notify` frame: its kind's wire word, its game, the frame as JSON.
fn notification_of(user: &UserId, notify: &Notify) -> Notification {
    Notification {
        id: NotificationId::generate(),
        user_id: user.clone(),
        kind: kind_word(notify.kind),
        game_id: notify.g.as_ref().and_then(|g| GameId::parse(&g.0)),
        payload_json: serde_json::to_string(notify).unwrap_or_default(),
        created_ms: now_ms(),
        read_ms: None,
        mailed_ms: None,
    }
}

/// The wire word of a kind (`your-turn`), as the store keeps it.
fn kind_word(kind: NotifyKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A stored notification as the list shows it; `None` (logged) for a payload that does not read.
fn item_of(n: &Notification) -> Option<InboxItem> {
    match serde_json::from_str::<Notify>(&n.payload_json) {
        Ok(notify) => Some(InboxItem {
            id: n.id.as_str().to_owned(),
            kind: notify.kind,
            g: notify.g,
            text: notify.text,
            at_ms: Millis(n.created_ms.max(0) as u64),
            read: n.read_ms.is_some(),
        }),
        Err(e) => {
            eprintln!(
                "muster serve: notification {} does not read: {e}",
                n.id.as_str()
            );
            None
        }
    }
}

/// The routes, to merge into the application:
///
/// - `GET /api/me/notifications?limit=N` (signed in) answers [`InboxBody`]: the newest `N`
///   ([`DEFAULT_LIMIT`] without it, at most [`MAX_LIMIT`]) notifications, newest first, and
///   how many are unread in all;
/// - `POST /api/me/notifications/read` ([`MarkRead`]) marks read every notification made at or
///   before `up_to_ms` and answers [`UnreadCount`], the unread left.
pub fn routes() -> Router<Arc<ServerState>> {
    Router::new()
        .route("/api/me/notifications", get(list))
        .route("/api/me/notifications/read", post(mark_read))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    limit: Option<u32>,
}

async fn unread(state: &ServerState, user: &UserId) -> Result<u32, ApiFailure> {
    let unread = state
        .store
        .unread_notifications(user)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    Ok(u32::try_from(unread).unwrap_or(u32::MAX))
}

async fn list(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<InboxBody>, ApiFailure> {
    let query = crate::api::read_query(query)?;
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT).min(MAX_LIMIT);
    let user = &identity.user.id;
    // The count first: every notification it counts is then in the list (within the limit);
    // one stored in between may be listed before it is counted, never counted and missing.
    let unread = unread(&state, user).await?;
    let stored = state
        .store
        .notifications_of(user, false, limit)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let items = stored.iter().filter_map(item_of).collect();
    Ok(Json(InboxBody { unread, items }))
}

async fn mark_read(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
    ApiJson(MarkRead { up_to_ms }): ApiJson<MarkRead>,
) -> Result<Json<UnreadCount>, ApiFailure> {
    let user = &identity.user.id;
    let up_to_ms = i64::try_from(up_to_ms.0).unwrap_or(i64::MAX);
    state
        .store
        .mark_notifications_read(user, up_to_ms)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    Ok(Json(UnreadCount {
        unread: unread(&state, user).await?,
    }))
}
