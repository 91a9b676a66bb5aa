//! Outside engines in `muster arena` and `muster play`: real child processes speaking the engine
//! protocol — `muster engine` itself, the Python example bot, and small Python engines written
//! here that are late, answer an illegal move or crash.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// What a run of `muster` produced.
struct Run {
    stdout: String,
    stderr: String,
}

/// The `muster` binary under test.
fn muster_path() -> &'static str {
    env!("CARGO_BIN_EXE_muster")
}

/// Runs `muster ARGS` with empty input, without `MUSTER` in its environment and without
/// `muster` on the `PATH` (the arena and `play` tell their engines where muster is); fails the
/// test when it fails.
fn muster(args: &[&str]) -> Run {
    let output = Command::new(muster_path())
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("MUSTER")
        .env("PATH", path_without_muster())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the muster binary starts");
    let run = Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    assert!(
        output.status.success(),
        "muster {args:?} failed:\n{}\n{}",
        run.stderr,
        run.stdout
    );
    run
}

/// The `PATH` without any folder that holds a program named `muster`.
fn path_without_muster() -> std::ffi::OsString {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let kept: Vec<PathBuf> = std::env::split_paths(&path)
        .filter(|dir| !dir.join("muster").exists())
        .collect();
    std::env::join_paths(kept).expect("the folders of PATH join again")
}

/// Fails with a clear message when `python3` is missing: these tests run engines written in it.
fn python() -> &'static str {
    let found = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "python3 is missing: these tests run the example bot and test engines written in Python \
         (scripts/check.sh installs it)"
    );
    "python3"
}

/// The example bot, from the workspace's `examples/`.
fn example_bot() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/random_bot.py")
}

/// A test engine naming every game: at its first `go` it is `slow` (sleeps 3 s), `illegal`
/// (answers `zz99`) or `crash` (writes to standard error and exits with status 3).
const FAULTY: &str = r#"
import sys, time
mode = sys.argv[1]
def say(line):
    sys.stdout.write(line + "\n"); sys.stdout.flush()
for line in sys.stdin:
    words = line.split() or [""]
    if words[0] == "muster":
        for l in ["id name faulty-" + mode, "protocol 1", "game murus-gallicus seats 2-2",
                  "game mur seats 2-2", "game mu seats 2-8", "game mutou seats 2-10", "ok"]:
            say(l)
    elif words[0] == "go":
        sys.stderr.write("faulty engine thinking (" + mode + ")\n"); sys.stderr.flush()
        if mode == "slow": time.sleep(3)
        if mode == "crash": sys.exit(3)
        say("bestmove zz99")
    elif words[0] == "quit": break
    elif words[0] != "stop": say("ok")
"#;

/// Reads the JSON summary of an arena.
fn json(run: &Run) -> Value {
    serde_json::from_str(&run.stdout).expect("the arena prints JSON")
}

/// The records of an arena folder: file name and text, by name.
fn records(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("the records folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).expect("a record"))
        })
        .collect();
    files.sort();
    files
}

/// A record's moves: every line that is not a header.
fn moves(record: &str) -> String {
    record
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn muster_engine_outside_plays_the_games_the_built_in_level_plays() {
    // Murus Gallicus, and MuTou with chance (rolled by the arena) and the secret setting-out
    // (told to the engine as its seat's view). (Mu's searches are slow in a debug build; its
    // games through `muster engine` are in tests/engine_protocol.rs.)
    for (game, variant, level) in [("murus-gallicus", "", 3), ("mutou", "", 2)] {
        same_games_as_the_level(game, variant, level);
    }
}

/// An arena with `muster engine --level <level>` outside standing in for the built-in level
/// against level 1 plays the same games as the built-in level: the same seeds reach it
/// (`setoption seed`), so it must play the same moves and reach the same results.
fn same_games_as_the_level(game: &str, variant: &str, level: u8) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let engine = format!("engine:{} engine --level {level}", muster_path());
    let arena = |players: &str, out: &str| {
        let out = dir.path().join(out);
        let mut args = vec![
            "arena",
            game,
            "--players",
            players,
            "--seed",
            "5",
            "--games",
            "2",
            "--max-plies",
            "40",
            "--out",
            out.to_str().unwrap(),
            "--json",
        ];
        if !variant.is_empty() {
            args.extend(["--variant", variant]);
        }
        (json(&muster(&args)), records(&out))
    };
    let (outside, outside_records) = arena(&format!("{engine},1"), "outside");
    let (inside, inside_records) = arena(&format!("{level},1"), "inside");
    assert_eq!(outside["forfeits"], 0, "{game}: {outside}");
    let name = format!("engine:muster engine --level {level}");
    assert_eq!(outside["players"][0]["player"], name.as_str());
    for key in ["games", "unfinished"] {
        assert_eq!(outside[key], inside[key], "{game}: {key}");
    }
    for (a, b) in [
        (&outside["players"], &inside["players"]),
        (&outside["pairings"], &inside["pairings"]),
    ] {
        let a = a.to_string().replace(&name, &format!("L{level}"));
        assert_eq!(a, b.to_string(), "{game}");
    }
    assert_eq!(outside_records.len(), 2, "{game}");
    for ((_, a), (_, b)) in outside_records.iter().zip(&inside_records) {
        assert_eq!(moves(a), moves(b), "{game}");
        assert!(moves(a).contains("1. "), "{game}: {a}");
    }
    // Each game and seat of the engine has its log: the session, marked.
    let log = std::fs::read_to_string(dir.path().join("outside/logs/0001-seat2.log"))
        .or_else(|_| std::fs::read_to_string(dir.path().join("outside/logs/0001-seat1.log")))
        .expect("a log of the first game");
    for marked in [
        "> muster",
        "< protocol 1",
        "> setoption seed ",
        "> setoption threads 1",
        "> go movetime 10000",
        "< bestmove ",
    ] {
        assert!(
            log.contains(marked),
            "{game}: the log lacks `{marked}`:\n{log}"
        );
    }
}

