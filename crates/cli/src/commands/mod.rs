//! One module per subcommand, and the helpers they share: reading the game id, the variant and
//! the start position, and describing actors and outcomes in words and in JSON.

pub mod apply;
pub mod arena;
pub mod bench;
pub mod bench_search;
pub mod bot;
pub mod engine;
pub mod games;
pub mod moves;
pub mod new;
pub mod outside;
pub mod perft;
pub mod play;
pub mod replay;
pub mod rules;
pub mod serve;
pub mod view;

use std::io::{self, IsTerminal, Write};
use std::num::NonZeroUsize;

use anyhow::{bail, Context, Result};
use muster_rules::{Actor, AnyGame, GameId, Outcome, Seat};
use serde_json::{json, Value};

use crate::args::{StartArgs, VariantArgs};

/// Reads a game id; the error quotes it and lists the games.
pub fn game_id(text: &str) -> Result<GameId> {
    Ok(GameId::parse(text)?)
}

/// The variant text given to the rules: `--variant` followed by every `--opt`, space-separated.
/// Each `--opt` must have the form KEY=VALUE.
pub fn variant_text(args: &VariantArgs) -> Result<String> {
    let mut words: Vec<&str> = args.variant.iter().map(String::as_str).collect();
    for opt in &args.opts {
        match opt.split_once('=') {
            Some((key, _)) if !key.trim().is_empty() && !opt.contains(char::is_whitespace) => {
                words.push(opt)
            }
            _ => bail!("--opt `{opt}`: expected KEY=VALUE, e.g. --opt board=8x8"),
        }
    }
    let mut text = words.join(" ");
    for (key, value) in [("tier", &args.tier), ("board", &args.board)] {
        if let Some(value) = value {
            if value.is_empty() || value.contains(char::is_whitespace) {
                bail!("--{key} `{value}`: expected one word");
            }
            text = format!("{text} {key}={value}");
        }
    }
    Ok(text.trim().to_owned())
}

/// A new game of `id` under `variant`, with the seat count asked for (default: the game's).
pub fn new_game(id: GameId, variant: &str, seats: Option<usize>) -> Result<AnyGame> {
    id.info()?;
    AnyGame::new(id, variant, seats).with_context(|| setup_context(id, variant))
}

/// The game described by `args`: the position text if one is given, otherwise the start.
pub fn start_game(args: &StartArgs) -> Result<AnyGame> {
    let id = game_id(&args.game)?;
    let variant = variant_text(&args.variant)?;
    let Some(position) = &args.position else {
        return new_game(id, &variant, args.seats);
    };
    id.info()?;
    // Check the variant on its own first, so that a bad variant is not blamed on the position.
    id.variant_text(&variant)
        .with_context(|| setup_context(id, &variant))?;
    let game = AnyGame::from_position(id, &variant, position)
        .with_context(|| format!("cannot read position `{position}`"))?;
    if let Some(seats) = args.seats.filter(|&n| n != game.seats()) {
        bail!(
            "--seats {seats} does not match the position `{position}`, which has {} seats",
            game.seats()
        );
    }
    Ok(game)
}

fn setup_context(id: GameId, variant: &str) -> String {
    if variant.is_empty() {
        format!("cannot set up {}", id.id())
    } else {
        format!("cannot set up {} with variant `{variant}`", id.id())
    }
}

/// The legal actions in notation, sorted lexicographically.
pub fn sorted_actions(game: &AnyGame) -> Vec<String> {
    let mut actions = game.legal_actions();
    actions.sort_unstable();
    actions
}

/// The rules' name of every seat, in seat order.
pub fn seat_names(game: &AnyGame) -> Vec<String> {
    (0..game.seats()).map(|i| game.seat_name(seat(i))).collect()
}

/// The seat with index `i` (seat counts never exceed 10).
pub fn seat(i: usize) -> Seat {
    Seat(u8::try_from(i).unwrap_or(u8::MAX))
}

/// Who decides next, in words: a seat name, `chance`, or `nobody (the game is over)`.
pub fn actor_words(game: &AnyGame) -> String {
    match game.actor() {
        Actor::Seat(s) => game.seat_name(s),
        Actor::Chance => "chance".to_owned(),
        Actor::Over => "nobody (the game is over)".to_owned(),
    }
}

/// Who decides next, for JSON: a seat name, `"chance"`, or `null` when the game is over.
pub fn actor_json(game: &AnyGame) -> Value {
    match game.actor() {
        Actor::Seat(s) => Value::String(game.seat_name(s)),
        Actor::Chance => Value::String("chance".to_owned()),
        Actor::Over => Value::Null,
    }
}

/// The outcome for JSON: `null` while the game runs, else scores, ranks, reason, the result
/// text (`1-0`) and the winners by seat name.
pub fn outcome_json(game: &AnyGame) -> Value {
    outcome_json_of(game, game.outcome().as_ref())
}

/// [`outcome_json`] of a given outcome (a replayed record's, with its endings outside the
/// rules).
pub fn outcome_json_of(game: &AnyGame, outcome: Option<&Outcome>) -> Value {
    match outcome {
        None => Value::Null,
        Some(outcome) => json!({
            "scores": outcome.scores,
            "ranks": outcome.ranks,
            "reason": outcome.reason,
            "result": outcome.score_text(),
            "winners": winners(game, outcome),
        }),
    }
}

fn winners(game: &AnyGame, outcome: &Outcome) -> Vec<String> {
    if outcome.is_draw() {
        return Vec::new();
    }
    outcome
        .winners()
        .into_iter()
        .map(|s| game.seat_name(s))
        .collect()
}

/// The result in words, e.g. `Light wins: breakthrough at c7 (1-0)` or `draw: ply cap (0-0)`.
pub fn result_words(game: &AnyGame, outcome: &Outcome) -> String {
    let who = match winners(game, outcome).as_slice() {
        [] => "draw".to_owned(),
        [one] => format!("{one} wins"),
        many => format!("{} share first place", many.join(" and ")),
    };
    format!("{who}: {} ({})", outcome.reason, outcome.score_text())
}

/// Whether to use ANSI colours on stdout: only on a terminal, only without NO_COLOR, and never
/// with `--no-color`.
pub fn colour_wanted(no_color: bool) -> bool {
    let no_color_env = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !no_color && !no_color_env && io::stdout().is_terminal()
}

/// The threads to use when `requested` were asked for: at most the cores this machine offers
/// (`std::thread::available_parallelism`, 1 if unknown). More threads than cores only make every
/// thread slower, so a larger request is capped, with a note on stderr saying so.
pub fn capped_threads(requested: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    if requested <= cores {
        return requested;
    }
    let plural = if cores == 1 { "" } else { "s" };
    // A note that cannot be written changes nothing.
    let _ = writeln!(
        io::stderr(),
        "note: --threads {requested} is more than this machine's {cores} core{plural}: using {cores}"
    );
    cores
}
