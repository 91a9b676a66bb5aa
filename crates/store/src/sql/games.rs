//! Games, seats, the log and snapshots.

use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use super::{one_row, SqlStore};
use crate::error::{Error, Result};
use crate::ids::GameId;
use crate::kinds::{ClockKind, GameStatus, LogKind, SeatKind, TakebackPolicy};
use crate::model::{Commit, Game, LogEntry, NewGame, Seat, Snapshot, StoredEntry};
use crate::row::{flag, Cols};

pub(super) async fn create_game(store: &SqlStore, game: &NewGame) -> Result<()> {
    for (index, seat) in game.seats.iter().enumerate() {
        if usize::try_from(seat.seat).ok() != Some(index) {
            return Err(Error::BadWrite {
                game: game.id.clone(),
                why: format!("seat number {} listed at index {index}", seat.seat),
            });
        }
    }
    let seats = i64::try_from(game.seats.len()).unwrap_or(i64::MAX);
    let mut tx = store.begin().await?;
    sqlx::query(
        "INSERT INTO games (id, game, variant, seats, rules_version, status, start_text, \
         chance_seed, ply, version, clock_kind, base_ms, inc_ms, corr_ms, clock_json, \
         deadline_ms, rated, takeback, challenge_id, created_ms, updated_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, $9, $10, $11, $12, $13, $14, $15, $16, \
         $17, $18, $18)",
    )
    .bind(game.id.as_str())
    .bind(&game.game)
    .bind(&game.variant)
    .bind(seats)
    .bind(&game.rules_version)
    .bind(game.status.as_str())
    .bind(game.start_text.as_deref())
    .bind(game.chance_seed)
    .bind(game.clock_kind.as_str())
    .bind(game.base_ms)
    .bind(game.inc_ms)
    .bind(game.corr_ms)
    .bind(&game.clock_json)
    .bind(game.deadline_ms)
    .bind(flag(game.rated))
    .bind(game.takeback.as_str())
    .bind(game.challenge_id.as_deref())
    .bind(game.created_ms)
    .execute(&mut *tx)
    .await?;
    for seat in &game.seats {
        insert_seat(&mut tx, &game.id, seat).await?;
    }
    store.finish(tx).await
}

async fn insert_seat(tx: &mut Transaction<'static, Any>, game: &GameId, seat: &Seat) -> Result<()> {
    sqlx::query(
        "INSERT INTO game_seats (game_id, seat, kind, user_id, ai_level, ai_seed, joined_ms, \
         retired_ply, retired_why, score, rank) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(game.as_str())
    .bind(seat.seat)
    .bind(seat.kind.as_str())
    .bind(seat.user_id.as_ref().map(|u| u.as_str()))
    .bind(seat.ai_level)
    .bind(seat.ai_seed)
    .bind(seat.joined_ms)
    .bind(seat.retired_ply)
    .bind(seat.retired_why.as_deref())
    .bind(seat.score)
    .bind(seat.rank)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn seat_from(row: &AnyRow) -> Result<Seat> {
    let c = Cols::new(row, "game_seats");
    Ok(Seat {
        seat: c.i64("seat")?,
        kind: c.word("kind", SeatKind::parse)?,
        user_id: c.opt_user_id("user_id")?,
        ai_level: c.opt_i64("ai_level")?,
        ai_seed: c.i64("ai_seed")?,
        joined_ms: c.opt_i64("joined_ms")?,
        retired_ply: c.opt_i64("retired_ply")?,
        retired_why: c.opt_text("retired_why")?,
        score: c.opt_f64("score")?,
        rank: c.opt_i64("rank")?,
    })
}

fn game_from(row: &AnyRow, seats: Vec<Seat>) -> Result<Game> {
    let c = Cols::new(row, "games");
    Ok(Game {
        id: c.game_id("id")?,
        game: c.text("game")?,
        variant: c.text("variant")?,
        rules_version: c.text("rules_version")?,
        status: c.word("status", GameStatus::parse)?,
        start_text: c.opt_text("start_text")?,
        chance_seed: c.i64("chance_seed")?,
        ply: c.i64("ply")?,
        version: c.i64("version")?,
        clock_kind: c.word("clock_kind", ClockKind::parse)?,
        base_ms: c.i64("base_ms")?,
        inc_ms: c.i64("inc_ms")?,
        corr_ms: c.i64("corr_ms")?,
        clock_json: c.text("clock_json")?,
        deadline_ms: c.opt_i64("deadline_ms")?,
        rated: c.flag("rated")?,
        takeback: c.word("takeback", TakebackPolicy::parse)?,
        result: c.opt_text("result")?,
        termination: c.opt_text("termination")?,
        challenge_id: c.opt_text("challenge_id")?,
        created_ms: c.i64("created_ms")?,
        started_ms: c.opt_i64("started_ms")?,
        ended_ms: c.opt_i64("ended_ms")?,
        updated_ms: c.i64("updated_ms")?,
        seats,
    })
}

pub(super) async fn load_game(store: &SqlStore, id: &GameId) -> Result<Option<Game>> {
    // One read transaction, so the row and its seats are one snapshot.
    let mut tx = store.begin().await?;
    let row = sqlx::query(
        "SELECT id, game, variant, rules_version, status, start_text, chance_seed, ply, \
         version, clock_kind, base_ms, inc_ms, corr_ms, clock_json, deadline_ms, rated, \
         takeback, result, termination, challenge_id, created_ms, started_ms, ended_ms, \
         updated_ms FROM games WHERE id = $1",
    )
    .bind(id.as_str())
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        tx.rollback().await?;
        return Ok(None);
    };
    let seat_rows = sqlx::query(
        "SELECT seat, kind, user_id, ai_level, ai_seed, joined_ms, retired_ply, retired_why, \
         score, rank FROM game_seats WHERE game_id = $1 ORDER BY seat",
    )
    .bind(id.as_str())
    .fetch_all(&mut *tx)
    .await?;
    tx.rollback().await?;
    let seats = seat_rows
        .iter()
        .map(seat_from)
        .collect::<Result<Vec<_>>>()?;
    game_from(&row, seats).map(Some)
}

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
    match (&commit.end, commit.status) {
        (Some(_), GameStatus::Over | GameStatus::Aborted) | (None, _) => Ok(()),
        (Some(_), status) => bad(format!("a game end with status {status}")),
    }
}

