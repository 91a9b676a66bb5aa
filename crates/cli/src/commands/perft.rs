//! `muster perft <game> --depth N`: counts the action paths of length N (perft), optionally
//! split by first action (`--divide`), through the rules crate's bulk-counting code.

use std::io::{self, Write};
use std::time::Instant;

use anyhow::{bail, Result};
use serde_json::json;

use crate::args::PerftArgs;
use crate::commands::start_game;

/// The deepest perft accepted: deeper counts would run for days.
pub const MAX_DEPTH: u32 = 12;

/// Prints `perft N = COUNT`, preceded with `--divide` by one `ACTION: COUNT` line per first
/// action (sorted) and a blank line.
pub fn run(args: &PerftArgs) -> Result<()> {
    if args.depth > MAX_DEPTH {
        bail!(
            "--depth {} is too deep: perft accepts depths 0 to {MAX_DEPTH}",
            args.depth
        );
    }
    let game = start_game(&args.start)?;
    let started = Instant::now();
    let (nodes, divide) = if args.divide {
        let mut parts = game.divide(args.depth);
        parts.sort_unstable();
        // Depth 0 has no first actions; its one path is the empty one.
        let total = if args.depth == 0 {
            1
        } else {
            parts.iter().map(|(_, n)| n).sum()
        };
        (total, Some(parts))
    } else {
        (game.perft(args.depth), None)
    };
    let seconds = started.elapsed().as_secs_f64();
    let mut out = io::stdout().lock();
    if args.json {
        let mut value = json!({ "depth": args.depth, "nodes": nodes, "seconds": seconds });
        if let Some(parts) = &divide {
            let list: Vec<_> = parts
                .iter()
                .map(|(a, n)| json!({ "action": a, "nodes": n }))
                .collect();
            value["divide"] = list.into();
        }
        writeln!(out, "{value}")?;
        return Ok(());
    }
    if let Some(parts) = &divide {
        for (action, count) in parts {
            writeln!(out, "{action}: {count}")?;
        }
        writeln!(out)?;
    }
    writeln!(out, "perft {} = {nodes}", args.depth)?;
    Ok(())
}
