//! Ratings as read, chat lines and notifications.

use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, Transaction};

use super::SqlStore;
use crate::error::Result;
use crate::ids::{ChatId, GameId, NotificationId, UserId};
use crate::model::{ChatLine, Notification, NotificationChange, Rating};
use crate::row::Cols;

fn rating_from(row: &AnyRow) -> Result<Rating> {
    let c = Cols::new(row, "ratings");
    Ok(Rating {
        pool: c.text("pool")?,
        rating: c.f64("rating")?,
        rd: c.f64("rd")?,
        vol: c.f64("vol")?,
        games: c.i64("games")?,
        updated_ms: c.i64("updated_ms")?,
    })
}

pub(super) async fn rating(
    store: &SqlStore,
    user_id: &UserId,
    pool: &str,
) -> Result<Option<Rating>> {
    let row = sqlx::query(
        "SELECT pool, rating, rd, vol, games, updated_ms FROM ratings \
         WHERE user_id = $1 AND pool = $2",
    )
    .bind(user_id.as_str())
    .bind(pool)
    .fetch_optional(store.pool())
    .await?;
    row.as_ref().map(rating_from).transpose()
}

pub(super) async fn ratings_of(store: &SqlStore, user_id: &UserId) -> Result<Vec<Rating>> {
    let rows = sqlx::query(
        "SELECT pool, rating, rd, vol, games, updated_ms FROM ratings WHERE user_id = $1 \
         ORDER BY pool",
    )
    .bind(user_id.as_str())
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(rating_from).collect()
}

