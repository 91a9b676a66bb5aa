//! muster-client: a Rust client of the muster web protocol (docs/protocol.md,
//! docs/server-design.md §2.3).
//!
//! - [`Client`]: a session (a guest's, or from a token) and the HTTP calls a player needs:
//!   challenges, joining, game summaries and records. Every request carries
//!   `Authorization: Bearer <token>`.
//! - [`Connection`]: one WebSocket to `/ws`, sending [`muster_wire::ClientMsg`] and receiving
//!   [`muster_wire::ServerMsg`] with timeouts, and reconnecting when the close policy
//!   ([`muster_wire::close::after_close`]) says so: a 4001 close is [`Error::SignedOut`], a
//!   close for the client's own behaviour is [`Error::Closed`] and is not reconnected, and a
//!   frame above [`muster_wire::MAX_FRAME`] is refused before it is sent.
//! - [`GameView`]: one game's picture kept from the versioned stream by its rules (apply
//!   `last + 1` only, ignore repeats, resubscribe on a gap, `full` replaces).
//! - [`Events`]: the user's event stream (`GET /api/stream`): challenges that await them,
//!   games started and ended (its `signed-out` line is [`Error::SignedOut`]); with
//!   [`Client::my_challenges`] and [`Client::decline`].
//! - [`play_random`]: a seat played to the end with random legal moves, acks awaited and
//!   unacked acts resent after a reconnection.
//!
//! The binary `muster-load` drives a server with many such clients and reports latencies.

pub mod conn;
pub mod error;
pub mod events;
pub mod http;
pub mod play;
pub mod view;

pub use conn::Connection;
pub use error::{Error, Result};
pub use events::Events;
pub use http::{loopback_address, Client};
pub use play::{play_random, play_random_with, AckedAct, PlayOptions, PlayReport, SentLog};
pub use view::{Applied, GameView, Played};
