//! Builds the browser client (`web/` into `web/dist/`, which `src/assets.rs` serves and release
//! builds embed) when it is missing or older than its sources, so that
//! `cargo run --release -p muster-cli -- serve` works on a fresh clone.
//!
//! It runs `npm ci` when `web/node_modules` is missing or older than `package-lock.json`, then
//! `npm run build`. Without npm, or
//! when the build fails, it says so in a `cargo:warning` with the command to run by hand
//! (`scripts/web.sh`) and carries on: the server then answers a 503 page naming that command.
//! `MUSTER_SKIP_WEB_BUILD=1` skips it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

/// What the bundle is built from, relative to `web/`.
const INPUTS: [&str; 7] = [
    "src",
    "public",
    "index.html",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
    "tsconfig.json",
];

fn main() {
    println!("cargo:rerun-if-env-changed=MUSTER_SKIP_WEB_BUILD");
    let Some(manifest) = std::env::var_os("CARGO_MANIFEST_DIR") else {
        return;
    };
    let web = PathBuf::from(manifest).join("../../web");
    if !web.join("package.json").is_file() {
        // Built outside the repository (a packaged crate): there is no client to build.
        return;
    }
    for input in INPUTS {
        let path = web.join(input);
        // A path that does not exist would make cargo run this script on every build.
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    // Rebuilt when the bundle changes or goes; while it is missing cargo runs this every time.
    let index = web.join("dist/index.html");
    println!("cargo:rerun-if-changed={}", index.display());

    if std::env::var("MUSTER_SKIP_WEB_BUILD").is_ok_and(|v| v == "1") {
        return;
    }
    let built = modified(&index);
    let newest = INPUTS.iter().filter_map(|i| newest(&web.join(i))).max();
    if built.is_some_and(|built| newest.is_none_or(|newest| newest <= built)) {
        return;
    }
    match build(&web) {
        Ok(()) => {
            // Cargo compares the bundle with the time this run started: left newer, it would
            // run this script again on the next build and compile the crate once more for
            // nothing. The bundle takes the time of its newest source instead.
            if let Some(newest) = newest {
                let _ = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&index)
                    .and_then(|file| file.set_modified(newest));
            }
        }
        Err(why) => {
            for line in why.lines() {
                println!("cargo:warning={line}");
            }
            println!(
                "cargo:warning=the server will answer a page saying the browser client is not \
             built; build it with scripts/web.sh (Node.js 20+ and npm: Debian's `nodejs npm`), \
             then build the server again (MUSTER_SKIP_WEB_BUILD=1 skips this step)"
            );
        }
    }
}

/// `npm ci` if needed, then `npm run build`, in `web`; a failure in words.
fn build(web: &Path) -> Result<(), String> {
    let npm = if cfg!(windows) { "npm.cmd" } else { "npm" };
    // As scripts/web.sh: install when the packages are missing or older than the lock file.
    let installed = modified(&web.join("node_modules/.package-lock.json"));
    let locked = modified(&web.join("package-lock.json"));
    if !web.join("node_modules").is_dir() || installed.is_none() || installed < locked {
        run(web, npm, &["ci", "--no-audit", "--no-fund"])?;
    }
    run(web, npm, &["run", "build"])
}

fn run(web: &Path, npm: &str, args: &[&str]) -> Result<(), String> {
    let shown = format!("{npm} {}", args.join(" "));
    // The output is captured: this script's standard output is read by cargo.
    let output = Command::new(npm)
        .args(args)
        .current_dir(web)
        .output()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                format!("`{npm}` was not found, so the browser client was not built")
            }
            _ => format!("cannot run `{shown}` to build the browser client: {e}"),
        })?;
    if output.status.success() {
        return Ok(());
    }
    let mut why = format!("`{shown}` in web/ failed ({})", output.status);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    for line in &lines[lines.len().saturating_sub(12)..] {
        why.push_str("\n  ");
        why.push_str(line);
    }
    Err(why)
}

fn modified(path: &Path) -> Option<SystemTime> {
    path.metadata().and_then(|m| m.modified()).ok()
}

/// The newest modification time of `path` and, for a folder, everything in it.
fn newest(path: &Path) -> Option<SystemTime> {
    let mut latest = modified(path);
    if path.is_dir() {
        if let Ok(entries) = std::fs::read_dir(path) {
            for entry in entries.flatten() {
                latest = latest.max(newest(&entry.path()));
            }
        }
    }
    latest
}
