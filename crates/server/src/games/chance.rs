//! Chance drawn from the game's stored seed and the ply (docs/server-design.md §2.2): the same game
//! at the same ply always draws the same outcome, so a crash between a draw and its commit never
//! re-rolls.

use muster_rules::AnyGame;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// The outcome chance draws in `game` (whose actor is chance) at `ply`, with the game's secret
/// `seed`; `None` if chance has nothing to draw. (For a seat to act, a uniformly drawn legal
/// action: what an AI seat plays when its search fails.)
pub(super) fn draw(game: &AnyGame, seed: i64, ply: i64) -> Option<String> {
    let mut rng = SmallRng::seed_from_u64(mix(seed as u64, ply as u64));
    game.random_action(&mut rng)
}

/// A 64-bit mix of the seed and the ply (SplitMix64's finaliser over their combination).
fn mix(seed: u64, ply: u64) -> u64 {
    let mut z = seed ^ ply.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_rules::{Actor, GameId};

    /// Plays random seat decisions until chance is to act.
    fn at_chance() -> AnyGame {
        let mut game = AnyGame::new(GameId::MuTou, "", Some(2)).expect("MuTou starts");
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..10_000 {
            match game.actor() {
                Actor::Chance => return game,
                Actor::Over => break,
                Actor::Seat(_) => {
                    let a = game.random_action(&mut rng).expect("a seat has a move");
                    game.apply(&a).expect("legal");
                }
            }
        }
        panic!("chance never acted");
    }

    #[test]
    fn the_same_seed_and_ply_draw_the_same_outcome() {
        let game = at_chance();
        let first = draw(&game, 42, 17).expect("chance draws");
        for _ in 0..5 {
            assert_eq!(draw(&game, 42, 17).as_deref(), Some(first.as_str()));
        }
        let outcomes: Vec<String> = game.chance_outcomes().into_iter().map(|o| o.0).collect();
        assert!(outcomes.contains(&first), "{first} is one of {outcomes:?}");
    }

    #[test]
    fn other_plies_draw_other_outcomes_sometimes() {
        let game = at_chance();
        let draws: std::collections::HashSet<String> =
            (0..64).filter_map(|ply| draw(&game, 42, ply)).collect();
        assert!(draws.len() > 1, "64 plies drew only {draws:?}");
    }
}
