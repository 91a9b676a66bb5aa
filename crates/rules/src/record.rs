//! Game records: a header block, then the actions in the game's notation.
//!
//! ```text
//! [Game "murus-gallicus"]
//! [Variant "basic"]
//! [Seats "2"]
//! [RulesVersion "1"]
//! [Light "Ann"]
//! [Dark "random"]
//! [Result "1-0"]
//! [Termination "breakthrough at c7"]
//!
//! 1. d1-d3
//! 2. e7-e5
//! ```
//!
//! * A header is `[Key "Value"]` on its own line; inside the value, `\"` and `\\` escape a quote
//!   and a backslash. `Game` is required. `Variant` (default: the default preset), `Seats`
//!   (default: the game's default), `RulesVersion` (default: the current one), `Start` (a
//!   position text; default: the standard start), `Result` (the scores joined by dashes, or `*`
//!   for an unfinished game), `Ending` and `Retired` ([`ending`]) and `Hashes` ([`hashes`]) have
//!   meanings; any other header is kept as it is.
//! * After the headers come the actions, separated by white space. Tokens such as `12.` (turn
//!   numbers) are ignored, as are comments in braces `{…}` and from `;` to the end of a line.
//!   Export writes one turn ([`Game::turn`]: all the decisions of one seat's go) per numbered
//!   line.
//! * Import replays every action, checking each one, and reports the first that cannot be read or
//!   is illegal by its number (counted from 1) and line. When the record states a result, the
//!   replayed game must end with that result: the rules' outcome, overridden by the `Ending`
//!   and `Retired` headers when the players or the clock ended the game or a seat left it
//!   ([`ending`]). `Termination` is prose for people and never read. Stored hashes, when given,
//!   must agree with every replayed position.
//! * [`replay_trusted`] is the door for a server's own log (actions read, not checked);
//!   [`replay_lenient`] reports how far a record of an older rules version still replays.

use std::fmt::Write as _;

use thiserror::Error;

use crate::error::{IllegalAction, ParseError, PositionError, SetupError, VariantError};
use crate::game::Game;
use crate::variant::Variant;

pub mod ending;
pub mod hashes;
pub mod lenient;
pub(crate) mod replay;

pub use ending::{Departure, Ending, EndingError, Endings, Retirement};
pub use hashes::PositionHashes;
pub use lenient::{replay_lenient, Divergence, Lenient};
pub use replay::{endings_of, hashes_of, replay, replay_trusted, Replay};

/// A record as text: headers in their order, and the action tokens with their line numbers.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Record {
    /// The headers, in order.
    pub headers: Vec<(String, String)>,
    /// The action tokens, each with the line (from 1) it was read on.
    pub actions: Vec<(String, usize)>,
}

