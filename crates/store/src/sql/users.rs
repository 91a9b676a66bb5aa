//! Users and sessions.

use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use super::{one_row, SqlStore};
use crate::error::{Error, Result};
use crate::ids::{TokenHash, UserId};
use crate::model::{NewUser, PrefsSwap, Session, User};
use crate::row::{flag, Cols};

/// The longest user name, in characters.
const MAX_NAME_CHARS: usize = 32;

/// The form names are compared in: lower case (Unicode).
pub(crate) fn name_norm(name: &str) -> String {
    name.to_lowercase()
}

pub(super) fn check_name(name: &str) -> Result<()> {
    let bad = |why| {
        Err(Error::BadName {
            name: name.to_owned(),
            why,
        })
    };
    if name.is_empty() {
        return bad("it is empty");
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return bad("it is longer than 32 characters");
    }
    if name.chars().any(char::is_control) {
        return bad("it contains a control character");
    }
    if name.trim() != name {
        return bad("it starts or ends with a space");
    }
    Ok(())
}

pub(super) const USER_COLUMNS: &str =
    "id, name, pw_hash, is_guest, is_bot, email, prefs_json, created_ms";

pub(super) fn user_from(row: &AnyRow) -> Result<User> {
    let c = Cols::new(row, "users");
    Ok(User {
        id: c.user_id("id")?,
        name: c.text("name")?,
        pw_hash: c.opt_text("pw_hash")?,
        is_guest: c.flag("is_guest")?,
        is_bot: c.flag("is_bot")?,
        email: c.opt_text("email")?,
        prefs_json: c.text("prefs_json")?,
        created_ms: c.i64("created_ms")?,
    })
}

pub(super) async fn create_user(store: &SqlStore, user: &NewUser) -> Result<User> {
    check_name(&user.name)?;
    let id = UserId::generate();
    let mut tx = store.begin().await?;
    if let Err(e) = insert_user(&mut tx, &id, user).await {
        tx.rollback().await?;
        return Err(e);
    }
    store.finish(tx).await?;
    Ok(stored_user(id, user))
}

