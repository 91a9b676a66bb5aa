//! MCTS on every kind of game the contract carries: two seats, several seats, chance, turns of
//! several decisions; reproducibility, threads, proofs and tree reuse.

use muster_rules::murus_gallicus::MurusGallicus;
use muster_rules::Seat;
use muster_rules::{AnyGame, Game, GameId, Variant};
use muster_search::levels::Recipe;
use muster_search::{Blind, Budget, Engine, Knowledge, Mcts, MctsConfig, StopFlag};

fn start<G: Game>(variant: &str, seats: usize) -> G {
    G::new(&G::Variant::parse_text(variant).expect("variant"), seats).expect("seats")
}

fn search<G: Game>(
    game: &G,
    iterations: u64,
    threads: usize,
    seed: u64,
) -> muster_search::MctsResult<G::Action> {
    let config = MctsConfig {
        threads,
        ..MctsConfig::default()
    };
    let mut mcts = Mcts::new(Blind, config, seed);
    mcts.search(
        game,
        &Budget::nodes(iterations),
        &StopFlag::default(),
        &mut (),
    )
    .expect("searchable")
}

#[test]
fn the_same_seed_and_iterations_give_the_same_answer() {
    let game: MurusGallicus = start("basic", 2);
    for threads in [1, 2] {
        let a = search(&game, 600, threads, 11);
        let b = search(&game, 600, threads, 11);
        assert_eq!(a.candidates, b.candidates, "{threads} threads");
        assert_eq!(a.iterations, 600);
    }
}

#[test]
fn a_budget_without_a_limit_is_refused() {
    let game: MurusGallicus = start("basic", 2);
    let mut mcts = Mcts::new(Blind, MctsConfig::default(), 1);
    let refused = mcts.search(&game, &Budget::default(), &StopFlag::default(), &mut ());
    assert!(refused.is_err());
}

#[test]
fn the_tree_is_kept_for_the_action_played() {
    let game: MurusGallicus = start("basic", 2);
    let mut mcts = Mcts::new(Blind, MctsConfig::default(), 3);
    let found = mcts
        .search(&game, &Budget::nodes(2_000), &StopFlag::default(), &mut ())
        .expect("searchable");
    let kept = found.candidates[0].visits;
    mcts.advance(&game, found.best);
    assert_eq!(mcts.root_visits(), kept);
}

/// Weighs every legal action at the root and only the first one anywhere else.
#[derive(Clone)]
struct WideRoot;

impl Knowledge<MurusGallicus> for WideRoot {
    fn name(&self) -> &'static str {
        "wide root"
    }
    fn score(&self, _: &MurusGallicus, _: Seat) -> i32 {
        0
    }
    fn prune(&self, _: &MurusGallicus, actions: &mut Vec<<MurusGallicus as Game>::Action>) {
        actions.truncate(1);
    }
    fn root_actions(&self, game: &MurusGallicus, out: &mut Vec<<MurusGallicus as Game>::Action>) {
        game.legal_actions(out);
    }
}

fn legal_count(game: &MurusGallicus) -> usize {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal.len()
}

#[test]
fn the_root_weighs_what_the_knowledge_lists_there_also_when_the_tree_was_kept() {
    let game: MurusGallicus = start("basic", 2);
    let mut mcts = Mcts::new(WideRoot, MctsConfig::default(), 5);
    let budget = Budget::nodes(3_000);
    let found = mcts
        .search(&game, &budget, &StopFlag::default(), &mut ())
        .expect("searchable");
    assert_eq!(found.candidates.len(), legal_count(&game));
    // Below the root each node weighed one action: the kept child was listed narrow.
    mcts.advance(&game, found.best);
    assert!(mcts.root_visits() > 1, "the kept child was expanded");
    let mut next = game.clone();
    next.apply_unchecked(found.best);
    let again = mcts
        .search(&next, &budget, &StopFlag::default(), &mut ())
        .expect("searchable");
    assert!(legal_count(&next) > 1);
    assert_eq!(
        again.candidates.len(),
        legal_count(&next),
        "the kept root was widened"
    );
    assert!(again.candidates.iter().all(|c| c.visits > 0));
}

