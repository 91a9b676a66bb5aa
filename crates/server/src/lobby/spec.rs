//! A challenge request checked seat by seat and rule by rule, and its seats as the store keeps
//! them (`challenges.seat_spec_json`).

use muster_rules::GameId as RulesGame;
use muster_store::{ChallengeId, ClockKind, NewChallenge, User, UserId, Visibility};
use muster_wire::http::{ChallengeRequest, ClockSpec, SeatSpec};
use muster_wire::{quote, NackCode};
use serde::{Deserialize, Serialize};

use crate::accounts::ApiFailure;
use crate::convert::{clock_columns, store_takeback, store_visibility};
use crate::games::{new_game, NewGameSpec, SeatPlan};
use crate::ServerState;

/// How long an open live challenge waits for its seats: 15 minutes.
pub const LIVE_EXPIRY_MS: i64 = 15 * 60 * 1000;
/// How long an open correspondence or untimed challenge waits: 7 days.
pub const CORR_EXPIRY_MS: i64 = 7 * DAY_MS;
/// The shortest live base time: 10 seconds.
pub const MIN_BASE_MS: u64 = 10_000;
/// The longest live base time: 3 hours.
pub const MAX_BASE_MS: u64 = 3 * 60 * 60 * 1000;
/// The largest live increment: 60 seconds.
pub const MAX_INC_MS: u64 = 60_000;
/// The shortest correspondence time per move: 1 day.
pub const MIN_CORR_MS: u64 = DAY_MS as u64;
/// The longest correspondence time per move: 14 days.
pub const MAX_CORR_MS: u64 = 14 * DAY_MS as u64;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// One seat of a challenge as stored. An `open` seat that someone joined keeps its kind and
/// gains the joiner, so the request it came from can always be read back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub(crate) enum StoredSeat {
    /// The challenger.
    Me,
    /// Anyone; `user_id` once someone joined.
    Open {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user_id: Option<String>,
    },
    /// The engine.
    Ai { level: u8 },
    /// A named user, `taken` once they joined.
    User {
        user_id: String,
        #[serde(default)]
        taken: bool,
    },
}

impl StoredSeat {
    /// Who sits here, if anyone does.
    pub(crate) fn sitter<'a>(&'a self, creator: &'a UserId) -> Option<&'a str> {
        match self {
            StoredSeat::Me => Some(creator.as_str()),
            StoredSeat::Open { user_id } => user_id.as_deref(),
            StoredSeat::User {
                user_id,
                taken: true,
            } => Some(user_id),
            StoredSeat::Ai { .. } | StoredSeat::User { taken: false, .. } => None,
        }
    }

    /// Whether the seat still waits for someone.
    pub(crate) fn waiting(&self) -> bool {
        matches!(
            self,
            StoredSeat::Open { user_id: None } | StoredSeat::User { taken: false, .. }
        )
    }

    /// The seat's plan in the game, once nobody is awaited.
    fn plan(&self, creator: &UserId) -> SeatPlan {
        match self {
            StoredSeat::Ai { level } => SeatPlan::Ai(*level),
            other => match other.sitter(creator).and_then(UserId::parse) {
                Some(user) => SeatPlan::Human(user),
                None => SeatPlan::Open,
            },
        }
    }
}

/// The seats as stored text.
pub(crate) fn seats_json(seats: &[StoredSeat]) -> String {
    serde_json::to_string(seats).unwrap_or_default()
}

/// The stored seats of a challenge; a stored text that does not read is a damaged row.
pub(crate) fn read_seats(json: &str) -> Result<Vec<StoredSeat>, ApiFailure> {
    serde_json::from_str(json).map_err(|e| {
        ApiFailure::new(
            NackCode::Storage,
            format!("a stored challenge's seats do not read: {e}"),
        )
    })
}

/// The plans of the game's seats (in the challenge's order).
pub(crate) fn plans(seats: &[StoredSeat], creator: &UserId) -> Vec<SeatPlan> {
    seats.iter().map(|s| s.plan(creator)).collect()
}

fn invalid(reason: impl Into<String>) -> ApiFailure {
    ApiFailure::new(NackCode::Invalid, reason)
}

/// Checks a clock: live base 10 s to 3 h with an increment of at most 60 s, correspondence 1 to
/// 14 days per move.
fn check_clock(clock: ClockSpec) -> Result<(), ApiFailure> {
    match clock {
        ClockSpec::None => Ok(()),
        ClockSpec::Live { base_ms, inc_ms } => {
            if !(MIN_BASE_MS..=MAX_BASE_MS).contains(&base_ms.0) {
                return Err(invalid(format!(
                    "a live base time of {} ms is outside 10 s to 3 h",
                    base_ms.0
                )));
            }
            if inc_ms.0 > MAX_INC_MS {
                return Err(invalid(format!(
                    "an increment of {} ms is above 60 s",
                    inc_ms.0
                )));
            }
            Ok(())
        }
        ClockSpec::Corr { per_move_ms } => {
            if !(MIN_CORR_MS..=MAX_CORR_MS).contains(&per_move_ms.0) {
                return Err(invalid(format!(
                    "a correspondence time of {} ms per move is outside 1 to 14 days",
                    per_move_ms.0
                )));
            }
            Ok(())
        }
    }
}

