//! The `Store` trait: what the server asks of durable storage.

use async_trait::async_trait;

use crate::error::Result;
use crate::ids::{GameId, TokenHash, UserId};
use crate::model::{Commit, Game, NewGame, NewUser, Session, Snapshot, StoredEntry, User};

/// Durable storage for the game server. Every write is one transaction: when a method returns
/// `Ok`, its effect is committed (and durable: SQLite `synchronous=FULL`, PostgreSQL
/// `synchronous_commit=on`); when it returns `Err`, nothing of it was written.
#[async_trait]
pub trait Store: Send + Sync {
    /// Creates a user. Names are unique case-insensitively: [`Error::NameTaken`] when another
    /// user's name has the same lower-cased form; [`Error::BadName`] for an unacceptable one.
    ///
    /// [`Error::NameTaken`]: crate::Error::NameTaken
    /// [`Error::BadName`]: crate::Error::BadName
    async fn create_user(&self, user: &NewUser) -> Result<User>;
    /// The user with this id.
    async fn user_by_id(&self, id: &UserId) -> Result<Option<User>>;
    /// The user whose name equals `name` case-insensitively.
    async fn user_by_name(&self, name: &str) -> Result<Option<User>>;

    /// Stores a session (by the hash of its token).
    async fn insert_session(&self, session: &Session) -> Result<()>;
    /// The session with this token hash, expired or not (the caller compares `expires_ms`).
    async fn find_session(&self, token_hash: &TokenHash) -> Result<Option<Session>>;
    /// Marks a session used and moves its expiry; `false` if there is no such session.
    async fn touch_session(
        &self,
        token_hash: &TokenHash,
        seen_ms: i64,
        expires_ms: i64,
    ) -> Result<bool>;
    /// Deletes a session; `false` if there was none.
    async fn delete_session(&self, token_hash: &TokenHash) -> Result<bool>;

    /// Creates a game with its seats, at version 0 and ply 0.
    async fn create_game(&self, game: &NewGame) -> Result<()>;
    /// The game with its seats.
    async fn load_game(&self, id: &GameId) -> Result<Option<Game>>;
    /// Appends `commit.entries` as versions `expected_version + 1 ..` and updates the game row,
    /// guarded by `version = expected_version`; on a game end also writes the seats' scores and
    /// ranks. All in one transaction. Returns the new version. A writer whose `expected_version`
    /// is no longer stored gets [`Error::Stale`] and writes nothing.
    ///
    /// [`Error::Stale`]: crate::Error::Stale
    async fn commit(&self, id: &GameId, expected_version: i64, commit: &Commit) -> Result<i64>;
    /// The log entries with a version above `after_version`, in order.
    async fn log_after(&self, id: &GameId, after_version: i64) -> Result<Vec<StoredEntry>>;

    /// Stores a snapshot; storing the same ply again keeps the first.
    async fn put_snapshot(&self, id: &GameId, snapshot: &Snapshot) -> Result<()>;
    /// The latest snapshot at or before `max_ply`.
    async fn latest_snapshot(&self, id: &GameId, max_ply: i64) -> Result<Option<Snapshot>>;
}
