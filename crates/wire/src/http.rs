//! Bodies of the HTTP API (docs/protocol.md): sessions, the catalog, challenges, game lists,
//! rules pages and replay frames; the user's own settings, bots and notifications ([`me`]).

use muster_rules::Seat;
use muster_view::{Scene, Step as ViewStep};
use serde::{Deserialize, Serialize};

use crate::common::By;
use crate::error::NackCode;
use crate::ids::{AiLevel, ChallengeId, MatchId, Millis, Ply, UserId};
use crate::server::{GameStatus, SeatKind};

mod me;

pub use me::*;

/// `POST /api/session`: play as a guest, log in, or register a named account. Its `Debug` form
/// hides the password, so a logged request never shows it.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SessionRequest {
    /// A guest account, with a name of one's choice or a generated one.
    Guest {
        /// The wished name.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        name: Option<String>,
    },
    /// A named account.
    Login {
        /// The user name (case-insensitive).
        name: String,
        /// The password.
        password: String,
    },
    /// A new named account: the name must be free (compared case-insensitively), the password
    /// 8 to 128 characters.
    Register {
        /// The wished name.
        name: String,
        /// The password.
        password: String,
    },
}

impl std::fmt::Debug for SessionRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionRequest::Guest { name } => f.debug_struct("Guest").field("name", name).finish(),
            SessionRequest::Login { name, .. } => f
                .debug_struct("Login")
                .field("name", name)
                .field("password", &"<hidden>")
                .finish(),
            SessionRequest::Register { name, .. } => f
                .debug_struct("Register")
                .field("name", name)
                .field("password", &"<hidden>")
                .finish(),
        }
    }
}

/// `POST /api/session/password`: a named user changes their password. The session that asks
/// stays; every other session of the user ends (their WebSockets close with `4001`). Its `Debug`
/// form hides both passwords.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct PasswordRequest {
    /// The password now.
    pub current: String,
    /// The new password, 8 to 128 characters.
    pub new: String,
}

impl std::fmt::Debug for PasswordRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PasswordRequest")
            .field("current", &"<hidden>")
            .field("new", &"<hidden>")
            .finish()
    }
}

/// A user as others see them.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UserInfo {
    /// The account.
    pub id: UserId,
    /// The name shown.
    pub name: String,
    /// A guest account.
    pub guest: bool,
    /// A bot account.
    pub bot: bool,
}

/// The answer to `POST /api/session` and `GET /api/session`. The session is a cookie; the
/// answer to `POST` also carries its token for clients without cookies, which send it as
/// `Authorization: Bearer <token>`.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SessionResponse {
    /// Who the session is for.
    pub user: UserInfo,
    /// The session token (only in the answer that created the session).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub token: Option<String>,
}

impl std::fmt::Debug for SessionResponse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionResponse")
            .field("user", &self.user)
            .field("token", &self.token.as_ref().map(|_| "<hidden>"))
            .finish()
    }
}

/// `POST /api/bots`: a bot account, owned by the named user who asks.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct BotRequest {
    /// The bot's name (unique among all users, case-insensitively).
    pub name: String,
}

/// The answer to `POST /api/bots`: the bot and its API token, which does not expire and is
/// shown only this once.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BotResponse {
    /// The bot account.
    pub user: UserInfo,
    /// Its token, sent as `Authorization: Bearer <token>`.
    pub token: String,
}

impl std::fmt::Debug for BotResponse {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BotResponse")
            .field("user", &self.user)
            .field("token", &"<hidden>")
            .finish()
    }
}

/// `GET /api/users/{name}`: a user's public profile (never an e-mail address or a hash).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UserProfile {
    /// The account.
    pub id: UserId,
    /// The name shown.
    pub name: String,
    /// A guest account.
    pub guest: bool,
    /// A bot account.
    pub bot: bool,
    /// When the account was created.
    pub created_ms: Millis,
    /// The user's rating in each pool they have played rated games in, by pool.
    #[serde(default)]
    pub ratings: Vec<RatingInfo>,
    /// The user's most recently finished games, newest first (at most 10).
    #[serde(default)]
    pub recent: Vec<GameSummary>,
}

/// A user's rating in one pool, as a profile shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RatingInfo {
    /// The pool: game, seat count and speed (`mu:2:live`; untimed games rate in `corr`).
    pub pool: String,
    /// The rating, rounded.
    pub rating: i32,
    /// Its deviation, rounded.
    pub rd: i32,
    /// Rated games played in the pool.
    pub games: u32,
    /// Still provisional (deviation above 110): shown with a `?`.
    pub provisional: bool,
}

