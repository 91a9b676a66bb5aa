//! The state of a game being played: the position, the actions so far with who made them, the
//! AI engines of the automatic players, random players and chance, hints, undo, and saving and
//! resuming a record.
//!
//! # Determinism, and why a saved game resumes exactly
//!
//! * Every random choice (a random player's move, a chance outcome) is drawn from a generator
//!   seeded by the session's seed and the number of actions played so far: it depends on where
//!   the game stands, not on what was tried and taken back.
//! * Each AI seat's engine keeps its search tree or table from one decision to the next (tree
//!   reuse, as in `muster arena`). Its state is a function of the seed, the seat, the ply at which
//!   its memory started (`engines_since`: 0, or the length of the game after the last `undo`,
//!   which starts every engine afresh) and the actions played since.
//! * A saved record carries the seed, the players and `engines_since` in its headers
//!   ([`Session::record_text`]); [`Session::resume`] replays the actions and lets each AI think
//!   again at each of its decisions since `engines_since`, which rebuilds its memory.
//!
//! So with one thread per AI (several threads make any search nondeterministic) a resumed game
//! goes on exactly as the uninterrupted one would have.

mod outside;

use std::path::Path;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use muster_rules::any::AnyEvent;
use muster_rules::{Actor, AnyGame, Visibility};
use muster_search::{Engine, Observer, StopFlag, Thought};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::players::{Player, Table};
use crate::commands::outside::Forfeit;
use muster_protocol::controller::ExternalEngine;

pub use self::outside::default_logs;

/// Record headers written by [`Session::record_text`] and read back by the resume.
pub mod headers {
    /// The players, by seat, as `--vs` reads them: `human,L2` or `human,random,mcts:500`.
    pub const PLAYERS: &str = "Players";
    /// The seat of the person at the terminal (`--as`), counted from 1.
    pub const YOU: &str = "You";
    /// The session's seed (`--seed`).
    pub const SEED: &str = "Seed";
    /// The number of actions after which the AI engines' memory last started afresh.
    pub const ENGINES_SINCE: &str = "EnginesSince";
    /// The actions (numbered from 1) played by the same command as the action before them
    /// (Mu's `auto`), which `undo` takes back together: `12,13,14`.
    pub const CHAINED: &str = "Chained";
}

/// One action taken, with the position before it (so that undo is exact and cheap).
#[derive(Clone, Debug)]
struct Step {
    before: AnyGame,
    action: String,
    /// The seat that decided, or `None` for chance.
    seat: Option<usize>,
    /// Played by the same command as the step before it (Mu's `auto`): undone together.
    chained: bool,
}

/// An action made without asking anyone: an AI or random opponent's move or a chance outcome.
#[derive(Clone, Debug)]
pub struct AutoAction {
    /// Who acted, e.g. `Dark (random)` or `Chance`.
    pub who: String,
    /// The action, in notation.
    pub action: String,
    /// What happened.
    pub events: Vec<AnyEvent>,
    /// The AI's reasoning, when an AI level decided.
    pub thought: Option<Thought>,
}

/// A game saved by `save FILE`, read back: everything [`Session::resume`] needs.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The position the game started from.
    pub start: AnyGame,
    /// Every action played, in notation.
    pub actions: Vec<String>,
    /// Who sat where.
    pub table: Table,
    /// The session's seed.
    pub seed: u64,
    /// The number of actions after which the AI engines' memory last started afresh.
    pub engines_since: usize,
    /// The actions (indices from 0) played by the same command as the one before them.
    pub chained: Vec<usize>,
}

/// A game in progress at the terminal.
#[derive(Debug)]
pub struct Session {
    start: AnyGame,
    game: AnyGame,
    history: Vec<Step>,
    table: Table,
    seed: u64,
    /// The engine of each automatic seat, by seat index.
    engines: Vec<Option<Engine>>,
    /// The number of actions played when the engines were made.
    engines_since: usize,
    /// The engine that gives hints, made on the first `hint`.
    hinter: Option<Engine>,
    hint_level: u8,
    threads: usize,
    /// Whether actions were played or taken back since the game was saved or resumed.
    unsaved: bool,
    /// The outside engine of each seat played by one (or why it could not start), by seat.
    outside: Vec<Option<Result<ExternalEngine, Forfeit>>>,
    /// The time an outside engine has per decision.
    move_time: Duration,
    /// The seat that lost because its outside engine failed: the game is over.
    forfeit: Option<Forfeit>,
}

