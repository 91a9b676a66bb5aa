//! Game leases: which node runs each game's actor (migration 0004).

use crate::error::Result;
use crate::ids::GameId;
use crate::kinds::GameStatus;
use crate::model::{Lease, LeaseTaken};
use crate::row::Cols;

use super::SqlStore;

pub(super) async fn take_lease(
    store: &SqlStore,
    id: &GameId,
    node: &str,
    now_ms: i64,
    ttl_ms: i64,
) -> Result<LeaseTaken> {
    let mut tx = store.begin().await?;
    let game: Option<String> = sqlx::query_scalar("SELECT id FROM games WHERE id = $1")
        .bind(id.as_str())
        .fetch_optional(&mut *tx)
        .await?;
    if game.is_none() {
        return Err(crate::Error::NoGame(id.clone()));
    }
    let before: Option<String> =
        sqlx::query_scalar("SELECT node FROM game_leases WHERE game_id = $1")
            .bind(id.as_str())
            .fetch_optional(&mut *tx)
            .await?;
    // Free: inserted. Ours: renewed, epoch kept. Lapsed: taken over, one more epoch. Another
    // node's and current: left alone (the conflict's WHERE is false).
    sqlx::query(
        "INSERT INTO game_leases (game_id, node, until_ms, epoch) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (game_id) DO UPDATE SET \
           until_ms = excluded.until_ms, \
           epoch = CASE WHEN game_leases.node = excluded.node \
                        THEN game_leases.epoch ELSE game_leases.epoch + 1 END, \
           node = excluded.node \
         WHERE game_leases.node = excluded.node OR game_leases.until_ms < $4",
    )
    .bind(id.as_str())
    .bind(node)
    .bind(now_ms.saturating_add(ttl_ms))
    .bind(now_ms)
    .execute(&mut *tx)
    .await?;
    let row = sqlx::query("SELECT node, until_ms, epoch FROM game_leases WHERE game_id = $1")
        .bind(id.as_str())
        .fetch_one(&mut *tx)
        .await?;
    let lease = read(&Cols::new(&row, "game_leases"))?;
    store.finish(tx).await?;
    Ok(if lease.node != node {
        LeaseTaken::Other(lease)
    } else if before.is_some_and(|b| b != node) {
        LeaseTaken::TakenOver(lease)
    } else {
        LeaseTaken::Held(lease)
    })
}

pub(super) async fn renew_leases(
    store: &SqlStore,
    node: &str,
    ids: &[GameId],
    until_ms: i64,
) -> Result<Vec<GameId>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut tx = store.begin().await?;
    let mut held = Vec::new();
    for id in ids {
        let done =
            sqlx::query("UPDATE game_leases SET until_ms = $1 WHERE game_id = $2 AND node = $3")
                .bind(until_ms)
                .bind(id.as_str())
                .bind(node)
                .execute(&mut *tx)
                .await?;
        if done.rows_affected() == 1 {
            held.push(id.clone());
        }
    }
    store.finish(tx).await?;
    Ok(held)
}

pub(super) async fn release_lease(store: &SqlStore, id: &GameId, node: &str) -> Result<bool> {
    let mut tx = store.begin().await?;
    let done = sqlx::query("DELETE FROM game_leases WHERE game_id = $1 AND node = $2")
        .bind(id.as_str())
        .bind(node)
        .execute(&mut *tx)
        .await?;
    store.finish(tx).await?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn lapsed_leases(
    store: &SqlStore,
    now_ms: i64,
    limit: u32,
) -> Result<Vec<GameId>> {
    let rows = sqlx::query(
        "SELECT l.game_id FROM game_leases l JOIN games g ON g.id = l.game_id \
         WHERE l.until_ms < $1 AND g.status = $2 ORDER BY l.until_ms LIMIT $3",
    )
    .bind(now_ms)
    .bind(GameStatus::Running.as_str())
    .bind(i64::from(limit))
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|row| Cols::new(row, "game_leases").game_id("game_id"))
        .collect()
}

pub(super) async fn lease(store: &SqlStore, id: &GameId) -> Result<Option<Lease>> {
    let row = sqlx::query("SELECT node, until_ms, epoch FROM game_leases WHERE game_id = $1")
        .bind(id.as_str())
        .fetch_optional(store.pool())
        .await?;
    row.as_ref()
        .map(|row| read(&Cols::new(row, "game_leases")))
        .transpose()
}

fn read(c: &Cols<'_>) -> Result<Lease> {
    Ok(Lease {
        node: c.text("node")?,
        until_ms: c.i64("until_ms")?,
        epoch: c.i64("epoch")?,
    })
}
