//! Speed of the legal-move list with click paths ([`AnyGame::legal_moves`]) where it is longest:
//! a MuTou position of tier III on a sown board with mixing, found by random play, where the
//! mover may move, alter pieces and alter the area (2,931 legal actions). A server sends this
//! list to the player to move after every decision, so it must stay well under 5 ms. Run with
//! `cargo bench -p muster-rules --bench legal_moves`.
//!
//! The benchmark checks its own answer: the number of moves, every path non-empty, and the
//! moves under the `split` tool being the split alterations of the full list.

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use muster_rules::{AnyGame, GameId, Target};

/// The variant on the first line, the position on the second.
const MOST_ACTIONS: &str = include_str!("data/mutou_most_actions.txt");
/// The legal actions of that position.
const EXPECTED: usize = 2_931;

fn bench_legal_moves(c: &mut Criterion) {
    let mut lines = MOST_ACTIONS.lines();
    let (variant, position) = (
        lines.next().expect("a variant"),
        lines.next().expect("a text"),
    );
    let game = AnyGame::from_position(GameId::MuTou, variant, position).expect("a position");
    let moves = game.legal_moves();
    assert_eq!(moves.len(), EXPECTED);
    assert!(moves.iter().all(|m| !m.path.is_empty()));
    let split = [Target::Button("split")];
    let splits = moves
        .iter()
        .filter(|m| m.text.starts_with("split:"))
        .count();
    assert!(splits > 0);
    assert_eq!(game.legal_moves_under(&split).moves.len(), splits);

    let mut group = c.benchmark_group("legal_moves");
    group.bench_function("MuTou, 2,931 actions: text, path and label of each", |b| {
        b.iter(|| {
            let moves = game.legal_moves();
            assert_eq!(moves.len(), EXPECTED);
            black_box(moves)
        })
    });
    group.bench_function(
        "MuTou, 2,931 actions: the moves under the split tool",
        |b| {
            b.iter(|| {
                let under = game.legal_moves_under(&split);
                assert_eq!(under.moves.len(), splits);
                black_box(under)
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench_legal_moves);
criterion_main!(benches);
