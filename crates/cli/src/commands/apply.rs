//! `muster apply <game> ACTION...`: applies actions in order and prints the resulting position.
//!
//! The first action that cannot be read or is illegal stops everything with an error naming its
//! number and text, e.g. ``action 2 `d7-d5`: illegal action …``.

use std::io::{self, Write};

use anyhow::{Context, Result};
use muster_rules::AnyGame;
use serde_json::{json, Value};

use crate::args::ApplyArgs;
use crate::commands::{actor_json, outcome_json, start_game};

/// Applies the actions and prints the position (or a JSON object with events and outcome).
pub fn run(args: &ApplyArgs) -> Result<()> {
    let mut game = start_game(&args.start)?;
    let events = apply_all(&mut game, &args.actions)?;
    let mut out = io::stdout().lock();
    if args.json {
        let value = json!({
            "position": game.position_text(),
            "actor": actor_json(&game),
            "outcome": outcome_json(&game),
            "events": events,
        });
        writeln!(out, "{value}")?;
    } else {
        writeln!(out, "{}", game.position_text())?;
    }
    Ok(())
}

/// Applies every action in order; returns the events as JSON objects `{action, text, rule}`.
fn apply_all(game: &mut AnyGame, actions: &[String]) -> Result<Vec<Value>> {
    let mut events = Vec::new();
    for (index, text) in actions.iter().enumerate() {
        let context = || format!("action {} `{text}`", index + 1);
        let canonical = game.normalize_action(text).with_context(context)?;
        let happened = game.apply(text).with_context(context)?;
        events.extend(
            happened.into_iter().map(
                |event| json!({ "action": canonical, "text": event.text, "rule": event.rule }),
            ),
        );
    }
    Ok(events)
}
