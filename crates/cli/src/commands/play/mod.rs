//! `muster play <game>`: a line-based game in the terminal, against AI levels, random opponents
//! or hotseat.
//!
//! Each time a person is to decide, the board is drawn with the last move marked, followed by
//! whose turn it is and a prompt. AI opponents, random ones and chance act on their own and say
//! what they did; an AI's thinking is shown on stderr while it lasts (on a terminal), and `hint`
//! asks an AI for a suggestion. The loop reads from any `BufRead` and writes to any `Write`, so
//! it runs the same on a terminal, from a pipe, and in tests. End of input leaves cleanly.
//!
//! `save FILE` writes a record that `--resume FILE` continues exactly (see [`session`]); `quit`
//! with moves not yet saved offers to save them first.
//!
//! Any seat may be an outside engine (`--vs engine:<command>`, or `--players` naming every
//! seat): it has `--move-time` per decision, and a late, illegal or crashed engine loses the
//! game, which the screen says; its session and standard error are logged (docs/engine-protocol.md
//! §7). With `--players` and no `human`, the game plays itself to the end.

mod input;
pub mod players;
mod resume;
mod session;
#[cfg(test)]
mod tests;
mod thinking;

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use muster_rules::mu::{Cell, Mu, Pending};
use muster_rules::AnyGame;

use self::input::Input;
use self::players::Table;
use self::session::Session;
use crate::args::PlayArgs;
use crate::commands::{capped_threads, colour_wanted, result_words, sorted_actions, start_game};
use crate::render::safe;
use crate::render::{self, wrap_words, Paint, Style};

/// Starts the game (or resumes a saved one) and plays it on stdin/stdout.
pub fn run(args: &PlayArgs) -> Result<()> {
    let threads = capped_threads(args.threads);
    let style = Style {
        colour: colour_wanted(args.no_color),
    };
    // Typed input is echoed by the terminal; piped input is echoed by us, so transcripts read well.
    let echo = !io::stdin().is_terminal();
    let mut ui = Ui {
        input: io::stdin().lock(),
        out: io::stdout().lock(),
        err: io::stderr(),
        progress: io::stderr().is_terminal(),
        style,
        echo,
    };
    let (session, how) = match (&args.resume, args.start()) {
        (Some(path), _) => (
            ui.resume(path, args, threads)?,
            Start::Resumed(path.clone()),
        ),
        (None, Some(start)) => {
            let game = start_game(&start)?;
            let table = if args.players.is_empty() {
                Table::seat(&game, args.seat.as_deref(), &args.vs)?
            } else {
                Table::from_players(&game, &args.players)?
            };
            let how = if args.vs.is_empty() && args.players.is_empty() {
                Start::DefaultOpponents
            } else {
                Start::New
            };
            let session = Session::new(game, table, args.seed, threads, args.hint_level);
            (session, how)
        }
        // clap asks for a game unless --resume is given.
        (None, None) => anyhow::bail!("name a game, or give --resume FILE"),
    };
    let mut session = session;
    let logs = args
        .engine_logs
        .clone()
        .unwrap_or_else(session::default_logs);
    let files = session.start_outside(&logs, std::time::Duration::from_millis(args.move_time));
    for (seat, file) in files {
        writeln!(
            ui.out,
            "{}: an outside engine; its session and standard error are logged to {}",
            session.label(seat),
            safe(&file.display().to_string())
        )?;
    }
    ui.play(session, &how)
}

/// How the game came to be.
enum Start {
    /// A new game with the opponents given by --vs.
    New,
    /// A new game without --vs: every opponent plays random moves.
    DefaultOpponents,
    /// A saved game, resumed from this file.
    Resumed(PathBuf),
}

/// The terminal side of a game: where lines come from and go to, and how to draw.
struct Ui<R, W, E> {
    input: R,
    out: W,
    /// Where an AI's progress line is drawn (stderr).
    err: E,
    /// Whether to draw the progress line at all (stderr is a terminal).
    progress: bool,
    style: Style,
    echo: bool,
}

/// What the loop does after handling one line.
enum Flow {
    /// Ask again without redrawing.
    Stay,
    /// The position changed: draw it again.
    Redraw,
    /// Leave the game.
    Leave,
}

impl<R: BufRead, W: Write, E: Write> Ui<R, W, E> {
    /// Reads the game saved at `path` and replays it (the AI thinking again where it thought
    /// before, so that it remembers what it did); notes on stderr say where it now differs.
    fn resume(&mut self, path: &Path, args: &PlayArgs, threads: usize) -> Result<Session> {
        let saved = resume::read(path, args.game.as_deref())?;
        let mut line = thinking::Line::new("resuming", &mut self.err, self.progress);
        let resumed = Session::resume(saved, threads, args.hint_level, &mut line);
        line.finish();
        let (session, notes) =
            resumed.with_context(|| format!("cannot resume `{}`", path.display()))?;
        for note in notes {
            writeln!(self.err, "note: {note}")?;
        }
        Ok(session)
    }