/// The clock kinds a game may have.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum ClockKind {
    /// No clock.
    None,
    /// Real time: a base and an increment per own turn.
    Live,
    /// Correspondence: a time per move.
    Corr,
}

/// `GET /api/catalog`: what can be played.
///
/// `games` is [`muster_rules::any::catalog()`] as the rules crate serialises it (facts, presets,
/// options with their domains): the lobby builds its forms from it without knowing any game.
/// It stays JSON here because the rules' catalog is written, not read, by Rust; its TypeScript
/// type is `unknown` until the rules crate derives one.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CatalogResponse {
    /// The rules' catalog.
    #[cfg_attr(feature = "ts", ts(type = "unknown"))]
    pub games: serde_json::Value,
    /// The weakest AI level.
    pub ai_min: u8,
    /// The strongest AI level.
    pub ai_max: u8,
    /// The clock kinds offered.
    pub clocks: Vec<ClockKind>,
}

impl CatalogResponse {
    /// The catalog of every game, every AI level and every clock kind.
    pub fn new() -> CatalogResponse {
        CatalogResponse {
            games: serde_json::to_value(muster_rules::any::catalog()).unwrap_or_default(),
            ai_min: AiLevel::MIN,
            ai_max: AiLevel::MAX,
            clocks: vec![ClockKind::None, ClockKind::Live, ClockKind::Corr],
        }
    }
}

impl Default for CatalogResponse {
    fn default() -> Self {
        CatalogResponse::new()
    }
}

/// Who takes one seat of a challenge.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum SeatSpec {
    /// The challenger.
    Me,
    /// Anyone who joins.
    Open,
    /// A named user (a direct challenge).
    User {
        /// Their name.
        name: String,
    },
    /// The AI.
    Ai {
        /// Its level, 1–8.
        level: AiLevel,
    },
}

/// A challenge's clock.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ClockSpec {
    /// Untimed.
    None,
    /// Real time (Fischer): `base_ms` each, `inc_ms` added once per own turn.
    Live {
        /// Starting time per seat.
        base_ms: Millis,
        /// Added after each own turn.
        inc_ms: Millis,
    },
    /// Correspondence: `per_move_ms` for each own turn, reset when it starts.
    Corr {
        /// The time per move.
        per_move_ms: Millis,
    },
}

impl ClockSpec {
    /// Its kind.
    pub fn kind(self) -> ClockKind {
        match self {
            ClockSpec::None => ClockKind::None,
            ClockSpec::Live { .. } => ClockKind::Live,
            ClockSpec::Corr { .. } => ClockKind::Corr,
        }
    }
}

/// When takebacks are allowed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum TakebackPolicy {
    /// Always, by consent.
    Always,
    /// Never.
    Never,
    /// In casual games only.
    #[default]
    Casual,
}

/// Who sees a challenge.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum ChallengeVisibility {
    /// Everyone in the lobby.
    #[default]
    Public,
    /// Whoever has the link.
    Link,
    /// The named users only.
    Direct,
}

/// `POST /api/challenges`: a new game offered. The variant text is checked by the rules
/// (`AnyGame::new`) and the seat count by the game's range; rated needs every seat human.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    /// Which game (`mu`).
    pub game: String,
    /// The variant text (`levis`, `basic,size=8x8`).
    pub variant: String,
    /// One spec per seat, in seat order (before shuffling).
    pub seats: Vec<SeatSpec>,
    /// Let fate decide the seat order.
    #[serde(default)]
    pub random_order: bool,
    /// The clock.
    pub clock: ClockSpec,
    /// Rated.
    #[serde(default)]
    pub rated: bool,
    /// The takeback policy.
    #[serde(default)]
    pub takeback: TakebackPolicy,
    /// Who sees it.
    #[serde(default)]
    pub visibility: ChallengeVisibility,
}

/// A challenge's state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum ChallengeStatus {
    /// Seats are still open.
    Open,
    /// Every seat is taken; the game runs.
    Started,
    /// Withdrawn by its creator.
    Withdrawn,
    /// Nobody came in time.
    Expired,
    /// A user it named declined it.
    Declined,
}

/// A challenge as the lobby shows it (the answer to create, join and the lobby list).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChallengeInfo {
    /// The challenge.
    pub id: ChallengeId,
    /// Who made it.
    pub creator: UserInfo,
    /// The request it was made from.
    pub spec: ChallengeRequest,
    /// Its state.
    pub status: ChallengeStatus,
    /// The game, once started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub g: Option<MatchId>,
    /// When it lapses.
    pub expires_ms: Millis,
    /// Its seats as they stand, in the order of the request (before any shuffle).
    #[serde(default)]
    pub seats: Vec<ChallengeSeat>,
}

