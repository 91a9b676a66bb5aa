//! Values shared by several messages: who acts, outcomes, chat rooms, legal-move lists, clocks.

use std::fmt;
use std::str::FromStr;

use muster_rules::Seat;
use muster_view::TargetId;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ids::{MatchId, Millis, Ply};

/// Who decides next, as [`muster_rules::Actor`] but in the wire's lower-case form:
/// `{"seat": 0}`, `"chance"` or `"over"`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Actor {
    /// A seat decides.
    Seat(#[cfg_attr(feature = "ts", ts(as = "u8"))] Seat),
    /// The server draws a chance outcome.
    Chance,
    /// The game is over.
    Over,
}

impl From<muster_rules::Actor> for Actor {
    fn from(actor: muster_rules::Actor) -> Actor {
        match actor {
            muster_rules::Actor::Seat(s) => Actor::Seat(s),
            muster_rules::Actor::Chance => Actor::Chance,
            muster_rules::Actor::Over => Actor::Over,
        }
    }
}

/// Who made a decision: a seat or chance (`{"seat": 2}` or `"chance"`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum By {
    /// A seat decided.
    Seat(#[cfg_attr(feature = "ts", ts(as = "u8"))] Seat),
    /// Chance decided (drawn by the server).
    Chance,
}

/// How a game ended, as [`muster_rules::Outcome`] gives it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Outcome {
    /// The score of each seat, by seat.
    pub scores: Vec<i32>,
    /// The rank of each seat, by seat: 0 is best, equal ranks are ties.
    pub ranks: Vec<u8>,
    /// Why the game ended, in words.
    pub reason: String,
}

impl From<muster_rules::Outcome> for Outcome {
    fn from(o: muster_rules::Outcome) -> Outcome {
        Outcome {
            scores: o.scores,
            ranks: o.ranks,
            reason: o.reason,
        }
    }
}

/// A chat room: the players of a game (`g:<id>:players`), its watchers (`g:<id>:watchers`) or
/// the lobby (`lobby`). On the wire it is that text; anything else is refused when read.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(type = "string"))]
pub enum Room {
    /// The seated players of a game.
    Players(MatchId),
    /// The watchers of a game.
    Watchers(MatchId),
    /// Everyone in the lobby.
    Lobby,
}

impl fmt::Display for Room {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Room::Players(g) => write!(f, "g:{g}:players"),
            Room::Watchers(g) => write!(f, "g:{g}:watchers"),
            Room::Lobby => f.write_str("lobby"),
        }
    }
}

impl FromStr for Room {
    type Err = String;
    fn from_str(s: &str) -> Result<Room, String> {
        if s == "lobby" {
            return Ok(Room::Lobby);
        }
        let bad = || format!("`{s}` is not a room (lobby, g:<id>:players, g:<id>:watchers)");
        let rest = s.strip_prefix("g:").ok_or_else(bad)?;
        let (id, which) = rest.rsplit_once(':').ok_or_else(bad)?;
        if id.is_empty() || id.contains(':') {
            return Err(bad());
        }
        let g = MatchId(id.to_owned());
        match which {
            "players" => Ok(Room::Players(g)),
            "watchers" => Ok(Room::Watchers(g)),
            _ => Err(bad()),
        }
    }
}

impl Serialize for Room {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Room {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Room, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One legal action with its click path.
///
/// The targets are ids as the scene's clickable elements carry them ([`TargetId`]: `d4`, `t17`,
/// `v12`, `pass`); the client never parses action text, it matches clicks against paths.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LegalMove {
    /// The canonical action text, sent back in `act`.
    pub a: String,
    /// The targets clicked in order; never empty.
    #[cfg_attr(feature = "ts", ts(as = "Vec<String>"))]
    pub path: Vec<TargetId>,
    /// What tells this move from another with the same path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub label: Option<String>,
}

/// A group of legal moves not sent, for the client to ask for with `legal{prefix}`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LazyGroup {
    /// The click path the moves of the group start with.
    #[cfg_attr(feature = "ts", ts(as = "Vec<String>"))]
    pub prefix: Vec<TargetId>,
    /// How many moves it holds.
    pub n: u32,
}

/// The legal moves of the viewer, or of a click prefix. Above the payload budget
/// ([`crate::LEGAL_BUDGET`]) the server sends groups in `lazy` instead of every move.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LegalMoves {
    /// Moves sent in full.
    pub moves: Vec<LegalMove>,
    /// Groups to load on demand; empty when every move is in `moves`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<Vec<LazyGroup>>"))]
    pub lazy: Vec<LazyGroup>,
}

/// The clocks of a timed game, drawn by clients from server deadlines.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClockState {
    /// Time left per seat, by seat, at `server_ms`.
    pub remaining_ms: Vec<Millis>,
    /// The seat whose clock runs, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<u8>"))]
    pub running: Option<Seat>,
    /// When the running seat flags, in server time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub deadline_ms: Option<Millis>,
    /// The server's time when this was taken.
    pub server_ms: Millis,
}

/// A decision in a `full` message's move list.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MoveEntry {
    /// The ply the decision was made on.
    pub ply: Ply,
    /// Who made it.
    pub by: By,
    /// The action, or `null` while it is secret from this viewer.
    pub a: Option<String>,
    /// The turn it belongs to ([`muster_rules::TurnInfo`]'s number), for grouping.
    pub turn: u32,
}

impl From<&muster_rules::LegalMove> for LegalMove {
    /// The wire form of a rules' legal move: its text, its path as target ids, its label.
    fn from(m: &muster_rules::LegalMove) -> LegalMove {
        LegalMove {
            a: m.text.clone(),
            path: m.path.iter().map(TargetId::of).collect(),
            label: m.label.clone(),
        }
    }
}

impl LegalMoves {
    /// Every move of `moves`, sent in full (no lazy groups).
    pub fn all(moves: &[muster_rules::LegalMove]) -> LegalMoves {
        LegalMoves {
            moves: moves.iter().map(LegalMove::from).collect(),
            lazy: Vec::new(),
        }
    }
}
