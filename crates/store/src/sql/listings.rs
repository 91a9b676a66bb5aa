//! Lists of games: a user's, by status, those whose clock deadline has come, the running ones.

use super::games::{placeholders, select_games};
use super::SqlStore;
use crate::error::Result;
use crate::ids::{GameId, UserId};
use crate::kinds::GameStatus;
use crate::model::{DueGame, Game};
use crate::row::Cols;

/// The newest-first order of game lists (ties broken by id, so a list is stable).
const NEWEST_FIRST: &str = "ORDER BY updated_ms DESC, id DESC";

/// `status IN (…)` over placeholders from `$from`, or a filter that passes every status.
fn status_filter(statuses: &[GameStatus], from: usize) -> String {
    if statuses.is_empty() {
        "1 = 1".to_owned()
    } else {
        format!("status IN ({})", placeholders(from, statuses.len()))
    }
}

pub(super) async fn games_of_user(
    store: &SqlStore,
    user_id: &UserId,
    statuses: &[GameStatus],
    limit: u32,
) -> Result<Vec<Game>> {
    let filter = format!(
        "id IN (SELECT game_id FROM game_seats WHERE user_id = $1) AND {}",
        status_filter(statuses, 2)
    );
    let mut args = vec![user_id.as_str()];
    args.extend(statuses.iter().map(|s| s.as_str()));
    select_games(store, &filter, &args, NEWEST_FIRST, limit).await
}

pub(super) async fn games_by_status(
    store: &SqlStore,
    statuses: &[GameStatus],
    limit: u32,
) -> Result<Vec<Game>> {
    let args: Vec<&str> = statuses.iter().map(|s| s.as_str()).collect();
    select_games(
        store,
        &status_filter(statuses, 1),
        &args,
        NEWEST_FIRST,
        limit,
    )
    .await
}

pub(super) async fn games_due(
    store: &SqlStore,
    before_ms: i64,
    limit: u32,
) -> Result<Vec<DueGame>> {
    // `status = … AND deadline_ms <= …` is a range scan of the (status, deadline_ms) index.
    let rows = sqlx::query(
        "SELECT id, deadline_ms FROM games WHERE status = $1 AND deadline_ms <= $2 \
         ORDER BY deadline_ms, id LIMIT $3",
    )
    .bind(GameStatus::Running.as_str())
    .bind(before_ms)
    .bind(i64::from(limit))
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|row| {
            let c = Cols::new(row, "games");
            Ok(DueGame {
                id: c.game_id("id")?,
                deadline_ms: c.i64("deadline_ms")?,
            })
        })
        .collect()
}

pub(super) async fn running_games(store: &SqlStore) -> Result<Vec<GameId>> {
    let rows = sqlx::query("SELECT id FROM games WHERE status = $1 ORDER BY id")
        .bind(GameStatus::Running.as_str())
        .fetch_all(store.pool())
        .await?;
    rows.iter()
        .map(|row| Cols::new(row, "games").game_id("id"))
        .collect()
}
