//! A named user's bots: creating one (`POST /api/bots`), listing them (`GET /api/me/bots`),
//! revoking a bot's token (`DELETE /api/bots/{name}/token`) and giving it a new one
//! (`POST /api/bots/{name}/token`).
//!
//! A bot is a user with `is_bot` set; the store's `bots` table names its owner. Its token is a
//! session that never expires; the bot's `prefs_json` holds its owner and the hash of its
//! current token ([`BotPrefs`]), which is why a bot has no settings of its own
//! ([`super::prefs`]).

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use muster_store::{Session, TokenHash, User, UserId};
use muster_wire::http::{BotInfo, BotList, BotRequest, BotResponse};
use muster_wire::{Millis, NackCode};
use serde::{Deserialize, Serialize};

use super::api::{ApiFailure, ApiJson, ClientIp};
use super::identity::Identity;
use super::names::check_name;
use super::routes::{
    new_user, no_randomness, path_name, private, user_failure, user_info, Limits, REPLACED_TOKEN,
    REVOKED,
};
use super::tokens::{hash_token, new_token, NEVER_MS};
use crate::time::now_ms;
use crate::ServerState;

/// The most bots `GET /api/me/bots` lists.
pub const MY_BOTS_LIMIT: u32 = 200;

/// What a bot's `prefs_json` holds: who owns it and the hash of its token.
#[derive(Serialize, Deserialize)]
struct BotPrefs {
    owner: String,
    token_hash: String,
}

impl BotPrefs {
    fn json(owner: &UserId, token_hash: &TokenHash) -> String {
        let prefs = BotPrefs {
            owner: owner.as_str().to_owned(),
            token_hash: token_hash.as_str().to_owned(),
        };
        serde_json::to_string(&prefs).unwrap_or_default()
    }
}

/// A bot's token session: it never expires.
fn token_session(bot: &UserId, token_hash: TokenHash) -> Session {
    let now = now_ms();
    Session {
        token_hash,
        user_id: bot.clone(),
        created_ms: now,
        seen_ms: now,
        expires_ms: NEVER_MS,
    }
}

/// `POST /api/bots`: a registered user (not a guest, not a bot) creates a bot; 201 with the
/// bot and its token, shown only this once.
pub(super) async fn create_bot(
    State(state): State<Arc<ServerState>>,
    ClientIp(ip): ClientIp,
    Extension(limits): Extension<Arc<Limits>>,
    identity: Identity,
    ApiJson(BotRequest { name }): ApiJson<BotRequest>,
) -> Result<Response, ApiFailure> {
    limits.sessions.check(&ip).map_err(ApiFailure::rate)?;
    let owner = &identity.user;
    if owner.is_guest || owner.is_bot {
        return Err(ApiFailure::new(
            NackCode::Forbidden,
            "only a registered user can create bots",
        ));
    }
    check_name(&name)?;
    let token = new_token().map_err(|_| no_randomness())?;
    let token_hash = hash_token(&token);
    let bot = muster_store::NewUser {
        is_bot: true,
        prefs_json: BotPrefs::json(&owner.id, &token_hash),
        ..new_user(name, None, false)
    };
    let bot = state
        .store
        .create_bot(&bot, &owner.id)
        .await
        .map_err(|e| user_failure(&e))?;
    state
        .store
        .insert_session(&token_session(&bot.id, token_hash))
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let body = BotResponse {
        user: user_info(&bot),
        token,
    };
    Ok(private(StatusCode::CREATED, body))
}

/// The bot named `name` and its owner, if it is a bot.
async fn bot_named(state: &ServerState, name: &str) -> Result<Option<(User, UserId)>, ApiFailure> {
    let storage = |e: muster_store::Error| ApiFailure::storage(&e);
    let Some(bot) = state
        .store
        .user_by_name(name)
        .await
        .map_err(storage)?
        .filter(|user| user.is_bot)
    else {
        return Ok(None);
    };
    let owner = state.store.bot_owner(&bot.id).await.map_err(storage)?;
    Ok(owner.map(|owner| (bot, owner)))
}

fn no_bot(name: &str) -> ApiFailure {
    ApiFailure::new(
        NackCode::NotFound,
        format!("no bot `{}`", muster_wire::quote(name)),
    )
}

/// `DELETE /api/bots/{name}/token`: the owner revokes the bot's token (204) and its
/// connections close; 404 for a name that is no bot, 403 for anyone but its owner.
pub(super) async fn revoke_bot_token(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiFailure> {
    let name = path_name(path)?;
    let (bot, owner) = bot_named(&state, &name)
        .await?
        .ok_or_else(|| no_bot(&name))?;
    if owner != identity.user.id {
        return Err(ApiFailure::new(
            NackCode::Forbidden,
            "only the bot's owner may revoke its token",
        ));
    }
    let sessions = state
        .store
        .sessions_of_user(&bot.id)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    for session in sessions {
        state
            .store
            .delete_session(&session.token_hash)
            .await
            .map_err(|e| ApiFailure::storage(&e))?;
        state.end_sign_in(&session.token_hash, REVOKED);
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/bots/{name}/token`: the owner gives the bot a new token (201 with the bot and
/// the token, shown only this once); the old one stops working and the connections opened
/// with it close. 404 for a name that is no bot and for a bot of someone else's alike, so the
/// answer does not tell who owns which bot.
pub(super) async fn renew_bot_token(
    State(state): State<Arc<ServerState>>,
    ClientIp(ip): ClientIp,
    Extension(limits): Extension<Arc<Limits>>,
    identity: Identity,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiFailure> {
    let name = path_name(path)?;
    let (bot, _) = bot_named(&state, &name)
        .await?
        .filter(|(_, owner)| *owner == identity.user.id)
        .ok_or_else(|| no_bot(&name))?;
    limits.sessions.check(&ip).map_err(ApiFailure::rate)?;
    let token = new_token().map_err(|_| no_randomness())?;
    let token_hash = hash_token(&token);
    let prefs_json = BotPrefs::json(&identity.user.id, &token_hash);
    let ended = state
        .store
        .replace_bot_token(&bot.id, &prefs_json, &token_session(&bot.id, token_hash))
        .await
        .map_err(|e| ApiFailure::storage(&e))?
        .ok_or_else(|| no_bot(&name))?;
    for token_hash in &ended {
        state.end_sign_in(token_hash, REPLACED_TOKEN);
    }
    let body = BotResponse {
        user: user_info(&bot),
        token,
    };
    Ok(private(StatusCode::CREATED, body))
}

/// `GET /api/me/bots`: the caller's bots, newest first, each with whether its token works. A
/// guest or a bot owns none: their list is empty.
pub(super) async fn my_bots(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
) -> Result<Json<BotList>, ApiFailure> {
    let storage = |e: muster_store::Error| ApiFailure::storage(&e);
    let owned = state
        .store
        .bots_of(&identity.user.id, MY_BOTS_LIMIT)
        .await
        .map_err(storage)?;
    let mut bots = Vec::with_capacity(owned.len());
    for bot in owned {
        let sessions = state
            .store
            .sessions_of_user(&bot.id)
            .await
            .map_err(storage)?;
        bots.push(BotInfo {
            name: bot.name,
            created_ms: Millis(bot.created_ms.max(0) as u64),
            token: !sessions.is_empty(),
        });
    }
    Ok(Json(BotList { bots }))
}
