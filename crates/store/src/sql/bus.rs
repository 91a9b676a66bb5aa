//! The site's bus: PostgreSQL's `LISTEN`/`NOTIFY` (docs/server-design.md §2.10). A note is
//! delivered to every listener of its channel after the transaction that sent it commits, never
//! for one rolled back, and in the order of the commits. Notes are short names of what changed
//! (a game and a version), never the data itself: a listener reads that from the store.
//!
//! A listener whose connection dropped misses what was sent meanwhile; it hears [`Heard::Lost`]
//! once it is connected again and must read the store afresh. SQLite has no bus: a site on a
//! SQLite file is one node.

use std::sync::Arc;

use async_trait::async_trait;
use sqlx::postgres::PgListener;
use sqlx::Row;

use super::{Backend, SqlStore};
use crate::error::{Error, Result};

/// The site's bus as the server uses it: short notes on channels, and longer bodies posted to
/// one node (kept in the `relays` table, taken by that node in order, each note naming the
/// last id it announces). Only a store on
/// PostgreSQL has one ([`SqlStore::bus`]).
#[async_trait]
pub trait Bus: Send + Sync + std::fmt::Debug {
    /// A listener on `channels`.
    async fn listen(&self, channels: &[&str]) -> Result<Listener>;
    /// Sends `payload` (at most [`MAX_NOTE_BYTES`]) on `channel` to every listener.
    async fn notify(&self, channel: &str, payload: &str) -> Result<()>;
    /// Stores `bodies`, in order, for `node`, and sends on `channel` (the node's own) a note
    /// whose payload is the last body's id in decimal, when they are committed: one
    /// transaction, so the note never comes before them.
    async fn post(&self, node: &str, channel: &str, bodies: &[String], now_ms: i64) -> Result<()>;
    /// Takes (deletes and returns) the bodies posted to `node` whose id is at most `up_to`
    /// (every one with `None`), oldest first. A note's id bounds what it announced: bodies
    /// committed since wait for their own note, behind whatever their sender sent meanwhile.
    async fn collect(&self, node: &str, up_to: Option<i64>) -> Result<Vec<String>>;
    /// Deletes the bodies posted before `before_ms` that nobody took; returns how many.
    async fn forget_posts(&self, before_ms: i64) -> Result<u64>;
    /// Notes that `node` is alive at `now_ms` (and forgets the nodes not heard of for a day).
    async fn heartbeat(&self, node: &str, now_ms: i64) -> Result<()>;
    /// The nodes heard of at or after `since_ms`, by name.
    async fn nodes_seen(&self, since_ms: i64) -> Result<Vec<String>>;
}

/// The longest payload PostgreSQL delivers, in bytes (its limit is 8,000).
pub const MAX_NOTE_BYTES: usize = 7_999;

/// What a listener heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A note on one of its channels.
    Note {
        /// The channel.
        channel: String,
        /// The payload.
        payload: String,
    },
    /// The connection dropped and is back: notes sent meanwhile were lost.
    Lost,
}

/// A listener on some channels of the site's bus.
#[derive(Debug)]
pub struct Listener {
    inner: PgListener,
}

impl Listener {
    /// The next note, or [`Heard::Lost`] after the connection was lost and made again.
    pub async fn next(&mut self) -> Result<Heard> {
        match self.inner.try_recv().await? {
            Some(note) => Ok(Heard::Note {
                channel: note.channel().to_owned(),
                payload: note.payload().to_owned(),
            }),
            None => Ok(Heard::Lost),
        }
    }
}

