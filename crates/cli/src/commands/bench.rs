//! `muster bench <game>`: random playouts from the start for a fixed time, on one or more
//! threads, reporting plies and games per second and how the games ended.
//!
//! Each thread owns a `SmallRng` seeded `seed + thread` and plays batches of games through
//! [`AnyGame::random_games`]; batches start small and grow to [`MAX_BATCH`] so that short runs
//! stop on time. A progress line is drawn on stderr only when stderr is a terminal.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use muster_rules::playout::PlayoutStats;
use muster_rules::AnyGame;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde_json::{json, Map, Value};

use crate::args::BenchArgs;
use crate::commands::{capped_threads, seat_names, start_game};

/// The largest batch of games a thread plays between two looks at the clock.
const MAX_BATCH: u64 = 256;
/// The most threads accepted.
const MAX_THREADS: usize = 256;
/// The longest run accepted, in seconds (one day).
const MAX_SECONDS: f64 = 86_400.0;

/// Runs the benchmark and prints the report.
pub fn run(args: &BenchArgs) -> Result<()> {
    if args.search {
        return super::bench_search::run(args);
    }
    check_limits(args)?;
    let start = start_game(&args.start)?;
    let threads = capped_threads(args.threads);
    let started = Instant::now();
    let stats = play_for(&start, args, threads);
    let seconds = started.elapsed().as_secs_f64();
    let report = Report {
        start: &start,
        stats,
        seconds,
        threads,
    };
    let mut out = io::stdout().lock();
    if args.json {
        writeln!(out, "{}", report.json())?;
    } else {
        report.write_text(&mut out)?;
    }
    Ok(())
}

fn check_limits(args: &BenchArgs) -> Result<()> {
    if !(args.seconds.is_finite() && (0.0..=MAX_SECONDS).contains(&args.seconds)) {
        bail!(
            "--seconds {}: expected a number of seconds from 0 to {MAX_SECONDS}",
            args.seconds
        );
    }
    if !(1..=MAX_THREADS).contains(&args.threads) {
        bail!(
            "--threads {}: expected 1 to {MAX_THREADS} threads",
            args.threads
        );
    }
    if args.max_plies == 0 {
        bail!("--max-plies 0: a game needs at least one ply");
    }
    Ok(())
}

/// Plays on each of `threads` threads until the time is up; returns the merged totals.
fn play_for(start: &AnyGame, args: &BenchArgs, threads: usize) -> PlayoutStats {
    let deadline = Instant::now() + Duration::from_secs_f64(args.seconds);
    let games_done = AtomicU64::new(0);
    let mut total = PlayoutStats {
        wins: vec![0; start.seats()],
        ..PlayoutStats::default()
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|thread| {
                let seed = args.seed.wrapping_add(thread as u64);
                let games_done = &games_done;
                scope.spawn(move || worker(start, seed, deadline, args.max_plies, games_done))
            })
            .collect();
        if io::stderr().is_terminal() {
            show_progress(&workers, &games_done, args.seconds);
        }
        for worker in workers {
            // A worker only panics if the rules do; pass that panic on unchanged.
            let stats = worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            total.merge(&stats);
        }
    });
    total
}

/// One thread's loop: batches of random games until the deadline.
fn worker(
    start: &AnyGame,
    seed: u64,
    deadline: Instant,
    max_plies: u64,
    games_done: &AtomicU64,
) -> PlayoutStats {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut stats = PlayoutStats {
        wins: vec![0; start.seats()],
        ..PlayoutStats::default()
    };
    let mut batch = 1;
    while Instant::now() < deadline {
        let done = start.random_games(&mut rng, batch, max_plies);
        games_done.fetch_add(done.games, Ordering::Relaxed);
        stats.merge(&done);
        batch = (batch * 2).min(MAX_BATCH);
    }
    stats
}

/// Redraws `bench: 1.2 s of 3 s, 12345 games` on stderr until every worker is done.
fn show_progress<T>(
    workers: &[std::thread::ScopedJoinHandle<'_, T>],
    games_done: &AtomicU64,
    seconds: f64,
) {
    let started = Instant::now();
    let mut err = io::stderr().lock();
    while !workers.iter().all(|w| w.is_finished()) {
        let elapsed = started.elapsed().as_secs_f64().min(seconds);
        let games = games_done.load(Ordering::Relaxed);
        // Progress is a courtesy: a failed write to the terminal is not worth stopping for.
        let _ = write!(
            err,
            "\rbench: {elapsed:.1} s of {seconds} s, {games} games   "
        );
        let _ = err.flush();
        std::thread::sleep(Duration::from_millis(100));
    }
    let _ = write!(err, "\r{:60}\r", "");
    let _ = err.flush();
}

/// The totals of a run and what is needed to present them.
struct Report<'a> {
    start: &'a AnyGame,
    stats: PlayoutStats,
    seconds: f64,
    threads: usize,
}

impl Report<'_> {
    fn per_second(&self, count: u64) -> f64 {
        if self.seconds > 0.0 {
            count as f64 / self.seconds
        } else {
            0.0
        }
    }

    fn average_plies(&self) -> f64 {
        if self.stats.games > 0 {
            self.stats.actions as f64 / self.stats.games as f64
        } else {
            0.0
        }
    }

    fn wins(&self) -> Vec<(String, u64)> {
        let counts = self.stats.wins.iter().copied().chain(std::iter::repeat(0));
        seat_names(self.start).into_iter().zip(counts).collect()
    }

    fn json(&self) -> Value {
        let wins: Map<String, Value> = self
            .wins()
            .into_iter()
            .map(|(name, n)| (name, n.into()))
            .collect();
        json!({
            "game": self.start.id().id(),
            "variant": self.start.variant_text(),
            "threads": self.threads,
            "seconds": self.seconds,
            "games": self.stats.games,
            "plies": self.stats.actions,
            "plies_per_second": self.per_second(self.stats.actions),
            "games_per_second": self.per_second(self.stats.games),
            "average_plies": self.average_plies(),
            "unfinished": self.stats.unfinished,
            "draws": self.stats.draws,
            "wins": wins,
        })
    }

    fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        let s = &self.stats;
        writeln!(out, "game          {}", self.start.id().id())?;
        writeln!(out, "variant       {}", self.start.variant_text())?;
        writeln!(out, "threads       {}", self.threads)?;
        writeln!(out, "seconds       {:.3}", self.seconds)?;
        writeln!(out, "games         {}", s.games)?;
        writeln!(out, "plies         {}", s.actions)?;
        writeln!(out, "plies/s       {:.0}", self.per_second(s.actions))?;
        writeln!(out, "games/s       {:.1}", self.per_second(s.games))?;
        writeln!(out, "plies/game    {:.1}", self.average_plies())?;
        writeln!(out, "unfinished    {}", s.unfinished)?;
        for (name, n) in self.wins() {
            writeln!(out, "{:<14}{n}", format!("{name} wins"))?;
        }
        writeln!(out, "draws         {}", s.draws)
    }
}
