//! The frames outside the versioned stream: acks and refusals, presence, clock corrections,
//! replies to `legal` and `preview`, chat, the lobby, notifications, `resync` and `pong`.

use muster_rules::{AnyEvent, Seat};
use muster_view::{Scene, Step as ViewStep, TargetId};
use serde::{Deserialize, Serialize};

use crate::common::{ClockState, LegalMoves, Room};
use crate::error::NackCode;
use crate::http::ChallengeInfo;
use crate::ids::{AckId, MatchId, Millis, Ply, Version};

/// `ack`: write `id` is done; for `act`/`ctl`, stored durably as entry `v`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Ack {
    /// The client's ack id.
    pub id: AckId,
    /// The entry the write became, when it became one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub v: Option<Version>,
}

/// `nack`: a frame or write refused; nothing changed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Nack {
    /// The ack id of the refused write; absent when the frame could not be read far enough to
    /// find one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub id: Option<AckId>,
    /// The game the refused frame was about, where that is all there is to match it by (a
    /// `sub` to a game the server does not have, `not-found`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub g: Option<MatchId>,
    /// Why, for code.
    pub code: NackCode,
    /// Why, in words (quoting the bad input).
    pub reason: String,
    /// The rule broken, for `illegal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rule: Option<String>,
}

/// `crowd`: the seats online and how many watch.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Crowd {
    /// The game.
    pub g: MatchId,
    /// The seats whose players are connected.
    #[cfg_attr(feature = "ts", ts(as = "Vec<u8>"))]
    pub online: Vec<Seat>,
    /// Watchers connected.
    pub watchers: u32,
}

/// `gone`: `seat` is disconnected; the others may claim in `in_ms` unless it returns.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Gone {
    /// The game.
    pub g: MatchId,
    /// The absent seat.
    #[cfg_attr(feature = "ts", ts(as = "u8"))]
    pub seat: Seat,
    /// The countdown.
    pub in_ms: Millis,
}

/// `clock`: a correction of game `g`'s clocks.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Clock {
    /// The game.
    pub g: MatchId,
    /// The clocks.
    pub clock: ClockState,
}

/// The reply to `legal`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LegalReply {
    /// The game.
    pub g: MatchId,
    /// The ply the moves are for.
    pub ply: Ply,
    /// The prefix asked for.
    #[cfg_attr(feature = "ts", ts(as = "Vec<String>"))]
    pub prefix: Vec<TargetId>,
    /// The moves under it.
    pub legal: LegalMoves,
}

/// The reply to `preview`: what the actions would do on the caller's view. A refused preview
/// is a `nack` instead.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewReply {
    /// The game.
    pub g: MatchId,
    /// The `preview`'s ack id.
    pub id: AckId,
    /// The ply the preview started from.
    pub ply: Ply,
    /// What would happen, as the caller would be told of it.
    #[cfg_attr(
        feature = "ts",
        ts(
            type = "Array<{ text: string, rule: string, audience: \"Everyone\" | { Seat: number }, data: { game: string, event: unknown } }>"
        )
    )]
    pub events: Vec<AnyEvent>,
    /// The same events as the board shows them, each with the targets it touches in the order
    /// a client animates them (where a piece leaves before where it arrives), and its rule.
    #[serde(default)]
    pub anim: Vec<ViewStep>,
    /// What it would look like.
    pub scene: Scene,
}

/// `chat`: a line said in `room`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Chat {
    /// The stored line's id (opaque text): a line may come twice (live and in a room's history),
    /// and a client drops one whose id it has.
    pub id: String,
    /// Where.
    pub room: Room,
    /// Who (user name).
    pub from: String,
    /// What.
    pub text: String,
    /// When (server time).
    pub at_ms: Millis,
}

/// `lobby`: the open challenges the user may join, all of them (a snapshot, not a change).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Lobby {
    /// The challenges, newest first.
    pub challenges: Vec<ChallengeInfo>,
}

/// What a notification is about.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum NotifyKind {
    /// A turn of the user's has started.
    YourTurn,
    /// Someone challenged the user.
    Challenge,
    /// A challenge that awaited the user, or the user's own, was declined, withdrawn,
    /// expired or started.
    ChallengeGone,
    /// A game of the user's started.
    GameStarted,
    /// A game of the user's ended.
    GameEnded,
    /// An offer waits for the user's answer.
    Offer,
    /// A correspondence deadline is near.
    Reminder,
}

/// `notify`: something for the user's attention.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Notify {
    /// What about.
    pub kind: NotifyKind,
    /// The game, when it is about one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub g: Option<MatchId>,
    /// In words.
    pub text: String,
}

/// `resync`: entries cannot bring the client up to date (for game `g`, or for everything when
/// `g` is absent); it should subscribe again without a version.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Resync {
    /// The game, or absent for all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub g: Option<MatchId>,
    /// Why, in words.
    pub reason: String,
}

/// `pong`: the answer to `ping{n}`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pong {
    /// The ping's counter.
    pub n: u32,
    /// The server's time.
    pub now_ms: Millis,
}
