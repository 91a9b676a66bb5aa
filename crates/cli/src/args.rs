//! The command-line grammar (clap derive): every subcommand and its options.
//!
//! Game ids, variants, positions and actions are taken as plain text here and read by the
//! subcommands, so that a bad value gets the rules crate's own message (which quotes it) and exit
//! code 1, rather than a usage error.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// muster: play, check and measure Murus Gallicus, Mur, Mu and MuTou from the terminal.
#[derive(Debug, Parser)]
#[command(name = "muster", version, about, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// `muster games`.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Print the catalog as JSON (facts, presets with their option values, option domains).
    #[arg(long)]
    pub json: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every game with its seats, presets and options.
    Games(GamesArgs),
    /// Print the rules of a game, then its presets and options.
    Rules(RulesArgs),
    /// Print the start position text of a game.
    New(NewArgs),
    /// List the legal actions of a position, sorted, one per line.
    Moves(MovesArgs),
    /// Apply actions to a position and print the resulting position text.
    Apply(ApplyArgs),
    /// Count the action paths of a given depth (perft).
    Perft(PerftArgs),
    /// Measure random playouts: plies and games per second.
    Bench(BenchArgs),
    /// Play a game in the terminal, against AI levels, random opponents or hotseat.
    Play(PlayArgs),
    /// Play AI levels and random players against each other; Elo with intervals, records, plot.
    Arena(ArenaArgs),
    /// Validate and show a game record.
    Replay(ReplayArgs),
    /// Show what a client draws for a position: a scene as JSON, or an SVG with `--svg`.
    View(crate::commands::view::ViewArgs),
    /// Run the game server (SQLite `muster.db` here and http://127.0.0.1:8080 by default).
    Serve(crate::commands::serve::ServeArgs),
    /// Speak the engine protocol on stdin/stdout (docs/engine-protocol.md), for any controller.
    Engine(EngineArgs),
    /// Connect a protocol engine to a muster server as a bot account.
    Bot(crate::commands::bot::BotArgs),
}

/// `muster engine`.
#[derive(Debug, Args)]
pub struct EngineArgs {
    /// The level `go` plays without `level` (1 to 8); the option `level`'s default.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub level: u8,
    /// The seed of the engine's random choices; the option `seed`'s default.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Search threads (1 keeps a search reproducible from its seed); the option `threads`'s
    /// default.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
}

/// The variant options shared by every subcommand that sets up a game.
#[derive(Debug, Clone, Default, Args)]
pub struct VariantArgs {
    /// The variant: a preset name and/or key=value words, e.g. `advanced` or `basic board=8x8`.
    #[arg(long, value_name = "TEXT")]
    pub variant: Option<String>,
    /// One option as KEY=VALUE, applied after --variant (repeatable).
    #[arg(long = "opt", value_name = "KEY=VALUE")]
    pub opts: Vec<String>,
    /// MuTou: the tier, I, II, III or choose (the same as --opt tier=...).
    #[arg(long, value_name = "TIER")]
    pub tier: Option<String>,
    /// MuTou: the board, square, hex or sown (the same as --opt board=...).
    #[arg(long, value_name = "KIND")]
    pub board: Option<String>,
}

/// Where a game starts: a game id, a variant, and optionally a position or seat count.
#[derive(Debug, Clone, Args)]
pub struct StartArgs {
    /// The game: murus-gallicus, mur, mu or mutou.
    pub game: String,
    /// The variant settings.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// A one-line position text to start from (default: the start position). It may start with
    /// `-`, as Mu's do (`--position "- | - | layout R seats=2"`).
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The number of seats (default: the game's).
    #[arg(long, value_name = "N")]
    pub seats: Option<usize>,
}

/// `muster rules`.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The game: murus-gallicus, mur, mu or mutou.
    pub game: String,
}

/// `muster new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// The game: murus-gallicus, mur, mu or mutou.
    pub game: String,
    /// The variant settings.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// The number of seats (default: the game's).
    #[arg(long, value_name = "N")]
    pub seats: Option<usize>,
    /// Seed for resolving chance at the start (default 0).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
}

/// `muster moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    /// The game and where it stands.
    #[command(flatten)]
    pub start: StartArgs,
    /// Print one JSON object instead of lines (with every move's click path and label).
    #[arg(long)]
    pub json: bool,
    /// After each action, the targets a person clicks to make it, and its label where two
    /// actions share a path.
    #[arg(long)]
    pub paths: bool,
    /// Only the actions whose click path starts with these target ids (e.g. `--under d1`);
    /// repeat or separate by commas for a longer prefix.
    #[arg(long, value_name = "ID", value_delimiter = ',')]
    pub under: Vec<String>,
}

/// `muster apply`.
#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// The game and where it stands.
    #[command(flatten)]
    pub start: StartArgs,
    /// The actions to apply, in order, in the game's notation.
    #[arg(value_name = "ACTION")]
    pub actions: Vec<String>,
    /// Print one JSON object with the position, outcome and events.
    #[arg(long)]
    pub json: bool,
}

