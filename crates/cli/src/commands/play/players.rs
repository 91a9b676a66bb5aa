//! Who sits where: the seat you play (`--as`) and the opponents (`--vs`) filling the others.

use std::fmt;

use anyhow::{bail, Result};
use muster_rules::AnyGame;

use crate::commands::seat_names;

/// Who makes the decisions of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A person at this terminal.
    Human,
    /// Uniformly random legal actions.
    Random,
}

/// The opponent levels that exist, as listed in error messages.
pub const LEVELS: &str = "human, random";

impl Player {
    /// Reads an opponent level; the error quotes it and lists the levels that exist.
    pub fn parse(text: &str) -> Result<Player> {
        match text.trim().to_ascii_lowercase().as_str() {
            "human" => Ok(Player::Human),
            "random" => Ok(Player::Random),
            _ => bail!("--vs `{text}`: no such opponent (opponents: {LEVELS})"),
        }
    }

    /// The kind as written in records and labels: `human` or `random`.
    pub fn kind(self) -> &'static str {
        match self {
            Player::Human => "human",
            Player::Random => "random",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind())
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
        let opponents: Vec<Player> = vs.iter().map(|v| Player::parse(v)).collect::<Result<_>>()?;
        let others = names.len() - 1;
        if opponents.len() > others {
            bail!(
                "{} opponents given with --vs, but this game has only {others} other seat{}",
                opponents.len(),
                if others == 1 { "" } else { "s" }
            );
        }
        let filler = opponents.last().copied().unwrap_or(Player::Random);
        let mut given = opponents.into_iter();
        let players = (0..names.len())
            .map(|i| {
                if i == you {
                    Player::Human
                } else {
                    given.next().unwrap_or(filler)
                }
            })
            .collect();
        Ok(Table { you, players })
    }

    /// Whether a person decides for this seat.
    pub fn is_human(&self, seat: usize) -> bool {
        self.players.get(seat) == Some(&Player::Human)
    }

    /// How a seat is described: `you`, `human` or `random`.
    pub fn kind(&self, seat: usize) -> &'static str {
        if seat == self.you {
            "you"
        } else {
            self.players.get(seat).map_or("?", |p| p.kind())
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
