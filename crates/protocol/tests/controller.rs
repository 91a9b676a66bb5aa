//! The controller against small engines written here in Python: real child processes that
//! answer the handshake and then play well, too slowly, illegally or not at all.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use muster_protocol::controller::{
    EngineCommand, EngineConfig, EngineFailure, ExternalEngine, GoLimits,
};
use muster_rules::{AnyGame, GameId};

/// An engine in a few lines of Python; its first argument says how it behaves at `go`:
/// `good MOVE` answers MOVE, `after MS MOVE` answers MOVE MS milliseconds after it read `go`,
/// `slow` sleeps 3 s first, `illegal` answers `zz99`, `crash` writes to standard error and
/// exits with status 3, `env NAME` answers the value of its environment variable NAME; `old`
/// speaks protocol 2. Every command it reads is written to standard error too.
const ENGINE: &str = r#"
import os, sys, time
mode = sys.argv[1]
def say(line):
    sys.stdout.write(line + "\n"); sys.stdout.flush()
for line in sys.stdin:
    words = line.split()
    sys.stderr.write("got " + line); sys.stderr.flush()
    if not words: say("error empty"); continue
    cmd = words[0]
    if cmd == "muster":
        say("id name test-" + mode)
        say("protocol " + ("2" if mode == "old" else "1"))
        say("game murus-gallicus seats 2-2 variants basic advanced")
        say("game mu seats 2-3")
        say("option seed int default 0")
        say("ok")
    elif cmd == "setoption":
        say("ok" if words[1] == "seed" else "error unknown option `" + words[1] + "`")
    elif cmd == "go":
        if mode == "slow": time.sleep(3)
        if mode == "after": time.sleep(int(sys.argv[2]) / 1000)
        if mode == "crash":
            sys.stderr.write("dying on purpose\n"); sys.stderr.flush(); sys.exit(3)
        say("info depth 1 nodes 1 score 0.5 0.5 pv x")
        answer = {"good": sys.argv[-1], "after": sys.argv[-1],
                  "env": os.environ.get(sys.argv[-1], "unset")}.get(mode, "zz99")
        say("bestmove " + answer)
    elif cmd == "stop": pass
    elif cmd == "quit": break
    else: say("ok")
"#;

/// Fails with a clear message when `python3` is missing (these tests need it).
fn python() -> &'static str {
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    assert!(
        found,
        "these tests run engines written in Python: install python3 (scripts/check.sh does)"
    );
    "python3"
}

/// Writes the engine script into `dir` and returns the command running it in `mode`.
fn engine(dir: &Path, mode: &[&str]) -> EngineCommand {
    let script = dir.join("engine.py");
    std::fs::write(&script, ENGINE).unwrap();
    EngineCommand {
        program: python().to_owned(),
        args: std::iter::once(script.display().to_string())
            .chain(mode.iter().map(|s| (*s).to_owned()))
            .collect(),
        env: Vec::new(),
    }
}

/// Whether process `pid` is gone, zombie included (on Linux, where `/proc` tells; elsewhere
/// assumed).
fn reaped(pid: u32) -> bool {
    if cfg!(target_os = "linux") {
        !Path::new(&format!("/proc/{pid}")).exists()
    } else {
        true
    }
}

fn config(log: PathBuf) -> EngineConfig {
    EngineConfig {
        log: Some(log),
        answer_timeout: Duration::from_secs(5),
        options: vec![
            ("seed".to_owned(), "7".to_owned()),
            ("threads".to_owned(), "1".to_owned()),
        ],
    }
}

fn game() -> AnyGame {
    AnyGame::new(GameId::MurusGallicus, "", None).unwrap()
}

fn millis(ms: u64) -> GoLimits {
    GoLimits {
        movetime: Some(Duration::from_millis(ms)),
        ..GoLimits::default()
    }
}

