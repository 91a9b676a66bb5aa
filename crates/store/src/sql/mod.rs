//! [`SqlStore`]: the [`Store`] on SQLite or PostgreSQL through sqlx's `Any` driver.

mod batch;
mod bots;
pub(crate) mod bus;
mod challenges;
mod commit;
mod games;
mod keys;
mod leases;
mod listings;
mod social;
mod users;

pub use bus::{Bus, Heard, Listener, MAX_NOTE_BYTES};

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use sqlx::any::{AnyPoolOptions, AnyQueryResult};
use sqlx::{Any, AnyPool, Executor, Transaction};

use crate::error::{Error, Result};
use crate::ids::{ChallengeId, GameId, TokenHash, UserId};
use crate::kinds::{ChallengeStatus, GameStatus};
use crate::model::{
    Challenge, ChatLine, Commit, DueGame, Game, GameAndLog, Keyed, Lease, LeaseTaken, NewChallenge,
    NewGame, NewUser, Notification, NotificationChange, PrefsSwap, Rating, Session, Snapshot,
    StoredEntry, User,
};
use crate::store::Store;

/// Which database a [`SqlStore`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// Called inside every write transaction just before `COMMIT`; an error rolls it back.
pub(crate) type CommitHook = Arc<dyn Fn() -> Result<()> + Send + Sync>;

/// The store on a database pool. Cheap to clone (the pools are shared).
///
/// On SQLite, write transactions go through a pool of exactly one connection, the writer, and
/// reads through a pool of several: writers queue for the writer instead of meeting
/// `SQLITE_BUSY`, and readers (WAL) never wait for them. On PostgreSQL both are one pool.
#[derive(Clone)]
pub struct SqlStore {
    pool: AnyPool,
    writer: AnyPool,
    backend: Backend,
    hook: Option<CommitHook>,
    /// SQLite: the queue of the group-commit writer (`batch.rs`).
    batcher: batch::Queue,
    /// PostgreSQL: the URL, for the bus's listeners (`bus.rs`).
    url: Option<String>,
}

impl fmt::Debug for SqlStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SqlStore")
            .field("backend", &self.backend)
            .field("hook", &self.hook.is_some())
            .finish()
    }
}

/// How long a SQLite connection waits for the write lock before giving up (another process,
/// or a write made through [`SqlStore::pool`], can still hold it).
const SQLITE_BUSY_TIMEOUT_MS: u32 = 10_000;

/// How long a caller waits for a connection (for SQLite writers: for its turn at the writer).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(30);

/// The pool options of a backend, with its connection settings.
fn pool_options(backend: Backend, max_connections: u32) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .after_connect(move |conn, _meta| {
            Box::pin(async move {
                let settings: &[&str] = match backend {
                    Backend::Sqlite => &[
                        "PRAGMA journal_mode = WAL",
                        "PRAGMA synchronous = FULL",
                        "PRAGMA foreign_keys = ON",
                    ],
                    Backend::Postgres => &["SET synchronous_commit = on"],
                };
                for sql in settings {
                    conn.execute(*sql).await?;
                }
                if backend == Backend::Sqlite {
                    conn.execute(
                        format!("PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}").as_str(),
                    )
                    .await?;
                }
                Ok(())
            })
        })
}

