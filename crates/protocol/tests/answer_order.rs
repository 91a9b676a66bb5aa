//! The order of the engine's answers when commands come faster than a search ends: a whole
//! session given at once (as one write of a controller would), answered by
//! `muster_protocol::engine::run_with` in memory.

mod kit;

use std::io::Cursor;

use kit::Shared;
use muster_protocol::engine::{run_with, Settings};

/// The answers to `input`, without `info` lines.
fn answers(input: &str) -> Vec<String> {
    let out = Shared::default();
    let settings = Settings {
        level: 2,
        hash: 1,
        ..Settings::default()
    };
    run_with(
        settings,
        Cursor::new(input.as_bytes().to_vec()),
        out.clone(),
    )
    .expect("writing to memory");
    let bytes = out.0.lock().expect("not poisoned").clone();
    String::from_utf8(bytes)
        .expect("UTF-8")
        .lines()
        .filter(|l| !l.starts_with("info "))
        .map(str::to_owned)
        .collect()
}

fn is_bestmove(line: &str) -> bool {
    line.starts_with("bestmove ")
}

#[test]
fn a_command_after_stop_waits_for_the_bestmove() {
    let lines = answers("newgame murus-gallicus\ngo infinite\nstop\nlegal\nquit\n");
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0], "ok");
    assert!(is_bestmove(&lines[1]), "{lines:?}");
    assert!(lines[2].starts_with("legal "), "{lines:?}");
    assert_eq!(lines[3], "ok");
}

#[test]
fn isready_after_stop_comes_after_the_bestmove() {
    let lines = answers("newgame mur game\ngo infinite\nstop\nisready\n");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(is_bestmove(&lines[1]), "{lines:?}");
    assert_eq!(lines[2], "readyok");
}

#[test]
fn back_to_back_searches_and_stops_each_get_their_bestmove() {
    let mut input = "newgame murus-gallicus\n".to_owned();
    for n in 0..20 {
        // Searches that end by themselves, and searches only `stop` ends.
        let go = if n % 2 == 0 {
            "go infinite"
        } else {
            "go nodes 50"
        };
        input.push_str(&format!("{go}\nstop\n"));
    }
    input.push_str("isready\n");
    let lines = answers(&input);
    assert_eq!(lines.len(), 22, "{lines:?}");
    assert!(lines[1..21].iter().all(|l| is_bestmove(l)), "{lines:?}");
    assert_eq!(lines[21], "readyok");
}

#[test]
fn a_queue_of_commands_after_stop_is_answered_in_order() {
    let lines = answers(
        "newgame murus-gallicus\ngo infinite\nstop\nposition startpos moves a1-a3\ngo nodes 20\n\
         stop\nshow\nquit\nlegal\n",
    );
    assert_eq!(lines[0], "ok");
    assert!(is_bestmove(&lines[1]), "{lines:?}");
    assert_eq!(lines[2], "ok");
    assert!(is_bestmove(&lines[3]), "{lines:?}");
    assert_eq!(
        lines[4], "game murus-gallicus seats 2 variant basic",
        "{lines:?}"
    );
    assert_eq!(lines.last().map(String::as_str), Some("ok"));
    // Nothing after `quit` is answered.
    assert!(!lines.iter().any(|l| l.starts_with("legal")), "{lines:?}");
}

#[test]
fn a_search_running_at_the_end_of_the_input_is_stopped_and_answered() {
    let lines = answers("newgame mur game\ngo infinite\n");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(is_bestmove(&lines[1]), "{lines:?}");
    // `quit` ends it without an answer.
    let lines = answers("newgame mur game\ngo infinite\nquit\n");
    assert_eq!(lines, ["ok"]);
}

#[test]
fn bad_limits_are_refused_and_the_session_goes_on() {
    let lines = answers(
        "newgame murus-gallicus\ngo level 3 level 4\ngo clock 1000 1000 1000\ngo clock 1000\n\
         go inc 5\ngo movetime 0\ngo depth 65\ngo clock 1000 1000 inc 0 nodes 5\n",
    );
    assert_eq!(lines.len(), 8, "{lines:?}");
    for (line, bad) in lines[1..7].iter().zip([
        "`level`",
        "`clock 1000 1000 1000`",
        "`clock 1000`",
        "`inc`",
        "`0`",
        "`65`",
    ]) {
        assert!(
            line.starts_with("error ") && line.contains(bad),
            "{bad}: {line}"
        );
    }
    assert!(is_bestmove(&lines[7]), "{lines:?}");
}