#[test]
fn a_good_engine_is_asked_and_its_move_checked_legal() {
    let dir = tempfile::tempdir().unwrap();
    let start = game();
    let first = start.legal_actions()[0].clone();
    let log = dir.path().join("logs/engine.log");
    let mut engine =
        ExternalEngine::start(&engine(dir.path(), &["good", &first]), &config(log.clone()))
            .expect("the engine starts");
    assert_eq!(engine.identity().name, "test-good");
    assert_eq!(engine.identity().protocol, 1);
    assert_eq!(engine.identity().games, ["murus-gallicus", "mu"]);
    engine.new_game(&start).unwrap();
    let decision = engine.decide(&start, &[], &start, &millis(1000)).unwrap();
    assert_eq!(decision.action, first);
    assert!(decision.info.unwrap().starts_with("info depth 1"));
    // The next decision, one move on, sends the moves from the start.
    let mut after = start.clone();
    after.apply(&first).unwrap();
    let second = after.legal_actions()[0].clone();
    let err = engine
        .decide(&start, std::slice::from_ref(&first), &after, &millis(1000))
        .unwrap_err();
    // The engine answers the same move again: not legal for the other seat here (or a
    // different piece's move); either way it is refused by the rules.
    assert!(
        matches!(err, EngineFailure::Illegal { .. }) || first == second,
        "{err}"
    );
    engine.quit();
    let log = std::fs::read_to_string(log).unwrap();
    for marked in [
        "> muster",
        "< protocol 1",
        "> setoption seed 7",
        "> setoption threads 1",
        "< error unknown option `threads`",
        "option `threads` refused",
        "> newgame murus-gallicus",
        "> position startpos\n",
        &format!("> position startpos moves {first}\n"),
        "> go movetime 1000",
        &format!("< bestmove {first}"),
        "! got muster",
        "> quit",
        "exited (exit status 0)",
    ] {
        assert!(log.contains(marked), "the log lacks `{marked}`:\n{log}");
    }
}

#[test]
fn a_late_engine_is_stopped_and_reported_late() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("e.log");
    let mut engine =
        ExternalEngine::start(&engine(dir.path(), &["slow"]), &config(log.clone())).unwrap();
    let start = game();
    engine.new_game(&start).unwrap();
    let asked = Instant::now();
    let err = engine
        .decide(&start, &[], &start, &millis(100))
        .unwrap_err();
    let waited = asked.elapsed();
    match &err {
        EngineFailure::Late { limit, grace, took } => {
            assert_eq!(*limit, Duration::from_millis(100));
            assert_eq!(*grace, Duration::from_millis(200));
            assert!(
                *took >= Duration::from_millis(300),
                "grace is at least 200 ms: {took:?}"
            );
        }
        other => panic!("not late: {other}"),
    }
    assert!(waited < Duration::from_millis(1500), "waited {waited:?}");
    assert!(
        err.to_string().starts_with("late, no answer in 0.3"),
        "{err}"
    );
    engine.quit();
    let log = std::fs::read_to_string(log).unwrap();
    assert!(log.contains("> stop"), "{log}");
    assert!(log.contains("failure: late"), "{log}");
}

#[test]
fn an_illegal_answer_is_refused_by_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = ExternalEngine::start(
        &engine(dir.path(), &["illegal"]),
        &config(dir.path().join("l")),
    )
    .unwrap();
    let start = game();
    engine.new_game(&start).unwrap();
    let err = engine
        .decide(&start, &[], &start, &millis(1000))
        .unwrap_err();
    assert!(
        matches!(&err, EngineFailure::Illegal { action, .. } if action == "zz99"),
        "{err}"
    );
    assert!(err.to_string().contains("`zz99`"), "{err}");
}

#[test]
fn a_crash_is_reported_with_its_status_and_standard_error() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("c.log");
    let mut engine =
        ExternalEngine::start(&engine(dir.path(), &["crash"]), &config(log.clone())).unwrap();
    let start = game();
    engine.new_game(&start).unwrap();
    let err = engine
        .decide(&start, &[], &start, &millis(1000))
        .unwrap_err();
    match &err {
        EngineFailure::Crashed { status, stderr } => {
            assert_eq!(status, "exit status 3");
            assert!(stderr.contains("dying on purpose"), "{stderr}");
        }
        other => panic!("not a crash: {other}"),
    }
    let pid = engine.process_id().expect("not yet reaped");
    drop(engine);
    assert!(
        reaped(pid),
        "process {pid} is reaped when the engine is dropped"
    );
    let log = std::fs::read_to_string(log).unwrap();
    assert!(log.contains("! dying on purpose"), "{log}");
}