    /// Plays until the person quits or the input ends.
    fn play(&mut self, mut session: Session, how: &Start) -> Result<()> {
        self.introduce(&session, how)?;
        let mut needs_drawing = true;
        loop {
            loop {
                let mut line = thinking::Line::new("thinking", &mut self.err, self.progress);
                let step = session.auto_step(&mut line);
                // The progress line goes before anything is printed about the decision.
                line.finish();
                let Some(auto) = step else { break };
                let auto = auto?;
                let why = auto
                    .thought
                    .as_ref()
                    .map(thinking::summary)
                    .unwrap_or_default();
                writeln!(self.out, "{} plays {}{why}", auto.who, auto.action)?;
                self.write_events(&auto.events)?;
                needs_drawing = true;
            }
            if needs_drawing {
                self.draw(&session)?;
                needs_drawing = false;
            }
            let Some(line) = self.prompt(&session)? else {
                let unsaved = if session.has_unsaved_changes() {
                    " (moves not saved)"
                } else {
                    ""
                };
                writeln!(self.out, "\nEnd of input: leaving the game{unsaved}.")?;
                return Ok(());
            };
            match self.handle(&mut session, &line)? {
                Flow::Stay => {}
                Flow::Redraw => needs_drawing = true,
                Flow::Leave => return Ok(()),
            }
        }
    }

    fn introduce(&mut self, session: &Session, how: &Start) -> Result<()> {
        let game = session.game();
        let table = session.table();
        let watching = !table.is_human(table.you);
        let opponents: Vec<String> = (0..game.seats())
            .filter(|&i| watching || i != table.you)
            .map(|i| session.label(i))
            .collect();
        let title = format!("{} ({})", game.info().name, game.variant_text());
        writeln!(self.out, "{}", self.style.paint(&title, &[Paint::Bold]))?;
        let you = game.seat_name(crate::commands::seat(table.you));
        let greeting = if watching {
            format!("Nobody plays here: {}.", opponents.join(" against "))
        } else {
            format!("You play {you} against {}.", opponents.join(", "))
        };
        for line in wrap(&greeting, crate::render::Fit::terminal().width) {
            writeln!(self.out, "{line}")?;
        }
        match how {
            Start::New => {}
            Start::DefaultOpponents => {
                let whose = if opponents.len() == 1 {
                    "Your opponent plays"
                } else {
                    "Your opponents play"
                };
                writeln!(
                    self.out,
                    "{whose} random moves (no --vs given): use --vs 1-8 for an AI level, \
                     e.g. --vs 4, or --vs human to play someone at this terminal."
                )?;
            }
            Start::Resumed(path) => {
                let count = session.actions_played();
                let plural = if count == 1 { "" } else { "s" };
                writeln!(
                    self.out,
                    "Resumed `{}` after {count} action{plural}; undo reaches back before the save.",
                    path.display()
                )?;
            }
        }
        writeln!(
            self.out,
            "Type a move, ? for the legal moves, or help for commands."
        )?;
        if game.as_mu().is_some() {
            writeln!(
                self.out,
                "Actions may be typed with spaces, as in A3 sw 2 or place 3,-1.\n\
                 auto plays a chain reaction's explosions in the canonical order."
            )?;
        }
        Ok(())
    }

    /// The board, then whose turn it is or the result.
    fn draw(&mut self, session: &Session) -> Result<()> {
        let game = session.game();
        writeln!(self.out)?;
        // With one person at the table, hidden parts (MuTou's secret setting-out) stay hidden.
        let shown = match session.only_human() {
            Some(you) => game.view(Some(you)),
            None => game.clone(),
        };
        write!(
            self.out,
            "{}",
            render::board(&shown, session.last_action(), self.style)
        )?;
        let over = match session.forfeit() {
            Some(forfeit) => Some(forfeit.words.clone()),
            None => game.outcome().map(|outcome| result_words(game, &outcome)),
        };
        match (over, session.human_to_act()) {
            (Some(words), _) => {
                let result = format!("Game over: {}", safe(&words));
                writeln!(self.out, "{}", self.style.paint(&result, &[Paint::Bold]))?;
                writeln!(self.out, "You can still undo, save FILE, or quit.")?;
            }
            (None, Some(seat)) => {
                let ply = session.actions_played() + 1;
                writeln!(self.out, "{} to move, ply {ply}.", session.label(seat))?;
                if let Some(cell) = canonical_explosion(game) {
                    writeln!(
                        self.out,
                        "Choose the next explosion (explode:X), or type auto to explode {cell} \
                         and go on in the canonical order."
                    )?;
                }
            }
            (None, None) => {}
        }
        Ok(())
    }