/// Why a record cannot be read or replayed.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum RecordError {
    /// The text is not a record.
    #[error("line {line}: {reason}")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A header the record needs is missing.
    #[error("the record has no [{0} \"…\"] header")]
    MissingHeader(&'static str),
    /// The record is of another game.
    #[error("the record is of game `{found}`, not `{expected}`")]
    WrongGame {
        /// The game replaying it.
        expected: &'static str,
        /// The game the record names.
        found: String,
    },
    /// A header value cannot be used.
    #[error("header [{key} \"{value}\"]: {reason}")]
    BadHeader {
        /// The header's key.
        key: String,
        /// Its value.
        value: String,
        /// What is wrong.
        reason: String,
    },
    /// The record was made under rules this build does not have.
    #[error("the record was made under rules version {found} of {game}; this build plays version {supported}")]
    RulesVersion {
        /// The game.
        game: &'static str,
        /// The version in the record.
        found: u32,
        /// The version this build plays.
        supported: u32,
    },
    /// An `Ending` or `Retired` header cannot be used.
    #[error("header [{key} \"{value}\"]: {error}")]
    Ending {
        /// The header's key.
        key: &'static str,
        /// Its value.
        value: String,
        /// What is wrong.
        error: EndingError,
    },
    /// The variant header does not name a variant.
    #[error("header [Variant]: {0}")]
    Variant(#[from] VariantError),
    /// The game cannot be set up as the headers ask.
    #[error("the game cannot be set up: {0}")]
    Setup(#[from] SetupError),
    /// The start position cannot be read.
    #[error("header [Start]: {0}")]
    Start(#[from] PositionError),
    /// An action cannot be read.
    #[error("action {number} (line {line}): {error}")]
    Unreadable {
        /// The action's number, from 1.
        number: usize,
        /// Its line.
        line: usize,
        /// The syntax error.
        error: ParseError,
    },
    /// An action is not legal where it stands.
    #[error("action {number} (line {line}): {error}")]
    Illegal {
        /// The action's number, from 1.
        number: usize,
        /// Its line.
        line: usize,
        /// The rules error.
        error: IllegalAction,
    },
    /// A stored position hash (`Hashes`) differs from the replayed position's.
    #[error("after {number} actions the position hashes to {found:016x}, but the record stored {expected:016x}")]
    HashMismatch {
        /// The number of actions played (0: the start).
        number: usize,
        /// The stored hash.
        expected: u64,
        /// The replayed position's.
        found: u64,
    },
    /// The record's result differs from the replayed game's.
    #[error("the record says the result is `{stated}`, but the replayed game {actual}")]
    ResultMismatch {
        /// The `Result` header.
        stated: String,
        /// What replaying gave, in words.
        actual: String,
    },
}

impl Record {
    /// The value of the first header named `key`.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a header, replacing an existing one of the same key or adding it at the end.
    pub fn set_header(&mut self, key: &str, value: impl Into<String>) {
        let value = value.into();
        match self.headers.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.headers.push((key.to_owned(), value)),
        }
    }

    /// Reads a record's text (syntax only; [`replay`] checks the rules).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::default();
        let mut in_headers = true;
        let mut in_comment = false;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let trimmed = raw.trim();
            if in_headers && !in_comment && trimmed.starts_with('[') {
                record.headers.push(parse_header(trimmed, line)?);
                continue;
            }
            if !trimmed.is_empty() {
                in_headers = false;
            }
            in_comment = read_action_line(raw, line, in_comment, &mut record.actions)?;
        }
        if in_comment {
            return Err(RecordError::Syntax {
                line: text.lines().count(),
                reason: "a comment opened with `{` is never closed".into(),
            });
        }
        Ok(record)
    }

    /// The record as text, in the format of the module documentation.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (key, value) in &self.headers {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{key} \"{escaped}\"]");
        }
        out.push('\n');
        let mut last_line = None;
        let mut turn = 0;
        for (action, line) in &self.actions {
            if last_line != Some(*line) {
                if last_line.is_some() {
                    out.push('\n');
                }
                turn += 1;
                let _ = write!(out, "{turn}.");
                last_line = Some(*line);
            }
            out.push(' ');
            out.push_str(action);
        }
        if last_line.is_some() {
            out.push('\n');
        }
        out
    }
}

fn parse_header(line_text: &str, line: usize) -> Result<(String, String), RecordError> {
    let syntax = |reason: &str| RecordError::Syntax {
        line,
        reason: reason.to_owned(),
    };
    let inner = line_text
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| syntax("a header must look like [Key \"value\"]"))?;
    let (key, rest) = inner
        .split_once(' ')
        .ok_or_else(|| syntax("a header needs a quoted value"))?;
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(syntax(&format!(
            "`{key}` is not a header name (letters, digits, _)"
        )));
    }
    let quoted = rest.trim();
    let body = quoted
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or_else(|| syntax(&format!("the value of [{key}] must be in double quotes")))?;
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(escaped @ ('"' | '\\')) => value.push(escaped),
                _ => return Err(syntax("only \\\" and \\\\ may follow a backslash")),
            },
            '"' => return Err(syntax("a quote inside a header value must be written \\\"")),
            other => value.push(other),
        }
    }
    Ok((key.to_owned(), value))
}

/// Reads the action tokens of one line, skipping turn numbers and comments. Returns whether a
/// brace comment is still open at the end of the line.
fn read_action_line(
    raw: &str,
    line: usize,
    mut in_comment: bool,
    out: &mut Vec<(String, usize)>,
) -> Result<bool, RecordError> {
    let mut token = String::new();
    let mut flush = |token: &mut String| {
        if !token.is_empty() && !is_turn_number(token) {
            out.push((std::mem::take(token), line));
        }
        token.clear();
    };
    for c in raw.chars() {
        match (in_comment, c) {
            (true, '}') => in_comment = false,
            (true, _) => {}
            (false, '{') => {
                flush(&mut token);
                in_comment = true;
            }
            (false, '}') => {
                return Err(RecordError::Syntax {
                    line,
                    reason: "`}` closes no comment".into(),
                })
            }
            (false, ';') => break,
            (false, c) if c.is_whitespace() => flush(&mut token),
            (false, c) => token.push(c),
        }
    }
    flush(&mut token);
    Ok(in_comment)
}

