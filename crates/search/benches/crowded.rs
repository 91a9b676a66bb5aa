//! Search in a crowded Mu position against the start of play: positions per second of
//! alpha-beta, iterations per second of MCTS, and how fast a search answers `stop`.
//!
//! The crowded position (`crates/rules/benches/data/mu_crowded.txt`) was reached after 2,525 random moves of Mu
//! levis: Purple to move at turn 2,483, nearly every cell Commonwealth, big stacks on both sides,
//! moves that set off long chains of explosions. Run with
//! `cargo bench -p muster-search --bench crowded`.
//!
//! The bench checks its own answers: each search runs twice and must choose the same legal
//! action; alpha-beta's positions per second in the crowded position must be at least a third of
//! those at the start of play; a search told to stop must return within 100 ms, in both
//! positions, for alpha-beta and MCTS.

use std::time::{Duration, Instant};

use muster_rules::{AnyGame, GameId};
use muster_search::levels::Recipe;
use muster_search::{Budget, Engine, StopFlag, Thought};

/// The rules crate keeps the position for its own benchmark of the same position.
const CROWDED: &str = include_str!("../../rules/benches/data/mu_crowded.txt");
/// Alpha-beta positions per measured search.
const AB_NODES: u64 = 40_000;
/// MCTS iterations per measured search.
const MCTS_ITERATIONS: u64 = 1_000;
/// The slowest answer to `stop` allowed.
const STOP_WITHIN: Duration = Duration::from_millis(100);

fn main() {
    let start = AnyGame::new(GameId::Mu, "levis start=duel", None).expect("the duel start");
    // The file holds the variant on its first line and the position on its second.
    let (variant, position) = CROWDED.split_once('\n').expect("a variant line");
    let crowded = AnyGame::from_position(GameId::Mu, variant.trim(), position.trim())
        .expect("the crowded position");
    let ab = Recipe::alpha_beta(64, AB_NODES);
    let mcts = Recipe::Mcts {
        iterations: MCTS_ITERATIONS,
        playout_plies: None,
    };
    let mut rates = Vec::new();
    for (name, game) in [("start of play", &start), ("crowded", &crowded)] {
        let ab_rate = rate(game, ab, AB_NODES);
        let mcts_rate = rate(game, mcts, MCTS_ITERATIONS);
        let ab_stop = stop_latency(game, ab);
        let mcts_stop = stop_latency(game, mcts);
        println!(
            "{name:>14}: alpha-beta {ab_rate:>9.0} positions/s, stop in {:>5.1} ms; \
             MCTS {mcts_rate:>7.0} iterations/s, stop in {:>5.1} ms",
            ms(ab_stop),
            ms(mcts_stop)
        );
        for (search, latency) in [("alpha-beta", ab_stop), ("MCTS", mcts_stop)] {
            assert!(
                latency <= STOP_WITHIN,
                "{name}: {search} answered stop after {:.1} ms",
                ms(latency)
            );
        }
        rates.push(ab_rate);
    }
    let ratio = rates[0] / rates[1];
    println!("alpha-beta positions/s, start of play / crowded: {ratio:.2}");
    assert!(
        ratio <= 3.0,
        "the crowded position searches {ratio:.2} times slower than the start of play"
    );
}

/// Searches `game` twice with `nodes` as the budget; both must choose the same legal action.
/// Returns nodes per second over both.
fn rate(game: &AnyGame, recipe: Recipe, nodes: u64) -> f64 {
    let budget = Budget {
        nodes: Some(nodes),
        depth: Some(64),
        time: None,
    };
    let first = think(game, recipe, Some(budget), &StopFlag::default());
    let again = think(game, recipe, Some(budget), &StopFlag::default());
    assert_eq!(first.action, again.action, "two runs chose differently");
    let mut check = game.clone();
    check
        .apply(&first.action)
        .expect("the search chose a legal action");
    (first.nodes + again.nodes) as f64 / (first.elapsed + again.elapsed).as_secs_f64()
}

/// How long a search without a limit of its own takes to return once told to stop (after
/// 300 ms of thinking).
fn stop_latency(game: &AnyGame, recipe: Recipe) -> Duration {
    let stop = StopFlag::default();
    let budget = Budget::time(Duration::from_secs(60));
    std::thread::scope(|scope| {
        let flag = stop.clone();
        let stopper = scope.spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            flag.stop();
            Instant::now()
        });
        let thought = think(game, recipe, Some(budget), &stop);
        let returned = Instant::now();
        let stopped = stopper.join().expect("the stopper");
        assert!(!thought.action.is_empty());
        returned.saturating_duration_since(stopped)
    })
}

fn think(game: &AnyGame, recipe: Recipe, budget: Option<Budget>, stop: &StopFlag) -> Thought {
    let mut engine = Engine::new(GameId::Mu, recipe, 1, 1);
    engine
        .think(game, budget, stop, &mut ())
        .expect("the engine decides")
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
