//! The checked-in inputs of the fuzz targets of the server's HTTP bodies (`session_body`,
//! `challenge_body`, `record_import`), replayed through the very checks the targets run:
//! `fuzz/src/bodies.rs` and `fuzz/src/imports.rs` are compiled into this test. The seed corpora
//! (`fuzz/corpus/TARGET/`) and every input that once made a target fail
//! (`fuzz/regressions/TARGET/`) run in the normal suite, so that a crash found once stays fixed.
//!
//! The finished games of `fuzz/corpus/record_import/` are written by this test from seeded
//! random games when `MUSTER_WRITE_FUZZ_SEEDS=1`; every run checks the games it would write.

use std::fs;
use std::path::{Path, PathBuf};

use muster_rules::record::{Departure, Ending, Endings, Retirement};
use muster_rules::{AnyGame, GameId, Seat};
use rand::rngs::SmallRng;
use rand::SeedableRng;

#[path = "../../../../fuzz/src/bodies.rs"]
mod bodies;
#[path = "../../../../fuzz/src/imports.rs"]
mod imports;

/// A fuzz target's check: `Err` says which property failed.
type Check = fn(&[u8]) -> Result<(), String>;

/// The targets this test replays, with their checks.
const TARGETS: [(&str, Check); 3] = [
    ("session_body", bodies::session_body),
    ("challenge_body", bodies::challenge_body),
    ("record_import", imports::record_import),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files under `fuzz/<kind>/<target>/`, in order.
fn inputs(kind: &str, target: &str) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(fuzz_dir().join(kind).join(target)) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable folder entry").path())
        .collect();
    paths.sort();
    paths
}

/// Runs every target's check on its inputs of `kind`; returns how many ran per target.
fn replay(kind: &str) -> Vec<(&'static str, usize)> {
    let mut failures = Vec::new();
    let mut ran = Vec::new();
    for (target, check) in TARGETS {
        let paths = inputs(kind, target);
        for path in &paths {
            let data = fs::read(path).expect("a readable fuzz input");
            if let Err(problem) = check(&data) {
                failures.push(format!("{}: {problem}", path.display()));
            }
        }
        ran.push((target, paths.len()));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

#[test]
fn every_seed_input_of_the_body_fuzz_targets_passes_its_checks() {
    for (target, ran) in replay("corpus") {
        assert!(
            ran >= 10,
            "only {ran} seed inputs under fuzz/corpus/{target}"
        );
    }
}

#[test]
fn every_input_that_once_failed_a_body_fuzz_target_now_passes() {
    replay("regressions");
}

/// A finished game: `seats` seats of `variant` played at random from `seed`; when it is not
/// over after `plies` decisions, the last seat resigns. A game of three seats or more loses
/// its first seat to a timeout after 6 decisions, and plays on.
fn finished(id: GameId, variant: &str, seats: Option<usize>, seed: u64, plies: usize) -> String {
    let start = AnyGame::new(id, variant, seats).expect("a seed game");
    let mut game = start.clone();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut actions = Vec::new();
    let mut endings = Endings::none();
    while actions.len() < plies {
        if start.seats() > 2 && actions.len() == 6 && endings.retired.is_empty() {
            endings.retired.push(Retirement {
                seat: Seat(0),
                after: 6,
                how: Departure::Timeout,
            });
        }
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        game.apply(&action).expect("a legal action");
        actions.push(action);
    }
    if game.outcome().is_none() {
        endings.ending = Some(Ending::Forfeit {
            seat: Seat(start.seats() as u8 - 1),
            how: Departure::Resigned,
        });
    }
    let names: Vec<(String, String)> = (0..start.seats())
        .map(|s| {
            let key = start
                .seat_name(Seat(s as u8))
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            (key, format!("Player {}", s + 1))
        })
        .collect();
    AnyGame::export_ended(&start, &actions, &endings, &names)
        .expect("a record of legal actions")
        .to_text()
}

/// The finished games written as seeds of `record_import`.
fn finished_games() -> Vec<(&'static str, String)> {
    vec![
        (
            "murus-gallicus-to-the-end",
            finished(GameId::MurusGallicus, "basic", None, 1, 400),
        ),
        (
            "murus-gallicus-resigned",
            finished(GameId::MurusGallicus, "advanced", None, 2, 12),
        ),
        ("mur-resigned", finished(GameId::Mur, "game", None, 3, 20)),
        ("mu-resigned", finished(GameId::Mu, "levis", None, 4, 16)),
        (
            "mu-three-seats-retired",
            finished(GameId::Mu, "multi", Some(3), 5, 24),
        ),
        (
            "mutou-resigned",
            finished(GameId::MuTou, "friendly", None, 6, 10),
        ),
    ]
}

/// The seeds are written only on demand: a change of notation must not fail this test, and
/// the checked-in ones are replayed by the test above whatever made them.
#[test]
fn the_finished_seed_games_pass_the_import_checks() {
    let write = std::env::var_os("MUSTER_WRITE_FUZZ_SEEDS").is_some_and(|v| v == "1");
    let folder = fuzz_dir().join("corpus/record_import");
    for (name, text) in finished_games() {
        imports::record_import(text.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}"));
        if write {
            fs::write(folder.join(name), &text).expect("the seed is written");
        }
    }
}
