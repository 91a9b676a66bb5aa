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
    let text = without_anchors(id.rules_text()?);
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

/// The text without the `<a id="…"></a>` anchors the web's rules pages link to: a terminal
/// reader has no use for them.
fn without_anchors(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<a id=\"") {
        let Some(len) = rest[start..].find("</a>") else {
            break;
        };
        out.push_str(&rest[..start]);
        rest = &rest[start + len + "</a>".len()..];
        // An anchor alone before a word leaves no double space.
        if out.ends_with(' ') && rest.starts_with(' ') {
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
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

#[cfg(test)]
mod tests {
    use super::without_anchors;

    #[test]
    fn anchors_for_the_web_are_left_out_in_the_terminal() {
        assert_eq!(
            without_anchors("a <a id=\"2.6\"></a> b\n<a id=\"S18\"></a>c"),
            "a b\nc"
        );
        assert_eq!(without_anchors("no anchors"), "no anchors");
    }
}
