//! [`FaultyStore`]: a [`SqlStore`] that refuses chosen commits, for "ack after commit" tests.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use async_trait::async_trait;

use crate::error::{Error, Result};
use crate::ids::{ChallengeId, GameId, TokenHash, UserId};
use crate::kinds::{ChallengeStatus, GameStatus};
use crate::model::{
    Challenge, ChatLine, Commit, DueGame, Game, GameAndLog, Keyed, Lease, LeaseTaken, NewChallenge,
    NewGame, NewUser, Notification, NotificationChange, PrefsSwap, Rating, Session, Snapshot,
    StoredEntry, User,
};
use crate::sql::SqlStore;
use crate::store::Store;

/// What the commit hook shares with its [`FaultyStore`].
#[derive(Debug, Default)]
struct Faults {
    /// Write transactions that reached their commit point so far.
    commits: AtomicU64,
    /// The 1-based number of the commit to refuse (0 = none).
    fail_at: AtomicU64,
    /// Write transactions refused so far.
    refused: AtomicU64,
}

/// Wraps a [`SqlStore`] so that a chosen write transaction fails at its commit point: every
/// statement of it has run, then it is rolled back and the write returns [`Error::Injected`].
/// Reads are untouched. Clones share the fault plan.
#[derive(Clone, Debug)]
pub struct FaultyStore {
    inner: SqlStore,
    faults: Arc<Faults>,
}

impl FaultyStore {
    /// Wraps `inner`; no commit fails until [`FaultyStore::fail_nth_commit`] is called.
    pub fn new(mut inner: SqlStore) -> Self {
        let faults = Arc::new(Faults::default());
        let shared = Arc::clone(&faults);
        inner.set_hook(Arc::new(move || {
            let number = shared.commits.fetch_add(1, Ordering::SeqCst) + 1;
            let fail_at = shared.fail_at.load(Ordering::SeqCst);
            if fail_at != 0 && number == fail_at {
                shared.fail_at.store(0, Ordering::SeqCst);
                shared.refused.fetch_add(1, Ordering::SeqCst);
                return Err(Error::Injected(number));
            }
            Ok(())
        }));
        FaultyStore { inner, faults }
    }

    /// Refuses the `n`th write transaction from now (`n` ≥ 1; 1 = the next one). Only one
    /// fault is armed at a time; a later call replaces it. `n = 0` disarms.
    pub fn fail_nth_commit(&self, n: u64) {
        let target = if n == 0 {
            0
        } else {
            self.faults.commits.load(Ordering::SeqCst) + n
        };
        self.faults.fail_at.store(target, Ordering::SeqCst);
    }

    /// How many write transactions reached their commit point (refused ones included).
    pub fn commits(&self) -> u64 {
        self.faults.commits.load(Ordering::SeqCst)
    }

    /// How many write transactions were refused so far.
    pub fn refused(&self) -> u64 {
        self.faults.refused.load(Ordering::SeqCst)
    }

    /// The wrapped store (it refuses the same commits: the hook lives in it).
    pub fn inner(&self) -> &SqlStore {
        &self.inner
    }
}

#[async_trait]
impl Store for FaultyStore {
    async fn create_user(&self, user: &NewUser) -> Result<User> {
        self.inner.create_user(user).await
    }

    async fn user_by_id(&self, id: &UserId) -> Result<Option<User>> {
        self.inner.user_by_id(id).await
    }

    async fn user_by_name(&self, name: &str) -> Result<Option<User>> {
        self.inner.user_by_name(name).await
    }

    async fn set_user_prefs(&self, id: &UserId, prefs_json: &str) -> Result<bool> {
        self.inner.set_user_prefs(id, prefs_json).await
    }

    async fn swap_user_prefs(
        &self,
        id: &UserId,
        expected: &str,
        prefs_json: &str,
    ) -> Result<PrefsSwap> {
        self.inner.swap_user_prefs(id, expected, prefs_json).await
    }

    async fn create_bot(&self, bot: &NewUser, owner: &UserId) -> Result<User> {
        self.inner.create_bot(bot, owner).await
    }

