//! Rulebook tests for Murus Gallicus, one rule per test, plus the cross-checks against an
//! independent reference model (`tests/reference.rs`, `tests/cross.rs`).

mod catapults;
mod cross;
mod reference;
mod text;

use super::*;
use crate::game::{Actor, Game, GameEvent, Seat};
use crate::variant::Variant;

/// The start of a preset.
fn start(preset: &str) -> MurusGallicus {
    MurusGallicus::new(&MurusVariant::preset(preset).unwrap(), 2).unwrap()
}

/// A position of a preset, from its text.
fn at(preset: &str, text: &str) -> MurusGallicus {
    MurusGallicus::from_position(&MurusVariant::preset(preset).unwrap(), text).unwrap()
}

/// The legal actions as sorted strings.
fn legal(game: &MurusGallicus) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    let mut texts: Vec<String> = out.iter().map(Action::to_string).collect();
    texts.sort();
    texts
}

/// Plays `texts` in order, each checked.
fn play(game: &mut MurusGallicus, texts: &[&str]) {
    for text in texts {
        let action = game.parse_action(text).unwrap();
        game.apply(action, &mut Vec::new())
            .unwrap_or_else(|e| panic!("{e}\n{}", game.diagram()));
    }
}

/// After `texts`, the result.
fn after(game: &MurusGallicus, texts: &[&str]) -> MurusGallicus {
    let mut next = game.clone();
    play(&mut next, texts);
    next
}

/// Why `text` is refused.
fn refusal(game: &MurusGallicus, text: &str) -> String {
    let action = game.parse_action(text).unwrap();
    game.check(action).expect_err(text).reason
}

fn is_legal(game: &MurusGallicus, text: &str) -> bool {
    legal(game).iter().any(|t| t == text)
}

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn winner(game: &MurusGallicus) -> Option<Seat> {
    game.outcome()
        .and_then(|o| o.winners().first().copied().filter(|_| !o.is_draw()))
}

// --- The start ---------------------------------------------------------------------------------

#[test]
fn light_opens_the_basic_game_with_exactly_the_twenty_moves_of_the_rulebook() {
    let spec = "a1-a3 a1-c3 b1-b3 b1-d3 c1-a3 c1-c3 c1-e3 d1-b3 d1-d3 d1-f3 e1-c3 e1-e3 e1-g3 \
                f1-d3 f1-f3 f1-h3 g1-e3 g1-g3 h1-f3 h1-h3";
    let mut expected: Vec<&str> = spec.split_whitespace().collect();
    expected.sort();
    let game = start("basic");
    assert_eq!(legal(&game), expected);
    assert_eq!(game.count_actions(), 20);
    assert_eq!(game.actor(), Actor::Seat(Seat(0)));
    assert_eq!(game.to_move(), Colour::Light);
}

#[test]
fn advanced_opening_adds_twelve_sideways_moves_that_each_build_two_catapults() {
    let game = start("advanced");
    let moves = legal(&game);
    assert_eq!(moves.len(), 32);
    assert_eq!(game.count_actions(), 32);
    for text in ["a1-c1", "b1-d1", "f1-d1", "h1-f1"] {
        assert!(moves.iter().any(|m| m == text), "{text}");
    }
    let next = after(&game, &["a1-c1"]);
    assert_eq!(next.stack(cell("a1")), None);
    assert_eq!(next.stack(cell("b1")), Some((Colour::Light, 3)));
    assert_eq!(next.stack(cell("c1")), Some((Colour::Light, 3)));
}

#[test]
fn abstractplay_opening_offers_224_redistributions_one_per_unordered_pair() {
    // AbstractPlay lists 448 strings: 8 towers × 56 ordered pairs, naming 224 distinct results.
    let game = start("abstractplay");
    let moves = legal(&game);
    assert_eq!(moves.len(), 8 * 28);
    assert_eq!(game.count_actions(), 224);
    assert!(moves.iter().all(|m| m.contains(',')));
    assert!(moves.iter().any(|m| m == "a1-b2,e2"));
    assert!(!moves.iter().any(|m| m == "a1-e2,b2"));
}

#[test]
fn a_redistribution_reads_in_either_order_and_is_written_smaller_cell_first() {
    let game = start("abstractplay");
    let forward = game.parse_action("a1-b2,e2").unwrap();
    let backward = game.parse_action("a1-e2,b2").unwrap();
    assert_eq!(forward, backward);
    assert_eq!(backward.to_string(), "a1-b2,e2");
    let mut next = game.clone();
    play(&mut next, &["a1-e2,b2"]);
    assert_eq!(next.stack(cell("a1")), None);
    assert_eq!(next.stack(cell("b2")), Some((Colour::Light, 1)));
    assert_eq!(next.stack(cell("e2")), Some((Colour::Light, 1)));
}

