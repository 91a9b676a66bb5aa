//! Replaying a record: the headers checked, every action read and applied, the result compared.
//!
//! [`replay`] checks every action; [`replay_trusted`] is the door for a server's own log.

use super::ending::{self, Endings};
use super::hashes::{PositionHashes, HASHES};
use super::{Record, RecordError};
use crate::error::IllegalAction;
use crate::game::{Actor, Game, NoEvents, Outcome};
use crate::variant::Variant;

/// A record that has been replayed: the start, the actions, the final position, and the result.
#[derive(Clone, Debug)]
pub struct Replay<G: Game> {
    /// The position the record starts from.
    pub start: G,
    /// Every action, in order.
    pub actions: Vec<G::Action>,
    /// The position after the last action.
    pub end: G,
    /// The endings outside the rules the record states (`Ending`, `Retired`).
    pub endings: Endings,
    /// The result: the rules' outcome with the endings applied ([`Endings::outcome`]); `None`
    /// for an unfinished or aborted game.
    pub outcome: Option<Outcome>,
}

/// Replays a record of game `G`, checking the headers, every action, the stored hashes
/// (`Hashes`, when the record has them) and the result.
pub fn replay<G: Game>(record: &Record) -> Result<Replay<G>, RecordError> {
    replay_through(record, Door::Checked)
}

/// Replays a record the server wrote itself: like [`replay`], but each action is read and then
/// played with [`Game::play`], without regenerating the legal actions (MuTou's checks cost up
/// to a millisecond a decision).
///
/// It refuses, as [`replay`] does, every header [`replay`] refuses, an action text that does not
/// read, an action after the rules ended the game, and a stated result the replayed game does
/// not reach. It does **not** check that an action is legal where it stands: an illegal action
/// leaves the game in a state the rules never reach (or may panic inside the game's code). Use
/// it only on records made by [`export`](super::export) from actions that were checked when
/// they were played, and compare the positions with stored hashes
/// ([`PositionHashes`](super::PositionHashes)) where the log may have been damaged.
pub fn replay_trusted<G: Game>(record: &Record) -> Result<Replay<G>, RecordError> {
    replay_through(record, Door::Trusted)
}

/// How actions enter the game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Door {
    /// [`Game::apply`].
    Checked,
    /// [`Game::play`] after the cheap refusals.
    Trusted,
}

fn replay_through<G: Game>(record: &Record, door: Door) -> Result<Replay<G>, RecordError> {
    let start = start_of::<G>(record)?;
    let endings = endings_of(record, start.seats())?;
    let stored = hashes_of(record)?;
    let check_hash = |game: &G, number: usize| match stored.as_ref().and_then(|h| h.after(number)) {
        Some(expected) if game.position_hash() != expected => Err(RecordError::HashMismatch {
            number,
            expected,
            found: game.position_hash(),
        }),
        _ => Ok(()),
    };
    check_hash(&start, 0)?;
    let mut game = start.clone();
    let mut actions = Vec::with_capacity(record.actions.len());
    for (index, (text, line)) in record.actions.iter().enumerate() {
        let (number, line) = (index + 1, *line);
        let action = game
            .parse_action(text)
            .map_err(|error| RecordError::Unreadable {
                number,
                line,
                error,
            })?;
        let applied = match door {
            Door::Checked => game.apply(action, &mut NoEvents),
            Door::Trusted => play_trusted(&mut game, action),
        };
        applied.map_err(|error| RecordError::Illegal {
            number,
            line,
            error,
        })?;
        check_hash(&game, number)?;
        actions.push(action);
    }
    let outcome = finish(record, &endings, &game, actions.len())?;
    Ok(Replay {
        start,
        actions,
        end: game,
        endings,
        outcome,
    })
}

/// Plays a parsed action without checking its legality, after refusing what costs nothing to
/// refuse: any action once the game is over.
pub(crate) fn play_trusted<G: Game>(game: &mut G, action: G::Action) -> Result<(), IllegalAction> {
    if game.actor() == Actor::Over {
        return Err(IllegalAction::new(
            game.action_text(action),
            "the game is over",
        ));
    }
    game.play(action, &mut NoEvents);
    Ok(())
}