    async fn bots_of(&self, owner: &UserId, limit: u32) -> Result<Vec<User>> {
        self.inner.bots_of(owner, limit).await
    }

    async fn bot_owner(&self, bot_id: &UserId) -> Result<Option<UserId>> {
        self.inner.bot_owner(bot_id).await
    }

    async fn replace_bot_token(
        &self,
        bot_id: &UserId,
        prefs_json: &str,
        session: &Session,
    ) -> Result<Option<Vec<TokenHash>>> {
        self.inner
            .replace_bot_token(bot_id, prefs_json, session)
            .await
    }

    async fn insert_session(&self, session: &Session) -> Result<()> {
        self.inner.insert_session(session).await
    }

    async fn change_password(
        &self,
        user_id: &UserId,
        pw_hash: &str,
        keep: Option<&TokenHash>,
    ) -> Result<Option<Vec<TokenHash>>> {
        self.inner.change_password(user_id, pw_hash, keep).await
    }

    async fn find_session(&self, token_hash: &TokenHash) -> Result<Option<Session>> {
        self.inner.find_session(token_hash).await
    }

    async fn touch_session(
        &self,
        token_hash: &TokenHash,
        seen_ms: i64,
        expires_ms: i64,
    ) -> Result<bool> {
        self.inner
            .touch_session(token_hash, seen_ms, expires_ms)
            .await
    }

    async fn delete_session(&self, token_hash: &TokenHash) -> Result<bool> {
        self.inner.delete_session(token_hash).await
    }

    async fn delete_expired_sessions(&self, now_ms: i64) -> Result<u64> {
        self.inner.delete_expired_sessions(now_ms).await
    }

    async fn sessions_of_user(&self, user_id: &UserId) -> Result<Vec<Session>> {
        self.inner.sessions_of_user(user_id).await
    }

    async fn create_challenge(&self, challenge: &NewChallenge) -> Result<Challenge> {
        self.inner.create_challenge(challenge).await
    }

    async fn create_keyed_challenge(&self, challenge: &NewChallenge, key: &str) -> Result<Keyed> {
        self.inner.create_keyed_challenge(challenge, key).await
    }

    async fn load_challenge(&self, id: &ChallengeId) -> Result<Option<Challenge>> {
        self.inner.load_challenge(id).await
    }

    async fn open_challenges(&self, now_ms: i64, limit: u32) -> Result<Vec<Challenge>> {
        self.inner.open_challenges(now_ms, limit).await
    }

    async fn update_challenge_seats(
        &self,
        id: &ChallengeId,
        expected_seat_spec_json: &str,
        new_seat_spec_json: &str,
    ) -> Result<bool> {
        self.inner
            .update_challenge_seats(id, expected_seat_spec_json, new_seat_spec_json)
            .await
    }

    async fn open_challenges_naming(
        &self,
        user_id: &UserId,
        now_ms: i64,
        limit: u32,
    ) -> Result<Vec<Challenge>> {
        self.inner
            .open_challenges_naming(user_id, now_ms, limit)
            .await
    }

    async fn set_challenge_status(
        &self,
        id: &ChallengeId,
        from: ChallengeStatus,
        to: ChallengeStatus,
    ) -> Result<bool> {
        self.inner.set_challenge_status(id, from, to).await
    }

    async fn start_challenge(
        &self,
        id: &ChallengeId,
        expected_seat_spec_json: &str,
        final_seat_spec_json: &str,
        game: &NewGame,
    ) -> Result<bool> {
        self.inner
            .start_challenge(id, expected_seat_spec_json, final_seat_spec_json, game)
            .await
    }

    async fn expire_challenges(&self, now_ms: i64) -> Result<u64> {
        self.inner.expire_challenges(now_ms).await
    }

    async fn create_game(&self, game: &NewGame) -> Result<()> {
        self.inner.create_game(game).await
    }

    async fn load_game(&self, id: &GameId) -> Result<Option<Game>> {
        self.inner.load_game(id).await
    }

    async fn load_game_and_log(&self, id: &GameId) -> Result<Option<GameAndLog>> {
        self.inner.load_game_and_log(id).await
    }

    async fn commit(&self, id: &GameId, expected_version: i64, commit: &Commit) -> Result<i64> {
        self.inner.commit(id, expected_version, commit).await
    }

