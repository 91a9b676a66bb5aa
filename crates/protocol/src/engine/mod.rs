//! The engine side of the protocol: what `muster engine` runs (docs/engine-protocol.md §1–§4).
//!
//! - [`command`]: one line read into a typed [`Command`] (syntax errors, quoting the bad token);
//! - `session`: the options, the game, the position and the AI engines (legality errors);
//! - `think`: `go`'s limits turned into a search plan, and `info` lines;
//! - `search`: a running `go` on a thread of its own, which writes its own answer;
//! - this module: the loop. It reads the commands on the caller's thread, one at a time, and
//!   answers them in order: while a search runs it answers `isready` and refuses what is busy,
//!   and `stop` waits for the search's `bestmove` before the next command is read. Every answer
//!   goes through one shared writer, each line whole and flushed.

pub mod command;
mod output;
mod search;
mod session;
mod think;

use std::io::{self, BufRead, Write};

use muster_rules::{Actor, GameId};

pub use command::{Command, CommandError, EngineOption, GoParams, Start};
pub use session::Settings;

use crate::lines::{Line, LineReader};
use crate::{MAX_LINE, PROTOCOL_VERSION};
use output::Output;
use search::{Job, Returned, Search};
use session::{one_line, Session};

/// Serves the protocol with the default [`Settings`]: reads commands from `input` until `quit`
/// or its end, writes answers to `output`. See [`run_with`].
pub fn run<R, W>(input: R, output: W) -> io::Result<()>
where
    R: BufRead,
    W: Write + Send + 'static,
{
    run_with(Settings::default(), input, output)
}

/// Serves the protocol starting from `settings` (the options' defaults, as the handshake
/// announces them): reads commands from `input` on the caller's thread until `quit` or the end
/// of `input`, and writes the answers to `output`.
///
/// Answers come in the order of the commands. A search runs on a thread of its own, so that
/// `stop`, `isready` and `quit` are read while it runs; after `stop`, the next command is read
/// only once the search's `bestmove` is written. At the end of `input` a running search is
/// stopped and answered; at `quit` it is stopped without an answer. Either way its thread is
/// joined before this returns: no thread of the session outlives it.
///
/// The errors are those of writing `output` (a reading error ends the session like the end of
/// `input`).
pub fn run_with<R, W>(settings: Settings, input: R, output: W) -> io::Result<()>
where
    R: BufRead,
    W: Write + Send + 'static,
{
    let out = Output::new(output);
    let mut engine = Loop {
        session: Session::new(settings),
        defaults: settings,
        search: None,
        out: out.clone(),
    };
    let mut reader = LineReader::new(input);
    loop {
        let go_on = match reader.next_line() {
            Ok(Line::End) | Err(_) => {
                engine.end_search(Search::stop);
                false
            }
            Ok(line) => engine.line(line),
        };
        if let Some(error) = out.take_error() {
            engine.end_search(Search::silence);
            return Err(error);
        }
        if !go_on {
            engine.end_search(Search::silence);
            return Ok(());
        }
    }
}

/// The loop's state.
struct Loop {
    session: Session,
    defaults: Settings,
    /// The running `go`, if any; its engine is lent out of the session.
    search: Option<Search>,
    out: Output,
}

impl Loop {
    fn error(&self, message: &str) {
        self.out.line(&format!("error {}", one_line(message)));
    }

    /// One line read; `false` when the session is over (`quit`).
    fn line(&mut self, line: Line) -> bool {
        // A search that ended by itself answers first: what follows is answered as if none ran.
        if self.search.as_ref().is_some_and(Search::over) {
            self.end_search(Search::join);
        }
        let text = match line {
            Line::Text(text) => text,
            Line::TooLong { len } => {
                self.error(&format!(
                    "`<a line of {len} bytes>`: longer than the limit of {MAX_LINE} bytes"
                ));
                return true;
            }
            Line::NotUtf8 { at } => {
                self.error(&format!(
                    "`<bytes>`: the line is not UTF-8 text (byte {at})"
                ));
                return true;
            }
            Line::End => return true,
        };
        let command = match command::parse(&text) {
            Ok(command) => command,
            Err(e) => {
                self.error(&e.0);
                return true;
            }
        };
        if self.search.is_some() {
            return self.while_searching(command, &text);
        }
        self.command(command)
    }

