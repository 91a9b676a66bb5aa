//! The engine's state between commands: the options, the current game and position, and the
//! AI engines that remember what they learnt about it. Legality errors are found here.

use std::collections::HashMap;

use muster_rules::{Actor, AnyGame, GameId};
use muster_search::levels;
use muster_search::{Engine, EngineOptions};

use super::command::{EngineOption, Start};

/// The engine's options (`setoption`; `muster engine --level --seed --threads` set the
/// defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Search threads (taken at the next `newgame`).
    pub threads: usize,
    /// Alpha-beta's transposition table in MiB (taken at the next `newgame`).
    pub hash: usize,
    /// The seed of the engine's random choices (taken at the next `newgame`).
    pub seed: u64,
    /// The level `go` plays without `level`.
    pub level: u8,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            threads: 1,
            hash: EngineOptions::DEFAULT_HASH_MIB,
            seed: 0,
            level: 5,
        }
    }
}

/// The current game: how its position was reached, and the position.
#[derive(Clone, Debug)]
struct Current {
    /// The start of `newgame`.
    new_game: AnyGame,
    /// Where the actions start: the game's start or a position text.
    from: Start,
    /// The actions played from `from`, in canonical notation.
    moves: Vec<String>,
    /// The position now.
    position: AnyGame,
}

/// What the engine knows between commands.
#[derive(Debug)]
pub(crate) struct Session {
    pub(crate) settings: Settings,
    current: Option<Current>,
    /// The engines of the levels used in this game, each keeping its search; the one of a
    /// running `go` is lent out (see [`Session::lend`]).
    engines: HashMap<u8, Engine>,
    /// The settings the engines were made with (at `newgame`).
    made_with: Settings,
}

/// A refusal: the text after `error `.
pub(crate) type Refusal = String;

impl Session {
    pub(crate) fn new(settings: Settings) -> Session {
        Session {
            settings,
            current: None,
            engines: HashMap::new(),
            made_with: settings,
        }
    }

    pub(crate) fn set_option(&mut self, option: EngineOption) {
        match option {
            EngineOption::Threads(n) => self.settings.threads = n,
            EngineOption::Hash(n) => self.settings.hash = n,
            EngineOption::Seed(s) => self.settings.seed = s,
            EngineOption::Level(l) => self.settings.level = l,
        }
    }

    /// `newgame`: the start of the game becomes the position; the engines start afresh (the one
    /// of the default level at once, with the current seed).
    pub(crate) fn new_game(
        &mut self,
        game: GameId,
        variant: &str,
        seats: Option<usize>,
    ) -> Result<(), Refusal> {
        let start = AnyGame::new(game, variant, seats).map_err(|e| format!("newgame: {e}"))?;
        self.made_with = self.settings;
        self.engines.clear();
        let level = self.settings.level;
        let engine = self.make_engine(game, level);
        self.engines.insert(level, engine);
        self.current = Some(Current {
            new_game: start.clone(),
            from: Start::StartPos,
            moves: Vec::new(),
            position: start,
        });
        Ok(())
    }

    fn make_engine(&self, game: GameId, level: u8) -> Engine {
        let recipe = levels::level(game, level)
            .expect("levels 1 to 8 exist for every game")
            .recipe;
        let options = EngineOptions {
            threads: self.made_with.threads,
            hash_mib: self.made_with.hash,
        };
        Engine::with_options(game, recipe, self.made_with.seed, options)
    }

    fn current(&self) -> Result<&Current, Refusal> {
        self.current
            .as_ref()
            .ok_or_else(|| "no game: send `newgame <game>` first".to_owned())
    }

    /// The position now, if a game was set up.
    pub(crate) fn position(&self) -> Result<&AnyGame, Refusal> {
        Ok(&self.current()?.position)
    }

