//! Speed of the MuTou rules: generating every decision of a turn that may move, alter pieces or
//! alter the area; the Jagger destinations of X1; and random games of tier I and II on square and
//! hex boards. Run with `cargo bench -p muster-rules --bench mutou`.
//!
//! Every benchmark checks its own answer: the X1 destinations must be the specification's twelve,
//! the decision count must equal a count made once outside the timing, and every random game must
//! end with a winner (or reach its turn cap) with the position's invariants intact.

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use muster_rules::game::{Game, NoEvents};
use muster_rules::mutou::{MuTou, MuTouAction, MuTouVariant, Power};
use muster_rules::playout::{random_action, Buffers};
use muster_rules::variant::Variant;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Tier I in play on the 8×8 layout: Red's pieces on d4 (Jagger and blood), c1 and f1, Blue's
/// on h8 and a8. Red to move with 3 wafers.
const MIDGAME: &str = "tier=I phase=play wafers=3,3 bank=0,0 supply=4 out=-,- zones=1,2 \
                       pools=-,- pieces=t2:1:WWAA,t5:1:WWJR,t27:1:JJB1,t56:2:WAJ,t63:2:WB2 \
                       turn=1:1 budget=3 spent=0 cat=- started=0 refused=0 moved=- frozen=- \
                       pending=free edits=-";

fn bench_decisions(c: &mut Criterion) {
    let variant = MuTouVariant::default();
    let game = MuTou::from_position(&variant, MIDGAME).expect("a position");
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let expected = actions.len();
    let jaggers = actions
        .iter()
        .filter(|a| matches!(a, MuTouAction::Step { power: Power::Jagger, from, .. } if game.name(*from) == "d4"))
        .count();
    assert_eq!(jaggers, 12, "d4's twelve X1 destinations, none blocked");
    let mut group = c.benchmark_group("mutou/decisions");
    group.bench_function("every decision at the start of a tier I turn", |b| {
        b.iter(|| {
            game.legal_actions(&mut actions);
            assert_eq!(actions.len(), expected);
            black_box(actions.len())
        })
    });
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("mutou/playout");
    group.sample_size(10);
    for preset in ["friendly", "village", "hex"] {
        let variant = MuTouVariant::parse_text(&format!("{preset} turn_cap=400")).expect("variant");
        let start = MuTou::new(&variant, 2).expect("two seats");
        group.bench_function(format!("{preset}, 4 games"), |b| {
            let mut seed = 0;
            b.iter(|| {
                let mut plies = 0u64;
                for _ in 0..4 {
                    seed += 1;
                    let mut rng = SmallRng::seed_from_u64(seed);
                    let mut buffers = Buffers::default();
                    let mut game = start.clone();
                    while let Some(action) = random_action(&game, &mut rng, &mut buffers) {
                        game.play(action, &mut NoEvents);
                        plies += 1;
                    }
                    assert!(game.outcome().is_some(), "every game ends");
                    assert_eq!(game.check_invariants(), Ok(()));
                }
                plies
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_decisions, bench_playouts);
criterion_main!(benches);
