//! Identifiers and counters on the wire, as newtypes so that a ply is never passed where a
//! version is meant.
//!
//! Every number here fits a JavaScript `number` exactly: counters are `u32` and times are
//! milliseconds below 2^53. The one 64-bit value, the view hash, travels as hex text
//! ([`ViewHash`]) because a JSON number cannot hold 64 bits in a browser.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One played game as the server stores it: 26 characters of 130 random bits (older games: a
/// ULID). An unlisted game is watched only by those who know its id.
///
/// Not [`muster_rules::GameId`], which names a *kind* of game (`mur`, `mu`); on the wire that
/// one is the `game` field, this one the `g` field.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct MatchId(pub String);

/// A user account (a ULID as text).
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct UserId(pub String);

/// A challenge in the lobby: 26 characters of 130 random bits (older challenges: a ULID), so
/// that the id of a link challenge cannot be guessed.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct ChallengeId(pub String);

/// The position of an entry in a game's versioned stream. The first entry is version 1; a
/// client applies `last + 1` only, skips anything `<= last`, and on a gap subscribes again.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Version(pub u32);

/// The number of decisions played in a game (chance draws included): 0 at the start. A write
/// names the ply it was made on, so a late or repeated write can be told apart.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Ply(pub u32);

/// A number the client gives each write (`act`, `ctl`, `preview`, `say`), unique per
/// connection; the server's `ack`/`nack` quotes it.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct AckId(pub u32);

/// A time or a duration in milliseconds (times since the Unix epoch).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default, Serialize, Deserialize,
)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct Millis(#[cfg_attr(feature = "ts", ts(type = "number"))] pub u64);

/// The hash of the position as one viewer sees it, as 16 lower-case hex digits.
///
/// Only hashes of *views* go out: the omniscient position hash would let a client test guesses
/// of hidden set-outs against it. Every `step` carries one and every `act`/`ctl` echoes the
/// last one received, so the server can tell that a client's picture is stale.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct ViewHash(pub String);

impl ViewHash {
    /// The wire form of a 64-bit hash.
    pub fn from_u64(hash: u64) -> ViewHash {
        ViewHash(format!("{hash:016x}"))
    }

    /// The 64-bit hash, or `None` when the text is not 16 hex digits.
    pub fn to_u64(&self) -> Option<u64> {
        if self.0.len() != 16 {
            return None;
        }
        u64::from_str_radix(&self.0, 16).ok()
    }
}

macro_rules! display_inner {
    ($($ty:ty),*) => {$(
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }
    )*};
}
display_inner!(
    MatchId,
    UserId,
    ChallengeId,
    Version,
    Ply,
    AckId,
    Millis,
    ViewHash
);

/// An AI level, 1 (weakest) to 8; anything else is refused when read.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(try_from = "u8", into = "u8")]
pub struct AiLevel(u8);

impl AiLevel {
    /// The weakest level.
    pub const MIN: u8 = 1;
    /// The strongest level.
    pub const MAX: u8 = 8;

    /// The level `n`, when it is in `1..=8`.
    pub fn new(n: u8) -> Option<AiLevel> {
        (Self::MIN..=Self::MAX).contains(&n).then_some(AiLevel(n))
    }

    /// The level as a number.
    pub fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for AiLevel {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        AiLevel::new(n).ok_or_else(|| format!("AI level {n} is not in 1..=8"))
    }
}

impl From<AiLevel> for u8 {
    fn from(level: AiLevel) -> u8 {
        level.0
    }
}
