//! Client → server frames (docs/server-design.md §2.3): `{"t": <kind>, "d": <payload>}`.
//!
//! Payloads refuse unknown fields: the browser's types are generated from these, so an unknown
//! field is a client bug or a forged frame, and saying so beats ignoring it.

use muster_view::TargetId;
use serde::{Deserialize, Serialize};

use crate::common::Room;
use crate::ids::{AckId, MatchId, Ply, Version, ViewHash};

/// A frame from a browser. Read untrusted text with [`ClientMsg::decode`].
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(
    tag = "t",
    content = "d",
    rename_all = "kebab-case",
    deny_unknown_fields
)]
pub enum ClientMsg {
    /// Follow a game's stream.
    Sub(Sub),
    /// Stop following a game.
    Unsub(Unsub),
    /// Make a decision.
    Act(Act),
    /// A control outside the rules: resign, offers, claims, preferences.
    Ctl(Ctl),
    /// Ask for the legal moves under a click prefix.
    Legal(LegalAsk),
    /// Try actions on one's own view without committing them.
    Preview(PreviewAsk),
    /// Say something in a chat room.
    Say(Say),
    /// Follow (or stop following) the open challenges.
    Lobby(LobbyAsk),
    /// Measure the round trip and the clock offset.
    Ping(Ping),
}

/// `sub`: follow game `g`. Without `v` the server answers `full`; with `v` it sends the entries
/// after `v`, or `full` when they are no longer at hand.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Sub {
    /// The game.
    pub g: MatchId,
    /// The last version the client holds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub v: Option<Version>,
}

/// `unsub`: stop following game `g`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Unsub {
    /// The game.
    pub g: MatchId,
}

/// `act`: play action `a` in game `g`, made on ply `ply` with the view whose hash was `h`.
///
/// Answered by `ack{id}` only once the action is durably stored; a resend of an action already
/// stored at `ply` is acked again, never played twice.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Act {
    /// The game.
    pub g: MatchId,
    /// The ply the decision was made on.
    pub ply: Ply,
    /// The canonical action text, from the legal list.
    pub a: String,
    /// The ack id.
    pub id: AckId,
    /// The hash of the last view the client received.
    pub h: ViewHash,
}

/// The words of `ctl`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Control {
    /// Give up the game (in a game of more than two seats: retire, a bot plays the seat on).
    Resign,
    /// Mur at set or match length: resign the current set as the rules allow; play goes on.
    ResignSet,
    /// End the game without a result (only before every human seat has decided).
    Abort,
    /// Offer a draw (two-seat Murus Gallicus and Mur).
    DrawOffer,
    /// Accept the draw offered.
    DrawYes,
    /// Decline the draw offered.
    DrawNo,
    /// Ask to take back one's last run of decisions.
    BackOffer,
    /// Consent to the takeback asked for.
    BackYes,
    /// Refuse the takeback asked for.
    BackNo,
    /// Claim the win over an opponent gone past the grace period.
    ClaimWin,
    /// Claim a draw over an opponent gone past the grace period.
    ClaimDraw,
    /// Offer a rematch of a finished game.
    RematchOffer,
    /// Accept the rematch offered.
    RematchYes,
    /// Decline the rematch offered.
    RematchNo,
    /// Standing preference: decline MuTou calls automatically.
    AutoDeclineOn,
    /// Withdraw the standing decline.
    AutoDeclineOff,
    /// Standing preference: let the server play a lone legal decision for this seat.
    ForcedPlayOn,
    /// Withdraw the forced-play preference.
    ForcedPlayOff,
}

impl Control {
    /// Every control word.
    pub const ALL: [Control; 18] = [
        Control::Resign,
        Control::ResignSet,
        Control::Abort,
        Control::DrawOffer,
        Control::DrawYes,
        Control::DrawNo,
        Control::BackOffer,
        Control::BackYes,
        Control::BackNo,
        Control::ClaimWin,
        Control::ClaimDraw,
        Control::RematchOffer,
        Control::RematchYes,
        Control::RematchNo,
        Control::AutoDeclineOn,
        Control::AutoDeclineOff,
        Control::ForcedPlayOn,
        Control::ForcedPlayOff,
    ];
}

/// `ctl`: a control `k` in game `g`, with the same ply, ack id and hash as an `act`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Ctl {
    /// The game.
    pub g: MatchId,
    /// What to do.
    pub k: Control,
    /// The ply it was asked on.
    pub ply: Ply,
    /// The ack id.
    pub id: AckId,
    /// The hash of the last view the client received.
    pub h: ViewHash,
}

/// `legal`: the legal moves of the caller in game `g` whose click path starts with `prefix`
/// (how MuTou's thousands of moves are loaded tool by tool).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct LegalAsk {
    /// The game.
    pub g: MatchId,
    /// The ply the client sees.
    pub ply: Ply,
    /// The targets clicked so far.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(as = "Vec<String>"))]
    pub prefix: Vec<TargetId>,
}

/// `preview`: apply actions `a` in order to the caller's own view of game `g` and show the
/// result; nothing is committed. Rate-limited.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct PreviewAsk {
    /// The game.
    pub g: MatchId,
    /// The ply the client sees.
    pub ply: Ply,
    /// The actions to try, in order.
    pub a: Vec<String>,
    /// The ack id the reply quotes.
    pub id: AckId,
}

/// `say`: a chat line in `room`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Say {
    /// Where.
    pub room: Room,
    /// What.
    pub text: String,
    /// The ack id.
    pub id: AckId,
}

/// `lobby`: follow the open challenges (`on: true`) or stop.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct LobbyAsk {
    /// Whether to follow.
    pub on: bool,
}

/// `ping`: answered by `pong` with the same `n` and the server's time.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Ping {
    /// The client's counter.
    pub n: u32,
}

impl ClientMsg {
    /// Every `t` a client may send, in the order of docs/server-design.md §2.3.
    pub const KINDS: [&'static str; 9] = [
        "sub", "unsub", "act", "ctl", "legal", "preview", "say", "lobby", "ping",
    ];

    /// The frame's JSON text.
    pub fn to_json(&self) -> String {
        crate::encode(self)
    }
}
