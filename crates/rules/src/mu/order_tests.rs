//! The explosion order in long chain reactions (mu §2.8 "When to ask the player"): once a state
//! of a chain ends the same whatever the order, the chain never asks again, and the full search
//! of every order agrees at each later state.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::play::SETTLED_SKIPS;
use super::*;
use crate::game::{Actor, Game, NoEvents};
use crate::variant::Variant;

/// A crowded late-game position of Mu levis, full of long chains: the variant on the first
/// line, the position on the second.
const CROWDED: &str = include_str!("../../benches/data/mu_crowded.txt");

fn crowded() -> Mu {
    let (variant, text) = CROWDED.split_once('\n').expect("a variant line");
    let variant = MuVariant::parse_text(variant.trim()).expect("the variant");
    Mu::read_unvalidated(&variant, text.trim()).expect("the crowded position")
}

/// Plays `plies` random actions from `game` (choices of explosion order and removals
/// included). Every settled state skipped is checked against the full search as it is played.
fn play_randomly(mut game: Mu, rng: &mut SmallRng, plies: usize) -> usize {
    let mut actions = Vec::new();
    let mut choices = 0;
    for _ in 0..plies {
        if game.actor() == Actor::Over {
            break;
        }
        game.legal_actions(&mut actions);
        choices += usize::from(game.pending() == Pending::Choice);
        let action = actions[rng.random_range(0..actions.len())];
        game.play(action, &mut NoEvents);
    }
    choices
}

#[test]
fn a_chain_that_ends_the_same_whatever_the_order_never_asks_again() {
    let before = SETTLED_SKIPS.with(|n| n.get());
    let mut choices = 0;
    for seed in 0..30 {
        let mut rng = SmallRng::seed_from_u64(seed);
        choices += play_randomly(crowded(), &mut rng, 40);
        let levis = MuVariant::parse_text("levis").expect("levis");
        choices += play_randomly(Mu::new(&levis, 2).expect("a game"), &mut rng, 600);
    }
    let skipped = SETTLED_SKIPS.with(|n| n.get()) - before;
    // The games reach both kinds of chain: settled ones, and ones where the mover chooses.
    assert!(skipped > 600, "only {skipped} settled states skipped");
    assert!(choices > 10, "only {choices} choices of order met");
}
