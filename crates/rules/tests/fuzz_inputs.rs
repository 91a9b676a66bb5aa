//! Every checked-in fuzz input, replayed through the same checks the fuzz targets run: the seed
//! corpora (`fuzz/corpus/TARGET/`) and every input that once made a target fail
//! (`fuzz/regressions/TARGET/`). A crash found by `scripts/fuzz.sh` is fixed, then copied into
//! `fuzz/regressions/`, and stays fixed because this test runs in the normal suite.

use std::fs;
use std::path::{Path, PathBuf};

use muster_rules::conformance::outside;
use muster_rules::GameId;

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The fuzz targets whose inputs other crates replay: `engine_session` drives a whole
/// `muster engine` session, which `crates/protocol/tests/fuzz_inputs.rs` replays;
/// `client_frame` is replayed by `crates/wire/tests/fuzz_inputs.rs`, and the server's bodies
/// (`session_body`, `challenge_body`, `record_import`) by
/// `crates/server/tests/server/fuzz_inputs.rs`.
const ELSEWHERE: [&str; 5] = [
    "engine_session",
    "client_frame",
    "session_body",
    "challenge_body",
    "record_import",
];

/// The check a target runs, by the target's name.
fn check_of(target: &str) -> fn(&[u8]) -> Result<(), String> {
    match target {
        "murus_gallicus" => |d| outside::game_texts(GameId::MurusGallicus, d),
        "mur" => |d| outside::game_texts(GameId::Mur, d),
        "mu" => |d| outside::game_texts(GameId::Mu, d),
        "mutou" => |d| outside::game_texts(GameId::MuTou, d),
        "record" => outside::record_text,
        "variant" => outside::variant_text,
        other => panic!("fuzz input folder `{other}` names no fuzz target"),
    }
}

/// Runs every file under `fuzz/<kind>/<target>/`; returns how many ran.
fn replay_inputs(kind: &str) -> usize {
    let root = fuzz_dir().join(kind);
    let Ok(targets) = fs::read_dir(&root) else {
        return 0;
    };
    let mut ran = 0;
    let mut failures = Vec::new();
    for target in targets {
        let target = target.expect("a readable folder entry").path();
        let name = target.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if ELSEWHERE.contains(&name) {
            continue;
        }
        let check = check_of(name);
        for input in fs::read_dir(&target).expect("a readable target folder") {
            let path = input.expect("a readable file entry").path();
            let data = fs::read(&path).expect("a readable fuzz input");
            if let Err(problem) = check(&data) {
                failures.push(format!("{}: {problem}", path.display()));
            }
            ran += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    ran
}

#[test]
fn every_seed_input_of_every_fuzz_target_passes_its_checks() {
    let ran = replay_inputs("corpus");
    assert!(
        ran >= 60,
        "only {ran} seed inputs were found under fuzz/corpus"
    );
}

#[test]
fn every_input_that_once_failed_a_fuzz_target_now_passes() {
    replay_inputs("regressions");
}