#[test]
fn an_engine_of_another_protocol_or_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let err = ExternalEngine::start(&engine(dir.path(), &["old"]), &config(dir.path().join("o")))
        .unwrap_err();
    assert!(err.to_string().contains("protocol 2"), "{err}");

    let mut engine = ExternalEngine::start(
        &engine(dir.path(), &["illegal"]),
        &config(dir.path().join("g")),
    )
    .unwrap();
    let mutou = AnyGame::new(GameId::MuTou, "", None).unwrap();
    let err = engine.new_game(&mutou).unwrap_err();
    assert!(err.to_string().contains("does not play `mutou`"), "{err}");
    // Its game line says `mu seats 2-3`.
    let four = AnyGame::new(GameId::Mu, "", Some(4)).unwrap();
    let err = engine.new_game(&four).unwrap_err();
    assert!(
        err.to_string().contains("`mu` with 2 to 3 seats, not 4"),
        "{err}"
    );
}

#[test]
fn a_program_that_does_not_exist_cannot_start() {
    let command = EngineCommand::parse("./no-such-engine --fast").unwrap();
    let err = ExternalEngine::start(&command, &EngineConfig::default()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("cannot start `./no-such-engine --fast`"),
        "{err}"
    );
}

#[test]
fn a_program_that_is_no_engine_fails_the_handshake_quickly() {
    // `cat` echoes `muster` back and never says `ok`; `true` exits at once.
    let config = EngineConfig {
        answer_timeout: Duration::from_millis(300),
        ..EngineConfig::default()
    };
    let err = ExternalEngine::start(&EngineCommand::parse("cat").unwrap(), &config).unwrap_err();
    assert!(matches!(err, EngineFailure::Late { .. }), "{err}");
    let err = ExternalEngine::start(&EngineCommand::parse("true").unwrap(), &config).unwrap_err();
    assert!(
        matches!(&err, EngineFailure::Crashed { status, .. } if status == "exit status 0"),
        "{err}"
    );
}

/// Asks the engine answering `after` ms after `go` for a decision with `go movetime <limit>`.
fn answer_after(after: u64, limit: u64) -> Result<Duration, EngineFailure> {
    let dir = tempfile::tempdir().unwrap();
    let start = game();
    let first = start.legal_actions()[0].clone();
    let after = after.to_string();
    let command = engine(dir.path(), &["after", &after, &first]);
    let mut engine = ExternalEngine::start(&command, &config(dir.path().join("a.log"))).unwrap();
    engine.new_game(&start).unwrap();
    let decided = engine.decide(&start, &[], &start, &millis(limit));
    engine.quit();
    decided.map(|decision| decision.took)
}

#[test]
fn an_answer_within_the_limit_and_the_grace_is_taken() {
    // movetime 100: a grace of 200 ms, so the answer is due 300 ms after `go` is written.
    for after in [0, 100] {
        let took = answer_after(after, 100).unwrap_or_else(|e| panic!("{after} ms: {e}"));
        assert!(
            took >= Duration::from_millis(after),
            "{after} ms: took {took:?}"
        );
        assert!(
            took <= Duration::from_millis(300),
            "{after} ms: took {took:?}"
        );
    }
}

#[test]
fn an_answer_after_the_limit_and_the_grace_is_late_and_says_how_late() {
    for after in [500, 900] {
        match answer_after(after, 100) {
            Err(EngineFailure::Late { limit, grace, took }) => {
                assert_eq!(limit + grace, Duration::from_millis(300));
                assert!(took > Duration::from_millis(300), "{after} ms: {took:?}");
            }
            other => panic!("{after} ms: not late: {other:?}"),
        }
    }
}

#[test]
fn the_engine_s_environment_carries_the_variables_of_its_command() {
    let dir = tempfile::tempdir().unwrap();
    let start = game();
    let first = start.legal_actions()[0].clone();
    let command = engine(dir.path(), &["env", "MUSTER_TEST_ANSWER"])
        .with_env("MUSTER_TEST_ANSWER", "wrong")
        .with_env("MUSTER_TEST_ANSWER", &first);
    assert_eq!(
        command.env.len(),
        1,
        "a later value replaces an earlier one"
    );
    let mut engine = ExternalEngine::start(&command, &config(dir.path().join("e.log"))).unwrap();
    engine.new_game(&start).unwrap();
    let decision = engine.decide(&start, &[], &start, &millis(2000)).unwrap();
    assert_eq!(decision.action, first);
    engine.quit();
}