impl SqlStore {
    /// Opens (and migrates) the database at `url`:
    ///
    /// - `sqlite://path` or `sqlite:path`: the file, created if missing; every connection runs
    ///   in WAL mode with `synchronous=FULL`, a busy timeout and foreign keys on; one writer
    ///   connection and a pool of readers. In-memory databases are refused: a pool would give
    ///   each connection its own empty one.
    /// - `postgres://…` or `postgresql://…`: with `synchronous_commit=on`.
    pub async fn open(url: &str) -> Result<Self> {
        sqlx::any::install_default_drivers();
        let bad = |why| Error::BadUrl {
            url: url.to_owned(),
            why,
        };
        let (backend, connect_url) = if let Some(rest) = url.strip_prefix("sqlite:") {
            let path = rest.trim_start_matches("//");
            let path = path.split('?').next().unwrap_or_default();
            if path.is_empty() || path == ":memory:" || url.contains("mode=memory") {
                return Err(bad(
                    "an in-memory or unnamed SQLite database cannot back a pool",
                ));
            }
            let url = if url.contains('?') {
                url.to_owned()
            } else {
                format!("{url}?mode=rwc")
            };
            (Backend::Sqlite, url)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            (Backend::Postgres, url.to_owned())
        } else {
            return Err(bad("expected sqlite://<file> or postgres://…"));
        };
        let (pool, writer) = match backend {
            Backend::Sqlite => {
                let writer = pool_options(backend, 1).connect(&connect_url).await?;
                let readers = pool_options(backend, 4).connect(&connect_url).await?;
                (readers, writer)
            }
            Backend::Postgres => {
                let pool = pool_options(backend, 8).connect(&connect_url).await?;
                (pool.clone(), pool)
            }
        };
        let migrator = match backend {
            Backend::Sqlite => sqlx::migrate!("./migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("./migrations/postgres"),
        };
        migrator.run(&writer).await?;
        Ok(SqlStore {
            pool,
            writer,
            backend,
            hook: None,
            batcher: Arc::new(tokio::sync::OnceCell::new()),
            url: (backend == Backend::Postgres).then(|| connect_url.clone()),
        })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The reading pool, for what the typed API does not cover (tests use it to corrupt rows).
    /// A write through it bypasses the SQLite writer and may wait for it.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes every connection; the store is unusable afterwards.
    pub async fn close(&self) {
        self.pool.close().await;
        self.writer.close().await;
    }

    pub(crate) fn set_hook(&mut self, hook: CommitHook) {
        self.hook = Some(hook);
        // A writer task started before runs without the hook: this store gets its own.
        self.batcher = Arc::new(tokio::sync::OnceCell::new());
    }

    /// A write transaction, on the writer.
    async fn begin(&self) -> Result<Transaction<'static, Any>> {
        Ok(self.writer.begin().await?)
    }

    /// A read-only transaction on the reading pool: every statement in it reads one
    /// consistent snapshot, so rows that one commit changed together are seen together.
    ///
    /// On SQLite a deferred `BEGIN` in WAL mode takes its snapshot at the first read and keeps
    /// it to the end. On PostgreSQL the default READ COMMITTED gives each *statement* a
    /// snapshot of its own, so the transaction is made REPEATABLE READ (one snapshot from its
    /// first statement); being READ ONLY, it can never fail with a serialization error.
    async fn begin_read(&self) -> Result<Transaction<'static, Any>> {
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres {
            tx.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                .await?;
        }
        Ok(tx)
    }

    /// Runs the commit hook, then commits; a hook error rolls back.
    async fn finish(&self, tx: Transaction<'static, Any>) -> Result<()> {
        if let Some(hook) = &self.hook {
            if let Err(e) = hook() {
                tx.rollback().await?;
                return Err(e);
            }
        }
        tx.commit().await?;
        Ok(())
    }
}

/// Whether a statement changed exactly one row.
fn one_row(result: &AnyQueryResult) -> bool {
    result.rows_affected() == 1
}

#[async_trait]
impl Store for SqlStore {
    async fn create_user(&self, user: &NewUser) -> Result<User> {
        users::create_user(self, user).await
    }

    async fn user_by_id(&self, id: &UserId) -> Result<Option<User>> {
        users::user_by_id(self, id).await
    }

    async fn user_by_name(&self, name: &str) -> Result<Option<User>> {
        users::user_by_name(self, name).await
    }

    async fn set_user_prefs(&self, id: &UserId, prefs_json: &str) -> Result<bool> {
        users::set_user_prefs(self, id, prefs_json).await
    }

    async fn swap_user_prefs(
        &self,
        id: &UserId,
        expected: &str,
        prefs_json: &str,
    ) -> Result<PrefsSwap> {
        users::swap_user_prefs(self, id, expected, prefs_json).await
    }

    async fn create_bot(&self, bot: &NewUser, owner: &UserId) -> Result<User> {
        bots::create_bot(self, bot, owner).await
    }

