//! The game routes of the HTTP API: a game's summary and record, the import of a finished
//! game's record, a player's games (their turn first), what a profile shows of a user's
//! ratings and games, a finished game's replay frames ([`replay`]) and the rules pages
//! ([`rules`]).

pub mod replay;
pub mod rules;
mod turns;
pub mod watch;

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use muster_rules::Seat;
use muster_store::{
    ClockKind, Commit, Game, GameAndLog, GameId, GameStatus, NewGame, SeatKind, User, UserId,
};
use muster_wire::http::{GameSummary, GamesResponse, RatingInfo, SeatSummary, UserProfile};
use muster_wire::{quote, MatchId, Millis, NackCode, Ply};
use serde::Deserialize;

pub use turns::{Turns, REMEMBERED};

use crate::accounts::{ApiFailure, Identity, MaybeIdentity};
use crate::convert::{wire_clock_kind, wire_game_status, wire_seat_kind};
use crate::records::{self, RecordsError, Viewer};
use crate::time::now_ms;
use crate::ServerState;

/// The largest record `POST /api/games/import` reads: 1 MiB.
pub const MAX_IMPORT_BYTES: usize = 1 << 20;
/// The most games `GET /api/me/games` lists.
pub const MY_GAMES_LIMIT: u32 = 200;
/// The most finished games a profile shows.
pub const RECENT_GAMES: u32 = 10;

/// The game routes, to merge into the application:
///
/// - `GET /api/games/{id}` answers [`GameSummary`];
/// - `GET /api/games/{id}/record` answers the muster record as `text/plain`, for the asking
///   player's seat or a spectator, redacted while secrets are pending;
/// - `POST /api/games/import` (signed in; the body is a record of at most 1 MiB) stores the
///   finished game and answers 201 [`GameSummary`];
/// - `GET /api/me/games?status=active|over|all` (signed in) answers [`GamesResponse`], the
///   games where it is the user's turn first;
/// - `GET /api/games/{id}/frame?ply=N` answers [`muster_wire::http::ReplayFrame`], the
///   position after N decisions of a game that is over, drawn for a spectator (409 while the
///   game runs; see [`replay`]);
/// - `GET /api/games?status=active|over` (public) answers [`GamesResponse`], the games of
///   public challenges, to watch (see [`watch`]);
/// - `GET /api/rules/{game}` answers [`muster_wire::http::RulesResponse`], the game's rules as
///   HTML with its sections and diagrams (see [`rules`]).
pub fn routes() -> Router<Arc<ServerState>> {
    Router::new()
        .route("/api/games/{id}", get(summary_route))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/frame", get(replay::frame_route))
        .route("/api/rules/{game}", get(rules::rules_route))
        .route(
            "/api/games/import",
            post(import).layer(DefaultBodyLimit::max(MAX_IMPORT_BYTES)),
        )
        .route("/api/me/games", get(my_games))
        .route("/api/games", get(watch::watch_route))
        .layer(Extension(Arc::new(Turns::default())))
        .layer(Extension(Arc::new(replay::Replays::default())))
}

/// A query string as its type, or 400 `malformed` saying what did not read.
pub(crate) fn read_query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, ApiFailure> {
    query.map(|Query(q)| q).map_err(|rejection| {
        ApiFailure::new(
            NackCode::Malformed,
            format!("bad query: {}", rejection.body_text()),
        )
    })
}

fn no_game(id: &str) -> ApiFailure {
    ApiFailure::new(NackCode::NotFound, format!("no game `{}`", quote(id)))
}

/// The game id a route's path names.
fn path_id(path: Result<Path<String>, PathRejection>) -> Result<GameId, ApiFailure> {
    let Path(text) = path.map_err(|rejection| {
        ApiFailure::new(
            NackCode::Malformed,
            format!("bad path: {}", rejection.body_text()),
        )
    })?;
    GameId::parse(&text).ok_or_else(|| no_game(&text))
}

async fn load(
    state: &ServerState,
    path: Result<Path<String>, PathRejection>,
) -> Result<Game, ApiFailure> {
    let id = path_id(path)?;
    state
        .store
        .load_game(&id)
        .await
        .map_err(|e| ApiFailure::storage(&e))?
        .ok_or_else(|| no_game(id.as_str()))
}

/// A game with its log, read in one snapshot (a commit is in both or in neither).
async fn load_with_log(state: &ServerState, id: &GameId) -> Result<GameAndLog, ApiFailure> {
    state
        .store
        .load_game_and_log(id)
        .await
        .map_err(|e| ApiFailure::storage(&e))?
        .ok_or_else(|| no_game(id.as_str()))
}

/// User names by id, looked up once per request.
#[derive(Default)]
struct Names(HashMap<UserId, String>);

