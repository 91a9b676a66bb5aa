//! `muster moves <game>`: the legal actions of a position, sorted, one per line (or as JSON).

use std::io::{self, Write};

use anyhow::Result;
use serde_json::json;

use crate::args::MovesArgs;
use crate::commands::{actor_json, sorted_actions, start_game};

/// Prints the legal actions.
pub fn run(args: &MovesArgs) -> Result<()> {
    let game = start_game(&args.start)?;
    let actions = sorted_actions(&game);
    let mut out = io::stdout().lock();
    if args.json {
        let value = json!({
            "game": game.id().id(),
            "variant": game.variant_text(),
            "position": game.position_text(),
            "actor": actor_json(&game),
            "count": actions.len(),
            "moves": actions,
        });
        writeln!(out, "{value}")?;
    } else {
        for action in &actions {
            writeln!(out, "{action}")?;
        }
    }
    Ok(())
}
