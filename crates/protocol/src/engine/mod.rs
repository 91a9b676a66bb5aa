//! The engine side of the protocol: what `muster engine` runs (docs/engine-protocol.md §1–§4).
//!
//! - [`command`]: one line read into a typed [`Command`] (syntax errors, quoting the bad token);
//! - `session`: the options, the game, the position and the AI engines (legality errors);
//! - `think`: `go` turned into a search on a thread of its own, with `info` lines;
//! - this module: the loop. A reader thread feeds it lines, so that `stop`, `isready` and
//!   `quit` are read while a search runs; every answer goes through one shared writer, each line
//!   whole and flushed.

pub mod command;
mod output;
mod session;
mod think;

use std::io::{self, BufRead, Write};
use std::sync::mpsc;

use muster_rules::{Actor, GameId};
use muster_search::StopFlag;

pub use command::{Command, CommandError, EngineOption, GoParams, Start};
pub use session::Settings;

use crate::lines::{Line, LineReader};
use crate::{MAX_LINE, PROTOCOL_VERSION};
use output::Output;
use session::{one_line, Session};
use think::Finished;

/// What the loop waits for: a line from the reader, or a search's end.
enum Event {
    Line(io::Result<Line>),
    Done(Box<Finished>),
}

impl From<Box<Finished>> for Event {
    fn from(finished: Box<Finished>) -> Event {
        Event::Done(finished)
    }
}

/// A `go` being answered.
struct Searching {
    stop: StopFlag,
    /// `go infinite`: the `bestmove` waits for `stop` even if the search ends first.
    infinite: bool,
    /// `stop` was received.
    stop_asked: bool,
    /// The search's result, held while an infinite search waits for `stop`.
    finished: Option<Box<Finished>>,
}

/// Serves the protocol with the default [`Settings`]: reads commands from `input` until `quit`
/// or its end, writes answers to `output`. See [`run_with`].
pub fn run<R, W>(input: R, output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    run_with(Settings::default(), input, output)
}

/// Serves the protocol starting from `settings` (the options' defaults, as the handshake
/// announces them). Returns when `quit` is read or `input` ends (a running search is stopped
/// first); the errors are those of writing `output` (reading errors end the session like the
/// end of the input). `input` is read on a thread of its own, which is left blocked on it after
/// `quit`: the caller is expected to exit soon after.
pub fn run_with<R, W>(settings: Settings, input: R, output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let (events, inbox) = mpsc::channel::<Event>();
    let reader_events = events.clone();
    std::thread::Builder::new()
        .name("muster-engine-reader".into())
        .spawn(move || {
            let mut reader = LineReader::new(input);
            loop {
                let line = reader.next_line();
                let last = matches!(line, Ok(Line::End) | Err(_));
                if reader_events.send(Event::Line(line)).is_err() || last {
                    return;
                }
            }
        })?;
    let out = Output::new(output);
    let mut engine = Loop {
        session: Session::new(settings),
        defaults: settings,
        searching: None,
        out: out.clone(),
        events,
    };
    while let Ok(event) = inbox.recv() {
        let go_on = match event {
            Event::Line(Ok(Line::End)) | Event::Line(Err(_)) => engine.end_of_input(&inbox),
            Event::Line(Ok(line)) => engine.line(line),
            Event::Done(finished) => {
                engine.finished(finished);
                true
            }
        };
        if let Some(error) = out.take_error() {
            if let Some(searching) = &engine.searching {
                searching.stop.stop();
            }
            return Err(error);
        }
        if !go_on {
            break;
        }
    }
    Ok(())
}

/// The loop's state.
struct Loop {
    session: Session,
    defaults: Settings,
    searching: Option<Searching>,
    out: Output,
    events: mpsc::Sender<Event>,
}

impl Loop {
    fn error(&self, message: &str) {
        self.out.line(&format!("error {}", one_line(message)));
    }

    /// One line read; `false` when the session is over (`quit`).
    fn line(&mut self, line: Line) -> bool {
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
        if self.searching.is_some() {
            return self.while_searching(command, &text);
        }
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

    /// While a search runs: `stop`, `isready` and `quit` only.
    fn while_searching(&mut self, command: Command, text: &str) -> bool {
        let searching = self.searching.as_mut().expect("called while searching");
        match command {
            Command::Quit => {
                searching.stop.stop();
                return false;
            }
            Command::IsReady => self.out.line("readyok"),
            Command::Stop => {
                searching.stop_asked = true;
                searching.stop.stop();
                if let Some(finished) = searching.finished.take() {
                    self.answer_go(finished);
                }
            }
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
        let cap = think::cap(params, mover)?;
        let plan = think::plan(params, cap);
        let game = position.clone();
        let level = params.level.unwrap_or(self.session.settings.level);
        let engine = self.session.lend(level)?;
        let stop = StopFlag::default();
        think::spawn(
            level,
            engine,
            game,
            plan,
            stop.clone(),
            self.out.clone(),
            self.events.clone(),
        )
        .map_err(|e| format!("go: cannot start a search thread: {e}"))?;
        self.searching = Some(Searching {
            stop,
            infinite: params.infinite,
            stop_asked: false,
            finished: None,
        });
        Ok(())
    }

    /// A search ended: its engine goes back; the answer is written unless an infinite search
    /// still waits for `stop`.
    fn finished(&mut self, finished: Box<Finished>) {
        let Some(searching) = self.searching.as_mut() else {
            // Not expected (a search is answered once), but the engine is kept all the same.
            if let Some(engine) = finished.engine {
                self.session.give_back(finished.level, engine);
            }
            return;
        };
        if searching.infinite && !searching.stop_asked {
            searching.finished = Some(finished);
            return;
        }
        self.answer_go(finished);
    }

    fn answer_go(&mut self, finished: Box<Finished>) {
        self.searching = None;
        let Finished {
            level,
            engine,
            result,
            game,
        } = *finished;
        if let Some(engine) = engine {
            self.session.give_back(level, engine);
        }
        match result {
            Ok(thought) => self.out.lines(&[
                think::final_info(&thought, &game),
                format!("bestmove {}", thought.action),
            ]),
            Err(e) => self.error(&format!("go: {e}")),
        }
    }

    /// The input ended: a running search is stopped and answered, then the session ends.
    fn end_of_input(&mut self, inbox: &mpsc::Receiver<Event>) -> bool {
        if let Some(searching) = self.searching.as_mut() {
            searching.stop_asked = true;
            searching.stop.stop();
            if let Some(finished) = searching.finished.take() {
                self.answer_go(finished);
            }
        }
        while self.searching.is_some() {
            match inbox.recv() {
                Ok(Event::Done(finished)) => self.answer_go(finished),
                Ok(Event::Line(_)) => {}
                Err(_) => break,
            }
        }
        false
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
