//! Refusals: the `nack` codes, and [`WireError`], what reading a frame from outside can say.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::client::ClientMsg;
use crate::ids::AckId;

/// The largest client frame read, in bytes; a longer one is refused before it is parsed.
/// The largest honest frame is a `preview` of a few MuTou actions or a chat line, well below.
pub const MAX_FRAME: usize = 16 * 1024;

/// How much of a bad frame an error quotes, in characters.
pub const QUOTE_LEN: usize = 80;

/// How much of serde's account of a bad frame an error keeps, in characters. serde quotes the
/// values it refuses (a room, a control word, a field name) in full, and a frame may hold 16 KiB
/// of them; the cut keeps every `nack` short. The longest honest account, an unknown control word
/// followed by the eighteen words there are, fits.
pub const DETAIL_LEN: usize = 400;

/// Why a frame or a write was refused (`nack.code`, and the HTTP error body's `code`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum NackCode {
    /// The action text is not an action of this game.
    Parse,
    /// The action is not legal here (`rule` names the rule).
    Illegal,
    /// The write was made on an older ply or view; the missing entries (or `full`) follow.
    Stale,
    /// It is not this seat's decision.
    Turn,
    /// The game is over.
    Over,
    /// The store failed; nothing changed; resend.
    Storage,
    /// Too many frames; slow down.
    Rate,
    /// Not JSON, not a `{"t", "d"}` frame, or a field missing or of the wrong type.
    Malformed,
    /// A `t` the server does not know.
    Unknown,
    /// A frame above [`MAX_FRAME`].
    TooLarge,
    /// The connection holds no seat in this game (a watcher acting, or another seat's write).
    NotSeated,
    /// No such game, challenge or user.
    NotFound,
    /// The control is not allowed now (an abort after the opening, a takeback the policy
    /// forbids, an offer with none standing).
    Refused,
    /// HTTP: a value that reads but is not acceptable (a bad name, a password too short).
    Invalid,
    /// HTTP: no session, an expired one, or a wrong name or password.
    Unauthorized,
    /// HTTP: the session's user may not do this.
    Forbidden,
    /// HTTP: the name is taken (compared case-insensitively).
    Taken,
}

impl NackCode {
    /// Every code.
    pub const ALL: [NackCode; 17] = [
        NackCode::Parse,
        NackCode::Illegal,
        NackCode::Stale,
        NackCode::Turn,
        NackCode::Over,
        NackCode::Storage,
        NackCode::Rate,
        NackCode::Malformed,
        NackCode::Unknown,
        NackCode::TooLarge,
        NackCode::NotSeated,
        NackCode::NotFound,
        NackCode::Refused,
        NackCode::Invalid,
        NackCode::Unauthorized,
        NackCode::Forbidden,
        NackCode::Taken,
    ];
}

/// Why a frame from outside could not be read. Each variant quotes a bounded prefix of the
/// frame (at most [`QUOTE_LEN`] characters) and maps to a [`NackCode`] ([`WireError::code`]).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum WireError {
    /// Longer than [`MAX_FRAME`]; not parsed at all.
    #[error("the frame is {len} bytes, more than the {max} allowed: `{quote}`")]
    TooLarge {
        /// Its length in bytes.
        len: usize,
        /// The limit.
        max: usize,
        /// Its beginning.
        quote: String,
    },
    /// Not JSON.
    #[error("the frame is not JSON ({detail}): `{quote}`")]
    NotJson {
        /// serde_json's account, with line and column (at most [`DETAIL_LEN`] characters).
        detail: String,
        /// Its beginning.
        quote: String,
    },
    /// JSON, but not an object with a string `t`.
    #[error("the frame is not {{\"t\": <kind>, \"d\": <payload>}}: `{quote}`")]
    NotFrame {
        /// Its beginning.
        quote: String,
    },
    /// A `t` no client message has.
    #[error("`{t}` is not a message kind (expected one of {kinds}): `{quote}`")]
    UnknownKind {
        /// The kind given (bounded).
        t: String,
        /// The kinds there are.
        kinds: String,
        /// Its beginning.
        quote: String,
    },
    /// A known `t` whose payload is missing a field, has one of the wrong type, or an
    /// unknown one.
    #[error("bad `{t}` frame: {detail}: `{quote}`")]
    BadPayload {
        /// The kind.
        t: String,
        /// The payload's ack id, when it has a readable one: the `nack` quotes it so that the
        /// client drops the write from its outbox instead of resending it forever.
        id: Option<AckId>,
        /// serde's account of the field (at most [`DETAIL_LEN`] characters, with `…` when cut).
        detail: String,
        /// Its beginning.
        quote: String,
    },
}

impl WireError {
    /// The `nack` code for this error.
    pub fn code(&self) -> NackCode {
        match self {
            WireError::TooLarge { .. } => NackCode::TooLarge,
            WireError::NotJson { .. } | WireError::NotFrame { .. } => NackCode::Malformed,
            WireError::UnknownKind { .. } => NackCode::Unknown,
            WireError::BadPayload { .. } => NackCode::Malformed,
        }
    }

    /// The ack id of the refused write, when the frame was read far enough to find one.
    pub fn ack_id(&self) -> Option<AckId> {
        match self {
            WireError::BadPayload { id, .. } => *id,
            _ => None,
        }
    }

    /// The `nack` frame answering this error.
    pub fn nack(&self) -> crate::server::Nack {
        crate::server::Nack {
            id: self.ack_id(),
            g: None,
            code: self.code(),
            reason: self.to_string(),
            rule: None,
        }
    }
}

/// At most [`QUOTE_LEN`] characters of `text`, with `…` when cut.
pub fn quote(text: &str) -> String {
    cut(text, QUOTE_LEN)
}

/// At most `len` characters of `text`, with `…` when cut.
fn cut(text: &str, len: usize) -> String {
    match text.char_indices().nth(len) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

impl ClientMsg {
    /// Reads a frame from a browser: refuses anything above [`MAX_FRAME`] bytes before
    /// parsing, then tells apart text that is not JSON, JSON that is not a frame, an unknown
    /// `t`, and a bad payload. Never panics, whatever the text (serde_json bounds nesting).
    pub fn decode(text: &str) -> Result<ClientMsg, WireError> {
        if text.len() > MAX_FRAME {
            return Err(WireError::TooLarge {
                len: text.len(),
                max: MAX_FRAME,
                quote: quote(text),
            });
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| WireError::NotJson {
                detail: cut(&e.to_string(), DETAIL_LEN),
                quote: quote(text),
            })?;
        let Some(t) = value.get("t").and_then(serde_json::Value::as_str) else {
            return Err(WireError::NotFrame { quote: quote(text) });
        };
        if !ClientMsg::KINDS.contains(&t) {
            return Err(WireError::UnknownKind {
                t: quote(t),
                kinds: ClientMsg::KINDS.join(", "),
                quote: quote(text),
            });
        }
        let t = t.to_owned();
        let id = value
            .get("d")
            .and_then(|d| d.get("id"))
            .and_then(serde_json::Value::as_u64)
            .and_then(|id| u32::try_from(id).ok())
            .map(AckId);
        serde_json::from_value(value).map_err(|e| WireError::BadPayload {
            t,
            id,
            detail: cut(&e.to_string(), DETAIL_LEN),
            quote: quote(text),
        })
    }
}