/// Checks a request from `creator` and builds the challenge to store under `id` at `now_ms`.
///
/// The rules, in order: at least one seat; a known game; a seat count in the game's range;
/// at least one `me` seat (a challenge always seats its creator; several make a casual hot-seat
/// game); named users exist, are not
/// the creator and appear once; a `direct` challenge names at least one user and has no `open` seat (nobody else may join it);
/// a sane clock; MuTou untimed only; a rated game has a clock, a registered creator, no AI
/// seat and no guest named; the variant (normalised) and the AI levels as the rules accept
/// them. Every refusal quotes the bad value.
pub(crate) async fn check(
    state: &ServerState,
    creator: &User,
    request: &ChallengeRequest,
    id: ChallengeId,
    now_ms: i64,
) -> Result<(NewChallenge, Vec<StoredSeat>), ApiFailure> {
    if request.seats.is_empty() {
        return Err(invalid("a challenge needs seats"));
    }
    let rules_game = RulesGame::parse(&request.game).map_err(|_| {
        invalid(format!(
            "unknown game `{}` (murus-gallicus, mur, mu, mutou)",
            quote(&request.game)
        ))
    })?;
    // The seat count first: a long list of named seats costs a lookup each.
    if let Ok(info) = rules_game.info() {
        info.check_seats(request.seats.len())
            .map_err(|e| invalid(format!("{e}")))?;
    }
    let mes = request.seats.iter().filter(|s| **s == SeatSpec::Me).count();
    if mes == 0 {
        return Err(invalid(
            "a challenge seats its creator: it needs at least one `me` seat",
        ));
    }
    // Several `me` seats make a hot-seat game: one person plays them all, on one screen.
    if mes > 1 && request.rated {
        return Err(invalid(format!(
            "a hot-seat game ({mes} `me` seats) is casual: one person plays every `me` seat"
        )));
    }
    let mut seats = Vec::with_capacity(request.seats.len());
    let mut named: Vec<UserId> = Vec::new();
    for spec in &request.seats {
        seats.push(match spec {
            SeatSpec::Me => StoredSeat::Me,
            SeatSpec::Open => StoredSeat::Open { user_id: None },
            SeatSpec::Ai { level } => StoredSeat::Ai { level: level.get() },
            SeatSpec::User { name } => {
                let user = state
                    .store
                    .user_by_name(name)
                    .await
                    .map_err(|e| ApiFailure::storage(&e))?
                    .ok_or_else(|| {
                        ApiFailure::new(
                            NackCode::NotFound,
                            format!("no user `{}` to challenge", quote(name)),
                        )
                    })?;
                if user.id == creator.id {
                    return Err(invalid("name your own seat `me`, not by your name"));
                }
                if named.contains(&user.id) {
                    return Err(invalid(format!("`{}` is named twice", quote(name))));
                }
                if request.rated && user.is_guest {
                    return Err(invalid(format!(
                        "`{}` is a guest: rated games are for registered players",
                        quote(name)
                    )));
                }
                named.push(user.id.clone());
                StoredSeat::User {
                    user_id: user.id.as_str().to_owned(),
                    taken: false,
                }
            }
        });
    }
    let visibility = store_visibility(request.visibility);
    if visibility == Visibility::Direct {
        if named.is_empty() {
            return Err(invalid("a direct challenge names at least one user"));
        }
        if seats.iter().any(|s| matches!(s, StoredSeat::Open { .. })) {
            return Err(invalid(
                "a direct challenge has no open seat: only the users it names may take part",
            ));
        }
    }
    check_clock(request.clock)?;
    if rules_game == RulesGame::MuTou && request.clock != ClockSpec::None {
        return Err(invalid(
            "MuTou is played untimed only (`clock: none`): its turns have no fair clock yet",
        ));
    }
    if request.rated {
        if creator.is_guest {
            return Err(ApiFailure::new(
                NackCode::Forbidden,
                "guests play casual games only: register to play rated",
            ));
        }
        if seats.iter().any(|s| matches!(s, StoredSeat::Ai { .. })) {
            return Err(invalid(
                "a rated game has no AI seat: every seat is a person",
            ));
        }
        if request.clock == ClockSpec::None {
            return Err(invalid(
                "a rated game needs a clock (live or correspondence)",
            ));
        }
    }
    // The rules check the variant, the seat count and the AI levels on a trial game.
    let trial = NewGameSpec {
        game: rules_game.id().to_owned(),
        variant: request.variant.clone(),
        seats: plans(&seats, &creator.id),
        clock: request.clock,
        rated: request.rated,
        takeback: store_takeback(request.takeback),
        challenge_id: None,
    };
    let game = new_game(&trial, now_ms).map_err(|e| {
        invalid(format!(
            "bad variant `{}` for {}: {e}",
            quote(&request.variant),
            rules_game.id()
        ))
    })?;
    let (clock_kind, base_ms, inc_ms, corr_ms) = clock_columns(request.clock);
    let expiry = if clock_kind == ClockKind::Live {
        LIVE_EXPIRY_MS
    } else {
        CORR_EXPIRY_MS
    };
    let challenge = NewChallenge {
        id,
        creator_id: creator.id.clone(),
        game: game.game,
        variant: game.variant,
        seats: seats.len() as i64,
        seat_spec_json: seats_json(&seats),
        random_order: request.random_order,
        clock_kind,
        base_ms,
        inc_ms,
        corr_ms,
        rated: request.rated,
        takeback: store_takeback(request.takeback),
        visibility,
        created_ms: now_ms,
        expires_ms: now_ms.saturating_add(expiry),
    };
    Ok((challenge, seats))
}