/// One seat of a challenge as it stands.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChallengeSeat {
    /// The seat's place in the request.
    #[cfg_attr(feature = "ts", ts(as = "u8"))]
    pub seat: Seat,
    /// Who sits there or is invited to (a user's name, `AI level n`); none for an open seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub name: Option<String>,
    /// Taken: the challenger's seat, an AI seat, a joined seat. A named user's seat is taken
    /// once they join; an open seat is not.
    pub taken: bool,
}

/// `GET /api/challenges`: the lobby, the open public challenges, newest first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChallengesResponse {
    /// The challenges.
    pub challenges: Vec<ChallengeInfo>,
}

/// `POST /api/challenges/{id}/join`: take a seat, a chosen one or the first free.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The seat wished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<u8>"))]
    pub seat: Option<Seat>,
}

/// A seat in a game list.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatSummary {
    /// The seat.
    #[cfg_attr(feature = "ts", ts(as = "u8"))]
    pub seat: Seat,
    /// Who plays it.
    pub name: String,
    /// A person, the AI, or nobody yet.
    pub kind: SeatKind,
}

/// A game in a list.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameSummary {
    /// The game.
    pub g: MatchId,
    /// Which game.
    pub game: String,
    /// The variant text.
    pub variant: String,
    /// Its seats.
    pub seats: Vec<SeatSummary>,
    /// Its status.
    pub status: GameStatus,
    /// Whether the asking user is to decide.
    pub your_turn: bool,
    /// The seat to decide, while the game runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<u8>"))]
    pub to_move: Option<Seat>,
    /// Decisions played.
    pub ply: Ply,
    /// The clock kind.
    pub clock: ClockKind,
    /// Rated.
    #[serde(default)]
    pub rated: bool,
    /// The result as scores by seat (`1-0`, `½-½`, `3-1-0`), once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub result: Option<String>,
    /// How it ended (`rules`, `resignation`, `time forfeit`, …), once over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub termination: Option<String>,
    /// The last change.
    pub updated_ms: Millis,
}

/// `GET /api/me/games`: the user's games, those where it is their turn first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GamesResponse {
    /// The games.
    pub games: Vec<GameSummary>,
}

/// `GET /api/rules/{game}`: a game's rules page, ready to show.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesResponse {
    /// The game's id (`mu`).
    pub game: String,
    /// Its name (`Murus Gallicus`).
    pub name: String,
    /// The rules as HTML, rendered from the project's Markdown. Every heading carries an `id`
    /// (see [`RulesSection`]), and every rule reference an event can carry has an anchor: an
    /// event's rule `mu:2.6 explosion` links to `#2.6` (the part after the colon up to the
    /// first space; `mutou:S8-S12` to `#S8-S12`). The docs' pictures are left out: the client
    /// draws [`RulesResponse::diagrams`] instead.
    pub html: String,
    /// The headings, in order, for a table of contents.
    pub sections: Vec<RulesSection>,
    /// Positions to draw beside the text.
    pub diagrams: Vec<RulesDiagram>,
}

/// One heading of a rules page.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesSection {
    /// The heading's `id` in the HTML: a slug of its text (`the-end-of-a-game`), made unique
    /// on the page by a `-2`, `-3`, … suffix.
    pub id: String,
    /// The heading's text.
    pub title: String,
    /// Its level, 1 (the title) to 6.
    pub level: u8,
}

/// A position of a rules page, as a spectator sees it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RulesDiagram {
    /// What it shows, in words.
    pub caption: String,
    /// What to draw.
    pub scene: Scene,
}

/// `GET /api/games/{id}/frame?ply=N`: one position of a finished game's replay, as a spectator
/// sees it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplayFrame {
    /// The game.
    pub g: MatchId,
    /// The decisions played to reach this position (`0`: the start).
    pub ply: Ply,
    /// The decisions of the whole game: the frames run from `0` to `plies`.
    pub plies: Ply,
    /// Decision `ply`'s action; `null` at ply 0, and for a decision still secret (a MuTou
    /// put of a game that ended during the setting-out).
    pub a: Option<String>,
    /// Who made decision `ply`; `null` at ply 0.
    pub by: Option<By>,
    /// What decision `ply` did, event by event with the targets each touches, as a spectator
    /// may be told of it; empty at ply 0.
    pub anim: Vec<ViewStep>,
    /// What to draw: at ply 0 the start, else the position after decision `ply` with the
    /// cells it touched marked as the last move (as a live `step` draws it).
    pub scene: Scene,
}

/// The body of every HTTP error answer.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ApiError {
    /// Why, for code (the same codes as `nack`).
    pub code: NackCode,
    /// Why, in words.
    pub reason: String,
}
