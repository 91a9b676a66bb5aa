//! Lenient replay: how far a record still replays under this build's rules, for records made
//! under an older rules version (a server re-checks its stored games after a rules fix).
//!
//! Where [`replay`](super::replay) fails at the first problem, [`replay_lenient`] reports the
//! first **divergence** and what replayed before it: an action that no longer reads or is no
//! longer legal, a position whose hash differs from the one the record stored (`Hashes`,
//! [`PositionHashes`]), or a result that no longer agrees. A record without stored hashes is
//! compared on its actions and result only. Records of a *newer* rules version than this build's
//! are refused, as are headers that cannot be read at all.

use std::fmt;

use super::ending::EndingError;
use super::hashes::PositionHashes;
use super::replay::{endings_of, hashes_of, rules_version_of, setup_of};
use super::{Record, RecordError};
use crate::error::{IllegalAction, ParseError};
use crate::game::{Actor, Game, NoEvents};

/// Where a lenient replay left the record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Divergence {
    /// The start position's hash is not the stored one (the set-up changed).
    Start {
        /// The stored hash.
        expected: u64,
        /// This build's.
        found: u64,
    },
    /// After action `number`, the position's hash is not the stored one.
    Hash {
        /// The action's number, from 1.
        number: usize,
        /// Its line.
        line: usize,
        /// The action as written.
        action: String,
        /// The stored hash.
        expected: u64,
        /// This build's.
        found: u64,
    },
    /// Action `number` no longer reads.
    Unreadable {
        /// The action's number, from 1.
        number: usize,
        /// Its line.
        line: usize,
        /// The syntax error (it quotes the action).
        error: ParseError,
    },
    /// Action `number` is no longer legal.
    Illegal {
        /// The action's number, from 1.
        number: usize,
        /// Its line.
        line: usize,
        /// The rules error (it quotes the action).
        error: IllegalAction,
    },
    /// The endings outside the rules no longer fit (the rules now end the game earlier).
    Ending(EndingError),
    /// Every action replays, but the game ends otherwise than the record says.
    Result {
        /// The record's `Result`.
        stated: String,
        /// This build's, in words.
        actual: String,
    },
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Divergence::Start { expected, found } => write!(
                f,
                "the start position hashes to {found:016x}, not {expected:016x}"
            ),
            Divergence::Hash {
                number,
                line,
                action,
                expected,
                found,
            } => write!(
                f,
                "after action {number} `{action}` (line {line}) the position hashes to {found:016x}, not {expected:016x}"
            ),
            Divergence::Unreadable {
                number,
                line,
                error,
            } => write!(f, "action {number} (line {line}): {error}"),
            Divergence::Illegal {
                number,
                line,
                error,
            } => write!(f, "action {number} (line {line}): {error}"),
            Divergence::Ending(error) => write!(f, "the record's ending no longer fits: {error}"),
            Divergence::Result { stated, actual } => write!(
                f,
                "the record says the result is `{stated}`, but the game now {actual}"
            ),
        }
    }
}

/// What a lenient replay found.
#[derive(Clone, Debug)]
pub struct Lenient<G: Game> {
    /// The rules version the record was made under.
    pub rules_version: u32,
    /// The start position.
    pub start: G,
    /// The actions replayed: all of them, or those before the divergence (including the action
    /// after which a hash differs).
    pub actions: Vec<G::Action>,
    /// The position after those actions.
    pub end: G,
    /// How many stored hashes were compared and agreed.
    pub hashes_checked: usize,
    /// The first divergence, or `None` when the record replays exactly as it was made.
    pub divergence: Option<Divergence>,
}

/// Replays a record as far as it still goes under this build's rules (see the module
/// documentation). `Err` only for a record this build cannot start at all: another game, a newer
/// rules version, headers that do not read (including a bad `Hashes` header).
pub fn replay_lenient<G: Game>(record: &Record) -> Result<Lenient<G>, RecordError> {
    let rules_version = rules_version_of::<G>(record)?;
    if rules_version > G::INFO.rules_version {
        return Err(RecordError::RulesVersion {
            game: G::INFO.id,
            found: rules_version,
            supported: G::INFO.rules_version,
        });
    }
    let start: G = setup_of(record)?;
    let endings = endings_of(record, start.seats())?;
    let stored = hashes_of(record)?;
    let mut lenient = Lenient {
        rules_version,
        start: start.clone(),
        actions: Vec::with_capacity(record.actions.len()),
        end: start,
        hashes_checked: 0,
        divergence: None,
    };
    lenient.divergence = lenient.walk(record, stored.as_ref(), &endings);
    Ok(lenient)
}

impl<G: Game> Lenient<G> {
    /// Replays until the first divergence, which it returns.
    fn walk(
        &mut self,
        record: &Record,
        stored: Option<&PositionHashes>,
        endings: &super::Endings,
    ) -> Option<Divergence> {
        if let Some(expected) = stored.and_then(|h| h.after(0)) {
            let found = self.end.position_hash();
            if found != expected {
                return Some(Divergence::Start { expected, found });
            }
            self.hashes_checked += 1;
        }
        for (index, (text, line)) in record.actions.iter().enumerate() {
            let (number, line) = (index + 1, *line);
            let action = match self.end.parse_action(text) {
                Ok(action) => action,
                Err(error) => {
                    return Some(Divergence::Unreadable {
                        number,
                        line,
                        error,
                    })
                }
            };
            if let Err(error) = self.end.apply(action, &mut NoEvents) {
                return Some(Divergence::Illegal {
                    number,
                    line,
                    error,
                });
            }
            self.actions.push(action);
            if let Some(expected) = stored.and_then(|h| h.after(number)) {
                let found = self.end.position_hash();
                if found != expected {
                    return Some(Divergence::Hash {
                        number,
                        line,
                        action: text.clone(),
                        expected,
                        found,
                    });
                }
                self.hashes_checked += 1;
            }
        }
        let rules = match self.end.actor() {
            Actor::Over => self.end.outcome(),
            _ => None,
        };
        if let Err((_, error)) = endings.check_against(rules.as_ref(), self.actions.len()) {
            return Some(Divergence::Ending(error));
        }
        let outcome = endings.outcome(rules, self.end.seats());
        let stated = record.header("Result")?;
        let (expected, actual) = match &outcome {
            Some(outcome) => (outcome.score_text(), format!("ends {outcome}")),
            None => ("*".to_owned(), "is not over".to_owned()),
        };
        (stated.trim() != expected).then(|| Divergence::Result {
            stated: stated.to_owned(),
            actual,
        })
    }
}
