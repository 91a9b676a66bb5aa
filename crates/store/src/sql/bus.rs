//! The site's bus: PostgreSQL's `LISTEN`/`NOTIFY` (docs/server-design.md §3.1). A note is
//! delivered to every listener of its channel after the transaction that sent it commits, never
//! for one rolled back, and in the order of the commits. Notes are short names of what changed
//! (a game and a version), never the data itself: a listener reads that from the store.
//!
//! A listener whose connection dropped misses what was sent meanwhile; it hears [`Heard::Lost`]
//! once it is connected again and must read the store afresh. SQLite has no bus: a site on a
//! SQLite file is one node.

use sqlx::postgres::PgListener;

use super::{Backend, SqlStore};
use crate::error::{Error, Result};

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
