//! Running the `muster` binary from tests.

#![allow(dead_code)] // Each test file uses a different part of this module.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// What a run of `muster` produced.
pub struct Run {
    /// Whether it exited with code 0.
    pub success: bool,
    /// The exit code.
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(output: Output) -> Self {
        Run {
            success: output.status.success(),
            code: output.status.code(),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

/// The terminal width the tests run `muster` in unless they say otherwise: wide enough for
/// every board's full layout with the panel beside it.
pub const WIDE: usize = 100;

fn command(args: &[&str], columns: usize) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_muster"));
    command
        .args(args)
        .env("NO_COLOR", "1")
        .env("COLUMNS", columns.to_string())
        .env_remove("LINES");
    command
}

/// Runs `muster ARGS` with empty input.
pub fn muster(args: &[&str]) -> Run {
    muster_with_input(args, "")
}

/// Runs `muster ARGS` with `input` on stdin, in a terminal [`WIDE`] columns wide.
pub fn muster_with_input(args: &[&str], input: &str) -> Run {
    muster_in(WIDE, None, args, input)
}

/// Runs `muster ARGS` with `input` on stdin, as in a terminal `columns` wide and, when given,
/// `lines` high (the `COLUMNS` and `LINES` environment variables).
pub fn muster_in(columns: usize, lines: Option<usize>, args: &[&str], input: &str) -> Run {
    let mut command = command(args, columns);
    if let Some(lines) = lines {
        command.env("LINES", lines.to_string());
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the muster binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The program may stop reading early (e.g. after `quit`); a broken pipe is fine then.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child
        .wait_with_output()
        .expect("muster runs to the end")
        .into()
}

/// Runs `muster ARGS`, which must succeed; returns stdout.
pub fn ok(args: &[&str]) -> String {
    let run = muster(args);
    assert!(run.success, "muster {args:?} failed: {}", run.stderr);
    run.stdout
}

/// Runs `muster ARGS`, which must fail with exit code 1 and a one-line message on stderr
/// containing every one of `needles`; returns that message.
pub fn fails(args: &[&str], needles: &[&str]) -> String {
    let run = muster(args);
    assert_eq!(
        run.code,
        Some(1),
        "muster {args:?} should fail with code 1; stdout: {}",
        run.stdout
    );
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "one-line message expected: {}",
        run.stderr
    );
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "{:?} should mention {needle:?}",
            run.stderr
        );
    }
    run.stderr
}

/// Parses stdout as one JSON value.
pub fn json(args: &[&str]) -> serde_json::Value {
    let out = ok(args);
    serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("muster {args:?} printed bad JSON ({e}): {out}"))
}

/// The 20 opening moves of the basic game, sorted (murus-gallicus rules, §2.2).
pub const OPENING_MOVES: [&str; 20] = [
    "a1-a3", "a1-c3", "b1-b3", "b1-d3", "c1-a3", "c1-c3", "c1-e3", "d1-b3", "d1-d3", "d1-f3",
    "e1-c3", "e1-e3", "e1-g3", "f1-d3", "f1-f3", "f1-h3", "g1-e3", "g1-g3", "h1-f3", "h1-h3",
];

/// A basic-game position where Light's tower on d5 can break through with d5-d7.
pub const BREAKTHROUGH: &str = "ttt1tttt/8/3T4/8/8/8/TTT1TTTT L 10";
