//! The muster record of a stored game ([`export`]) and the import of a record as a finished game
//! ([`import`]); the format is `muster_rules::record`'s.
//!
//! **Redaction** (docs/server-design.md §2.8). While the final position still has secrets pending
//! (MuTou's setting-out), a record for a viewer who may not see everything **stops before the first
//! decision hidden from that viewer**, and says so in a [`REDACTED`] header. A placeholder in place
//! of a hidden action is not possible: a record must replay, and a hidden action cannot be replayed
//! without its text. Everything the cut record holds — the actions, the positions they reach and
//! their `Hashes` — follows from what the viewer already knows (a seat keeps its own secret
//! decisions, as it sees them in play), so no hash lets anyone test guesses of a hidden set-out.
//! The cut record's result is `*` and it carries no `Ending`/`Retired` headers. Once no secret is
//! pending (the reveal), everyone gets the full record.
//!
//! **Import** takes records of finished games only: a record whose result is open (`*`, or no
//! result reached by its actions), an aborted game or a redacted record is refused with an error
//! saying so. The log entries it gives follow [`crate::history`]'s conventions.

use muster_rules::record::{Ending, PositionHashes, Record, RecordError, Retirement};
use muster_rules::{Actor, AnyError, AnyGame, GameId, Outcome, Seat, Visibility};
use muster_store::{GameEnd, LogEntry, LogKind, SeatResult, StoredEntry};
use thiserror::Error;

use crate::history::{self, data, EndData, HistoryError, RetireData};

/// The header of a record cut before its first hidden decision.
pub const REDACTED: &str = "Redacted";
/// Actions between two stored position hashes in an exported record.
pub const HASH_EVERY: usize = 16;
/// The AI level that plays on a retired seat of an imported game.
pub const RETIRED_LEVEL: u8 = 3;
/// The longest record text [`import`] reads.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// Who a record is written for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Viewer {
    /// Someone who may see everything (the server itself, an archive).
    Omniscient,
    /// The player of a seat.
    Seat(Seat),
    /// A spectator.
    Spectator,
}

impl Viewer {
    /// The viewer of a seat, or a spectator for `None`.
    pub fn of(seat: Option<Seat>) -> Viewer {
        seat.map_or(Viewer::Spectator, Viewer::Seat)
    }
}

/// Why a record cannot be written or imported. Each message quotes the bad input.
#[derive(Debug, Error)]
pub enum RecordsError {
    /// The stored game cannot be set up (unknown game, variant or start text).
    #[error("the stored game cannot be set up: {0}")]
    Setup(AnyError),
    /// The stored log does not fold.
    #[error(transparent)]
    History(#[from] HistoryError),
    /// A stored decision does not replay.
    #[error("the game's decision {ply} `{action}` does not replay: {error}")]
    Log {
        /// Its ply.
        ply: usize,
        /// The action as stored.
        action: String,
        /// What the rules said.
        error: AnyError,
    },
    /// The record cannot be made from what replayed.
    #[error("the record cannot be written: {0}")]
    Export(AnyError),
    /// A non-standard start holds secrets the viewer may not see.
    #[error("the game's start position holds secrets: its record is shown once they are revealed")]
    SecretStart,
    /// The text is empty.
    #[error("the record is empty")]
    Empty,
    /// The text is too long to be a record.
    #[error("a record of {len} bytes is too long (at most {MAX_RECORD_BYTES})")]
    TooLong {
        /// Its length.
        len: usize,
    },
    /// The text is not a record (its syntax, or no `Game` header).
    #[error("the text is not a record: {error} (it begins `{begins}`)")]
    Invalid {
        /// What is wrong.
        error: AnyError,
        /// The start of its text.
        begins: String,
    },
    /// The record does not replay: a header, an action (named by its number and line), a
    /// stored hash or the stated result is wrong.
    #[error("the record does not replay: {0}")]
    Replay(AnyError),
    /// The record was cut while secrets were pending.
    #[error("the record was redacted ([{REDACTED} \"{0}\"]): only a full record can be imported")]
    Redacted(String),
    /// The record's game is not over.
    #[error(
        "the record is of an unfinished game (result `{result}`): only finished games are imported"
    )]
    Unfinished {
        /// The `Result` header, `*` when there is none.
        result: String,
    },
    /// The record's game was called off.
    #[error("the record is of an aborted game: it has no result to import")]
    Aborted,
}

/// A record read and replayed: what the server stores as a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The rules' game id (`games.game`).
    pub game: String,
    /// The normalised variant text.
    pub variant: String,
    /// The number of seats.
    pub seats: usize,
    /// The rules version the record was made under.
    pub rules_version: String,
    /// The start position's text when the record has a `Start` header.
    pub start_text: Option<String>,
    /// Each seat's player name as the record gives it, by seat.
    pub names: Vec<Option<String>>,
    /// The log, as [`crate::history`] writes it: the decisions (`act`/`chance` with the
    /// position hash after each), the retirements, and the `end`.
    pub entries: Vec<LogEntry>,
    /// The number of decisions.
    pub ply: i64,
    /// The result with the endings.
    pub outcome: Outcome,
    /// The end to store: result, termination and every seat's score and rank.
    pub end: GameEnd,
}