pub(super) async fn commit(
    store: &SqlStore,
    id: &GameId,
    expected: i64,
    commit: &Commit,
) -> Result<i64> {
    check_commit(id, commit)?;
    let count = i64::try_from(commit.entries.len()).unwrap_or(i64::MAX);
    let new_version = expected.saturating_add(count);
    let mut tx = store.begin().await?;
    // The guard comes first: on SQLite it takes the write lock before anything is read, so a
    // second writer waits and then sees the new version; on PostgreSQL it locks the row.
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
    .execute(&mut *tx)
    .await?;
    if !one_row(&guarded) {
        let actual: Option<i64> = sqlx::query_scalar("SELECT version FROM games WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&mut *tx)
            .await?;
        tx.rollback().await?;
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
        insert_entry(&mut tx, id, v, entry).await?;
    }
    if let Some(end) = &commit.end {
        for result in &end.seats {
            let done = sqlx::query(
                "UPDATE game_seats SET score = $1, rank = $2 WHERE game_id = $3 AND seat = $4",
            )
            .bind(result.score)
            .bind(result.rank)
            .bind(id.as_str())
            .bind(result.seat)
            .execute(&mut *tx)
            .await?;
            if !one_row(&done) {
                tx.rollback().await?;
                return Err(Error::BadWrite {
                    game: id.clone(),
                    why: format!("no seat {} to score", result.seat),
                });
            }
        }
    }
    store.finish(tx).await?;
    Ok(new_version)
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

fn entry_from(row: &AnyRow) -> Result<StoredEntry> {
    let c = Cols::new(row, "game_log");
    Ok(StoredEntry {
        v: c.i64("v")?,
        entry: LogEntry {
            kind: c.word("kind", LogKind::parse)?,
            ply: c.i64("ply")?,
            seat: c.opt_i64("seat")?,
            action: c.opt_text("action")?,
            hidden: c.flag("hidden")?,
            hash: c.i64("hash")?,
            clock_ms: c.opt_i64("clock_ms")?,
            think_ms: c.i64("think_ms")?,
            data_json: c.text("data_json")?,
            created_ms: c.i64("created_ms")?,
        },
    })
}

pub(super) async fn log_after(
    store: &SqlStore,
    id: &GameId,
    after: i64,
) -> Result<Vec<StoredEntry>> {
    let rows = sqlx::query(
        "SELECT v, kind, ply, seat, action, hidden, hash, clock_ms, think_ms, data_json, \
         created_ms FROM game_log WHERE game_id = $1 AND v > $2 ORDER BY v",
    )
    .bind(id.as_str())
    .bind(after)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(entry_from).collect()
}

pub(super) async fn put_snapshot(store: &SqlStore, id: &GameId, snapshot: &Snapshot) -> Result<()> {
    let mut tx = store.begin().await?;
    sqlx::query(
        "INSERT INTO game_snapshots (game_id, ply, position_text, hash) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (game_id, ply) DO NOTHING",
    )
    .bind(id.as_str())
    .bind(snapshot.ply)
    .bind(&snapshot.position_text)
    .bind(snapshot.hash)
    .execute(&mut *tx)
    .await?;
    store.finish(tx).await
}

pub(super) async fn latest_snapshot(
    store: &SqlStore,
    id: &GameId,
    max_ply: i64,
) -> Result<Option<Snapshot>> {
    let row = sqlx::query(
        "SELECT ply, position_text, hash FROM game_snapshots WHERE game_id = $1 AND ply <= $2 \
         ORDER BY ply DESC LIMIT 1",
    )
    .bind(id.as_str())
    .bind(max_ply)
    .fetch_optional(store.pool())
    .await?;
    row.as_ref()
        .map(|row| {
            let c = Cols::new(row, "game_snapshots");
            Ok(Snapshot {
                ply: c.i64("ply")?,
                position_text: c.text("position_text")?,
                hash: c.i64("hash")?,
            })
        })
        .transpose()
}