    /// Shows the prompt and reads one line; `None` at the end of input.
    fn prompt(&mut self, session: &Session) -> Result<Option<String>> {
        let game = session.game();
        let prompt = match session.human_to_act() {
            Some(seat) => game.seat_name(crate::commands::seat(seat)),
            None => "game over".to_owned(),
        };
        write!(self.out, "{prompt}> ")?;
        self.read_line()
    }

    /// Reads one line after a prompt, echoing it when the input is not typed; `None` at the end
    /// of input.
    fn read_line(&mut self) -> Result<Option<String>> {
        self.out.flush()?;
        let mut bytes = Vec::new();
        if self.input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        // Bytes that are not UTF-8 become U+FFFD and then, at worst, an unreadable move.
        let line = String::from_utf8_lossy(&bytes).into_owned();
        if self.echo {
            writeln!(self.out, "{}", safe(line.trim_end()))?;
        }
        Ok(Some(line))
    }

    /// Acts on one line of input.
    fn handle(&mut self, session: &mut Session, line: &str) -> Result<Flow> {
        let over = session.game().outcome().is_some() || session.forfeit().is_some();
        match input::parse(line) {
            Input::Nothing => {}
            Input::Help => {
                let example = sorted_actions(session.game()).into_iter().next();
                let resign = session.game().resignation();
                let mu = session.game().as_mu().is_some();
                writeln!(
                    self.out,
                    "{}",
                    input::help(example.as_deref(), resign.as_deref(), mu)
                )?;
            }
            Input::Hint if over => writeln!(self.out, "The game is over: no hint.")?,
            Input::Hint => self.hint(session)?,
            Input::Moves if over => writeln!(self.out, "The game is over: no moves.")?,
            Input::Moves => self.list_moves(session)?,
            Input::Position => writeln!(self.out, "{}", session.game().position_text())?,
            Input::Undo => return self.undo(session),
            Input::Auto if over => writeln!(self.out, "The game is over: nothing to resolve.")?,
            Input::Auto => return self.resolve(session),
            Input::Save(None) => writeln!(self.out, "Usage: save FILE")?,
            Input::Save(Some(path)) => {
                self.save(session, &path)?;
            }
            Input::Quit => {
                if session.has_unsaved_changes() {
                    self.offer_to_save(session)?;
                }
                writeln!(self.out, "Goodbye.")?;
                return Ok(Flow::Leave);
            }
            Input::Action(text) if over => writeln!(
                self.out,
                "The game is over: `{text}` cannot be played. Try undo or quit."
            )?,
            Input::Action(text) => return self.play_action(session, &text),
        }
        Ok(Flow::Stay)
    }

    /// Saves the game to `path`, saying whether that worked; returns whether it did.
    fn save(&mut self, session: &mut Session, path: &Path) -> Result<bool> {
        match session.save(path) {
            Ok(()) => {
                writeln!(
                    self.out,
                    "Saved the game to {}.",
                    safe(&path.display().to_string())
                )?;
                Ok(true)
            }
            Err(error) => {
                writeln!(self.out, "Not saved: {}", safe(&format!("{error:#}")))?;
                Ok(false)
            }
        }
    }

    /// `quit` with moves not yet saved: asks for a file name until the game is saved, or an empty
    /// answer (or `no`, or the end of input) says to quit without saving.
    fn offer_to_save(&mut self, session: &mut Session) -> Result<()> {
        write!(
            self.out,
            "Save the game before quitting? Type a file name, or press Enter to quit without \
             saving: "
        )?;
        loop {
            let Some(line) = self.read_line()? else {
                writeln!(self.out, "\nEnd of input: quitting without saving.")?;
                return Ok(());
            };
            let answer = line.trim();
            // `save FILE` out of habit means FILE.
            let answer = match answer.split_once(char::is_whitespace) {
                Some((word, rest)) if word.eq_ignore_ascii_case("save") => rest.trim(),
                _ => answer,
            };
            match answer.to_ascii_lowercase().as_str() {
                "" | "n" | "no" => {
                    writeln!(self.out, "Not saved.")?;
                    return Ok(());
                }
                "y" | "yes" | "save" => {
                    write!(self.out, "File name (Enter: quit without saving): ")?
                }
                _ if self.save(session, Path::new(answer))? => return Ok(()),
                _ => write!(self.out, "Another file name (Enter: quit without saving): ")?,
            }
        }
    }

