//! The lobby: challenges created, joined, withdrawn and listed (docs/server-design.md §2.5
//! "Create", "Join").
//!
//! A challenge seats its creator (`me`), reserves seats for the users it names, seats the AI at
//! once and leaves `open` seats to whoever joins. When no seat is awaited any more — at
//! creation (me against the AI) or at the last join — the game is created and its actor woken
//! in the same step, with the seats shuffled by the operating system's generator when the
//! challenge asked for a random order. Open challenges expire: live ones after 15 minutes,
//! correspondence and untimed ones after 7 days.
//!
//! **Ids.** A challenge's id is random (130 bits from the operating system, see
//! [`muster_store::random_id`]) and derived from nothing: the id of a `link` challenge is all
//! that lets someone in, so nobody may compute it — not from the creator's id, which is public,
//! nor from an idempotency key.
//!
//! **Idempotency.** Create and join take an `Idempotency-Key` header. On create the store keeps
//! (user, key) → challenge id, written in the transaction that creates the challenge
//! ([`muster_store::Store::create_keyed_challenge`]), so a repeated request finds the stored
//! challenge and answers it as it stands, and of two racing ones only the first creates: nothing
//! is kept in memory, and a restart changes nothing. A key names its challenge for a day
//! ([`muster_store::KEY_LIFETIME_MS`]); reusing it meanwhile for a different request is refused.
//! On join a repeated request finds its user already seated and, with a key, answers the
//! challenge as it stands (without one, a second join is refused with `taken`).

mod mine;
mod spec;
mod start;
mod tell;

pub(crate) use mine::awaiting;

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use muster_store::{Challenge, ChallengeId, ChallengeStatus, Keyed, User, UserId, Visibility};
use muster_wire::http::{
    ChallengeInfo, ChallengeRequest, ChallengeSeat, ChallengesResponse, JoinRequest, SeatSpec,
    UserInfo,
};
use muster_wire::{quote, AiLevel, MatchId, Millis, NackCode};

pub use spec::{
    CORR_EXPIRY_MS, LIVE_EXPIRY_MS, MAX_BASE_MS, MAX_CORR_MS, MAX_INC_MS, MIN_BASE_MS, MIN_CORR_MS,
};
pub use start::JOIN_TRIES;

use crate::accounts::{ApiFailure, ApiJson, Identity, MaybeIdentity};
use crate::convert::{clock_of, wire_challenge_status, wire_takeback, wire_visibility};
use crate::time::now_ms;
use crate::ServerState;
use spec::{read_seats, StoredSeat};
use start::{involves, Joined};

/// The header that makes create and join safe to repeat.
pub const IDEMPOTENCY_KEY: &str = "idempotency-key";
/// The longest idempotency key, in bytes.
pub const MAX_KEY_LEN: usize = muster_store::MAX_KEY_BYTES;
/// The most challenges the lobby lists.
pub const LOBBY_LIMIT: u32 = 100;

/// The lobby routes, to merge into the application:
///
/// - `POST /api/challenges` ([`ChallengeRequest`], signed in) answers 201 [`ChallengeInfo`]
///   (200 when an `Idempotency-Key` finds the challenge it made before); `g` is set when the
///   game started at once;
/// - `GET /api/challenges` answers [`ChallengesResponse`]: the open public challenges;
/// - `GET /api/challenges/{id}` answers [`ChallengeInfo`] (a direct challenge only to the users
///   it involves; to others it does not exist);
/// - `POST /api/challenges/{id}/join` ([`JoinRequest`], signed in) answers [`ChallengeInfo`],
///   with `g` once the game started;
/// - `DELETE /api/challenges/{id}` by its creator withdraws an open challenge (204);
/// - `POST /api/challenges/{id}/decline` by a user it names and awaits declines it (204): it
///   ends `declined`, and its creator and the users it names are told (`challenge-gone`);
/// - `GET /api/me/challenges` (signed in) answers [`ChallengesResponse`]: the open challenges
///   that name the user and await them, newest first.
///
/// A new challenge is told to the users it awaits (`challenge`), and its end to everyone it
/// involves ([`crate::net::notices`]).
///
/// Creations and joins are limited per user ([`WRITE_BURST`] at once, then one every two
/// seconds): a 429 with `Retry-After` beyond that.
pub fn routes() -> Router<Arc<ServerState>> {
    let limits = Arc::new(WriteLimit(crate::net::limits::RateLimiter::new(
        WRITE_BURST,
        WRITE_REFILL_PER_SEC,
    )));
    Router::new()
        .route("/api/challenges", post(create).get(lobby))
        .route("/api/challenges/{id}", get(one).delete(withdraw))
        .route("/api/challenges/{id}/join", post(join))
        .route("/api/challenges/{id}/decline", post(mine::decline))
        .route("/api/me/challenges", get(mine::mine))
        .layer(axum::Extension(limits))
}

