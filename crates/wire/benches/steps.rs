//! What a `step`'s scene costs the server, whole against as a change: for seeded random play of
//! every game, a spectator's scene of each decision built and written as JSON whole (as steps
//! were sent before issue 28's second step) and as a `SceneDelta` from the scene before (as
//! they are sent now: two scenes built, one delta, its JSON). Prints bytes and microseconds per
//! step. Run with `cargo bench -p muster-wire --bench steps`.
//!
//! The bench checks its own answers: every delta applied to the scene before must make the
//! scene after, and a step's JSON must be smaller as a change than whole in every game.

use std::hint::black_box;
use std::time::{Duration, Instant};

use muster_rules::{AnyGame, GameId};
use muster_view::{Scene, SceneDelta};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Decisions of play per game, after the set-up phases the walk passes.
const DECISIONS: usize = 60;
/// Times each decision is measured.
const ROUNDS: u32 = 20;

fn main() {
    println!(
        "{:<26} {:>12} {:>12} {:>12} {:>12}",
        "game (spectator)", "whole B", "delta B", "whole µs", "delta µs"
    );
    for (id, variant, seats, skip) in [
        (GameId::MurusGallicus, "basic", None, 0),
        (GameId::Mur, "game", None, 0),
        (GameId::Mu, "multi", Some(3), 60),
        (GameId::MuTou, "friendly", Some(2), 40),
    ] {
        let game = AnyGame::new(id, variant, seats).expect("a setup");
        let decisions = walk(game, skip);
        let (mut whole_bytes, mut delta_bytes) = (0usize, 0usize);
        let (mut whole_time, mut delta_time) = (Duration::ZERO, Duration::ZERO);
        for (before, action) in &decisions {
            let held = muster_view::scene(before, None).expect("drawable");
            let after = muster_view::scene_after(before, action, None).expect("legal");
            let delta = SceneDelta::between(&held, &after);
            assert_eq!(delta.apply(&held).as_ref(), Ok(&after), "{action}");
            whole_bytes += json(&after).len();
            delta_bytes += serde_json::to_string(&delta).expect("JSON").len();
            let t = Instant::now();
            for _ in 0..ROUNDS {
                let after = muster_view::scene_after(before, action, None).expect("legal");
                black_box(json(&after));
            }
            whole_time += t.elapsed();
            let t = Instant::now();
            for _ in 0..ROUNDS {
                let held = muster_view::scene(before, None).expect("drawable");
                let after = muster_view::scene_after(before, action, None).expect("legal");
                let delta = SceneDelta::between(&held, &after);
                black_box(serde_json::to_string(&delta).expect("JSON"));
            }
            delta_time += t.elapsed();
        }
        let n = decisions.len();
        let per = |d: Duration| d.as_secs_f64() * 1e6 / (n as f64 * f64::from(ROUNDS));
        println!(
            "{:<26} {:>12} {:>12} {:>12.1} {:>12.1}",
            format!("{} {variant}", id.id()),
            whole_bytes / n,
            delta_bytes / n,
            per(whole_time),
            per(delta_time)
        );
        assert!(
            delta_bytes < whole_bytes,
            "{}: a change is not smaller than the scene",
            id.id()
        );
    }
}

/// The scene as JSON.
fn json(scene: &Scene) -> String {
    serde_json::to_string(scene).expect("JSON")
}

/// `DECISIONS` seeded random decisions after the first `skip` (the set-up), each with the
/// position before it.
fn walk(mut game: AnyGame, skip: usize) -> Vec<(AnyGame, String)> {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut out = Vec::new();
    let mut seen = 0;
    while out.len() < DECISIONS {
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        let before = game.clone();
        game.apply(&action).expect("legal");
        seen += 1;
        if seen > skip {
            out.push((before, action));
        }
    }
    assert!(!out.is_empty(), "a game with decisions");
    out
}
