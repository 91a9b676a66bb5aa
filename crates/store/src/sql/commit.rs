//! The commit path of a move: the guarded game row, the log entries, seats changing hands, and a
//! game's end with its scores and ratings, in one transaction.

use sqlx::{Any, Transaction};

use super::{one_row, SqlStore};
use crate::error::{Error, Result};
use crate::ids::GameId;
use crate::kinds::{GameStatus, SeatKind};
use crate::model::{Commit, GameEnd, LogEntry, RatingUpdate, SeatChange};
use crate::row::flag;

/// Refuses a commit that is inconsistent in itself, before anything is sent.
fn check_commit(id: &GameId, commit: &Commit) -> Result<()> {
    let bad = |why: String| {
        Err(Error::BadWrite {
            game: id.clone(),
            why,
        })
    };
    if commit.entries.is_empty() {
        return bad("no log entries".to_owned());
    }
    if let (Some(_), status @ (GameStatus::Filling | GameStatus::Running | GameStatus::Legacy)) =
        (&commit.end, commit.status)
    {
        return bad(format!("a game end with status {status}"));
    }
    if commit.end.is_none() && !commit.ratings.is_empty() {
        return bad("ratings without a game end".to_owned());
    }
    for change in &commit.seat_changes {
        if let SeatChange::Sit {
            seat,
            kind,
            user_id,
            ai_level,
            ..
        } = change
        {
            let fits = match kind {
                SeatKind::Human => user_id.is_some() && ai_level.is_none(),
                SeatKind::Ai => ai_level.is_some(),
                SeatKind::Open => user_id.is_none() && ai_level.is_none(),
            };
            if !fits {
                return bad(format!(
                    "seat {seat} cannot become {kind} with user {user_id:?} and level {ai_level:?}"
                ));
            }
        }
    }
    Ok(())
}

pub(super) async fn commit(
    store: &SqlStore,
    id: &GameId,
    expected: i64,
    commit: &Commit,
) -> Result<i64> {
    check_commit(id, commit)?;
    if store.backend() == super::Backend::Sqlite {
        return super::batch::commit(store, id, expected, commit).await;
    }
    let mut tx = store.begin().await?;
    match commit_in(&mut tx, id, expected, commit).await {
        Ok(version) => {
            store.finish(tx).await?;
            Ok(version)
        }
        Err(e) => {
            tx.rollback().await?;
            Err(e)
        }
    }
}

