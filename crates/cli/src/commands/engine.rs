//! `muster engine [--level N] [--seed S] [--threads T]`: muster's AI speaking the engine
//! protocol (docs/engine-protocol.md) on standard input and output, for any controller.

use std::io;

use anyhow::{Context, Result};
use muster_protocol::engine::{self, Settings};

use crate::args::EngineArgs;

/// Serves the protocol until `quit` or the end of standard input.
pub fn run(args: &EngineArgs) -> Result<()> {
    let settings = Settings {
        level: args.level,
        seed: args.seed,
        threads: usize::from(args.threads),
        ..Settings::default()
    };
    // The reader runs on a thread of its own, so it takes `Stdin` (which is `Send`; its lock
    // is not).
    engine::run_with(settings, io::BufReader::new(io::stdin()), io::stdout())
        .context("cannot write to standard output")
}
