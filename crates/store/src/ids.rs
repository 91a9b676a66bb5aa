//! Typed ids, stored as TEXT. Users, chat lines and notifications are named by ULIDs (a time
//! and 80 random bits): knowing one grants nothing. Challenges and games are named by
//! [`random_id`]s, because knowing the id of a `link` challenge, or of the game it became, is
//! what lets someone in: 130 random bits, derived from nothing. Sessions are named by the hash
//! of their token (the token itself is never stored).

use std::fmt;

use crate::error::{Error, Result};

/// Crockford's base32 alphabet (that of ULIDs): digits and upper-case letters without I, L, O
/// and U.
const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The length of a [`random_id`]: 26 characters of 5 bits, 130 random bits.
pub const RANDOM_ID_LEN: usize = 26;

/// A fresh id that cannot be computed or guessed: 130 bits from the operating system's random
/// generator, as [`RANDOM_ID_LEN`] characters of Crockford's base32 (the length and alphabet of
/// a ULID, with no time in it, so ids made close together share nothing).
///
/// # Panics
///
/// When the operating system has no randomness to give (as a ULID's generator does then).
pub fn random_id() -> String {
    let mut bytes = [0u8; 17];
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    crockford(&bytes)
}

/// The first 130 bits of `bytes` (the last byte's top two bits), in Crockford's base32.
fn crockford(bytes: &[u8; 17]) -> String {
    let mut text = String::with_capacity(RANDOM_ID_LEN);
    let (mut acc, mut bits) = (0u16, 0u32);
    for &byte in bytes {
        acc = (acc << 8) | u16::from(byte);
        bits += 8;
        while bits >= 5 && text.len() < RANDOM_ID_LEN {
            bits -= 5;
            text.push(char::from(CROCKFORD[usize::from((acc >> bits) & 31)]));
        }
        acc &= (1 << bits) - 1;
    }
    text
}

/// A ULID after every one [`ordered_ulid`] made before in this process. ULIDs made in one
/// millisecond are otherwise in random order, and lists sort by time then id: so chat lines and
/// notifications made in one millisecond keep the order they were made in. (Should the random
/// part overflow within a millisecond, a plain ULID is made.)
fn ordered_ulid() -> String {
    static GENERATOR: std::sync::Mutex<ulid::Generator> =
        std::sync::Mutex::new(ulid::Generator::new());
    let made = GENERATOR
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .generate();
    made.unwrap_or_else(|_| ulid::Ulid::new()).to_string()
}

macro_rules! text_id {
    ($(#[$doc:meta])* $name:ident, $make:expr, $made:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(String);

        impl $name {
            #[doc = $made]
            pub fn generate() -> Self {
                Self($make)
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

text_id!(
    /// The id of a user (`users.id`); public.
    UserId,
    ulid::Ulid::new().to_string(),
    "A fresh id: a ULID (a time and 80 random bits, 26 characters); user ids are public."
);
text_id!(
    /// The id of one played game (`games.id`); not to be confused with the rules' game kind.
    /// The id of a game not listed in public is what lets a spectator in. Stored ids of any
    /// form (ULIDs made before ids were random) still load.
    GameId,
    random_id(),
    "A fresh id: a [`random_id`] (130 random bits, 26 characters), derived from nothing."
);
text_id!(
    /// The id of a challenge (`challenges.id`): an invitation that becomes a game. The id of a
    /// `link` challenge is its only lock. Stored ids of any form (ULIDs, and the `k…` ids once
    /// derived from idempotency keys) still load.
    ChallengeId,
    random_id(),
    "A fresh id: a [`random_id`] (130 random bits, 26 characters), derived from nothing."
);
text_id!(
    /// The id of one chat line (`chat.id`).
    ChatId,
    ordered_ulid(),
    "A fresh id: a ULID (a time and 80 random bits, 26 characters), after every one made \
     before by this process."
);
text_id!(
    /// The id of one notification (`notifications.id`).
    NotificationId,
    ordered_ulid(),
    "A fresh id: a ULID (a time and 80 random bits, 26 characters), after every one made \
     before by this process."
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_id_is_130_bits_in_crockford_base32_first_bit_first() {
        assert_eq!(crockford(&[0; 17]), "0".repeat(26));
        assert_eq!(crockford(&[0xff; 17]), "Z".repeat(26));
        let mut first = [0; 17];
        first[0] = 0b0000_1000;
        assert_eq!(crockford(&first), format!("1{}", "0".repeat(25)));
        // The 130th bit is the second bit of the last byte; the other six are not used.
        let mut last = [0; 17];
        last[16] = 0b0111_1111;
        assert_eq!(crockford(&last), format!("{}1", "0".repeat(25)));
    }

    #[test]
    fn random_ids_share_nothing() {
        let ids: Vec<String> = (0..64).map(|_| random_id()).collect();
        for id in &ids {
            assert_eq!(id.len(), RANDOM_ID_LEN);
            assert!(id.bytes().all(|b| CROCKFORD.contains(&b)), "{id}");
        }
        // Every character varies, the first included (a ULID's first is 0-7 until 10889).
        for i in 0..RANDOM_ID_LEN {
            let seen: std::collections::HashSet<u8> =
                ids.iter().map(|id| id.as_bytes()[i]).collect();
            assert!(seen.len() > 1, "position {i} never varies in {ids:?}");
        }
        assert!(ids.iter().any(|id| id.as_bytes()[0] > b'7'), "{ids:?}");
    }

    #[test]
    fn chat_and_notification_ids_rise_in_the_order_they_are_made() {
        let chat: Vec<ChatId> = (0..1000).map(|_| ChatId::generate()).collect();
        assert!(chat.windows(2).all(|w| w[0] < w[1]));
        let notes: Vec<NotificationId> = (0..1000).map(|_| NotificationId::generate()).collect();
        assert!(notes.windows(2).all(|w| w[0] < w[1]));
    }
}
