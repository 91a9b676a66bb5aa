//! Taking a seat of a challenge, and starting its game once nobody is awaited.

use muster_rules::Seat;
use muster_store::{Challenge, ChallengeStatus, GameId, User};
use muster_wire::{quote, NackCode};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use super::spec::{plans, read_seats, seats_json, StoredSeat};
use crate::accounts::ApiFailure;
use crate::convert::clock_of;
use crate::games::{new_game, NewGameSpec};
use crate::time::now_ms;
use crate::ServerState;

/// How often a join is tried again after another writer changed the challenge under it.
pub const JOIN_TRIES: usize = 5;

/// What a join did.
pub(crate) enum Joined {
    /// The caller now holds the seat (and the game started when it was the last one).
    Seated(Challenge),
    /// The caller already held a seat.
    Already(Challenge),
}

fn conflict(code: NackCode, reason: impl Into<String>) -> ApiFailure {
    ApiFailure::new(code, reason)
}

/// Starts `challenge`, whose stored seats are `expected` and whose seats become `seats` (nobody
/// awaited): the seats in the challenge's order or, with `random_order`, shuffled by the
/// operating system's generator; the game created and the challenge marked started in one
/// transaction; the game's actor woken. `Ok(None)` when another writer changed the challenge
/// first (nothing written).
pub(crate) async fn start(
    state: &ServerState,
    challenge: &Challenge,
    expected: &str,
    seats: &[StoredSeat],
) -> Result<Option<GameId>, ApiFailure> {
    let mut seat_plans = plans(seats, &challenge.creator_id);
    if challenge.random_order {
        let mut rng = SmallRng::try_from_os_rng().map_err(|_| {
            ApiFailure::new(
                NackCode::Storage,
                "the server has no randomness to seat the players; try again",
            )
        })?;
        seat_plans.shuffle(&mut rng);
    }
    let spec = NewGameSpec {
        game: challenge.game.clone(),
        variant: challenge.variant.clone(),
        seats: seat_plans,
        clock: clock_of(
            challenge.clock_kind,
            challenge.base_ms,
            challenge.inc_ms,
            challenge.corr_ms,
        ),
        rated: challenge.rated,
        takeback: challenge.takeback,
        challenge_id: Some(challenge.id.clone()),
    };
    let game = new_game(&spec, now_ms()).map_err(|e| {
        ApiFailure::new(
            NackCode::Storage,
            format!("the stored challenge no longer makes a game: {e}"),
        )
    })?;
    let started = state
        .store
        .start_challenge(&challenge.id, expected, &seats_json(seats), &game)
        .await
        .map_err(|e| ApiFailure::storage(&e))?;
    if !started {
        return Ok(None);
    }
    // A game whose actor does not wake now is loaded by its first subscriber.
    let _ = state.games.wake(&game.id).await;
    let users: Vec<Option<muster_store::UserId>> = spec
        .seats
        .iter()
        .map(|p| match p {
            crate::games::SeatPlan::Human(user) => Some(user.clone()),
            _ => None,
        })
        .collect();
    state
        .games
        .notices()
        .game_started(game.id.as_str(), &game.game, &game.variant, &users);
    let mut started = challenge.clone();
    started.status = ChallengeStatus::Started;
    started.game_id = Some(game.id.clone());
    super::tell::gone(state, &started, seats);
    Ok(Some(game.id))
}

/// The seat `user` holds in a challenge, if any.
pub(crate) fn seat_of(challenge: &Challenge, seats: &[StoredSeat], user: &User) -> Option<Seat> {
    seats
        .iter()
        .position(|s| s.sitter(&challenge.creator_id) == Some(user.id.as_str()))
        .map(|i| Seat(i as u8))
}

/// Whether `user` is named by (or created) a challenge.
pub(crate) fn involves(challenge: &Challenge, seats: &[StoredSeat], user: &User) -> bool {
    challenge.creator_id == user.id
        || seats.iter().any(|s| match s {
            StoredSeat::User { user_id, .. }
            | StoredSeat::Open {
                user_id: Some(user_id),
            } => user_id == user.id.as_str(),
            _ => false,
        })
}