    async fn bots_of(&self, owner: &UserId, limit: u32) -> Result<Vec<User>> {
        bots::bots_of(self, owner, limit).await
    }

    async fn bot_owner(&self, bot_id: &UserId) -> Result<Option<UserId>> {
        bots::bot_owner(self, bot_id).await
    }

    async fn replace_bot_token(
        &self,
        bot_id: &UserId,
        prefs_json: &str,
        session: &Session,
    ) -> Result<Option<Vec<TokenHash>>> {
        bots::replace_bot_token(self, bot_id, prefs_json, session).await
    }

    async fn insert_session(&self, session: &Session) -> Result<()> {
        users::insert_session(self, session).await
    }

    async fn change_password(
        &self,
        user_id: &UserId,
        pw_hash: &str,
        keep: Option<&TokenHash>,
    ) -> Result<Option<Vec<TokenHash>>> {
        users::change_password(self, user_id, pw_hash, keep).await
    }

    async fn find_session(&self, token_hash: &TokenHash) -> Result<Option<Session>> {
        users::find_session(self, token_hash).await
    }

    async fn touch_session(
        &self,
        token_hash: &TokenHash,
        seen_ms: i64,
        expires_ms: i64,
    ) -> Result<bool> {
        users::touch_session(self, token_hash, seen_ms, expires_ms).await
    }

    async fn delete_session(&self, token_hash: &TokenHash) -> Result<bool> {
        users::delete_session(self, token_hash).await
    }

    async fn delete_expired_sessions(&self, now_ms: i64) -> Result<u64> {
        users::delete_expired_sessions(self, now_ms).await
    }

    async fn sessions_of_user(&self, user_id: &UserId) -> Result<Vec<Session>> {
        users::sessions_of_user(self, user_id).await
    }

    async fn create_challenge(&self, challenge: &NewChallenge) -> Result<Challenge> {
        challenges::create_challenge(self, challenge).await
    }

    async fn create_keyed_challenge(&self, challenge: &NewChallenge, key: &str) -> Result<Keyed> {
        keys::create_keyed_challenge(self, challenge, key).await
    }

    async fn load_challenge(&self, id: &ChallengeId) -> Result<Option<Challenge>> {
        challenges::load_challenge(self, id).await
    }

    async fn open_challenges(&self, now_ms: i64, limit: u32) -> Result<Vec<Challenge>> {
        challenges::open_challenges(self, now_ms, limit).await
    }

    async fn open_challenges_naming(
        &self,
        user_id: &UserId,
        now_ms: i64,
        limit: u32,
    ) -> Result<Vec<Challenge>> {
        challenges::open_challenges_naming(self, user_id, now_ms, limit).await
    }

    async fn update_challenge_seats(
        &self,
        id: &ChallengeId,
        expected_seat_spec_json: &str,
        new_seat_spec_json: &str,
    ) -> Result<bool> {
        challenges::update_challenge_seats(self, id, expected_seat_spec_json, new_seat_spec_json)
            .await
    }

    async fn set_challenge_status(
        &self,
        id: &ChallengeId,
        from: ChallengeStatus,
        to: ChallengeStatus,
    ) -> Result<bool> {
        challenges::set_challenge_status(self, id, from, to).await
    }

    async fn start_challenge(
        &self,
        id: &ChallengeId,
        expected_seat_spec_json: &str,
        final_seat_spec_json: &str,
        game: &NewGame,
    ) -> Result<bool> {
        challenges::start_challenge(
            self,
            id,
            expected_seat_spec_json,
            final_seat_spec_json,
            game,
        )
        .await
    }

    async fn expire_challenges(&self, now_ms: i64) -> Result<u64> {
        challenges::expire_challenges(self, now_ms).await
    }

    async fn create_game(&self, game: &NewGame) -> Result<()> {
        games::create_game(self, game).await
    }

    async fn load_game(&self, id: &GameId) -> Result<Option<Game>> {
        games::load_game(self, id).await
    }

    async fn load_game_and_log(&self, id: &GameId) -> Result<Option<GameAndLog>> {
        games::load_game_and_log(self, id).await
    }

