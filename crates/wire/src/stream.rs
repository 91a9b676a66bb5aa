//! The event stream of one user, `GET /api/stream` (newline-delimited JSON): what a bot (or any
//! client) needs to know to take part without polling — challenges that await the user and
//! games where the user holds a seat. The same events reach the user's WebSockets as `notify`
//! frames.

use muster_rules::Seat;
use serde::{Deserialize, Serialize};

use crate::http::{ChallengeInfo, ChallengeStatus};
use crate::ids::{ChallengeId, MatchId};
use crate::server::Termination;

/// One line of the stream: `{"kind": "<kind>", …}`. An empty line is a keep-alive.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum StreamEvent {
    /// A challenge that names the user and awaits them (its seat not yet taken).
    Challenge {
        /// The challenge as the lobby shows it.
        challenge: ChallengeInfo,
    },
    /// A challenge announced by `challenge` (or one the user created) no longer awaits
    /// anybody: declined, withdrawn, expired or started (`g` then names its game).
    ChallengeGone {
        /// The challenge.
        id: ChallengeId,
        /// What became of it.
        status: ChallengeStatus,
        /// The game, when it started.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        g: Option<MatchId>,
    },
    /// A game where the user holds a seat started (or, in the snapshot, is running).
    GameStart {
        /// The game.
        g: MatchId,
        /// The kind of game (`murus-gallicus`, `mur`, `mu`, `mutou`).
        game: String,
        /// The variant text.
        variant: String,
        /// The user's seats (several in a hot-seat game).
        #[cfg_attr(feature = "ts", ts(as = "Vec<u8>"))]
        seats: Vec<Seat>,
    },
    /// A game where the user held a seat ended.
    GameEnd {
        /// The game.
        g: MatchId,
        /// The score text (`1-0`, `½-½`), absent for an aborted game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        result: Option<String>,
        /// How it ended.
        termination: Termination,
    },
    /// The snapshot is complete: every line from here on is live.
    Synced,
    /// The credentials the stream was opened with were ended (a logout, a revoked bot token,
    /// a password change): this is the stream's last line. Do not reconnect with them.
    SignedOut {
        /// Why, in words.
        reason: String,
    },
}

impl StreamEvent {
    /// The event as one line of JSON, without its newline.
    pub fn to_line(&self) -> String {
        crate::encode(self)
    }

    /// Reads one line of the stream; `Ok(None)` for a keep-alive (empty) line.
    pub fn from_line(line: &str) -> Result<Option<StreamEvent>, serde_json::Error> {
        let line = line.trim();
        if line.is_empty() {
            return Ok(None);
        }
        serde_json::from_str(line).map(Some)
    }
}
