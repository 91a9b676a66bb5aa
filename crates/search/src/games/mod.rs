//! Per-game knowledge: one file per game.

pub mod mu;
pub mod mutou;

/// A position where the side to move wins by force within a few plies, for testing searches.
///
/// `wins` lists every first action (in the game's notation) that wins within `depth` plies
/// whatever the other seats do; every other legal action does not.
#[derive(Clone, Copy, Debug)]
pub struct Tactic {
    /// The variant text the position is played under.
    pub variant: &'static str,
    /// The position text.
    pub position: &'static str,
    /// The plies within which the side to move wins, its own first action included.
    pub depth: u32,
    /// Every winning first action, written as the game writes it.
    pub wins: &'static [&'static str],
}