/// The muster record of a stored game for `viewer`: the log folded ([`history::fold`]), the
/// game set up from its variant, seats and start, the decisions that stand replayed and written
/// with the endings (`Ending`, `Retired`), a header per seat naming its player (`names`, by
/// seat; empty names are left out), `Date`/`EndDate` (UTC), the stored `RulesVersion`, the
/// game's `Id` and the position `Hashes` every [`HASH_EVERY`] decisions. Redacted for a viewer
/// who may not see everything while secrets are pending (see the module documentation).
pub fn export(
    game: &muster_store::Game,
    log: &[StoredEntry],
    names: &[String],
    viewer: Viewer,
) -> Result<String, RecordsError> {
    let id = GameId::parse(&game.game).map_err(RecordsError::Setup)?;
    let start = match &game.start_text {
        Some(text) => AnyGame::from_position(id, &game.variant, text),
        None => AnyGame::new(id, &game.variant, Some(game.seats.len())),
    }
    .map_err(RecordsError::Setup)?;
    // A seat the game does not have sees what a spectator sees.
    let viewer = match viewer {
        Viewer::Seat(seat) if seat.index() >= start.seats() => Viewer::Spectator,
        other => other,
    };
    let history = history::fold(log)?;
    let actions = history.actions();
    let mut position = start.clone();
    let mut first_hidden = None;
    let mut hashes = vec![position.position_hash()];
    for (ply, played) in history.played.iter().enumerate() {
        let bad = |error| RecordsError::Log {
            ply,
            action: played.action.clone(),
            error,
        };
        if first_hidden.is_none() && hidden_from(&position, played, viewer).map_err(bad)? {
            first_hidden = Some(ply);
        }
        position.apply(&played.action).map_err(bad)?;
        if (ply + 1) % HASH_EVERY == 0 {
            hashes.push(position.position_hash());
        }
    }
    let cut = first_hidden.filter(|_| position.secrets_pending());
    let extra = headers(game, &start, names);
    let mut record = match cut {
        Some(cut) => {
            if game.start_text.is_some() && start.view(viewer_index(viewer)) != start {
                return Err(RecordsError::SecretStart);
            }
            hashes.truncate(cut / HASH_EVERY + 1);
            let mut record =
                AnyGame::export(&start, &actions[..cut], &extra).map_err(RecordsError::Export)?;
            record.set_header(
                REDACTED,
                format!(
                    "stops before decision {}, hidden from this viewer until the secrets are revealed",
                    cut + 1
                ),
            );
            record
        }
        None => AnyGame::export_ended(&start, &actions, &history.endings, &extra)
            .map_err(RecordsError::Export)?,
    };
    PositionHashes {
        every: HASH_EVERY,
        hashes,
    }
    .write(&mut record);
    Ok(record.to_text())
}

/// Whether `played`, about to be applied to `position`, is hidden from `viewer`: by the rules'
/// visibility, or by the log's `hidden` flag for anyone but the seat that decided.
fn hidden_from(
    position: &AnyGame,
    played: &history::Played,
    viewer: Viewer,
) -> Result<bool, AnyError> {
    let seat = match viewer {
        Viewer::Omniscient => return Ok(false),
        Viewer::Seat(seat) => Some(seat),
        Viewer::Spectator => None,
    };
    let visibility = position.action_visibility(&played.action)?;
    let own = seat.is_some() && played.seat == seat;
    Ok((played.hidden && !own) || !visibility.shows(position.actor(), seat))
}

fn viewer_index(viewer: Viewer) -> Option<usize> {
    match viewer {
        Viewer::Seat(seat) => Some(seat.index()),
        Viewer::Omniscient | Viewer::Spectator => None,
    }
}

