//! The checked-in inputs of the fuzz target `engine_session` (`fuzz/corpus/engine_session/` and,
//! once a crash was found and fixed, `fuzz/regressions/engine_session/`), replayed as the target
//! runs them: the bytes are a controller's side of a whole `muster engine` session, which must
//! answer every line, never panic, and end at the end of the input.

mod kit;

use std::fs;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use kit::Shared;
use muster_protocol::engine::{run_with, Settings};

fn inputs(kind: &str) -> Vec<PathBuf> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(kind)
        .join("engine_session");
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.expect("a readable folder entry").path())
        .collect();
    paths.sort();
    paths
}

/// Runs one input as the fuzz target does and returns the engine's answer lines.
fn session(data: &[u8]) -> Vec<String> {
    let out = Shared::default();
    let settings = Settings {
        level: 1,
        hash: 1,
        ..Settings::default()
    };
    run_with(settings, Cursor::new(data.to_vec()), out.clone()).expect("writing to memory");
    let bytes = out.0.lock().expect("not poisoned").clone();
    String::from_utf8(bytes)
        .expect("the engine writes UTF-8")
        .lines()
        .map(str::to_owned)
        .collect()
}

fn contains_quit(data: &[u8]) -> bool {
    data.split(|&b| b == b'\n')
        .any(|line| line.trim_ascii() == b"quit")
}

#[test]
fn every_seed_session_of_the_fuzz_target_is_answered_to_its_end() {
    let seeds = inputs("corpus");
    assert!(seeds.len() >= 3, "only {} seed sessions", seeds.len());
    for path in seeds.iter().chain(inputs("regressions").iter()) {
        let data = fs::read(path).expect("a readable fuzz input");
        let answers = session(&data);
        // Every line before a `quit` gets exactly one final line, except `stop`, which has no
        // answer of its own (§1), and a `go` still searching when `quit` comes: that search is
        // stopped and the session ends without its `bestmove` (at the end of the input, a
        // running search is stopped and answered).
        let expected = data
            .split(|&b| b == b'\n')
            .take_while(|line| line.trim_ascii() != b"quit")
            .filter(|line| line.trim_ascii() != b"stop")
            .count()
            - usize::from(data.ends_with(b"\n") && !contains_quit(&data));
        let finals = answers
            .iter()
            .filter(|l| {
                l.as_str() == "ok"
                    || l.as_str() == "readyok"
                    || l.starts_with("error")
                    || l.starts_with("bestmove")
            })
            .count();
        let searches = data
            .split(|&b| b == b'\n')
            .filter(|line| line.trim_ascii().starts_with(b"go"))
            .count();
        assert!(
            finals <= expected && finals + searches >= expected,
            "{}: {finals} final lines for {expected} commands: {answers:?}",
            path.display()
        );
    }
}

#[test]
fn the_error_session_gets_an_error_for_each_bad_line() {
    let answers = session(b"newgame mu velox\n\n\xff\xfe\nbogus\nisready\n");
    let errors: Vec<&String> = answers.iter().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 3, "{answers:?}");
    assert!(errors[0].contains("empty"), "{answers:?}");
    assert!(errors[1].contains("UTF-8"), "{answers:?}");
    assert!(errors[2].contains("`bogus`"), "{answers:?}");
    assert_eq!(answers.first().map(String::as_str), Some("ok"));
    assert_eq!(answers.last().map(String::as_str), Some("readyok"));
}
