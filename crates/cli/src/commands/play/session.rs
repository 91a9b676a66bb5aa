//! The state of a game being played: the position, the actions so far with who made them, the
//! AI engines of the automatic players, the generator of random players and chance, hints,
//! undo, and saving a record.

use std::path::Path;

use anyhow::{Context, Result};
use muster_rules::any::AnyEvent;
use muster_rules::{Actor, AnyGame};
use muster_search::{Engine, Observer, StopFlag, Thought};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::players::{Player, Table};

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

/// A game in progress at the terminal.
#[derive(Debug)]
pub struct Session {
    start: AnyGame,
    game: AnyGame,
    history: Vec<Step>,
    table: Table,
    rng: SmallRng,
    /// The engine of each automatic seat, by seat index.
    engines: Vec<Option<Engine>>,
    /// The engine that gives hints, made on the first `hint`.
    hinter: Option<Engine>,
    hint_level: u8,
    threads: usize,
}

impl Session {
    /// A session from `start`, with the opponents and chance driven by `seed`; AI levels think
    /// with `threads` threads, hints come from level `hint_level`.
    pub fn new(start: AnyGame, table: Table, seed: u64, threads: usize, hint_level: u8) -> Session {
        let engines = (0..table.players.len())
            .map(|seat| {
                // Random opponents draw from the session's generator, as chance does.
                let player = table.players[seat];
                let seed = seed.wrapping_add(1 + seat as u64);
                matches!(player, Player::Level(_) | Player::Search(_))
                    .then(|| player.engine(start.id(), seed, threads))
                    .flatten()
            })
            .collect();
        Session {
            game: start.clone(),
            start,
            history: Vec::new(),
            table,
            rng: SmallRng::seed_from_u64(seed),
            engines,
            hinter: None,
            hint_level,
            threads,
        }
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

    /// The seat whose person must decide now, if any.
    pub fn human_to_act(&self) -> Option<usize> {
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
        Ok(events)
    }

    /// Makes the next decision when nobody needs to be asked (chance, an AI or a random
    /// opponent), reporting an AI's thinking to `observer`; `None` when a person must decide or
    /// the game is over.
    pub fn auto_step(&mut self, observer: &mut dyn Observer) -> Option<Result<AutoAction>> {
        let (who, seat) = match self.game.actor() {
            Actor::Over => return None,
            Actor::Chance => ("Chance".to_owned(), None),
            Actor::Seat(seat) if self.table.is_human(seat.index()) => return None,
            Actor::Seat(seat) => (self.label(seat.index()), Some(seat.index())),
        };
        let decided = match seat.and_then(|s| self.engines[s].as_mut()) {
            Some(engine) => engine
                .think(&self.game, None, &StopFlag::default(), observer)
                .map(|thought| (thought.action.clone(), Some(thought)))
                .map_err(anyhow::Error::from),
            None => self
                .game
                .random_action(&mut self.rng)
                .map(|action| (action, None))
                .ok_or_else(|| anyhow::anyhow!("nobody can act")),
        };
        let (action, thought) = match decided.with_context(|| format!("{who} cannot decide")) {
            Ok(decided) => decided,
            Err(error) => return Some(Err(error)),
        };
        let secret = self.game.next_action_is_secret();
        let result = self
            .apply(&action, seat, false)
            .with_context(|| format!("{who} chose `{action}`, which the rules refuse"))
            .map(|events| AutoAction {
                who,
                // Secret decisions are shown only as that: the events say no more.
                action: if secret {
                    "a secret decision".to_owned()
                } else {
                    action
                },
                events,
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
    /// number of actions taken back (0: nothing to undo).
    pub fn undo(&mut self) -> usize {
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
        taken
    }

    /// The game as a record, with a header per seat naming who played it.
    pub fn record_text(&self) -> Result<String> {
        let players: Vec<(String, String)> = (0..self.game.seats())
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
        let actions: Vec<String> = self.history.iter().map(|s| s.action.clone()).collect();
        let record = AnyGame::export(&self.start, &actions, &players)?;
        Ok(record.to_text())
    }

    /// Writes the record to `path`.
    pub fn save(&self, path: &Path) -> Result<()> {
        let text = self.record_text()?;
        std::fs::write(path, text).with_context(|| format!("cannot write `{}`", path.display()))
    }
}

/// A seat name as a record header key (letters, digits and `_`).
fn header_key(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
