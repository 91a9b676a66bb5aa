//! The beat clock (mutou S25, D11), as data for clients: the rules crate has no clock of its
//! own, so a client (terminal, server) runs the timer from these numbers.

use serde::Serialize;

use super::state::{MuTou, Phase};
use super::variant::ClockMode;
use crate::game::Seat;

/// The timing of the turn in progress under the beat clock.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct BeatClock {
    /// Beat or overlap mode.
    pub mode: ClockMode,
    /// Song beats per minute.
    pub tempo: u16,
    /// Song beats per bass beat (4 or 5).
    pub bass_every: u8,
    /// Seconds per bass beat: `bass_every × 60 / tempo` (2.5 s at the defaults).
    pub bass_seconds: f64,
    /// Bass beats this turn allows: the mover's wafers at the start of the turn (S25).
    pub beats: u16,
    /// Bass beats already used: one per move unit committed.
    pub used: u16,
}

impl BeatClock {
    /// S25: clashes between overlapping turns go to the player who reached his turn most
    /// recently; among several delayed players, from the most recent to the least. `started`
    /// lists the seats whose turns are running, in the order they began; the answer is the
    /// order of precedence.
    pub fn precedence(started: &[Seat]) -> Vec<Seat> {
        started.iter().rev().copied().collect()
    }

    /// The seconds left in the turn's allowance if every remaining beat is used.
    pub fn seconds_left(&self) -> f64 {
        f64::from(self.beats.saturating_sub(self.used)) * self.bass_seconds
    }
}

impl MuTou {
    /// The beat clock of the turn in progress; `None` when untimed or outside play.
    pub fn clock(&self) -> Option<BeatClock> {
        let v = &self.variant;
        if v.clock == ClockMode::Untimed || !matches!(self.phase, Phase::Play) {
            return None;
        }
        Some(BeatClock {
            mode: v.clock,
            tempo: v.tempo,
            bass_every: v.bass_every,
            bass_seconds: f64::from(v.bass_every) * 60.0 / f64::from(v.tempo),
            beats: self.turn.budget,
            used: self.turn.spent,
        })
    }
}
