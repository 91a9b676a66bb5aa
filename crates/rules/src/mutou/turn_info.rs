//! Which turn a decision belongs to ([`crate::game::TurnInfo`]).
//!
//! The set-up comes first, one turn per decision-maker (D3): the tier choice by the first
//! player (only with `tier=choose`), the claims of the other players in turn (sown boards, S22;
//! the last zone goes to the first player without a decision), then each player's whole
//! setting-out (S23), however many shakken it puts. Then the turns of play (S14–S16), which
//! the position counts: a turn holds the mover's units and everything decided inside it by
//! others, the call windows (S17, D8), the prior player's Rand aims (D10), the chance rolls,
//! the heap hand-outs, inserted alterations and the answers to a proposal (D19). It ends with
//! `rest`, `end`, or by itself once the units are spent and the last window has closed.

use super::state::{MuTou, Phase};
use super::variant::{BoardKind, TierRule};
use crate::game::{Seat, TurnInfo};

impl MuTou {
    /// The turn the next decision belongs to ([`crate::Game::turn`]).
    pub(super) fn turn_info(&self) -> TurnInfo {
        let seats = u32::from(self.seat_count());
        let tier_turns = u32::from(self.variant.tier == TierRule::Choose);
        let claim_turns = if self.variant.board == BoardKind::Sown {
            seats.saturating_sub(1)
        } else {
            0
        };
        let (number, mover) = match self.phase {
            Phase::ChooseTier => (1, Some(0)),
            Phase::Claim(seat) => (tier_turns + u32::from(seat), Some(seat)),
            Phase::SetOut(seat) => (tier_turns + claim_turns + u32::from(seat) + 1, Some(seat)),
            Phase::Play => (
                (tier_turns + claim_turns + seats).saturating_add(self.turn.number),
                Some(self.turn.mover),
            ),
            Phase::Over(_) => (
                (tier_turns + claim_turns + seats).saturating_add(self.turn.number),
                None,
            ),
        };
        TurnInfo {
            number,
            mover: mover.map(Seat),
        }
    }
}