/// The header naming a seat's player: the rules' seat name with anything but letters and digits
/// written `_` (as the command line writes it).
fn seat_key(start: &AnyGame, seat: Seat) -> String {
    start
        .seat_name(seat)
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

fn headers(game: &muster_store::Game, start: &AnyGame, names: &[String]) -> Vec<(String, String)> {
    let mut extra: Vec<(String, String)> = (0..start.seats())
        .filter_map(|s| {
            let name = names.get(s).filter(|n| !n.trim().is_empty())?;
            Some((seat_key(start, Seat(s as u8)), name.clone()))
        })
        .collect();
    extra.push((
        "Date".into(),
        date(game.started_ms.unwrap_or(game.created_ms)),
    ));
    if let Some(ended) = game.ended_ms {
        extra.push(("EndDate".into(), date(ended)));
    }
    extra.push(("RulesVersion".into(), game.rules_version.clone()));
    extra.push(("Id".into(), game.id.to_string()));
    extra
}

/// The UTC date of a time in milliseconds since the Unix epoch, as `YYYY-MM-DD`.
pub fn date(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    // Days since 0000-03-01 in the proleptic Gregorian calendar, counted in eras of 400 years.
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// Reads a record and replays it, checking every action ([`AnyGame::replay`]), and gives what
/// the server stores for it as a finished game, its entries stamped `now_ms`. Refuses text that
/// is not a record, a record whose action is unreadable or illegal (the error names it), a
/// redacted record, and records of unfinished or aborted games. Never panics on bad input.
pub fn import(text: &str, now_ms: i64) -> Result<Imported, RecordsError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordsError::TooLong { len: text.len() });
    }
    if text.trim().is_empty() {
        return Err(RecordsError::Empty);
    }
    let invalid = |error: AnyError| RecordsError::Invalid {
        error,
        begins: text
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .chars()
            .take(40)
            .collect(),
    };
    let record = Record::parse(text).map_err(|e| invalid(e.into()))?;
    if record.header("Game").is_none() {
        return Err(invalid(RecordError::MissingHeader("Game").into()));
    }
    if let Some(note) = record.header(REDACTED) {
        return Err(RecordsError::Redacted(note.to_owned()));
    }
    let replay = AnyGame::replay(&record).map_err(RecordsError::Replay)?;
    if replay.endings.ending == Some(Ending::Aborted) {
        return Err(RecordsError::Aborted);
    }
    let Some(outcome) = replay.outcome.clone() else {
        return Err(RecordsError::Unfinished {
            result: record.header("Result").unwrap_or("*").to_owned(),
        });
    };
    let start = &replay.start;
    let seats = start.seats();
    let entries = log_entries(start, &replay.actions, &replay.endings, now_ms)
        .map_err(RecordsError::Replay)?;
    let names = (0..seats)
        .map(|s| {
            record
                .header(&seat_key(start, Seat(s as u8)))
                .map(str::to_owned)
        })
        .collect();
    let end = GameEnd {
        result: outcome.score_text(),
        termination: crate::convert::termination_of_record(replay.endings.ending),
        ended_ms: now_ms,
        seats: (0..seats)
            .map(|s| SeatResult {
                seat: s as i64,
                score: f64::from(outcome.scores.get(s).copied().unwrap_or(0)),
                rank: i64::from(outcome.ranks.get(s).copied().unwrap_or(0)),
            })
            .collect(),
    };
    Ok(Imported {
        game: start.id().id().to_owned(),
        variant: start.variant_text(),
        seats,
        rules_version: record.header("RulesVersion").map_or_else(
            || start.info().rules_version.to_string(),
            |v| v.trim().to_owned(),
        ),
        start_text: record.header("Start").map(|_| start.position_text()),
        names,
        ply: replay.actions.len() as i64,
        entries,
        outcome,
        end,
    })
}

/// The log of a replayed game, as the server writes it: an `act` (or `chance`) per decision,
/// hidden when it was secret, with the position hash after it; a `retire` entry where each seat
/// left; an `end` entry closing it.
fn log_entries(
    start: &AnyGame,
    actions: &[String],
    endings: &muster_rules::record::Endings,
    now_ms: i64,
) -> Result<Vec<LogEntry>, AnyError> {
    let entry = |kind, ply: usize, seat: Option<Seat>, hash: u64| LogEntry {
        kind,
        ply: ply as i64,
        seat: seat.map(|s| i64::from(s.0)),
        action: None,
        hidden: false,
        hash: hash as i64,
        clock_ms: None,
        think_ms: 0,
        data_json: "{}".to_owned(),
        created_ms: now_ms,
    };
    let retire = |r: &Retirement, hash| LogEntry {
        data_json: data(&RetireData {
            retirement: *r,
            level: RETIRED_LEVEL,
        }),
        ..entry(LogKind::Retire, r.after, Some(r.seat), hash)
    };
    let mut game = start.clone();
    let mut entries = Vec::with_capacity(actions.len() + endings.retired.len() + 1);
    for (ply, action) in actions.iter().enumerate() {
        for r in endings.retired.iter().filter(|r| r.after == ply) {
            entries.push(retire(r, game.position_hash()));
        }
        let actor = game.actor();
        let hidden = game.action_visibility(action)? == Visibility::Actor;
        game.apply(action)?;
        let (kind, seat) = match actor {
            Actor::Seat(seat) => (LogKind::Act, Some(seat)),
            Actor::Chance | Actor::Over => (LogKind::Chance, None),
        };
        entries.push(LogEntry {
            action: Some(action.clone()),
            hidden,
            ..entry(kind, ply, seat, game.position_hash())
        });
    }
    for r in endings.retired.iter().filter(|r| r.after >= actions.len()) {
        entries.push(retire(r, game.position_hash()));
    }
    let left = match endings.ending {
        Some(Ending::Forfeit { seat, .. }) => Some(seat),
        _ => None,
    };
    entries.push(LogEntry {
        data_json: data(&EndData {
            ending: endings.ending,
        }),
        ..entry(LogKind::End, actions.len(), left, game.position_hash())
    });
    Ok(entries)
}
