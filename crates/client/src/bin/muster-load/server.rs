//! The server under load: a `muster serve` started on a temporary SQLite file and a port the
//! system chooses, its memory read from `/proc`, and its stop.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// A running `muster serve`.
pub struct Served {
    child: Child,
    /// `http://HOST:PORT`.
    pub base: String,
    /// Where its standard error goes.
    pub log: PathBuf,
    /// The temporary directory holding the database (removed on drop).
    _dir: tempfile::TempDir,
}

impl Served {
    /// Starts `muster serve --db <db or a new SQLite file> --addr 127.0.0.1:0` and waits for the
    /// line naming its address.
    pub async fn start(muster: &Path, db: Option<&str>) -> Result<Served, String> {
        let dir = tempfile::tempdir().map_err(|e| format!("a temporary directory: {e}"))?;
        let url = match db {
            Some(url) => url.to_owned(),
            None => format!("sqlite://{}", dir.path().join("load.db").display()),
        };
        let log = dir.path().join("server.log");
        let stderr = std::fs::File::create(&log).map_err(|e| format!("the server log: {e}"))?;
        let mut child = Command::new(muster)
            .args(["serve", "--db", &url, "--addr", "127.0.0.1:0"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", muster.display()))?;
        let stdout = child.stdout.take().ok_or("no standard output")?;
        let mut lines = BufReader::new(stdout).lines();
        let first = lines
            .next_line()
            .await
            .map_err(|e| format!("the server's first line: {e}"))?
            .ok_or_else(|| {
                let tail = std::fs::read_to_string(&log).unwrap_or_default();
                format!("the server stopped before naming its address: {tail}")
            })?;
        let addr = first
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .ok_or_else(|| format!("no address in the server's first line {first:?}"))?;
        // Whatever else it prints is drained so that it never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(Served {
            child,
            base: format!("http://{addr}"),
            log,
            _dir: dir,
        })
    }

    /// The server's process id.
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// Stops the server with SIGTERM and waits for it; its exit status in words when it was
    /// not a success.
    pub async fn stop(mut self) -> Result<(), String> {
        if let Some(pid) = self.child.id() {
            let _ = Command::new("kill")
                .args(["-TERM", &pid.to_string()])
                .status()
                .await;
        }
        let status = self
            .child
            .wait()
            .await
            .map_err(|e| format!("waiting for the server: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            let tail = std::fs::read_to_string(&self.log).unwrap_or_default();
            Err(format!("the server ended with {status}: {tail}"))
        }
    }
}

/// Resident and peak resident memory of process `pid` in KiB (`VmRSS`, `VmHWM` of
/// `/proc/<pid>/status`).
pub fn memory_kib(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|line| line.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse::<u64>().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}
