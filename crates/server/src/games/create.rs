//! A new game from a seat plan: the variant checked and normalised by the rules, the seats, the
//! clock, and the secret seeds of chance and of the AI seats.

use muster_rules::AnyGame;
use muster_store::{
    ChallengeId, ClockKind, GameId, GameStatus, NewGame, Seat, SeatKind, TakebackPolicy, UserId,
};
use muster_wire::http::ClockSpec;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Who sits in a seat of a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    /// A person.
    Human(UserId),
    /// An AI level, 1 to 8.
    Ai(u8),
    /// Nobody yet.
    Open,
}

/// What a new game is.
#[derive(Clone, Debug)]
pub struct NewGameSpec {
    /// The game (`murus-gallicus`, `mur`, `mu`, `mutou`).
    pub game: String,
    /// The variant text (normalised here).
    pub variant: String,
    /// The seats, in seat order.
    pub seats: Vec<SeatPlan>,
    /// The clock.
    pub clock: ClockSpec,
    /// Rated.
    pub rated: bool,
    /// The takeback policy.
    pub takeback: TakebackPolicy,
    /// The challenge it comes from.
    pub challenge_id: Option<ChallengeId>,
}

/// Builds the game to store, checking everything the rules can check: the game, the variant,
/// the seat count, the AI levels. The error says what is wrong, quoting it.
pub fn new_game(spec: &NewGameSpec, now_ms: i64) -> Result<NewGame, String> {
    let id = muster_rules::GameId::parse(&spec.game).map_err(|e| e.to_string())?;
    let variant = id.variant_text(&spec.variant).map_err(|e| e.to_string())?;
    let start = AnyGame::new(id, &variant, Some(spec.seats.len())).map_err(|e| e.to_string())?;
    let info = start.info();
    let mut rng = SmallRng::from_os_rng();
    let mut seats = Vec::with_capacity(spec.seats.len());
    for (i, plan) in spec.seats.iter().enumerate() {
        let mut seat = Seat::open(i as i64);
        match plan {
            SeatPlan::Human(user) => {
                seat.kind = SeatKind::Human;
                seat.user_id = Some(user.clone());
                seat.joined_ms = Some(now_ms);
            }
            SeatPlan::Ai(level) => {
                if !(1..=8).contains(level) {
                    return Err(format!("AI level {level} does not exist (1 to 8)"));
                }
                seat.kind = SeatKind::Ai;
                seat.ai_level = Some(i64::from(*level));
                seat.ai_seed = rng.random::<i64>() & i64::MAX;
                seat.joined_ms = Some(now_ms);
            }
            SeatPlan::Open => {}
        }
        seats.push(seat);
    }
    let (clock_kind, base_ms, inc_ms, corr_ms) = match spec.clock {
        ClockSpec::None => (ClockKind::None, 0, 0, 0),
        ClockSpec::Live { base_ms, inc_ms } => {
            (ClockKind::Live, base_ms.0 as i64, inc_ms.0 as i64, 0)
        }
        ClockSpec::Corr { per_move_ms } => (ClockKind::Corr, 0, 0, per_move_ms.0 as i64),
    };
    let open = seats.iter().any(|s| s.kind == SeatKind::Open);
    Ok(NewGame {
        id: GameId::generate(),
        game: info.id.to_owned(),
        variant,
        rules_version: info.rules_version.to_string(),
        status: if open {
            GameStatus::Filling
        } else {
            GameStatus::Running
        },
        start_text: None,
        chance_seed: rng.random::<i64>() & i64::MAX,
        clock_kind,
        base_ms,
        inc_ms,
        corr_ms,
        clock_json: "{}".to_owned(),
        deadline_ms: None,
        rated: spec.rated,
        takeback: spec.takeback,
        challenge_id: spec.challenge_id.clone(),
        created_ms: now_ms,
        seats,
    })
}