impl Names {
    async fn of(&mut self, state: &ServerState, id: &UserId) -> Result<String, ApiFailure> {
        if let Some(name) = self.0.get(id) {
            return Ok(name.clone());
        }
        let name = state
            .store
            .user_by_id(id)
            .await
            .map_err(|e| ApiFailure::storage(&e))?
            .map_or_else(|| "(gone)".to_owned(), |u| u.name);
        self.0.insert(id.clone(), name.clone());
        Ok(name)
    }

    /// The name shown for each seat: its user's, `AI level n`, or empty for an open seat.
    async fn seats(&mut self, state: &ServerState, game: &Game) -> Result<Vec<String>, ApiFailure> {
        let mut names = Vec::with_capacity(game.seats.len());
        for seat in &game.seats {
            names.push(match (&seat.user_id, seat.ai_level) {
                (Some(user), _) => self.of(state, user).await?,
                (None, Some(level)) => format!("AI level {level}"),
                (None, None) => String::new(),
            });
        }
        Ok(names)
    }
}

/// A stored game as a list shows it, for `viewer` (who may hold seats), with `to_move` the
/// seat to decide.
async fn summary(
    state: &ServerState,
    names: &mut Names,
    game: &Game,
    viewer: Option<&UserId>,
    to_move: Option<Seat>,
) -> Result<GameSummary, ApiFailure> {
    let shown = names.seats(state, game).await?;
    let seats = game
        .seats
        .iter()
        .zip(shown)
        .map(|(seat, name)| SeatSummary {
            seat: Seat(seat.seat as u8),
            name,
            kind: wire_seat_kind(seat.kind),
        })
        .collect();
    // A retired seat is played by the engine: it is nobody's turn to decide there.
    let your_turn = to_move.is_some_and(|m| {
        game.seats.iter().any(|s| {
            s.seat == i64::from(m.0)
                && s.kind == SeatKind::Human
                && viewer.is_some_and(|v| s.user_id.as_ref() == Some(v))
        })
    });
    Ok(GameSummary {
        g: MatchId(game.id.as_str().to_owned()),
        game: game.game.clone(),
        variant: game.variant.clone(),
        seats,
        status: wire_game_status(game.status),
        your_turn,
        to_move,
        ply: Ply(u32::try_from(game.ply).unwrap_or(0)),
        clock: wire_clock_kind(game.clock_kind),
        rated: game.rated,
        result: game.result.clone(),
        termination: game.termination.map(|t| t.as_str().to_owned()),
        updated_ms: Millis(u64::try_from(game.updated_ms).unwrap_or(0)),
    })
}

async fn summary_route(
    State(state): State<Arc<ServerState>>,
    Extension(turns): Extension<Arc<Turns>>,
    MaybeIdentity(identity): MaybeIdentity,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<GameSummary>, ApiFailure> {
    let game = load(&state, path).await?;
    let to_move = turns.to_move(state.store.as_ref(), &game).await;
    let viewer = identity.as_ref().map(|i| &i.user.id);
    let mut names = Names::default();
    Ok(Json(
        summary(&state, &mut names, &game, viewer, to_move).await?,
    ))
}

async fn record(
    State(state): State<Arc<ServerState>>,
    MaybeIdentity(identity): MaybeIdentity,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiFailure> {
    let GameAndLog { game, log } = load_with_log(&state, &path_id(path)?).await?;
    let names = Names::default().seats(&state, &game).await?;
    // A player sees what their (first) seat sees; a retired seat is still theirs.
    let seat = identity.as_ref().and_then(|i| {
        game.seats
            .iter()
            .find(|s| s.user_id.as_ref() == Some(&i.user.id))
            .map(|s| Seat(s.seat as u8))
    });
    let text =
        tokio::task::spawn_blocking(move || records::export(&game, &log, &names, Viewer::of(seat)))
            .await
            .map_err(|_| ApiFailure::new(NackCode::Storage, "the record could not be written"))?
            .map_err(|e| {
                ApiFailure::new(
                    NackCode::Storage,
                    format!("the stored game does not make a record: {e}"),
                )
            })?;
    let mut response = text.into_response();
    response.headers_mut().insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    Ok(response)
}

async fn import(
    State(state): State<Arc<ServerState>>,
    _signed_in: Identity,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiFailure> {
    let bytes = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiFailure::new(
                NackCode::TooLarge,
                format!(
                    "a record above {} KiB is not imported",
                    MAX_IMPORT_BYTES / 1024
                ),
            )
        } else {
            ApiFailure::new(
                NackCode::Malformed,
                format!("the body could not be read: {}", rejection.body_text()),
            )
        }
    })?;
    let text = String::from_utf8(bytes.to_vec())
        .map_err(|_| ApiFailure::new(NackCode::Malformed, "a record is UTF-8 text"))?;
    let now = now_ms();
    let imported = tokio::task::spawn_blocking(move || records::import(&text, now))
        .await
        .map_err(|_| ApiFailure::new(NackCode::Storage, "the record could not be read"))?
        .map_err(|e| match e {
            RecordsError::TooLong { .. } => ApiFailure::new(NackCode::TooLarge, e.to_string()),
            other => ApiFailure::new(NackCode::Invalid, other.to_string()),
        })?;
    let id = GameId::generate();
    let game = NewGame {
        id: id.clone(),
        game: imported.game,
        variant: imported.variant,
        rules_version: imported.rules_version,
        // Over from the start: a crash before the log is written leaves a finished game with
        // no moves, never a running one that the server would try to play.
        status: GameStatus::Over,
        start_text: imported.start_text,
        chance_seed: 0,
        clock_kind: ClockKind::None,
        base_ms: 0,
        inc_ms: 0,
        corr_ms: 0,
        clock_json: "{}".to_owned(),
        deadline_ms: None,
        rated: false,
        takeback: muster_store::TakebackPolicy::Never,
        challenge_id: None,
        created_ms: now,
        seats: (0..imported.seats)
            .map(|s| muster_store::Seat::open(s as i64))
            .collect(),
    };
    let store = &state.store;
    store
        .create_game(&game)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let commit = Commit {
        entries: imported.entries,
        ply: imported.ply,
        status: GameStatus::Over,
        started_ms: Some(now),
        now_ms: now,
        end: Some(imported.end),
        ..Commit::default()
    };
    store
        .commit(&id, 0, &commit)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let stored = store
        .load_game(&id)
        .await
        .map_err(|e| ApiFailure::storage(&e))?
        .ok_or_else(|| no_game(id.as_str()))?;
    let shown = summary(&state, &mut Names::default(), &stored, None, None).await?;
    Ok((StatusCode::CREATED, Json(shown)).into_response())
}

