//! [`SqlStore`]: the [`Store`] on SQLite or PostgreSQL through sqlx's `Any` driver.

mod games;
mod users;

use std::fmt;
use std::sync::Arc;

use async_trait::async_trait;
use sqlx::any::{AnyPoolOptions, AnyQueryResult};
use sqlx::{Any, AnyPool, Executor, Transaction};

use crate::error::{Error, Result};
use crate::ids::{GameId, TokenHash, UserId};
use crate::model::{Commit, Game, NewGame, NewUser, Session, Snapshot, StoredEntry, User};
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

/// The store on a database pool. Cheap to clone (the pool is shared).
#[derive(Clone)]
pub struct SqlStore {
    pool: AnyPool,
    backend: Backend,
    hook: Option<CommitHook>,
}

impl fmt::Debug for SqlStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SqlStore")
            .field("backend", &self.backend)
            .field("hook", &self.hook.is_some())
            .finish()
    }
}

/// How long a SQLite connection waits for the write lock before giving up.
const SQLITE_BUSY_TIMEOUT_MS: u32 = 10_000;

impl SqlStore {
    /// Opens (and migrates) the database at `url`:
    ///
    /// - `sqlite://path` or `sqlite:path`: the file, created if missing; every connection runs
    ///   in WAL mode with `synchronous=FULL`, a busy timeout and foreign keys on. In-memory
    ///   databases are refused: a pool would give each connection its own empty one.
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
        let pool = AnyPoolOptions::new()
            .max_connections(match backend {
                Backend::Sqlite => 4,
                Backend::Postgres => 8,
            })
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
            .connect(&connect_url)
            .await?;
        let migrator = match backend {
            Backend::Sqlite => sqlx::migrate!("./migrations/sqlite"),
            Backend::Postgres => sqlx::migrate!("./migrations/postgres"),
        };
        migrator.run(&pool).await?;
        Ok(SqlStore {
            pool,
            backend,
            hook: None,
        })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The pool, for what the typed API does not cover (tests use it to corrupt rows).
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes every connection; the store is unusable afterwards.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    pub(crate) fn set_hook(&mut self, hook: CommitHook) {
        self.hook = Some(hook);
    }

    async fn begin(&self) -> Result<Transaction<'static, Any>> {
        Ok(self.pool.begin().await?)
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

    async fn insert_session(&self, session: &Session) -> Result<()> {
        users::insert_session(self, session).await
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

    async fn create_game(&self, game: &NewGame) -> Result<()> {
        games::create_game(self, game).await
    }

    async fn load_game(&self, id: &GameId) -> Result<Option<Game>> {
        games::load_game(self, id).await
    }

    async fn commit(&self, id: &GameId, expected_version: i64, commit: &Commit) -> Result<i64> {
        games::commit(self, id, expected_version, commit).await
    }

    async fn log_after(&self, id: &GameId, after_version: i64) -> Result<Vec<StoredEntry>> {
        games::log_after(self, id, after_version).await
    }

    async fn put_snapshot(&self, id: &GameId, snapshot: &Snapshot) -> Result<()> {
        games::put_snapshot(self, id, snapshot).await
    }

    async fn latest_snapshot(&self, id: &GameId, max_ply: i64) -> Result<Option<Snapshot>> {
        games::latest_snapshot(self, id, max_ply).await
    }
}
