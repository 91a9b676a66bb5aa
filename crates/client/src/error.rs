//! What can go wrong talking to a muster server.

use std::time::Duration;

use muster_wire::close::{self, AfterClose};
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
    /// The WebSocket ended: with the server's close frame (`code` and `reason`), or without one
    /// (`code` is `None`: the network was lost, which [`close::after_close`] reads as
    /// [`close::ABNORMAL`]). A close with [`close::SIGNED_OUT`] is [`Error::SignedOut`] instead.
    #[error("{}", closed_words(*.code, .reason))]
    Closed {
        /// The close code, when a close frame came (1005 when it carried none).
        code: Option<u16>,
        /// The close frame's reason (empty when none was given).
        reason: String,
    },
    /// The credentials were ended (a logout, a revoked bot token, a password change): a
    /// WebSocket closed with [`close::SIGNED_OUT`], or the event stream's `signed-out` line.
    /// Reconnecting with the same token cannot work; sign in again.
    #[error("signed out by the server: {reason}")]
    SignedOut {
        /// Why, as the server said it.
        reason: String,
    },
    /// A frame longer than [`muster_wire::MAX_FRAME`] bytes, refused here and never sent (the
    /// server would refuse it, or close the socket for it).
    #[error("the frame is {len} bytes, more than the {max} a server reads; not sent: `{quote}`")]
    TooLarge {
        /// Its length in bytes (UTF-8).
        len: usize,
        /// The limit, [`muster_wire::MAX_FRAME`].
        max: usize,
        /// Its beginning.
        quote: String,
    },
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
    /// What a client does after this error, by the close policy of [`close::after_close`]
    /// (crates/wire/src/close.rs): a close frame's code decides; a failure of the network
    /// (I/O, HTTP below the status line, the WebSocket's transport) counts as a lost
    /// connection, [`AfterClose::Reconnect`]; the end of the credentials (a 4001 close, the
    /// stream's `signed-out` line, an HTTP 401) is [`AfterClose::SignedOut`]. `None` for an
    /// error that is not about the connection at all (a refusal, a timeout, a bad frame).
    pub fn after_close(&self) -> Option<AfterClose> {
        match self {
            Error::Closed { code, .. } => Some(close::after_close(code.unwrap_or(close::ABNORMAL))),
            Error::SignedOut { .. } | Error::Status { status: 401, .. } => {
                Some(AfterClose::SignedOut)
            }
            Error::Io { .. } | Error::Http { .. } | Error::WebSocket(_) => {
                Some(AfterClose::Reconnect)
            }
            _ => None,
        }
    }

    /// Whether the error is the connection going away in a way that reconnecting may mend
    /// ([`Error::after_close`] says [`AfterClose::Reconnect`]): a lost network, a restart, an
    /// overload. A close for this client's own behaviour (1002, 1007, 1008, 1009, …) and the
    /// end of the credentials are not.
    pub fn is_disconnect(&self) -> bool {
        self.after_close() == Some(AfterClose::Reconnect)
    }

    /// Whether the credentials no longer work ([`Error::after_close`] says
    /// [`AfterClose::SignedOut`]): [`Error::SignedOut`], or an HTTP answer 401.
    pub fn is_signed_out(&self) -> bool {
        self.after_close() == Some(AfterClose::SignedOut)
    }
}

/// [`Error::Closed`] in words: the code, its meaning and the reason.
fn closed_words(code: Option<u16>, reason: &str) -> String {
    let Some(code) = code else {
        return "the WebSocket ended without a close frame (the connection was lost)".to_owned();
    };
    let meaning = match code {
        close::NORMAL => "normal closure",
        close::GOING_AWAY => "going away",
        close::PROTOCOL_ERROR => "protocol error",
        close::BAD_DATA => "bad data",
        close::POLICY => "policy",
        close::TOO_BIG => "frame too big",
        close::INTERNAL_ERROR => "internal error",
        close::RESTART => "restarting",
        close::TRY_AGAIN_LATER => "try again later",
        close::SIGNED_OUT => "signed out",
        1005 => "no code given",
        _ => "unknown code",
    };
    match reason {
        "" => format!("the server closed the WebSocket with {code} ({meaning})"),
        reason => format!("the server closed the WebSocket with {code} ({meaning}): {reason}"),
    }
}

/// The client's results.
pub type Result<T, E = Error> = std::result::Result<T, E>;
