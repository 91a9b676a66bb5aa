//! Random plies per second from a game's start, on one thread, for quick measurements while
//! working on the rules' speed without building the CLI (`muster bench` is the measure of
//! record and plays the same games).
//!
//! `cargo run --release -p muster-rules --example plies -- GAME [VARIANT] [SEATS] [SECONDS] [SEED] [GAMES]`,
//! e.g. `-- mutou "board=sown tier=III" 2 3`; an empty variant or seat count takes the default.
//! With GAMES, exactly that many games are played whatever the time (the seconds are then
//! ignored), for counting instructions over a fixed set of games (games are drawn one after
//! the other from one generator, so the first N games are the same however they are batched).

use std::time::{Duration, Instant};

use muster_rules::{AnyGame, GameId};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// The allocator `muster` uses, so the figures compare with `muster bench`.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    let id = GameId::parse(arg(0)).unwrap_or_else(|e| {
        eprintln!("{e}; usage: plies GAME [VARIANT] [SEATS] [SECONDS] [SEED] [GAMES]");
        std::process::exit(2)
    });
    let seats = arg(2).parse::<usize>().ok();
    let seconds: f64 = arg(3).parse().unwrap_or(3.0);
    let seed: u64 = arg(4).parse().unwrap_or(0);
    let fixed: Option<u64> = arg(5).parse().ok();
    let start = AnyGame::new(id, arg(1), seats).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let mut rng = SmallRng::seed_from_u64(seed);
    let began = Instant::now();
    let deadline = began + Duration::from_secs_f64(seconds);
    let (mut plies, mut games, mut unfinished) = (0u64, 0u64, 0u64);
    let mut batch = 1;
    loop {
        let more = match fixed {
            Some(total) if games >= total => break,
            Some(total) => batch.min(total - games),
            None if Instant::now() >= deadline => break,
            None => batch,
        };
        let stats = start.random_games(&mut rng, more, 10_000);
        plies += stats.actions;
        games += stats.games;
        unfinished += stats.unfinished;
        batch = (batch * 2).min(64);
    }
    let secs = began.elapsed().as_secs_f64();
    println!(
        "{} {:?}: {:.0} plies/s, {games} games, {:.1} plies/game, {unfinished} unfinished, {secs:.2} s",
        id.id(),
        start.variant_text(),
        plies as f64 / secs,
        plies as f64 / games.max(1) as f64,
    );
}