    async fn log_after(&self, id: &GameId, after_version: i64) -> Result<Vec<StoredEntry>> {
        self.inner.log_after(id, after_version).await
    }

    async fn games_of_user(
        &self,
        user_id: &UserId,
        statuses: &[GameStatus],
        limit: u32,
    ) -> Result<Vec<Game>> {
        self.inner.games_of_user(user_id, statuses, limit).await
    }

    async fn games_by_status(&self, statuses: &[GameStatus], limit: u32) -> Result<Vec<Game>> {
        self.inner.games_by_status(statuses, limit).await
    }

    async fn games_due(&self, before_ms: i64, limit: u32) -> Result<Vec<DueGame>> {
        self.inner.games_due(before_ms, limit).await
    }

    async fn running_games(&self) -> Result<Vec<GameId>> {
        self.inner.running_games().await
    }

    async fn take_lease(
        &self,
        id: &GameId,
        node: &str,
        now_ms: i64,
        ttl_ms: i64,
    ) -> Result<LeaseTaken> {
        self.inner.take_lease(id, node, now_ms, ttl_ms).await
    }

    async fn renew_leases(&self, node: &str, ids: &[GameId], until_ms: i64) -> Result<Vec<GameId>> {
        self.inner.renew_leases(node, ids, until_ms).await
    }

    async fn release_lease(&self, id: &GameId, node: &str) -> Result<bool> {
        self.inner.release_lease(id, node).await
    }

    async fn lease(&self, id: &GameId) -> Result<Option<Lease>> {
        self.inner.lease(id).await
    }

    async fn lapsed_leases(&self, now_ms: i64, limit: u32) -> Result<Vec<GameId>> {
        self.inner.lapsed_leases(now_ms, limit).await
    }

    async fn put_snapshot(&self, id: &GameId, snapshot: &Snapshot) -> Result<()> {
        self.inner.put_snapshot(id, snapshot).await
    }

    async fn latest_snapshot(&self, id: &GameId, max_ply: i64) -> Result<Option<Snapshot>> {
        self.inner.latest_snapshot(id, max_ply).await
    }

    async fn rating(&self, user_id: &UserId, pool: &str) -> Result<Option<Rating>> {
        self.inner.rating(user_id, pool).await
    }

    async fn ratings_of(&self, user_id: &UserId) -> Result<Vec<Rating>> {
        self.inner.ratings_of(user_id).await
    }

    async fn insert_chat(&self, line: &ChatLine) -> Result<()> {
        self.inner.insert_chat(line).await
    }

    async fn chat_lines(&self, room: &str, limit: u32) -> Result<Vec<ChatLine>> {
        self.inner.chat_lines(room, limit).await
    }

    async fn insert_notification(&self, notification: &Notification) -> Result<()> {
        self.inner.insert_notification(notification).await
    }

    async fn replace_notification(&self, notification: &Notification) -> Result<()> {
        self.inner.replace_notification(notification).await
    }

    async fn unread_notifications(&self, user_id: &UserId) -> Result<u64> {
        self.inner.unread_notifications(user_id).await
    }

    async fn notifications_of(
        &self,
        user_id: &UserId,
        unread_only: bool,
        limit: u32,
    ) -> Result<Vec<Notification>> {
        self.inner
            .notifications_of(user_id, unread_only, limit)
            .await
    }

    async fn mark_notifications_read(&self, user_id: &UserId, up_to_ms: i64) -> Result<u64> {
        self.inner.mark_notifications_read(user_id, up_to_ms).await
    }

    async fn drop_unread_game_notifications(
        &self,
        user_id: &UserId,
        kind: &str,
        game_id: &GameId,
    ) -> Result<u64> {
        self.inner
            .drop_unread_game_notifications(user_id, kind, game_id)
            .await
    }

    async fn inbox(&self, user_id: &UserId, limit: u32) -> Result<(u64, Vec<Notification>)> {
        self.inner.inbox(user_id, limit).await
    }

    async fn change_notifications(&self, changes: &[NotificationChange]) -> Result<()> {
        self.inner.change_notifications(changes).await
    }
}
