//! muster-store: the durable store of the muster game server.
//!
//! One schema (users, sessions, bots and their owners, challenges, games and their seats, the
//! append-only game log, snapshots, chat, ratings, notifications) with migrations per dialect,
//! run at open, on SQLite (the default: a file in WAL mode with `synchronous=FULL`) or
//! PostgreSQL, both through sqlx's `Any` driver with plain SQL that runs on both. [`Store`] is
//! the interface the server uses; [`SqlStore`] implements it; [`FaultyStore`] wraps it to
//! refuse chosen commits in tests.
//!
//! The log is the truth of a game: [`Store::commit`] appends entries and updates the game row in
//! one transaction guarded by the version the writer read, so of two writers at one version
//! exactly one wins and the other writes nothing. The same commit carries the seats that change
//! hands and, at a rated game's end, the ratings it moves. Challenges are filled by guarded
//! compare-and-set writes, and [`Store::start_challenge`] creates the game and closes the
//! challenge in one transaction. On SQLite every write transaction goes through one writer
//! connection, so concurrent writers queue instead of meeting `SQLITE_BUSY`.

mod error;
mod faulty;
mod ids;
mod kinds;
mod model;
mod row;
mod sql;
mod store;

pub use error::{Error, Result};
pub use faulty::FaultyStore;
pub use ids::{
    random_id, ChallengeId, ChatId, GameId, NotificationId, TokenHash, UserId, RANDOM_ID_LEN,
};
pub use kinds::{
    ChallengeStatus, ClockKind, GameStatus, LogKind, SeatKind, TakebackPolicy, Termination,
    Visibility,
};
pub use model::{
    Challenge, ChatLine, Commit, DueGame, Game, GameAndLog, GameEnd, Keyed, Lease, LeaseTaken,
    LogEntry, NewChallenge, NewGame, NewUser, Notification, NotificationChange, PrefsSwap, Rating,
    RatingUpdate, Seat, SeatChange, SeatResult, Session, Snapshot, StoredEntry, User,
    KEY_LIFETIME_MS, MAX_KEY_BYTES,
};
pub use sql::{Backend, Bus, Heard, Listener, SqlStore, MAX_NOTE_BYTES};
pub use store::Store;
