//! Speed of the Mu rules: one chain reaction on boards of 7, 14 and 28 segments, and random
//! playouts. Run with `cargo bench -p muster-rules --bench mu`.
//!
//! The crowded-board benchmarks time what a search pays per node on a late-game board (copying
//! the position, listing its actions, applying each), and random play from there; they check
//! the number of actions and the hashes of all the children.
//!
//! The chain-reaction benchmarks show that resolving a chain costs what the chain touches, not
//! what the board holds: the same chain on segment A is resolved on ever longer boards (a ribbon
//! of segments running east from A), and the time stays flat. Copying the position, which does
//! grow with the board, is done outside the timed part. Every run checks its own result: the
//! chain must end exactly as the specification's example E1 says, and the closed section must
//! come to rest with all 17 men.

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use muster_rules::game::{Game, NoEvents};
use muster_rules::mu::{Mu, MuAction, MuVariant, Pending};
use muster_rules::variant::Variant;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The specification's board T3 (segments A, B, C) followed by a ribbon of segments running
/// east from B, each three cells east and one north of the last, `n` segments in all. Only B's
/// ribbon neighbour is new near the chain, so segments A and C keep their surroundings.
fn ribbon(n: i32) -> String {
    let mut centres = vec!["0,0".to_owned(), "1,2".to_owned()];
    centres.insert(1, "3,-1".to_owned());
    centres.extend((2..n - 1).map(|i| format!("{},{}", 3 * i, -i)));
    centres.join(" ")
}

fn position(variant: &str, text: &str) -> Mu {
    Mu::from_position(&MuVariant::parse_text(variant).expect("a variant"), text)
        .expect("a position")
}

/// Spec E1, second Red move: Red's seven men on segment A with A4 (−1,0) holding two.
fn e1(n: i32) -> Mu {
    let cells = "A1=VR1 A2=VR1 A3=VR1 A4=VR2 A5=VR1 A6=VR1";
    position(
        "levis",
        &format!("{} | {cells} | play R seats=2", ribbon(n)),
    )
}

/// The E1 result (spec §4), as the tokens of segment A.
const E1_RESULT: [&str; 7] = ["VR2", "VR1", "VR1", "VR1", "CR1", "CR1", "VR2"];

/// Segment A as a closed Commonwealth section (B and C are all Wall) with 17 men on its centre.
fn closed(n: i32) -> Mu {
    let mut cells = vec!["A0=CR17".to_owned()];
    cells.extend((1..7).map(|i| format!("A{i}=C")));
    cells.extend((0..7).flat_map(|i| [format!("B{i}=W"), format!("C{i}=W")]));
    let text = format!(
        "{} | {} | play R seats=2 moved=1",
        ribbon(n),
        cells.join(" ")
    );
    position("levis order=canonical", &text)
}

fn bench_chain(c: &mut Criterion) {
    let mut group = c.benchmark_group("mu/chain");
    for segments in [7, 14, 28] {
        let start = e1(segments);
        let action = start.parse_action("A3-sw-1").expect("a move");
        group.bench_function(format!("E1 on {segments} segments"), |b| {
            b.iter_batched_ref(
                || start.clone(),
                |game| {
                    game.apply_unchecked(black_box(action));
                    for (i, want) in E1_RESULT.iter().enumerate() {
                        assert_eq!(game.cell_text(&format!("A{i}")), *want, "E1 A{i}");
                    }
                },
                BatchSize::SmallInput,
            )
        });
        let start = closed(segments);
        assert_eq!(start.pending(), Pending::Choice);
        let first = MuAction::Explode(start.canonical_explosion().expect("a hot cell"));
        group.bench_function(
            format!("closed section, 17 men, on {segments} segments"),
            |b| {
                b.iter_batched_ref(
                    || start.clone(),
                    |game| {
                        game.apply_unchecked(black_box(first));
                        assert_eq!(
                            game.pending(),
                            Pending::Nothing,
                            "the section comes to rest"
                        );
                        let men: u16 = (0..7)
                            .map(|i| game.cell(muster_rules::mu::Cell(i)).height)
                            .sum();
                        assert_eq!(men, 17);
                    },
                    BatchSize::SmallInput,
                )
            },
        );
    }
    group.finish();
}

/// Random games of Mu levis from the opening protocol (a new random lay-out every game).
fn bench_playouts(c: &mut Criterion) {
    let variant = MuVariant::parse_text("levis ply_cap=3000").expect("a variant");
    let start = Mu::new(&variant, 2).expect("two seats");
    let mut group = c.benchmark_group("mu/playout");
    group.sample_size(10);
    group.bench_function("levis, 20 games", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut actions = Vec::new();
            let mut plies = 0u64;
            for _ in 0..20 {
                let mut game = start.clone();
                while game.outcome().is_none() {
                    game.legal_actions(&mut actions);
                    let pick = actions[rng.random_range(0..actions.len())];
                    game.play(pick, &mut NoEvents);
                    plies += 1;
                }
            }
            plies
        })
    });
    group.finish();
}

/// A crowded late-game position of Mu levis (Purple to move at ply 2,483): the variant on the
/// first line, the position on the second.
const CROWDED: &str = include_str!("data/mu_crowded.txt");
/// Its legal actions.
const CROWDED_ACTIONS: usize = 202;
/// The position hashes of the positions after each of them, folded by xor.
const CROWDED_CHILDREN: u64 = 0xfb6c_1d67_c9b7_c138;

fn crowded() -> Mu {
    let mut lines = CROWDED.lines();
    let (variant, text) = (
        lines.next().expect("a variant"),
        lines.next().expect("a text"),
    );
    let game = position(variant, text);
    assert_eq!(game.position_text(), text, "the text reads back");
    game
}

/// The position hashes of every child of `game`, folded by xor.
fn children(game: &Mu, actions: &[MuAction]) -> u64 {
    actions.iter().fold(0, |acc, &action| {
        let mut child = game.clone();
        child.apply_unchecked(action);
        acc ^ child.position_hash()
    })
}

/// What a search pays at every node of a crowded board: copying the position, listing its
/// actions, and copying it once more for each child to apply the action.
fn bench_crowded(c: &mut Criterion) {
    let game = crowded();
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    assert_eq!(actions.len(), CROWDED_ACTIONS);
    assert_eq!(children(&game, &actions), CROWDED_CHILDREN);
    let mut group = c.benchmark_group("mu/crowded");
    group.bench_function("clone", |b| b.iter(|| black_box(&game).clone()));
    group.bench_function("legal actions", |b| {
        let mut out = Vec::new();
        b.iter(|| {
            black_box(&game).legal_actions(&mut out);
            assert_eq!(out.len(), CROWDED_ACTIONS);
        })
    });
    group.bench_function("clone and apply every legal action", |b| {
        b.iter(|| assert_eq!(children(black_box(&game), &actions), CROWDED_CHILDREN))
    });
    group.sample_size(10);
    group.bench_function("random play, 20 times 500 plies", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut plies = 0u64;
            for _ in 0..20 {
                let mut play = game.clone();
                for _ in 0..500 {
                    if play.outcome().is_some() {
                        break;
                    }
                    play.legal_actions(&mut actions);
                    let pick = actions[rng.random_range(0..actions.len())];
                    play.play(pick, &mut NoEvents);
                    plies += 1;
                }
            }
            plies
        })
    });
    group.finish();
}

criterion_group!(benches, bench_crowded, bench_chain, bench_playouts);
criterion_main!(benches);
