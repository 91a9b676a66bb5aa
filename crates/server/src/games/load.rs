//! A game's actor state, and loading it from the store: the stored row, the log folded, and
//! the position replayed through the server's own (trusted) log.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

use muster_rules::{AnyGame, AnyStep, Seat};
use muster_search::{Engine, StopFlag};
use muster_store::{Game, GameAndLog, GameId, SeatKind, Store};
use muster_wire::MatchId;

use super::{Conn, GameError};
use crate::clock::{ClockRule, Clocks};
use crate::history::{fold, History};

/// One entry of the game's stream as the actor keeps it for re-rendering.
#[derive(Debug)]
pub(super) enum Entry {
    /// A decision, with the positions before and after it.
    Step {
        v: i64,
        ply: i64,
        step: AnyStep,
        before: Arc<AnyGame>,
        after: Arc<AnyGame>,
        /// The decisions whose secrets this step revealed (ply, action).
        revealed: Vec<(i64, String)>,
    },
    /// An entry every viewer is told of in the same words (offers, answers, seats, the end).
    Public {
        v: i64,
        msg: Box<muster_wire::ServerMsg>,
    },
    /// Any other entry (a takeback, a pause); a subscriber that missed one gets a `full`.
    Other { v: i64 },
}

impl Entry {
    pub(super) fn v(&self) -> i64 {
        match self {
            Entry::Step { v, .. } | Entry::Public { v, .. } | Entry::Other { v } => *v,
        }
    }
}

/// A subscriber of the game.
#[derive(Debug)]
pub(super) struct Subscriber {
    pub conn: Conn,
    /// The seats its user holds.
    pub seats: Vec<Seat>,
}

/// A search under way for an AI seat.
#[derive(Debug)]
pub(super) struct Thinking {
    pub seat: Seat,
    pub ply: i64,
    pub stop: StopFlag,
}

/// Everything an actor owns.
pub(super) struct Live {
    pub id: GameId,
    pub g: MatchId,
    pub row: Game,
    pub start: AnyGame,
    pub game: Arc<AnyGame>,
    pub history: History,
    /// The turn number at each decision that stands.
    pub turns: Vec<u32>,
    /// The display name of each seat.
    pub names: Vec<String>,
    pub subs: Vec<Subscriber>,
    pub ring: VecDeque<Arc<Entry>>,
    pub engines: HashMap<u8, Engine>,
    pub thinking: Option<Thinking>,
    /// The clocks and their rule.
    pub clocks: Clocks,
    pub rule: ClockRule,
    /// Since when each seat has had no connection (absent: connected, or never was).
    pub gone_since: HashMap<u8, i64>,
    /// The most entries kept in `ring`.
    pub ring_cap: usize,
    /// The least time a seat must be gone before the others may claim.
    pub claim_min_ms: i64,
    /// The standing preferences of the people's seats.
    pub prefs: HashMap<u8, super::controls::SeatPrefs>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live")
            .field("id", &self.id)
            .field("version", &self.row.version)
            .field("ply", &self.row.ply)
            .finish()
    }
}

/// The rules' id of a stored game.
pub(super) fn rules_id(row: &Game) -> Result<muster_rules::GameId, GameError> {
    muster_rules::GameId::parse(&row.game).map_err(|e| damaged(row, e.to_string()))
}

fn damaged(row: &Game, why: String) -> GameError {
    GameError::Damaged {
        id: row.id.as_str().to_owned(),
        why,
    }
}

/// The start position of a stored game.
pub(crate) fn start_of(row: &Game) -> Result<AnyGame, GameError> {
    let id = rules_id(row)?;
    match &row.start_text {
        Some(text) => AnyGame::from_position(id, &row.variant, text),
        None => AnyGame::new(id, &row.variant, Some(row.seats.len())),
    }
    .map_err(|e| damaged(row, e.to_string()))
}

/// Loads a game's actor state: the row, its seats and its log read in one snapshot, the log
/// folded and replayed, the result checked against the last stored hash. `Damaged` means the
/// stored game itself disagrees with itself, never that a commit raced the read.
pub(super) async fn load(
    store: &dyn Store,
    id: &GameId,
    config: &super::GameConfig,
) -> Result<Live, GameError> {
    // The row and the log come from one snapshot: read apart, a commit landing between the two
    // reads (the game's own actor, registered by a racing load, or another node) would make a
    // healthy game look damaged.
    let GameAndLog { game: row, log } = store
        .load_game_and_log(id)
        .await?
        .ok_or_else(|| GameError::NotFound(id.as_str().to_owned()))?;
    let history = fold(&log).map_err(|e| damaged(&row, e.to_string()))?;
    if history.version != row.version {
        return Err(damaged(
            &row,
            format!(
                "the log ends at version {}, the game row says {}",
                history.version, row.version
            ),
        ));
    }
    let start = start_of(&row)?;
    let mut game = start.clone();
    let mut turns = Vec::with_capacity(history.played.len());
    for played in &history.played {
        turns.push(game.turn().number);
        game.apply_trusted(&played.action)
            .map_err(|e| damaged(&row, format!("decision {}: {e}", played.ply)))?;
    }
    if let Some(last) = history.played.last() {
        if game.position_hash() as i64 != last.hash {
            return Err(damaged(
                &row,
                "the replayed position does not match the stored hash".to_owned(),
            ));
        }
    }
    let mut names = Vec::with_capacity(row.seats.len());
    let mut prefs = HashMap::new();
    for (i, seat) in row.seats.iter().enumerate() {
        let name = match (seat.kind, &seat.user_id, seat.ai_level) {
            (SeatKind::Human, Some(user), _) => match store.user_by_id(user).await? {
                Some(u) => {
                    prefs.insert(i as u8, super::controls::SeatPrefs::read(&u.prefs_json));
                    u.name
                }
                None => "(gone)".to_owned(),
            },
            (SeatKind::Ai, _, Some(level)) => format!("AI level {level}"),
            _ => "open seat".to_owned(),
        };
        names.push(name);
    }
    let rule = ClockRule::of_game(&row);
    let clocks = match row.clock_json.trim() {
        "" | "{}" => Clocks::new(rule, row.seats.len()),
        text => Clocks::from_json(text).map_err(|e| damaged(&row, e.to_string()))?,
    };
    // Every person counts as gone from the load until a connection of theirs subscribes.
    let gone_since = row
        .seats
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == SeatKind::Human)
        .map(|(i, _)| (i as u8, crate::time::now_ms()))
        .collect();
    Ok(Live {
        id: id.clone(),
        g: MatchId(id.as_str().to_owned()),
        row,
        start,
        game: Arc::new(game),
        history,
        turns,
        names,
        subs: Vec::new(),
        ring: VecDeque::new(),
        engines: HashMap::new(),
        thinking: None,
        clocks,
        rule,
        gone_since,
        ring_cap: config.ring,
        prefs,
        claim_min_ms: i64::try_from(config.claim_after.as_millis()).unwrap_or(i64::MAX),
    })
}
