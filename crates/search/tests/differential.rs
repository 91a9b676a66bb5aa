//! Alpha-beta against plain minimax: on small positions every enhancement (pruning, ordering,
//! killers, history, aspiration windows, the table) must leave the value unchanged.

use muster_rules::mur::Mur;
use muster_rules::murus_gallicus::{Colour, MurusGallicus};
use muster_rules::{Actor, Game, Seat, Variant};
use muster_search::minimax::minimax;
use muster_search::{AlphaBeta, AlphaBetaConfig, Blind, Budget, Knowledge, StopFlag};
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
