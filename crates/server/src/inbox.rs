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
//! writer keeps the notifications of a user in the order they were told. It takes what is
//! queued in batches ([`BATCH`]) and writes of a batch only what lasts (`coalesce`): of
//! several turns and turns taken of one user in one game, the last, which replaces or deletes
//! whatever the others wrote. What lasts is written [`CHUNK`] changes to a transaction
//! ([`Store::change_notifications`]), so the turns of several moves share one commit; a
//! failed transaction loses its chunk, logged. What the queue cannot take is dropped and counted, and the count
//! logged once every [`DROP_LOG_EVERY`] at most (a server slowed under a load of thousands of
//! decisions a second once logged a line for each of 190 000 drops).
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

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use muster_store::{GameId, Notification, NotificationChange, NotificationId, Store, UserId};
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
/// The most jobs the writer takes from the queue at once.
pub const BATCH: usize = 1024;
/// The most changes the writer makes in one transaction: a few moves' turns share one commit
/// (and one `fsync`) without holding the store's writer from the games' commits for long. A
/// failed transaction loses at most this many (logged).
pub const CHUNK: usize = 16;
/// The least time between two log lines about dropped notifications.
pub const DROP_LOG_EVERY: Duration = Duration::from_secs(5);
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
    /// Drop the user's unread notifications of a kind (its wire word) about a game.
    Settle {
        user: UserId,
        kind: String,
        game: GameId,
    },
}

impl Job {
    /// What a later replacing keep or settle with the same slot undoes of this job: the user's
    /// unread notifications of one kind about one game. `None` for a plain keep, which only a
    /// later job can undo, never undoes one.
    fn slot(&self) -> Option<(&UserId, &str, &GameId)> {
        match self {
            Job::Keep {
                notification,
                replace: true,
            } => notification
                .game_id
                .as_ref()
                .map(|g| (&notification.user_id, notification.kind.as_str(), g)),
            Job::Keep { .. } => None,
            Job::Settle { user, kind, game } => Some((user, kind.as_str(), game)),
        }
    }
}

/// The jobs of a batch that leave a mark, in their order: a replacing keep or a settle is
/// dropped when a later one has the same slot, for that one deletes the user's unread
/// notifications of the slot whatever came before (this one's included) and a notification
/// not yet stored cannot have been read.
fn coalesce(jobs: Vec<Job>) -> Vec<Job> {
    let mut later = HashSet::new();
    let mut kept: Vec<Job> = Vec::with_capacity(jobs.len());
    for job in jobs.into_iter().rev() {
        let pointless = match job.slot() {
            Some((user, kind, game)) => {
                !later.insert((user.clone(), kind.to_owned(), game.clone()))
            }
            None => false,
        };
        if !pointless {
            kept.push(job);
        }
    }
    kept.reverse();
    kept
}

/// Where notifications are stored: a queue to one writer task, started on first use.
pub struct Inbox {
    store: Arc<dyn Store>,
    queue: OnceLock<Option<mpsc::Sender<Job>>>,
    /// Changes dropped on a full queue since the writer last said so.
    dropped: Arc<AtomicU64>,
}

impl Inbox {
    /// An inbox over `store`; its writer starts with the first notification.
    pub fn new(store: Arc<dyn Store>) -> Inbox {
        Inbox {
            store,
            queue: OnceLock::new(),
            dropped: Arc::new(AtomicU64::new(0)),
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
            kind: kind_word(kind),
            game,
        };
        self.hand_over(job);
    }

    fn send(&self, user: &UserId, notify: &Notify, replace: bool) {
        let job = Job::Keep {
            notification: notification_of(user, notify),
            replace,
        };
        self.hand_over(job);
    }

    fn hand_over(&self, job: Job) {
        let Some(queue) = self.queue.get_or_init(|| self.start()) else {
            return;
        };
        if queue.try_send(job).is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Starts the writer; `None` (nothing is ever stored) outside a Tokio runtime.
    fn start(&self) -> Option<mpsc::Sender<Job>> {
        let runtime = tokio::runtime::Handle::try_current().ok()?;
        let (tx, rx) = mpsc::channel(QUEUE);
        let writer = Writer {
            store: Arc::clone(&self.store),
            bots: HashMap::new(),
            dropped: Arc::clone(&self.dropped),
            last_drop_log: None,
        };
        runtime.spawn(writer.run(rx));
        Some(tx)
    }
}

/// The one writer task.
struct Writer {
    store: Arc<dyn Store>,
    /// Whether each user met so far is a bot (an account never becomes or stops being one).
    bots: HashMap<UserId, bool>,
    dropped: Arc<AtomicU64>,
    last_drop_log: Option<Instant>,
}

/// The most users whose kind the writer remembers before it forgets them all.
const REMEMBERED_USERS: usize = 100_000;

impl Writer {
    /// Takes what is queued, a batch at a time, and writes what lasts of it, logging what
    /// fails and, every [`DROP_LOG_EVERY`] at most, what a full queue dropped.
    async fn run(mut self, mut rx: mpsc::Receiver<Job>) {
        let mut batch = Vec::with_capacity(BATCH);
        while rx.recv_many(&mut batch, BATCH).await > 0 {
            let mut changes = Vec::with_capacity(batch.len());
            for job in coalesce(std::mem::take(&mut batch)) {
                if let Some(change) = self.change(job).await {
                    changes.push(change);
                }
            }
            for chunk in changes.chunks(CHUNK) {
                if let Err(e) = self.store.change_notifications(chunk).await {
                    eprintln!(
                        "muster serve: {} notification changes were not stored: {e}",
                        chunk.len()
                    );
                }
            }
            self.log_drops();
        }
    }

