//! `muster games`: every game muster knows, with seats, presets and options for playable ones.
//!
//! The listing fits an 80-column terminal: long summaries wrap under their own column.

use std::io::{self, Write};

use anyhow::Result;
use muster_rules::variant::OptionStatus;
use muster_rules::{GameId, GameInfo};

use crate::args::GamesArgs;
use crate::render::wrap_words;

/// Where the description column starts.
const TEXT_COLUMN: usize = 29;
/// The width of the description column.
const TEXT_WIDTH: usize = 79 - TEXT_COLUMN;
/// The indent of an option's summary, under its name.
const SUMMARY_INDENT: &str = "              ";

/// Prints the list of games, or with `--json` the catalog a lobby builds its forms from.
pub fn run(args: &GamesArgs) -> Result<()> {
    let mut out = io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &muster_rules::any::catalog())?;
        writeln!(out)?;
        return Ok(());
    }
    for (i, id) in GameId::ALL.into_iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        write_game(&mut out, id)?;
    }
    Ok(())
}

fn write_game(out: &mut impl Write, id: GameId) -> Result<()> {
    writeln!(out, "{:<16}{}", id.id(), id.name())?;
    let info = id.info()?;
    writeln!(out, "  designer  {}", info.designer)?;
    writeln!(out, "  seats     {}", seat_range(&info))?;
    for (i, (name, summary)) in id.presets()?.into_iter().enumerate() {
        let label = if i == 0 { "presets" } else { "" };
        let name = if i == 0 {
            format!("{name} (default)")
        } else {
            name.to_owned()
        };
        write_entry(out, label, &name, summary)?;
    }
    for (i, option) in id.options()?.iter().enumerate() {
        let label = if i == 0 { "options" } else { "" };
        writeln!(
            out,
            "  {label:<8}  {}={} (default {}){}",
            option.key,
            option.domain.text(),
            option.default,
            status_note(option.status)
        )?;
        for line in wrap_words(option.summary, 79 - SUMMARY_INDENT.len()) {
            writeln!(out, "{SUMMARY_INDENT}{line}")?;
        }
    }
    Ok(())
}

/// What a listing adds after an option that is not the rules' own.
pub fn status_note(status: OptionStatus) -> &'static str {
    match status {
        OptionStatus::Official => "",
        OptionStatus::HouseRule => " (house rule)",
        OptionStatus::Muster => " (not official)",
    }
}

/// One row: a section label, a name, and a summary wrapped in the description column.
fn write_entry(out: &mut impl Write, label: &str, name: &str, summary: &str) -> Result<()> {
    let mut head = format!("  {label:<8}  {name}");
    if head.len() >= TEXT_COLUMN {
        writeln!(out, "{head}")?;
        head.clear();
    }
    for line in wrap_words(summary, TEXT_WIDTH) {
        writeln!(out, "{head:<TEXT_COLUMN$}{line}")?;
        head.clear();
    }
    Ok(())
}

/// `2`, or `2-8 (default 2)`.
pub fn seat_range(info: &GameInfo) -> String {
    if info.min_seats == info.max_seats {
        info.min_seats.to_string()
    } else {
        format!(
            "{}-{} (default {})",
            info.min_seats, info.max_seats, info.default_seats
        )
    }
}