#[test]
fn an_arena_against_the_python_example_bot_finishes_every_game() {
    python();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let bot = format!("engine:python3 {}", example_bot().display());
    for (game, variant) in [
        ("murus-gallicus", ""),
        ("mur", ""),
        ("mu", "ply_cap=20"),
        ("mutou", ""),
    ] {
        let out = dir.path().join(game);
        let players = format!("{bot},1");
        let mut args = vec![
            "arena",
            game,
            "--players",
            &players,
            "--seed",
            "2",
            "--games",
            "2",
            "--max-plies",
            "40",
            "--out",
            out.to_str().unwrap(),
            "--json",
        ];
        if !variant.is_empty() {
            args.extend(["--variant", variant]);
        }
        let run = muster(&args);
        let summary = json(&run);
        assert_eq!(summary["games"], 2, "{game}: {summary}");
        assert_eq!(summary["forfeits"], 0, "{game}: {}\n{summary}", run.stderr);
        let records = records(&out);
        assert_eq!(records.len(), 2, "{game}");
        for (name, record) in &records {
            assert!(moves(record).contains("1. "), "{game} {name}: {record}");
            assert!(!record.contains("[Ending"), "{game} {name}: {record}");
        }
    }
}

/// An arena of level 1 against the faulty engine in `mode`; returns the run and the folder.
fn faulty_arena(dir: &Path, mode: &str) -> (Run, PathBuf) {
    let script = dir.join("faulty.py");
    std::fs::write(&script, FAULTY).unwrap();
    let out = dir.join(mode);
    let players = format!("1,engine:{} {} {mode}", python(), script.display());
    let run = muster(&[
        "arena",
        "mur",
        "--players",
        &players,
        "--games",
        "2",
        "--opening",
        "0",
        "--move-time",
        "100",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    (run, out)
}

/// Checks that the faulty engine lost both games for `why`, reported as the games ended, in
/// the records and the summary, with its standard error in the log.
fn lost_both_games(mode: &str, how: &str, why: &str) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (run, out) = faulty_arena(dir.path(), mode);
    let summary = json(&run);
    assert_eq!(summary["forfeits"], 2, "{summary}");
    assert_eq!(summary["players"][1]["forfeits"], 2, "{summary}");
    assert_eq!(summary["players"][0]["score"], 1.0, "{summary}");
    for game in 1..=2 {
        let line = run
            .stderr
            .lines()
            .find(|l| l.starts_with(&format!("game {game}: engine `")))
            .unwrap_or_else(|| panic!("no report of game {game}:\n{}", run.stderr));
        assert!(line.contains(") lost: ") && line.contains(why), "{line}");
    }
    for (name, record) in records(&out) {
        assert!(
            record.contains(&format!("[Ending \"{how} ")),
            "{name}: {record}"
        );
        assert!(
            record.contains("[Termination \"engine `"),
            "{name}: {record}"
        );
        assert!(record.contains(why), "{name}: {record}");
    }
    let logs: Vec<PathBuf> = std::fs::read_dir(out.join("logs"))
        .expect("the logs folder")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(logs.len(), 2, "{logs:?}");
    for log in logs {
        let text = std::fs::read_to_string(&log).unwrap();
        assert!(
            text.contains(&format!("! faulty engine thinking ({mode})")),
            "{}:\n{text}",
            log.display()
        );
        assert!(text.contains("# failure: "), "{text}");
    }
}

#[test]
fn a_late_engine_loses_the_game_and_is_reported() {
    lost_both_games("slow", "timeout", "late, no answer in 0.3");
}

#[test]
fn an_illegal_move_loses_the_game_and_is_reported() {
    lost_both_games("illegal", "abandoned", "illegal move `zz99`");
}

#[test]
fn a_crashing_engine_loses_the_game_and_is_reported() {
    lost_both_games("crash", "abandoned", "the engine crashed (exit status 3)");
}

#[test]
fn play_with_players_runs_an_engine_against_a_level_to_the_end() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let logs = dir.path().join("logs");
    let engine = format!("engine:{} engine --level 1", muster_path());
    let run = muster(&[
        "play",
        "murus-gallicus",
        "--no-color",
        "--players",
        &format!("{engine},1"),
        "--engine-logs",
        logs.to_str().unwrap(),
    ]);
    let out = &run.stdout;
    assert!(out.contains("Nobody plays here: Light (engine `"), "{out}");
    assert!(
        out.contains("Light (engine `") && out.contains(") plays "),
        "{out}"
    );
    assert!(out.contains("Dark (level 1, beginner) plays "), "{out}");
    assert!(out.contains("Game over: "), "{out}");
    assert!(!out.contains("lost: "), "{out}");
    let log = std::fs::read_to_string(logs.join("seat1.log")).expect("the engine's log");
    assert!(log.contains("> go movetime 10000"), "{log}");
}

