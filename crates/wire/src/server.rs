//! Server → client frames (web.md §2.3): `{"t": <kind>, "d": <payload>}`.
//!
//! Entries of a game's stream carry its version `v` (`full`, `step`, `skip`, `offer`,
//! `answer`, `rewind`, `reveal`, `seat`, `end`); the others are not versioned.
//!
//! **Events in a `step`** are [`muster_rules::AnyEvent`] as the rules crate serialises it:
//! `{"text", "rule", "audience", "data": {"game", "event"}}`. Carrying the rules' own type
//! (rather than a copy, or opaque JSON) keeps one wire form for events, and reading it back
//! checks that text, rule and audience agree with the typed data, so a forged event cannot be
//! read as a real one. The server sends only the events whose audience includes the viewer.
//!
//! **Scenes** are [`muster_view::Scene`], built from the viewer's view. Their TypeScript type is
//! `unknown` until muster-view derives its own TypeScript types.

use muster_rules::{AnyEvent, Seat};
use muster_view::{Scene, TargetId};
use serde::{Deserialize, Serialize};

use crate::client::Control;
use crate::common::{Actor, By, ClockState, LegalMoves, MoveEntry, Outcome, Room};
use crate::error::NackCode;
use crate::http::ChallengeInfo;
use crate::ids::{AckId, MatchId, Millis, Ply, Version, ViewHash};

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
    /// Secret decisions made public.
    Reveal(Reveal),
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

/// Whether a seat is played by a person, by the AI, or still free.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum SeatKind {
    /// A person.
    Human,
    /// The AI at a level.
    Ai,
    /// Nobody yet.
    Open,
}

/// A seat in `full`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatInfo {
    /// The seat.
    #[cfg_attr(feature = "ts", ts(as = "u8"))]
    pub seat: Seat,
    /// The player's name (or the AI's).
    pub name: String,
    /// The rules' name of the seat now (`Light`, `Black`; Mur swaps colours between sets).
    pub colour: String,
    /// Who plays it.
    pub kind: SeatKind,
    /// The player's user name, for a human seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub user: Option<String>,
    /// The AI level, for an AI seat (also a retired seat's bot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub level: Option<crate::ids::AiLevel>,
    /// Whether the player is connected to the game.
    pub online: bool,
    /// The ply the seat retired at, if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub retired: Option<Ply>,
}

/// A game's status.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum GameStatus {
    /// Waiting for seats.
    Filling,
    /// Being played.
    Running,
    /// Ended with a result.
    Over,
    /// Ended without one.
    Aborted,
    /// Stored under rules it no longer replays with: shown from its record only.
    Legacy,
}

/// What an offer is about.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum OfferKind {
    /// A draw.
    Draw,
    /// A takeback.
    Back,
    /// A rematch.
    Rematch,
}

/// An offer standing in `full`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StandingOffer {
    /// What is offered.
    pub k: OfferKind,
    /// By whom.
    #[cfg_attr(feature = "ts", ts(as = "u8"))]
    pub by: Seat,
    /// At which ply.
    pub ply: Ply,
}

/// `full`: the whole game as this viewer may see it; sets the client's version to `v`.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Full {
    /// The game.
    pub g: MatchId,
    /// The stream's version.
    pub v: Version,
    /// Decisions played.
    pub ply: Ply,
    /// Which game (`murus-gallicus`, `mur`, `mu`, `mutou`).
    pub game: String,
    /// The variant text.
    pub variant: String,
    /// The rules version the game is played under.
    pub rules_version: u32,
    /// Every seat, in seat order.
    pub seats: Vec<SeatInfo>,
    /// The viewer's seat; absent for a watcher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<u8>"))]
    pub me: Option<Seat>,
    /// The game's status.
    pub status: GameStatus,
    /// Who decides next.
    pub actor: Actor,
    /// The clocks, in a timed game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<ClockState>,
    /// The viewer's view as position text.
    pub position: String,
    /// What to draw.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub scene: Scene,
    /// Every decision so far, secret ones without their text.
    pub moves: Vec<MoveEntry>,
    /// The viewer's legal moves, when the viewer is the actor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub legal: Option<LegalMoves>,
    /// Offers waiting for an answer.
    pub offers: Vec<StandingOffer>,
    /// The result, once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub outcome: Option<Outcome>,
    /// The hash of the viewer's view.
    pub hash: ViewHash,
}