    async fn commit(&self, id: &GameId, expected_version: i64, commit: &Commit) -> Result<i64> {
        commit::commit(self, id, expected_version, commit).await
    }

    async fn log_after(&self, id: &GameId, after_version: i64) -> Result<Vec<StoredEntry>> {
        games::log_after(self, id, after_version).await
    }

    async fn games_of_user(
        &self,
        user_id: &UserId,
        statuses: &[GameStatus],
        limit: u32,
    ) -> Result<Vec<Game>> {
        listings::games_of_user(self, user_id, statuses, limit).await
    }

    async fn games_by_status(&self, statuses: &[GameStatus], limit: u32) -> Result<Vec<Game>> {
        listings::games_by_status(self, statuses, limit).await
    }

    async fn games_due(&self, before_ms: i64, limit: u32) -> Result<Vec<DueGame>> {
        listings::games_due(self, before_ms, limit).await
    }

    async fn running_games(&self) -> Result<Vec<GameId>> {
        listings::running_games(self).await
    }

    async fn take_lease(
        &self,
        id: &GameId,
        node: &str,
        now_ms: i64,
        ttl_ms: i64,
    ) -> Result<LeaseTaken> {
        leases::take_lease(self, id, node, now_ms, ttl_ms).await
    }

    async fn renew_leases(&self, node: &str, ids: &[GameId], until_ms: i64) -> Result<Vec<GameId>> {
        leases::renew_leases(self, node, ids, until_ms).await
    }

    async fn release_lease(&self, id: &GameId, node: &str) -> Result<bool> {
        leases::release_lease(self, id, node).await
    }

    async fn lease(&self, id: &GameId) -> Result<Option<Lease>> {
        leases::lease(self, id).await
    }

    async fn lapsed_leases(&self, now_ms: i64, limit: u32) -> Result<Vec<GameId>> {
        leases::lapsed_leases(self, now_ms, limit).await
    }

    async fn put_snapshot(&self, id: &GameId, snapshot: &Snapshot) -> Result<()> {
        games::put_snapshot(self, id, snapshot).await
    }

    async fn latest_snapshot(&self, id: &GameId, max_ply: i64) -> Result<Option<Snapshot>> {
        games::latest_snapshot(self, id, max_ply).await
    }

    async fn rating(&self, user_id: &UserId, pool: &str) -> Result<Option<Rating>> {
        social::rating(self, user_id, pool).await
    }

    async fn ratings_of(&self, user_id: &UserId) -> Result<Vec<Rating>> {
        social::ratings_of(self, user_id).await
    }

    async fn insert_chat(&self, line: &ChatLine) -> Result<()> {
        social::insert_chat(self, line).await
    }

    async fn chat_lines(&self, room: &str, limit: u32) -> Result<Vec<ChatLine>> {
        social::chat_lines(self, room, limit).await
    }

    async fn insert_notification(&self, notification: &Notification) -> Result<()> {
        social::insert_notification(self, notification).await
    }

    async fn replace_notification(&self, notification: &Notification) -> Result<()> {
        social::replace_notification(self, notification).await
    }

    async fn unread_notifications(&self, user_id: &UserId) -> Result<u64> {
        social::unread_notifications(self, user_id).await
    }

    async fn notifications_of(
        &self,
        user_id: &UserId,
        unread_only: bool,
        limit: u32,
    ) -> Result<Vec<Notification>> {
        social::notifications_of(self, user_id, unread_only, limit).await
    }

    async fn mark_notifications_read(&self, user_id: &UserId, up_to_ms: i64) -> Result<u64> {
        social::mark_notifications_read(self, user_id, up_to_ms).await
    }

    async fn drop_unread_game_notifications(
        &self,
        user_id: &UserId,
        kind: &str,
        game_id: &GameId,
    ) -> Result<u64> {
        social::drop_unread_game_notifications(self, user_id, kind, game_id).await
    }

    async fn inbox(&self, user_id: &UserId, limit: u32) -> Result<(u64, Vec<Notification>)> {
        social::inbox(self, user_id, limit).await
    }

    async fn change_notifications(&self, changes: &[NotificationChange]) -> Result<()> {
        social::change_notifications(self, changes).await
    }
}
