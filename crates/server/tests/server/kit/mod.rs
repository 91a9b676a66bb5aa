//! The server tests' kit: what every test of the server shares, written once.
//!
//! * [`Harness`] (`boot.rs`) is the one way to start a server: the app in process on
//!   127.0.0.1 over a SQLite file in a temporary directory ([`Harness::start`]), over a
//!   fault-injecting store on one ([`Harness::start_faulty`]), or a second server on the file of
//!   another ([`Harness::on`], [`Harness::restart`]); [`Harness::stop`] stops it cleanly and
//!   checks that it served without error. It makes users with sessions and games in the store,
//!   and reads what the store holds of a game.
//! * The HTTP client (`http.rs`): one HTTP/1 request per fresh connection with hyper, any
//!   method, credentials ([`Auth`]), headers and body ([`http::send`], and on a harness
//!   [`Harness::send_with`] and its shorthands); the answer read whole ([`Reply`]) or line by
//!   line as it comes ([`EventStream`], `GET /api/stream`).
//! * The WebSocket client (`ws.rs`): [`Client`] speaks the wire protocol the way
//!   docs/server-design.md §2.3 and §2.6 say a client should, and can do what a well-behaved
//!   client never does (binary frames, raw frames, a dropped socket).
//! * Players (`play.rs`): a client's [`Picture`] of a game built only from its frames, a
//!   [`Player`] driven step by step, a [`RandomSeat`] that plays random legal moves, and
//!   [`play_seat`] that plays a seat to the end.
//! * [`until`]: the one wait with a time limit. Every wait for a frame, a line of the event
//!   stream, a closed socket or a stored condition goes through it.
//! * `secret.rs`: a MuTou setting-out stored as the server's commit path stores it; and
//!   [`over_the_wire`], a scene as a client reads it.
//!
//! The suite's binary (`main.rs`) uses all of it; `tests/memory.rs`, alone in its own binary,
//! reaches it by path and uses a little.

use std::future::Future;
use std::time::Duration;

mod boot;
pub mod http;
mod play;
pub mod secret;
mod ws;

pub use boot::{quick, spec, store_id, Harness};
pub use http::{casual, g_of, token_of, Auth, EventStream, Reply};
pub use play::{play_seat, Picture, Player, RandomSeat};
pub use ws::Client;

/// A scene as a client reads it: JSON does not carry every float exactly.
pub fn over_the_wire(scene: &muster_view::Scene) -> muster_view::Scene {
    serde_json::from_str(&serde_json::to_string(scene).expect("JSON")).expect("a scene")
}

/// The one wait with a time limit: runs `wait` (a read, or a loop that ends once what it waits
/// for is there) for at most `limit`. What it gave, or `None` when the time ran out first;
/// a loop that polls sleeps between its checks itself.
pub async fn until<T>(limit: Duration, wait: impl Future<Output = T>) -> Option<T> {
    tokio::time::timeout(limit, wait).await.ok()
}
