//! The errors of the rules crate. Each message quotes the input it refuses.

use thiserror::Error;

/// Text that is not well-formed notation (a syntax error, whatever the position).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("cannot read `{text}`: {reason}")]
pub struct ParseError {
    /// The text that was refused.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl ParseError {
    /// A syntax error about `text`.
    pub fn new(text: impl Into<String>, reason: impl Into<String>) -> Self {
        ParseError {
            text: text.into(),
            reason: reason.into(),
        }
    }
}

/// A well-formed action that the rules do not allow here (a rules error).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("illegal action `{action}`: {reason}")]
pub struct IllegalAction {
    /// The action, in notation.
    pub action: String,
    /// Which rule forbids it.
    pub reason: String,
}

impl IllegalAction {
    /// A rules error about `action`.
    pub fn new(action: impl Into<String>, reason: impl Into<String>) -> Self {
        IllegalAction {
            action: action.into(),
            reason: reason.into(),
        }
    }
}

/// A position text that cannot be read, or describes no position the variant allows.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("bad position text: {reason} (at `{token}`)")]
pub struct PositionError {
    /// The token where reading stopped.
    pub token: String,
    /// What is wrong.
    pub reason: String,
}

impl PositionError {
    /// A position error at `token`.
    pub fn new(token: impl Into<String>, reason: impl Into<String>) -> Self {
        PositionError {
            token: token.into(),
            reason: reason.into(),
        }
    }
}

/// A game that cannot be set up as asked.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum SetupError {
    /// The seat count is outside the game's range.
    #[error("{game} is played by {}, not {asked}", seat_range(*min, *max))]
    Seats {
        /// The game id.
        game: &'static str,
        /// The fewest seats allowed.
        min: usize,
        /// The most seats allowed.
        max: usize,
        /// What was asked for.
        asked: usize,
    },
    /// The variant's options do not fit together.
    #[error("the variant cannot be played: {0}")]
    Variant(String),
}

/// A variant option or preset that does not exist, or a value it does not take.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum VariantError {
    /// No preset has this name.
    #[error("no preset named `{name}` (presets: {known})")]
    UnknownPreset {
        /// The name asked for.
        name: String,
        /// The presets that exist, comma-separated.
        known: String,
    },
    /// No option has this key.
    #[error("no option named `{key}` (options: {known})")]
    UnknownOption {
        /// The key asked for.
        key: String,
        /// The options that exist, comma-separated.
        known: String,
    },
    /// The option exists but does not take this value.
    #[error("option `{key}` does not take `{value}` (it takes {expected})")]
    BadValue {
        /// The option's key.
        key: String,
        /// The value refused.
        value: String,
        /// What it takes.
        expected: String,
    },
    /// A token that is neither a preset name nor `key=value`.
    #[error("cannot read variant token `{0}`: expected a preset name or key=value")]
    BadToken(String),
}

fn seat_range(min: usize, max: usize) -> String {
    if min == max {
        format!("exactly {min} seats")
    } else {
        format!("{min} to {max} seats")
    }
}
