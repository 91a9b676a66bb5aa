//! Advanced Murus Gallicus: catapults, how they are built, how they fire and how towers
//! sacrifice against them (murus-gallicus §2.3).

use super::*;

#[test]
fn an_advanced_tower_moving_onto_a_friendly_tower_makes_a_catapult() {
    let game = after(&at("advanced", "7t/8/8/3T4/3T4/8/8 L 0"), &["d3-d5"]);
    assert_eq!(game.stack(cell("d4")), Some((Colour::Light, 3)));
    assert_eq!(game.stack(cell("d5")), Some((Colour::Light, 1)));
}

#[test]
fn towers_never_land_on_catapults() {
    let game = at("advanced", "7t/8/8/3C4/3T4/8/8 L 0");
    assert!(refusal(&game, "d3-d5").contains("no stack exceeds 3"));
}

#[test]
fn a_catapult_fires_forward_diagonally_forward_or_sideways_two_or_three_cells() {
    let game = at("advanced", "7t/8/8/8/3C4/8/8 L 0");
    let expected = [
        "d3-a3", "d3-a6", "d3-b3", "d3-b5", "d3-d5", "d3-d6", "d3-f3", "d3-f5", "d3-g3", "d3-g6",
    ];
    assert_eq!(legal(&game), expected);
    let dark = at("advanced", "8/8/3c4/8/8/8/T7 D 0");
    let expected = [
        "d5-a2", "d5-a5", "d5-b3", "d5-b5", "d5-d2", "d5-d3", "d5-f3", "d5-f5", "d5-g2", "d5-g5",
    ];
    assert_eq!(legal(&dark), expected);
}

#[test]
fn catapults_never_fire_backward() {
    let game = at("advanced", "7t/8/8/8/3C4/8/8 L 0");
    assert_eq!(refusal(&game, "d3-d1"), "catapults never fire backward");
    assert_eq!(refusal(&game, "d3-b1"), "catapults never fire backward");
    assert!(refusal(&game, "d3-d7").contains("2 or 3 cells"));
}

#[test]
fn a_catapult_stone_flies_over_anything_in_between() {
    let game = at("advanced", "7t/8/8/3t4/3CW3/8/8 L 0");
    assert!(is_legal(&game, "d3-d5"));
    assert!(is_legal(&game, "d3-f3"));
    assert!(is_legal(&game, "d3-g3"));
}

#[test]
fn a_shot_onto_an_empty_cell_builds_a_wall_and_the_catapult_becomes_a_tower() {
    let game = after(&at("advanced", "7t/8/8/8/3C4/8/8 L 0"), &["d3-d6"]);
    assert_eq!(game.stack(cell("d3")), Some((Colour::Light, 2)));
    assert_eq!(game.stack(cell("d6")), Some((Colour::Light, 1)));
    assert_eq!(game.stack(cell("d4")), None);
}

#[test]
fn a_shot_onto_an_enemy_stack_takes_one_stone_from_it() {
    let game = at("advanced", "7t/3c4/3t4/8/3C4/8/8 L 0");
    let hit_tower = after(&game, &["d3xd5"]);
    assert_eq!(hit_tower.stack(cell("d5")), Some((Colour::Dark, 1)));
    assert_eq!(hit_tower.stack(cell("d3")), Some((Colour::Light, 2)));
    let hit_catapult = after(&game, &["d3xd6"]);
    assert_eq!(hit_catapult.stack(cell("d6")), Some((Colour::Dark, 2)));
    let wall = at("advanced", "7t/8/3w4/8/3C4/8/8 L 0");
    assert_eq!(after(&wall, &["d3xd5"]).stack(cell("d5")), None);
}

#[test]
fn a_catapult_never_fires_on_its_own_pieces() {
    let game = at("advanced", "7t/8/3W4/8/3C4/8/8 L 0");
    assert!(refusal(&game, "d3-d5").contains("never fires on its own pieces"));
    assert!(refusal(&game, "d3xd5").contains("never fires on its own pieces"));
}

#[test]
fn shots_are_written_with_a_dash_onto_empty_cells_and_a_cross_onto_enemies() {
    let game = at("advanced", "7t/8/3w4/8/3C4/8/8 L 0");
    assert!(refusal(&game, "d3-d5").contains("d3xd5"));
    assert!(refusal(&game, "d3xd6").contains("d3-d6"));
}

#[test]
fn a_single_sacrifice_against_a_catapult_leaves_a_wall_facing_a_tower() {
    let game = after(&at("advanced", "7t/8/3c4/2T5/8/8/8 L 0"), &["c4xd5"]);
    assert_eq!(game.stack(cell("c4")), Some((Colour::Light, 1)));
    assert_eq!(game.stack(cell("d5")), Some((Colour::Dark, 2)));
}

#[test]
fn a_double_sacrifice_against_a_catapult_spends_the_tower_and_leaves_a_wall() {
    let game = after(&at("advanced", "7t/8/3c4/2T5/8/8/8 L 0"), &["c4*d5"]);
    assert_eq!(game.stack(cell("c4")), None);
    assert_eq!(game.stack(cell("d5")), Some((Colour::Dark, 1)));
}

#[test]
fn only_a_catapult_can_be_hit_with_both_tower_stones() {
    let game = at("advanced", "7t/8/3w4/2T5/8/8/8 L 0");
    assert!(refusal(&game, "c4*d5").contains("only a catapult"));
}

#[test]
fn catapults_cannot_move_or_sacrifice() {
    let game = at("advanced", "7t/8/8/3w4/3C4/8/8 L 0");
    assert!(refusal(&game, "d3xd4").contains("cannot move or sacrifice"));
    assert!(refusal(&game, "d3*d4").contains("cannot sacrifice"));
    assert!(refusal(&game, "d3-d1").contains("backward"));
    assert!(legal(&game).iter().all(|m| m != "d3xd4"));
}

#[test]
fn the_basic_game_has_no_catapults() {
    let err = MurusGallicus::from_position(&MurusVariant::default(), "7t/8/8/8/3C4/8/8 L 0");
    assert_eq!(err.unwrap_err().token, "3C4");
    assert!(!legal(&start("basic")).iter().any(|m| m == "a1-c1"));
}