/// The stored hashes of a record (`Hashes`), if it has them.
pub fn hashes_of(record: &Record) -> Result<Option<PositionHashes>, RecordError> {
    record
        .header(HASHES)
        .map(|text| {
            PositionHashes::parse(text).map_err(|e| RecordError::BadHeader {
                key: HASHES.to_owned(),
                value: text.to_owned(),
                reason: e.to_string(),
            })
        })
        .transpose()
}

/// The `Ending` and `Retired` headers of a record of a game of `seats` seats.
pub fn endings_of(record: &Record, seats: usize) -> Result<Endings, RecordError> {
    Endings::from_record(record, seats).map_err(|e| header_error(record, e))
}

pub(super) fn header_error(record: &Record, (key, error): ending::HeaderError) -> RecordError {
    RecordError::Ending {
        key,
        value: record.header(key).unwrap_or_default().to_owned(),
        error,
    }
}

/// Checks the endings against the replayed game and the stated result against the outcome with
/// the endings, which it returns.
pub(super) fn finish<G: Game>(
    record: &Record,
    endings: &Endings,
    game: &G,
    actions: usize,
) -> Result<Option<Outcome>, RecordError> {
    let rules = match game.actor() {
        Actor::Over => game.outcome(),
        _ => None,
    };
    endings
        .check_against(rules.as_ref(), actions)
        .map_err(|e| header_error(record, e))?;
    let outcome = endings.outcome(rules, game.seats());
    check_result(record, outcome.as_ref())?;
    Ok(outcome)
}

pub(super) fn start_of<G: Game>(record: &Record) -> Result<G, RecordError> {
    let found = rules_version_of::<G>(record)?;
    if found != G::INFO.rules_version {
        return Err(RecordError::RulesVersion {
            game: G::INFO.id,
            found,
            supported: G::INFO.rules_version,
        });
    }
    setup_of(record)
}

/// The record's `Game` checked against `G`, and its rules version (absent: the current one).
pub(super) fn rules_version_of<G: Game>(record: &Record) -> Result<u32, RecordError> {
    let info = G::INFO;
    let game_id = record
        .header("Game")
        .ok_or(RecordError::MissingHeader("Game"))?;
    if game_id != info.id {
        return Err(RecordError::WrongGame {
            expected: info.id,
            found: game_id.to_owned(),
        });
    }
    match record.header("RulesVersion") {
        Some(text) => text
            .trim()
            .parse()
            .map_err(|_| bad_header("RulesVersion", text, "not a number")),
        None => Ok(info.rules_version),
    }
}

/// The start position the headers describe (variant, seats, start).
pub(super) fn setup_of<G: Game>(record: &Record) -> Result<G, RecordError> {
    let info = G::INFO;
    let variant = G::Variant::parse_text(record.header("Variant").unwrap_or(""))?;
    let seats = match record.header("Seats") {
        Some(text) => text
            .trim()
            .parse()
            .map_err(|_| bad_header("Seats", text, "not a number"))?,
        None => info.default_seats,
    };
    let start = match record.header("Start") {
        Some(position) => G::from_position(&variant, position)?,
        None => G::new(&variant, seats)?,
    };
    if start.seats() != seats {
        let reason = format!("the start position has {} seats", start.seats());
        return Err(bad_header("Seats", &seats.to_string(), &reason));
    }
    Ok(start)
}

fn bad_header(key: &str, value: &str, reason: &str) -> RecordError {
    RecordError::BadHeader {
        key: key.to_owned(),
        value: value.to_owned(),
        reason: reason.to_owned(),
    }
}

/// Compares the stated `Result` with the outcome (with endings): `*` when there is none.
fn check_result(record: &Record, outcome: Option<&Outcome>) -> Result<(), RecordError> {
    let Some(stated) = record.header("Result") else {
        return Ok(());
    };
    let (expected, actual) = match outcome {
        Some(outcome) => (outcome.score_text(), format!("ended {outcome}")),
        None => ("*".to_owned(), "is not over".to_owned()),
    };
    if stated.trim() == expected {
        Ok(())
    } else {
        Err(RecordError::ResultMismatch {
            stated: stated.to_owned(),
            actual,
        })
    }
}