/// How many challenges one user may create or join at once.
pub const WRITE_BURST: u32 = 30;
/// How fast that allowance comes back, per second.
pub const WRITE_REFILL_PER_SEC: f64 = 0.5;

/// The per-user limit of challenge writes.
struct WriteLimit(crate::net::limits::RateLimiter<String>);

impl WriteLimit {
    fn check(&self, user: &User) -> Result<(), ApiFailure> {
        self.0
            .check(&user.id.as_str().to_owned())
            .map_err(ApiFailure::rate)
    }
}

pub(crate) fn no_challenge(id: &str) -> ApiFailure {
    ApiFailure::new(NackCode::NotFound, format!("no challenge `{}`", quote(id)))
}

fn challenge_id(path: Result<Path<String>, PathRejection>) -> Result<ChallengeId, ApiFailure> {
    let Path(text) = path.map_err(|rejection| {
        ApiFailure::new(
            NackCode::Malformed,
            format!("bad path: {}", rejection.body_text()),
        )
    })?;
    ChallengeId::parse(&text).ok_or_else(|| no_challenge(&text))
}

/// The challenge a route's path names: 400 `malformed` for a path that does not read, 404
/// `not-found` for an id that is no challenge, 500 `storage` when the store fails.
async fn path_challenge(
    state: &ServerState,
    path: Result<Path<String>, PathRejection>,
) -> Result<(ChallengeId, Challenge), ApiFailure> {
    let id = challenge_id(path)?;
    let challenge = state
        .store
        .load_challenge(&id)
        .await
        .map_err(|e| ApiFailure::storage(&e))?
        .ok_or_else(|| no_challenge(id.as_str()))?;
    Ok((id, challenge))
}

/// The `Idempotency-Key` of a request: 1 to 200 visible ASCII characters.
fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, ApiFailure> {
    let Some(value) = headers.get(IDEMPOTENCY_KEY) else {
        return Ok(None);
    };
    let text = value.to_str().unwrap_or("");
    let ok =
        !text.is_empty() && text.len() <= MAX_KEY_LEN && text.bytes().all(|b| b.is_ascii_graphic());
    if !ok {
        return Err(ApiFailure::new(
            NackCode::Invalid,
            format!(
                "bad Idempotency-Key `{}`: 1 to {MAX_KEY_LEN} visible ASCII characters",
                quote(text)
            ),
        ));
    }
    Ok(Some(text.to_owned()))
}

/// The users a challenge involves, by id.
async fn users_of(
    state: &ServerState,
    challenge: &Challenge,
    seats: &[StoredSeat],
) -> Result<HashMap<String, User>, ApiFailure> {
    let mut ids = vec![challenge.creator_id.as_str().to_owned()];
    for seat in seats {
        if let StoredSeat::User { user_id, .. }
        | StoredSeat::Open {
            user_id: Some(user_id),
        } = seat
        {
            ids.push(user_id.clone());
        }
    }
    let mut users = HashMap::new();
    for id in ids {
        if users.contains_key(&id) {
            continue;
        }
        let Some(uid) = UserId::parse(&id) else {
            continue;
        };
        if let Some(user) = state
            .store
            .user_by_id(&uid)
            .await
            .map_err(|e| ApiFailure::storage(&e))?
        {
            users.insert(id, user);
        }
    }
    Ok(users)
}

fn user_info(user: &User) -> UserInfo {
    UserInfo {
        id: muster_wire::UserId(user.id.as_str().to_owned()),
        name: user.name.clone(),
        guest: user.is_guest,
        bot: user.is_bot,
    }
}