#[test]
fn each_player_first_move_is_a_redistribution_onto_his_own_second_row() {
    let mut game = start("abstractplay");
    assert!(refusal(&game, "a1-a3").contains("opening redistribution"));
    assert!(refusal(&game, "a1-b3,e3").contains("second row"));
    play(&mut game, &["d1-a2,h2"]);
    assert_eq!(legal(&game).len(), 224);
    assert!(is_legal(&game, "d7-a6,h6"));
    play(&mut game, &["d7-a6,h6"]);
    assert!(legal(&game).iter().all(|m| !m.contains(',')));
    assert!(refusal(&game, "a1-b2,e2").contains("only each player's first move"));
}

// --- The spec's worked examples -----------------------------------------------------------------

const T3: &str = "3t3t/8/2T5/8/8/8/7T L 0";

#[test]
fn t3_basic_a_tower_reaching_the_far_row_wins_at_once() {
    let game = at("basic", T3);
    let done = after(&game, &["c5-c7"]);
    assert_eq!(done.actor(), Actor::Over);
    let outcome = done.outcome().unwrap();
    assert_eq!(outcome.winners(), vec![Seat(0)]);
    assert_eq!(outcome.reason, "breakthrough at c7");
    assert!(legal(&done).is_empty());
    assert_eq!(done.count_actions(), 0);
}

#[test]
fn t4_advanced_the_invader_can_be_removed_before_it_wins() {
    let game = after(&at("advanced", T3), &["c5-c7"]);
    assert_eq!(game.outcome(), None);
    assert!(is_legal(&game, "d7xc7"));
    let answered = after(&game, &["d7xc7"]);
    assert_eq!(answered.position_text(), "3w3t/2W5/8/8/8/8/7T L 2");
    assert_eq!(answered.outcome(), None);
    assert_eq!(answered.actor(), Actor::Seat(Seat(0)));
}

#[test]
fn t5_advanced_an_invader_that_survives_a_turn_wins_at_the_start_of_its_owners_turn() {
    let game = after(&at("advanced", T3), &["c5-c7", "h7-h5"]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winners(), vec![Seat(0)]);
    assert_eq!(outcome.reason, "breakthrough at c7");
    assert_eq!(game.actor(), Actor::Over);
}

#[test]
fn t6_a_player_left_with_only_walls_is_stalemated_and_loses() {
    let game = at("basic", "7t/8/3t4/8/8/8/WW6 D 0");
    let done = after(&game, &["d5-d3"]);
    let outcome = done.outcome().unwrap();
    assert_eq!(outcome.winners(), vec![Seat(1)]);
    assert_eq!(outcome.reason, "Light is stalemated");
    assert_eq!(done.actor(), Actor::Over);
}

// --- Tower moves and walls ----------------------------------------------------------------------

#[test]
fn a_tower_splits_over_exactly_the_two_nearest_cells_in_one_direction() {
    let game = after(&start("basic"), &["d1-f3"]);
    assert_eq!(game.stack(cell("d1")), None);
    assert_eq!(game.stack(cell("e2")), Some((Colour::Light, 1)));
    assert_eq!(game.stack(cell("f3")), Some((Colour::Light, 1)));
    assert!(refusal(&start("basic"), "d1-d4").contains("two steps"));
}

#[test]
fn towers_never_land_on_enemy_stones() {
    let game = at("advanced", "7t/8/3w4/8/3T4/8/8 L 0");
    assert_eq!(refusal(&game, "d3-d5"), "d5 holds an enemy wall");
    let game = at("advanced", "7t/8/8/3w4/3T4/8/8 L 0");
    assert_eq!(refusal(&game, "d3-d5"), "d4 holds an enemy wall");
}

#[test]
fn a_tower_may_land_on_friendly_walls_making_towers() {
    let game = after(&at("basic", "7t/8/8/3W4/3T4/8/8 L 0"), &["d3-d5"]);
    assert_eq!(game.stack(cell("d4")), Some((Colour::Light, 2)));
    assert_eq!(game.stack(cell("d5")), Some((Colour::Light, 1)));
}

#[test]
fn basic_towers_never_land_on_friendly_towers() {
    let game = at("basic", "7t/8/8/3T4/3T4/8/8 L 0");
    assert!(!is_legal(&game, "d3-d5"));
    assert!(refusal(&game, "d3-d5").contains("only to 2"));
}

#[test]
fn walls_never_act() {
    let game = at("basic", "7t/8/8/3w4/3W4/8/T7 L 0");
    assert!(refusal(&game, "d3xd4").contains("walls never act"));
    assert!(refusal(&game, "d3-d5").contains("walls never act"));
    assert!(legal(&game).iter().all(|m| m.starts_with("a1")));
}

#[test]
fn only_the_player_to_move_acts_and_only_from_his_own_stacks() {
    let game = start("basic");
    assert_eq!(
        refusal(&game, "d4-d6"),
        "Light has no tower on d4: the cell is empty"
    );
    assert_eq!(
        refusal(&game, "d7-d5"),
        "Light has no tower on d7: it holds a Dark tower"
    );
}

// --- Sacrifice ----------------------------------------------------------------------------------

#[test]
fn a_tower_sacrifices_a_stone_to_remove_an_adjacent_enemy_wall() {
    let game = at("basic", "7t/8/8/4w3/3T4/8/8 L 0");
    let done = after(&game, &["d3xe4"]);
    assert_eq!(done.stack(cell("d3")), Some((Colour::Light, 1)));
    assert_eq!(done.stack(cell("e4")), None);
}