    /// `position`: the start, then every action checked. When the new position continues the
    /// previous one (same start, the old actions a prefix of the new), the engines are told
    /// each new action in order, as the arena tells its players.
    pub(crate) fn set_position(&mut self, from: Start, moves: &[String]) -> Result<(), Refusal> {
        let current = self.current()?;
        let mut position = match &from {
            Start::StartPos => current.new_game.clone(),
            Start::Text(text) => {
                let game = &current.new_game;
                AnyGame::from_position(game.id(), &game.variant_text(), text)
                    .map_err(|e| format!("position text: {e}"))?
            }
        };
        let mut played = Vec::with_capacity(moves.len());
        let mut befores = Vec::with_capacity(moves.len());
        for (n, text) in moves.iter().enumerate() {
            let canonical = play(&mut position, text, &mut befores)
                .map_err(|e| format!("move {} `{}`: {e}", n + 1, super::command::shorten(text)))?;
            played.push(canonical);
        }
        let continues = current.from == from
            && played.len() >= current.moves.len()
            && played[..current.moves.len()] == current.moves[..];
        if continues {
            let old = current.moves.len();
            for (before, action) in befores[old..].iter().zip(&played[old..]) {
                for engine in self.engines.values_mut() {
                    engine.observe(before, action);
                }
            }
        }
        let current = self.current.as_mut().expect("checked above");
        current.from = from;
        current.moves = played;
        current.position = position;
        Ok(())
    }

    /// `apply`: one more action, checked; returns the events' texts.
    pub(crate) fn apply(&mut self, text: &str) -> Result<Vec<String>, Refusal> {
        let current = self.current()?;
        let before = current.position.clone();
        let mut position = before.clone();
        let canonical = position
            .normalize_action(text)
            .map_err(|e| format!("apply `{}`: {e}", super::command::shorten(text)))?;
        let events = position
            .apply(&canonical)
            .map_err(|e| format!("apply `{}`: {e}", super::command::shorten(text)))?;
        for engine in self.engines.values_mut() {
            engine.observe(&before, &canonical);
        }
        let current = self.current.as_mut().expect("checked above");
        current.moves.push(canonical);
        current.position = position;
        Ok(events.into_iter().map(|e| one_line(&e.text)).collect())
    }

    /// `legal`: the actions, and the weights when chance acts.
    pub(crate) fn legal(&self) -> Result<Vec<String>, Refusal> {
        let position = self.position()?;
        if position.actor() == Actor::Chance {
            let outcomes = position.chance_outcomes();
            let actions: Vec<&str> = outcomes.iter().map(|(a, _)| a.as_str()).collect();
            let weights: Vec<String> = outcomes.iter().map(|(_, w)| w.to_string()).collect();
            return Ok(vec![words("legal", &actions), words("weights", &weights)]);
        }
        Ok(vec![words("legal", &position.legal_actions())])
    }

    /// `show`: the game, the position, the actor and the outcome.
    pub(crate) fn show(&self) -> Result<Vec<String>, Refusal> {
        let position = self.position()?;
        let mut lines = vec![
            format!(
                "game {} seats {} variant {}",
                position.id().id(),
                position.seats(),
                position.variant_text()
            ),
            format!("position {}", one_line(&position.position_text())),
            match position.actor() {
                Actor::Seat(seat) => format!("actor seat {}", seat.index()),
                Actor::Chance => "actor chance".to_owned(),
                Actor::Over => "actor over".to_owned(),
            },
        ];
        if let Some(outcome) = position.outcome() {
            let scores: Vec<String> = outcome.scores.iter().map(i32::to_string).collect();
            let ranks: Vec<String> = outcome.ranks.iter().map(u8::to_string).collect();
            lines.push(format!(
                "outcome scores {} ranks {} reason {}",
                scores.join(" "),
                ranks.join(" "),
                one_line(&outcome.reason)
            ));
        }
        Ok(lines)
    }

    /// Lends the engine of `level` (made now if this game has not used it yet) for a search;
    /// give it back with [`Session::give_back`].
    pub(crate) fn lend(&mut self, level: u8) -> Result<Engine, Refusal> {
        let game = self.position()?.id();
        match self.engines.remove(&level) {
            Some(engine) => Ok(engine),
            None => Ok(self.make_engine(game, level)),
        }
    }

    /// Takes back the engine lent for a search.
    pub(crate) fn give_back(&mut self, level: u8, engine: Engine) {
        self.engines.insert(level, engine);
    }
}

/// Reads, checks and plays one action; returns its canonical text and keeps the position it
/// was played in.
fn play(
    position: &mut AnyGame,
    text: &str,
    befores: &mut Vec<AnyGame>,
) -> Result<String, muster_rules::AnyError> {
    let canonical = position.normalize_action(text)?;
    let before = position.clone();
    position.apply(&canonical)?;
    befores.push(before);
    Ok(canonical)
}

fn words<S: AsRef<str>>(head: &str, items: &[S]) -> String {
    let mut line = head.to_owned();
    for item in items {
        line.push(' ');
        line.push_str(item.as_ref());
    }
    line
}

/// Text made safe for one protocol line: line breaks become spaces.
pub(crate) fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}
