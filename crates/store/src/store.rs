//! The `Store` trait: what the server asks of durable storage.

use async_trait::async_trait;

use crate::error::Result;
use crate::ids::{ChallengeId, GameId, TokenHash, UserId};
use crate::kinds::{ChallengeStatus, GameStatus};
use crate::model::{
    Challenge, ChatLine, Commit, DueGame, Game, GameAndLog, Keyed, Lease, LeaseTaken, NewChallenge,
    NewGame, NewUser, Notification, NotificationChange, PrefsSwap, Rating, Session, Snapshot,
    StoredEntry, User,
};

/// Durable storage for the game server. Every write is one transaction: when a method returns
/// `Ok`, its effect is committed (and durable: SQLite `synchronous=FULL`, PostgreSQL
/// `synchronous_commit=on`); when it returns `Err`, nothing of it was written. A guarded write
/// that returns `Ok(false)` wrote nothing either.
///
/// Lists take a `limit` and return at most that many rows; lists of games return at most 500
/// whatever the limit.
#[async_trait]
pub trait Store: Send + Sync {
    /// Creates a user. Names are unique case-insensitively: [`Error::NameTaken`] when another
    /// user's name has the same lower-cased form; [`Error::BadName`] for an unacceptable one.
    ///
    /// [`Error::NameTaken`]: crate::Error::NameTaken
    /// [`Error::BadName`]: crate::Error::BadName
    async fn create_user(&self, user: &NewUser) -> Result<User>;
    /// The user with this id.
    async fn user_by_id(&self, id: &UserId) -> Result<Option<User>>;
    /// The user whose name equals `name` case-insensitively.
    async fn user_by_name(&self, name: &str) -> Result<Option<User>>;
    /// Replaces a user's preferences (JSON text); `false` if there is no such user.
    async fn set_user_prefs(&self, id: &UserId, prefs_json: &str) -> Result<bool>;
    /// Replaces a user's preferences with `prefs_json` only if they are still `expected` (as
    /// read before): two writers editing different keys of the same text cannot undo each
    /// other's edit; the one that finds them changed reads again and retries.
    async fn swap_user_prefs(
        &self,
        id: &UserId,
        expected: &str,
        prefs_json: &str,
    ) -> Result<PrefsSwap>;

    /// Creates a bot — a user with `is_bot` set, whatever `bot.is_bot` says — owned by `owner`,
    /// in one transaction with the row naming its owner. Refuses names as
    /// [`Store::create_user`] does; a database error when `owner` is no user.
    async fn create_bot(&self, bot: &NewUser, owner: &UserId) -> Result<User>;
    /// The bots `owner` owns, newest first (by creation, then by id), at most `limit`.
    async fn bots_of(&self, owner: &UserId, limit: u32) -> Result<Vec<User>>;
    /// The owner of a bot; `None` for a user that is no bot, or a bot without an owner row.
    async fn bot_owner(&self, bot_id: &UserId) -> Result<Option<UserId>>;
    /// Gives a bot a new token, in one transaction: replaces the bot's preferences with
    /// `prefs_json`, deletes every session of the bot and stores `session` for it (as the bot's,
    /// whatever `session.user_id` says). Returns the hashes of the sessions deleted, so their
    /// connections can be closed; `None` (nothing written) when `bot_id` is no bot.
    async fn replace_bot_token(
        &self,
        bot_id: &UserId,
        prefs_json: &str,
        session: &Session,
    ) -> Result<Option<Vec<TokenHash>>>;

    /// Stores a session (by the hash of its token).
    async fn insert_session(&self, session: &Session) -> Result<()>;
    /// The session with this token hash, expired or not (the caller compares `expires_ms`).
    async fn find_session(&self, token_hash: &TokenHash) -> Result<Option<Session>>;
    /// Marks a session used and moves its expiry; `false` if there is no such session.
    async fn touch_session(
        &self,
        token_hash: &TokenHash,
        seen_ms: i64,
        expires_ms: i64,
    ) -> Result<bool>;
    /// Deletes a session; `false` if there was none.
    async fn delete_session(&self, token_hash: &TokenHash) -> Result<bool>;
    /// Deletes every session with `expires_ms <= now_ms`; returns how many.
    async fn delete_expired_sessions(&self, now_ms: i64) -> Result<u64>;
    /// A user's sessions, expired or not, newest first.
    async fn sessions_of_user(&self, user_id: &UserId) -> Result<Vec<Session>>;
    /// In one transaction: replaces a user's password hash and deletes every session of theirs
    /// but `keep`; returns the hashes of the sessions deleted (`None` if there is no such user).
    async fn change_password(
        &self,
        user_id: &UserId,
        pw_hash: &str,
        keep: Option<&TokenHash>,
    ) -> Result<Option<Vec<TokenHash>>>;

