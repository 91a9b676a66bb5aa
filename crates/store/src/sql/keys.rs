//! Idempotency keys of challenge creations: (creator, key) → the challenge that request made,
//! written in the transaction that creates the challenge, forgotten after a day.

use sqlx::{Any, Executor};

use super::challenges::{challenge_from, insert_challenge, CHALLENGE_COLUMNS};
use super::{one_row, SqlStore};
use crate::error::{Error, Result};
use crate::ids::UserId;
use crate::model::{Challenge, Keyed, NewChallenge, KEY_LIFETIME_MS, MAX_KEY_BYTES};

/// How often a creation is tried again when its key's challenge vanished under it.
const TRIES: usize = 3;

pub(super) async fn create_keyed_challenge(
    store: &SqlStore,
    new: &NewChallenge,
    key: &str,
) -> Result<Keyed> {
    if key.is_empty() || key.len() > MAX_KEY_BYTES {
        return Err(Error::BadKey(key.to_owned()));
    }
    for _ in 0..TRIES {
        if let Some(keyed) = try_create(store, new, key).await? {
            return Ok(keyed);
        }
    }
    Err(Error::KeyContended(key.to_owned()))
}

/// One try: `None` when a racing request took the key and its challenge cannot be read.
async fn try_create(store: &SqlStore, new: &NewChallenge, key: &str) -> Result<Option<Keyed>> {
    // A key names its challenge for KEY_LIFETIME_MS; older rows are forgotten here.
    let since = new.created_ms.saturating_sub(KEY_LIFETIME_MS);
    let mut tx = store.begin().await?;
    sqlx::query("DELETE FROM challenge_keys WHERE created_ms <= $1")
        .bind(since)
        .execute(&mut *tx)
        .await?;
    if let Some(found) = keyed(&mut *tx, &new.creator_id, key, since).await? {
        tx.rollback().await?;
        return Ok(Some(Keyed::Found(found)));
    }
    let challenge = Challenge::from_new(new);
    insert_challenge(&mut tx, &challenge).await?;
    let claimed = sqlx::query(
        "INSERT INTO challenge_keys (user_id, idem_key, challenge_id, created_ms) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, idem_key) DO NOTHING",
    )
    .bind(new.creator_id.as_str())
    .bind(key)
    .bind(challenge.id.as_str())
    .bind(new.created_ms)
    .execute(&mut *tx)
    .await?;
    if !one_row(&claimed) {
        // A racing request with the same key committed after the look above (PostgreSQL: its
        // row is visible to the insert, which waited for it; SQLite's one writer never gets
        // here). Its challenge is the answer, and this one is dropped unwritten.
        tx.rollback().await?;
        let found = keyed(store.pool(), &new.creator_id, key, since).await?;
        return Ok(found.map(Keyed::Found));
    }
    store.finish(tx).await?;
    Ok(Some(Keyed::Created(challenge)))
}

/// The challenge `user`'s `key` names, if the key was used after `since`.
async fn keyed<'e, E>(
    executor: E,
    user: &UserId,
    key: &str,
    since: i64,
) -> Result<Option<Challenge>>
where
    E: Executor<'e, Database = Any>,
{
    let row = sqlx::query(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = (SELECT challenge_id \
         FROM challenge_keys WHERE user_id = $1 AND idem_key = $2 AND created_ms > $3)"
    ))
    .bind(user.as_str())
    .bind(key)
    .bind(since)
    .fetch_optional(executor)
    .await?;
    row.as_ref().map(challenge_from).transpose()
}