impl Drop for Session {
    fn drop(&mut self) {
        self.close_outside();
    }
}

impl Session {
    /// A session from `start`, with the opponents and chance driven by `seed`; AI levels think
    /// with `threads` threads, hints come from level `hint_level`.
    pub fn new(start: AnyGame, table: Table, seed: u64, threads: usize, hint_level: u8) -> Session {
        let mut session = Session {
            game: start.clone(),
            start,
            history: Vec::new(),
            table,
            seed,
            engines: Vec::new(),
            engines_since: 0,
            hinter: None,
            hint_level,
            threads,
            unsaved: false,
            outside: Vec::new(),
            move_time: outside::DEFAULT_MOVE_TIME,
            forfeit: None,
        };
        session.outside = (0..session.table.players.len()).map(|_| None).collect();
        session.restart_engines();
        session
    }

    /// Continues a saved game: replays its actions and rebuilds the AI engines' memory by letting
    /// each AI think again at each of its decisions since `saved.engines_since`, reporting that
    /// thinking to `observer`. Returns the session and notes on decisions an AI now makes
    /// differently from the record (possible only if the game was played with several threads
    /// or another build), after which its memory is no longer exactly what it was.
    pub fn resume(
        saved: Saved,
        threads: usize,
        hint_level: u8,
        observer: &mut dyn Observer,
    ) -> Result<(Session, Vec<String>)> {
        if saved.engines_since > saved.actions.len() {
            bail!(
                "header [{} \"{}\"]: the record has only {} actions",
                headers::ENGINES_SINCE,
                saved.engines_since,
                saved.actions.len()
            );
        }
        let mut session = Session::new(saved.start, saved.table, saved.seed, threads, hint_level);
        session.engines_since = saved.engines_since;
        let mut notes = Vec::new();
        for (ply, action) in saved.actions.iter().enumerate() {
            if ply == session.engines_since {
                // As after the undo: engines that know nothing of the actions before.
                session.restart_engines();
            }
            let seat = match session.game.actor() {
                Actor::Seat(seat) => Some(seat.index()),
                Actor::Chance => None,
                Actor::Over => bail!("action {} `{action}` comes after the end", ply + 1),
            };
            let engine = seat.and_then(|s| session.engines[s].as_mut());
            if let (Some(engine), true) = (engine, ply >= session.engines_since) {
                let thought = engine
                    .think(&session.game, None, &StopFlag::default(), observer)
                    .with_context(|| format!("the AI cannot think again at action {}", ply + 1))?;
                if &thought.action != action {
                    notes.push(format!(
                        "at action {} the AI now plays {} where the record has {action}",
                        ply + 1,
                        thought.action
                    ));
                }
            }
            let chained = saved.chained.contains(&ply);
            session
                .apply(action, seat, chained)
                .with_context(|| format!("action {} `{action}`", ply + 1))?;
        }
        if session.engines_since == saved.actions.len() {
            session.restart_engines();
        }
        session.unsaved = false;
        Ok((session, notes))
    }

