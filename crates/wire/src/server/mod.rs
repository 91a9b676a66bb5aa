//! Server → client frames (docs/server-design.md §2.3): `{"t": <kind>, "d": <payload>}`.
//!
//! Entries of a game's stream carry its version `v` (`full`, `step`, `skip`, `offer`,
//! `answer`, `rewind`, `seat`, `end`); the others are not versioned.
//!
//! **Events in a `step`** are [`muster_rules::AnyEvent`] as the rules crate serialises it:
//! `{"text", "rule", "audience", "data": {"game", "event"}}`. Carrying the rules' own type
//! (rather than a copy, or opaque JSON) keeps one wire form for events, and reading it back
//! checks that text, rule and audience agree with the typed data, so a forged event cannot be
//! read as a real one. The server sends only the events whose audience includes the viewer.
//!
//! **Scenes** are [`muster_view::Scene`], built from the viewer's view: whole in a `full`
//! (with the key of its board), and in a `step` as a [`muster_view::SceneDelta`] from the
//! viewer's scene before it, so the board's geometry goes out once and then only where it
//! changed.

use serde::{Deserialize, Serialize};

use crate::client::Control;
use crate::ids::{MatchId, Version};

mod entries;
mod replies;

pub use entries::*;
pub use replies::*;

/// A frame to a browser.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "t", content = "d", rename_all = "kebab-case")]
#[allow(clippy::large_enum_variant)]
pub enum ServerMsg {
    /// The whole game as the viewer sees it.
    Full(Full),
    /// One decision.
    Step(Step),
    /// An entry this viewer may not see; its version still counts.
    Skip(Skip),
    /// A seat offers a draw, a takeback or a rematch.
    Offer(Offer),
    /// A seat answers an offer.
    Answer(Answer),
    /// Decisions were taken back; a `full` follows.
    Rewind(Rewind),
    /// A seat changed hands.
    Seat(SeatEntry),
    /// The game ended.
    End(End),
    /// A write was stored (for `act`/`ctl`: durably).
    Ack(Ack),
    /// A frame or write was refused; nothing changed.
    Nack(Nack),
    /// Who is online in a game.
    Crowd(Crowd),
    /// A seat has gone; the others may claim after the countdown.
    Gone(Gone),
    /// A clock correction.
    Clock(Clock),
    /// The reply to `legal`.
    Legal(LegalReply),
    /// The reply to `preview`.
    Preview(PreviewReply),
    /// A chat line.
    Chat(Chat),
    /// The open challenges.
    Lobby(Lobby),
    /// Something for the user's attention.
    Notify(Notify),
    /// The client's picture cannot be repaired by entries: subscribe again from scratch.
    Resync(Resync),
    /// The reply to `ping`.
    Pong(Pong),
}

/// Controls that are offers, with the kind they offer.
impl Control {
    /// The offer this control makes, if it makes one.
    pub fn offers(self) -> Option<OfferKind> {
        match self {
            Control::DrawOffer => Some(OfferKind::Draw),
            Control::BackOffer => Some(OfferKind::Back),
            Control::RematchOffer => Some(OfferKind::Rematch),
            _ => None,
        }
    }
}

impl ServerMsg {
    /// Every `t` the server sends, in the order of docs/server-design.md §2.3.
    pub const KINDS: [&'static str; 20] = [
        "full", "step", "skip", "offer", "answer", "rewind", "seat", "end", "ack", "nack", "crowd",
        "gone", "clock", "legal", "preview", "chat", "lobby", "notify", "resync", "pong",
    ];

    /// The frame's JSON text.
    pub fn to_json(&self) -> String {
        crate::encode(self)
    }

    /// Reads a frame from the server (for Rust clients: tests, the load client).
    pub fn from_json(text: &str) -> Result<ServerMsg, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The stream version this frame carries, for versioned entries.
    pub fn version(&self) -> Option<Version> {
        match self {
            ServerMsg::Full(m) => Some(m.v),
            ServerMsg::Step(m) => Some(m.v),
            ServerMsg::Skip(m) => Some(m.v),
            ServerMsg::Offer(m) => Some(m.v),
            ServerMsg::Answer(m) => Some(m.v),
            ServerMsg::Rewind(m) => Some(m.v),
            ServerMsg::Seat(m) => Some(m.v),
            ServerMsg::End(m) => Some(m.v),
            _ => None,
        }
    }

    /// The game whose versioned stream this frame belongs to, for versioned entries.
    pub fn entry_game(&self) -> Option<&MatchId> {
        match self {
            ServerMsg::Full(m) => Some(&m.g),
            ServerMsg::Step(m) => Some(&m.g),
            ServerMsg::Skip(m) => Some(&m.g),
            ServerMsg::Offer(m) => Some(&m.g),
            ServerMsg::Answer(m) => Some(&m.g),
            ServerMsg::Rewind(m) => Some(&m.g),
            ServerMsg::Seat(m) => Some(&m.g),
            ServerMsg::End(m) => Some(&m.g),
            _ => None,
        }
    }
}