    /// The store's change for a job; none for a notification to a bot or a user who is gone.
    async fn change(&mut self, job: Job) -> Option<NotificationChange> {
        match job {
            Job::Keep {
                notification,
                replace,
            } => {
                if self.is_bot(&notification.user_id).await != Some(false) {
                    return None;
                }
                Some(if replace {
                    NotificationChange::Replace(notification)
                } else {
                    NotificationChange::Insert(notification)
                })
            }
            Job::Settle { user, kind, game } => Some(NotificationChange::Settle {
                user_id: user,
                kind,
                game_id: game,
            }),
        }
    }

    fn log_drops(&mut self) {
        let due = self
            .last_drop_log
            .is_none_or(|at| at.elapsed() >= DROP_LOG_EVERY);
        if !due {
            return;
        }
        let dropped = self.dropped.swap(0, Ordering::Relaxed);
        if dropped > 0 {
            eprintln!(
                "muster serve: {dropped} notification changes were not stored: the queue of {QUEUE} was full"
            );
            self.last_drop_log = Some(Instant::now());
        }
    }

    /// Whether `user` is a bot; `None` for a user who is gone or could not be read (logged).
    async fn is_bot(&mut self, user: &UserId) -> Option<bool> {
        if let Some(&bot) = self.bots.get(user) {
            return Some(bot);
        }
        match self.store.user_by_id(user).await {
            Ok(Some(found)) => {
                if self.bots.len() >= REMEMBERED_USERS {
                    self.bots.clear();
                }
                self.bots.insert(user.clone(), found.is_bot);
                Some(found.is_bot)
            }
            Ok(None) => None,
            Err(e) => {
                eprintln!("muster serve: a notification for user {user} was not stored: {e}");
                None
            }
        }
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
    // Count and list from one snapshot: a change stored in between can neither be counted
    // and missing nor listed and not counted.
    let (unread, stored) = state
        .store
        .inbox(user, limit)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let items = stored.iter().filter_map(item_of).collect();
    let unread = u32::try_from(unread).unwrap_or(u32::MAX);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn user(i: u64) -> UserId {
        UserId::parse(&format!("{:0>26}", i)).expect("a user id")
    }

    fn game(i: u64) -> GameId {
        GameId::parse(&format!("G{:0>25}", i)).expect("a game id")
    }

    fn keep(id: u64, u: u64, kind: &str, g: Option<u64>, replace: bool) -> Job {
        Job::Keep {
            notification: Notification {
                id: NotificationId::parse(&format!("{:0>26}", id)).expect("an id"),
                user_id: user(u),
                kind: kind.to_owned(),
                game_id: g.map(game),
                payload_json: "{}".to_owned(),
                created_ms: id as i64,
                read_ms: None,
                mailed_ms: None,
            },
            replace,
        }
    }

    fn settle(u: u64, kind: &str, g: u64) -> Job {
        Job::Settle {
            user: user(u),
            kind: kind.to_owned(),
            game: game(g),
        }
    }

    /// The unread notifications (id, user, kind, game) the jobs leave, done one by one the way
    /// the store does them.
    type Unread = (String, UserId, String, Option<GameId>);

    fn same(n: &Unread, u: &UserId, k: &str, g: &GameId) -> bool {
        &n.1 == u && n.2 == k && n.3.as_ref() == Some(g)
    }

    fn model(jobs: &[Job]) -> Vec<Unread> {
        let mut unread: Vec<Unread> = Vec::new();
        for job in jobs {
            match job {
                Job::Keep {
                    notification: n,
                    replace,
                } => {
                    if let (true, Some(g)) = (*replace, &n.game_id) {
                        unread.retain(|x| !same(x, &n.user_id, &n.kind, g));
                    }
                    unread.push((
                        n.id.as_str().to_owned(),
                        n.user_id.clone(),
                        n.kind.clone(),
                        n.game_id.clone(),
                    ));
                }
                Job::Settle { user, kind, game } => unread.retain(|x| !same(x, user, kind, game)),
            }
        }
        unread
    }

    #[test]
    fn of_turns_and_turns_taken_in_one_game_only_each_players_last_is_written() {
        let jobs = vec![
            settle(1, "your-turn", 7),
            keep(1, 2, "your-turn", Some(7), true),
            settle(2, "your-turn", 7),
            keep(2, 1, "your-turn", Some(7), true),
            keep(3, 1, "game-ended", Some(7), false),
            settle(1, "your-turn", 7),
            keep(4, 2, "your-turn", Some(7), true),
        ];
        let kept = coalesce(jobs);
        let slots: Vec<_> = kept
            .iter()
            .map(|j| match j {
                Job::Keep { notification, .. } => format!("keep {}", notification.id.as_str()),
                Job::Settle { user, .. } => format!("settle {user}"),
            })
            .collect();
        assert_eq!(
            slots,
            vec![
                format!("keep {:0>26}", 3),
                format!("settle {}", user(1)),
                format!("keep {:0>26}", 4),
            ],
            "each player's last turn or turn taken, and every plain notification"
        );
    }

    #[test]
    fn coalescing_leaves_exactly_what_doing_every_job_leaves() {
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let kinds = ["your-turn", "game-ended"];
        for _ in 0..500 {
            let jobs: Vec<Job> = (0..next(40))
                .map(|id| {
                    let (u, k, g) = (next(3), kinds[next(2) as usize], next(3));
                    match next(3) {
                        0 => settle(u, k, g),
                        1 => keep(id, u, k, Some(g), true),
                        _ => keep(id, u, k, (next(4) > 0).then_some(g), false),
                    }
                })
                .collect();
            let all = model(&jobs);
            let coalesced = coalesce(jobs);
            assert_eq!(model(&coalesced), all);
        }
    }
}
