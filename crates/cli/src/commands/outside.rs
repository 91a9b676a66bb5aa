//! Outside engines (`engine:<command>`) at a table: started per game and seat with the seed a
//! built-in player of that seat would get, and a failure (late, illegal, crashed) turned into
//! a lost game. Shared by `arena` and `play`; docs/engine-protocol.md §7.

use std::path::PathBuf;
use std::time::Duration;

use muster_protocol::controller::{
    EngineCommand, EngineConfig, EngineFailure, ExternalEngine, GoLimits, DEFAULT_ANSWER_TIMEOUT,
};
use muster_rules::record::{Departure, Ending, Endings};
use muster_rules::{AnyGame, Seat};

/// The environment variable that tells an engine where the muster that started it is.
pub const MUSTER_VAR: &str = "MUSTER";

/// `command` as the arena and `play` run it: with `MUSTER` in its environment naming this
/// muster's own program, and run by this muster when its program is the word `muster` alone (no
/// folder), so that neither needs `muster` on the `PATH` (docs/engine-protocol.md §7). Where
/// the running program cannot be named (or its path is not UTF-8), `command` is run as given.
pub fn resolve(command: &EngineCommand) -> EngineCommand {
    let exe = std::env::current_exe().ok();
    let Some(exe) = exe.as_deref().and_then(std::path::Path::to_str) else {
        return command.clone();
    };
    let mut resolved = command.clone().with_env(MUSTER_VAR, exe);
    if resolved.program == "muster" {
        resolved.program = exe.to_owned();
    }
    resolved
}

/// Starts `command` ([`resolve`]d) for one seat of a game from `start`: the handshake,
/// `setoption seed`, `setoption threads 1` and `newgame`, with the session logged to `log`.
pub fn start(
    command: &EngineCommand,
    log: Option<PathBuf>,
    seed: u64,
    start: &AnyGame,
) -> Result<ExternalEngine, EngineFailure> {
    let config = EngineConfig {
        log,
        answer_timeout: DEFAULT_ANSWER_TIMEOUT,
        options: vec![
            ("seed".to_owned(), seed.to_string()),
            ("threads".to_owned(), "1".to_owned()),
        ],
    };
    let mut engine = ExternalEngine::start(&resolve(command), &config)?;
    engine.new_game(start)?;
    Ok(engine)
}

/// The limits of one decision: `go movetime <limit>`.
pub fn limits(move_time: Duration) -> GoLimits {
    GoLimits {
        movetime: Some(move_time),
        ..GoLimits::default()
    }
}

/// A seat lost outside the rules because its engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// The seat, from 0.
    pub seat: usize,
    /// Why, in words: `engine `bot.py` (seat 2) lost: late, no answer in 11.1 s (limit 10.0 s
    /// and a grace of 1.0 s)`.
    pub words: String,
    /// How the record's `Ending` names it: `timeout` when late, else `abandoned`.
    pub how: Departure,
}

impl Forfeit {
    /// The forfeit of `seat` (from 0), played by `player` (described), for `failure`.
    pub fn new(seat: usize, player: &str, failure: &EngineFailure) -> Forfeit {
        let how = match failure {
            EngineFailure::Late { .. } => Departure::Timeout,
            _ => Departure::Abandoned,
        };
        Forfeit {
            seat,
            words: format!("{player} (seat {}) lost: {failure}", seat + 1),
            how,
        }
    }

    /// The record's endings: this seat forfeits after the last action.
    pub fn endings(&self) -> Endings {
        Endings {
            ending: Some(Ending::Forfeit {
                seat: Seat(self.seat as u8),
                how: self.how,
            }),
            retired: Vec::new(),
        }
    }
}
