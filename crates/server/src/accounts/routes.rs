//! The account routes: sessions, bots and public profiles.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Extension, Json, Router};
use muster_store::{NewUser, Session, User};
use muster_wire::http::{SessionRequest, SessionResponse, UserInfo, UserProfile};
use muster_wire::NackCode;
use serde::Serialize;

use super::api::{ApiFailure, ApiJson, ClientIp};
use super::identity::Identity;
use super::names::check_name;
use super::passwords::{check_password, hash_password, verify_password};
use super::tokens::{
    clear_cookie, cookie_token, hash_token, new_token, presented_token, session_cookie,
    SESSION_TTL_MS,
};
use crate::net::limits::RateLimiter;
use crate::time::now_ms;
use crate::ServerState;

/// How many sessions, accounts and bots one client address may create at once.
pub const SESSION_BURST: u32 = 20;
/// How fast that allowance comes back, per second (12 a minute).
pub const SESSION_REFILL_PER_SEC: f64 = 0.2;

/// Why a logged-out session's connections were closed.
pub const LOGGED_OUT: &str = "logged out";
/// Why the connections of a browser's previous session were closed when it signed in again.
pub const REPLACED: &str = "this browser signed in again: reconnect with the new session";
/// Why a bot's connections were closed when its owner revoked its token.
pub const REVOKED: &str = "the bot's token was revoked by its owner";
/// Why a bot's connections were closed when its owner gave it a new token.
pub const REPLACED_TOKEN: &str = "the bot was given a new token by its owner";

/// The rate limits of the account routes, one set per router.
pub(super) struct Limits {
    /// `POST /api/session`, `POST /api/bots` and `POST /api/bots/{name}/token`, per client
    /// address.
    pub(super) sessions: RateLimiter<IpAddr>,
}

/// The account routes, to merge into the application:
///
/// - `POST /api/session` ([`SessionRequest`]: guest, login or register) answers
///   [`SessionResponse`] with the token and sets the session cookie;
/// - `GET /api/session` answers [`SessionResponse`] without the token, 401 without a session;
/// - `DELETE /api/session` deletes the presented session and clears the cookie (204);
/// - `POST /api/session/password` (`PasswordRequest`) changes a named user's password and ends
///   their other sessions (204);
/// - `POST /api/bots`, `DELETE` and `POST /api/bots/{name}/token`, `GET /api/me/bots`: a
///   named user's bots (`super::bots`);
/// - `GET` and `PUT /api/me/prefs`: the user's settings ([`super::prefs`]);
/// - `GET /api/users/{name}` answers [`UserProfile`].
///
/// Every ending of a session closes the connections opened with it ([`super::signins`]).
///
/// `sessions_per_minute` replaces the default allowance ([`SESSION_BURST`] at once, refilled
/// at [`SESSION_REFILL_PER_SEC`]) with that many at once and per minute.
pub fn routes(sessions_per_minute: Option<u32>) -> Router<Arc<ServerState>> {
    let sessions = match sessions_per_minute {
        Some(n) => RateLimiter::new(n.max(1), f64::from(n.max(1)) / 60.0),
        None => RateLimiter::new(SESSION_BURST, SESSION_REFILL_PER_SEC),
    };
    let limits = Arc::new(Limits { sessions });
    Router::new()
        .route(
            "/api/session",
            post(create_session).get(who_am_i).delete(logout),
        )
        .route(
            "/api/session/password",
            post(super::change::change_password),
        )
        .route("/api/bots", post(super::bots::create_bot))
        .route(
            "/api/bots/{name}/token",
            delete(super::bots::revoke_bot_token).post(super::bots::renew_bot_token),
        )
        .route("/api/me/bots", get(super::bots::my_bots))
        .route(
            "/api/me/prefs",
            get(super::prefs::get_prefs).put(super::prefs::put_prefs),
        )
        .route("/api/users/{name}", get(profile))
        .layer(Extension(limits))
}

pub(super) fn user_info(user: &User) -> UserInfo {
    UserInfo {
        id: muster_wire::UserId(user.id.as_str().to_owned()),
        name: user.name.clone(),
        guest: user.is_guest,
        bot: user.is_bot,
    }
}

/// A store refusal of a new user as an answer: `taken`, `invalid`, or `storage`.
pub(super) fn user_failure(error: &muster_store::Error) -> ApiFailure {
    match error {
        muster_store::Error::NameTaken { name } => ApiFailure::new(
            NackCode::Taken,
            format!("the name `{}` is taken", muster_wire::quote(name)),
        ),
        muster_store::Error::BadName { name, why } => ApiFailure::new(
            NackCode::Invalid,
            format!("bad name `{}`: {why}", muster_wire::quote(name)),
        ),
        other => ApiFailure::storage(other),
    }
}

pub(super) fn no_randomness() -> ApiFailure {
    ApiFailure::new(
        NackCode::Storage,
        "the server has no randomness to make a token; try again",
    )
}

pub(super) fn new_user(name: String, pw_hash: Option<String>, is_guest: bool) -> NewUser {
    NewUser {
        name,
        pw_hash,
        is_guest,
        is_bot: false,
        email: None,
        prefs_json: "{}".to_owned(),
        created_ms: now_ms(),
    }
}

/// Stores a session for `user` that lasts `lifetime_ms` from now and returns its token (one
/// reading of the clock for both ends, so the lifetime is exact).
async fn open_session(
    state: &ServerState,
    user: &User,
    lifetime_ms: i64,
) -> Result<String, ApiFailure> {
    let token = new_token().map_err(|_| no_randomness())?;
    let now = now_ms();
    let session = Session {
        token_hash: hash_token(&token),
        user_id: user.id.clone(),
        created_ms: now,
        seen_ms: now,
        expires_ms: now.saturating_add(lifetime_ms),
    };
    state
        .store
        .insert_session(&session)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    Ok(token)
}

