//! `GET /api/games?status=active|over`: games anyone may watch — those of public challenges
//! (and imported games, which have none) — most recently changed first. Games of `link` and
//! `direct` challenges are never listed: their players did not ask for an audience.

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::{Extension, Json};
use muster_store::{ChallengeId, GameStatus, Visibility};
use muster_wire::http::GamesResponse;
use muster_wire::{quote, NackCode};
use serde::Deserialize;

use super::{summary, Names, Turns};
use crate::accounts::ApiFailure;
use crate::ServerState;

/// At most this many games are listed.
pub const WATCH_LIMIT: u32 = 30;
/// Games read from the store to find that many public ones.
const SCAN: u32 = 120;

/// The query of `GET /api/games`.
#[derive(Deserialize)]
pub(super) struct WatchQuery {
    status: Option<String>,
}

pub(super) async fn watch_route(
    State(state): State<Arc<ServerState>>,
    Extension(turns): Extension<Arc<Turns>>,
    query: Result<Query<WatchQuery>, QueryRejection>,
) -> Result<Json<GamesResponse>, ApiFailure> {
    let query = super::read_query(query)?;
    let statuses: &[GameStatus] = match query.status.as_deref().unwrap_or("active") {
        "active" => &[GameStatus::Running],
        "over" => &[GameStatus::Over],
        other => {
            return Err(ApiFailure::new(
                NackCode::Invalid,
                format!("bad status `{}`: active or over", quote(other)),
            ))
        }
    };
    let games = state
        .store
        .games_by_status(statuses, SCAN)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let mut public: HashMap<ChallengeId, bool> = HashMap::new();
    let mut names = Names::default();
    let mut shown = Vec::new();
    for game in &games {
        if shown.len() as u32 >= WATCH_LIMIT {
            break;
        }
        let listed = match &game.challenge_id {
            None => true,
            Some(id) => match public.get(id) {
                Some(p) => *p,
                None => {
                    let p = state
                        .store
                        .load_challenge(id)
                        .await
                        .map_err(|e| ApiFailure::storage(&e))?
                        .is_some_and(|c| c.visibility == Visibility::Public);
                    public.insert(id.clone(), p);
                    p
                }
            },
        };
        if listed {
            let to_move = turns.to_move(state.store.as_ref(), game).await;
            shown.push(summary(&state, &mut names, game, None, to_move).await?);
        }
    }
    Ok(Json(GamesResponse { games: shown }))
}
