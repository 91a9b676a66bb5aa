//! `GET /api/games/{id}/frame?ply=N`: one position of a finished game's replay, for a scrubber
//! that asks ply by ply.
//!
//! Only a game that is over (finished, aborted, or legacy) is replayed: while a game runs the
//! route answers 409, which keeps every secret of a live game (MuTou's setting-out) out of
//! reach. Frames are drawn for a spectator (`muster_view::scene_after(before, action, None)`,
//! the scene a live `step` brings a spectator, and `steps_seen(.., None)`). A game that ended
//! while secrets were still pending (a MuTou aborted during its setting-out) keeps them: the
//! action of a decision that was hidden when it was played is not given, and the spectator's
//! view shows nothing of it.
//!
//! The stored log is folded ([`crate::history::fold`]) and replayed with
//! `AnyGame::apply_trusted` (the server's own log). The replays of the last [`REPLAYS`] games
//! asked for are kept, with the position every [`CHECKPOINT`] decisions, so a frame costs at
//! most that many trusted applications once its game is loaded.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::{Extension, Json};
use muster_rules::{AnyGame, GameId};
use muster_store::{Game, GameStatus, StoredEntry};
use muster_wire::http::ReplayFrame;
use muster_wire::{quote, By, MatchId, NackCode, Ply};
use serde::Deserialize;

use crate::accounts::ApiFailure;
use crate::history::{fold, Played};
use crate::ServerState;

/// How many games' replays are kept.
pub const REPLAYS: usize = 8;
/// Decisions between two kept positions of a replay.
pub const CHECKPOINT: usize = 32;

/// A finished game replayed: its decisions and a position every [`CHECKPOINT`] of them.
struct Replay {
    /// The stored game.
    id: muster_store::GameId,
    /// The stored version the replay was made from.
    version: i64,
    /// The decisions that stand.
    played: Vec<Played>,
    /// `checkpoints[k]` is the position after `k * CHECKPOINT` decisions.
    checkpoints: Vec<AnyGame>,
    /// Whether the final position still holds secrets (hidden decisions stay hidden then).
    secrets: bool,
}

impl Replay {
    /// Replays the stored log of `game`.
    fn build(game: &Game, log: &[StoredEntry]) -> Result<Replay, String> {
        let history = fold(log).map_err(|e| e.to_string())?;
        let id = GameId::parse(&game.game).map_err(|e| e.to_string())?;
        let mut position = match &game.start_text {
            Some(text) => AnyGame::from_position(id, &game.variant, text),
            None => AnyGame::new(id, &game.variant, Some(game.seats.len())),
        }
        .map_err(|e| format!("the game cannot be set up: {e}"))?;
        let mut checkpoints = vec![position.clone()];
        for (n, played) in history.played.iter().enumerate() {
            position.apply_trusted(&played.action).map_err(|e| {
                format!(
                    "decision {} `{}` does not replay: {e}",
                    n + 1,
                    played.action
                )
            })?;
            if (n + 1) % CHECKPOINT == 0 {
                checkpoints.push(position.clone());
            }
        }
        Ok(Replay {
            id: game.id.clone(),
            version: history.version,
            secrets: position.secrets_pending(),
            played: history.played,
            checkpoints,
        })
    }

    /// The position after the first `n` decisions (`n` at most their number).
    fn position(&self, n: usize) -> Result<AnyGame, String> {
        let k = (n / CHECKPOINT).min(self.checkpoints.len() - 1);
        let mut position = self.checkpoints[k].clone();
        for played in &self.played[k * CHECKPOINT..n] {
            position
                .apply_trusted(&played.action)
                .map_err(|e| format!("`{}` does not replay: {e}", played.action))?;
        }
        Ok(position)
    }

