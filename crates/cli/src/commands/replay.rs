//! `muster replay FILE`: reads a game record, replays and checks every action, and shows it.
//!
//! A record that cannot be read or replayed is an error naming the action's number and line.
//! `-` reads the record from standard input.

use std::io::{self, Read, Write};
use std::path::Path;

use anyhow::{Context, Result};
use muster_rules::any::AnyReplay;
use muster_rules::record::Record;
use muster_rules::{Actor, AnyGame};
use serde_json::json;

use crate::args::ReplayArgs;
use crate::commands::{actor_words, colour_wanted, outcome_json_of, result_words};
use crate::render::{self, Style};

/// Replays the record and prints it.
pub fn run(args: &ReplayArgs) -> Result<()> {
    let (name, text) = read_source(&args.file)?;
    let record = Record::parse(&text).with_context(|| format!("{name} is not a record"))?;
    if args.lenient {
        return lenient(&name, &record, args.json);
    }
    let replay = AnyGame::replay(&record).with_context(|| format!("{name} does not replay"))?;
    let mut out = io::stdout().lock();
    if args.json {
        let value = json!({
            "game": replay.end.id().id(),
            "variant": replay.end.variant_text(),
            "actions": replay.actions,
            "position": replay.end.position_text(),
            "outcome": outcome_json_of(&replay.end, replay.outcome.as_ref()),
            "endings": replay.endings,
        });
        writeln!(out, "{value}")?;
    } else if args.quiet {
        let count = replay.actions.len();
        writeln!(
            out,
            "{}: {} record, {count} actions, {}",
            render::safe(&name),
            replay.end.id(),
            summary(&replay)
        )?;
    } else {
        let style = Style {
            colour: colour_wanted(args.no_color),
        };
        write_full(&mut out, &record, &replay, args.steps, style)?;
    }
    Ok(())
}

/// `--lenient`: how far the record replays, and the first divergence, which is an error.
fn lenient(name: &str, record: &Record, json: bool) -> Result<()> {
    let report =
        AnyGame::replay_lenient(record).with_context(|| format!("{name} cannot be replayed"))?;
    let mut out = io::stdout().lock();
    if json {
        let value = json!({
            "game": report.end.id().id(),
            "rules_version": report.rules_version,
            "actions": report.actions.len(),
            "hashes_checked": report.hashes_checked,
            "divergence": report.divergence.as_ref().map(ToString::to_string),
        });
        writeln!(out, "{value}")?;
    } else {
        writeln!(
            out,
            "{}: {} record of rules version {}, {} actions replayed, {} stored hashes agree",
            render::safe(name),
            report.end.id(),
            report.rules_version,
            report.actions.len(),
            report.hashes_checked
        )?;
    }
    match &report.divergence {
        None => Ok(()),
        Some(divergence) => Err(anyhow::anyhow!(
            "{name} diverges: {}",
            render::safe(&divergence.to_string())
        )),
    }
}

/// The record's name for messages (a quoted path, or `the record on stdin`) and its text.
fn read_source(path: &Path) -> Result<(String, String)> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        io::stdin()
            .read_to_string(&mut text)
            .context("cannot read the record from stdin")?;
        return Ok(("the record on stdin".to_owned(), text));
    }
    let name = format!("`{}`", path.display());
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {name}"))?;
    Ok((name, text))
}

/// The headers, every action numbered with the seat that played it, the final position (or the
/// position after every action with `steps`), and the result.
fn write_full(
    out: &mut impl Write,
    record: &Record,
    replay: &AnyReplay,
    steps: bool,
    style: Style,
) -> Result<()> {
    // Header keys and values come from outside: escape every control character in them.
    for (key, value) in &record.headers {
        writeln!(
            out,
            "[{} \"{}\"]",
            render::safe(key),
            render::safe(&value.replace('\\', "\\\\").replace('"', "\\\""))
        )?;
    }
    writeln!(out)?;
    let mut game = replay.start.clone();
    for (index, action) in replay.actions.iter().enumerate() {
        let who = match game.actor() {
            Actor::Seat(seat) => game.seat_name(seat),
            _ => "chance".to_owned(),
        };
        game.apply(action)
            .with_context(|| format!("action {} `{action}` no longer replays", index + 1))?;
        let shown = render::safe(action);
        writeln!(
            out,
            "{:>4}. {shown:<12} ({})",
            index + 1,
            render::safe(&who)
        )?;
        if steps {
            writeln!(out)?;
            write!(out, "{}", render::board(&game, Some(action), style))?;
            writeln!(out)?;
        }
    }
    if !steps {
        if !replay.actions.is_empty() {
            writeln!(out)?;
        }
        let last = replay.actions.last().map(String::as_str);
        write!(out, "{}", render::board(&replay.end, last, style))?;
    }
    writeln!(out, "Result: {}", summary(replay))?;
    Ok(())
}

/// `Light wins: breakthrough at c7 (1-0)`, `Dark wins: seat 1 resigned (0-1)`, `aborted` or
/// `unfinished, Dark to move`: the result with the record's endings outside the rules.
fn summary(replay: &AnyReplay) -> String {
    let game = &replay.end;
    match (&replay.outcome, replay.endings.ending) {
        (Some(outcome), _) => result_words(game, outcome),
        (None, Some(ending)) => format!("{ending}, no result"),
        (None, None) => format!("unfinished, {} to move", actor_words(game)),
    }
}
