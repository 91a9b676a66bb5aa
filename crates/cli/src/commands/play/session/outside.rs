//! Outside engines at the table (`engine:<command>`): started once per game and seat, told the
//! whole game at each decision (so `undo` and `resume` need nothing of them), and a failure
//! (late, illegal, crashed) loses the game for their seat.

use std::path::{Path, PathBuf};
use std::time::Duration;

use muster_rules::record::Endings;

use super::Session;
use crate::commands::outside::{self, Forfeit};
use crate::commands::play::players::Player;

impl Session {
    /// Starts the outside engines of the table, logging each seat's session to `logs/seatK.log`,
    /// with `move_time` per decision; returns the log files by seat. An engine that cannot start
    /// loses at its first decision.
    pub fn start_outside(&mut self, logs: &Path, move_time: Duration) -> Vec<(usize, PathBuf)> {
        self.move_time = move_time;
        let mut files = Vec::new();
        for (seat, player) in self.table.players.iter().enumerate() {
            let Player::Engine(command) = player else {
                continue;
            };
            let log = logs.join(format!("seat{}.log", seat + 1));
            // The seed the built-in player of this seat starts with (see `restart_engines`).
            let seed = self.seed.wrapping_add(1 + seat as u64);
            let started = outside::start(command, Some(log.clone()), seed, &self.start)
                .map_err(|failure| Forfeit::new(seat, &player.describe(), &failure));
            self.outside[seat] = Some(started);
            files.push((seat, log));
        }
        files
    }

    /// The forfeit that ended the game, if an outside engine failed.
    pub fn forfeit(&self) -> Option<&Forfeit> {
        self.forfeit.as_ref()
    }

    /// The record's endings: the forfeit, if any.
    pub(super) fn endings(&self) -> Endings {
        self.forfeit
            .as_ref()
            .map_or_else(Endings::none, Forfeit::endings)
    }

    /// Asks the outside engine of `seat`, if it has one: `Some(Ok(action))`, checked legal, or
    /// `Some(Err(forfeit))` when it failed.
    pub(super) fn outside_decision(&mut self, seat: usize) -> Option<Result<String, Forfeit>> {
        let slot = self.outside.get_mut(seat)?.as_mut()?;
        let engine = match slot {
            Ok(engine) => engine,
            Err(forfeit) => return Some(Err(forfeit.clone())),
        };
        let actions: Vec<String> = self.history.iter().map(|s| s.action.clone()).collect();
        let limits = outside::limits(self.move_time);
        Some(
            engine
                .decide(&self.start, &actions, &self.game, &limits)
                .map(|decision| decision.action)
                .map_err(|failure| {
                    let player = self.table.players[seat].describe();
                    let forfeit = Forfeit::new(seat, &player, &failure);
                    engine.note(&format!("game over: {}", forfeit.words));
                    forfeit
                }),
        )
    }

    /// Sends `quit` to every outside engine (each gets a moment to leave, then is killed).
    pub(super) fn close_outside(&mut self) {
        for slot in self.outside.drain(..) {
            if let Some(Ok(engine)) = slot {
                engine.quit();
            }
        }
    }
}

/// The default folder for outside engines' logs: a new one in the system's temporary folder.
pub fn default_logs() -> PathBuf {
    std::env::temp_dir().join(format!("muster-play-{}", std::process::id()))
}

/// Default time per decision when none is set.
pub(super) const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(10);
