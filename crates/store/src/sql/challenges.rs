//! Challenges: created open, filled by guarded compare-and-set writes on the seat spec, started
//! (with their game) in one transaction.

use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use super::games::{check_seats, insert_game};
use super::{one_row, SqlStore};
use crate::error::Result;
use crate::ids::ChallengeId;
use crate::kinds::{ChallengeStatus, ClockKind, TakebackPolicy, Visibility};
use crate::model::{Challenge, NewChallenge, NewGame};
use crate::row::{flag, Cols};

pub(super) const CHALLENGE_COLUMNS: &str = "id, creator_id, game, variant, seats, seat_spec_json, \
     random_order, clock_kind, base_ms, inc_ms, corr_ms, rated, takeback, visibility, status, \
     created_ms, expires_ms, game_id";

pub(super) fn challenge_from(row: &AnyRow) -> Result<Challenge> {
    let c = Cols::new(row, "challenges");
    Ok(Challenge {
        id: c.challenge_id("id")?,
        creator_id: c.user_id("creator_id")?,
        game: c.text("game")?,
        variant: c.text("variant")?,
        seats: c.i64("seats")?,
        seat_spec_json: c.text("seat_spec_json")?,
        random_order: c.flag("random_order")?,
        clock_kind: c.word("clock_kind", ClockKind::parse)?,
        base_ms: c.i64("base_ms")?,
        inc_ms: c.i64("inc_ms")?,
        corr_ms: c.i64("corr_ms")?,
        rated: c.flag("rated")?,
        takeback: c.word("takeback", TakebackPolicy::parse)?,
        visibility: c.word("visibility", Visibility::parse)?,
        status: c.word("status", ChallengeStatus::parse)?,
        created_ms: c.i64("created_ms")?,
        expires_ms: c.i64("expires_ms")?,
        game_id: c.opt_game_id("game_id")?,
    })
}

pub(super) async fn create_challenge(store: &SqlStore, new: &NewChallenge) -> Result<Challenge> {
    let challenge = Challenge::from_new(new);
    let mut tx = store.begin().await?;
    insert_challenge(&mut tx, &challenge).await?;
    store.finish(tx).await?;
    Ok(challenge)
}

/// Inserts a new challenge's row inside an open write transaction.
pub(super) async fn insert_challenge(
    tx: &mut Transaction<'static, Any>,
    challenge: &Challenge,
) -> Result<()> {
    sqlx::query(&format!(
        "INSERT INTO challenges ({CHALLENGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, \
         $9, $10, $11, $12, $13, $14, $15, $16, $17, NULL)"
    ))
    .bind(challenge.id.as_str())
    .bind(challenge.creator_id.as_str())
    .bind(challenge.game.as_str())
    .bind(challenge.variant.as_str())
    .bind(challenge.seats)
    .bind(challenge.seat_spec_json.as_str())
    .bind(flag(challenge.random_order))
    .bind(challenge.clock_kind.as_str())
    .bind(challenge.base_ms)
    .bind(challenge.inc_ms)
    .bind(challenge.corr_ms)
    .bind(flag(challenge.rated))
    .bind(challenge.takeback.as_str())
    .bind(challenge.visibility.as_str())
    .bind(challenge.status.as_str())
    .bind(challenge.created_ms)
    .bind(challenge.expires_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub(super) async fn load_challenge(
    store: &SqlStore,
    id: &ChallengeId,
) -> Result<Option<Challenge>> {
    let row = sqlx::query(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1"
    ))
    .bind(id.as_str())
    .fetch_optional(store.pool())
    .await?;
    row.as_ref().map(challenge_from).transpose()
}

pub(super) async fn open_challenges(
    store: &SqlStore,
    now_ms: i64,
    limit: u32,
) -> Result<Vec<Challenge>> {
    let rows = sqlx::query(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = $1 AND expires_ms > $2 \
         AND visibility = $3 ORDER BY created_ms DESC, id DESC LIMIT $4"
    ))
    .bind(ChallengeStatus::Open.as_str())
    .bind(now_ms)
    .bind(Visibility::Public.as_str())
    .bind(i64::from(limit))
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(challenge_from).collect()
}