/// Whether `channel` is a name the bus takes: 1 to 63 ASCII letters, digits and `_`.
fn good_channel(channel: &str) -> bool {
    (1..=63).contains(&channel.len())
        && channel
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn check(channel: &str, payload: &str) -> Result<()> {
    if !good_channel(channel) {
        return Err(Error::BadNote(format!(
            "channel {channel:?}: expected 1 to 63 ASCII letters, digits and underscores"
        )));
    }
    if payload.len() > MAX_NOTE_BYTES {
        return Err(Error::BadNote(format!(
            "a payload of {} bytes on {channel:?}: at most {MAX_NOTE_BYTES}",
            payload.len()
        )));
    }
    Ok(())
}

impl SqlStore {
    /// The site's bus: `Some` on PostgreSQL, `None` on SQLite (a site on one file is one
    /// node).
    pub fn bus(&self) -> Option<Arc<dyn Bus>> {
        (self.backend == Backend::Postgres).then(|| Arc::new(self.clone()) as Arc<dyn Bus>)
    }

    /// A listener on `channels`; `None` on SQLite, which has no bus.
    pub async fn listen(&self, channels: &[&str]) -> Result<Option<Listener>> {
        if self.backend != Backend::Postgres {
            return Ok(None);
        }
        for channel in channels {
            check(channel, "")?;
        }
        let url = self.url.as_deref().unwrap_or_default();
        let mut inner = PgListener::connect(url).await?;
        inner.listen_all(channels.iter().copied()).await?;
        Ok(Some(Listener { inner }))
    }

    /// Sends `payload` on `channel`, delivered at once to every listener (nothing on SQLite).
    pub async fn notify(&self, channel: &str, payload: &str) -> Result<()> {
        check(channel, payload)?;
        if self.backend != Backend::Postgres {
            return Ok(());
        }
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(channel)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

#[async_trait]
impl Bus for SqlStore {
    async fn listen(&self, channels: &[&str]) -> Result<Listener> {
        SqlStore::listen(self, channels).await?.ok_or_else(|| {
            Error::BadNote("this database has no bus: a site on SQLite is one node".to_owned())
        })
    }

    async fn notify(&self, channel: &str, payload: &str) -> Result<()> {
        SqlStore::notify(self, channel, payload).await
    }

    async fn post(&self, node: &str, channel: &str, bodies: &[String], now_ms: i64) -> Result<()> {
        check(channel, "")?;
        if bodies.is_empty() {
            return Ok(());
        }
        let mut tx = self.begin().await?;
        let mut last = 0i64;
        for body in bodies {
            let row = sqlx::query(
                "INSERT INTO relays (node, body, sent_ms) VALUES ($1, $2, $3) RETURNING id",
            )
            .bind(node)
            .bind(body.as_str())
            .bind(now_ms)
            .fetch_one(&mut *tx)
            .await?;
            last = row.try_get("id")?;
        }
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(channel)
                .bind(last.to_string())
                .execute(&mut *tx)
                .await?;
        }
        self.finish(tx).await
    }

    async fn collect(&self, node: &str, up_to: Option<i64>) -> Result<Vec<String>> {
        let mut tx = self.begin().await?;
        let rows =
            sqlx::query("DELETE FROM relays WHERE node = $1 AND id <= $2 RETURNING id, body")
                .bind(node)
                .bind(up_to.unwrap_or(i64::MAX))
                .fetch_all(&mut *tx)
                .await?;
        self.finish(tx).await?;
        let mut bodies = Vec::with_capacity(rows.len());
        for row in &rows {
            let id: i64 = row.try_get("id")?;
            let body: String = row.try_get("body")?;
            bodies.push((id, body));
        }
        bodies.sort_by_key(|(id, _)| *id);
        Ok(bodies.into_iter().map(|(_, body)| body).collect())
    }

    async fn heartbeat(&self, node: &str, now_ms: i64) -> Result<()> {
        let mut tx = self.begin().await?;
        sqlx::query(
            "INSERT INTO site_nodes (node, seen_ms) VALUES ($1, $2) \
             ON CONFLICT (node) DO UPDATE SET seen_ms = excluded.seen_ms",
        )
        .bind(node)
        .bind(now_ms)
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM site_nodes WHERE seen_ms < $1")
            .bind(now_ms.saturating_sub(86_400_000))
            .execute(&mut *tx)
            .await?;
        self.finish(tx).await
    }

    async fn nodes_seen(&self, since_ms: i64) -> Result<Vec<String>> {
        let rows = sqlx::query("SELECT node FROM site_nodes WHERE seen_ms >= $1 ORDER BY node")
            .bind(since_ms)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| row.try_get::<String, _>("node").map_err(Into::into))
            .collect()
    }

    async fn forget_posts(&self, before_ms: i64) -> Result<u64> {
        let mut tx = self.begin().await?;
        let done = sqlx::query("DELETE FROM relays WHERE sent_ms < $1")
            .bind(before_ms)
            .execute(&mut *tx)
            .await?;
        self.finish(tx).await?;
        Ok(done.rows_affected())
    }
}
