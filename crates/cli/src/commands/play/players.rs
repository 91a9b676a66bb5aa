//! Who sits where: the seat you play (`--as`) and the opponents (`--vs`) filling the others.

use std::fmt;

use anyhow::{bail, Result};
use muster_protocol::controller::EngineCommand;
use muster_rules::{AnyGame, GameId};
use muster_search::levels::{level, Recipe, NAMES};
use muster_search::{Crowd, Engine};

use crate::commands::seat_names;

/// Who makes the decisions of one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at this terminal.
    Human,
    /// Uniformly random legal actions.
    Random,
    /// An AI level, 1 (beginner) to 8 (grandmaster): see `muster_search::levels`.
    Level(u8),
    /// A search with a budget of one's own (`mcts:500`, `ab:20000`, `brs:20000`), for tuning
    /// and for measuring the levels against something between them.
    Search(Recipe),
    /// An outside program speaking the engine protocol (`engine:<command>`), started per game
    /// and seat: docs/engine-protocol.md §7.
    Engine(EngineCommand),
}

/// The opponents that exist, as listed in error messages.
pub const LEVELS: &str = "human, random, a level 1-8 (also L1-L8 or a level name: beginner, novice, casual, club, strong, expert, master, grandmaster), a search with its budget: mcts:ITERATIONS, ab:NODES or brs:NODES, or an outside engine: engine:COMMAND";

impl Player {
    /// Reads a player: `human`, `random`, a level number `1`–`8`, `L5`, `level5`, a level name
    /// (`master`), or a search with its budget: `mcts:500` (iterations per decision) or
    /// `ab:20000` (alpha-beta, positions per decision; paranoid with more than two seats) or
    /// `brs:20000` (the same with best-reply search for more than two seats, [`Crowd`]). The
    /// error quotes the text and lists what
    /// exists. `engine:<command>` is an outside engine: a program and its arguments with
    /// shell-like quoting (`engine:python3 "my bot.py"`), kept as written.
    pub fn parse(text: &str) -> Result<Player> {
        let trimmed = text.trim();
        if trimmed
            .get(..7)
            .is_some_and(|p| p.eq_ignore_ascii_case("engine:"))
        {
            return EngineCommand::parse(&trimmed[7..])
                .map(Player::Engine)
                .map_err(|e| anyhow::anyhow!("`{text}`: {e}"));
        }
        let word = trimmed.to_ascii_lowercase();
        if let Some((method, budget)) = word.split_once(':') {
            return parse_search(text, method, budget);
        }
        let number = word
            .strip_prefix("level")
            .or_else(|| word.strip_prefix('l'))
            .unwrap_or(&word)
            .trim();
        if let Ok(level) = number.parse::<u8>() {
            if (1..=8).contains(&level) {
                return Ok(Player::Level(level));
            }
        }
        if let Some(i) = NAMES.iter().position(|&n| n == word) {
            return Ok(Player::Level(i as u8 + 1));
        }
        match word.as_str() {
            "human" => Ok(Player::Human),
            "random" => Ok(Player::Random),
            _ => bail!("`{text}`: no such player (players: {LEVELS})"),
        }
    }

    /// The player as written in records and labels: `human`, `random`, `level 5, strong`.
    pub fn describe(&self) -> String {
        match self {
            Player::Human => "human".to_owned(),
            Player::Random => "random".to_owned(),
            Player::Level(n) => format!("level {n}, {}", NAMES[usize::from(n - 1)]),
            Player::Search(recipe) => match recipe {
                Recipe::Mcts { iterations, .. } => format!("MCTS, {iterations} iterations"),
                Recipe::AlphaBeta {
                    nodes,
                    crowd: Crowd::BestReply,
                    ..
                } => format!("alpha-beta, {nodes} positions, best-reply"),
                Recipe::AlphaBeta { nodes, .. } => format!("alpha-beta, {nodes} positions"),
                Recipe::Mixed {
                    nodes,
                    crowd_iterations,
                    ..
                } => format!(
                    "alpha-beta, {nodes} positions; MCTS, {crowd_iterations} iterations with 3 seats or more"
                ),
                Recipe::Random => "random".to_owned(),
            },
            Player::Engine(command) => format!("engine `{}`", command.display()),
        }
    }

    /// A short name for tables and file names: `human`, `random`, `L5`, `engine:bot.py --x`
    /// (an outside engine's program without its folder).
    pub fn short(&self) -> String {
        match self {
            Player::Human => "human".to_owned(),
            Player::Random => "random".to_owned(),
            Player::Level(n) => format!("L{n}"),
            Player::Engine(command) => {
                let program = std::path::Path::new(&command.program)
                    .file_name()
                    .map_or(command.program.clone(), |n| {
                        n.to_string_lossy().into_owned()
                    });
                let short = EngineCommand {
                    program,
                    ..command.clone()
                };
                format!("engine:{}", short.display())
            }
            Player::Search(recipe) => match recipe {
                Recipe::Mcts { iterations, .. } => format!("mcts:{iterations}"),
                Recipe::AlphaBeta {
                    nodes,
                    crowd: Crowd::BestReply,
                    ..
                } => format!("brs:{nodes}"),
                Recipe::AlphaBeta { nodes, .. } => format!("ab:{nodes}"),
                Recipe::Mixed {
                    nodes,
                    crowd_iterations,
                    ..
                } => format!("ab:{nodes}+mcts:{crowd_iterations}"),
                Recipe::Random => "random".to_owned(),
            },
        }
    }