    fn play_action(&mut self, session: &mut Session, text: &str) -> Result<Flow> {
        match session.play(text) {
            Ok(events) => {
                self.write_events(&events)?;
                Ok(Flow::Redraw)
            }
            Err(error) => {
                writeln!(
                    self.out,
                    "{} (type ? for the legal moves)",
                    safe(&format!("{error:#}"))
                )?;
                Ok(Flow::Stay)
            }
        }
    }

    /// `hint`: what the hint level would play here, with its evaluation and expected line.
    fn hint(&mut self, session: &mut Session) -> Result<()> {
        let mut line = thinking::Line::new("hint", &mut self.err, self.progress);
        let hint = session.hint(&mut line);
        // The progress line goes before the hint is printed.
        line.finish();
        match hint {
            Ok(thought) => {
                writeln!(
                    self.out,
                    "Hint: {}{}",
                    thought.action,
                    thinking::summary(&thought)
                )?;
                if thought.line.len() > 1 {
                    writeln!(self.out, "  expected line: {}", thought.line.join(" "))?;
                }
            }
            Err(error) => writeln!(self.out, "No hint: {}", safe(&format!("{error:#}")))?,
        }
        Ok(())
    }

    fn undo(&mut self, session: &mut Session) -> Result<Flow> {
        match session.undo() {
            0 => {
                writeln!(self.out, "Nothing to undo.")?;
                Ok(Flow::Stay)
            }
            taken => {
                let plural = if taken == 1 { "" } else { "s" };
                writeln!(self.out, "Took back {taken} action{plural}.")?;
                Ok(Flow::Redraw)
            }
        }
    }

    /// `auto`: explodes the canonical cell until the chain reaction no longer waits for a
    /// choice (it is over, or a removal is owed). The explosions are undone together.
    fn resolve(&mut self, session: &mut Session) -> Result<Flow> {
        if session.game().as_mu().is_none() {
            writeln!(
                self.out,
                "auto resolves Mu chain reactions; this game has none."
            )?;
            return Ok(Flow::Stay);
        }
        let Some(seat) = session.human_to_act() else {
            return Ok(Flow::Stay);
        };
        let mut played = 0usize;
        while let Some(cell) = canonical_explosion(session.game()) {
            if played == MAX_AUTO_EXPLOSIONS {
                writeln!(self.out, "Stopped after {played} explosions.")?;
                break;
            }
            let action = format!("explode:{cell}");
            let result = if played == 0 {
                session.play(&action)
            } else {
                session.play_chained(&action)
            };
            let events = match result {
                Ok(events) => events,
                Err(error) => {
                    writeln!(
                        self.out,
                        "{action} was refused: {}",
                        safe(&format!("{error:#}"))
                    )?;
                    break;
                }
            };
            writeln!(self.out, "{} plays {action}", session.label(seat))?;
            self.write_events(&events)?;
            played += 1;
        }
        if played == 0 {
            let removal = session
                .game()
                .as_mu()
                .is_some_and(|mu| mu.pending() == Pending::Removal);
            if removal {
                writeln!(
                    self.out,
                    "auto makes no removal: choose the cell yourself (remove:X; ? lists them)."
                )?;
            } else {
                writeln!(
                    self.out,
                    "No chain reaction is waiting for a choice: nothing to resolve."
                )?;
            }
            return Ok(Flow::Stay);
        }
        Ok(Flow::Redraw)
    }

    /// The legal moves, sorted, wrapped to the terminal.
    fn list_moves(&mut self, session: &Session) -> Result<()> {
        let moves = sorted_actions(session.game());
        let plural = if moves.len() == 1 { "" } else { "s" };
        writeln!(self.out, "{} legal move{plural}:", moves.len())?;
        for line in wrap_words(&moves.join(" "), 76) {
            writeln!(self.out, "  {line}")?;
        }
        if let Some(cell) = canonical_explosion(session.game()) {
            writeln!(
                self.out,
                "  or auto: explode {cell}, then on in the canonical order"
            )?;
        }
        Ok(())
    }

    fn write_events(&mut self, events: &[muster_rules::any::AnyEvent]) -> Result<()> {
        for event in events {
            writeln!(
                self.out,
                "  {}",
                self.style.paint(&event.text, &[Paint::Dim])
            )?;
        }
        Ok(())
    }
}

/// The most explosions one `auto` plays (a safety net; the rules end every chain reaction).
const MAX_AUTO_EXPLOSIONS: usize = 100_000;

/// The cell the canonical order explodes next, when a Mu chain reaction waits for a choice.
fn canonical_explosion(game: &AnyGame) -> Option<Cell> {
    game.as_mu().and_then(Mu::canonical_explosion)
}

/// `text` cut at spaces into lines of at most `columns` characters (a word longer than that
/// stands alone on its line).
fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("there is always a line");
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > columns {
            lines.push(word.to_owned());
        } else {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines
}
