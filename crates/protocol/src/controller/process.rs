//! The child process: its standard input, a thread reading its answers into a channel, a thread
//! keeping its standard error, and the log of the session.
//!
//! The log has one line per event, each starting with the seconds since the start and a mark:
//! `>` a command sent, `<` an answer read, `!` a line of the engine's standard error, `#` a note
//! of the controller (a failure, the exit status).

use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::lines::{Line, LineReader};

use super::{EngineCommand, EngineFailure};

/// How many lines of standard error a crash report quotes.
const STDERR_TAIL: usize = 5;

/// The session log, shared by the threads.
#[derive(Clone, Debug)]
pub(crate) struct Log {
    file: Option<Arc<Mutex<BufWriter<File>>>>,
    start: Instant,
}

impl Log {
    /// A log written to `path` (created, truncated), or none.
    pub(crate) fn open(path: Option<&Path>) -> std::io::Result<Log> {
        let file = match path {
            Some(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)?;
                }
                Some(Arc::new(Mutex::new(BufWriter::new(File::create(path)?))))
            }
            None => None,
        };
        Ok(Log {
            file,
            start: Instant::now(),
        })
    }

    /// Writes one line with its mark; errors writing the log are ignored (a full disk must not
    /// end a game).
    pub(crate) fn line(&self, mark: char, text: &str) {
        if let Some(file) = &self.file {
            let secs = self.start.elapsed().as_secs_f64();
            if let Ok(mut file) = file.lock() {
                let _ = writeln!(file, "{secs:9.3} {mark} {text}");
                let _ = file.flush();
            }
        }
    }
}

/// What the reader thread sends: a line of the engine's output with the moment it was read,
/// or the end of the output.
pub(crate) enum Output {
    Line(String, Instant),
    End,
}

/// The running child and its threads.
#[derive(Debug)]
pub(crate) struct Process {
    child: Option<Child>,
    stdin: Option<ChildStdin>,
    lines: Receiver<Output>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    stderr_done: Arc<AtomicBool>,
    ended: bool,
    pub(crate) log: Log,
}