    /// A command read while no search runs; `false` for `quit`.
    fn command(&mut self, command: Command) -> bool {
        match command {
            Command::Quit => return false,
            Command::Stop => {}
            Command::IsReady => self.out.line("readyok"),
            Command::Muster => self.out.lines(&handshake(&self.defaults)),
            Command::SetOption(option) => {
                self.session.set_option(option);
                self.out.line("ok");
            }
            Command::NewGame {
                game,
                variant,
                seats,
            } => {
                let result = self.session.new_game(game, &variant, seats);
                self.answer(result.map(|()| vec![]));
            }
            Command::Position { start, moves } => {
                let result = self.session.set_position(start, &moves);
                self.answer(result.map(|()| vec![]));
            }
            Command::Legal => self.answer(self.session.legal()),
            Command::Show => self.answer(self.session.show()),
            Command::Apply(action) => {
                let result = self.session.apply(&action);
                self.answer(
                    result.map(|events| events.into_iter().map(|e| format!("event {e}")).collect()),
                );
            }
            Command::Go(params) => {
                if let Err(message) = self.go(&params) {
                    self.error(&message);
                }
            }
        }
        true
    }

    /// Data lines then `ok`, or the refusal.
    fn answer(&self, result: Result<Vec<String>, String>) {
        match result {
            Ok(mut lines) => {
                lines.push("ok".to_owned());
                self.out.lines(&lines);
            }
            Err(message) => self.error(&message),
        }
    }

    /// While a search runs: `stop` (which returns once the `bestmove` is written), `isready`
    /// and `quit`; anything else is refused as busy.
    fn while_searching(&mut self, command: Command, text: &str) -> bool {
        match command {
            Command::Quit => return false,
            Command::IsReady => self.out.line("readyok"),
            Command::Stop => self.end_search(Search::stop),
            _ => {
                let word = text.split_whitespace().next().unwrap_or_default();
                self.error(&format!(
                    "busy: `{}` while a search runs (only stop, isready and quit)",
                    command::shorten(word)
                ));
            }
        }
        true
    }

    /// Starts a search.
    fn go(&mut self, params: &GoParams) -> Result<(), String> {
        let position = self.session.position()?;
        let mover = match position.actor() {
            Actor::Seat(seat) => seat.index(),
            Actor::Chance => {
                return Err(
                    "go: chance is to act; send its outcome (see `legal`) as an action".into(),
                )
            }
            Actor::Over => return Err("go: the game is over".into()),
        };
        let cap = think::cap(params, mover, position.seats())?;
        let plan = think::plan(params, cap);
        let game = position.clone();
        let level = params.level.unwrap_or(self.session.settings.level);
        let engine = self.session.lend(level)?;
        let job = Job {
            level,
            engine,
            game,
            plan,
            infinite: params.infinite,
        };
        let search = Search::start(job, self.out.clone())
            .map_err(|e| format!("go: cannot start a search thread: {e}"))?;
        self.search = Some(search);
        Ok(())
    }

    /// Ends the running search, if any, with `how` ([`Search::stop`], [`Search::silence`] or
    /// [`Search::join`]), which returns once its thread is joined; its engine goes back to the
    /// session.
    fn end_search(&mut self, how: fn(Search) -> Returned) {
        if let Some(search) = self.search.take() {
            let Returned { level, engine } = how(search);
            if let Some(engine) = engine {
                self.session.give_back(level, engine);
            }
        }
    }
}

/// The handshake's lines (§3), `ok` last.
fn handshake(settings: &Settings) -> Vec<String> {
    let mut lines = vec![
        "id name muster".to_owned(),
        format!("id version {}", env!("CARGO_PKG_VERSION")),
        format!("id author {}", env!("CARGO_PKG_AUTHORS").replace(':', ", ")),
        format!("protocol {PROTOCOL_VERSION}"),
    ];
    for game in GameId::ALL {
        let (Ok(info), Ok(presets)) = (game.info(), game.presets()) else {
            continue;
        };
        let names: Vec<&str> = presets.iter().map(|(name, _)| *name).collect();
        lines.push(format!(
            "game {} seats {}-{} variants {}",
            game.id(),
            info.min_seats,
            info.max_seats,
            names.join(" ")
        ));
    }
    for (name, min, max) in command::OPTIONS {
        let default = match name {
            "threads" => settings.threads as u64,
            "hash" => settings.hash as u64,
            "seed" => settings.seed,
            _ => u64::from(settings.level),
        };
        lines.push(format!(
            "option {name} int default {default} min {min} max {max}"
        ));
    }
    lines.push("ok".to_owned());
    lines
}