/// A stored challenge as the lobby shows it: the request it was made from (the game and
/// variant normalised, named users by their names) and its seats as they stand. An open
/// challenge past its expiry reads as expired.
pub(crate) async fn info(
    state: &ServerState,
    challenge: &Challenge,
) -> Result<ChallengeInfo, ApiFailure> {
    let seats = read_seats(&challenge.seat_spec_json)?;
    let users = users_of(state, challenge, &seats).await?;
    let name = |id: &str| {
        users
            .get(id)
            .map_or_else(|| "(gone)".to_owned(), |u| u.name.clone())
    };
    let creator_name = name(challenge.creator_id.as_str());
    let mut specs = Vec::with_capacity(seats.len());
    let mut shown = Vec::with_capacity(seats.len());
    for (i, seat) in seats.iter().enumerate() {
        let (spec, who, taken) = match seat {
            StoredSeat::Me => (SeatSpec::Me, Some(creator_name.clone()), true),
            StoredSeat::Open { user_id } => (
                SeatSpec::Open,
                user_id.as_deref().map(name),
                user_id.is_some(),
            ),
            StoredSeat::Ai { level } => (
                AiLevel::new(*level).map_or(SeatSpec::Open, |level| SeatSpec::Ai { level }),
                Some(format!("AI level {level}")),
                true,
            ),
            StoredSeat::User { user_id, taken } => {
                let who = name(user_id);
                (SeatSpec::User { name: who.clone() }, Some(who), *taken)
            }
        };
        specs.push(spec);
        shown.push(ChallengeSeat {
            seat: muster_rules::Seat(i as u8),
            name: who,
            taken,
        });
    }
    let creator = users
        .get(challenge.creator_id.as_str())
        .map(user_info)
        .unwrap_or_else(|| UserInfo {
            id: muster_wire::UserId(challenge.creator_id.as_str().to_owned()),
            name: creator_name.clone(),
            guest: false,
            bot: false,
        });
    let status = match challenge.status {
        ChallengeStatus::Open if challenge.expires_ms <= now_ms() => ChallengeStatus::Expired,
        other => other,
    };
    Ok(ChallengeInfo {
        id: muster_wire::ChallengeId(challenge.id.as_str().to_owned()),
        creator,
        spec: ChallengeRequest {
            game: challenge.game.clone(),
            variant: challenge.variant.clone(),
            seats: specs,
            random_order: challenge.random_order,
            clock: clock_of(
                challenge.clock_kind,
                challenge.base_ms,
                challenge.inc_ms,
                challenge.corr_ms,
            ),
            rated: challenge.rated,
            takeback: wire_takeback(challenge.takeback),
            visibility: wire_visibility(challenge.visibility),
        },
        status: wire_challenge_status(status),
        g: challenge
            .game_id
            .as_ref()
            .map(|g| MatchId(g.as_str().to_owned())),
        expires_ms: Millis(u64::try_from(challenge.expires_ms).unwrap_or(0)),
        seats: shown,
    })
}

/// Whether a stored challenge was made from `request` (an idempotent repeat): the same game,
/// variant, clock, options and seats, compared as the lobby shows them.
fn same_request(shown: &ChallengeRequest, request: &ChallengeRequest) -> bool {
    let game_of = |g: &str| muster_rules::GameId::parse(g).ok();
    let variant_of =
        |r: &ChallengeRequest| game_of(&r.game).and_then(|g| g.variant_text(&r.variant).ok());
    let seat_key = |s: &SeatSpec| match s {
        SeatSpec::User { name } => SeatSpec::User {
            name: name.to_lowercase(),
        },
        other => other.clone(),
    };
    game_of(&shown.game) == game_of(&request.game)
        && variant_of(shown) == variant_of(request)
        && shown
            .seats
            .iter()
            .map(seat_key)
            .eq(request.seats.iter().map(seat_key))
        && shown.random_order == request.random_order
        && shown.clock == request.clock
        && shown.rated == request.rated
        && shown.takeback == request.takeback
        && shown.visibility == request.visibility
}

/// The answer to a repeated create: the challenge the user's key names, as it stands, when it
/// was made from the same request.
async fn repeated(
    state: &ServerState,
    stored: &Challenge,
    request: &ChallengeRequest,
) -> Result<Response, ApiFailure> {
    let shown = info(state, stored).await?;
    if !same_request(&shown.spec, request) {
        return Err(ApiFailure::new(
            NackCode::Refused,
            "this Idempotency-Key was used for another challenge: use a new key",
        ));
    }
    Ok((StatusCode::OK, Json(shown)).into_response())
}

