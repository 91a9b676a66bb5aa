//! Whose turn it is in a stored game, without asking its actor.
//!
//! The store keeps a game's ply but not its actor, and the actor of a position follows from the
//! whole history (a Mu turn is several decisions; a MuTou setting-out is hundreds). So the seat
//! to move is found by replaying the log, the server's own and trusted, on the blocking pool,
//! and remembered by game **and version**: every write to a game raises its version, so a
//! remembered answer is never stale, and a game that did not move since the last question
//! costs one map lookup. Correct first, fast when nothing moved.

use std::collections::HashMap;
use std::sync::Mutex;

use muster_rules::{Actor, AnyGame, Seat};
use muster_store::{Game, GameId, GameStatus, Store};

use crate::history::fold;

/// How many games' answers are remembered before the memory is cleared.
pub const REMEMBERED: usize = 10_000;

/// Remembered seats to move, by game, with the version they hold for.
#[derive(Default)]
pub struct Turns {
    known: Mutex<HashMap<GameId, (i64, Option<Seat>)>>,
}

impl Turns {
    /// The seat to decide in `game` (as loaded), `None` when the game is not running, when
    /// chance or nobody is to act, or when its log does not replay.
    pub async fn to_move(&self, store: &dyn Store, game: &Game) -> Option<Seat> {
        if game.status != GameStatus::Running {
            return None;
        }
        if let Some(&(version, seat)) = self.known.lock().ok()?.get(&game.id) {
            if version == game.version {
                return seat;
            }
        }
        // The row was read before the log, so the log holds every entry up to the row's
        // version and maybe later ones: cut there, so the answer is the row's moment.
        let mut log = store.log_after(&game.id, 0).await.ok()?;
        log.retain(|entry| entry.v <= game.version);
        let row = game.clone();
        let (version, seat) = tokio::task::spawn_blocking(move || replay(&row, &log))
            .await
            .ok()??;
        if let Ok(mut known) = self.known.lock() {
            if known.len() >= REMEMBERED {
                known.clear();
            }
            known.insert(game.id.clone(), (version, seat));
        }
        seat
    }
}

/// The log's version and the seat to move after it.
fn replay(row: &Game, log: &[muster_store::StoredEntry]) -> Option<(i64, Option<Seat>)> {
    let history = fold(log).ok()?;
    let id = muster_rules::GameId::parse(&row.game).ok()?;
    let mut position = match &row.start_text {
        Some(text) => AnyGame::from_position(id, &row.variant, text),
        None => AnyGame::new(id, &row.variant, Some(row.seats.len())),
    }
    .ok()?;
    for played in &history.played {
        position.apply_trusted(&played.action).ok()?;
    }
    let seat = match position.actor() {
        Actor::Seat(seat) => Some(seat),
        Actor::Chance | Actor::Over => None,
    };
    Some((history.version, seat))
}
