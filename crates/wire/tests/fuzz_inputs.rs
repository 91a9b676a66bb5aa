//! The checked-in inputs of the fuzz target `client_frame` (`fuzz/corpus/client_frame/` and
//! every input that once made it fail, `fuzz/regressions/client_frame/`), replayed through the
//! very checks the target runs: `fuzz/src/frames.rs` is compiled into this test.

use std::fs;
use std::path::{Path, PathBuf};

#[path = "../../../fuzz/src/frames.rs"]
mod frames;

/// The files under `fuzz/<kind>/client_frame/`, in order.
fn inputs(kind: &str) -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(kind)
        .join("client_frame");
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable folder entry").path())
        .collect();
    paths.sort();
    paths
}

/// Runs the check on every input of `paths`; returns how many ran.
fn replay(paths: &[PathBuf]) -> usize {
    let failures: Vec<String> = paths
        .iter()
        .filter_map(|path| {
            let data = fs::read(path).expect("a readable fuzz input");
            frames::client_frame(&data)
                .err()
                .map(|problem| format!("{}: {problem}", path.display()))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    paths.len()
}

#[test]
fn every_seed_frame_of_the_fuzz_target_passes_its_checks() {
    let ran = replay(&inputs("corpus"));
    assert!(
        ran >= 20,
        "only {ran} seed frames under fuzz/corpus/client_frame"
    );
}

#[test]
fn every_frame_that_once_failed_the_fuzz_target_now_passes() {
    replay(&inputs("regressions"));
}

#[test]
fn frames_of_every_kind_of_refusal_pass_the_check() {
    // A frame of every refusal and of a write, each passing.
    for text in [
        "",
        "{\"t\":",
        "[1]",
        "{\"t\":\"move\",\"d\":{}}",
        r#"{"t":"act","d":{"g":"g1","ply":"3","a":"x","id":7,"h":"0"}}"#,
        r#"{"t":"say","d":{"room":"lobby","text":"hi","id":4294967295}}"#,
    ] {
        assert_eq!(frames::client_frame(text.as_bytes()), Ok(()), "{text}");
    }
    assert_eq!(
        frames::client_frame(b"\xff{}"),
        Ok(()),
        "not UTF-8: skipped"
    );
}
