//! `muster rules <game>`: the rules in the project's own words (Markdown, printed as is),
//! followed by the presets and options as Markdown tables.

use std::io::{self, Write};

use anyhow::Result;
use muster_rules::GameId;

use crate::args::RulesArgs;
use crate::commands::game_id;
use crate::commands::games::{seat_range, status_note};

/// Prints the rules of one game.
pub fn run(args: &RulesArgs) -> Result<()> {
    let id = game_id(&args.game)?;
    let text = id.rules_text()?;
    let info = id.info()?;
    let mut out = io::stdout().lock();
    write!(out, "{text}")?;
    if !text.ends_with('\n') {
        writeln!(out)?;
    }
    writeln!(out)?;
    writeln!(out, "## Playing it with muster")?;
    writeln!(out)?;
    writeln!(
        out,
        "Game id `{}`, {} seats, rules version {}.",
        id.id(),
        seat_range(&info),
        info.rules_version
    )?;
    write_presets(&mut out, id)?;
    write_options(&mut out, id)
}

fn write_presets(out: &mut impl Write, id: GameId) -> Result<()> {
    writeln!(out)?;
    writeln!(out, "### Presets (`--variant NAME`)")?;
    writeln!(out)?;
    writeln!(out, "| preset | what it is |")?;
    writeln!(out, "|---|---|")?;
    for (i, (name, summary)) in id.presets()?.into_iter().enumerate() {
        let default = if i == 0 { " (default)" } else { "" };
        writeln!(out, "| `{name}`{default} | {summary} |")?;
    }
    Ok(())
}

fn write_options(out: &mut impl Write, id: GameId) -> Result<()> {
    writeln!(out)?;
    writeln!(out, "### Options (`--opt KEY=VALUE`)")?;
    writeln!(out)?;
    writeln!(out, "| option | values | default | what it does |")?;
    writeln!(out, "|---|---|---|---|")?;
    for option in id.options()? {
        writeln!(
            out,
            "| `{}` | `{}` | `{}` | {}{} |",
            option.key,
            option.domain.text().replace('|', "\\|"),
            option.default,
            option.summary,
            status_note(option.status)
        )?;
    }
    Ok(())
}
