//! Who is asking: the session a request presents (cookie or bearer token), checked against the
//! store. Handlers take [`Identity`] (401 without a valid session) or [`MaybeIdentity`]; the
//! WebSocket upgrade calls [`identify`].

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use muster_store::{TokenHash, User};
use muster_wire::http::ApiError;
use muster_wire::NackCode;

use super::api::ApiFailure;
use super::tokens::{hash_token, presented_token, SESSION_TTL_MS, TOUCH_EVERY_MS};
use crate::time::now_ms;
use crate::ServerState;

/// A request's user, with the hash of the session token it presented.
#[derive(Clone, Debug, PartialEq)]
pub struct Identity {
    /// The user.
    pub user: User,
    /// The session (for logout).
    pub token_hash: TokenHash,
}

/// The request's [`Identity`] if it presents a valid session, else `None`.
#[derive(Clone, Debug, PartialEq)]
pub struct MaybeIdentity(pub Option<Identity>);

/// What looking a token up found.
enum Lookup {
    /// No token, or one of the wrong form.
    Absent,
    /// A token the store does not know (logged out, revoked, or never issued).
    Unknown,
    /// A session past its expiry.
    Expired,
    /// A live session.
    Found(Identity),
}

async fn lookup(state: &ServerState, headers: &HeaderMap) -> Result<Lookup, ApiFailure> {
    let Some(token) = presented_token(headers) else {
        return Ok(Lookup::Absent);
    };
    let token_hash = hash_token(token);
    let store = &state.store;
    let Some(session) = store
        .find_session(&token_hash)
        .await
        .map_err(|e| ApiFailure::storage(&e))?
    else {
        return Ok(Lookup::Unknown);
    };
    let now = now_ms();
    if session.expires_ms <= now {
        // Tidy up; the answer is the same whether or not this succeeds.
        let _ = store.delete_session(&token_hash).await;
        return Ok(Lookup::Expired);
    }
    let Some(user) = store
        .user_by_id(&session.user_id)
        .await
        .map_err(|e| ApiFailure::storage(&e))?
    else {
        return Ok(Lookup::Unknown);
    };
    if now.saturating_sub(session.seen_ms) >= TOUCH_EVERY_MS {
        // Sliding expiry; a bot's far expiry is never shortened. A failed touch only means the
        // session is touched again on the next request.
        let expires = session.expires_ms.max(now.saturating_add(SESSION_TTL_MS));
        let _ = store.touch_session(&token_hash, now, expires).await;
    }
    Ok(Lookup::Found(Identity { user, token_hash }))
}

/// The identity of a request with these headers: the session named by `Authorization: Bearer`
/// or else by the cookie `muster_session`, if the store has it unexpired; `None` otherwise
/// (an expired session is deleted on the way). Moves the session's expiry to 30 days from
/// now at most once a minute. Fails only when the store does (`storage`).
pub async fn identify(
    state: &ServerState,
    headers: &HeaderMap,
) -> Result<Option<Identity>, ApiError> {
    match lookup(state, headers).await {
        Ok(Lookup::Found(identity)) => Ok(Some(identity)),
        Ok(_) => Ok(None),
        Err(failure) => Err(failure.error),
    }
}

impl FromRequestParts<Arc<ServerState>> for Identity {
    type Rejection = ApiFailure;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Arc<ServerState>,
    ) -> Result<Self, Self::Rejection> {
        let why = match lookup(state, &parts.headers).await? {
            Lookup::Found(identity) => return Ok(identity),
            Lookup::Absent => "no session: log in, register or play as a guest first",
            Lookup::Unknown => "the session is not known (logged out or revoked): log in again",
            Lookup::Expired => "the session has expired: log in again",
        };
        Err(ApiFailure::new(NackCode::Unauthorized, why))
    }
}

impl FromRequestParts<Arc<ServerState>> for MaybeIdentity {
    type Rejection = ApiFailure;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &Arc<ServerState>,
    ) -> Result<Self, Self::Rejection> {
        match lookup(state, &parts.headers).await? {
            Lookup::Found(identity) => Ok(MaybeIdentity(Some(identity))),
            _ => Ok(MaybeIdentity(None)),
        }
    }
}
