//! `muster play --resume FILE`: reading back a game saved with `save FILE`.
//!
//! A saved record is an ordinary record (it replays with `muster replay`) whose headers also say
//! who played each seat (`Players`, as `--vs` reads them), which seat was yours (`You`), the seed
//! (`Seed`), after an undo when the AI engines last started afresh (`EnginesSince`), and which
//! actions `undo` takes back together (`Chained`, from Mu's `auto`); see
//! [`super::session`]. Every problem is an error naming the file: it cannot be read, it is not a
//! record, it does not replay, it is of another game than the one asked for, or its headers do
//! not say enough to resume it.

use std::path::Path;

use anyhow::{bail, Context, Result};
use muster_rules::record::Record;
use muster_rules::AnyGame;

use super::players::{Player, Table};
use super::session::{headers, Saved};
use crate::commands::game_id;

/// Reads the saved game at `path`; `game`, when given, is the game the command line names, which
/// the record must be of.
pub fn read(path: &Path, game: Option<&str>) -> Result<Saved> {
    let name = format!("`{}`", path.display());
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
    let record = Record::parse(&text).with_context(|| format!("{name} is not a game record"))?;
    if let (Some(wanted), Some(found)) = (game, record.header("Game")) {
        let wanted = game_id(wanted)?;
        if wanted.id() != found {
            bail!(
                "{name} is a record of {found}, not of {}: leave out the game \
                 (`muster play --resume FILE`) to continue it",
                wanted.id()
            );
        }
    }
    let replay = AnyGame::replay(&record).with_context(|| format!("{name} does not replay"))?;
    let saved = saved_game(&record, replay.start, replay.actions)
        .with_context(|| format!("{name} cannot be resumed"))?;
    Ok(saved)
}

/// What the headers say beyond the game itself.
fn saved_game(record: &Record, start: AnyGame, actions: Vec<String>) -> Result<Saved> {
    let Some(players) = record.header(headers::PLAYERS) else {
        bail!(
            "it has no [{} \"…\"] header, so it was not saved by `muster play` \
             (`muster replay FILE` shows any record)",
            headers::PLAYERS
        );
    };
    let players: Vec<Player> = players
        .split(',')
        .map(|p| Player::parse(p).with_context(|| header_text(headers::PLAYERS, players)))
        .collect::<Result<_>>()?;
    if players.len() != start.seats() {
        bail!(
            "{}: {} players for {} seats",
            header_text(headers::PLAYERS, &players_text(&players)),
            players.len(),
            start.seats()
        );
    }
    let you = number(record, headers::YOU)?.unwrap_or(1);
    if !(1..=players.len()).contains(&you) || players[you - 1] != Player::Human {
        bail!(
            "header [{} \"{you}\"]: expected the number of a seat played by a human, from 1",
            headers::YOU
        );
    }
    let seed = number(record, headers::SEED)?.unwrap_or(0);
    let engines_since = number(record, headers::ENGINES_SINCE)?.unwrap_or(0);
    let chained = chained(record, actions.len())?;
    Ok(Saved {
        start,
        actions,
        table: Table {
            you: you - 1,
            players,
        },
        seed,
        engines_since,
        chained,
    })
}

/// The `Chained` header: action numbers from 2 to the number of actions, as indices from 0.
fn chained(record: &Record, actions: usize) -> Result<Vec<usize>> {
    let Some(text) = record.header(headers::CHAINED) else {
        return Ok(Vec::new());
    };
    text.split(',')
        .map(|word| match word.trim().parse::<usize>() {
            Ok(number) if (2..=actions).contains(&number) => Ok(number - 1),
            _ => bail!(
                "{}: `{word}` is not the number of an action after the first",
                header_text(headers::CHAINED, text)
            ),
        })
        .collect()
}

/// A header holding a whole number, if present.
fn number<T: std::str::FromStr>(record: &Record, key: &str) -> Result<Option<T>> {
    record
        .header(key)
        .map(|text| {
            text.trim()
                .parse()
                .ok()
                .with_context(|| format!("{}: not a whole number", header_text(key, text)))
        })
        .transpose()
}

fn header_text(key: &str, value: &str) -> String {
    format!("header [{key} \"{value}\"]")
}

fn players_text(players: &[Player]) -> String {
    players
        .iter()
        .map(|p| p.short())
        .collect::<Vec<_>>()
        .join(",")
}
