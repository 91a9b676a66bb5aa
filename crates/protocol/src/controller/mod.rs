//! The controller side of the protocol: an outside engine run as a child process.
//!
//! [`ExternalEngine::start`] starts the program, runs the handshake and sets the options;
//! [`ExternalEngine::new_game`] and [`ExternalEngine::decide`] play; [`ExternalEngine::quit`]
//! ends it (dropping it kills it). Every failure is an [`EngineFailure`] that reads as a
//! sentence. The session and the engine's standard error go to a log (see [`process`] for its
//! marks). The CLI's `arena`, `play` and `bot` use it; docs/engine-protocol.md §7.

mod command;
mod process;
mod timing;

use std::path::PathBuf;
use std::time::Duration;

use muster_rules::{Actor, AnyGame};

use self::process::{Log, Process};
pub use self::timing::{grace, Deadline};
use self::timing::{limit_words, seconds, AFTER_STOP};

/// A command line that starts an engine: a program and its arguments, read from one string with
/// shell-like quoting (`python3 "my bot.py" --fast`), and variables added to the environment it
/// inherits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Environment variables set for it (name, value), on top of the controller's own; not
    /// part of the command line written back by [`EngineCommand::display`].
    pub env: Vec<(String, String)>,
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
    /// It did not answer in time: its answer was not read within `limit + grace` of the
    /// command being written (see [`Deadline`]).
    #[error("late, no answer in {} (limit {})", seconds(*took), limit_words(*limit, *grace))]
    Late {
        /// The limit.
        limit: Duration,
        /// The grace allowed past it ([`grace`] for a `go`, none for other commands).
        grace: Duration,
        /// How long it was waited for, from the command being written.
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

impl Default for EngineConfig {
    /// No log, [`DEFAULT_ANSWER_TIMEOUT`], no options.
    fn default() -> EngineConfig {
        EngineConfig {
            log: None,
            answer_timeout: DEFAULT_ANSWER_TIMEOUT,
            options: Vec::new(),
        }
    }
}

/// How long the handshake and commands other than `go` may take by default.
pub const DEFAULT_ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long `quit` waits for the process to end before killing it.
const QUIT_WAIT: Duration = Duration::from_secs(1);

/// A running outside engine. Dropping it kills the process (and reaps it).
#[derive(Debug)]
pub struct ExternalEngine {
    process: Process,
    identity: Identity,
    /// The seat counts of each game line that names them (`seats <min>-<max>`).
    seats: Vec<(String, usize, usize)>,
    answer_timeout: Duration,
}

/// The answer to one command: its data lines (without `info` lines).
struct Answer {
    lines: Vec<String>,
}

impl ExternalEngine {
    /// Starts the engine and runs the handshake (it must speak protocol
    /// [`crate::PROTOCOL_VERSION`]) and the options; an option the engine refuses is logged,
    /// not failed.
    pub fn start(
        command: &EngineCommand,
        config: &EngineConfig,
    ) -> Result<ExternalEngine, EngineFailure> {
        let log = Log::open(config.log.as_deref()).map_err(|source| EngineFailure::Start {
            command: format!(
                "{} (its log {})",
                command.display(),
                config
                    .log
                    .as_deref()
                    .unwrap_or(std::path::Path::new(""))
                    .display()
            ),
            source,
        })?;
        let process = Process::spawn(command, log)?;
        let mut engine = ExternalEngine {
            process,
            identity: Identity::default(),
            seats: Vec::new(),
            answer_timeout: config.answer_timeout,
        };
        engine.handshake()?;
        for (name, value) in &config.options {
            let line = format!("setoption {name} {value}");
            match engine.command(&line) {
                Ok(_) => {}
                Err(EngineFailure::Refused { message, .. }) => {
                    engine.note(&format!("option `{name}` refused ({message}); going on"));
                }
                Err(e) => return Err(engine.failed(e)),
            }
        }
        Ok(engine)
    }

    /// What the engine said of itself.
    pub fn identity(&self) -> &Identity {
        &self.identity
    }

    /// The engine's process id, while it runs.
    pub fn process_id(&self) -> Option<u32> {
        self.process.id()
    }

    /// Writes a note (`#`) into the engine's log: a forfeit, a game's number.
    pub fn note(&self, text: &str) {
        self.process.log.line('#', text);
    }

    /// `newgame` for `start`'s game, variant and seats. A game the engine did not name in its
    /// handshake is refused here, without asking it.
    pub fn new_game(&mut self, start: &AnyGame) -> Result<(), EngineFailure> {
        let id = start.id().id();
        if !self.identity.games.iter().any(|g| g == id) {
            return Err(self.failed(EngineFailure::Protocol(format!(
                "the engine does not play `{id}` (its games: {})",
                self.identity.games.join(", ")
            ))));
        }
        let seats = start.seats();
        let named = self.seats.iter().find(|(g, _, _)| g == id);
        if let Some((_, min, max)) = named.filter(|(_, min, max)| !(*min..=*max).contains(&seats)) {
            return Err(self.failed(EngineFailure::Protocol(format!(
                "the engine plays `{id}` with {min} to {max} seats, not {seats}"
            ))));
        }
        let variant = start.variant_text();
        let mut line = format!("newgame {id}");
        if !variant.trim().is_empty() {
            line.push(' ');
            line.push_str(variant.trim());
        }
        line.push_str(&format!(" seats {}", start.seats()));
        self.command(&line).map(drop).map_err(|e| self.failed(e))
    }

    /// Asks for a decision in `game` as `seat` sees it (the moves from `start` when nothing in
    /// them is hidden from the seat, else the seat's view as a position text), with `limits`;
    /// the answer is checked legal.
    ///
    /// The engine has a limit and a [`grace`], measured from the moment `go` is written to the
    /// moment the `bestmove` is read (a [`Deadline`]): the `movetime`, else the mover's time
    /// left on the `clock`, each with the grace; else the answer timeout, without one. An answer
    /// read later is `Late` (and `stop` is sent).
    pub fn decide(
        &mut self,
        start: &AnyGame,
        moves: &[String],
        game: &AnyGame,
        limits: &GoLimits,
    ) -> Result<Decision, EngineFailure> {
        let seat = match game.actor() {
            Actor::Seat(seat) => usize::from(seat.0),
            other => {
                return Err(EngineFailure::Protocol(format!(
                    "no seat is to decide (the actor is {other:?})"
                )))
            }
        };
        let position = position_command(start, moves, game, seat);
        self.command(&position).map_err(|e| self.failed(e))?;
        let go = go_command(limits);
        let (limit, grace) = go_limit(limits, seat, self.answer_timeout);
        self.process.drain().map_err(|e| self.failed(e))?;
        let sent = self.process.send(&go).map_err(|e| self.failed(e))?;
        let deadline = Deadline::new(sent, limit, grace);
        let mut info = None;
        let (action, took) = loop {
            let (line, read) = match self.process.next_line(deadline.wait_until()) {
                Ok(Some(answer)) => answer,
                Ok(None) => return Err(self.late(deadline.expired())),
                Err(e) => return Err(self.failed(e)),
            };
            // Any line read after the deadline means no `bestmove` was read before it.
            let took = match deadline.judge(read) {
                Ok(took) => took,
                Err(late) => return Err(self.late(late)),
            };
            let (word, rest) = split_word(&line);
            match word {
                "bestmove" => break (rest.trim().to_owned(), took),
                "error" => {
                    return Err(self.failed(EngineFailure::Refused {
                        command: go,
                        message: rest.trim().to_owned(),
                    }))
                }
                "info" if !rest.trim_start().starts_with("string") => info = Some(line),
                _ => {}
            }
        };
        let action = check_action(game, &action).map_err(|e| self.failed(e))?;
        Ok(Decision { action, took, info })
    }

    /// Sends `quit` and waits briefly for the process to end, then kills it.
    pub fn quit(mut self) {
        self.process.quit(QUIT_WAIT);
    }

    /// The handshake: `muster`, then the engine's lines up to `ok`.
    fn handshake(&mut self) -> Result<(), EngineFailure> {
        let answer = self.command("muster").map_err(|e| self.failed(e))?;
        let mut protocol = None;
        for line in &answer.lines {
            let (word, rest) = split_word(line);
            let rest = rest.trim();
            match word {
                "id" => {
                    let (field, value) = split_word(rest);
                    let value = value.trim().to_owned();
                    match field {
                        "name" => self.identity.name = value,
                        "version" => self.identity.version = value,
                        "author" => self.identity.author = value,
                        _ => {}
                    }
                }
                "protocol" => {
                    protocol = Some(rest.parse::<u32>().map_err(|_| {
                        self.failed(EngineFailure::Protocol(format!(
                            "`{line}`: the protocol version is not a number"
                        )))
                    })?);
                }
                "game" => {
                    let (game, more) = split_word(rest);
                    if !game.is_empty() {
                        self.identity.games.push(game.to_owned());
                    }
                    if let Some((min, max)) = seat_range(more) {
                        self.seats.push((game.to_owned(), min, max));
                    }
                }
                _ => {}
            }
        }
        match protocol {
            Some(version) if version == crate::PROTOCOL_VERSION => {
                self.identity.protocol = version;
                Ok(())
            }
            Some(version) => Err(self.failed(EngineFailure::Protocol(format!(
                "the engine speaks protocol {version}; this controller speaks {}",
                crate::PROTOCOL_VERSION
            )))),
            None => Err(self.failed(EngineFailure::Protocol(
                "the handshake has no `protocol` line".to_owned(),
            ))),
        }
    }

    /// Sends a command other than `go` and reads its answer up to `ok`; `error` is `Refused`,
    /// another final line a protocol violation, no final line within the answer timeout `Late`.
    fn command(&mut self, line: &str) -> Result<Answer, EngineFailure> {
        self.process.drain()?;
        let sent = self.process.send(line)?;
        let deadline = Deadline::new(sent, self.answer_timeout, Duration::ZERO);
        let mut lines = Vec::new();
        loop {
            let Some((answer, read)) = self.process.next_line(deadline.wait_until())? else {
                return Err(deadline.expired());
            };
            deadline.judge(read)?;
            let (word, rest) = split_word(&answer);
            match word {
                "ok" => return Ok(Answer { lines }),
                "error" => {
                    return Err(EngineFailure::Refused {
                        command: abbreviate(line),
                        message: rest.trim().to_owned(),
                    })
                }
                "bestmove" | "readyok" => {
                    return Err(EngineFailure::Protocol(format!(
                        "`{answer}` in answer to `{line}`"
                    )))
                }
                "info" => {}
                _ => lines.push(answer),
            }
        }
    }

    /// A late `go`: `stop`, a short wait for its `bestmove`, and the failure.
    fn late(&mut self, failure: EngineFailure) -> EngineFailure {
        if let Ok(sent) = self.process.send("stop") {
            while let Ok(Some((line, _))) = self.process.next_line(sent + AFTER_STOP) {
                if line.starts_with("bestmove") {
                    break;
                }
            }
        }
        self.failed(failure)
    }

    /// Notes a failure in the log and returns it.
    fn failed(&self, failure: EngineFailure) -> EngineFailure {
        self.note(&format!("failure: {failure}"));
        failure
    }
}

/// The `position` command for `seat` deciding in `game`: the moves from the default start
/// (`startpos`) or from `start`'s text; the seat's view alone while secrets are pending (§4).
fn position_command(start: &AnyGame, moves: &[String], game: &AnyGame, seat: usize) -> String {
    if game.secrets_pending() {
        return format!("position text {}", game.view(Some(seat)).position_text());
    }
    let default = AnyGame::new(start.id(), &start.variant_text(), Some(start.seats()))
        .map(|g| g.position_text());
    let mut line = if default.as_deref() == Ok(start.position_text().as_str()) {
        "position startpos".to_owned()
    } else {
        format!("position text {}", start.position_text())
    };
    if !moves.is_empty() {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// The limit and the grace of a `go` with `limits` for `seat`: the `movetime`, else the seat's
/// time left on the `clock`, each with its [`grace`]; else `answer_timeout`, without one.
fn go_limit(limits: &GoLimits, seat: usize, answer_timeout: Duration) -> (Duration, Duration) {
    let clock = limits
        .clock
        .as_ref()
        .and_then(|(times, _)| times.get(seat).copied());
    match limits.movetime.or(clock) {
        Some(limit) => (limit, grace(limit)),
        None => (answer_timeout, Duration::ZERO),
    }
}

/// The `go` command for `limits`.
fn go_command(limits: &GoLimits) -> String {
    let mut line = "go".to_owned();
    if let Some(level) = limits.level {
        line.push_str(&format!(" level {level}"));
    }
    if let Some(movetime) = limits.movetime {
        line.push_str(&format!(" movetime {}", movetime.as_millis()));
    }
    if let Some((times, inc)) = &limits.clock {
        line.push_str(" clock");
        for t in times {
            line.push_str(&format!(" {}", t.as_millis()));
        }
        line.push_str(&format!(" inc {}", inc.as_millis()));
    }
    line
}

/// Checks an engine's action: it must read as an action of the game and be legal here (one of
/// the legal actions, or the rules' resignation where they have one); returns its canonical
/// text.
fn check_action(game: &AnyGame, action: &str) -> Result<String, EngineFailure> {
    let illegal = |reason: String| EngineFailure::Illegal {
        action: action.to_owned(),
        reason,
    };
    if action.is_empty() {
        return Err(illegal("`bestmove` names no action".to_owned()));
    }
    let canonical = game
        .normalize_action(action)
        .map_err(|e| illegal(e.to_string()))?;
    // The rules' resignation (Mur's set) is legal though not listed (`AnyGame::resignation`).
    let resigns = game.resignation().as_deref() == Some(canonical.as_str());
    if !resigns && !game.legal_actions().contains(&canonical) {
        return Err(illegal("it is not among the legal actions here".to_owned()));
    }
    Ok(canonical)
}

/// The seat range of a `game` line's rest (`seats 2-4 variants …`; `seats 2` is 2 to 2), if
/// it names one.
fn seat_range(rest: &str) -> Option<(usize, usize)> {
    let mut words = rest.split_whitespace();
    words.find(|w| *w == "seats")?;
    let range = words.next()?;
    let (min, max) = range.split_once('-').unwrap_or((range, range));
    Some((min.parse().ok()?, max.parse().ok()?))
}

/// A command as quoted in a failure: at most 120 characters (a `position` may list a whole
/// game), the rest written `…`; the log keeps it whole.
fn abbreviate(command: &str) -> String {
    match command.char_indices().nth(120) {
        Some((at, _)) => format!("{}…", &command[..at]),
        None => command.to_owned(),
    }
}

/// The first word of a line and the rest.
fn split_word(line: &str) -> (&str, &str) {
    let line = line.trim_start();
    match line.find([' ', '\t']) {
        Some(i) => (&line[..i], &line[i..]),
        None => (line, ""),
    }
}

#[cfg(test)]
mod tests;