fn is_turn_number(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    token.ends_with('.') && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Makes a record of a game: the standard headers, then `extra` headers (player names, date),
/// then the result if the game is over, then the actions.
pub fn export<G: Game>(start: &G, actions: &[G::Action], extra: &[(String, String)]) -> Record {
    let mut record = Record::default();
    record.set_header("Game", G::INFO.id);
    record.set_header("Variant", start.variant().text());
    record.set_header("Seats", start.seats().to_string());
    record.set_header("RulesVersion", G::INFO.rules_version.to_string());
    let standard = G::new(start.variant(), start.seats()).ok();
    if standard.as_ref() != Some(start) {
        record.set_header("Start", start.position_text());
    }
    for (key, value) in extra {
        record.set_header(key, value.clone());
    }
    let mut game = start.clone();
    let mut line = 0;
    let mut last_turn = None;
    for &action in actions {
        // One line per turn (`Game::turn`), call windows and the like inside it included.
        let turn = game.turn();
        if last_turn != Some(turn) {
            line += 1;
            last_turn = Some(turn);
        }
        record.actions.push((game.action_text(action), line));
        game.apply_unchecked(action);
    }
    match game.outcome() {
        Some(outcome) => {
            record.set_header("Result", outcome.score_text());
            record.set_header("Termination", outcome.reason);
        }
        None => record.set_header("Result", "*"),
    }
    record
}

/// Makes a record of a game that ended, or that seats left, outside the rules: [`export`], then
/// the `Ending` and `Retired` headers, and the `Result` and `Termination` of the outcome with
/// the endings ([`Endings::outcome`]). Fails when the endings do not fit the game (a seat out of
/// range, a retirement past the last action, an ending after the rules ended the game).
pub fn export_ended<G: Game>(
    start: &G,
    actions: &[G::Action],
    endings: &Endings,
    extra: &[(String, String)],
) -> Result<Record, RecordError> {
    let mut record = export(start, actions, extra);
    let mut game = start.clone();
    for &action in actions {
        game.apply_unchecked(action);
    }
    let header_error = |(key, error): ending::HeaderError| {
        let mut headers = Record::default();
        endings.write(&mut headers);
        let value = headers.header(key).unwrap_or_default().to_owned();
        RecordError::Ending { key, value, error }
    };
    endings.check(start.seats()).map_err(header_error)?;
    endings
        .check_against(game.outcome().as_ref(), actions.len())
        .map_err(header_error)?;
    if endings.is_empty() {
        return Ok(record);
    }
    endings.write(&mut record);
    match endings.outcome(game.outcome(), game.seats()) {
        Some(outcome) => {
            record.set_header("Result", outcome.score_text());
            record.set_header("Termination", outcome.reason);
        }
        None => {
            record.set_header("Result", "*");
            if let Some(ending) = endings.ending {
                record.set_header("Termination", ending.to_string());
            }
        }
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_actions_are_read_with_their_lines() {
        let text = "[Game \"murus-gallicus\"]\n[Note \"a \\\"quoted\\\" word\"]\n\n1. d1-d3 {a comment\nover lines} e7-e5 ; rest ignored\n2. a1-a3\n";
        let record = Record::parse(text).expect("a valid record");
        assert_eq!(record.header("Game"), Some("murus-gallicus"));
        assert_eq!(record.header("Note"), Some("a \"quoted\" word"));
        let tokens: Vec<(&str, usize)> = record
            .actions
            .iter()
            .map(|(t, l)| (t.as_str(), *l))
            .collect();
        assert_eq!(tokens, vec![("d1-d3", 4), ("e7-e5", 5), ("a1-a3", 6)]);
    }

    #[test]
    fn a_header_without_quotes_is_a_syntax_error_naming_the_line() {
        let err = Record::parse("[Game \"mur\"]\n[Seats 2]\n").expect_err("unquoted value");
        assert_eq!(
            err.to_string(),
            "line 2: the value of [Seats] must be in double quotes"
        );
    }

    #[test]
    fn an_unclosed_comment_is_refused() {
        let err =
            Record::parse("[Game \"mur\"]\n\n1. *a1 {never closed\n").expect_err("open comment");
        assert!(err.to_string().contains("never closed"), "{err}");
    }

    #[test]
    fn text_round_trips() {
        let mut record = Record::default();
        record.set_header("Game", "murus-gallicus");
        record.set_header("Event", "back\\slash \"and\" quotes");
        record.actions = vec![
            ("d1-d3".into(), 1),
            ("e7-e5".into(), 2),
            ("a1-a3".into(), 3),
        ];
        let again = Record::parse(&record.to_text()).expect("own output reads back");
        assert_eq!(again.headers, record.headers);
        let tokens: Vec<&str> = again.actions.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(tokens, ["d1-d3", "e7-e5", "a1-a3"]);
    }
}