    /// The player as `--vs` and `--players` read it back: the short name, or `engine:` and the
    /// whole command line for an outside engine.
    pub fn spec(&self) -> String {
        match self {
            Player::Engine(command) => format!("engine:{}", command.display()),
            other => other.short(),
        }
    }

    /// The AI engine for this player in `game`, if it is one (random included, so that its
    /// choices come from its own seeded generator). Outside engines are not built in: `None`.
    pub fn engine(&self, game: GameId, seed: u64, threads: usize) -> Option<Engine> {
        let recipe = match self {
            Player::Human | Player::Engine(_) => return None,
            Player::Random => Recipe::Random,
            Player::Level(n) => level(game, *n)?.recipe,
            Player::Search(recipe) => *recipe,
        };
        Some(Engine::new(game, recipe, seed, threads))
    }
}

/// Reads the budget of `mcts:N`, `ab:N` or `brs:N`; `text` is the whole player as given.
fn parse_search(text: &str, method: &str, budget: &str) -> Result<Player> {
    let Ok(budget) = budget.trim().replace('_', "").parse::<u64>() else {
        bail!("`{text}`: the budget after `:` must be a whole number (for example mcts:500)");
    };
    if budget == 0 {
        bail!("`{text}`: the budget must be at least 1");
    }
    let recipe = match method.trim() {
        "mcts" => Recipe::Mcts {
            iterations: budget,
            playout_plies: None,
        },
        "ab" | "alphabeta" | "alpha-beta" => Recipe::alpha_beta(64, budget),
        "brs" => Recipe::AlphaBeta {
            depth: 64,
            nodes: budget,
            crowd: Crowd::BestReply,
        },
        _ => bail!(
            "`{text}`: no such search `{method}` (searches: mcts:ITERATIONS, ab:NODES, brs:NODES)"
        ),
    };
    Ok(Player::Search(recipe))
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// The seats of a game: who plays each, and which one is you.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// The seat you play (an index from 0).
    pub you: usize,
    /// The player of every seat, by seat index.
    pub players: Vec<Player>,
}

impl Table {
    /// Seats `you` (from `--as`: a number from 1 or a seat name; default the first seat) and
    /// fills the other seats in order with `vs`. Seats left over take the last opponent given,
    /// or `random` when none is given.
    pub fn seat(game: &AnyGame, you: Option<&str>, vs: &[String]) -> Result<Table> {
        let names = seat_names(game);
        let you = match you {
            Some(text) => seat_index(&names, text)?,
            None => 0,
        };
        let opponents: Vec<Player> = vs
            .iter()
            .map(|v| Player::parse(v).map_err(|e| anyhow::anyhow!("--vs {e}")))
            .collect::<Result<_>>()?;
        let others = names.len() - 1;
        if opponents.len() > others {
            bail!(
                "{} opponents given with --vs, but this game has only {others} other seat{}",
                opponents.len(),
                if others == 1 { "" } else { "s" }
            );
        }
        let filler = opponents.last().cloned().unwrap_or(Player::Random);
        let mut given = opponents.into_iter();
        let players = (0..names.len())
            .map(|i| {
                if i == you {
                    Player::Human
                } else {
                    given.next().unwrap_or_else(|| filler.clone())
                }
            })
            .collect();
        Ok(Table { you, players })
    }

    /// The table of `--players`: every seat's player in seat order; the first `human` seat is
    /// yours (with none, the game plays itself and `you` is the first seat, watched).
    pub fn from_players(game: &AnyGame, players: &[String]) -> Result<Table> {
        let players: Vec<Player> = players
            .iter()
            .map(|p| Player::parse(p).map_err(|e| anyhow::anyhow!("--players {e}")))
            .collect::<Result<_>>()?;
        if players.len() != game.seats() {
            bail!(
                "--players names {} player{} for {} seats (one per seat, `human` for yours)",
                players.len(),
                if players.len() == 1 { "" } else { "s" },
                game.seats()
            );
        }
        let you = players
            .iter()
            .position(|p| *p == Player::Human)
            .unwrap_or(0);
        Ok(Table { you, players })
    }

    /// Whether a person decides for this seat.
    pub fn is_human(&self, seat: usize) -> bool {
        self.players.get(seat) == Some(&Player::Human)
    }

    /// How a seat is described: `you`, `human`, `random` or `level 5, strong`.
    pub fn kind(&self, seat: usize) -> String {
        if seat == self.you && self.is_human(seat) {
            "you".to_owned()
        } else {
            self.players
                .get(seat)
                .map_or("?".to_owned(), |p| p.describe())
        }
    }
}

/// Reads `--as`: a seat number from 1, or a seat name in any case.
fn seat_index(names: &[String], text: &str) -> Result<usize> {
    let wanted = text.trim();
    if let Ok(number) = wanted.parse::<usize>() {
        if (1..=names.len()).contains(&number) {
            return Ok(number - 1);
        }
    } else if let Some(i) = names.iter().position(|n| n.eq_ignore_ascii_case(wanted)) {
        return Ok(i);
    }
    bail!(
        "--as `{text}`: expected a seat number from 1 to {} or a seat name ({})",
        names.len(),
        names.join(", ")
    )
}
