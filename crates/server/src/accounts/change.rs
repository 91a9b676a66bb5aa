//! `POST /api/session/password`: a named user changes their password, and every other
//! sign-in of theirs ends at once (signins.rs).

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use muster_wire::http::PasswordRequest;
use muster_wire::NackCode;

use super::api::{ApiFailure, ApiJson};
use super::identity::Identity;
use super::passwords::{check_password, hash_password, verify_password};
use crate::ServerState;

/// Why the other sessions of a user whose password changed were ended.
pub const PASSWORD_CHANGED: &str = "the password was changed: sign in again";

/// Checks the current password, stores the new one and deletes every other session of the
/// user in one transaction, then closes their connections; answers 204. A guest or a bot has
/// no password to change (403); a wrong current password is 401.
pub(super) async fn change_password(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
    ApiJson(request): ApiJson<PasswordRequest>,
) -> Result<Response, ApiFailure> {
    let user = &identity.user;
    if user.is_guest || user.is_bot {
        return Err(ApiFailure::new(
            NackCode::Forbidden,
            "only a registered user has a password to change",
        ));
    }
    check_password(&request.new)?;
    if !verify_password(request.current, user.pw_hash.clone()).await {
        return Err(ApiFailure::new(
            NackCode::Unauthorized,
            "the current password is wrong",
        ));
    }
    let pw_hash = hash_password(request.new).await?;
    let ended = state
        .store
        .change_password(&user.id, &pw_hash, Some(&identity.token_hash))
        .await
        .map_err(|e| ApiFailure::storage(&e))?
        .ok_or_else(|| ApiFailure::new(NackCode::NotFound, "the account is gone"))?;
    for token_hash in &ended {
        state.end_sign_in(token_hash, PASSWORD_CHANGED);
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}
