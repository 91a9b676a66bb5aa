//! Read-only accessors for renderers: what a drawing of a position needs to know that the
//! position's public fields do not say directly.

use super::state::{MuTou, Phase};

impl MuTou {
    /// The seat whose decision now is secret from every other seat and from spectators: the
    /// seat setting out its shakken (mutou S23), whose puts [`crate::Game::view`] hides from
    /// everyone else. `None` when the decision now is public.
    pub fn secret_decider(&self) -> Option<u8> {
        match self.phase {
            Phase::SetOut(seat) => Some(seat),
            _ => None,
        }
    }
}