impl Process {
    /// Starts `command` with piped standard streams.
    pub(crate) fn spawn(command: &EngineCommand, log: Log) -> Result<Process, EngineFailure> {
        log.line('#', &format!("start {}", command.display()));
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .envs(command.env.iter().map(|(name, value)| (name, value)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| {
                log.line('#', &format!("cannot start: {source}"));
                EngineFailure::Start {
                    command: command.display(),
                    source,
                }
            })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");

        let (send, lines) = mpsc::channel();
        let out_log = log.clone();
        thread::spawn(move || {
            let mut reader = LineReader::new(BufReader::new(stdout));
            loop {
                let read = reader.next_line();
                // The moment an answer is read is its time: a `go` is judged by it (`Deadline`).
                let at = Instant::now();
                let line = match read {
                    Ok(Line::Text(text)) => text,
                    Ok(Line::TooLong { len }) => format!("(a line of {len} bytes, too long)"),
                    Ok(Line::NotUtf8 { at }) => format!("(a line that is not UTF-8 at byte {at})"),
                    Ok(Line::End) | Err(_) => {
                        out_log.line('#', "the engine's output ended");
                        let _ = send.send(Output::End);
                        return;
                    }
                };
                out_log.line('<', &line);
                if send.send(Output::Line(line, at)).is_err() {
                    return;
                }
            }
        });

        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let stderr_done = Arc::new(AtomicBool::new(false));
        let (tail, done, err_log) = (stderr_tail.clone(), stderr_done.clone(), log.clone());
        thread::spawn(move || {
            let mut reader = LineReader::new(BufReader::new(stderr));
            loop {
                let line = match reader.next_line() {
                    Ok(Line::Text(text)) => text,
                    Ok(Line::TooLong { len }) => format!("(a line of {len} bytes)"),
                    Ok(Line::NotUtf8 { at }) => format!("(a line that is not UTF-8 at byte {at})"),
                    Ok(Line::End) | Err(_) => break,
                };
                err_log.line('!', &line);
                if let Ok(mut tail) = tail.lock() {
                    if tail.len() == STDERR_TAIL {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
            }
            done.store(true, Ordering::SeqCst);
        });

        Ok(Process {
            child: Some(child),
            stdin,
            lines,
            stderr_tail,
            stderr_done,
            ended: false,
            log,
        })
    }

    /// The child's process id while it runs (not yet reaped).
    pub(crate) fn id(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Sends one command line; returns the moment it was written (the line and its `\n` handed
    /// to the pipe and flushed). A closed pipe is a crash.
    pub(crate) fn send(&mut self, command: &str) -> Result<Instant, EngineFailure> {
        self.log.line('>', command);
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(command.as_bytes())
                .and_then(|()| stdin.write_all(b"\n"))
                .and_then(|()| stdin.flush()),
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        match written {
            Ok(()) => Ok(Instant::now()),
            Err(_) => Err(self.crashed()),
        }
    }

    /// The next answer line and the moment it was read, waiting until `deadline`. `Ok(None)`
    /// when the deadline passed; the end of the output is a crash.
    pub(crate) fn next_line(
        &mut self,
        deadline: Instant,
    ) -> Result<Option<(String, Instant)>, EngineFailure> {
        if self.ended {
            return Err(self.crashed());
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Output::Line(line, at)) => Ok(Some((line, at))),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Ok(Output::End) | Err(RecvTimeoutError::Disconnected) => {
                self.ended = true;
                Err(self.crashed())
            }
        }
    }

    /// Drops answers already waiting (those of a command given up on); they are in the log.
    pub(crate) fn drain(&mut self) -> Result<(), EngineFailure> {
        loop {
            match self.lines.try_recv() {
                Ok(Output::Line(..)) => {}
                Ok(Output::End) | Err(mpsc::TryRecvError::Disconnected) => {
                    self.ended = true;
                    return Err(self.crashed());
                }
                Err(mpsc::TryRecvError::Empty) => return Ok(()),
            }
        }
    }

    /// The failure of an engine whose output ended or whose input closed: waits briefly for
    /// its exit status and the rest of its standard error.
    pub(crate) fn crashed(&mut self) -> EngineFailure {
        let status = match self.wait_for_exit(Duration::from_millis(500)) {
            Some(status) => describe_status(status),
            None => {
                self.kill();
                "it closed its output but did not exit; killed".to_owned()
            }
        };
        let waited = Instant::now();
        while !self.stderr_done.load(Ordering::SeqCst)
            && waited.elapsed() < Duration::from_millis(200)
        {
            thread::sleep(Duration::from_millis(5));
        }
        let stderr = match self.stderr_tail.lock() {
            Ok(tail) if !tail.is_empty() => {
                format!(": {}", tail.iter().cloned().collect::<Vec<_>>().join(" | "))
            }
            _ => String::new(),
        };
        self.log.line('#', &format!("crashed ({status})"));
        EngineFailure::Crashed { status, stderr }
    }

    /// Waits up to `limit` for the child to exit; its status if it did.
    pub(crate) fn wait_for_exit(&mut self, limit: Duration) -> Option<std::process::ExitStatus> {
        let child = self.child.as_mut()?;
        let start = Instant::now();
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if start.elapsed() < limit => thread::sleep(Duration::from_millis(5)),
                Ok(None) | Err(_) => return None,
            }
        }
    }

    /// Asks the engine to quit, waits up to `limit`, then kills it; never leaves a zombie.
    pub(crate) fn quit(&mut self, limit: Duration) {
        if self.child.is_none() {
            return;
        }
        if !self.ended {
            let _ = self.send("quit");
        }
        self.stdin = None;
        match self.wait_for_exit(limit) {
            Some(status) => {
                self.log
                    .line('#', &format!("exited ({})", describe_status(status)));
                self.child = None;
            }
            None => {
                self.log.line('#', "did not quit in time; killed");
                self.kill();
            }
        }
    }

    /// Kills the child and reaps it.
    pub(crate) fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        self.stdin = None;
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// An exit status in words: `exit status 3`, `killed by signal 9`.
fn describe_status(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => status.to_string(),
    }
}
