//! Checks on the JSON bodies of the HTTP API, read the way `muster serve` reads them: through
//! the server's own extractor ([`muster_server::accounts::ApiJson`], called in-process on a
//! request held in memory), then the server's pure checks of what was read.
//!
//! * [`session_body`]: `POST /api/session` (guest, login, register): the name and password
//!   checks ([`check_name`], [`check_password`]) in the order the route runs them.
//! * [`challenge_body`]: `POST /api/challenges`: the request as read, then the rules' part of
//!   the lobby's check ([`new_game`] on a trial game: game, variant, seat count, AI levels). The
//!   rest of the lobby's check (the clock bounds, named users, rated games) needs a store and
//!   is not driven here.
//!
//! What needs a store or a password hash (a taken name, argon2, sessions) is left out: each
//! input must run in microseconds. The fuzz targets `session_body` and `challenge_body` run these
//! checks; the server's replay test (`crates/server/tests/server/fuzz_inputs.rs`) compiles this
//! same file and runs it on every checked-in input.

use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

use axum::body::Body;
use axum::extract::FromRequest;
use axum::http::header::CONTENT_TYPE;
use axum::http::{Request, StatusCode};
use muster_server::accounts::{
    check_name, check_password, ApiFailure, ApiJson, MAX_NAME_CHARS, MAX_PASSWORD_CHARS,
    MIN_NAME_CHARS, MIN_PASSWORD_CHARS,
};
use muster_server::games::{new_game, NewGameSpec, SeatPlan};
use muster_store::UserId;
use muster_wire::http::{ChallengeRequest, SeatSpec, SessionRequest};
use muster_wire::{quote, NackCode};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// How much of serde's account the server keeps in a `bad JSON body` reason, in characters.
pub const BODY_REASON_LEN: usize = 240;

/// What [`ApiJson`] answers for a body that does not read: 400 `malformed`, `bad JSON body: `
/// and serde's account cut to [`BODY_REASON_LEN`] characters.
const BAD_BODY: &str = "bad JSON body: ";

/// `data` as the body of a `POST` with `Content-Type: application/json`, read by [`ApiJson`]
/// as a handler reads it.
pub fn read_json<T: DeserializeOwned>(data: &[u8]) -> Result<T, ApiFailure> {
    let request = Request::post("/api")
        .header(CONTENT_TYPE, "application/json")
        .body(Body::from(data.to_vec()))
        .expect("a request built from constant parts");
    let read = at_once(ApiJson::<T>::from_request(request, &()))
        .expect("a body held in memory is read at once");
    read.map(|ApiJson(value)| value)
}

/// The output of a future that needs no waiting (nothing here does I/O).
fn at_once<F: Future>(future: F) -> Option<F::Output> {
    let mut future = pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(output) => Some(output),
        Poll::Pending => None,
    }
}

/// Reads `data` as `T`: a refusal is the documented 400 `malformed` with a bounded reason; a
/// body that reads re-encodes to JSON that reads to an equal value.
fn body<T>(data: &[u8]) -> Result<Option<T>, String>
where
    T: DeserializeOwned + Serialize + PartialEq + std::fmt::Debug,
{
    let value = match read_json::<T>(data) {
        Ok(value) => value,
        Err(failure) => {
            let reason = &failure.error.reason;
            let detail = reason.strip_prefix(BAD_BODY).unwrap_or("");
            let cut = detail.strip_suffix('…').unwrap_or(detail);
            if failure.status != StatusCode::BAD_REQUEST
                || failure.error.code != NackCode::Malformed
                || detail.is_empty()
                || cut.chars().count() > BODY_REASON_LEN
            {
                return Err(format!("a bad body was refused with {failure:?}"));
            }
            return Ok(None);
        }
    };
    let json = serde_json::to_vec(&value).map_err(|e| format!("{value:?} does not encode: {e}"))?;
    match read_json::<T>(&json) {
        Ok(back) if back == value => Ok(Some(value)),
        other => Err(format!(
            "{value:?} re-encodes to `{}`, read as {other:?}",
            String::from_utf8_lossy(&json)
        )),
    }
}

/// `POST /api/session`: the body as read; a guest's wished name, or a registration's name and
/// password, checked as the route checks them (name first). A name is accepted exactly when it
/// is 2 to 32 ASCII letters, digits, `-`, `_` and `.`, beginning with a letter or a digit; a
/// password exactly when it is 8 to 128 characters. A refusal is 400 `invalid`; a name's
/// quotes at most 80 characters of it, a password's depends on its length only. The request's
/// `Debug` form does not depend on the password.
pub fn session_body(data: &[u8]) -> Result<(), String> {
    let Some(request) = body::<SessionRequest>(data)? else {
        return Ok(());
    };
    match &request {
        SessionRequest::Guest { name: None } => Ok(()),
        SessionRequest::Guest { name: Some(name) } => name_check(name),
        SessionRequest::Login { name, password } => hidden_password(&request, name, password, true),
        SessionRequest::Register { name, password } => {
            hidden_password(&request, name, password, false)?;
            name_check(name)?;
            if check_name(name).is_ok() {
                password_check(password)?;
            }
            Ok(())
        }
    }
}