#[test]
fn play_tells_on_screen_that_a_failed_engine_lost() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let script = dir.path().join("faulty.py");
    std::fs::write(&script, FAULTY).unwrap();
    // You play Dark: the engine opens, and crashes.
    let run = muster(&[
        "play",
        "murus-gallicus",
        "--no-color",
        "--as",
        "2",
        "--vs",
        &format!("engine:{} {} crash", python(), script.display()),
        "--engine-logs",
        dir.path().to_str().unwrap(),
    ]);
    let out = &run.stdout;
    assert!(
        out.contains("You play Dark against Light (engine `"),
        "{out}"
    );
    assert!(
        out.contains("Game over: engine `")
            && out.contains("(seat 1) lost: the engine crashed (exit status 3)"),
        "{out}"
    );
    let logged = std::fs::read_to_string(dir.path().join("seat1.log")).expect("the log");
    assert!(logged.contains("> newgame murus-gallicus"), "{logged}");
    assert!(
        logged.contains("! faulty engine thinking (crash)"),
        "{logged}"
    );
}

/// An engine that says on its standard error what `MUSTER` is, then becomes `$MUSTER engine`.
const FINDS_MUSTER: &str = r#"
import os, sys
muster = os.environ.get("MUSTER", "(unset)")
sys.stderr.write("MUSTER=" + muster + "\n"); sys.stderr.flush()
os.execv(muster, [muster, "engine", "--level", "1"])
"#;

/// The `MUSTER` an engine's log reports (see [`FINDS_MUSTER`]), as a canonical path.
fn reported_muster(log: &Path) -> PathBuf {
    let text = std::fs::read_to_string(log).expect("the engine's log");
    let line = text
        .lines()
        .find_map(|l| l.split_once("! MUSTER=").map(|(_, path)| path.to_owned()))
        .unwrap_or_else(|| panic!("no MUSTER in the log:\n{text}"));
    std::fs::canonicalize(&line).unwrap_or_else(|e| panic!("`{line}`: {e}"))
}

#[test]
fn arena_and_play_engines_find_muster_through_the_environment() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let script = dir.path().join("finds_muster.py");
    std::fs::write(&script, FINDS_MUSTER).unwrap();
    let engine = format!("engine:{} {}", python(), script.display());
    let running = std::fs::canonicalize(muster_path()).expect("the muster binary");
    let out = dir.path().join("arena");
    let run = muster(&[
        "arena",
        "murus-gallicus",
        "--players",
        &format!("{engine},1"),
        "--games",
        "2",
        "--max-plies",
        "10",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(json(&run)["forfeits"], 0, "{}", run.stderr);
    for game in 1..=2 {
        let log = ["seat1", "seat2"]
            .iter()
            .map(|seat| out.join(format!("logs/{game:04}-{seat}.log")))
            .find(|log| log.exists())
            .expect("the engine's log");
        assert_eq!(reported_muster(&log), running, "{}", log.display());
    }
    let logs = dir.path().join("play");
    let run = muster(&[
        "play",
        "murus-gallicus",
        "--no-color",
        "--players",
        &format!("{engine},1"),
        "--engine-logs",
        logs.to_str().unwrap(),
    ]);
    assert!(run.stdout.contains("Game over: "), "{}", run.stdout);
    assert!(!run.stdout.contains("lost: "), "{}", run.stdout);
    assert_eq!(reported_muster(&logs.join("seat1.log")), running);
}

#[test]
fn an_engine_command_naming_muster_runs_the_arena_s_own_muster() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let out = dir.path().join("arena");
    let run = muster(&[
        "arena",
        "mur",
        "--players",
        "engine:muster engine --level 1,1",
        "--games",
        "1",
        "--max-plies",
        "6",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    let summary = json(&run);
    assert_eq!(summary["forfeits"], 0, "{}\n{summary}", run.stderr);
    assert_eq!(
        summary["players"][0]["player"],
        "engine:muster engine --level 1"
    );
}
