//! What the lobby tells the users a challenge involves ([`crate::net::notices`]): a challenge that
//! awaits them, and the end of its wait (declined, withdrawn, expired, started).

use std::sync::Arc;
use std::time::Duration;

use muster_store::{Challenge, ChallengeStatus, UserId};
use muster_wire::{MatchId, StreamEvent};

use super::spec::StoredSeat;
use crate::time::now_ms;
use crate::ServerState;

/// The users a challenge still awaits: the named users who have not taken their seat.
pub(crate) fn awaited(seats: &[StoredSeat]) -> Vec<UserId> {
    seats
        .iter()
        .filter_map(|s| match s {
            StoredSeat::User {
                user_id,
                taken: false,
            } => UserId::parse(user_id),
            _ => None,
        })
        .collect()
}

/// Everyone a challenge involves: its creator and every user it names.
fn involved(challenge: &Challenge, seats: &[StoredSeat]) -> Vec<UserId> {
    let mut users = vec![challenge.creator_id.clone()];
    for seat in seats {
        if let StoredSeat::User { user_id, .. } = seat {
            if let Some(user) = UserId::parse(user_id) {
                if !users.contains(&user) {
                    users.push(user);
                }
            }
        }
    }
    users
}

/// A new challenge: each user it awaits is told, and when it names anyone, its expiry is
/// watched so they are told when it lapses.
pub(crate) async fn created(state: &Arc<ServerState>, challenge: &Challenge, seats: &[StoredSeat]) {
    let users = awaited(seats);
    if users.is_empty() {
        return;
    }
    if let Ok(info) = super::info(state, challenge).await {
        let event = StreamEvent::Challenge { challenge: info };
        for user in &users {
            state.games.notices().tell(user, &event);
        }
    }
    let state = Arc::clone(state);
    let id = challenge.id.clone();
    let expires_ms = challenge.expires_ms;
    tokio::spawn(async move {
        let wait = expires_ms.saturating_sub(now_ms()).max(0) as u64;
        tokio::time::sleep(Duration::from_millis(wait)).await;
        let lapsed = state
            .store
            .set_challenge_status(&id, ChallengeStatus::Open, ChallengeStatus::Expired)
            .await;
        if let (Ok(true), Ok(Some(challenge))) = (lapsed, state.store.load_challenge(&id).await) {
            if let Ok(seats) = super::spec::read_seats(&challenge.seat_spec_json) {
                gone(&state, &challenge, &seats);
            }
        }
    });
}

/// A challenge no longer awaits anybody (its `status` says why): everyone it involves is told.
pub(crate) fn gone(state: &ServerState, challenge: &Challenge, seats: &[StoredSeat]) {
    let event = StreamEvent::ChallengeGone {
        id: muster_wire::ChallengeId(challenge.id.as_str().to_owned()),
        status: crate::convert::wire_challenge_status(challenge.status),
        g: challenge
            .game_id
            .as_ref()
            .map(|g| MatchId(g.as_str().to_owned())),
    };
    for user in involved(challenge, seats) {
        state.games.notices().tell(&user, &event);
    }
}
