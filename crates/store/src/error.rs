//! The one error type of the store.

use crate::ids::{GameId, UserId};

/// Everything the store can refuse or fail with. Messages quote the offending input.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The URL names no backend the store speaks (or an in-memory SQLite database, which a pool
    /// would split into one empty database per connection).
    #[error("unsupported database url {url:?}: {why}")]
    BadUrl {
        /// The URL as given.
        url: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// The database or the driver failed.
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// A migration could not be applied.
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A guarded write named a version the game no longer has: another writer got there first.
    /// Nothing was written.
    #[error(
        "stale write to game {game}: expected version {expected}, the stored version is {actual}"
    )]
    Stale {
        /// The game written to.
        game: GameId,
        /// The version the writer believed current.
        expected: i64,
        /// The version actually stored.
        actual: i64,
    },
    /// A rating the commit moves is no longer the one it was computed from (another rated
    /// game of the user in the pool ended in between); nothing of the commit was stored. Read
    /// the ratings again and commit again.
    #[error(
        "the rating of {user} in {pool} moved since it was read (it has {games} games): \
         nothing was stored"
    )]
    RatingMoved {
        /// Whose rating.
        user: UserId,
        /// The pool.
        pool: String,
        /// The rated games stored in the pool now (0: no rating yet).
        games: i64,
    },
    /// No game with this id is stored.
    #[error("no game {0}")]
    NoGame(GameId),
    /// The user name (compared case-insensitively) belongs to someone else.
    #[error("the name {name:?} is taken")]
    NameTaken {
        /// The name asked for.
        name: String,
    },
    /// The user name is not acceptable.
    #[error("bad user name {name:?}: {why}")]
    BadName {
        /// The name asked for.
        name: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// An idempotency key that is empty or longer than [`crate::MAX_KEY_BYTES`].
    #[error("bad idempotency key {0:?}: expected 1 to 200 bytes")]
    BadKey(String),
    /// Racing creations with one idempotency key kept taking it from each other; nothing was
    /// written (try again).
    #[error("idempotency key {0:?} kept changing hands: no challenge was created")]
    KeyContended(String),
    /// A session token hash that is not 32 to 128 lower-case hex digits.
    #[error("bad session token hash {0:?}: expected 32 to 128 lower-case hex digits")]
    BadTokenHash(String),
    /// A note the bus cannot carry: a bad channel name or too long a payload.
    #[error("bad note for the bus: {0}")]
    BadNote(String),
    /// A value read from the database that the store does not understand (a corrupted row or a
    /// newer schema).
    #[error("bad value in {table}.{column}: {value:?}")]
    BadValue {
        /// The table read.
        table: &'static str,
        /// The column read.
        column: &'static str,
        /// The value found, as text.
        value: String,
    },
    /// A write that is inconsistent in itself: a commit without entries, a game end with a
    /// running status or naming a seat the game lacks, seats not numbered `0..n` in order.
    #[error("bad write to game {game}: {why}")]
    BadWrite {
        /// The game written to.
        game: GameId,
        /// What is wrong.
        why: String,
    },
    /// The transaction a commit was written in with others failed; nothing of it was stored.
    #[error("the group commit failed: {0}")]
    Batch(String),
    /// A commit refused on purpose by [`crate::FaultyStore`]; the transaction was rolled back.
    #[error("injected fault: commit #{0} refused")]
    Injected(u64),
}

/// The store's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
