//! `muster bench <game> --search`: the speed of the AI searches on fixed positions.
//!
//! The positions are the start and the positions after 8, 16 and 24 decisions of seeded random
//! play (seed `--seed`), so every run measures the same work. On each, MCTS runs
//! [`MCTS_ITERATIONS`] iterations with the game's knowledge, and, in games without chance,
//! alpha-beta searches [`AB_NODES`] positions (paranoid with more than two seats). Each search is run twice: the two answers
//! must agree (the searches are reproducible under these budgets) and be legal, or the bench
//! fails.

use std::io::{self, Write};
use std::time::Duration;

use anyhow::{bail, Result};
use muster_rules::{Actor, AnyGame};
use muster_search::levels::Recipe;
use muster_search::{Budget, Engine, StopFlag, Thought};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde_json::json;

use crate::args::BenchArgs;
use crate::commands::start_game;

/// MCTS iterations per position.
pub const MCTS_ITERATIONS: u64 = 2_000;
/// Alpha-beta positions per position.
pub const AB_NODES: u64 = 100_000;

/// Runs the search bench and prints the report.
pub fn run(args: &BenchArgs) -> Result<()> {
    let start = start_game(&args.start)?;
    let positions = positions(&start, args.seed);
    let mcts = measure(
        &positions,
        Recipe::Mcts {
            iterations: MCTS_ITERATIONS,
            playout_plies: None,
        },
        MCTS_ITERATIONS,
    )?;
    let alpha_beta = if !start.info().has_chance {
        Some(measure(
            &positions,
            Recipe::alpha_beta(64, AB_NODES),
            AB_NODES,
        )?)
    } else {
        None
    };
    let mut out = io::stdout().lock();
    if args.json {
        let rate = |m: &Measured| json!({"nodes": m.nodes, "seconds": m.time.as_secs_f64(), "per_second": m.rate()});
        let report = json!({
            "game": start.id().id(),
            "variant": start.variant_text(),
            "positions": positions.len(),
            "mcts_iterations": rate(&mcts),
            "alpha_beta_nodes": alpha_beta.as_ref().map(rate),
        });
        writeln!(out, "{report}")?;
    } else {
        writeln!(
            out,
            "{} ({}): {} positions",
            start.id(),
            start.variant_text(),
            positions.len()
        )?;
        writeln!(
            out,
            "  MCTS        {:>10.0} iterations/s ({} in {:.2} s)",
            mcts.rate(),
            mcts.nodes,
            mcts.time.as_secs_f64()
        )?;
        match &alpha_beta {
            Some(m) => writeln!(
                out,
                "  alpha-beta  {:>10.0} positions/s ({} in {:.2} s)",
                m.rate(),
                m.nodes,
                m.time.as_secs_f64()
            )?,
            None => writeln!(out, "  alpha-beta  not offered (chance)")?,
        }
    }
    Ok(())
}

/// The start and the positions after 8, 16 and 24 seeded random decisions (where a seat is to
/// move; chance is resolved on the way).
fn positions(start: &AnyGame, seed: u64) -> Vec<AnyGame> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = start.clone();
    let mut out = Vec::new();
    let mut decisions = 0;
    while out.len() < 4 {
        match game.actor() {
            Actor::Over => break,
            Actor::Seat(_) if decisions % 8 == 0 && out.len() == decisions / 8 => {
                out.push(game.clone())
            }
            _ => {}
        }
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        if matches!(game.actor(), Actor::Seat(_)) {
            decisions += 1;
        }
        game.apply(&action).expect("a random action is legal");
    }
    out
}

struct Measured {
    nodes: u64,
    time: Duration,
}

impl Measured {
    fn rate(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// Runs `recipe` twice on every position with a budget of `nodes`; both runs must give the same
/// legal action.
fn measure(positions: &[AnyGame], recipe: Recipe, nodes: u64) -> Result<Measured> {
    let mut total = Measured {
        nodes: 0,
        time: Duration::ZERO,
    };
    for game in positions {
        let first = think(game, recipe, nodes)?;
        let again = think(game, recipe, nodes)?;
        if first.action != again.action {
            bail!(
                "{}: two runs chose {} and {}",
                game.position_text(),
                first.action,
                again.action
            );
        }
        let mut check = game.clone();
        check.apply(&first.action)?;
        total.nodes += first.nodes + again.nodes;
        total.time += first.elapsed + again.elapsed;
    }
    Ok(total)
}

fn think(game: &AnyGame, recipe: Recipe, nodes: u64) -> Result<Thought> {
    let mut engine = Engine::new(game.id(), recipe, 1, 1);
    Ok(engine.think(
        game,
        Some(Budget {
            nodes: Some(nodes),
            depth: Some(64),
            time: None,
        }),
        &StopFlag::default(),
        &mut (),
    )?)
}