    /// Frame `n` of the game `g`.
    fn frame(&self, g: MatchId, n: usize) -> Result<ReplayFrame, String> {
        let plies = Ply(self.played.len() as u32);
        if n == 0 {
            let start = self.position(0)?;
            let scene = muster_view::scene(&start, None).map_err(|e| e.to_string())?;
            return Ok(ReplayFrame {
                g,
                ply: Ply(0),
                plies,
                a: None,
                by: None,
                anim: Vec::new(),
                scene,
            });
        }
        let before = self.position(n - 1)?;
        let played = &self.played[n - 1];
        let action = &played.action;
        let scene = match muster_view::scene_after(&before, action, None) {
            Ok(scene) => scene,
            Err(_) => {
                let mut after = before.clone();
                after.apply_trusted(action).map_err(|e| e.to_string())?;
                muster_view::scene(&after, None).map_err(|e| e.to_string())?
            }
        };
        let anim = muster_view::steps_seen(&before, action, None).unwrap_or_default();
        let secret = played.hidden && self.secrets;
        Ok(ReplayFrame {
            g,
            ply: Ply(n as u32),
            plies,
            a: (!secret).then(|| action.clone()),
            by: Some(played.seat.map_or(By::Chance, By::Seat)),
            anim,
            scene,
        })
    }
}

/// The replays of the last [`REPLAYS`] games asked for, newest first.
#[derive(Default)]
pub struct Replays {
    kept: Mutex<VecDeque<Arc<Replay>>>,
}

impl Replays {
    fn get(&self, id: &muster_store::GameId, version: i64) -> Option<Arc<Replay>> {
        let mut kept = self.kept.lock().ok()?;
        let at = kept
            .iter()
            .position(|r| &r.id == id && r.version == version)?;
        let replay = kept.remove(at)?;
        kept.push_front(Arc::clone(&replay));
        Some(replay)
    }

    fn keep(&self, replay: Arc<Replay>) {
        if let Ok(mut kept) = self.kept.lock() {
            kept.retain(|r| r.id != replay.id);
            kept.push_front(replay);
            kept.truncate(REPLAYS);
        }
    }
}

/// The query of the frame route.
#[derive(Deserialize)]
pub(super) struct FrameQuery {
    ply: Option<String>,
}

/// The route handler.
pub(super) async fn frame_route(
    State(state): State<Arc<ServerState>>,
    Extension(replays): Extension<Arc<Replays>>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<FrameQuery>, QueryRejection>,
) -> Result<Json<ReplayFrame>, ApiFailure> {
    let query = super::read_query(query)?;
    let n = match query.ply.as_deref() {
        None => {
            return Err(ApiFailure::new(
                NackCode::Malformed,
                "which frame? add `?ply=N` (0 is the start)",
            ))
        }
        Some(text) => text.trim().parse::<usize>().map_err(|_| {
            ApiFailure::new(
                NackCode::Invalid,
                format!(
                    "bad ply `{}`: a number of decisions, 0 or more",
                    quote(text)
                ),
            )
        })?,
    };
    let game = super::load(&state, path).await?;
    if matches!(game.status, GameStatus::Running | GameStatus::Filling) {
        return Err(ApiFailure::new(
            NackCode::Refused,
            format!(
                "game `{}` is still being played: its replay opens when the game ends",
                game.id.as_str()
            ),
        ));
    }
    let replay = match replays.get(&game.id, game.version) {
        Some(replay) => replay,
        None => {
            // The row and the log of one snapshot (the row above only chose the cache entry).
            let muster_store::GameAndLog { game: row, log } =
                super::load_with_log(&state, &game.id).await?;
            let built = tokio::task::spawn_blocking(move || Replay::build(&row, &log))
                .await
                .map_err(|_| ApiFailure::new(NackCode::Storage, "the game could not be replayed"))?
                .map_err(|why| {
                    ApiFailure::new(
                        NackCode::Storage,
                        format!("the stored game does not replay: {why}"),
                    )
                })?;
            let replay = Arc::new(built);
            replays.keep(Arc::clone(&replay));
            replay
        }
    };
    let plies = replay.played.len();
    if n > plies {
        return Err(ApiFailure::new(
            NackCode::Invalid,
            format!("no frame at ply {n}: the game has {plies} decisions (frames 0 to {plies})"),
        ));
    }
    let g = MatchId(game.id.as_str().to_owned());
    let frame = tokio::task::spawn_blocking(move || replay.frame(g, n))
        .await
        .map_err(|_| ApiFailure::new(NackCode::Storage, "the frame could not be drawn"))?
        .map_err(|why| {
            ApiFailure::new(
                NackCode::Storage,
                format!("frame {n} cannot be drawn: {why}"),
            )
        })?;
    Ok(Json(frame))
}