/// The query of `GET /api/me/games`.
#[derive(Deserialize)]
struct MyGamesQuery {
    status: Option<String>,
}

async fn my_games(
    State(state): State<Arc<ServerState>>,
    Extension(turns): Extension<Arc<Turns>>,
    identity: Identity,
    query: Result<Query<MyGamesQuery>, QueryRejection>,
) -> Result<Json<GamesResponse>, ApiFailure> {
    let query = read_query(query)?;
    let statuses: &[GameStatus] = match query.status.as_deref().unwrap_or("active") {
        "active" => &[GameStatus::Running, GameStatus::Filling],
        "over" => &[GameStatus::Over, GameStatus::Aborted, GameStatus::Legacy],
        "all" => &[],
        other => {
            return Err(ApiFailure::new(
                NackCode::Invalid,
                format!("bad status `{}`: active, over or all", quote(other)),
            ))
        }
    };
    let me = &identity.user.id;
    let games = state
        .store
        .games_of_user(me, statuses, MY_GAMES_LIMIT)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let mut names = Names::default();
    let mut shown = Vec::with_capacity(games.len());
    for game in &games {
        let to_move = turns.to_move(state.store.as_ref(), game).await;
        shown.push(summary(&state, &mut names, game, Some(me), to_move).await?);
    }
    // Stable: within each group the store's order (latest change first) stays.
    shown.sort_by_key(|g| !g.your_turn);
    Ok(Json(GamesResponse { games: shown }))
}

/// A user's public profile: the account, its ratings per pool (provisional marked) and its
/// last [`RECENT_GAMES`] finished games.
pub async fn profile(state: &ServerState, user: User) -> Result<UserProfile, ApiFailure> {
    let ratings = state
        .store
        .ratings_of(&user.id)
        .await
        .map_err(|e| ApiFailure::storage(&e))?
        .into_iter()
        .map(|r| RatingInfo {
            provisional: r.rd > crate::ratings::PROVISIONAL_RD,
            rating: r.rating.round() as i32,
            rd: r.rd.round() as i32,
            games: u32::try_from(r.games).unwrap_or(0),
            pool: r.pool,
        })
        .collect();
    let games = state
        .store
        .games_of_user(&user.id, &[GameStatus::Over], RECENT_GAMES)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    let mut names = Names::default();
    let mut recent = Vec::with_capacity(games.len());
    for game in &games {
        recent.push(summary(state, &mut names, game, Some(&user.id), None).await?);
    }
    Ok(UserProfile {
        id: muster_wire::UserId(user.id.as_str().to_owned()),
        name: user.name,
        guest: user.is_guest,
        bot: user.is_bot,
        created_ms: Millis(u64::try_from(user.created_ms).unwrap_or(0)),
        ratings,
        recent,
    })
}
