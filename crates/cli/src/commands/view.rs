//! `muster view <game> [ACTION]... [--as SEAT] [--svg FILE | --steps]`: what a client draws for
//! a position, as one seat or a spectator sees it, and the steps of the last action.
//!
//! The actions are applied in order from the start (or `--position`); the last one is marked as
//! the last move. Without `--svg` the scene is printed as one JSON object; with it, the scene is
//! written as a standalone SVG in which every clickable element carries its target id as
//! `data-target`.

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use muster_rules::{AnyGame, Seat};

use crate::args::StartArgs;
use crate::commands::{seat_names, start_game};

/// `muster view`.
#[derive(Debug, Args)]
pub struct ViewArgs {
    /// The game and where it stands.
    #[command(flatten)]
    pub start: StartArgs,
    /// The actions to apply first, in order, in the game's notation; the last is marked.
    #[arg(value_name = "ACTION")]
    pub actions: Vec<String>,
    /// The seat whose view to draw: a number counted from 1 or the seat's name (`Dark`,
    /// `White`, `Red`). Default: a spectator.
    #[arg(long = "as", value_name = "SEAT")]
    pub viewer: Option<String>,
    /// Write the scene as an SVG file instead of printing it as JSON.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Print, as JSON, the steps of the last action a client animates (each event with its
    /// rule and the targets it touches), as the `--as` seat may be told of them.
    #[arg(long, conflicts_with = "svg")]
    pub steps: bool,
}

/// Builds the scene and prints it as JSON or writes it as SVG.
pub fn run(args: &ViewArgs) -> Result<()> {
    let mut game = start_game(&args.start)?;
    let viewer = args
        .viewer
        .as_deref()
        .map(|text| read_seat(&game, text))
        .transpose()?;
    if args.steps {
        let Some((last, earlier)) = args.actions.split_last() else {
            bail!("--steps: give the action whose steps to show (the last ACTION)");
        };
        play_all(&mut game, earlier)?;
        let steps = muster_view::steps_seen(&game, last, viewer)
            .with_context(|| format!("action {} `{last}`", args.actions.len()))?;
        writeln!(io::stdout().lock(), "{}", serde_json::to_string(&steps)?)?;
        return Ok(());
    }
    let scene = match args.actions.split_last() {
        None => muster_view::scene(&game, viewer)?,
        Some((last, earlier)) => {
            play_all(&mut game, earlier)?;
            muster_view::scene_after(&game, last, viewer)
                .with_context(|| format!("action {} `{last}`", args.actions.len()))?
        }
    };
    match &args.svg {
        Some(path) => fs::write(path, muster_view::svg::write(&scene))
            .with_context(|| format!("cannot write `{}`", path.display()))?,
        None => {
            let mut out = io::stdout().lock();
            writeln!(out, "{}", serde_json::to_string(&scene)?)?;
        }
    }
    Ok(())
}

/// Applies `actions` in order, naming the first that fails by its place and text.
fn play_all(game: &mut AnyGame, actions: &[String]) -> Result<()> {
    for (index, text) in actions.iter().enumerate() {
        game.apply(text)
            .with_context(|| format!("action {} `{text}`", index + 1))?;
    }
    Ok(())
}

/// Reads `--as`: a seat number counted from 1, or a seat's name in any case.
fn read_seat(game: &AnyGame, text: &str) -> Result<Seat> {
    let names = seat_names(game);
    if let Ok(number) = text.parse::<usize>() {
        if (1..=names.len()).contains(&number) {
            return Ok(crate::commands::seat(number - 1));
        }
        bail!(
            "--as `{text}`: this game has seats 1 to {} ({})",
            names.len(),
            names.join(", ")
        );
    }
    match names.iter().position(|n| n.eq_ignore_ascii_case(text)) {
        Some(i) => Ok(crate::commands::seat(i)),
        None => bail!(
            "--as `{text}`: no such seat; give a number from 1 to {} or a name ({})",
            names.len(),
            names.join(", ")
        ),
    }
}