/// `muster perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// The game and where it stands.
    #[command(flatten)]
    pub start: StartArgs,
    /// The path length to count (at most 12).
    #[arg(long, value_name = "N")]
    pub depth: u32,
    /// Also print the count after each first action.
    #[arg(long)]
    pub divide: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `muster bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The game and where it stands.
    #[command(flatten)]
    pub start: StartArgs,
    /// How long to run, in seconds.
    #[arg(long, value_name = "S", default_value_t = 3.0)]
    pub seconds: f64,
    /// Worker threads (at most the machine's cores).
    #[arg(long, value_name = "T", default_value_t = 1)]
    pub threads: usize,
    /// Seed of the first thread's generator (thread i uses seed + i).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// A game still running after this many plies is cut off and counted as unfinished.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_plies: u64,
    /// Measure the AI searches instead: MCTS iterations/s and alpha-beta positions/s on fixed
    /// positions (`--seconds`, `--threads` and `--max-plies` do not apply).
    #[arg(long)]
    pub search: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `muster play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game: murus-gallicus, mur, mu or mutou (with --resume: read from the record).
    #[arg(required_unless_present = "resume")]
    pub game: Option<String>,
    /// The variant settings.
    #[command(flatten)]
    pub variant: VariantArgs,
    /// A one-line position text to start from (default: the start position). It may start with
    /// `-`, as Mu's do.
    #[arg(long, value_name = "TEXT", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// The number of seats (default: the game's).
    #[arg(long, value_name = "N")]
    pub seats: Option<usize>,
    /// Continue a game saved with `save FILE`: the same game, variant, position, moves (undo
    /// reaches back before the save), players and seed, so that it goes on as it would have.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["variant", "opts", "tier", "board", "position", "seats", "vs", "seat", "seed", "players"]
    )]
    pub resume: Option<PathBuf>,
    /// An opponent: an AI level `1`–`8` (or `L5`, or a name: beginner … grandmaster), `random`,
    /// `human`, or an outside engine speaking the engine protocol (`engine:"python3 bot.py"`);
    /// repeat to fill the other seats in order (the last one fills the rest). Without --vs
    /// every opponent plays random moves.
    #[arg(long = "vs", value_name = "OPPONENT")]
    pub vs: Vec<String>,
    /// Every seat's player in seat order, comma-separated, as --vs takes them, `human` for the
    /// seats played at this terminal (none: the game plays itself to the end).
    #[arg(long, value_name = "LIST", value_delimiter = ',', conflicts_with_all = ["vs", "seat"])]
    pub players: Vec<String>,
    /// The time an outside engine has per decision (`go movetime`), in milliseconds; a later
    /// answer (after a grace of a tenth, at least 200 ms) loses the game.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub move_time: u64,
    /// The folder for the logs of outside engines (their session and standard error), one per
    /// seat: `seatK.log`. Default: a new folder in the system's temporary folder, named on screen.
    #[arg(long, value_name = "DIR")]
    pub engine_logs: Option<PathBuf>,
    /// The seat you play: its number from 1, or its name (e.g. `Dark`). Default: 1.
    #[arg(long = "as", value_name = "SEAT")]
    pub seat: Option<String>,
    /// Seed for the opponents and chance.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// Threads an AI opponent thinks with (at most the machine's cores; one thread keeps the
    /// game reproducible from its seed).
    #[arg(long, value_name = "T", default_value_t = 1)]
    pub threads: usize,
    /// The level (1–8) whose suggestion `hint` shows.
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub hint_level: u8,
    /// Never use colours.
    #[arg(long)]
    pub no_color: bool,
}

impl PlayArgs {
    /// Where a new game starts, or `None` without a game (only possible with --resume).
    pub fn start(&self) -> Option<StartArgs> {
        Some(StartArgs {
            game: self.game.clone()?,
            variant: self.variant.clone(),
            position: self.position.clone(),
            seats: self.seats,
        })
    }
}

/// `muster arena`.
#[derive(Debug, Args)]
pub struct ArenaArgs {
    /// The game and where it stands.
    #[command(flatten)]
    pub start: StartArgs,
    /// The players, comma-separated: levels `1`-`8` (or `L5`, or names), `random`, a search
    /// with its budget (`mcts:500` iterations, `ab:20000` or `brs:20000` positions per decision),
    /// or an outside engine speaking the engine protocol: `engine:"python3 bot.py"`.
    #[arg(long, value_name = "LIST", value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// The time an outside engine has per decision (`go movetime`), in milliseconds; a later
    /// answer (after a grace of a tenth, at least 200 ms) loses the game.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub move_time: u64,
    /// Who meets whom: `ladder` (each player the next in the list), `all` (every pair) or
    /// `gauntlet` (the first against each of the others).
    #[arg(long, value_name = "KIND", default_value = "ladder")]
    pub schedule: String,
    /// Further pairings, e.g. `8-random` (repeatable).
    #[arg(long = "pair", value_name = "A-B")]
    pub pairs: Vec<String>,
    /// Games per pairing (seats rotate from game to game).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub games: u32,
    /// Random decisions that open each game (the same opening is played with seats swapped).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub opening: u32,
    /// Games played at once.
    #[arg(long, value_name = "P", default_value_t = 2)]
    pub parallel: usize,
    /// A game still running after this many decisions is stopped and scored as a draw.
    #[arg(long, value_name = "N", default_value_t = 4_000)]
    pub max_plies: u32,
    /// Seed of the whole arena: openings, engines, chance.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The folder the game records are written to (created if missing).
    #[arg(long, value_name = "DIR", default_value = "arena-records")]
    pub out: PathBuf,
    /// Also write an SVG plot of Elo against level to this file.
    #[arg(long, value_name = "FILE")]
    pub plot: Option<PathBuf>,
    /// Print one JSON object instead of the tables.
    #[arg(long)]
    pub json: bool,
}

/// `muster replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The record file, or `-` for standard input.
    pub file: PathBuf,
    /// Draw the position after every action, not only at the end.
    #[arg(long, conflicts_with = "quiet")]
    pub steps: bool,
    /// Print only a one-line summary.
    #[arg(long)]
    pub quiet: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Never use colours.
    #[arg(long)]
    pub no_color: bool,
    /// Report how far the record still replays under this build's rules (older rules versions
    /// too), against its stored `Hashes`; fails at the first divergence.
    #[arg(long, conflicts_with_all = ["steps", "quiet"])]
    pub lenient: bool,
}
