//! muster-wire: the browser protocol of muster as serde types, with no I/O.
//!
//! A WebSocket carries JSON text frames `{"t": <kind>, "d": <payload>}` (serde's adjacently
//! tagged enums): [`ClientMsg`] from the browser, [`ServerMsg`] to it. The HTTP API's bodies
//! are in [`http`]. The protocol, message by message, is in `docs/protocol.md`.
//!
//! Frames from outside are read with [`ClientMsg::decode`], which caps their size, never
//! panics, and says what is wrong in a [`WireError`] that maps to a `nack` code.
//!
//! With the feature `ts` every type derives `ts_rs::TS`; the TypeScript files in
//! `web/src/wire/` are generated from them and a test fails when they drift (`tests/ts.rs`).
//!
//! The crate carries the rules' and the view's values ([`muster_rules::AnyEvent`],
//! [`muster_view::Scene`], [`muster_view::TargetId`], [`muster_rules::Seat`]) but never
//! interprets an action: actions are the rules' canonical text.

pub mod client;
pub mod close;
pub mod common;
pub mod error;
pub mod http;
pub mod ids;
pub mod server;
pub mod stream;

pub use client::{
    Act, ClientMsg, Control, Ctl, LegalAsk, LobbyAsk, Ping, PreviewAsk, Say, Sub, Unsub,
};
pub use common::{
    Actor, By, ClockState, LazyGroup, LegalMove, LegalMoves, MoveEntry, Outcome, Room,
};
pub use error::{quote, NackCode, WireError, MAX_FRAME, QUOTE_LEN};
pub use ids::{AckId, AiLevel, ChallengeId, MatchId, Millis, Ply, UserId, Version, ViewHash};
pub use server::ServerMsg;
pub use stream::StreamEvent;

/// The budget for a `legal` list in bytes: above it the server sends groups
/// ([`LegalMoves::lazy`]) and the client asks for them with `legal{prefix}`.
pub const LEGAL_BUDGET: usize = 8 * 1024;

/// Writes a message as JSON text.
///
/// Writing cannot fail for these types (every map key is a string and every number is
/// finite or written as `null`), so a failure is a bug in this crate; it is reported as an
/// empty frame rather than a panic.
pub(crate) fn encode<T: serde::Serialize>(message: &T) -> String {
    serde_json::to_string(message).unwrap_or_default()
}
