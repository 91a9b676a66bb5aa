//! The connection tier, apart from the games: the HTTP side's own settings and guards —
//! which origins may act with a cookie ([`origin`]), the security headers on every answer,
//! the bounds on connections: header and idle timeouts ([`listen`]), a WebSocket's queued
//! outbound bytes ([`outbox`]) and the games one connection may follow, rate limits
//! ([`limits`]) — the WebSocket itself (`ws`), the lobby's room and feed ([`hub`],
//! `lobby_feed`), and the per-user notices with their event stream ([`notices`],
//! [`stream`]).

use std::time::Duration;

pub mod hub;
pub mod limits;
pub mod listen;
pub(crate) mod lobby_feed;
pub mod notices;
pub mod origin;
pub mod outbox;
pub mod stream;
pub(crate) mod ws;

/// How the server meets the network.
#[derive(Clone, Debug)]
pub struct NetConfig {
    /// The address people reach the server at (`--public-url`), e.g. `https://muster.example`:
    /// its origin is allowed, and with `https` the session cookie is `Secure`.
    pub public_url: Option<String>,
    /// Other origins whose pages may act with a visitor's cookie (`--allow-origin`), each as
    /// `scheme://host[:port]`.
    pub allow_origins: Vec<String>,
    /// How long a client may take to send a request's headers, and how long a kept-alive
    /// connection may wait for its next request (10 s).
    pub header_timeout: Duration,
    /// How long a connection may pass with no byte read or written before it is closed; a
    /// WebSocket or an event stream, once open, is not bound by it (60 s).
    pub idle_timeout: Duration,
    /// The most bytes queued for one WebSocket; past it the socket closes with `1008` "too
    /// slow" (1 MiB).
    pub outbox_budget: usize,
    /// The most games one WebSocket follows at once (100).
    pub max_followed: usize,
    /// How many sessions, accounts and bots one client address may create per minute, also
    /// at once (`--sessions-per-minute`; 12, with 20 at once as a start).
    pub sessions_per_minute: Option<u32>,
}

impl Default for NetConfig {
    fn default() -> Self {
        NetConfig {
            public_url: None,
            allow_origins: Vec::new(),
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            outbox_budget: 1024 * 1024,
            max_followed: 100,
            sessions_per_minute: None,
        }
    }
}

impl NetConfig {
    /// Whether the session cookie carries `Secure` (the public address is `https`).
    pub fn secure_cookies(&self) -> bool {
        self.public_url.as_deref().is_some_and(|url| {
            url.get(..8)
                .is_some_and(|s| s.eq_ignore_ascii_case("https://"))
        })
    }
}
