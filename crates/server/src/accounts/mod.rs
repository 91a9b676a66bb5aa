//! Who a request comes from (a stand-in until the accounts module lands): the session token in
//! the `muster_session` cookie or an `Authorization: Bearer` header, looked up by its SHA-256.

use axum::http::HeaderMap;
use muster_store::{TokenHash, User};
use muster_wire::http::ApiError;
use muster_wire::NackCode;
use sha2::{Digest, Sha256};

use crate::time::now_ms;
use crate::ServerState;

/// A signed-in user and the session it came with.
#[derive(Clone, Debug)]
pub struct Identity {
    /// The user.
    pub user: User,
    /// The session's token hash.
    pub token_hash: TokenHash,
}

/// The hash a token is stored under.
pub fn token_hash(token: &str) -> TokenHash {
    let digest = Sha256::digest(token.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    TokenHash::from_hex(&hex).unwrap_or_else(|_| unreachable_hex())
}

fn unreachable_hex() -> TokenHash {
    TokenHash::from_hex(&"0".repeat(64)).expect("64 hex digits are a token hash")
}

/// The identity of a request, if it carries a live session.
pub async fn identify(
    state: &ServerState,
    headers: &HeaderMap,
) -> Result<Option<Identity>, ApiError> {
    let Some(token) = token_of(headers) else {
        return Ok(None);
    };
    let hash = token_hash(&token);
    let storage = |e: muster_store::Error| ApiError {
        code: NackCode::Storage,
        reason: e.to_string(),
    };
    let Some(session) = state.store.find_session(&hash).await.map_err(storage)? else {
        return Ok(None);
    };
    if session.expires_ms <= now_ms() {
        return Ok(None);
    }
    let user = state
        .store
        .user_by_id(&session.user_id)
        .await
        .map_err(storage)?;
    Ok(user.map(|user| Identity {
        user,
        token_hash: hash,
    }))
}

fn token_of(headers: &HeaderMap) -> Option<String> {
    if let Some(value) = headers.get("authorization").and_then(|v| v.to_str().ok()) {
        if let Some(token) = value.strip_prefix("Bearer ") {
            return Some(token.trim().to_owned());
        }
    }
    headers
        .get_all("cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().strip_prefix("muster_session="))
        .map(str::to_owned)
        .next()
}
