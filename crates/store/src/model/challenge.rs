//! Challenges: invitations to a game, filled seat by seat until the game starts.

use crate::ids::{ChallengeId, GameId, UserId};
use crate::kinds::{ChallengeStatus, ClockKind, TakebackPolicy, Visibility};

/// A challenge to create; it is stored [`ChallengeStatus::Open`] without a game.
#[derive(Clone, Debug, PartialEq)]
pub struct NewChallenge {
    /// Its id.
    pub id: ChallengeId,
    /// Who made it.
    pub creator_id: UserId,
    /// The rules' game name.
    pub game: String,
    /// The normalised variant text.
    pub variant: String,
    /// The number of seats.
    pub seats: i64,
    /// The seats as JSON text (`[{kind: me/open/ai/user, user_id?, level?}]`); the store does
    /// not read it, it only compares it in the guarded updates.
    pub seat_spec_json: String,
    /// Seats are shuffled when the game starts.
    pub random_order: bool,
    /// How the game will be timed.
    pub clock_kind: ClockKind,
    /// Base time.
    pub base_ms: i64,
    /// Increment.
    pub inc_ms: i64,
    /// Time per correspondence move.
    pub corr_ms: i64,
    /// Rated.
    pub rated: bool,
    /// The takeback policy.
    pub takeback: TakebackPolicy,
    /// Who may find it.
    pub visibility: Visibility,
    /// When.
    pub created_ms: i64,
    /// When it expires unless started.
    pub expires_ms: i64,
}

/// A stored challenge.
#[derive(Clone, Debug, PartialEq)]
pub struct Challenge {
    /// Its id.
    pub id: ChallengeId,
    /// Who made it.
    pub creator_id: UserId,
    /// The rules' game name.
    pub game: String,
    /// The variant text.
    pub variant: String,
    /// The number of seats.
    pub seats: i64,
    /// The seats as JSON text, as last written.
    pub seat_spec_json: String,
    /// Seats are shuffled when the game starts.
    pub random_order: bool,
    /// How the game will be timed.
    pub clock_kind: ClockKind,
    /// Base time.
    pub base_ms: i64,
    /// Increment.
    pub inc_ms: i64,
    /// Time per correspondence move.
    pub corr_ms: i64,
    /// Rated.
    pub rated: bool,
    /// The takeback policy.
    pub takeback: TakebackPolicy,
    /// Who may find it.
    pub visibility: Visibility,
    /// Where it is in its life.
    pub status: ChallengeStatus,
    /// When it was made.
    pub created_ms: i64,
    /// When it expires unless started.
    pub expires_ms: i64,
    /// The game it became, once started.
    pub game_id: Option<GameId>,
}

impl Challenge {
    /// The stored form of a new challenge: open, without a game.
    pub fn from_new(new: &NewChallenge) -> Self {
        Challenge {
            id: new.id.clone(),
            creator_id: new.creator_id.clone(),
            game: new.game.clone(),
            variant: new.variant.clone(),
            seats: new.seats,
            seat_spec_json: new.seat_spec_json.clone(),
            random_order: new.random_order,
            clock_kind: new.clock_kind,
            base_ms: new.base_ms,
            inc_ms: new.inc_ms,
            corr_ms: new.corr_ms,
            rated: new.rated,
            takeback: new.takeback,
            visibility: new.visibility,
            status: ChallengeStatus::Open,
            created_ms: new.created_ms,
            expires_ms: new.expires_ms,
            game_id: None,
        }
    }
}

/// How long an idempotency key names the challenge it made: a day from its creation. After
/// that the key is forgotten and may make a new challenge.
pub const KEY_LIFETIME_MS: i64 = 24 * 60 * 60 * 1000;

/// The longest idempotency key the store keeps, in bytes.
pub const MAX_KEY_BYTES: usize = 200;

/// What [`crate::Store::create_keyed_challenge`] did.
#[derive(Clone, Debug, PartialEq)]
pub enum Keyed {
    /// The key was new: the challenge was created (and the key now names it).
    Created(Challenge),
    /// The key already named a challenge of its user: nothing was written, and this is that
    /// challenge as it stands now (it may come from another request: the caller compares).
    Found(Challenge),
}