pub(super) async fn open_challenges_naming(
    store: &SqlStore,
    user_id: &crate::ids::UserId,
    now_ms: i64,
    limit: u32,
) -> Result<Vec<Challenge>> {
    // User ids are ULIDs (no `%` or `_`), so the pattern matches the id's text only.
    let rows = sqlx::query(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = $1 AND expires_ms > $2 \
         AND seat_spec_json LIKE $3 ORDER BY created_ms DESC, id DESC LIMIT $4"
    ))
    .bind(ChallengeStatus::Open.as_str())
    .bind(now_ms)
    .bind(format!("%\"{}\"%", user_id.as_str()))
    .bind(i64::from(limit))
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(challenge_from).collect()
}

pub(super) async fn update_challenge_seats(
    store: &SqlStore,
    id: &ChallengeId,
    expected: &str,
    new: &str,
) -> Result<bool> {
    let mut tx = store.begin().await?;
    let done = sqlx::query(
        "UPDATE challenges SET seat_spec_json = $1 \
         WHERE id = $2 AND status = $3 AND seat_spec_json = $4",
    )
    .bind(new)
    .bind(id.as_str())
    .bind(ChallengeStatus::Open.as_str())
    .bind(expected)
    .execute(&mut *tx)
    .await?;
    if !one_row(&done) {
        tx.rollback().await?;
        return Ok(false);
    }
    store.finish(tx).await?;
    Ok(true)
}

pub(super) async fn set_challenge_status(
    store: &SqlStore,
    id: &ChallengeId,
    from: ChallengeStatus,
    to: ChallengeStatus,
) -> Result<bool> {
    let mut tx = store.begin().await?;
    let done = sqlx::query("UPDATE challenges SET status = $1 WHERE id = $2 AND status = $3")
        .bind(to.as_str())
        .bind(id.as_str())
        .bind(from.as_str())
        .execute(&mut *tx)
        .await?;
    if !one_row(&done) {
        tx.rollback().await?;
        return Ok(false);
    }
    store.finish(tx).await?;
    Ok(true)
}

pub(super) async fn start_challenge(
    store: &SqlStore,
    id: &ChallengeId,
    expected: &str,
    final_spec: &str,
    game: &NewGame,
) -> Result<bool> {
    check_seats(game)?;
    let mut tx = store.begin().await?;
    // The guard first, as in a commit: it takes the write lock (SQLite) or the row lock
    // (PostgreSQL), so a second starter waits and then finds the challenge started.
    let done = sqlx::query(
        "UPDATE challenges SET status = $1, seat_spec_json = $2, game_id = $3 \
         WHERE id = $4 AND status = $5 AND seat_spec_json = $6",
    )
    .bind(ChallengeStatus::Started.as_str())
    .bind(final_spec)
    .bind(game.id.as_str())
    .bind(id.as_str())
    .bind(ChallengeStatus::Open.as_str())
    .bind(expected)
    .execute(&mut *tx)
    .await?;
    if !one_row(&done) {
        tx.rollback().await?;
        return Ok(false);
    }
    if let Err(e) = insert_game(&mut tx, game, Some(id)).await {
        tx.rollback().await?;
        return Err(e);
    }
    store.finish(tx).await?;
    Ok(true)
}

pub(super) async fn expire_challenges(store: &SqlStore, now_ms: i64) -> Result<u64> {
    let mut tx = store.begin().await?;
    let done =
        sqlx::query("UPDATE challenges SET status = $1 WHERE status = $2 AND expires_ms <= $3")
            .bind(ChallengeStatus::Expired.as_str())
            .bind(ChallengeStatus::Open.as_str())
            .bind(now_ms)
            .execute(&mut *tx)
            .await?;
    store.finish(tx).await?;
    Ok(done.rows_affected())
}
