//! Mu between AIs ends by the rules (every seat passes in turn, mu §2.12) well before any
//! cut-off, in levis, velox and multi-player Mu, for MCTS and alpha-beta levels alike: no
//! shuffling, no position played into twice, quiet play ends in passes (`muster_search::ending`).

use muster_rules::{Actor, AnyGame, GameId};
use muster_search::levels::{self, Recipe};
use muster_search::{Engine, StopFlag};

/// Plays one game with one engine per seat and returns it with its actions.
fn play(variant: &str, seats: usize, recipes: &[Recipe], cut_off: usize) -> (AnyGame, Vec<String>) {
    let mut game = AnyGame::new(GameId::Mu, variant, Some(seats)).expect("a variant");
    let mut engines: Vec<Engine> = (0..seats)
        .map(|s| Engine::new(GameId::Mu, recipes[s % recipes.len()], 7 + s as u64, 1))
        .collect();
    let mut played = Vec::new();
    while played.len() < cut_off {
        let Actor::Seat(seat) = game.actor() else {
            break;
        };
        let thought = engines[seat.index()]
            .think(&game, None, &StopFlag::default(), &mut ())
            .expect("the engine decides");
        let before = game.clone();
        game.apply(&thought.action)
            .expect("the engine plays legal actions");
        for engine in &mut engines {
            engine.observe(&before, &thought.action);
        }
        played.push(thought.action);
    }
    (game, played)
}

fn recipe(number: u8) -> Recipe {
    levels::level(GameId::Mu, number).expect("a level").recipe
}

/// The game is over, ended by a full round of passes, before `cut_off` decisions.
fn assert_ends_by_passing(variant: &str, seats: usize, recipes: &[Recipe], cut_off: usize) {
    let (game, played) = play(variant, seats, recipes, cut_off);
    eprintln!("{variant}, {seats} seats: {} decisions", played.len());
    let Some(outcome) = game.outcome() else {
        panic!(
            "{variant}, {seats} seats, {recipes:?}: still going after {} decisions; the last: {:?}",
            played.len(),
            &played[played.len().saturating_sub(12)..]
        )
    };
    assert!(
        outcome.reason.ends_with("every player passed"),
        "{variant}: the game ended, but not by passing: {}",
        outcome.reason
    );
}

#[test]
fn two_alpha_beta_players_end_a_game_of_levis_by_passing() {
    let small = Recipe::alpha_beta(64, 300);
    assert_ends_by_passing("levis", 2, &[small, small], 400);
}

#[test]
fn mcts_against_alpha_beta_ends_a_game_of_levis_by_passing() {
    assert_ends_by_passing("levis", 2, &[recipe(2), recipe(5)], 500);
}

#[test]
fn a_game_of_velox_between_ais_ends_by_passing() {
    assert_ends_by_passing("velox segments=4", 2, &[recipe(5), recipe(3)], 500);
}

#[test]
fn three_ais_end_a_game_of_multi_player_mu_by_passing() {
    // Level 5 searches paranoid alpha-beta in the phase of play.
    assert_ends_by_passing(
        "multi segments=3",
        3,
        &[recipe(1), recipe(4), recipe(5)],
        600,
    );
}
