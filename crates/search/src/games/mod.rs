//! Per-game knowledge: one file per game.

pub mod mu;
pub mod mur;
pub mod murus_gallicus;
pub mod mutou;
#[cfg(test)]
pub(crate) mod testing;

use muster_rules::Seat;

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

/// A seat's value minus the mean value of the others; antisymmetric for two seats.
pub(crate) fn relative(values: &[i32], seat: Seat) -> i32 {
    let others = values.len().saturating_sub(1).max(1) as i64;
    let mine = i64::from(values[seat.index()]);
    let rest: i64 = values.iter().map(|&v| i64::from(v)).sum::<i64>() - mine;
    let mean = rest.div_euclid(others);
    // Rounding the mean toward minus infinity would break antisymmetry; two seats need none.
    let diff = if values.len() == 2 {
        mine - rest
    } else {
        mine - mean
    };
    diff.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// Fills `out` with each seat's mean over the other seats of the logistic of the value
/// difference over `scale`: the expected share of seats it finishes ahead of.
pub(crate) fn pairwise_utilities(values: &[i32], scale: f64, out: &mut [f64]) {
    let others = values.len().saturating_sub(1).max(1) as f64;
    for (s, u) in out.iter_mut().enumerate() {
        let mine = f64::from(values[s]);
        let sum: f64 = (0..values.len())
            .filter(|&o| o != s)
            .map(|o| 1.0 / (1.0 + (-(mine - f64::from(values[o])) / scale).exp()))
            .sum();
        *u = sum / others;
    }
}