/// Inserts the row of a new user (its name already checked) in `tx`: [`Error::NameTaken`] when
/// the name's lower-cased form is taken.
pub(super) async fn insert_user(
    tx: &mut Transaction<'static, Any>,
    id: &UserId,
    user: &NewUser,
) -> Result<()> {
    let inserted = sqlx::query(
        "INSERT INTO users (id, name, name_norm, pw_hash, is_guest, is_bot, email, prefs_json, \
         created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(id.as_str())
    .bind(&user.name)
    .bind(name_norm(&user.name))
    .bind(user.pw_hash.as_deref())
    .bind(flag(user.is_guest))
    .bind(flag(user.is_bot))
    .bind(user.email.as_deref())
    .bind(&user.prefs_json)
    .bind(user.created_ms)
    .execute(&mut **tx)
    .await;
    match inserted {
        Ok(_) => Ok(()),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(Error::NameTaken {
            name: user.name.clone(),
        }),
        Err(e) => Err(e.into()),
    }
}

/// The user `user` became when stored under `id`.
pub(super) fn stored_user(id: UserId, user: &NewUser) -> User {
    User {
        id,
        name: user.name.clone(),
        pw_hash: user.pw_hash.clone(),
        is_guest: user.is_guest,
        is_bot: user.is_bot,
        email: user.email.clone(),
        prefs_json: user.prefs_json.clone(),
        created_ms: user.created_ms,
    }
}

pub(super) async fn user_by_id(store: &SqlStore, id: &UserId) -> Result<Option<User>> {
    let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
        .bind(id.as_str())
        .fetch_optional(store.pool())
        .await?;
    row.as_ref().map(user_from).transpose()
}

pub(super) async fn user_by_name(store: &SqlStore, name: &str) -> Result<Option<User>> {
    let row = sqlx::query(&format!(
        "SELECT {USER_COLUMNS} FROM users WHERE name_norm = $1"
    ))
    .bind(name_norm(name))
    .fetch_optional(store.pool())
    .await?;
    row.as_ref().map(user_from).transpose()
}

pub(super) async fn set_user_prefs(
    store: &SqlStore,
    id: &UserId,
    prefs_json: &str,
) -> Result<bool> {
    let mut tx = store.begin().await?;
    let done = sqlx::query("UPDATE users SET prefs_json = $1 WHERE id = $2")
        .bind(prefs_json)
        .bind(id.as_str())
        .execute(&mut *tx)
        .await?;
    store.finish(tx).await?;
    Ok(one_row(&done))
}

pub(super) async fn swap_user_prefs(
    store: &SqlStore,
    id: &UserId,
    expected: &str,
    prefs_json: &str,
) -> Result<PrefsSwap> {
    let mut tx = store.begin().await?;
    let done = sqlx::query("UPDATE users SET prefs_json = $1 WHERE id = $2 AND prefs_json = $3")
        .bind(prefs_json)
        .bind(id.as_str())
        .bind(expected)
        .execute(&mut *tx)
        .await?;
    let swap = if one_row(&done) {
        PrefsSwap::Written
    } else {
        let known = sqlx::query("SELECT 1 FROM users WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&mut *tx)
            .await?;
        if known.is_some() {
            PrefsSwap::Changed
        } else {
            PrefsSwap::NoUser
        }
    };
    store.finish(tx).await?;
    Ok(swap)
}

fn session_from(row: &AnyRow) -> Result<Session> {
    let c = Cols::new(row, "sessions");
    Ok(Session {
        token_hash: c.word("token_hash", |t| TokenHash::from_hex(t).ok())?,
        user_id: c.user_id("user_id")?,
        created_ms: c.i64("created_ms")?,
        seen_ms: c.i64("seen_ms")?,
        expires_ms: c.i64("expires_ms")?,
    })
}

pub(super) async fn insert_session(store: &SqlStore, session: &Session) -> Result<()> {
    let mut tx = store.begin().await?;
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_ms, seen_ms, expires_ms) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(session.token_hash.as_str())
    .bind(session.user_id.as_str())
    .bind(session.created_ms)
    .bind(session.seen_ms)
    .bind(session.expires_ms)
    .execute(&mut *tx)
    .await?;
    store.finish(tx).await
}

pub(super) async fn find_session(
    store: &SqlStore,
    token_hash: &TokenHash,
) -> Result<Option<Session>> {
    let row = sqlx::query(
        "SELECT token_hash, user_id, created_ms, seen_ms, expires_ms FROM sessions \
         WHERE token_hash = $1",
    )
    .bind(token_hash.as_str())
    .fetch_optional(store.pool())
    .await?;
    row.as_ref().map(session_from).transpose()
}

pub(super) async fn touch_session(
    store: &SqlStore,
    token_hash: &TokenHash,
    seen_ms: i64,
    expires_ms: i64,
) -> Result<bool> {
    let mut tx = store.begin().await?;
    let done =
        sqlx::query("UPDATE sessions SET seen_ms = $1, expires_ms = $2 WHERE token_hash = $3")
            .bind(seen_ms)
            .bind(expires_ms)
            .bind(token_hash.as_str())
            .execute(&mut *tx)
            .await?;
    store.finish(tx).await?;
    Ok(one_row(&done))
}

pub(super) async fn delete_session(store: &SqlStore, token_hash: &TokenHash) -> Result<bool> {
    let mut tx = store.begin().await?;
    let done = sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(token_hash.as_str())
        .execute(&mut *tx)
        .await?;
    store.finish(tx).await?;
    Ok(one_row(&done))
}

pub(super) async fn change_password(
    store: &SqlStore,
    user_id: &UserId,
    pw_hash: &str,
    keep: Option<&TokenHash>,
) -> Result<Option<Vec<TokenHash>>> {
    let mut tx = store.begin().await?;
    let done = sqlx::query("UPDATE users SET pw_hash = $1 WHERE id = $2")
        .bind(pw_hash)
        .bind(user_id.as_str())
        .execute(&mut *tx)
        .await?;
    if !one_row(&done) {
        store.finish(tx).await?;
        return Ok(None);
    }
    // One statement deletes and names the sessions, so none slips between a read and a delete.
    let rows = sqlx::query(
        "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash",
    )
    .bind(user_id.as_str())
    .bind(keep.map_or("", TokenHash::as_str))
    .fetch_all(&mut *tx)
    .await?;
    let mut ended = Vec::with_capacity(rows.len());
    for row in &rows {
        let c = Cols::new(row, "sessions");
        ended.push(c.word("token_hash", |t| TokenHash::from_hex(t).ok())?);
    }
    store.finish(tx).await?;
    Ok(Some(ended))
}

pub(super) async fn delete_expired_sessions(store: &SqlStore, now_ms: i64) -> Result<u64> {
    let mut tx = store.begin().await?;
    let done = sqlx::query("DELETE FROM sessions WHERE expires_ms <= $1")
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
    store.finish(tx).await?;
    Ok(done.rows_affected())
}

pub(super) async fn sessions_of_user(store: &SqlStore, user_id: &UserId) -> Result<Vec<Session>> {
    let rows = sqlx::query(
        "SELECT token_hash, user_id, created_ms, seen_ms, expires_ms FROM sessions \
         WHERE user_id = $1 ORDER BY created_ms DESC, token_hash",
    )
    .bind(user_id.as_str())
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(session_from).collect()
}
