//! `muster apply <game> ACTION...`: applies actions in order and prints the resulting position.
//!
//! The first action that cannot be read or is illegal stops everything with an error naming its
//! number and text, e.g. ``action 2 `d7-d5`: illegal action …``.
//!
//! With `--json` it prints one object: the position, the actor, the outcome, and every event
//! with the action that caused it, the event in the rules' wire form (text, rule, audience and
//! the game's typed data, see `muster_rules::AnyEvent`).

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

/// Applies every action in order; returns the events as JSON objects
/// `{action, text, rule, audience, data}`.
fn apply_all(game: &mut AnyGame, actions: &[String]) -> Result<Vec<Value>> {
    let mut events = Vec::new();
    for (index, text) in actions.iter().enumerate() {
        let context = || format!("action {} `{text}`", index + 1);
        let step = game.apply_step(text).with_context(context)?;
        for event in step.events {
            let mut value = serde_json::to_value(&event).context("an event as JSON")?;
            if let Value::Object(fields) = &mut value {
                fields.insert("action".to_owned(), Value::String(step.action.clone()));
            }
            events.push(value);
        }
    }
    Ok(events)
}
