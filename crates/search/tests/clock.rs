//! The engine under a clock: a level's own budget, never longer than a wall-clock cap, stopped by
//! a flag from another thread, and a report of what was searched. The time bounds are generous
//! (the test machine is shared): they check that the cap is obeyed, not how fast anything is.

use std::time::{Duration, Instant};

use muster_rules::mu::Mu;
use muster_rules::murus_gallicus::MurusGallicus;
use muster_rules::{AnyGame, Game, GameId, Seat, Variant};
use muster_search::games::mu::MuKnowledge;
use muster_search::games::murus_gallicus::MurusGallicusKnowledge;
use muster_search::levels::{level, Recipe};
use muster_search::{
    AlphaBeta, AlphaBetaConfig, Budget, Engine, Knowledge, Mcts, MctsConfig, StopFlag, StopReason,
};

/// How far past its cap a search may end on a busy machine (one MCTS playout, the last 1 024
/// alpha-beta positions, a thread's wake-up).
const SLACK: Duration = Duration::from_millis(500);

fn engine(id: GameId, number: u8) -> Engine {
    let recipe = level(id, number).expect("a level").recipe;
    Engine::new(id, recipe, 7, 1)
}

fn assert_legal(game: &AnyGame, action: &str) {
    assert!(
        game.legal_actions().iter().any(|a| a == action),
        "`{action}` is not legal in {}",
        game.position_text()
    );
}

#[test]
fn a_cap_shorter_than_the_level_budget_ends_the_search_near_the_cap() {
    let cap = Duration::from_millis(200);
    // Budgets no machine spends within the cap (a level's own budget may, as the rules get
    // faster): alpha-beta (Murus Gallicus), MCTS (Mur), and paranoid alpha-beta with three
    // seats (Mu).
    let endless_ab = Recipe::alpha_beta(64, u64::MAX / 4);
    let endless_mcts = Recipe::Mcts {
        iterations: u64::MAX / 4,
        playout_plies: None,
    };
    let cases = [
        (
            AnyGame::new(GameId::MurusGallicus, "advanced", None),
            endless_ab,
        ),
        (AnyGame::new(GameId::Mur, "game", None), endless_mcts),
        (
            AnyGame::new(GameId::Mu, "multi start=random seed=1", Some(3)),
            endless_ab,
        ),
    ];
    for (game, recipe) in cases {
        let game = game.expect("a start");
        let mut engine = Engine::new(game.id(), recipe, 7, 1);
        let started = Instant::now();
        let report = engine
            .think_capped(&game, cap, &StopFlag::default(), &mut ())
            .expect("a seat decides");
        let took = started.elapsed();
        eprintln!(
            "{}: {took:?}, {} {} nodes, depth {}",
            game.id(),
            report.thought.method,
            report.thought.nodes,
            report.thought.depth
        );
        assert!(took < cap + SLACK, "{}: took {took:?}", game.id());
        assert_eq!(report.stopped, StopReason::Cap, "{}: {report:?}", game.id());
        assert_eq!(report.cap, cap);
        assert!(report.thought.nodes > 0, "{}: searched nothing", game.id());
        assert!(report.thought.elapsed >= cap, "{}: {report:?}", game.id());
        assert_legal(&game, &report.thought.action);
    }
}

#[test]
fn a_level_budget_shorter_than_the_cap_is_spent_and_not_raised() {
    // Murus Gallicus level 1 plays 8 MCTS iterations: the cap adds time, never iterations.
    let game = AnyGame::new(GameId::MurusGallicus, "basic", None).expect("a start");
    let report = engine(GameId::MurusGallicus, 1)
        .think_capped(
            &game,
            Duration::from_secs(30),
            &StopFlag::default(),
            &mut (),
        )
        .expect("a seat decides");
    assert_eq!(report.stopped, StopReason::Budget, "{report:?}");
    assert_eq!(report.thought.nodes, 8);
    assert_eq!(report.thought.method, "mcts");
    assert_legal(&game, &report.thought.action);
}

#[test]
fn a_stop_flag_set_from_another_thread_ends_the_search() {
    let game = AnyGame::new(GameId::MurusGallicus, "advanced", None).expect("a start");
    let mut engine = engine(GameId::MurusGallicus, 8);
    let stop = StopFlag::default();
    let remote = stop.clone();
    let after = Duration::from_millis(200);
    let started = Instant::now();
    let report = std::thread::scope(|scope| {
        scope.spawn(move || {
            std::thread::sleep(after);
            remote.stop();
        });
        engine
            .think_capped(&game, Duration::from_secs(60), &stop, &mut ())
            .expect("a seat decides")
    });
    let took = started.elapsed();
    assert!(took >= after, "ended before the flag: {took:?}");
    assert!(
        took < after + SLACK,
        "took {took:?} after a stop at {after:?}"
    );
    assert_eq!(report.stopped, StopReason::Stopped, "{report:?}");
    assert_eq!(report.thought.method, "alpha-beta");
    assert_legal(&game, &report.thought.action);
}

