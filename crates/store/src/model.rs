//! The records the store reads and writes. Times are milliseconds since the Unix epoch; seats
//! are 0-based indices; plies and versions count from 0.

mod challenge;
mod rating;
mod social;

pub use challenge::{Challenge, Keyed, NewChallenge, KEY_LIFETIME_MS, MAX_KEY_BYTES};
pub use rating::{Rating, RatingUpdate};
pub use social::{ChatLine, Notification, NotificationChange};

use crate::ids::{ChallengeId, GameId, TokenHash, UserId};
use crate::kinds::{ClockKind, GameStatus, LogKind, SeatKind, TakebackPolicy, Termination};

/// A user to create. The store derives `name_norm` (the lower-cased name) and refuses a name
/// whose normal form is taken.
#[derive(Clone, Debug, PartialEq)]
pub struct NewUser {
    /// The display name: 1 to 32 characters, no control characters, no surrounding spaces.
    pub name: String,
    /// The password hash (argon2id PHC string) of a named user; `None` for guests and bots.
    pub pw_hash: Option<String>,
    /// A guest: a session-only account.
    pub is_guest: bool,
    /// An engine account.
    pub is_bot: bool,
    /// An e-mail address, if given.
    pub email: Option<String>,
    /// Preferences as JSON text.
    pub prefs_json: String,
    /// When.
    pub created_ms: i64,
}

/// A stored user.
#[derive(Clone, Debug, PartialEq)]
pub struct User {
    /// Its id.
    pub id: UserId,
    /// The display name as created.
    pub name: String,
    /// The password hash, if any.
    pub pw_hash: Option<String>,
    /// A guest account.
    pub is_guest: bool,
    /// An engine account.
    pub is_bot: bool,
    /// The e-mail address, if any.
    pub email: Option<String>,
    /// Preferences as JSON text.
    pub prefs_json: String,
    /// When it was created.
    pub created_ms: i64,
}

/// A login session, named by the hash of its token.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// The hash of the token the client holds.
    pub token_hash: TokenHash,
    /// Whose session.
    pub user_id: UserId,
    /// When it was created.
    pub created_ms: i64,
    /// When it was last used.
    pub seen_ms: i64,
    /// When it stops being valid.
    pub expires_ms: i64,
}

/// One seat of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    /// The seat index (0-based).
    pub seat: i64,
    /// Who sits there.
    pub kind: SeatKind,
    /// The user of a human seat.
    pub user_id: Option<UserId>,
    /// The level of an engine seat.
    pub ai_level: Option<i64>,
    /// The engine's seed.
    pub ai_seed: i64,
    /// When the seat was taken.
    pub joined_ms: Option<i64>,
    /// The ply at which the seat retired.
    pub retired_ply: Option<i64>,
    /// Why it retired.
    pub retired_why: Option<String>,
    /// The final score (set when the game ends).
    pub score: Option<f64>,
    /// The final rank, 0 = first (set when the game ends).
    pub rank: Option<i64>,
    /// The rating of the seat's user before the game (set when a rated game ends).
    pub rating_before: Option<f64>,
    /// The rating after it.
    pub rating_after: Option<f64>,
    /// The rating deviation before the game.
    pub rd_before: Option<f64>,
    /// The rating deviation after it.
    pub rd_after: Option<f64>,
}

impl Seat {
    /// An empty seat with no result yet.
    pub fn open(seat: i64) -> Self {
        Seat {
            seat,
            kind: SeatKind::Open,
            user_id: None,
            ai_level: None,
            ai_seed: 0,
            joined_ms: None,
            retired_ply: None,
            retired_why: None,
            score: None,
            rank: None,
            rating_before: None,
            rating_after: None,
            rd_before: None,
            rd_after: None,
        }
    }
}