async fn create(
    State(state): State<Arc<ServerState>>,
    axum::Extension(limit): axum::Extension<Arc<WriteLimit>>,
    identity: Identity,
    headers: HeaderMap,
    ApiJson(request): ApiJson<ChallengeRequest>,
) -> Result<Response, ApiFailure> {
    let user = identity.user;
    limit.check(&user)?;
    let key = idempotency_key(&headers)?;
    let (new, seats) =
        spec::check(&state, &user, &request, ChallengeId::generate(), now_ms()).await?;
    let stored = match &key {
        Some(key) => state.store.create_keyed_challenge(&new, key).await,
        None => state.store.create_challenge(&new).await.map(Keyed::Created),
    };
    let mut challenge = match stored.map_err(|e| ApiFailure::storage(&e))? {
        Keyed::Created(challenge) => challenge,
        // The key was used before (or by a racing repeat that got there first).
        Keyed::Found(stored) => return repeated(&state, &stored, &request).await,
    };
    tell::created(&state, &challenge, &seats).await;
    if !seats.iter().any(StoredSeat::waiting) {
        let expected = challenge.seat_spec_json.clone();
        if let Some(game) = start::start(&state, &challenge, &expected, &seats).await? {
            challenge.status = ChallengeStatus::Started;
            challenge.game_id = Some(game);
        }
    }
    let shown = info(&state, &challenge).await?;
    Ok((StatusCode::CREATED, Json(shown)).into_response())
}

async fn join(
    State(state): State<Arc<ServerState>>,
    axum::Extension(limit): axum::Extension<Arc<WriteLimit>>,
    identity: Identity,
    headers: HeaderMap,
    path: Result<Path<String>, PathRejection>,
    ApiJson(request): ApiJson<JoinRequest>,
) -> Result<Json<ChallengeInfo>, ApiFailure> {
    let id = challenge_id(path)?;
    let key = idempotency_key(&headers)?;
    let user = identity.user;
    limit.check(&user)?;
    match start::join(&state, &id, &user, request.seat).await? {
        Joined::Seated(challenge) => Ok(Json(info(&state, &challenge).await?)),
        Joined::Already(challenge) if key.is_some() => Ok(Json(info(&state, &challenge).await?)),
        Joined::Already(challenge) => {
            let seats = read_seats(&challenge.seat_spec_json)?;
            let seat = start::seat_of(&challenge, &seats, &user).map_or(0, |s| s.index());
            Err(ApiFailure::new(
                NackCode::Taken,
                format!("you already hold seat {seat} of this challenge"),
            ))
        }
    }
}

async fn withdraw(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
    path: Result<Path<String>, PathRejection>,
) -> Result<StatusCode, ApiFailure> {
    let (id, challenge) = path_challenge(&state, path).await?;
    if challenge.creator_id != identity.user.id {
        let seats = read_seats(&challenge.seat_spec_json)?;
        if challenge.visibility == Visibility::Direct
            && !involves(&challenge, &seats, &identity.user)
        {
            return Err(no_challenge(id.as_str()));
        }
        return Err(ApiFailure::new(
            NackCode::Forbidden,
            "only its creator may withdraw a challenge",
        ));
    }
    let done = state
        .store
        .set_challenge_status(&id, ChallengeStatus::Open, ChallengeStatus::Withdrawn)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    if done {
        let mut challenge = challenge;
        challenge.status = ChallengeStatus::Withdrawn;
        if let Ok(seats) = read_seats(&challenge.seat_spec_json) {
            tell::gone(&state, &challenge, &seats);
        }
        return Ok(StatusCode::NO_CONTENT);
    }
    let now = state
        .store
        .load_challenge(&id)
        .await
        .map_err(|e| ApiFailure::storage(&e))?
        .map_or(ChallengeStatus::Withdrawn, |c| c.status);
    Err(ApiFailure::new(
        NackCode::Refused,
        format!("the challenge is {now}: only an open challenge can be withdrawn"),
    ))
}

async fn lobby(
    State(state): State<Arc<ServerState>>,
) -> Result<Json<ChallengesResponse>, ApiFailure> {
    let now = now_ms();
    // Tidying: the list below leaves expired challenges out whether or not this succeeds.
    let _ = state.store.expire_challenges(now).await;
    let open = state
        .store
        .open_challenges(now, LOBBY_LIMIT)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let mut challenges = Vec::with_capacity(open.len());
    for challenge in &open {
        challenges.push(info(&state, challenge).await?);
    }
    Ok(Json(ChallengesResponse { challenges }))
}

async fn one(
    State(state): State<Arc<ServerState>>,
    MaybeIdentity(identity): MaybeIdentity,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<ChallengeInfo>, ApiFailure> {
    let (id, challenge) = path_challenge(&state, path).await?;
    if challenge.visibility == Visibility::Direct {
        let seats = read_seats(&challenge.seat_spec_json)?;
        let allowed = identity
            .as_ref()
            .is_some_and(|i| involves(&challenge, &seats, &i.user));
        if !allowed {
            return Err(no_challenge(id.as_str()));
        }
    }
    Ok(Json(info(&state, &challenge).await?))
}
