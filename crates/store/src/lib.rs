//! muster-store: the durable store of the muster game server.
//!
//! One schema (users, sessions, challenges, games and their seats, the append-only game log,
//! snapshots, chat, ratings, notifications) with migrations per dialect, run at open, on SQLite
//! (the default: a file in WAL mode with `synchronous=FULL`) or PostgreSQL, both through sqlx's
//! `Any` driver with plain SQL that runs on both. [`Store`] is the interface the server uses;
//! [`SqlStore`] implements it; [`FaultyStore`] wraps it to refuse chosen commits in tests.
//!
//! The log is the truth of a game: [`Store::commit`] appends entries and updates the game row in
//! one transaction guarded by the version the writer read, so of two writers at one version
//! exactly one wins and the other writes nothing.

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
pub use ids::{GameId, TokenHash, UserId};
pub use kinds::{ClockKind, GameStatus, LogKind, SeatKind, TakebackPolicy};
pub use model::{
    Commit, Game, GameEnd, LogEntry, NewGame, NewUser, Seat, SeatResult, Session, Snapshot,
    StoredEntry, User,
};
pub use sql::{Backend, SqlStore};
pub use store::Store;
