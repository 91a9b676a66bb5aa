//! The challenges that await a user: `GET /api/me/challenges`, and declining one
//! (`POST /api/challenges/{id}/decline`).

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use muster_store::{ChallengeStatus, User, Visibility};
use muster_wire::http::{ChallengeInfo, ChallengesResponse};
use muster_wire::NackCode;

use super::spec::read_seats;
use super::start::involves;
use super::{info, no_challenge, path_challenge, tell, LOBBY_LIMIT};
use crate::accounts::{ApiFailure, Identity};
use crate::time::now_ms;
use crate::ServerState;

/// `POST /api/challenges/{id}/decline`: a user the challenge names, and still awaits, declines
/// it. The challenge ends `declined`; its creator and the users it names are told.
pub(super) async fn decline(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
    path: Result<Path<String>, PathRejection>,
) -> Result<StatusCode, ApiFailure> {
    let (id, challenge) = path_challenge(&state, path).await?;
    let seats = read_seats(&challenge.seat_spec_json)?;
    let user = &identity.user;
    if !involves(&challenge, &seats, user) {
        if challenge.visibility == Visibility::Direct {
            return Err(no_challenge(id.as_str()));
        }
        return Err(ApiFailure::new(
            NackCode::Forbidden,
            "only a user the challenge names may decline it",
        ));
    }
    if !tell::awaited(&seats).contains(&user.id) {
        return Err(ApiFailure::new(
            NackCode::Refused,
            "the challenge does not await you: only a named user who has not joined may decline \
             it (its creator withdraws it)",
        ));
    }
    let expired = challenge.expires_ms <= now_ms();
    let done = !expired
        && state
            .store
            .set_challenge_status(&id, ChallengeStatus::Open, ChallengeStatus::Declined)
            .await
            .map_err(|e| ApiFailure::storage(&e))?;
    if done {
        let mut challenge = challenge;
        challenge.status = ChallengeStatus::Declined;
        tell::gone(&state, &challenge, &seats);
        return Ok(StatusCode::NO_CONTENT);
    }
    let now = match state.store.load_challenge(&id).await {
        Ok(Some(c)) if c.status == ChallengeStatus::Open && expired => ChallengeStatus::Expired,
        Ok(Some(c)) => c.status,
        _ => ChallengeStatus::Expired,
    };
    Err(ApiFailure::new(
        NackCode::Refused,
        format!("the challenge is {now}: only an open challenge can be declined"),
    ))
}

/// The open challenges that name `user` and await them, newest first.
pub(crate) async fn awaiting(
    state: &ServerState,
    user: &User,
) -> Result<Vec<ChallengeInfo>, ApiFailure> {
    let open = state
        .store
        .open_challenges_naming(&user.id, now_ms(), LOBBY_LIMIT)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let mut challenges = Vec::new();
    for challenge in &open {
        let Ok(seats) = read_seats(&challenge.seat_spec_json) else {
            continue;
        };
        if tell::awaited(&seats).contains(&user.id) {
            challenges.push(info(state, challenge).await?);
        }
    }
    Ok(challenges)
}

/// `GET /api/me/challenges`.
pub(super) async fn mine(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
) -> Result<Json<ChallengesResponse>, ApiFailure> {
    let challenges = awaiting(&state, &identity.user).await?;
    Ok(Json(ChallengesResponse { challenges }))
}
