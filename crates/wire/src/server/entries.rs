//! The versioned entries of a game's stream (`full`, `step`, `skip`, `offer`, `answer`,
//! `rewind`, `reveal`, `seat`, `end`) and their parts.

use muster_rules::{AnyEvent, Seat};
use muster_view::{BoardKey, Scene, SceneDelta, Step as ViewStep};
use serde::{Deserialize, Serialize};

use crate::common::{Actor, By, ClockState, LegalMoves, MoveEntry, Outcome};
use crate::ids::{AiLevel, MatchId, Ply, Version, ViewHash};

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
    /// The player's account id (a ULID), for a human seat; `name` is what to show.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub user: Option<String>,
    /// The AI level, for an AI seat (also a retired seat's bot).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub level: Option<AiLevel>,
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
    pub scene: Scene,
    /// The key of the scene's board: the `base` of the next step's scene.
    pub board: BoardKey,
    /// Every decision so far, secret ones without their text.
    pub moves: Vec<MoveEntry>,
    /// The viewer's legal moves, when the viewer is the actor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub legal: Option<LegalMoves>,
    /// Offers waiting for an answer.
    pub offers: Vec<StandingOffer>,
    /// Whether a seat may offer a draw: two seats, in a game whose rules let its players agree
    /// to one (Murus Gallicus, Mur).
    #[serde(default)]
    pub draw_offers: bool,
    /// Whether a seat may resign the current set and play on (`resign-set`): a game whose rules
    /// have a resignation short of the whole match (Mur at set or match length).
    #[serde(default)]
    pub set_resignation: bool,
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
    /// The same events as the board shows them, each with the targets it touches in the order
    /// a client animates them (where a piece leaves before where it arrives), and its rule.
    #[serde(default)]
    pub anim: Vec<ViewStep>,
    /// Who decides next.
    pub actor: Actor,
    /// The clocks, in a timed game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub clock: Option<ClockState>,
    /// What to draw now, as the change from the scene before (docs/server-design.md §2.3):
    /// the board's cells, decor and labels only where they changed. A client whose board is
    /// not the delta's `base` asks for the whole game (`sub` without a version).
    pub scene: SceneDelta,
    /// The legal moves, sent to the actor only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub legal: Option<LegalMoves>,
    /// The hash of the viewer's view after the decision.
    pub hash: ViewHash,
    /// The secret decisions this step made public (the end of MuTou's secret setting-out),
    /// empty for most steps.
    #[serde(default)]
    pub revealed: Vec<Revealed>,
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
