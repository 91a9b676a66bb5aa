//! Games, seats, the log and snapshots.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use super::SqlStore;
use crate::error::{Error, Result};
use crate::ids::{ChallengeId, GameId};
use crate::kinds::{ClockKind, GameStatus, LogKind, SeatKind, TakebackPolicy, Termination};
use crate::model::{Game, GameAndLog, LogEntry, NewGame, Seat, Snapshot, StoredEntry};
use crate::row::{flag, Cols};

pub(super) async fn create_game(store: &SqlStore, game: &NewGame) -> Result<()> {
    check_seats(game)?;
    let mut tx = store.begin().await?;
    insert_game(&mut tx, game, game.challenge_id.as_ref()).await?;
    store.finish(tx).await
}

/// Refuses seats not numbered `0..n` in order.
pub(super) fn check_seats(game: &NewGame) -> Result<()> {
    for (index, seat) in game.seats.iter().enumerate() {
        if usize::try_from(seat.seat).ok() != Some(index) {
            return Err(Error::BadWrite {
                game: game.id.clone(),
                why: format!("seat number {} listed at index {index}", seat.seat),
            });
        }
    }
    Ok(())
}

/// Inserts the game row (from `challenge`, if any) and its seats (already checked).
pub(super) async fn insert_game(
    tx: &mut Transaction<'static, Any>,
    game: &NewGame,
    challenge: Option<&ChallengeId>,
) -> Result<()> {
    let seats = i64::try_from(game.seats.len()).unwrap_or(i64::MAX);
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
    .bind(challenge.map(ChallengeId::as_str))
    .bind(game.created_ms)
    .execute(&mut **tx)
    .await?;
    for seat in &game.seats {
        insert_seat(tx, &game.id, seat).await?;
    }
    Ok(())
}

async fn insert_seat(tx: &mut Transaction<'static, Any>, game: &GameId, seat: &Seat) -> Result<()> {
    sqlx::query(
        "INSERT INTO game_seats (game_id, seat, kind, user_id, ai_level, ai_seed, joined_ms, \
         retired_ply, retired_why, score, rank, rating_before, rating_after, rd_before, \
         rd_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
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
    .bind(seat.rating_before)
    .bind(seat.rating_after)
    .bind(seat.rd_before)
    .bind(seat.rd_after)
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
        rating_before: c.opt_f64("rating_before")?,
        rating_after: c.opt_f64("rating_after")?,
        rd_before: c.opt_f64("rd_before")?,
        rd_after: c.opt_f64("rd_after")?,
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
        termination: c.opt_word("termination", Termination::parse)?,
        challenge_id: c.opt_challenge_id("challenge_id")?,
        created_ms: c.i64("created_ms")?,
        started_ms: c.opt_i64("started_ms")?,
        ended_ms: c.opt_i64("ended_ms")?,
        updated_ms: c.i64("updated_ms")?,
        seats,
    })
}

pub(super) async fn load_game(store: &SqlStore, id: &GameId) -> Result<Option<Game>> {
    let games = select_games(store, "id = $1", &[id.as_str()], "", 1).await?;
    Ok(games.into_iter().next())
}

/// The columns of `games` that [`game_from`] reads.
const GAME_COLUMNS: &str = "id, game, variant, rules_version, status, start_text, chance_seed, \
     ply, version, clock_kind, base_ms, inc_ms, corr_ms, clock_json, deadline_ms, rated, \
     takeback, result, termination, challenge_id, created_ms, started_ms, ended_ms, updated_ms";

/// The columns of `game_seats` that [`seat_from`] reads.
const SEAT_COLUMNS: &str = "seat, kind, user_id, ai_level, ai_seed, joined_ms, retired_ply, \
     retired_why, score, rank, rating_before, rating_after, rd_before, rd_after";

/// The most games one list returns (their ids are bound one by one to read their seats).
const MAX_GAMES: u32 = 500;

/// `$from, $from+1, …` for `count` values.
pub(super) fn placeholders(from: usize, count: usize) -> String {
    (from..from + count)
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The games matching `filter` (SQL over `games` with the placeholders `$1 ..` for `args`),
/// ordered by `order` (an `ORDER BY` clause or nothing), at most `limit` (and at most
/// [`MAX_GAMES`]), each with its seats.
/// One read transaction, so the rows and their seats are one snapshot.
pub(super) async fn select_games(
    store: &SqlStore,
    filter: &str,
    args: &[&str],
    order: &str,
    limit: u32,
) -> Result<Vec<Game>> {
    let mut tx = store.begin_read().await?;
    let games = select_games_in(&mut tx, filter, args, order, limit).await?;
    tx.rollback().await?;
    Ok(games)
}

/// [`select_games`] inside an open (read) transaction.
async fn select_games_in(
    tx: &mut Transaction<'static, Any>,
    filter: &str,
    args: &[&str],
    order: &str,
    limit: u32,
) -> Result<Vec<Game>> {
    let limit = limit.min(MAX_GAMES);
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {filter} {order} LIMIT {limit}");
    let mut query = sqlx::query(&sql);
    for arg in args {
        query = query.bind(*arg);
    }
    let rows = query.fetch_all(&mut **tx).await?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids = rows
        .iter()
        .map(|row| Cols::new(row, "games").game_id("id"))
        .collect::<Result<Vec<_>>>()?;
    let sql = format!(
        "SELECT game_id, {SEAT_COLUMNS} FROM game_seats WHERE game_id IN ({}) \
         ORDER BY game_id, seat",
        placeholders(1, ids.len())
    );
    let mut query = sqlx::query(&sql);
    for id in &ids {
        query = query.bind(id.as_str());
    }
    let seat_rows = query.fetch_all(&mut **tx).await?;
    let mut seats: HashMap<GameId, Vec<Seat>> = HashMap::new();
    for row in &seat_rows {
        let game = Cols::new(row, "game_seats").game_id("game_id")?;
        seats.entry(game).or_default().push(seat_from(row)?);
    }
    rows.iter()
        .zip(ids)
        .map(|(row, id)| game_from(row, seats.remove(&id).unwrap_or_default()))
        .collect()
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

/// The log of a game after `after`, in order, by `executor` (the pool, or a transaction).
async fn read_log<'e, E>(executor: E, id: &GameId, after: i64) -> Result<Vec<StoredEntry>>
where
    E: sqlx::Executor<'e, Database = Any>,
{
    let rows = sqlx::query(
        "SELECT v, kind, ply, seat, action, hidden, hash, clock_ms, think_ms, data_json, \
         created_ms FROM game_log WHERE game_id = $1 AND v > $2 ORDER BY v",
    )
    .bind(id.as_str())
    .bind(after)
    .fetch_all(executor)
    .await?;
    rows.iter().map(entry_from).collect()
}

pub(super) async fn log_after(
    store: &SqlStore,
    id: &GameId,
    after: i64,
) -> Result<Vec<StoredEntry>> {
    read_log(store.pool(), id, after).await
}

/// The game row, its seats and its whole log, read in one snapshot (see
/// `SqlStore::begin_read`): a commit lands wholly before it or wholly after it.
pub(super) async fn load_game_and_log(store: &SqlStore, id: &GameId) -> Result<Option<GameAndLog>> {
    let mut tx = store.begin_read().await?;
    let game = select_games_in(&mut tx, "id = $1", &[id.as_str()], "", 1)
        .await?
        .into_iter()
        .next();
    let loaded = match game {
        Some(game) => Some(GameAndLog {
            log: read_log(&mut *tx, id, 0).await?,
            game,
        }),
        None => None,
    };
    tx.rollback().await?;
    Ok(loaded)
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