/// The `Debug` form of a login or a registration is the same whatever its password.
fn hidden_password(
    request: &SessionRequest,
    name: &str,
    password: &str,
    login: bool,
) -> Result<(), String> {
    let other = format!("{password}-other");
    let (name, password) = (name.to_owned(), other);
    let twin = if login {
        SessionRequest::Login { name, password }
    } else {
        SessionRequest::Register { name, password }
    };
    if format!("{request:?}") == format!("{twin:?}") {
        Ok(())
    } else {
        Err(format!("the Debug form `{request:?}` shows the password"))
    }
}

/// The documented rule for names, to compare [`check_name`] with.
fn good_name(name: &str) -> bool {
    (MIN_NAME_CHARS..=MAX_NAME_CHARS).contains(&name.chars().count())
        && name.starts_with(|c: char| c.is_ascii_alphanumeric())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn name_check(name: &str) -> Result<(), String> {
    match check_name(name) {
        Ok(()) if good_name(name) => Ok(()),
        Ok(()) => Err(format!("the bad name {name:?} was accepted")),
        Err(_) if good_name(name) => Err(format!("the good name {name:?} was refused")),
        Err(failure) => {
            let reason = &failure.error.reason;
            let invalid = failure.status == StatusCode::BAD_REQUEST
                && failure.error.code == NackCode::Invalid;
            // `bad name `…`: ` and the longest why (69 characters).
            if !invalid || !reason.contains(&quote(name)) || reason.chars().count() > 200 {
                return Err(format!("the name {name:?} was refused with {failure:?}"));
            }
            Ok(())
        }
    }
}

fn password_check(password: &str) -> Result<(), String> {
    let chars = password.chars().count();
    let good = (MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&chars);
    match check_password(password) {
        Ok(()) if good => Ok(()),
        Ok(()) => Err(format!("a password of {chars} characters was accepted")),
        Err(_) if good => Err(format!("a password of {chars} characters was refused")),
        Err(failure) => {
            let same = check_password(&"x".repeat(chars));
            let invalid = failure.status == StatusCode::BAD_REQUEST
                && failure.error.code == NackCode::Invalid;
            if !invalid || same.as_ref().err() != Some(&failure) {
                return Err(format!("a password was refused with {failure:?}"));
            }
            Ok(())
        }
    }
}

/// `POST /api/challenges`: the body as read; every AI level read is 1 to 8. The rules' part of
/// the lobby's check, a trial game set up as the lobby sets it up, either refuses or makes a
/// game of the request's game (by its canonical id) with one seat per seat spec, AI seats at
/// their levels, whose normalised variant sets up the same game again.
pub fn challenge_body(data: &[u8]) -> Result<(), String> {
    let Some(request) = body::<ChallengeRequest>(data)? else {
        return Ok(());
    };
    let creator = UserId::parse("creator").expect("a user id");
    let named = UserId::parse("named").expect("a user id");
    let seats: Vec<SeatPlan> = request
        .seats
        .iter()
        .map(|seat| match seat {
            SeatSpec::Me => SeatPlan::Human(creator.clone()),
            SeatSpec::User { .. } => SeatPlan::Human(named.clone()),
            SeatSpec::Open => SeatPlan::Open,
            SeatSpec::Ai { level } => SeatPlan::Ai(level.get()),
        })
        .collect();
    if let Some(SeatPlan::Ai(level)) = seats
        .iter()
        .find(|s| matches!(s, SeatPlan::Ai(n) if !(1..=8).contains(n)))
    {
        return Err(format!("the AI level {level} was read"));
    }
    let Ok(rules_game) = muster_rules::GameId::parse(&request.game) else {
        return Ok(());
    };
    let trial = NewGameSpec {
        game: rules_game.id().to_owned(),
        variant: request.variant.clone(),
        seats,
        clock: request.clock,
        rated: request.rated,
        takeback: muster_store::TakebackPolicy::Casual,
        challenge_id: None,
    };
    let Ok(game) = new_game(&trial, NOW) else {
        return Ok(());
    };
    if game.game != rules_game.id() || game.seats.len() != trial.seats.len() {
        return Err(format!("{request:?} made the game {game:?}"));
    }
    for (plan, seat) in trial.seats.iter().zip(&game.seats) {
        let level = match plan {
            SeatPlan::Ai(level) => Some(i64::from(*level)),
            _ => None,
        };
        if seat.ai_level != level {
            return Err(format!("{plan:?} made the seat {seat:?}"));
        }
    }
    let again = NewGameSpec {
        variant: game.variant.clone(),
        ..trial
    };
    match new_game(&again, NOW) {
        Ok(second) if second.variant == game.variant => Ok(()),
        other => Err(format!(
            "the normalised variant `{}` sets up {other:?}",
            game.variant
        )),
    }
}

/// The time every check runs at (2025-11-24 UTC).
const NOW: i64 = 1_764_000_000_000;
