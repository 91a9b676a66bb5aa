//! Typed ids. Users, games and the rest are named by ULIDs stored as TEXT; sessions by the hash
//! of their token (the token itself is never stored).

use std::fmt;

use crate::error::{Error, Result};

macro_rules! ulid_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(String);

        impl $name {
            /// A fresh id (a ULID: time-ordered, 26 characters).
            pub fn generate() -> Self {
                Self(ulid::Ulid::new().to_string())
            }

            /// Wraps an id read from outside (a URL, a row). Any non-empty text without control
            /// characters of at most 64 bytes is accepted, so ids made elsewhere still load.
            pub fn parse(text: &str) -> Option<Self> {
                let ok = !text.is_empty()
                    && text.len() <= 64
                    && !text.chars().any(char::is_control);
                ok.then(|| Self(text.to_owned()))
            }

            /// The id as stored.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

ulid_id!(
    /// The id of a user (`users.id`).
    UserId
);
ulid_id!(
    /// The id of one played game (`games.id`); not to be confused with the rules' game kind.
    GameId
);
ulid_id!(
    /// The id of a challenge (`challenges.id`): an invitation that becomes a game.
    ChallengeId
);
ulid_id!(
    /// The id of one chat line (`chat.id`).
    ChatId
);
ulid_id!(
    /// The id of one notification (`notifications.id`).
    NotificationId
);

/// The hash of a session token, in lower-case hex (`sessions.token_hash`). The server hashes the
/// token it hands out; the store never sees the token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TokenHash(String);

impl TokenHash {
    /// Checks the form: 32 to 128 lower-case hex digits.
    pub fn from_hex(hex: &str) -> Result<Self> {
        let ok = (32..=128).contains(&hex.len())
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if ok {
            Ok(Self(hex.to_owned()))
        } else {
            Err(Error::BadTokenHash(hex.to_owned()))
        }
    }

    /// The hash as stored.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TokenHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