/// Seats `user` in challenge `id`: in `wished`, or in the seat reserved for them, or in the
/// first open one. Guarded by the seats the joiner read, so of two joiners of one seat exactly
/// one gets it; the other reads again (up to [`JOIN_TRIES`] times) and is refused with
/// `taken` once no seat is left. When no seat is awaited any more the game starts.
pub(crate) async fn join(
    state: &ServerState,
    id: &muster_store::ChallengeId,
    user: &User,
    wished: Option<Seat>,
) -> Result<Joined, ApiFailure> {
    for _ in 0..JOIN_TRIES {
        let challenge = state
            .store
            .load_challenge(id)
            .await
            .map_err(|e| ApiFailure::storage(&e))?
            .ok_or_else(|| super::no_challenge(id.as_str()))?;
        let mut seats = read_seats(&challenge.seat_spec_json)?;
        if challenge.visibility == muster_store::Visibility::Direct
            && !involves(&challenge, &seats, user)
        {
            return Err(conflict(
                NackCode::Forbidden,
                "this challenge is addressed to the users it names only",
            ));
        }
        if seat_of(&challenge, &seats, user).is_some() {
            return Ok(Joined::Already(challenge));
        }
        match challenge.status {
            ChallengeStatus::Open if challenge.expires_ms > now_ms() => {}
            ChallengeStatus::Open | ChallengeStatus::Expired => {
                return Err(conflict(NackCode::Refused, "the challenge has expired"))
            }
            ChallengeStatus::Started => {
                return Err(conflict(
                    NackCode::Taken,
                    "the challenge has started: every seat is taken",
                ))
            }
            ChallengeStatus::Withdrawn => {
                return Err(conflict(NackCode::Refused, "the challenge was withdrawn"))
            }
            ChallengeStatus::Declined => {
                return Err(conflict(NackCode::Refused, "the challenge was declined"))
            }
        }
        if challenge.rated && user.is_guest {
            return Err(conflict(
                NackCode::Forbidden,
                "guests play casual games only: register to join a rated game",
            ));
        }
        let mine = |s: &StoredSeat| matches!(s, StoredSeat::User { user_id, taken: false } if user_id == user.id.as_str());
        let index = match wished {
            Some(seat) => {
                let i = seat.index();
                let Some(s) = seats.get(i) else {
                    return Err(conflict(
                        NackCode::Invalid,
                        format!("no seat {i}: the challenge has {} seats", seats.len()),
                    ));
                };
                if !(mine(s) || matches!(s, StoredSeat::Open { user_id: None })) {
                    return Err(conflict(
                        NackCode::Taken,
                        format!("seat {i} is taken or reserved for someone else"),
                    ));
                }
                i
            }
            None => seats
                .iter()
                .position(mine)
                .or_else(|| {
                    seats
                        .iter()
                        .position(|s| matches!(s, StoredSeat::Open { user_id: None }))
                })
                .ok_or_else(|| conflict(NackCode::Taken, "no seat of this challenge is free"))?,
        };
        let expected = challenge.seat_spec_json.clone();
        seats[index] = match &seats[index] {
            StoredSeat::User { user_id, .. } => StoredSeat::User {
                user_id: user_id.clone(),
                taken: true,
            },
            _ => StoredSeat::Open {
                user_id: Some(user.id.as_str().to_owned()),
            },
        };
        if seats.iter().any(StoredSeat::waiting) {
            let done = state
                .store
                .update_challenge_seats(id, &expected, &seats_json(&seats))
                .await
                .map_err(|e| ApiFailure::storage(&e))?;
            if done {
                let mut challenge = challenge;
                challenge.seat_spec_json = seats_json(&seats);
                return Ok(Joined::Seated(challenge));
            }
        } else if let Some(game) = start(state, &challenge, &expected, &seats).await? {
            let mut challenge = challenge;
            challenge.seat_spec_json = seats_json(&seats);
            challenge.status = ChallengeStatus::Started;
            challenge.game_id = Some(game);
            return Ok(Joined::Seated(challenge));
        }
    }
    Err(conflict(
        NackCode::Taken,
        format!(
            "challenge `{}` kept changing while joining: no seat was taken; try again",
            quote(id.as_str())
        ),
    ))
}