pub(super) async fn insert_chat(store: &SqlStore, line: &ChatLine) -> Result<()> {
    let mut tx = store.begin().await?;
    sqlx::query(
        "INSERT INTO chat (id, room, game_id, user_id, text, created_ms) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(line.id.as_str())
    .bind(line.room.as_str())
    .bind(line.game_id.as_ref().map(|g| g.as_str()))
    .bind(line.user_id.as_str())
    .bind(line.text.as_str())
    .bind(line.created_ms)
    .execute(&mut *tx)
    .await?;
    store.finish(tx).await
}

pub(super) async fn chat_lines(store: &SqlStore, room: &str, limit: u32) -> Result<Vec<ChatLine>> {
    let rows = sqlx::query(
        "SELECT id, room, game_id, user_id, text, created_ms FROM chat WHERE room = $1 \
         ORDER BY created_ms DESC, id DESC LIMIT $2",
    )
    .bind(room)
    .bind(i64::from(limit))
    .fetch_all(store.pool())
    .await?;
    let mut lines = rows
        .iter()
        .map(|row| {
            let c = Cols::new(row, "chat");
            Ok(ChatLine {
                id: c.word("id", ChatId::parse)?,
                room: c.text("room")?,
                game_id: c.opt_game_id("game_id")?,
                user_id: c.user_id("user_id")?,
                text: c.text("text")?,
                created_ms: c.i64("created_ms")?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    lines.reverse();
    Ok(lines)
}

pub(super) async fn insert_notification(store: &SqlStore, n: &Notification) -> Result<()> {
    let mut tx = store.begin().await?;
    insert_notification_in(&mut tx, n).await?;
    store.finish(tx).await
}

async fn insert_notification_in(
    tx: &mut Transaction<'static, Any>,
    n: &Notification,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO notifications (id, user_id, kind, game_id, payload_json, created_ms, \
         read_ms, mailed_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(n.id.as_str())
    .bind(n.user_id.as_str())
    .bind(n.kind.as_str())
    .bind(n.game_id.as_ref().map(|g| g.as_str()))
    .bind(n.payload_json.as_str())
    .bind(n.created_ms)
    .bind(n.read_ms)
    .bind(n.mailed_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub(super) async fn replace_notification(store: &SqlStore, n: &Notification) -> Result<()> {
    let mut tx = store.begin().await?;
    replace_notification_in(&mut tx, n).await?;
    store.finish(tx).await
}

async fn replace_notification_in(
    tx: &mut Transaction<'static, Any>,
    n: &Notification,
) -> Result<()> {
    if let Some(game_id) = &n.game_id {
        drop_unread_in(tx, &n.user_id, &n.kind, game_id).await?;
    }
    insert_notification_in(tx, n).await
}

/// Deletes a user's unread notifications of `kind` about a game; how many.
async fn drop_unread_in(
    tx: &mut Transaction<'static, Any>,
    user_id: &UserId,
    kind: &str,
    game_id: &GameId,
) -> Result<u64> {
    let done = sqlx::query(
        "DELETE FROM notifications \
         WHERE user_id = $1 AND kind = $2 AND game_id = $3 AND read_ms IS NULL",
    )
    .bind(user_id.as_str())
    .bind(kind)
    .bind(game_id.as_str())
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

pub(super) async fn change_notifications(
    store: &SqlStore,
    changes: &[NotificationChange],
) -> Result<()> {
    if changes.is_empty() {
        return Ok(());
    }
    let mut tx = store.begin().await?;
    for change in changes {
        match change {
            NotificationChange::Insert(n) => insert_notification_in(&mut tx, n).await?,
            NotificationChange::Replace(n) => replace_notification_in(&mut tx, n).await?,
            NotificationChange::Settle {
                user_id,
                kind,
                game_id,
            } => {
                drop_unread_in(&mut tx, user_id, kind, game_id).await?;
            }
        }
    }
    store.finish(tx).await
}

pub(super) async fn unread_notifications(store: &SqlStore, user_id: &UserId) -> Result<u64> {
    let mut conn = store.pool().acquire().await?;
    unread_in(&mut conn, user_id).await
}

async fn unread_in(conn: &mut AnyConnection, user_id: &UserId) -> Result<u64> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS unread FROM notifications WHERE user_id = $1 AND read_ms IS NULL",
    )
    .bind(user_id.as_str())
    .fetch_one(&mut *conn)
    .await?;
    let unread = Cols::new(&row, "notifications").i64("unread")?;
    Ok(u64::try_from(unread).unwrap_or(0))
}

pub(super) async fn notifications_of(
    store: &SqlStore,
    user_id: &UserId,
    unread_only: bool,
    limit: u32,
) -> Result<Vec<Notification>> {
    let mut conn = store.pool().acquire().await?;
    list_in(&mut conn, user_id, unread_only, limit).await
}

pub(super) async fn inbox(
    store: &SqlStore,
    user_id: &UserId,
    limit: u32,
) -> Result<(u64, Vec<Notification>)> {
    let mut tx = store.begin_read().await?;
    let unread = unread_in(&mut tx, user_id).await?;
    let listed = list_in(&mut tx, user_id, false, limit).await?;
    tx.commit().await?;
    Ok((unread, listed))
}

async fn list_in(
    conn: &mut AnyConnection,
    user_id: &UserId,
    unread_only: bool,
    limit: u32,
) -> Result<Vec<Notification>> {
    let unread = if unread_only {
        "AND read_ms IS NULL"
    } else {
        ""
    };
    let rows = sqlx::query(&format!(
        "SELECT id, user_id, kind, game_id, payload_json, created_ms, read_ms, mailed_ms \
         FROM notifications WHERE user_id = $1 {unread} ORDER BY created_ms DESC, id DESC \
         LIMIT $2"
    ))
    .bind(user_id.as_str())
    .bind(i64::from(limit))
    .fetch_all(&mut *conn)
    .await?;
    rows.iter()
        .map(|row| {
            let c = Cols::new(row, "notifications");
            Ok(Notification {
                id: c.word("id", NotificationId::parse)?,
                user_id: c.user_id("user_id")?,
                kind: c.text("kind")?,
                game_id: c.opt_game_id("game_id")?,
                payload_json: c.text("payload_json")?,
                created_ms: c.i64("created_ms")?,
                read_ms: c.opt_i64("read_ms")?,
                mailed_ms: c.opt_i64("mailed_ms")?,
            })
        })
        .collect()
}

pub(super) async fn mark_notifications_read(
    store: &SqlStore,
    user_id: &UserId,
    up_to_ms: i64,
) -> Result<u64> {
    let mut tx = store.begin().await?;
    let done = sqlx::query(
        "UPDATE notifications SET read_ms = $1 \
         WHERE user_id = $2 AND read_ms IS NULL AND created_ms <= $1",
    )
    .bind(up_to_ms)
    .bind(user_id.as_str())
    .execute(&mut *tx)
    .await?;
    store.finish(tx).await?;
    Ok(done.rows_affected())
}

pub(super) async fn drop_unread_game_notifications(
    store: &SqlStore,
    user_id: &UserId,
    kind: &str,
    game_id: &GameId,
) -> Result<u64> {
    let mut tx = store.begin().await?;
    let dropped = drop_unread_in(&mut tx, user_id, kind, game_id).await?;
    store.finish(tx).await?;
    Ok(dropped)
}