/// A JSON answer that no cache may keep (it carries a token).
pub(super) fn private(status: StatusCode, body: impl Serialize) -> Response {
    let mut response = (status, Json(body)).into_response();
    response
        .headers_mut()
        .insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn create_session(
    State(state): State<Arc<ServerState>>,
    ClientIp(ip): ClientIp,
    Extension(limits): Extension<Arc<Limits>>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<SessionRequest>,
) -> Result<Response, ApiFailure> {
    limits.sessions.check(&ip).map_err(ApiFailure::rate)?;
    let user = match request {
        SessionRequest::Guest { name } => create_guest(&state, name).await?,
        SessionRequest::Login { name, password } => login(&state, &name, password).await?,
        SessionRequest::Register { name, password } => register(&state, name, password).await?,
    };
    // The browser's cookie is about to be replaced: the session it named is of no more use.
    // A guest who registers keeps the guest account (with its games) but loses its session.
    if let Some(old) = cookie_token(&headers) {
        let old = hash_token(old);
        if let Ok(true) = state.store.delete_session(&old).await {
            state.end_sign_in(&old, REPLACED);
        }
    }
    let token = open_session(&state, &user, SESSION_TTL_MS).await?;
    let cookie = session_cookie(&token, state.games.config().net.secure_cookies());
    let body = SessionResponse {
        user: user_info(&user),
        token: Some(token),
    };
    let mut response = private(StatusCode::OK, body);
    response.headers_mut().insert(SET_COOKIE, cookie);
    Ok(response)
}

/// How many generated guest names are tried before giving up.
const GUEST_NAME_TRIES: usize = 8;

async fn create_guest(state: &ServerState, name: Option<String>) -> Result<User, ApiFailure> {
    if let Some(name) = name {
        check_name(&name)?;
        let user = new_user(name, None, true);
        return state
            .store
            .create_user(&user)
            .await
            .map_err(|e| user_failure(&e));
    }
    for _ in 0..GUEST_NAME_TRIES {
        let mut bytes = [0u8; 3];
        getrandom::fill(&mut bytes).map_err(|_| no_randomness())?;
        let name = format!("guest-{:02x}{:02x}{:02x}", bytes[0], bytes[1], bytes[2]);
        match state.store.create_user(&new_user(name, None, true)).await {
            Ok(user) => return Ok(user),
            Err(muster_store::Error::NameTaken { .. }) => continue,
            Err(other) => return Err(user_failure(&other)),
        }
    }
    Err(ApiFailure::new(
        NackCode::Storage,
        "no free guest name was found; try again",
    ))
}

/// One answer for an unknown name, a wrong password, a guest or a bot, so that a refusal does
/// not tell which names exist.
fn bad_login() -> ApiFailure {
    ApiFailure::new(NackCode::Unauthorized, "wrong name or password")
}

async fn login(state: &ServerState, name: &str, password: String) -> Result<User, ApiFailure> {
    let user = state
        .store
        .user_by_name(name)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let stored = user.as_ref().and_then(|u| u.pw_hash.clone());
    let matches = verify_password(password, stored).await;
    match user {
        Some(user) if matches && !user.is_guest && !user.is_bot => Ok(user),
        _ => Err(bad_login()),
    }
}

async fn register(state: &ServerState, name: String, password: String) -> Result<User, ApiFailure> {
    check_name(&name)?;
    check_password(&password)?;
    // Refuse a taken name before spending a hash on it; the store checks again.
    let taken = state
        .store
        .user_by_name(&name)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    if taken.is_some() {
        return Err(user_failure(&muster_store::Error::NameTaken { name }));
    }
    let pw_hash = hash_password(password).await?;
    state
        .store
        .create_user(&new_user(name, Some(pw_hash), false))
        .await
        .map_err(|e| user_failure(&e))
}

async fn who_am_i(identity: Identity) -> Response {
    let body = SessionResponse {
        user: user_info(&identity.user),
        token: None,
    };
    private(StatusCode::OK, body)
}

async fn logout(
    State(state): State<Arc<ServerState>>,
    headers: HeaderMap,
) -> Result<Response, ApiFailure> {
    if let Some(token) = presented_token(&headers) {
        let token_hash = hash_token(token);
        state
            .store
            .delete_session(&token_hash)
            .await
            .map_err(|e| ApiFailure::storage(&e))?;
        state.end_sign_in(&token_hash, LOGGED_OUT);
    }
    let mut response = StatusCode::NO_CONTENT.into_response();
    let secure = state.games.config().net.secure_cookies();
    response
        .headers_mut()
        .insert(SET_COOKIE, clear_cookie(secure));
    Ok(response)
}

pub(super) fn path_name(path: Result<Path<String>, PathRejection>) -> Result<String, ApiFailure> {
    path.map(|Path(name)| name).map_err(|rejection| {
        ApiFailure::new(
            NackCode::Malformed,
            format!("bad path: {}", rejection.body_text()),
        )
    })
}

async fn profile(
    State(state): State<Arc<ServerState>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<UserProfile>, ApiFailure> {
    let name = path_name(path)?;
    let user = state
        .store
        .user_by_name(&name)
        .await
        .map_err(|e| ApiFailure::storage(&e))?
        .ok_or_else(|| {
            ApiFailure::new(
                NackCode::NotFound,
                format!("no user `{}`", muster_wire::quote(&name)),
            )
        })?;
    Ok(Json(crate::api::profile(&state, user).await?))
}
