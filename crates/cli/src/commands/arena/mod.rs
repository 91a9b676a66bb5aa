//! `muster arena`: AI levels and random players against each other.
//!
//! The schedule gives the pairings; each pairing plays `--games` games, seats rotating from game
//! to game and every opening (a few random decisions) played once each way round. Games run on
//! `--parallel` threads; a progress bar shows the live score. At the end: Elo with a 95 %
//! interval per player ([`elo::fit`], random anchored at 0 when it plays), a ratings table, a
//! pairings table, every game as a record in `--out`, optionally an SVG ladder and a JSON summary.
//! Everything is derived from `--seed`, so an arena can be run again to the same results.
//!
//! Players may be outside engines (`engine:<command>`, docs/engine-protocol.md §7): each is
//! started per game and seat, logged to `<out>/logs/NNNN-seatK.log`, and loses the game when it
//! is late (`--move-time`), answers an illegal action or crashes; such forfeits are reported as
//! they happen, in the records (`Ending`, `Termination`) and in the summary.

pub mod elo;
mod match_play;
pub mod plot;
pub mod progress;
pub mod report;
mod schedule;

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use anyhow::{bail, Context, Result};
use serde::Serialize;

use self::elo::{GameResult, Pairing, Rating};
use self::match_play::{play_game, Finished, Job};
use self::progress::ProgressBar;
use crate::args::ArenaArgs;
use crate::commands::play::players::Player;
use crate::commands::start_game;

/// Runs the arena and reports.
pub fn run(args: &ArenaArgs) -> Result<()> {
    let start = start_game(&args.start)?;
    let players = args
        .players
        .iter()
        .map(|p| Player::parse(p).map_err(|e| anyhow::anyhow!("--players {e}")))
        .collect::<Result<Vec<_>>>()?;
    if players.contains(&Player::Human) {
        bail!("--players: `human` cannot play in the arena");
    }
    let pairs = schedule::pairings(&players, &args.schedule, &args.pairs)?;
    if args.games == 0 {
        bail!("--games 0: nothing to play");
    }
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create the records folder `{}`", args.out.display()))?;
    if let Some(note) = endless_note(&start, &players) {
        eprintln!("{note}");
    }
    let jobs = schedule::jobs(&pairs, args.games, args.seed);
    let finished = play_all(&start, &players, jobs, args)?;
    let summary = Summary::new(&start, &players, &finished, args);
    if let Some(path) = &args.plot {
        std::fs::write(path, summary.plot(&players))
            .with_context(|| format!("cannot write the plot `{}`", path.display()))?;
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print!("{}", summary.text());
    }
    Ok(())
}

/// A word of warning when a game can go on for ever: Mu ends only when every player passes
/// (mu §2.12, A19). muster's own players end it (`muster_search::ending`), but a random player
/// or an outside engine may never give way, and then the game runs to `--max-plies`. The rules'
/// `ply_cap` (a labelled house rule) ends and counts such games.
fn endless_note(start: &muster_rules::AnyGame, players: &[Player]) -> Option<String> {
    let variant = start.variant_text();
    let unruly = players
        .iter()
        .any(|p| matches!(p, Player::Random | Player::Engine(_)));
    (start.id() == muster_rules::GameId::Mu && unruly && !variant.contains("ply_cap=")).then(|| {
        format!(
            "note: Mu ends only when every player passes; muster's levels pass once play goes \
             quiet, but a random player or an outside engine may play on to --max-plies, scored \
             a draw. To count such games after N turns, play the house rule: --variant \
             \"{variant} ply_cap=200\""
        )
    })
}