    /// Stores a new challenge, open and without a game.
    async fn create_challenge(&self, challenge: &NewChallenge) -> Result<Challenge>;
    /// Creates a challenge under an idempotency key of its creator (1 to
    /// [`crate::MAX_KEY_BYTES`] bytes, else [`Error::BadKey`]). The key is kept beside the
    /// challenge, (creator, key) → challenge id, written in the same transaction: when the
    /// creator's key already names a challenge made less than [`crate::KEY_LIFETIME_MS`]
    /// before `challenge.created_ms`, nothing is written and that challenge is returned as it
    /// stands ([`Keyed::Found`]) — also to the loser of two racing requests with one key, so a
    /// key makes at most one challenge. Keys older than that are deleted in passing. The id is
    /// the caller's (`challenge.id`), never derived from the key.
    ///
    /// [`Error::BadKey`]: crate::Error::BadKey
    async fn create_keyed_challenge(&self, challenge: &NewChallenge, key: &str) -> Result<Keyed>;
    /// The challenge with this id, whatever its status.
    async fn load_challenge(&self, id: &ChallengeId) -> Result<Option<Challenge>>;
    /// The lobby: public challenges that are open and expire after `now_ms`, newest first.
    async fn open_challenges(&self, now_ms: i64, limit: u32) -> Result<Vec<Challenge>>;
    /// The open challenges, of any visibility, that expire after `now_ms` and whose seat spec
    /// mentions `user_id` (the caller reads the spec to tell a seat awaiting the user from one
    /// they took), newest first, at most `limit`.
    async fn open_challenges_naming(
        &self,
        user_id: &UserId,
        now_ms: i64,
        limit: u32,
    ) -> Result<Vec<Challenge>>;
    /// Replaces the seat spec of an open challenge, guarded by the spec the writer read: of two
    /// joiners who read the same spec exactly one gets `true`, the other `false` (nothing
    /// written) and reads again. Expiry is not checked here: the caller compares `expires_ms`
    /// (and [`Store::expire_challenges`] closes expired challenges).
    async fn update_challenge_seats(
        &self,
        id: &ChallengeId,
        expected_seat_spec_json: &str,
        new_seat_spec_json: &str,
    ) -> Result<bool>;
    /// Moves a challenge from `from` to `to` (withdraw, expire); `false` (nothing written) when
    /// it is not stored with status `from`.
    async fn set_challenge_status(
        &self,
        id: &ChallengeId,
        from: ChallengeStatus,
        to: ChallengeStatus,
    ) -> Result<bool>;
    /// Starts a challenge, in one transaction: guarded by the challenge being open with the
    /// seat spec `expected_seat_spec_json`, it creates `game` with its seats (as
    /// [`Store::create_game`] does, with `challenge_id` set to `id`) and marks the challenge
    /// started with the final seat spec and the game's id. `false` (nothing written) when the
    /// guard fails, so of two starters exactly one creates a game.
    async fn start_challenge(
        &self,
        id: &ChallengeId,
        expected_seat_spec_json: &str,
        final_seat_spec_json: &str,
        game: &NewGame,
    ) -> Result<bool>;
    /// Marks every open challenge with `expires_ms <= now_ms` expired; returns how many.
    async fn expire_challenges(&self, now_ms: i64) -> Result<u64>;

    /// Creates a game with its seats, at version 0 and ply 0.
    async fn create_game(&self, game: &NewGame) -> Result<()>;
    /// The game with its seats.
    async fn load_game(&self, id: &GameId) -> Result<Option<Game>>;
    /// The game with its seats and its whole log, read in one consistent snapshot: every
    /// commit is either wholly in it (the row's version, its seats and its entries) or not at
    /// all, so the log ends exactly at the row's version however commits race the read. A
    /// game is loaded through this, never through [`Store::load_game`] then
    /// [`Store::log_after`], which are two snapshots between which a commit can land.
    async fn load_game_and_log(&self, id: &GameId) -> Result<Option<GameAndLog>>;
    /// Appends `commit.entries` as versions `expected_version + 1 ..` and updates the game row,
    /// guarded by `version = expected_version`; then applies the seat changes; on a game end
    /// writes the seats' scores and ranks and the ratings (the `ratings` rows, a
    /// `rating_history` row each, the seats' before/after columns). All in one transaction.
    /// Returns the new version. A writer whose `expected_version` is no longer stored gets
    /// [`Error::Stale`] and writes nothing; a commit inconsistent in itself (ratings without an
    /// end, a change or rating naming a seat the game lacks or a user who does not sit there)
    /// gets [`Error::BadWrite`] and writes nothing.
    ///
    /// [`Error::Stale`]: crate::Error::Stale
    /// [`Error::BadWrite`]: crate::Error::BadWrite
    async fn commit(&self, id: &GameId, expected_version: i64, commit: &Commit) -> Result<i64>;
    /// The log entries with a version above `after_version`, in order.
    async fn log_after(&self, id: &GameId, after_version: i64) -> Result<Vec<StoredEntry>>;

