//! `muster new <game>`: the start position text, on one line.
//!
//! A game whose first decision belongs to chance (a random first player, dice) has those chance
//! actions resolved with a generator seeded by `--seed`, until a seat is to act.

use std::io::{self, Write};

use anyhow::{Context, Result};
use muster_rules::{Actor, AnyGame};
use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::args::NewArgs;
use crate::commands::{game_id, new_game, variant_text};

/// The most chance actions resolved before giving up (a safety net against a broken game).
const MAX_CHANCE_STEPS: usize = 10_000;

/// Prints the start position.
pub fn run(args: &NewArgs) -> Result<()> {
    let id = game_id(&args.game)?;
    let variant = variant_text(&args.variant)?;
    let mut game = new_game(id, &variant, args.seats)?;
    let mut rng = SmallRng::seed_from_u64(args.seed);
    resolve_chance(&mut game, &mut rng)?;
    writeln!(io::stdout().lock(), "{}", game.position_text())?;
    Ok(())
}

/// Applies random chance actions (by their weights) until a seat acts or the game is over.
/// Returns the actions applied, in notation.
pub fn resolve_chance(game: &mut AnyGame, rng: &mut SmallRng) -> Result<Vec<String>> {
    let mut applied = Vec::new();
    while game.actor() == Actor::Chance {
        anyhow::ensure!(
            applied.len() < MAX_CHANCE_STEPS,
            "chance keeps acting; giving up"
        );
        let Some(action) = game.random_action(rng) else {
            anyhow::bail!("chance is to act but has no outcomes");
        };
        game.apply(&action)
            .with_context(|| format!("chance action `{action}`"))?;
        applied.push(action);
    }
    Ok(applied)
}