/// The writes of one commit inside an open transaction; on an error the caller rolls back
/// (the whole transaction, or the commit's savepoint).
pub(super) async fn commit_in(
    tx: &mut Transaction<'static, Any>,
    id: &GameId,
    expected: i64,
    commit: &Commit,
) -> Result<i64> {
    let count = i64::try_from(commit.entries.len()).unwrap_or(i64::MAX);
    let new_version = expected.saturating_add(count);
    // The guard comes first: on PostgreSQL it locks the row, so a second writer waits and then
    // re-checks the version; on SQLite writers already take turns at the one writer connection,
    // and the guard still takes the write lock before anything is read (a second process on
    // the same file waits for it under the busy timeout).
    let guarded = sqlx::query(
        "UPDATE games SET ply = $1, version = $2, status = $3, clock_json = $4, \
         deadline_ms = $5, started_ms = COALESCE(started_ms, $6), updated_ms = $7, \
         result = $8, termination = $9, ended_ms = $10 \
         WHERE id = $11 AND version = $12",
    )
    .bind(commit.ply)
    .bind(new_version)
    .bind(commit.status.as_str())
    .bind(&commit.clock_json)
    .bind(commit.deadline_ms)
    .bind(commit.started_ms)
    .bind(commit.now_ms)
    .bind(commit.end.as_ref().map(|e| e.result.as_str()))
    .bind(commit.end.as_ref().map(|e| e.termination.as_str()))
    .bind(commit.end.as_ref().map(|e| e.ended_ms))
    .bind(id.as_str())
    .bind(expected)
    .execute(&mut **tx)
    .await?;
    if !one_row(&guarded) {
        let actual: Option<i64> = sqlx::query_scalar("SELECT version FROM games WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&mut **tx)
            .await?;
        return Err(match actual {
            None => Error::NoGame(id.clone()),
            Some(actual) => Error::Stale {
                game: id.clone(),
                expected,
                actual,
            },
        });
    }
    for (v, entry) in (expected + 1..).zip(&commit.entries) {
        insert_entry(tx, id, v, entry).await?;
    }
    for change in &commit.seat_changes {
        apply_seat_change(tx, id, change).await?;
    }
    if let Some(end) = &commit.end {
        write_end(tx, id, end, &commit.ratings).await?;
    }
    Ok(new_version)
}

/// Applies one seat change; a seat the game lacks (or a retired seat retiring again) is a bad
/// write.
async fn apply_seat_change(
    tx: &mut Transaction<'static, Any>,
    id: &GameId,
    change: &SeatChange,
) -> Result<()> {
    let done = match change {
        SeatChange::Retire {
            seat,
            ply,
            why,
            ai_level,
        } => {
            sqlx::query(
                "UPDATE game_seats SET kind = $1, ai_level = $2, retired_ply = $3, \
                 retired_why = $4 WHERE game_id = $5 AND seat = $6 AND retired_ply IS NULL",
            )
            .bind(SeatKind::Ai.as_str())
            .bind(*ai_level)
            .bind(*ply)
            .bind(why.as_str())
            .bind(id.as_str())
            .bind(*seat)
            .execute(&mut **tx)
            .await?
        }
        SeatChange::Sit {
            seat,
            kind,
            user_id,
            ai_level,
            joined_ms,
        } => {
            sqlx::query(
                "UPDATE game_seats SET kind = $1, user_id = $2, ai_level = $3, joined_ms = $4 \
                 WHERE game_id = $5 AND seat = $6",
            )
            .bind(kind.as_str())
            .bind(user_id.as_ref().map(|u| u.as_str()))
            .bind(*ai_level)
            .bind(*joined_ms)
            .bind(id.as_str())
            .bind(*seat)
            .execute(&mut **tx)
            .await?
        }
    };
    if one_row(&done) {
        Ok(())
    } else {
        let what = match change {
            SeatChange::Retire { .. } => "to retire (missing, or retired already)",
            SeatChange::Sit { .. } => "to sit in",
        };
        Err(Error::BadWrite {
            game: id.clone(),
            why: format!("no seat {} {what}", change.seat()),
        })
    }
}

/// Writes the seats' scores and ranks, then the ratings the end moves.
async fn write_end(
    tx: &mut Transaction<'static, Any>,
    id: &GameId,
    end: &GameEnd,
    ratings: &[RatingUpdate],
) -> Result<()> {
    for result in &end.seats {
        let done = sqlx::query(
            "UPDATE game_seats SET score = $1, rank = $2 WHERE game_id = $3 AND seat = $4",
        )
        .bind(result.score)
        .bind(result.rank)
        .bind(id.as_str())
        .bind(result.seat)
        .execute(&mut **tx)
        .await?;
        if !one_row(&done) {
            return Err(Error::BadWrite {
                game: id.clone(),
                why: format!("no seat {} to score", result.seat),
            });
        }
    }
    for update in ratings {
        write_rating(tx, id, end.ended_ms, update).await?;
    }
    Ok(())
}

/// One rating update: the seat's before/after columns (the seat must be the user's), the
/// `ratings` row inserted or replaced, and a `rating_history` row.
async fn write_rating(
    tx: &mut Transaction<'static, Any>,
    id: &GameId,
    at_ms: i64,
    update: &RatingUpdate,
) -> Result<()> {
    let done = sqlx::query(
        "UPDATE game_seats SET rating_before = $1, rating_after = $2, rd_before = $3, \
         rd_after = $4 WHERE game_id = $5 AND seat = $6 AND user_id = $7",
    )
    .bind(update.rating_before)
    .bind(update.rating_after)
    .bind(update.rd_before)
    .bind(update.rd_after)
    .bind(id.as_str())
    .bind(update.seat)
    .bind(update.user_id.as_str())
    .execute(&mut **tx)
    .await?;
    if !one_row(&done) {
        return Err(Error::BadWrite {
            game: id.clone(),
            why: format!("no seat {} of user {} to rate", update.seat, update.user_id),
        });
    }
    write_rating_row(tx, at_ms, update).await?;
    sqlx::query(
        "INSERT INTO rating_history (user_id, pool, game_id, rating, rd, at_ms) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(update.user_id.as_str())
    .bind(update.pool.as_str())
    .bind(id.as_str())
    .bind(update.rating_after)
    .bind(update.rd_after)
    .bind(at_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The `ratings` row of one update, written only over the row it was computed from: none for
/// the first rated game in the pool, else the one with a game fewer. Another rated game of the
/// user that ended in between makes it [`Error::RatingMoved`] (its update would be lost).
async fn write_rating_row(
    tx: &mut Transaction<'static, Any>,
    at_ms: i64,
    update: &RatingUpdate,
) -> Result<()> {
    let written = if update.games <= 1 {
        sqlx::query(
            "INSERT INTO ratings (user_id, pool, rating, rd, vol, games, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id, pool) DO NOTHING",
        )
        .bind(update.user_id.as_str())
        .bind(update.pool.as_str())
        .bind(update.rating_after)
        .bind(update.rd_after)
        .bind(update.vol)
        .bind(update.games)
        .bind(at_ms)
        .execute(&mut **tx)
        .await?
    } else {
        sqlx::query(
            "UPDATE ratings SET rating = $1, rd = $2, vol = $3, games = $4, updated_ms = $5 \
             WHERE user_id = $6 AND pool = $7 AND games = $8",
        )
        .bind(update.rating_after)
        .bind(update.rd_after)
        .bind(update.vol)
        .bind(update.games)
        .bind(at_ms)
        .bind(update.user_id.as_str())
        .bind(update.pool.as_str())
        .bind(update.games - 1)
        .execute(&mut **tx)
        .await?
    };
    if one_row(&written) {
        return Ok(());
    }
    let games: Option<i64> =
        sqlx::query_scalar("SELECT games FROM ratings WHERE user_id = $1 AND pool = $2")
            .bind(update.user_id.as_str())
            .bind(update.pool.as_str())
            .fetch_optional(&mut **tx)
            .await?;
    Err(Error::RatingMoved {
        user: update.user_id.clone(),
        pool: update.pool.clone(),
        games: games.unwrap_or(0),
    })
}

async fn insert_entry(
    tx: &mut Transaction<'static, Any>,
    id: &GameId,
    v: i64,
    entry: &LogEntry,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO game_log (game_id, v, kind, ply, seat, action, hidden, hash, clock_ms, \
         think_ms, data_json, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, \
         $12)",
    )
    .bind(id.as_str())
    .bind(v)
    .bind(entry.kind.as_str())
    .bind(entry.ply)
    .bind(entry.seat)
    .bind(entry.action.as_deref())
    .bind(flag(entry.hidden))
    .bind(entry.hash)
    .bind(entry.clock_ms)
    .bind(entry.think_ms)
    .bind(&entry.data_json)
    .bind(entry.created_ms)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