    /// Makes every automatic seat's engine afresh, seeded by the seed, the seat and the number of
    /// actions played now (which becomes `engines_since`).
    fn restart_engines(&mut self) {
        let since = self.engines_since as u64;
        let id = self.start.id();
        self.engines = (0..self.table.players.len())
            .map(|seat| {
                // Random opponents draw from the per-ply generator, as chance does.
                let player = &self.table.players[seat];
                let seed = self
                    .seed
                    .wrapping_add(1 + seat as u64)
                    .wrapping_add(since.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                matches!(player, Player::Level(_) | Player::Search(_))
                    .then(|| player.engine(id, seed, self.threads))
                    .flatten()
            })
            .collect();
    }

    /// The generator of the random choice made after `history.len()` actions.
    fn random_choices(&self) -> SmallRng {
        let ply = self.history.len() as u64;
        SmallRng::seed_from_u64(
            self.seed
                .wrapping_add(ply.wrapping_add(1).wrapping_mul(0xD1B5_4A32_D192_ED03)),
        )
    }

    /// The current position.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Who sits where.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The number of actions played so far.
    pub fn actions_played(&self) -> usize {
        self.history.len()
    }

    /// The last action, in notation.
    pub fn last_action(&self) -> Option<&str> {
        self.history.last().map(|s| s.action.as_str())
    }

    /// Whether actions were played or taken back since the game started, was saved or resumed.
    pub fn has_unsaved_changes(&self) -> bool {
        self.unsaved
    }

    /// The seat whose person must decide now, if any.
    pub fn human_to_act(&self) -> Option<usize> {
        if self.forfeit.is_some() {
            return None;
        }
        match self.game.actor() {
            Actor::Seat(seat) if self.table.is_human(seat.index()) => Some(seat.index()),
            _ => None,
        }
    }

    /// The one seat played by a person, when there is exactly one.
    pub fn only_human(&self) -> Option<usize> {
        let mut humans = (0..self.table.players.len()).filter(|&s| self.table.is_human(s));
        match (humans.next(), humans.next()) {
            (Some(you), None) => Some(you),
            _ => None,
        }
    }

    /// A seat described for people: `Light (you)`, `Dark (random)`.
    pub fn label(&self, seat: usize) -> String {
        let name = self.game.seat_name(crate::commands::seat(seat));
        format!("{name} ({})", self.table.kind(seat))
    }

    /// Plays an action typed by the person at `seat`'s turn. On error nothing changes.
    pub fn play(&mut self, text: &str) -> Result<Vec<AnyEvent>> {
        let seat = self.human_to_act();
        self.apply(text, seat, false)
    }

    /// Like [`Session::play`], for an action played by the same command as the one before it:
    /// undo takes them back together.
    pub fn play_chained(&mut self, text: &str) -> Result<Vec<AnyEvent>> {
        let seat = self.human_to_act();
        self.apply(text, seat, true)
    }

    fn apply(&mut self, text: &str, seat: Option<usize>, chained: bool) -> Result<Vec<AnyEvent>> {
        let before = self.game.clone();
        let action = self.game.normalize_action(text)?;
        let events = self.game.apply(&action)?;
        for engine in self
            .engines
            .iter_mut()
            .flatten()
            .chain(self.hinter.as_mut())
        {
            engine.observe(&before, &action);
        }
        self.history.push(Step {
            before,
            action,
            seat,
            chained,
        });
        self.unsaved = true;
        Ok(events)
    }

    /// Makes the next decision when nobody needs to be asked (chance, an AI or a random
    /// opponent), reporting an AI's thinking to `observer`; `None` when a person must decide or
    /// the game is over.
    pub fn auto_step(&mut self, observer: &mut dyn Observer) -> Option<Result<AutoAction>> {
        if self.forfeit.is_some() {
            return None;
        }
        let (who, seat) = match self.game.actor() {
            Actor::Over => return None,
            Actor::Chance => ("Chance".to_owned(), None),
            Actor::Seat(seat) if self.table.is_human(seat.index()) => return None,
            Actor::Seat(seat) => (self.label(seat.index()), Some(seat.index())),
        };
        let mut random = self.random_choices();
        let decided = match seat.and_then(|s| self.outside_decision(s)) {
            Some(Ok(action)) => Ok((action, None)),
            Some(Err(forfeit)) => {
                self.forfeit = Some(forfeit);
                return None;
            }
            None => match seat.and_then(|s| self.engines[s].as_mut()) {
                Some(engine) => engine
                    .think(&self.game, None, &StopFlag::default(), observer)
                    .map(|thought| (thought.action.clone(), Some(thought)))
                    .map_err(anyhow::Error::from),
                None => self
                    .game
                    .random_action(&mut random)
                    .map(|action| (action, None))
                    .ok_or_else(|| anyhow::anyhow!("nobody can act")),
            },
        };
        let (action, thought) = match decided.with_context(|| format!("{who} cannot decide")) {
            Ok(decided) => decided,
            Err(error) => return Some(Err(error)),
        };
        // Who is told: the one person at the table, or (with several) none of them in private.
        let viewer = self.only_human().map(crate::commands::seat);
        let secret = matches!(self.game.action_visibility(&action), Ok(Visibility::Actor));
        let result = self
            .apply(&action, seat, false)
            .with_context(|| format!("{who} chose `{action}`, which the rules refuse"))
            .map(|events| AutoAction {
                who,
                // Secret decisions are shown only as that, with the events the viewer may see.
                action: if secret {
                    "a secret decision".to_owned()
                } else {
                    action
                },
                events: events
                    .into_iter()
                    .filter(|e| e.audience.includes(viewer))
                    .collect(),
                thought: thought.filter(|_| !secret),
            });
        Some(result)
    }

    /// The hint engine's suggestion for the seat to move, as that seat sees the game.
    pub fn hint(&mut self, observer: &mut dyn Observer) -> Result<Thought> {
        let id = self.game.id();
        let seed = self.history.len() as u64;
        let (level, threads) = (self.hint_level, self.threads);
        let engine = match &mut self.hinter {
            Some(engine) => engine,
            None => self.hinter.insert(
                Player::Level(level)
                    .engine(id, seed, threads)
                    .context("no hint level")?,
            ),
        };
        Ok(engine.think(&self.game, None, &StopFlag::default(), observer)?)
    }

    /// Takes back the last decision a person made, and everything played after it. Returns the
    /// number of actions taken back (0: nothing to undo). The AI engines start afresh, so that
    /// what they thought about the lines taken back plays no part in the rest of the game.
    pub fn undo(&mut self) -> usize {
        if self.forfeit.is_some() {
            // A forfeit ends the game for good: the engine that failed is not asked again.
            return 0;
        }
        let last_human = self
            .history
            .iter()
            .rposition(|step| step.seat.is_some_and(|s| self.table.is_human(s)));
        let Some(mut index) = last_human else {
            return 0;
        };
        while index > 0 && self.history[index].chained {
            index -= 1;
        }
        let taken = self.history.len() - index;
        self.game = self.history[index].before.clone();
        self.history.truncate(index);
        self.engines_since = index;
        self.restart_engines();
        self.unsaved = true;
        taken
    }

    /// The game as a record: a header per seat naming who played it, then what resuming needs
    /// (the players as `--vs` reads them, your seat, the seed, `EnginesSince` when not 0 and
    /// `Chained` when some actions are undone together).
    pub fn record_text(&self) -> Result<String> {
        let mut extra: Vec<(String, String)> = (0..self.game.seats())
            .map(|i| {
                let name = header_key(&self.game.seat_name(crate::commands::seat(i)));
                let kind = self
                    .table
                    .players
                    .get(i)
                    .map_or("?".to_owned(), |p| p.describe());
                (name, kind)
            })
            .collect();
        let players: Vec<String> = self.table.players.iter().map(|p| p.spec()).collect();
        extra.push((headers::PLAYERS.to_owned(), players.join(",")));
        extra.push((headers::YOU.to_owned(), (self.table.you + 1).to_string()));
        extra.push((headers::SEED.to_owned(), self.seed.to_string()));
        if self.engines_since > 0 {
            extra.push((
                headers::ENGINES_SINCE.to_owned(),
                self.engines_since.to_string(),
            ));
        }
        let chained: Vec<String> = (self.history.iter().enumerate())
            .filter(|(_, step)| step.chained)
            .map(|(i, _)| (i + 1).to_string())
            .collect();
        if !chained.is_empty() {
            extra.push((headers::CHAINED.to_owned(), chained.join(",")));
        }
        let actions: Vec<String> = self.history.iter().map(|s| s.action.clone()).collect();
        let mut record = AnyGame::export_ended(&self.start, &actions, &self.endings(), &extra)?;
        if let Some(forfeit) = &self.forfeit {
            record.set_header("Termination", forfeit.words.clone());
        }
        Ok(record.to_text())
    }

    /// Writes the record to `path`; the game then counts as saved.
    pub fn save(&mut self, path: &Path) -> Result<()> {
        let text = self.record_text()?;
        std::fs::write(path, text).with_context(|| format!("cannot write `{}`", path.display()))?;
        self.unsaved = false;
        Ok(())
    }
}

/// A seat name as a record header key (letters, digits and `_`).
fn header_key(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
