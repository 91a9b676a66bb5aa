//! What can go wrong talking to a muster server.

use std::time::Duration;

use muster_wire::server::Nack;
use muster_wire::NackCode;
use thiserror::Error;

/// An error of the client. Nothing the server sends makes the client panic: every surprise is
/// one of these.
#[derive(Debug, Error)]
pub enum Error {
    /// The base URL is not `http://HOST:PORT` (a path prefix is not supported).
    #[error("`{0}` is not a base URL of the form http://HOST:PORT")]
    BadUrl(String),
    /// The network failed (connect, read or write).
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// Why it failed.
        source: std::io::Error,
    },
    /// The HTTP exchange failed below the status line.
    #[error("HTTP {what}: {source}")]
    Http {
        /// The request.
        what: String,
        /// Why it failed.
        source: hyper::Error,
    },
    /// The server answered an HTTP request with an error status.
    #[error("HTTP {what} answered {status}: {reason}")]
    Status {
        /// The request.
        what: String,
        /// The status code.
        status: u16,
        /// The error code of the body, when it was an `ApiError`.
        code: Option<NackCode>,
        /// The reason of the body (or the body itself, cut short).
        reason: String,
    },
    /// A body or a frame could not be read as what it should be.
    #[error("cannot read {what}: {reason}")]
    Unreadable {
        /// What was read.
        what: String,
        /// Why it could not be.
        reason: String,
    },
    /// `POST /api/session` gave neither a `token` field nor a `muster_session` cookie.
    #[error("the session answer carries no token")]
    NoToken,
    /// The WebSocket failed.
    #[error("WebSocket: {0}")]
    WebSocket(#[from] Box<tokio_tungstenite::tungstenite::Error>),
    /// The server closed the WebSocket.
    #[error("the server closed the WebSocket")]
    Closed,
    /// Nothing came in time.
    #[error("{what}: nothing within {after:?}")]
    Timeout {
        /// What was awaited.
        what: String,
        /// How long.
        after: Duration,
    },
    /// The server refused a write in a way a retry cannot mend.
    #[error("nack {code:?} for {what}: {reason}", code = .nack.code, reason = .nack.reason)]
    Nacked {
        /// The write.
        what: String,
        /// The refusal.
        nack: Nack,
    },
    /// An acted decision was never acknowledged (the game ended, or the player stopped, with
    /// it still pending).
    #[error("the act {a:?} at ply {ply} was never acknowledged")]
    LostAck {
        /// Its ply.
        ply: u32,
        /// Its action.
        a: String,
    },
    /// The server broke the protocol (an answer that contradicts what it said before).
    #[error("protocol: {0}")]
    Protocol(String),
}

impl Error {
    /// Whether the error is the connection going away (so reconnecting may mend it), rather than
    /// a refusal or a broken promise.
    pub fn is_disconnect(&self) -> bool {
        matches!(
            self,
            Error::Io { .. } | Error::Http { .. } | Error::WebSocket(_) | Error::Closed
        )
    }
}

/// The client's results.
pub type Result<T, E = Error> = std::result::Result<T, E>;
