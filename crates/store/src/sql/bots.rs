//! Bots: a bot is a user (`is_bot`) with a row in `bots` naming its owner.

use super::users::{check_name, insert_user, stored_user, user_from, USER_COLUMNS};
use super::{one_row, SqlStore};
use crate::error::Result;
use crate::ids::{TokenHash, UserId};
use crate::model::{NewUser, Session, User};
use crate::row::Cols;

pub(super) async fn create_bot(store: &SqlStore, bot: &NewUser, owner: &UserId) -> Result<User> {
    check_name(&bot.name)?;
    let bot = NewUser {
        is_bot: true,
        ..bot.clone()
    };
    let id = UserId::generate();
    let mut tx = store.begin().await?;
    if let Err(e) = insert_user(&mut tx, &id, &bot).await {
        tx.rollback().await?;
        return Err(e);
    }
    sqlx::query("INSERT INTO bots (bot_id, owner_id, created_ms) VALUES ($1, $2, $3)")
        .bind(id.as_str())
        .bind(owner.as_str())
        .bind(bot.created_ms)
        .execute(&mut *tx)
        .await?;
    store.finish(tx).await?;
    Ok(stored_user(id, &bot))
}

pub(super) async fn bots_of(store: &SqlStore, owner: &UserId, limit: u32) -> Result<Vec<User>> {
    // The user columns, qualified: `users` and `bots` both have `created_ms`.
    let columns = USER_COLUMNS
        .split(", ")
        .map(|c| format!("u.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let rows = sqlx::query(&format!(
        "SELECT {columns} FROM bots AS b JOIN users AS u ON u.id = b.bot_id \
         WHERE b.owner_id = $1 ORDER BY b.created_ms DESC, b.bot_id DESC LIMIT $2"
    ))
    .bind(owner.as_str())
    .bind(i64::from(limit))
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(user_from).collect()
}

pub(super) async fn bot_owner(store: &SqlStore, bot_id: &UserId) -> Result<Option<UserId>> {
    let row = sqlx::query("SELECT owner_id FROM bots WHERE bot_id = $1")
        .bind(bot_id.as_str())
        .fetch_optional(store.pool())
        .await?;
    row.as_ref()
        .map(|row| Cols::new(row, "bots").user_id("owner_id"))
        .transpose()
}

pub(super) async fn replace_bot_token(
    store: &SqlStore,
    bot_id: &UserId,
    prefs_json: &str,
    session: &Session,
) -> Result<Option<Vec<TokenHash>>> {
    let mut tx = store.begin().await?;
    let done = sqlx::query("UPDATE users SET prefs_json = $1 WHERE id = $2 AND is_bot = 1")
        .bind(prefs_json)
        .bind(bot_id.as_str())
        .execute(&mut *tx)
        .await?;
    if !one_row(&done) {
        tx.rollback().await?;
        return Ok(None);
    }
    // One statement deletes and names the old sessions, so none slips between a read and a
    // delete; the new one is stored after it.
    let rows = sqlx::query("DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash")
        .bind(bot_id.as_str())
        .fetch_all(&mut *tx)
        .await?;
    let mut ended = Vec::with_capacity(rows.len());
    for row in &rows {
        let c = Cols::new(row, "sessions");
        ended.push(c.word("token_hash", |t| TokenHash::from_hex(t).ok())?);
    }
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_ms, seen_ms, expires_ms) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(session.token_hash.as_str())
    .bind(bot_id.as_str())
    .bind(session.created_ms)
    .bind(session.seen_ms)
    .bind(session.expires_ms)
    .execute(&mut *tx)
    .await?;
    store.finish(tx).await?;
    Ok(Some(ended))
}
