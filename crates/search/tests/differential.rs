//! Alpha-beta against plain minimax: on small positions every enhancement (pruning, ordering,
//! killers, history, aspiration windows, the table) must leave the value unchanged.

use muster_rules::mu::{Mu, Phase};
use muster_rules::mur::Mur;
use muster_rules::murus_gallicus::{Colour, MurusGallicus};
use muster_rules::{Actor, Game, Seat, Variant};
use muster_search::games::mu::MuKnowledge;
use muster_search::minimax::{crowd_minimax, minimax};
use muster_search::{AlphaBeta, AlphaBetaConfig, Blind, Budget, Crowd, Knowledge, StopFlag};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Stones on the board, a test evaluator that gives alpha-beta something to order by.
#[derive(Clone, Copy, Debug, Default)]
struct Stones;

impl Knowledge<MurusGallicus> for Stones {
    fn name(&self) -> &'static str {
        "stones"
    }

    fn score(&self, game: &MurusGallicus, seat: Seat) -> i32 {
        let mine = Colour::from_index(seat.index()).expect("two colours");
        let theirs = mine.opponent();
        100 * (game.stone_count(mine) as i32 - game.stone_count(theirs) as i32)
    }
}

/// Positions reached by `plies` seeded random decisions that still have a seat to move.
fn positions<G: Game>(variant: &str, plies: usize, count: usize) -> Vec<G> {
    let variant = G::Variant::parse_text(variant).expect("a test variant");
    let mut rng = SmallRng::seed_from_u64(7);
    let mut out = Vec::new();
    let mut legal = Vec::new();
    while out.len() < count {
        let mut game = G::new(&variant, 2).expect("two seats");
        for _ in 0..rng.random_range(0..=plies) {
            game.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            game.apply_unchecked(legal[rng.random_range(0..legal.len())]);
        }
        if matches!(game.actor(), Actor::Seat(_)) {
            out.push(game);
        }
    }
    out
}

fn alpha_beta_value<G: Game, K: Knowledge<G> + Clone>(
    game: &G,
    depth: u32,
    knowledge: K,
    config: AlphaBetaConfig,
) -> i32 {
    let mut search = AlphaBeta::new(knowledge, config);
    search
        .search(game, &Budget::depth(depth), &StopFlag::default(), &mut ())
        .expect("a searchable position")
        .score
}

fn no_table() -> AlphaBetaConfig {
    AlphaBetaConfig {
        tt_bits: 0,
        ..AlphaBetaConfig::default()
    }
}

#[test]
fn alpha_beta_without_a_table_agrees_with_minimax_on_murus_gallicus() {
    for game in positions::<MurusGallicus>("basic", 30, 12) {
        for depth in 1..=3 {
            let reference = minimax(&game, depth, &Stones);
            let found = alpha_beta_value(&game, depth, Stones, no_table());
            assert_eq!(
                found,
                reference,
                "depth {depth} at {}",
                game.position_text()
            );
        }
    }
}

#[test]
fn alpha_beta_without_enhancements_agrees_with_minimax() {
    let plain = AlphaBetaConfig {
        tt_bits: 0,
        aspiration: 0,
        killers_and_history: false,
        ..AlphaBetaConfig::default()
    };
    for game in positions::<MurusGallicus>("basic", 30, 6) {
        for depth in 1..=3 {
            assert_eq!(
                alpha_beta_value(&game, depth, Stones, plain),
                minimax(&game, depth, &Stones)
            );
        }
    }
}

#[test]
fn alpha_beta_agrees_with_minimax_where_one_seat_decides_twice_in_a_row() {
    // A Mur game: a double withdrawal is two decisions of the same seat.
    for game in positions::<Mur>("game", 40, 8) {
        for depth in 1..=3 {
            let reference = minimax(&game, depth, &Blind);
            assert_eq!(alpha_beta_value(&game, depth, Blind, no_table()), reference);
        }
    }
}

