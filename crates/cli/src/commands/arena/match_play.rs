//! One arena game: seats, opening, engines, the record.

use std::path::Path;

use anyhow::{Context, Result};
use muster_rules::{Actor, AnyGame};
use muster_search::StopFlag;
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::elo::GameResult;
use crate::args::ArenaArgs;
use crate::commands::play::players::Player;

/// A game to play.
#[derive(Clone, Debug)]
pub struct Job {
    /// Its number in the arena, from 0.
    pub number: usize,
    /// The two players (indices into the player list); `a` takes seat 1 unless swapped.
    pub pair: (usize, usize),
    /// Whether `b` takes the first seat.
    pub swapped: bool,
    /// Seeds the random opening and chance; shared by the two games of an opening.
    pub opening_seed: u64,
    /// Seeds the engines.
    pub engine_seed: u64,
}

/// A game played.
#[derive(Clone, Debug)]
pub struct Finished {
    /// What was asked.
    pub job: Job,
    /// Who sat where and how each seat did.
    pub result: GameResult,
    /// The start position.
    pub start: AnyGame,
    /// Every action, in notation.
    pub actions: Vec<String>,
    /// Stopped at `--max-plies` (scored as a draw).
    pub unfinished: bool,
}

/// The player index of each seat: the pair alternates around the table.
fn seat_players(job: &Job, seats: usize) -> Vec<usize> {
    let (a, b) = job.pair;
    (0..seats)
        .map(|s| if (s % 2 == 0) != job.swapped { a } else { b })
        .collect()
}

/// Plays one game to its end (or to `--max-plies`).
pub fn play_game(
    start: &AnyGame,
    players: &[Player],
    job: &Job,
    args: &ArenaArgs,
) -> Result<Finished> {
    let seats = seat_players(job, start.seats());
    let mut engines = seats
        .iter()
        .enumerate()
        .map(|(s, &p)| {
            let seed = job.engine_seed.wrapping_add(s as u64);
            players[p]
                .engine(start.id(), seed, 1)
                .context("an arena player must be an engine")
        })
        .collect::<Result<Vec<_>>>()?;
    let mut dice = SmallRng::seed_from_u64(job.opening_seed);
    let mut game = start.clone();
    let mut actions = Vec::new();
    let mut decisions = 0u32;
    let stop = StopFlag::default();
    while actions.len() < args.max_plies as usize {
        let action = match game.actor() {
            Actor::Over => break,
            Actor::Chance => game
                .random_action(&mut dice)
                .context("chance has no outcome")?,
            Actor::Seat(_) if decisions < args.opening => {
                decisions += 1;
                game.random_action(&mut dice).context("no legal action")?
            }
            Actor::Seat(seat) => {
                decisions += 1;
                engines[seat.index()]
                    .think(&game, None, &stop, &mut ())
                    .with_context(|| {
                        format!(
                            "game {}: {} cannot decide",
                            job.number + 1,
                            players[seats[seat.index()]].short()
                        )
                    })?
                    .action
            }
        };
        let before = game.clone();
        game.apply(&action)
            .with_context(|| format!("game {}: `{action}` was refused", job.number + 1))?;
        for engine in &mut engines {
            engine.observe(&before, &action);
        }
        actions.push(action);
    }
    let outcome = game.outcome();
    let utilities = (0..start.seats())
        .map(|s| {
            outcome
                .as_ref()
                .map_or(0.5, |o| o.utility(muster_rules::Seat(s as u8)))
        })
        .collect();
    Ok(Finished {
        job: job.clone(),
        result: GameResult {
            players: seats,
            utilities,
        },
        start: start.clone(),
        unfinished: outcome.is_none(),
        actions,
    })
}

/// Writes the game's record as `NNNN-A-vs-B.txt` (players in seat order, `mcts:500` written
/// `mcts500` so that the name is a file name everywhere) in `folder`.
pub fn save_record(folder: &Path, players: &[Player], game: &Finished) -> Result<()> {
    let names: Vec<String> = game
        .result
        .players
        .iter()
        .map(|&p| players[p].short())
        .collect();
    let mut headers: Vec<(String, String)> = game
        .result
        .players
        .iter()
        .enumerate()
        .map(|(s, &p)| {
            let seat = game.start.seat_name(muster_rules::Seat(s as u8));
            (header_key(&seat), players[p].describe())
        })
        .collect();
    headers.push((
        "Event".to_owned(),
        format!("muster arena, game {}", game.job.number + 1),
    ));
    if game.unfinished {
        headers.push((
            "Termination".to_owned(),
            format!(
                "stopped by the arena after {} actions; scored as a draw",
                game.actions.len()
            ),
        ));
    }
    let record = AnyGame::export(&game.start, &game.actions, &headers)?;
    let file = folder.join(format!(
        "{:04}-{}.txt",
        game.job.number + 1,
        names.join("-vs-").replace(':', "")
    ));
    std::fs::write(&file, record.to_text())
        .with_context(|| format!("cannot write `{}`", file.display()))
}

/// A seat name as a record header key (letters, digits and `_`).
fn header_key(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
