//! Running the `muster` binary from tests.

#![allow(dead_code)] // Each test file uses a different part of this module.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;
use std::time::Duration;

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

/// `muster ARGS` answered line by line, as a person at a terminal would: read up to the next
/// prompt, then answer it.
pub struct Conversation {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Vec<u8>>,
    stderr: JoinHandle<String>,
    /// Output received but not yet handed out.
    pending: Vec<u8>,
}

/// How long to wait for the next piece of output before failing the test.
const PATIENCE: Duration = Duration::from_secs(120);

impl Conversation {
    /// Starts `muster ARGS` with piped input and output.
    pub fn start(args: &[&str]) -> Conversation {
        let mut child = command(args, WIDE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the muster binary starts");
        let mut stdout = child.stdout.take().expect("stdout is piped");
        let (send, output) = mpsc::channel();
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = stdout.read(&mut buffer) {
                if send.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        let mut stderr = child.stderr.take().expect("stderr is piped");
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Conversation {
            stdin: child.stdin.take(),
            child,
            output,
            stderr,
            pending: Vec::new(),
        }
    }

    /// Everything printed up to and including the next prompt (a last line, not ended, that
    /// ends in `> ` or `: `), or up to the end of the output.
    pub fn until_prompt(&mut self) -> String {
        loop {
            let text = String::from_utf8_lossy(&self.pending).into_owned();
            let last_line = text.rsplit('\n').next().unwrap_or("");
            if last_line.ends_with("> ") || last_line.ends_with(": ") {
                self.pending.clear();
                return text;
            }
            match self.output.recv_timeout(PATIENCE) {
                Ok(bytes) => self.pending.extend_from_slice(&bytes),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    self.pending.clear();
                    return text;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => panic!("no prompt after: {text}"),
            }
        }
    }

    /// Types one line.
    pub fn say(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input is still open");
        writeln!(stdin, "{line}").expect("muster reads its input");
    }

    /// Ends the input and waits for the program; returns its exit and what it printed last.
    pub fn finish(mut self) -> Run {
        drop(self.stdin.take());
        let rest = self.until_prompt();
        let status = self.child.wait().expect("muster runs to the end");
        Run {
            success: status.success(),
            code: status.code(),
            stdout: rest,
            stderr: self.stderr.join().expect("stderr is read"),
        }
    }
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