#[test]
fn a_proven_result_ends_the_search_before_the_cap() {
    // Murus Gallicus T3: Light breaks through at once with c5-c7.
    let game = AnyGame::from_position(GameId::MurusGallicus, "basic", "3t3t/8/2T5/8/8/8/7T L 10")
        .expect("T3 position");
    let report = engine(GameId::MurusGallicus, 8)
        .think_capped(
            &game,
            Duration::from_secs(30),
            &StopFlag::default(),
            &mut (),
        )
        .expect("a seat decides");
    assert_eq!(report.stopped, StopReason::Proven, "{report:?}");
    assert_eq!(report.thought.action, "c5-c7");
}

/// Murus Gallicus' knowledge, each position reached counted as `cost` against the budget.
#[derive(Clone, Copy)]
struct Costly(u64);

impl Knowledge<MurusGallicus> for Costly {
    fn name(&self) -> &'static str {
        "costly"
    }

    fn score(&self, game: &MurusGallicus, seat: Seat) -> i32 {
        MurusGallicusKnowledge.score(game, seat)
    }

    fn position_cost(&self, _game: &MurusGallicus) -> u64 {
        self.0
    }
}

#[test]
fn alpha_beta_counts_each_position_at_its_cost_against_the_budget() {
    let game = MurusGallicus::new(
        &<MurusGallicus as Game>::Variant::parse_text("advanced").unwrap(),
        2,
    )
    .unwrap();
    for cost in [1, 10] {
        let mut search = AlphaBeta::new(Costly(cost), AlphaBetaConfig::default());
        let found = search
            .search(&game, &Budget::nodes(2_000), &StopFlag::default(), &mut ())
            .expect("a seat decides");
        assert_eq!(found.nodes, 2_000 / cost, "positions costing {cost} each");
    }
}

#[test]
fn in_a_crowded_mu_position_the_explosions_a_move_sets_off_count_against_the_budget() {
    // Nearly every move there sets off a chain whose order the rules judge by exploring it;
    // each position counts one more for every 16 explosions that reached it.
    let text = include_str!("../../../docs/ai/mu-multi3-slow.txt").trim();
    let variant = <Mu as Game>::Variant::parse_text("multi ply_cap=200").unwrap();
    let game = Mu::from_position(&variant, text).expect("the crowded position reads");
    let mut search = AlphaBeta::new(MuKnowledge::default(), AlphaBetaConfig::default());
    let found = search
        .search(&game, &Budget::nodes(20_000), &StopFlag::default(), &mut ())
        .expect("a seat decides");
    assert!(
        (100..5_000).contains(&found.nodes),
        "{} positions for a budget of 20 000",
        found.nodes
    );
    let best = game.action_text(found.best);
    assert!(
        game.parse_action(&best)
            .is_ok_and(|a| game.check(a).is_ok()),
        "{best}"
    );
}

#[test]
fn mcts_counts_an_iteration_once_where_positions_cost_one() {
    let game = MurusGallicus::new(
        &<MurusGallicus as Game>::Variant::parse_text("advanced").unwrap(),
        2,
    )
    .unwrap();
    let mut search = Mcts::new(Costly(1), MctsConfig::default(), 3);
    let found = search
        .search(&game, &Budget::nodes(500), &StopFlag::default(), &mut ())
        .expect("a seat decides");
    assert_eq!(found.iterations, 500);
}

#[test]
fn in_a_crowded_mu_position_mcts_counts_the_explosions_of_its_playouts_against_the_budget() {
    // An iteration counts one more for every 16 units of extra cost among the positions it
    // entered (a unit being 16 explosions): there, about fifty.
    let text = include_str!("../../../docs/ai/mu-multi3-slow.txt").trim();
    let variant = <Mu as Game>::Variant::parse_text("multi ply_cap=200").unwrap();
    let game = Mu::from_position(&variant, text).expect("the crowded position reads");
    let mut search = Mcts::new(MuKnowledge::default(), MctsConfig::default(), 3);
    let found = search
        .search(&game, &Budget::nodes(4_000), &StopFlag::default(), &mut ())
        .expect("a seat decides");
    assert!(
        (10..1_000).contains(&found.iterations),
        "{} iterations for a budget of 4 000",
        found.iterations
    );
}