/// A game to create (its version and ply start at 0).
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    /// Its id.
    pub id: GameId,
    /// The rules' game name (`murus-gallicus`, `mur`, `mu`, `mutou`).
    pub game: String,
    /// The normalised variant text.
    pub variant: String,
    /// The rules version it is played under.
    pub rules_version: String,
    /// The starting status.
    pub status: GameStatus,
    /// A starting position other than the variant's, if any.
    pub start_text: Option<String>,
    /// The secret seed of the game's chance generator.
    pub chance_seed: i64,
    /// How it is timed.
    pub clock_kind: ClockKind,
    /// Base time.
    pub base_ms: i64,
    /// Increment.
    pub inc_ms: i64,
    /// Time per correspondence move.
    pub corr_ms: i64,
    /// The clock state as JSON text.
    pub clock_json: String,
    /// When the current mover flags, if a clock runs.
    pub deadline_ms: Option<i64>,
    /// Rated.
    pub rated: bool,
    /// The takeback policy.
    pub takeback: TakebackPolicy,
    /// The challenge it came from.
    pub challenge_id: Option<ChallengeId>,
    /// When.
    pub created_ms: i64,
    /// The seats, one per index `0..seats.len()`.
    pub seats: Vec<Seat>,
}

/// A stored game with its seats (ordered by index).
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    /// Its id.
    pub id: GameId,
    /// The rules' game name.
    pub game: String,
    /// The variant text.
    pub variant: String,
    /// The rules version.
    pub rules_version: String,
    /// Where it is in its life.
    pub status: GameStatus,
    /// A non-standard start, if any.
    pub start_text: Option<String>,
    /// The chance generator's seed (secret).
    pub chance_seed: i64,
    /// The number of plies played.
    pub ply: i64,
    /// The number of log entries: the version of the game's stream.
    pub version: i64,
    /// How it is timed.
    pub clock_kind: ClockKind,
    /// Base time.
    pub base_ms: i64,
    /// Increment.
    pub inc_ms: i64,
    /// Time per correspondence move.
    pub corr_ms: i64,
    /// The clock state as JSON text.
    pub clock_json: String,
    /// When the current mover flags.
    pub deadline_ms: Option<i64>,
    /// Rated.
    pub rated: bool,
    /// The takeback policy.
    pub takeback: TakebackPolicy,
    /// The result (score text) once over.
    pub result: Option<String>,
    /// How it ended, once over.
    pub termination: Option<Termination>,
    /// The challenge it came from.
    pub challenge_id: Option<ChallengeId>,
    /// When created.
    pub created_ms: i64,
    /// When play started.
    pub started_ms: Option<i64>,
    /// When it ended.
    pub ended_ms: Option<i64>,
    /// When last written.
    pub updated_ms: i64,
    /// The seats, by index.
    pub seats: Vec<Seat>,
}

/// One entry of a game's log, as written. Its version is assigned by [`crate::Store::commit`].
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    /// What it records.
    pub kind: LogKind,
    /// The ply it was made at.
    pub ply: i64,
    /// The seat that made it, if any.
    pub seat: Option<i64>,
    /// The action text, if any.
    pub action: Option<String>,
    /// Secret until revealed.
    pub hidden: bool,
    /// The position hash after it.
    pub hash: i64,
    /// The mover's remaining time after it, if a clock runs.
    pub clock_ms: Option<i64>,
    /// How long the mover thought.
    pub think_ms: i64,
    /// Anything else, as JSON text.
    pub data_json: String,
    /// When.
    pub created_ms: i64,
}

/// A log entry as read back, with its version (1 for a game's first entry).
#[derive(Clone, Debug, PartialEq)]
pub struct StoredEntry {
    /// Its version.
    pub v: i64,
    /// The entry.
    pub entry: LogEntry,
}

/// A game with its seats and its whole log, as one snapshot showed them
/// ([`crate::Store::load_game_and_log`]): the log ends at `game.version` (an empty log at
/// version 0) unless the stored game is damaged.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAndLog {
    /// The game row with its seats.
    pub game: Game,
    /// Every log entry of the game, in order of version.
    pub log: Vec<StoredEntry>,
}

/// A final score and rank of one seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatResult {
    /// The seat index.
    pub seat: i64,
    /// Its score.
    pub score: f64,
    /// Its rank, 0 = first; ties share a rank.
    pub rank: i64,
}

/// The end of a game, written with the commit that ends it.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEnd {
    /// The result as score text.
    pub result: String,
    /// How it ended.
    pub termination: Termination,
    /// When.
    pub ended_ms: i64,
    /// Every seat's score and rank.
    pub seats: Vec<SeatResult>,
}