#[test]
fn with_the_table_solved_positions_keep_their_value() {
    // Near the end, searching to the last decision gives the game-theoretic value, which the
    // table may reach by other paths but must not change.
    let mut checked = 0;
    for game in positions::<MurusGallicus>("basic", 80, 300) {
        let reference = minimax(&game, 3, &Stones);
        if reference.abs() < muster_search::alphabeta::EVAL_LIMIT {
            continue;
        }
        let found = alpha_beta_value(&game, 3, Stones, AlphaBetaConfig::default());
        assert_eq!(found, reference, "at {}", game.position_text());
        checked += 1;
    }
    assert!(
        checked >= 3,
        "only {checked} decided positions among the samples"
    );
}

/// Positions of random three-seat Mu games in the phase of play, a few decisions apart.
fn three_seat_mu_positions(count: usize) -> Vec<Mu> {
    let variant = <Mu as Game>::Variant::parse_text("multi").expect("a test variant");
    let mut rng = SmallRng::seed_from_u64(11);
    let mut out = Vec::new();
    let mut legal = Vec::new();
    while out.len() < count {
        let mut game = Mu::new(&variant, 3).expect("three seats");
        let mut in_play = 0;
        while in_play < 12 && matches!(game.actor(), Actor::Seat(_)) {
            if game.phase() == Phase::Play {
                in_play += 1;
                if in_play % 4 == 0 {
                    out.push(game.clone());
                }
            }
            game.legal_actions(&mut legal);
            game.apply_unchecked(legal[rng.random_range(0..legal.len())]);
        }
    }
    out.truncate(count);
    out
}

/// A score that differs from position to position (drawn from the position's hash), so that
/// every move a search weighs or leaves out can change a value.
#[derive(Clone, Copy, Debug, Default)]
struct Noise;

impl Knowledge<Mu> for Noise {
    fn name(&self) -> &'static str {
        "noise"
    }

    fn score(&self, game: &Mu, seat: Seat) -> i32 {
        let mixed = (game.position_hash() ^ u64::from(seat.0)).wrapping_mul(0x2545_F491_4F6C_DD1D);
        (mixed >> 54) as i32 - 512
    }
}

#[test]
fn paranoid_and_best_reply_searches_agree_with_their_definitions_with_three_seats() {
    // Without a table, killers or history, the likeliest move of a seat that may not answer is
    // the first the knowledge keeps, as the reference takes it.
    for crowd in [Crowd::Paranoid, Crowd::BestReply] {
        let config = AlphaBetaConfig {
            tt_bits: 0,
            aspiration: 0,
            killers_and_history: false,
            crowd,
            ..AlphaBetaConfig::default()
        };
        for game in three_seat_mu_positions(4) {
            for depth in 1..=3 {
                let reference = crowd_minimax(&game, depth, &Noise, crowd);
                let found = alpha_beta_value(&game, depth, Noise, config);
                assert_eq!(
                    found,
                    reference,
                    "{crowd:?} to depth {depth} at {}",
                    game.position_text()
                );
            }
        }
    }
}

#[test]
fn best_reply_search_reaches_a_depth_for_fewer_positions_than_paranoid_search() {
    let mut fewer = 0;
    let positions = three_seat_mu_positions(4);
    for game in &positions {
        let nodes = |crowd| {
            let config = AlphaBetaConfig {
                crowd,
                ..AlphaBetaConfig::default()
            };
            let mut search = AlphaBeta::new(MuKnowledge::default(), config);
            search
                .search(game, &Budget::depth(4), &StopFlag::default(), &mut ())
                .expect("a searchable position")
                .nodes
        };
        let (paranoid, best_reply) = (nodes(Crowd::Paranoid), nodes(Crowd::BestReply));
        if best_reply < paranoid {
            fewer += 1;
        }
    }
    assert_eq!(
        fewer,
        positions.len(),
        "best-reply search saved positions everywhere"
    );
}

#[test]
fn with_two_seats_best_reply_search_is_plain_alpha_beta() {
    for game in positions::<MurusGallicus>("basic", 30, 6) {
        let best_reply = AlphaBetaConfig {
            crowd: Crowd::BestReply,
            ..AlphaBetaConfig::default()
        };
        assert_eq!(
            alpha_beta_value(&game, 3, Stones, best_reply),
            alpha_beta_value(&game, 3, Stones, AlphaBetaConfig::default())
        );
    }
}
