//! The controller side of the protocol: an outside engine run as a child process.
//!
//! (Being built: the public names below are the contract the CLI's `arena`, `play` and `bot`
//! use; see docs/engine-protocol.md §7.)

use std::path::PathBuf;
use std::time::Duration;

use muster_rules::AnyGame;

/// A command line that starts an engine: a program and its arguments, read from one string with
/// shell-like quoting (`python3 "my bot.py" --fast`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
}

/// How to run an engine.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Where to write the session (commands, answers) and the engine's standard error; `None`
    /// keeps no log.
    pub log: Option<PathBuf>,
    /// How long the handshake and every command other than `go` may take.
    pub answer_timeout: Duration,
    /// Options set after the handshake (`setoption <name> <value>`); an engine that does not
    /// know one is not failed for it.
    pub options: Vec<(String, String)>,
}

/// What the engine said of itself in the handshake.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identity {
    /// `id name`.
    pub name: String,
    /// `id version`.
    pub version: String,
    /// `id author`.
    pub author: String,
    /// `protocol`.
    pub protocol: u32,
    /// The game ids of its `game` lines.
    pub games: Vec<String>,
}

/// The limits of one `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoLimits {
    /// `go movetime`: the engine should answer within this; the controller enforces it.
    pub movetime: Option<Duration>,
    /// `go clock … inc …`: the time left of every seat and the increment.
    pub clock: Option<(Vec<Duration>, Duration)>,
    /// `go level`.
    pub level: Option<u8>,
}

/// An engine's decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The action, checked legal and written in its canonical text.
    pub action: String,
    /// How long the engine took.
    pub took: Duration,
    /// The last `info` line before `bestmove`, if any.
    pub info: Option<String>,
}

/// Why an engine failed. Each reads as a sentence for reports.
#[derive(Debug, thiserror::Error)]
pub enum EngineFailure {
    /// The program could not be started.
    #[error("cannot start `{command}`: {source}")]
    Start {
        /// The command line.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine exited or closed its output.
    #[error("the engine crashed ({status}){stderr}")]
    Crashed {
        /// Its exit status, in words.
        status: String,
        /// The last lines of its standard error, if any, starting with `: `.
        stderr: String,
    },
    /// It did not answer in time.
    #[error("late: no answer after {took:?} (limit {limit:?})")]
    Late {
        /// The limit.
        limit: Duration,
        /// How long it was waited for.
        took: Duration,
    },
    /// It answered an action that is not legal.
    #[error("illegal move `{action}`: {reason}")]
    Illegal {
        /// The action as sent.
        action: String,
        /// The rules' refusal.
        reason: String,
    },
    /// It refused a command with `error`.
    #[error("the engine refused `{command}`: {message}")]
    Refused {
        /// The command.
        command: String,
        /// Its error message.
        message: String,
    },
    /// It broke the protocol (an answer that is not one, a wrong protocol version, a game it
    /// does not play).
    #[error("protocol violation: {0}")]
    Protocol(String),
}

/// A running outside engine.
#[derive(Debug)]
pub struct ExternalEngine {
    _private: (),
}

impl EngineCommand {
    /// Reads a command line with shell-like quoting; the error names what is wrong.
    pub fn parse(text: &str) -> Result<EngineCommand, String> {
        let _ = text;
        unimplemented!()
    }
}

impl ExternalEngine {
    /// Starts the engine and runs the handshake and the options.
    pub fn start(command: &EngineCommand, config: &EngineConfig) -> Result<ExternalEngine, EngineFailure> {
        let _ = (command, config);
        unimplemented!()
    }

    /// What the engine said of itself.
    pub fn identity(&self) -> &Identity {
        unimplemented!()
    }

    /// `newgame` for `start`'s game, variant and seats.
    pub fn new_game(&mut self, start: &AnyGame) -> Result<(), EngineFailure> {
        let _ = start;
        unimplemented!()
    }

    /// Asks for a decision in `game` as `seat` sees it (the moves from `start` when nothing in
    /// them is hidden from the seat, else the seat's view as a position text), with `limits`;
    /// the answer is checked legal. A late answer is `Late` (after `stop` is sent).
    pub fn decide(
        &mut self,
        start: &AnyGame,
        moves: &[String],
        game: &AnyGame,
        limits: &GoLimits,
    ) -> Result<Decision, EngineFailure> {
        let _ = (start, moves, game, limits);
        unimplemented!()
    }

    /// Sends `quit` and waits briefly for the process to end, then kills it.
    pub fn quit(self) {
        unimplemented!()
    }
}