#[test]
fn a_search_of_few_iterations_weighs_at_the_root_what_it_weighs_everywhere() {
    let game: MurusGallicus = start("basic", 2);
    let config = MctsConfig::default();
    let mut mcts = Mcts::new(WideRoot, config, 5);
    let few = Budget::nodes(config.wide_root_from - 1);
    let found = mcts
        .search(&game, &few, &StopFlag::default(), &mut ())
        .expect("searchable");
    assert_eq!(found.candidates.len(), 1);
}

/// Judges one position good for the first seat and every other even; playouts run to the end,
/// so only the progressive bias hears the judgement.
#[derive(Clone)]
struct Favours(MurusGallicus);

impl Knowledge<MurusGallicus> for Favours {
    fn name(&self) -> &'static str {
        "favours"
    }
    fn score(&self, game: &MurusGallicus, seat: Seat) -> i32 {
        match (game == &self.0, seat) {
            (true, Seat(0)) => 1_000,
            (true, _) => -1_000,
            (false, _) => 0,
        }
    }
}

#[test]
fn a_progressive_bias_leads_the_search_to_the_child_the_knowledge_favours() {
    let game: MurusGallicus = start("basic", 2);
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let favoured = legal[0];
    let mut after = game.clone();
    after.apply_unchecked(favoured);
    let visits = |bias: f64| {
        let config = MctsConfig {
            progressive_bias: bias,
            ..MctsConfig::default()
        };
        let mut mcts = Mcts::new(Favours(after.clone()), config, 9);
        let found = mcts
            .search(&game, &Budget::nodes(2_000), &StopFlag::default(), &mut ())
            .expect("searchable");
        let mean = found.iterations / found.candidates.len() as u64;
        let of = |action| {
            found
                .candidates
                .iter()
                .find(|c| c.action == action)
                .map(|c| c.visits)
        };
        (of(favoured).expect("a root child"), mean)
    };
    let (plain, mean) = visits(0.0);
    let (biased, _) = visits(20.0);
    assert!(
        plain < 2 * mean,
        "without the bias the child is not singled out"
    );
    assert!(
        biased > 3 * plain,
        "{biased} visits with the bias, {plain} without"
    );
}

#[test]
fn every_game_and_seat_count_can_be_searched() {
    for (id, variant, seats) in [
        (GameId::MurusGallicus, "advanced", 2),
        (GameId::Mur, "match", 2),
        (GameId::Mu, "levis start=duel", 2),
        (GameId::Mu, "multi", 3),
        (GameId::MuTou, "friendly", 3),
    ] {
        let mut game = AnyGame::new(id, variant, Some(seats)).expect("a game");
        let mut engine = Engine::new(
            id,
            Recipe::Mcts {
                iterations: 30,
                playout_plies: Some(40),
            },
            5,
            1,
        );
        let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(9);
        for _ in 0..12 {
            match game.actor() {
                muster_rules::Actor::Over => break,
                muster_rules::Actor::Chance => {
                    let action = game.random_action(&mut rng).expect("chance acts");
                    game.apply(&action).expect("legal");
                }
                muster_rules::Actor::Seat(_) => {
                    let thought = engine
                        .think(&game, None, &StopFlag::default(), &mut ())
                        .expect("thinks");
                    let before = game.clone();
                    game.apply(&thought.action)
                        .expect("the engine plays legal actions");
                    engine.observe(&before, &thought.action);
                }
            }
        }
    }
}

#[test]
fn an_alpha_beta_level_hands_positions_it_cannot_judge_to_mcts() {
    let recipe = Recipe::alpha_beta(64, 250);
    let method = |variant: &str, seats: usize| {
        let game = AnyGame::new(GameId::Mu, variant, Some(seats)).expect("a game");
        let mut engine = Engine::new(GameId::Mu, recipe, 3, 1);
        let thought = engine
            .think(&game, None, &StopFlag::default(), &mut ())
            .expect("thinks");
        (thought.method, thought.nodes)
    };
    // mu §2.12: territory is all there is to judge, and the lay-out has none yet.
    assert_eq!(method("levis", 2), ("mcts", 50), "the opening protocol");
    assert_eq!(method("multi", 3), ("mcts", 50), "three seats laying out");
    let (played, _) = method("levis start=duel", 2);
    assert_eq!(played, "alpha-beta", "two seats in the phase of play");
    let (played, _) = method("multi start=random seed=1", 3);
    assert_eq!(
        played, "alpha-beta",
        "three seats in the phase of play: paranoid"
    );
}