/// Plays every job on `--parallel` threads, saving records and drawing progress as games end.
fn play_all(
    start: &muster_rules::AnyGame,
    players: &[Player],
    jobs: Vec<Job>,
    args: &ArenaArgs,
) -> Result<Vec<Finished>> {
    let total = jobs.len() as u64;
    let queue = Arc::new(Mutex::new(jobs.into_iter()));
    let (sender, receiver) = mpsc::channel::<Result<Finished>>();
    let mut bar = ProgressBar::new(total, "arena");
    let mut finished = Vec::new();
    std::thread::scope(|scope| -> Result<()> {
        for _ in 0..args.parallel.max(1) {
            let queue = Arc::clone(&queue);
            let sender = sender.clone();
            scope.spawn(move || loop {
                let job = queue.lock().unwrap_or_else(|e| e.into_inner()).next();
                let Some(job) = job else { break };
                if sender.send(play_game(start, players, &job, args)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut tally = schedule::Tally::new(players);
        for result in receiver {
            let game = result?;
            match_play::save_record(&args.out, players, &game)?;
            if game.unfinished {
                bar.println(&format!(
                    "game {} stopped after {} actions (--max-plies); scored as a draw",
                    game.job.number + 1,
                    game.actions.len()
                ));
            }
            if let Some(forfeit) = &game.forfeit {
                bar.println(&format!("game {}: {}", game.job.number + 1, forfeit.words));
            }
            tally.add(&game);
            finished.push(game);
            bar.set(finished.len() as u64, &tally.status());
        }
        Ok(())
    })?;
    bar.finish();
    finished.sort_by_key(|g| g.job.number);
    Ok(finished)
}

/// Everything an arena found, as printed and as JSON.
#[derive(Debug, Serialize)]
struct Summary {
    game: String,
    variant: String,
    seats: usize,
    games: usize,
    unfinished: usize,
    /// Games lost by an outside engine's failure (late, illegal, crashed).
    forfeits: usize,
    seed: u64,
    records: String,
    anchor: String,
    players: Vec<PlayerSummary>,
    pairings: Vec<PairingSummary>,
}

#[derive(Debug, Serialize)]
struct PlayerSummary {
    player: String,
    games: u32,
    score: f64,
    elo: f64,
    /// Half-width of the 95 % interval (`null`: unbounded).
    margin: Option<f64>,
    /// Games this player lost by its engine's failure.
    forfeits: u32,
}

#[derive(Debug, Serialize)]
struct PairingSummary {
    a: String,
    b: String,
    games: u32,
    a_wins: u32,
    draws: u32,
    b_wins: u32,
    a_score: f64,
    elo_difference: f64,
    margin: Option<f64>,
}

impl Summary {
    fn new(
        start: &muster_rules::AnyGame,
        players: &[Player],
        finished: &[Finished],
        args: &ArenaArgs,
    ) -> Summary {
        let results: Vec<GameResult> = finished.iter().map(|g| g.result.clone()).collect();
        let anchor = players
            .iter()
            .position(|p| *p == Player::Random)
            .unwrap_or(0);
        let ratings = elo::fit(players.len(), &results, anchor, 0.0);
        let (games, scores) = schedule::totals(players.len(), &results);
        let pairings = elo::pairings(players.len(), &results);
        Summary {
            game: start.id().id().to_owned(),
            variant: start.variant_text(),
            seats: start.seats(),
            games: finished.len(),
            unfinished: finished.iter().filter(|g| g.unfinished).count(),
            forfeits: finished.iter().filter(|g| g.forfeit.is_some()).count(),
            seed: args.seed,
            records: args.out.display().to_string(),
            anchor: players[anchor].short(),
            players: player_summaries(players, &games, &scores, &ratings, finished),
            pairings: pairings
                .iter()
                .map(|p| pairing_summary(players, p))
                .collect(),
        }
    }

    fn text(&self) -> String {
        let names: Vec<String> = self.players.iter().map(|p| p.player.clone()).collect();
        let games: Vec<u32> = self.players.iter().map(|p| p.games).collect();
        let scores: Vec<f64> = self.players.iter().map(|p| p.score).collect();
        let ratings: Vec<Rating> = self
            .players
            .iter()
            .map(|p| Rating {
                elo: p.elo,
                margin: p.margin.unwrap_or(f64::INFINITY),
            })
            .collect();
        let index = |name: &str| names.iter().position(|n| n == name).expect("a player");
        let pairings: Vec<Pairing> = self
            .pairings
            .iter()
            .map(|p| Pairing {
                a: index(&p.a),
                b: index(&p.b),
                games: p.games,
                a_wins: p.a_wins,
                draws: p.draws,
                b_wins: p.b_wins,
            })
            .collect();
        let mut out = format!(
            "{} ({}), {} seats: {} games ({} unfinished, scored as draws), seed {}\n\
             Elo anchored at 0 for {}; ± is the 95 % interval. Records in {}.\n\n",
            self.game,
            self.variant,
            self.seats,
            self.games,
            self.unfinished,
            self.seed,
            self.anchor,
            self.records
        );
        if self.forfeits > 0 {
            let losers: Vec<String> = self
                .players
                .iter()
                .filter(|p| p.forfeits > 0)
                .map(|p| format!("{} {}", p.player, p.forfeits))
                .collect();
            out.push_str(&format!(
                "{} game{} lost by an outside engine's failure ({}); logs in {}.\n\n",
                self.forfeits,
                if self.forfeits == 1 { "" } else { "s" },
                losers.join(", "),
                std::path::Path::new(&self.records).join("logs").display()
            ));
        }
        out.push_str(&report::ratings_table(&names, &games, &scores, &ratings));
        out.push('\n');
        out.push_str(&report::pairings_table(&names, &pairings));
        out
    }

    /// Elo against level: random at level 0.
    fn plot(&self, players: &[Player]) -> String {
        let points = players
            .iter()
            .zip(&self.players)
            .filter_map(|(player, summary)| {
                let x = match player {
                    Player::Random => 0.0,
                    Player::Level(n) => f64::from(*n),
                    // The ladder plots levels; other searches have no place on its axis.
                    Player::Human | Player::Search(_) | Player::Engine(_) => return None,
                };
                Some(plot::Point {
                    x,
                    label: summary.player.clone(),
                    elo: summary.elo,
                    margin: summary.margin.unwrap_or(f64::INFINITY),
                })
            })
            .collect();
        let series = plot::Series {
            name: format!("{} ({})", self.game, self.variant),
            points,
        };
        let title = format!(
            "muster levels: {} ({}), {} games",
            self.game, self.variant, self.games
        );
        plot::ladder_svg(&title, "level (0 = random)", &[series])
    }
}

fn player_summaries(
    players: &[Player],
    games: &[u32],
    scores: &[f64],
    ratings: &[Rating],
    finished: &[Finished],
) -> Vec<PlayerSummary> {
    let forfeits = |player: usize| {
        finished
            .iter()
            .filter_map(|g| g.forfeit.as_ref().map(|f| g.result.players[f.seat]))
            .filter(|&p| p == player)
            .count() as u32
    };
    players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerSummary {
            forfeits: forfeits(i),
            player: p.short(),
            games: games[i],
            score: scores[i],
            elo: ratings[i].elo,
            margin: ratings[i].margin.is_finite().then_some(ratings[i].margin),
        })
        .collect()
}

fn pairing_summary(players: &[Player], p: &Pairing) -> PairingSummary {
    let (difference, margin) = p.elo_difference();
    PairingSummary {
        a: players[p.a].short(),
        b: players[p.b].short(),
        games: p.games,
        a_wins: p.a_wins,
        draws: p.draws,
        b_wins: p.b_wins,
        a_score: p.score(),
        elo_difference: difference,
        margin: margin.is_finite().then_some(margin),
    }
}