/// What [`crate::Store::swap_user_prefs`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrefsSwap {
    /// The preferences were as expected and are replaced.
    Written,
    /// They had changed since they were read: nothing is written.
    Changed,
    /// There is no such user.
    NoUser,
}

/// A seat that changes hands during a game, written with the commit that records it.
#[derive(Clone, Debug, PartialEq)]
pub enum SeatChange {
    /// The seat retires: `retired_ply` and `retired_why` are set and the engine at `ai_level`
    /// plays it on (its kind becomes [`SeatKind::Ai`]; its `user_id` stays, so the game remains
    /// the user's). A seat retires once: retiring a retired seat is a bad write.
    Retire {
        /// The seat index.
        seat: i64,
        /// The ply it retires at.
        ply: i64,
        /// Why (`resignation`, `abandoned`, …).
        why: String,
        /// The level of the engine that plays it on.
        ai_level: i64,
    },
    /// Someone else sits down: the seat's kind, user and engine level are replaced (an engine
    /// taking over an empty seat, a user joining one). A human seat needs a user, an engine seat
    /// a level, an open seat neither.
    Sit {
        /// The seat index.
        seat: i64,
        /// Who sits there now.
        kind: SeatKind,
        /// The user of a human seat.
        user_id: Option<UserId>,
        /// The level of an engine seat.
        ai_level: Option<i64>,
        /// When the new occupant sat down.
        joined_ms: Option<i64>,
    },
}

impl SeatChange {
    /// The seat it changes.
    pub fn seat(&self) -> i64 {
        match self {
            SeatChange::Retire { seat, .. } | SeatChange::Sit { seat, .. } => *seat,
        }
    }
}

/// One atomic write to a game: log entries plus the new state of the `games` row, seats that
/// change hands, and its end (with the ratings it moves) if it ends. Applied by
/// [`crate::Store::commit`] in one transaction, or not at all.
///
/// `Commit::default()` is an empty running commit to fill in with `..Commit::default()`.
#[derive(Clone, Debug, PartialEq)]
pub struct Commit {
    /// The entries to append (at least one); they get versions `expected + 1 ..`.
    pub entries: Vec<LogEntry>,
    /// The ply after them.
    pub ply: i64,
    /// The status after them.
    pub status: GameStatus,
    /// The clock state after them.
    pub clock_json: String,
    /// The deadline after them.
    pub deadline_ms: Option<i64>,
    /// Sets `started_ms` if it is not set yet.
    pub started_ms: Option<i64>,
    /// When (becomes `updated_ms`).
    pub now_ms: i64,
    /// The end of the game, if this commit ends it.
    pub end: Option<GameEnd>,
    /// Seats changing hands, applied in order.
    pub seat_changes: Vec<SeatChange>,
    /// The ratings the end moves (only with an `end`).
    pub ratings: Vec<RatingUpdate>,
}

impl Default for Commit {
    fn default() -> Self {
        Commit {
            entries: Vec::new(),
            ply: 0,
            status: GameStatus::Running,
            clock_json: "{}".to_owned(),
            deadline_ms: None,
            started_ms: None,
            now_ms: 0,
            end: None,
            seat_changes: Vec::new(),
            ratings: Vec::new(),
        }
    }
}

/// A running game whose clock deadline has come (from [`crate::Store::games_due`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueGame {
    /// The game.
    pub id: GameId,
    /// Its stored deadline.
    pub deadline_ms: i64,
}

/// An omniscient position stored every so many plies, so loading is a snapshot plus a tail.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// The ply it was taken at.
    pub ply: i64,
    /// The position text.
    pub position_text: String,
    /// The position hash.
    pub hash: i64,
}

/// A game's lease: the node that runs its actor, until when (see [`crate::Store::take_lease`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The node holding it.
    pub node: String,
    /// When it lapses unless renewed (milliseconds since the Unix epoch).
    pub until_ms: i64,
    /// How many times the lease has changed hands (1 for its first holder).
    pub epoch: i64,
}

/// What [`crate::Store::take_lease`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeaseTaken {
    /// The asking node holds the lease now: it was free, or the node's own (renewed).
    Held(Lease),
    /// The asking node holds the lease now, taken over from another node whose lease had
    /// lapsed (that node stopped, or lost the database, without giving it up).
    TakenOver(Lease),
    /// Another node holds it and it has not lapsed.
    Other(Lease),
}