    /// The games in which `user_id` holds a seat, with their seats, whose status is one of
    /// `statuses` (any status when empty), most recently updated first.
    async fn games_of_user(
        &self,
        user_id: &UserId,
        statuses: &[GameStatus],
        limit: u32,
    ) -> Result<Vec<Game>>;
    /// The games whose status is one of `statuses` (any when empty), with their seats, most
    /// recently updated first.
    async fn games_by_status(&self, statuses: &[GameStatus], limit: u32) -> Result<Vec<Game>>;
    /// Running games whose `deadline_ms <= before_ms`, earliest deadline first.
    async fn games_due(&self, before_ms: i64, limit: u32) -> Result<Vec<DueGame>>;
    /// Every running game (to rebuild timers and actors at start-up), by id.
    async fn running_games(&self) -> Result<Vec<GameId>>;

    /// Takes game `id`'s lease for `node` until `now_ms + ttl_ms` when it is free, has lapsed
    /// (`until_ms < now_ms`) or is `node`'s already (then it is renewed, its epoch kept); a
    /// lease changing hands counts one more epoch, and a lapsed one taken from another node is
    /// [`LeaseTaken::TakenOver`]; [`Error::NoGame`] when there is no game `id`. Otherwise reports the holder. Nodes' clocks
    /// are assumed to agree to well within `ttl_ms`.
    ///
    /// [`Error::NoGame`]: crate::Error::NoGame
    async fn take_lease(
        &self,
        id: &GameId,
        node: &str,
        now_ms: i64,
        ttl_ms: i64,
    ) -> Result<LeaseTaken>;
    /// Renews, until `until_ms`, the leases among `ids` that `node` still holds, and returns
    /// those; a lease another node took over is not among them.
    async fn renew_leases(&self, node: &str, ids: &[GameId], until_ms: i64) -> Result<Vec<GameId>>;
    /// Gives up `node`'s lease of game `id`; `false` when `node` did not hold it.
    async fn release_lease(&self, id: &GameId, node: &str) -> Result<bool>;
    /// The lease of game `id`, lapsed or not, if any node ever took it.
    async fn lease(&self, id: &GameId) -> Result<Option<Lease>>;
    /// Running games whose lease lapsed before `now_ms` (their node stopped without giving
    /// them up), the longest lapsed first.
    async fn lapsed_leases(&self, now_ms: i64, limit: u32) -> Result<Vec<GameId>>;

    /// Stores a snapshot; storing the same ply again keeps the first.
    async fn put_snapshot(&self, id: &GameId, snapshot: &Snapshot) -> Result<()>;
    /// The latest snapshot at or before `max_ply`.
    async fn latest_snapshot(&self, id: &GameId, max_ply: i64) -> Result<Option<Snapshot>>;

    /// A user's rating in a pool, if they have one.
    async fn rating(&self, user_id: &UserId, pool: &str) -> Result<Option<Rating>>;
    /// A user's ratings in every pool, by pool.
    async fn ratings_of(&self, user_id: &UserId) -> Result<Vec<Rating>>;

    /// Stores a chat line.
    async fn insert_chat(&self, line: &ChatLine) -> Result<()>;
    /// The last `limit` lines of a room, oldest first.
    async fn chat_lines(&self, room: &str, limit: u32) -> Result<Vec<ChatLine>>;

    /// Stores a notification.
    async fn insert_notification(&self, notification: &Notification) -> Result<()>;
    /// Stores a notification in place of the user's unread notifications of the same kind
    /// about the same game, which are deleted in the same transaction: of a kind and a game, a
    /// user has at most one unread notification written this way. Without a game it is
    /// [`Store::insert_notification`].
    async fn replace_notification(&self, notification: &Notification) -> Result<()>;
    /// How many of a user's notifications are unread.
    async fn unread_notifications(&self, user_id: &UserId) -> Result<u64>;
    /// A user's notifications (only the unread ones when `unread_only`), newest first.
    async fn notifications_of(
        &self,
        user_id: &UserId,
        unread_only: bool,
        limit: u32,
    ) -> Result<Vec<Notification>>;
    /// Marks a user's unread notifications created at or before `up_to_ms` read, with
    /// `read_ms = up_to_ms` (the moment the user saw the list); returns how many.
    async fn mark_notifications_read(&self, user_id: &UserId, up_to_ms: i64) -> Result<u64>;
    /// Deletes a user's unread notifications of `kind` about game `game_id` (what they told is
    /// done and was never looked at: the user took their turn); read ones stay. Returns how
    /// many.
    async fn drop_unread_game_notifications(
        &self,
        user_id: &UserId,
        kind: &str,
        game_id: &GameId,
    ) -> Result<u64>;
    /// A user's unread count and notifications (read or not, newest first, at most `limit`),
    /// both from one snapshot: every unread one listed is counted and the other way round.
    async fn inbox(&self, user_id: &UserId, limit: u32) -> Result<(u64, Vec<Notification>)>;
    /// Makes `changes`, in order, in one transaction: all of them or, on an error, none.
    async fn change_notifications(&self, changes: &[NotificationChange]) -> Result<()>;
}
