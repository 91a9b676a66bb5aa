//! One arena game: seats, opening, engines (built in or outside), the record.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};
use muster_protocol::controller::{EngineFailure, ExternalEngine};
use muster_rules::{Actor, AnyGame};
use muster_search::{Engine, StopFlag};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::elo::GameResult;
use crate::args::ArenaArgs;
use crate::commands::outside::{self, Forfeit};
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
    /// A seat whose outside engine failed (late, illegal, crashed) and so lost.
    pub forfeit: Option<Forfeit>,
}

/// Who decides for one seat of an arena game.
enum SeatPlayer {
    /// A built-in player.
    Builtin(Box<Engine>),
    /// An outside engine, running.
    Outside(ExternalEngine),
    /// An outside engine that could not be started: it loses at its first decision.
    Failed(EngineFailure),
}

/// The player index of each seat: the pair alternates around the table.
fn seat_players(job: &Job, seats: usize) -> Vec<usize> {
    let (a, b) = job.pair;
    (0..seats)
        .map(|s| if (s % 2 == 0) != job.swapped { a } else { b })
        .collect()
}

/// Plays one game to its end (or to `--max-plies`, or to an outside engine's failure).
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
            if let Player::Engine(command) = &players[p] {
                let log =
                    args.out
                        .join("logs")
                        .join(format!("{:04}-seat{}.log", job.number + 1, s + 1));
                return Ok(match outside::start(command, Some(log), seed, start) {
                    Ok(engine) => SeatPlayer::Outside(engine),
                    Err(failure) => SeatPlayer::Failed(failure),
                });
            }
            players[p]
                .engine(start.id(), seed, 1)
                .map(|engine| SeatPlayer::Builtin(Box::new(engine)))
                .context("an arena player must be an engine")
        })
        .collect::<Result<Vec<_>>>()?;
    let limits = outside::limits(Duration::from_millis(args.move_time));
    let mut dice = SmallRng::seed_from_u64(job.opening_seed);
    let mut game = start.clone();
    let mut actions = Vec::new();
    let mut decisions = 0u32;
    let mut forfeit = None;
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
                let player = &players[seats[seat.index()]];
                let decided = match &mut engines[seat.index()] {
                    SeatPlayer::Builtin(engine) => {
                        engine
                            .think(&game, None, &stop, &mut ())
                            .with_context(|| {
                                format!("game {}: {} cannot decide", job.number + 1, player.short())
                            })?
                            .action
                    }
                    SeatPlayer::Outside(engine) => {
                        match engine.decide(start, &actions, &game, &limits) {
                            Ok(decision) => decision.action,
                            Err(failure) => {
                                forfeit =
                                    Some(Forfeit::new(seat.index(), &player.describe(), &failure));
                                break;
                            }
                        }
                    }
                    SeatPlayer::Failed(failure) => {
                        forfeit = Some(Forfeit::new(seat.index(), &player.describe(), failure));
                        break;
                    }
                };
                decided
            }
        };
        let before = game.clone();
        game.apply(&action)
            .with_context(|| format!("game {}: `{action}` was refused", job.number + 1))?;
        for seat_player in &mut engines {
            if let SeatPlayer::Builtin(engine) = seat_player {
                engine.observe(&before, &action);
            }
        }
        actions.push(action);
    }
    for seat_player in engines {
        if let SeatPlayer::Outside(engine) = seat_player {
            if let Some(f) = &forfeit {
                engine.note(&format!("game over: {}", f.words));
            }
            engine.quit();
        }
    }
    let outcome = match &forfeit {
        Some(f) => f.endings().outcome(game.outcome(), start.seats()),
        None => game.outcome(),
    };
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
        forfeit,
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
    let record = match &game.forfeit {
        Some(forfeit) => {
            let mut record =
                AnyGame::export_ended(&game.start, &game.actions, &forfeit.endings(), &headers)?;
            record.set_header("Termination", forfeit.words.clone());
            record
        }
        None => AnyGame::export(&game.start, &game.actions, &headers)?,
    };
    let names: Vec<String> = names.iter().map(|n| file_word(n)).collect();
    let file = folder.join(format!(
        "{:04}-{}.txt",
        game.job.number + 1,
        names.join("-vs-")
    ));
    std::fs::write(&file, record.to_text())
        .with_context(|| format!("cannot write `{}`", file.display()))
}

/// A player's short name as part of a file name: `:` dropped (`mcts500`), anything but letters,
/// digits, `.`, `_` and `-` made `_`, at most 40 characters (outside engines' commands).
fn file_word(name: &str) -> String {
    name.chars()
        .filter(|&c| c != ':')
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .take(40)
        .collect()
}

/// A seat name as a record header key (letters, digits and `_`).
fn header_key(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}
