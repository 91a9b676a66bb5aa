//! Every seat's expected utility (`Thought::values`, `Progress::values`), the engine's options
//! (threads, table size) and budgets that replace a level's.

use muster_rules::{Actor, AnyGame, GameId};
use muster_search::levels::{self, Recipe};
use muster_search::{Budget, Engine, EngineOptions, Progress, StopFlag};

fn engine(game: GameId, level: u8, seed: u64) -> Engine {
    Engine::new(
        game,
        levels::level(game, level).expect("a level").recipe,
        seed,
        1,
    )
}

fn mover(game: &AnyGame) -> usize {
    match game.actor() {
        Actor::Seat(seat) => seat.index(),
        other => panic!("{other:?} is to act"),
    }
}

#[test]
fn mcts_gives_every_seat_its_mean_reward_after_the_chosen_action() {
    let game = AnyGame::new(GameId::MurusGallicus, "", None).unwrap();
    let mut reports: Vec<Progress> = Vec::new();
    let mut observer = |p: &Progress| reports.push(p.clone());
    let thought = engine(GameId::MurusGallicus, 3, 1)
        .think(&game, None, &StopFlag::default(), &mut observer)
        .unwrap();
    assert_eq!(thought.method, "mcts");
    assert_eq!(thought.values.len(), 2);
    assert!(
        (thought.values[mover(&game)] - thought.value).abs() < 1e-9,
        "{thought:?}"
    );
    assert!(
        (thought.values.iter().sum::<f64>() - 1.0).abs() < 1e-9,
        "two seats share one win"
    );
    assert!(reports.iter().all(|p| p.values.len() == 2), "{reports:?}");
}

#[test]
fn alpha_beta_gives_the_mover_its_value_and_the_other_the_rest() {
    let mut game = AnyGame::new(GameId::MurusGallicus, "", None).unwrap();
    game.apply("a1-a3").unwrap();
    let mut reports: Vec<Progress> = Vec::new();
    let mut observer = |p: &Progress| reports.push(p.clone());
    let thought = engine(GameId::MurusGallicus, 5, 1)
        .think(&game, None, &StopFlag::default(), &mut observer)
        .unwrap();
    assert_eq!(thought.method, "alpha-beta");
    assert_eq!(thought.values, vec![1.0 - thought.value, thought.value]);
    let last = reports.last().expect("a report per depth");
    assert_eq!(last.values, vec![1.0 - last.value, last.value]);
}

#[test]
fn with_three_seats_every_seat_has_a_value() {
    let game = AnyGame::new(GameId::Mu, "", Some(3)).unwrap();
    let thought = engine(GameId::Mu, 3, 2)
        .think(&game, None, &StopFlag::default(), &mut ())
        .unwrap();
    assert_eq!(thought.values.len(), 3);
    assert!(
        thought.values.iter().all(|v| (0.0..=1.0).contains(v)),
        "{thought:?}"
    );
    assert!((thought.values[mover(&game)] - thought.value).abs() < 1e-9);
}

#[test]
fn a_random_player_has_no_estimate_and_says_even_for_every_seat() {
    let game = AnyGame::new(GameId::Mu, "", Some(4)).unwrap();
    let thought = Engine::new(GameId::Mu, Recipe::Random, 3, 1)
        .think(&game, None, &StopFlag::default(), &mut ())
        .unwrap();
    assert_eq!(thought.values, vec![0.5; 4]);
}

#[test]
fn the_default_options_play_as_engine_new_and_a_small_table_still_plays() {
    let recipe = levels::level(GameId::MurusGallicus, 5).unwrap().recipe;
    let mut game = AnyGame::new(GameId::MurusGallicus, "", None).unwrap();
    let mut plain = Engine::new(GameId::MurusGallicus, recipe, 4, 1);
    let mut optioned =
        Engine::with_options(GameId::MurusGallicus, recipe, 4, EngineOptions::default());
    let mut small = Engine::with_options(
        GameId::MurusGallicus,
        recipe,
        4,
        EngineOptions {
            threads: 1,
            hash_mib: 1,
        },
    );
    let stop = StopFlag::default();
    for _ in 0..6 {
        let a = plain.think(&game, None, &stop, &mut ()).unwrap();
        let b = optioned.think(&game, None, &stop, &mut ()).unwrap();
        let c = small.think(&game, None, &stop, &mut ()).unwrap();
        assert_eq!(
            (&a.action, a.score, a.nodes, a.depth, &a.line),
            (&b.action, b.score, b.nodes, b.depth, &b.line)
        );
        assert!(game.legal_actions().contains(&c.action));
        game.apply(&a.action).unwrap();
    }
}

#[test]
fn a_depth_alone_does_not_unbound_an_mcts_level() {
    // MuTou plays MCTS at every level: a depth (which MCTS does not count) keeps its iterations.
    let game = AnyGame::new(GameId::MuTou, "", None).unwrap();
    let thought = engine(GameId::MuTou, 2, 5)
        .think(&game, Some(Budget::depth(3)), &StopFlag::default(), &mut ())
        .unwrap();
    assert_eq!(thought.nodes, 3, "level 2's three iterations");
}
