//! Speed of the Mur rules: perft with bulk counting from the start, and random playouts at game
//! length. Run with `cargo bench -p muster-rules --bench mur`.
//!
//! Both benchmarks check their own results: perft asserts the known leaf counts, and every
//! playout must end with an outcome by the rules, or reach the safety cap of
//! [`SAFETY_PLIES`] plies, which is counted and reported (none has been seen).

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use muster_rules::game::Game;
use muster_rules::mur::{Action, Mur, MurVariant};
use muster_rules::perft::perft;
use muster_rules::variant::Variant;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A random game longer than this is stopped and counted as capped.
const SAFETY_PLIES: u32 = 10_000;

/// The start of the variant named by `text`.
fn start(text: &str) -> Mur {
    Mur::new(&MurVariant::parse_text(text).expect("a variant"), 2).expect("two seats")
}

/// (variant, depth, leaves): perft from the start, with the count it must reach.
const PERFT: [(&str, u32, u64); 3] = [
    ("game", 5, 9_200_928),
    ("game rules=g1", 5, 9_200_928),
    ("game blocked_paths=on", 5, 9_090_896),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("mur/perft");
    group.sample_size(10);
    for (variant, depth, leaves) in PERFT {
        let game = start(variant);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{variant} depth {depth}"), |b| {
            b.iter(|| {
                let count = perft(black_box(&game), depth);
                assert_eq!(count, leaves, "{variant} perft({depth})");
                count
            })
        });
    }
    group.finish();
}

/// What a batch of playouts did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Played {
    plies: u64,
    capped: u32,
}

/// Plays `games` random games from `start` with a generator seeded by `seed`: each ply fills a
/// reused vector with the legal actions, picks one uniformly and applies it unchecked. Every
/// game must end with an outcome or reach the safety cap.
fn playouts(start: &Mur, seed: u64, games: u32, actions: &mut Vec<Action>) -> Played {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut played = Played {
        plies: 0,
        capped: 0,
    };
    for _ in 0..games {
        let mut game = start.clone();
        let mut plies = 0;
        loop {
            game.legal_actions(actions);
            if actions.is_empty() {
                break;
            }
            if plies == SAFETY_PLIES {
                played.capped += 1;
                break;
            }
            game.apply_unchecked(actions[rng.random_range(0..actions.len())]);
            plies += 1;
        }
        assert!(
            game.outcome().is_some() || plies == SAFETY_PLIES,
            "a random game stopped without a result"
        );
        played.plies += u64::from(plies);
    }
    played
}

fn bench_playouts(c: &mut Criterion) {
    const GAMES: u32 = 1_000;
    const SEED: u64 = 0x5eed_6a11;
    let mut group = c.benchmark_group("mur/playouts");
    let mut actions = Vec::with_capacity(256);
    for variant in ["game", "game rules=g1", "match"] {
        let game = start(variant);
        let played = playouts(&game, SEED, GAMES, &mut actions);
        eprintln!(
            "mur [{variant}]: {GAMES} games, {} plies, {} capped at {SAFETY_PLIES} plies",
            played.plies, played.capped
        );
        group.throughput(Throughput::Elements(played.plies));
        group.bench_function(
            format!("{variant} {GAMES} playouts ({} plies)", played.plies),
            |b| {
                b.iter(|| {
                    let again = playouts(black_box(&game), SEED, GAMES, &mut actions);
                    assert_eq!(again, played);
                    again
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_playouts);
criterion_main!(benches);