#[test]
fn sacrifice_is_never_forced() {
    let game = at("basic", "7t/8/8/4w3/3T4/8/8 L 0");
    assert!(is_legal(&game, "d3xe4"));
    assert!(is_legal(&game, "d3-d5"));
}

#[test]
fn towers_never_sacrifice_against_towers() {
    let game = at("basic", "7t/8/8/4t3/3T4/8/8 L 0");
    assert!(refusal(&game, "d3xe4").contains("never sacrifice against towers"));
    assert!(legal(&game).iter().all(|m| !m.contains('x')));
}

#[test]
fn a_sacrifice_is_against_an_adjacent_enemy_only() {
    let game = at("basic", "7t/8/4w3/8/3T4/8/8 L 0");
    assert!(refusal(&game, "d3xe5").contains("adjacent"));
    assert!(refusal(&game, "d3xd4").contains("nothing to sacrifice"));
    assert!(refusal(&game, "d3*e4").contains("nothing to sacrifice"));
}

// --- Ends of the game ---------------------------------------------------------------------------

#[test]
fn under_delayed_rules_a_surviving_invader_wins_before_stalemate_is_looked_at() {
    // Light has only a wall, which stands on Dark's home row: Light wins, not loses.
    let game = at("advanced", "W6t/8/8/8/8/8/8 L 5");
    assert_eq!(winner(&game), Some(Seat(0)));
}

#[test]
fn escape_variant_reaching_the_far_row_does_not_win() {
    let variant = MurusVariant {
        escape: true,
        ..MurusVariant::default()
    };
    let game = MurusGallicus::from_position(&variant, T3).unwrap();
    let next = after(&game, &["c5-c7"]);
    assert_eq!(next.outcome(), None);
    assert_eq!(next.actor(), Actor::Seat(Seat(1)));
}

#[test]
fn the_ply_cap_draws_a_game_after_n_plies_without_a_result() {
    let variant = MurusVariant::parse_text("basic ply_cap=3").unwrap();
    let mut game = MurusGallicus::new(&variant, 2).unwrap();
    play(&mut game, &["a1-a3", "a7-a5"]);
    assert_eq!(game.outcome(), None);
    let mut events = Vec::new();
    game.apply(game.parse_action("h1-h3").unwrap(), &mut events)
        .unwrap();
    let outcome = game.outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(
        outcome.reason,
        "ply cap of 3 reached (not an official rule)"
    );
    assert_eq!(game.actor(), Actor::Over);
    assert!(legal(&game).is_empty());
    assert!(matches!(
        events.last(),
        Some(MurusEvent::PlyCapReached { plies: 3 })
    ));
    assert!(!MurusVariant::options()
        .iter()
        .find(|o| o.key == "ply_cap")
        .unwrap()
        .is_official());
}

#[test]
fn immediate_win_option_makes_an_advanced_breakthrough_win_at_once() {
    let game = after(&at("algol5-advanced", T3), &["c5-c7"]);
    assert_eq!(winner(&game), Some(Seat(0)));
    let basic = MurusVariant {
        immediate_win: true,
        ..MurusVariant::default()
    };
    assert_eq!(
        basic.breakthrough_is_immediate(),
        MurusVariant::default().breakthrough_is_immediate()
    );
}

#[test]
fn events_name_the_rule_behind_each_step() {
    let mut game = at("advanced", T3);
    let mut events = Vec::new();
    game.apply(game.parse_action("c5-c7").unwrap(), &mut events)
        .unwrap();
    let rules: Vec<&str> = events.iter().map(|e| e.rule().0).collect();
    assert_eq!(
        rules,
        [
            "murus-gallicus:2.2 tower move",
            "murus-gallicus:2.3 delayed breakthrough"
        ]
    );
    events.clear();
    game.apply(game.parse_action("h7-h5").unwrap(), &mut events)
        .unwrap();
    assert!(matches!(
        events.last(),
        Some(MurusEvent::Breakthrough { delayed: true, .. })
    ));
    assert_eq!(
        events.last().unwrap().to_string(),
        "Light wins by breakthrough at c7"
    );
}

#[test]
fn material_stays_equal_in_every_random_basic_game() {
    use rand::{Rng, SeedableRng};
    // murus-gallicus §2.2: a sacrifice costs each side one stone; nothing else removes stones.
    let mut rng = rand::rngs::SmallRng::seed_from_u64(2009);
    let mut actions = Vec::new();
    for _ in 0..300 {
        let mut game = start("basic");
        loop {
            let light = game.stone_count(Colour::Light);
            assert_eq!(
                light,
                game.stone_count(Colour::Dark),
                "{}",
                game.position_text()
            );
            game.legal_actions(&mut actions);
            if actions.is_empty() {
                break;
            }
            game.apply_unchecked(actions[rng.random_range(0..actions.len())]);
        }
        assert!(game.outcome().is_some());
    }
}