/// `step`: one decision as this viewer may be told of it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Step {
    /// The game.
    pub g: MatchId,
    /// The entry's version.
    pub v: Version,
    /// The ply after the decision.
    pub ply: Ply,
    /// Who decided.
    pub by: By,
    /// The action, or `null` when it is secret from this viewer.
    pub a: Option<String>,
    /// What happened that this viewer may be told of.
    #[cfg_attr(
        feature = "ts",
        ts(
            type = "Array<{ text: string, rule: string, audience: \"Everyone\" | { Seat: number }, data: { game: string, event: unknown } }>"
        )
    )]
    pub events: Vec<AnyEvent>,
    /// Who decides next.
    pub actor: Actor,
    /// The clocks, in a timed game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<ClockState>,
    /// What to draw now.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub scene: Scene,
    /// The legal moves, sent to the actor only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub legal: Option<LegalMoves>,
    /// The hash of the viewer's view after the decision.
    pub hash: ViewHash,
}

/// `skip`: version `v` exists but this viewer may not see it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Skip {
    /// The game.
    pub g: MatchId,
    /// The entry's version.
    pub v: Version,
}

/// `offer`: seat `by` offers `k` at ply `ply`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Offer {
    /// The game.
    pub g: MatchId,
    /// The entry's version.
    pub v: Version,
    /// What is offered.
    pub k: OfferKind,
    /// By whom.
    #[cfg_attr(feature = "ts", ts(as = "u8"))]
    pub by: Seat,
    /// At which ply.
    pub ply: Ply,
}

/// `answer`: seat `by` accepts (`yes`) or declines an offer of `k`. A decline by a move (an
/// unanswered offer lapses when the offeree plays) is an answer with `yes: false`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Answer {
    /// The game.
    pub g: MatchId,
    /// The entry's version.
    pub v: Version,
    /// What was offered.
    pub k: OfferKind,
    /// Who answers.
    #[cfg_attr(feature = "ts", ts(as = "u8"))]
    pub by: Seat,
    /// At which ply.
    pub ply: Ply,
    /// Accepted or not.
    pub yes: bool,
}

/// `rewind`: the game goes back to `to_ply`; a `full` follows at once.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Rewind {
    /// The game.
    pub g: MatchId,
    /// The entry's version.
    pub v: Version,
    /// The ply play resumes from.
    pub to_ply: Ply,
}

/// A secret decision made public.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Revealed {
    /// Its ply.
    pub ply: Ply,
    /// Its action text.
    pub a: String,
}

/// `reveal`: the rules made secret decisions public.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Reveal {
    /// The game.
    pub g: MatchId,
    /// The entry's version.
    pub v: Version,
    /// The decisions, in ply order.
    pub moves: Vec<Revealed>,
}

/// How a seat changed hands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum SeatChange {
    /// A player took an open seat.
    Joined,
    /// A player left before the game started.
    Left,
    /// A player retired from a game of more than two seats.
    Retired,
    /// A bot now plays the seat.
    Bot,
}

/// `seat`: seat `seat` changed hands.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatEntry {
    /// The game.
    pub g: MatchId,
    /// The entry's version.
    pub v: Version,
    /// The seat.
    #[cfg_attr(feature = "ts", ts(as = "u8"))]
    pub seat: Seat,
    /// What happened.
    pub change: SeatChange,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// The rules ended it.
    Normal,
    /// A seat resigned.
    Resignation,
    /// A clock ran out.
    TimeForfeit,
    /// A seat was gone and the others claimed.
    Abandoned,
    /// The seats agreed a draw.
    Agreement,
    /// Aborted before it really started.
    Aborted,
}

/// A seat's rating change.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingChange {
    /// The seat.
    #[cfg_attr(feature = "ts", ts(as = "u8"))]
    pub seat: Seat,
    /// The rating before.
    pub before: f64,
    /// The rating after.
    pub after: f64,
}

/// `end`: the game is over.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct End {
    /// The game.
    pub g: MatchId,
    /// The entry's version.
    pub v: Version,
    /// The result.
    pub outcome: Outcome,
    /// How it ended.
    pub termination: Termination,
    /// Rating changes, in a rated game.
    #[serde(default)]
    pub ratings: Vec<RatingChange>,
}

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
    /// What it would look like.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub scene: Scene,
}

/// `chat`: a line said in `room`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Chat {
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
    /// Every `t` the server sends, in the order of web.md §2.3.
    pub const KINDS: [&'static str; 21] = [
        "full", "step", "skip", "offer", "answer", "rewind", "reveal", "seat", "end", "ack",
        "nack", "crowd", "gone", "clock", "legal", "preview", "chat", "lobby", "notify", "resync",
        "pong",
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
            ServerMsg::Reveal(m) => Some(m.v),
            ServerMsg::Seat(m) => Some(m.v),
            ServerMsg::End(m) => Some(m.v),
            _ => None,
        }
    }
}
