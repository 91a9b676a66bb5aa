//! `muster moves <game>`: the legal actions of a position, sorted, one per line (or as JSON),
//! with their click paths on request and filtered by a partial path.

use std::io::{self, Write};

use anyhow::{bail, Result};
use muster_rules::{AnyGame, LegalMove, Target};
use serde_json::json;

use crate::args::MovesArgs;
use crate::commands::{actor_json, start_game};
use crate::render::safe;

/// Prints the legal actions.
pub fn run(args: &MovesArgs) -> Result<()> {
    let game = start_game(&args.start)?;
    let moves = chosen_moves(&game, &args.under)?;
    let mut out = io::stdout().lock();
    if args.json {
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        let value = json!({
            "game": game.id().id(),
            "variant": game.variant_text(),
            "position": game.position_text(),
            "actor": actor_json(&game),
            "count": moves.len(),
            "moves": texts,
            "paths": moves,
        });
        writeln!(out, "{value}")?;
    } else {
        for m in &moves {
            if args.paths {
                let path: Vec<String> = m.path.iter().map(Target::id).collect();
                match &m.label {
                    Some(label) => writeln!(out, "{}\t{}\t{label}", m.text, path.join(" "))?,
                    None => writeln!(out, "{}\t{}", m.text, path.join(" "))?,
                }
            } else {
                writeln!(out, "{}", m.text)?;
            }
        }
    }
    Ok(())
}

/// The legal moves, sorted by text, under the click-path prefix `under` (target ids). A prefix
/// that no legal path starts with is refused, naming the first id that leads nowhere.
fn chosen_moves(game: &AnyGame, under: &[String]) -> Result<Vec<LegalMove>> {
    let mut moves = if under.is_empty() {
        game.legal_moves()
    } else {
        let ids: Vec<&str> = under.iter().map(String::as_str).collect();
        let found = game.legal_moves_under_ids(&ids);
        if found.moves.is_empty() {
            let leads_nowhere = (1..=ids.len())
                .find(|&n| game.legal_moves_under_ids(&ids[..n]).moves.is_empty())
                .map_or(ids.len() - 1, |n| n - 1);
            let heads = game.legal_moves_under_ids(&ids[..leads_nowhere]).next;
            let offered: Vec<String> = heads.iter().map(|(t, _)| t.id()).collect();
            bail!(
                "--under: no legal move's click path goes through `{}` here{}",
                safe(ids[leads_nowhere]),
                if offered.is_empty() {
                    String::new()
                } else {
                    format!(" (next: {})", offered.join(", "))
                }
            );
        }
        found.moves
    };
    moves.sort_unstable_by(|a, b| a.text.cmp(&b.text));
    Ok(moves)
}
