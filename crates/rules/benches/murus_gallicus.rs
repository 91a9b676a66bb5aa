//! Speed of the Murus Gallicus rules: perft with bulk counting from the start, and random
//! playouts. Run with `cargo bench -p muster-rules --bench murus_gallicus`.
//!
//! Both benchmarks check their own results: perft asserts the known leaf counts, and every
//! playout must end with an outcome (no ply cap is set, so a game ends only by the rules).

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use muster_rules::game::Game;
use muster_rules::murus_gallicus::{Action, MurusGallicus, MurusVariant};
use muster_rules::perft::perft;
use muster_rules::variant::Variant;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The start of a preset.
fn start(preset: &str) -> MurusGallicus {
    MurusGallicus::new(&MurusVariant::preset(preset).expect("a preset"), 2).expect("two seats")
}

/// (preset, depth, leaves): perft from the start, with the count it must reach.
const PERFT: [(&str, u32, u64); 3] = [
    ("basic", 5, 1_953_664),
    ("advanced", 5, 19_680_896),
    ("abstractplay", 4, 39_337_984),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("murus_gallicus/perft");
    group.sample_size(10);
    for (preset, depth, leaves) in PERFT {
        let game = start(preset);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{preset} depth {depth}"), |b| {
            b.iter(|| {
                let count = perft(black_box(&game), depth);
                assert_eq!(count, leaves, "{preset} perft({depth})");
                count
            })
        });
    }
    group.finish();
}

/// Plays `games` random games from `start` with a generator seeded by `seed`: each ply fills a
/// reused vector with the legal actions, picks one uniformly and applies it unchecked. Asserts
/// that every game ended with an outcome; returns the number of plies played.
fn playouts(start: &MurusGallicus, seed: u64, games: u32, actions: &mut Vec<Action>) -> u64 {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut plies = 0;
    for _ in 0..games {
        let mut game = start.clone();
        loop {
            game.legal_actions(actions);
            if actions.is_empty() {
                break;
            }
            game.apply_unchecked(actions[rng.random_range(0..actions.len())]);
            plies += 1;
        }
        assert!(
            game.outcome().is_some(),
            "a random game stopped without a result"
        );
    }
    plies
}

fn bench_playouts(c: &mut Criterion) {
    const GAMES: u32 = 1_000;
    const SEED: u64 = 0x5eed_6a11;
    let mut group = c.benchmark_group("murus_gallicus/playouts");
    let mut actions = Vec::with_capacity(256);
    for preset in ["basic", "advanced", "abstractplay"] {
        let game = start(preset);
        let plies = playouts(&game, SEED, GAMES, &mut actions);
        group.throughput(Throughput::Elements(plies));
        group.bench_function(format!("{preset} {GAMES} games ({plies} plies)"), |b| {
            b.iter(|| {
                let played = playouts(black_box(&game), SEED, GAMES, &mut actions);
                assert_eq!(played, plies);
                played
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_playouts);
criterion_main!(benches);
