//! Per-game knowledge: one file per game.

pub mod mu;
pub mod mur;
pub mod murus_gallicus;
pub mod mutou;

/// A position in which the side to move can force a win, for testing searches.
///
/// Contract: under the variant `variant`, in the position `position`, the side to move wins
/// within `depth` plies (counting his own actions and his opponent's) whatever the opponent
/// does, and `wins` lists, in the game's notation, exactly the first actions that force such a
/// win within `depth` plies.
#[derive(Clone, Copy, Debug)]
pub struct Tactic {
    /// The variant text, as `Variant::parse_text` reads it.
    pub variant: &'static str,
    /// The position text, as `Game::position_text` writes it.
    pub position: &'static str,
    /// The plies within which the win is forced (1 to 5).
    pub depth: u32,
    /// Every first action that forces the win within `depth` plies, in the game's notation.
    pub wins: &'static [&'static str],
}
