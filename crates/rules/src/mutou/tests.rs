//! MuTou rules, one test per rule, named after the rulebook (mutou §3.3–3.6).

use super::*;
use crate::game::{Actor, Game, NoEvents, Seat};
use crate::variant::Variant;

/// A game in play on the default layout with only the given pieces: `(tessel, seat, stack)`,
/// seats from 0, stacks as in position text (`WWAB1`). Seat 0 to move with its full budget.
pub(super) fn position(variant: &str, pieces: &[(&str, u8, &str)]) -> MuTou {
    let variant = MuTouVariant::parse_text(variant).unwrap();
    let mut g = MuTou::new(&variant, 2).unwrap();
    for cell in &mut g.cells {
        *cell = None;
    }
    for &(name, owner, stack) in pieces {
        let at = g.surface().parse_tessel(name).unwrap();
        *g.cell_mut(at) = Some(Piece {
            owner,
            at,
            shakken: Shakken::parse(stack).unwrap(),
        });
    }
    for s in &mut g.seat {
        s.pool = Shakken::default();
    }
    g.phase = Phase::Play;
    g.begin_turn(0, 1, &mut NoEvents);
    g
}

pub(super) fn legal(g: &MuTou) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out.into_iter().map(|a| g.action_text(a)).collect()
}

pub(super) fn play(g: &mut MuTou, text: &str) -> Vec<String> {
    let action = g.parse_action(text).unwrap();
    let mut ev = Vec::new();
    g.apply(action, &mut ev)
        .unwrap_or_else(|e| panic!("{e}; legal: {:?}", legal(g)));
    ev.into_iter().map(|e| e.to_string()).collect()
}

fn destinations(g: &MuTou, from: &str, power: char) -> Vec<String> {
    let prefix = format!("{from}{power}>");
    let mut v: Vec<String> = legal(g)
        .into_iter()
        .filter_map(|a| a.strip_prefix(&prefix).map(str::to_owned))
        .collect();
    v.sort();
    v
}

#[test]
fn x1_a_jagger_on_d4_reaches_the_eight_knight_squares_and_four_two_step_jumps() {
    let g = position("friendly", &[("d4", 0, "JB1"), ("h8", 1, "B2")]);
    let mut expected = [
        "b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5", "b4", "d2", "d6", "f4",
    ];
    expected.sort();
    assert_eq!(destinations(&g, "d4", 'J'), expected);
}

#[test]
fn x4_walker_and_angler_counts_on_d4_and_a1() {
    let g = position(
        "friendly",
        &[("d4", 0, "WAB1"), ("a1", 0, "WA"), ("h8", 1, "B2")],
    );
    assert_eq!(destinations(&g, "d4", 'W').len(), 4);
    assert_eq!(destinations(&g, "d4", 'A').len(), 4);
    assert_eq!(destinations(&g, "a1", 'W'), ["a2", "b1"]);
    assert_eq!(destinations(&g, "a1", 'A'), ["b2"]);
}

#[test]
fn blood_moves_as_a_walker_and_an_angler() {
    let g = position("friendly", &[("d4", 0, "B1"), ("h8", 1, "B2")]);
    assert_eq!(destinations(&g, "d4", 'B').len(), 8);
}

#[test]
fn anglers_have_no_moves_on_a_hex_board() {
    let g = position("hex", &[("0,0", 0, "AB1"), ("3,0", 1, "B2")]);
    assert!(destinations(&g, "0,0", 'A').is_empty());
    assert_eq!(destinations(&g, "0,0", 'B').len(), 6);
}

#[test]
fn a_piece_uses_each_power_as_often_as_it_carries_the_shak() {
    let mut g = position("friendly", &[("a1", 0, "WWB1"), ("h8", 1, "B2")]);
    g.seat[0].wafers = 5;
    g.begin_turn(0, 1, &mut NoEvents);
    decline_all(&mut g, "a1W>a2");
    decline_all(&mut g, "a2W>a3");
    assert!(
        destinations(&g, "a3", 'W').is_empty(),
        "both Walker uses spent"
    );
    assert!(
        !destinations(&g, "a3", 'B').is_empty(),
        "the Blood use is left"
    );
}

/// Plays a unit and lets the call window pass.
fn decline_all(g: &mut MuTou, text: &str) {
    play(g, text);
    while matches!(g.turn.pending, Pending::Window { .. }) {
        play(g, "decline");
    }
}

#[test]
fn resting_earns_a_wafer_from_the_supply() {
    let mut g = position("friendly", &[("a1", 0, "WB1"), ("h8", 1, "B2")]);
    let (wafers, supply) = (g.seat[0].wafers, g.supply);
    play(&mut g, "rest");
    assert_eq!((g.seat[0].wafers, g.supply), (wafers + 1, supply - 1));
    assert_eq!(g.actor(), Actor::Seat(Seat(1)));
}

#[test]
fn an_entitlement_is_banked_when_the_supply_is_empty_and_cashed_with_the_next() {
    let mut g = position("friendly", &[("a1", 0, "WB1"), ("h8", 1, "B2")]);
    // 10 wafers in all (2 seats x (3 + 2)): Red 3, Blue 7, supply empty.
    g.seat[1].wafers += g.supply;
    g.supply = 0;
    play(&mut g, "rest");
    assert_eq!((g.seat[0].wafers, g.seat[0].banked), (3, 1), "banked");
    g.seat[1].wafers -= 3;
    g.supply = 3;
    play(&mut g, "rest"); // Blue: one wafer, nothing banked
    assert_eq!((g.seat[1].wafers, g.supply), (5, 2));
    play(&mut g, "rest"); // Red: the new wafer and the banked one
    assert_eq!((g.seat[0].wafers, g.seat[0].banked, g.supply), (5, 0, 0));
    assert!(g.check_invariants().is_ok());
}

#[test]
fn the_first_piece_moved_is_free_and_each_further_piece_costs_a_wafer() {
    let mut g = position(
        "friendly choices=off",
        &[("a1", 0, "WB1"), ("c1", 0, "W"), ("h8", 1, "B2")],
    );
    play(&mut g, "a1W>a2");
    assert_eq!(g.seat[0].wafers, 3, "the first piece is free");
    play(&mut g, "c1W>c2");
    assert_eq!(g.seat[0].wafers, 2, "a second piece costs a wafer");
    assert_eq!(g.turn.spent, 2);
}

#[test]
fn a_piece_that_spent_every_use_is_refreshed_for_a_wafer() {
    let mut g = position("friendly choices=off", &[("a1", 0, "WB1"), ("h8", 1, "B2")]);
    play(&mut g, "a1W>a2");
    play(&mut g, "a2B>a3");
    assert_eq!(g.seat[0].wafers, 3);
    play(&mut g, "a3W>a4");
    assert_eq!(g.seat[0].wafers, 2, "refreshing costs a wafer");
    assert_eq!(
        g.actor(),
        Actor::Seat(Seat(1)),
        "U = 3 units spent: the turn ends"
    );
}

#[test]
fn without_fees_moving_more_pieces_is_free() {
    let mut g = position(
        "friendly choices=off fees=off",
        &[("a1", 0, "WB1"), ("c1", 0, "W"), ("h8", 1, "B2")],
    );
    play(&mut g, "a1W>a2");
    play(&mut g, "c1W>c2");
    assert_eq!(g.seat[0].wafers, 3);
}

#[test]
fn a_step_onto_an_enemy_captures_or_converts_and_never_onto_ones_own() {
    let g = position(
        "friendly",
        &[
            ("a1", 0, "WB1"),
            ("a2", 1, "WB2"),
            ("b1", 0, "W"),
            ("h8", 1, "B2"),
        ],
    );
    let dests = destinations(&g, "a1", 'W');
    assert_eq!(dests, ["a2x", "a2xa"]);
}

#[test]
fn a_capture_ends_the_pieces_movement_and_allows_a_transfer_without_blood() {
    let mut g = position(
        "friendly choices=off",
        &[("a1", 0, "WWB1"), ("a2", 1, "JJB2"), ("h8", 1, "B2")],
    );
    play(&mut g, "a1W>a2x");
    assert!(g
        .piece(g.surface().parse_tessel("a2").unwrap())
        .is_some_and(|p| p.owner == 0));
    assert_eq!(legal(&g), ["take:J", "done"]);
    play(&mut g, "take:J");
    assert_eq!(
        g.piece(g.surface().parse_tessel("a2").unwrap())
            .unwrap()
            .shakken
            .to_string(),
        "WWJB1"
    );
    assert_eq!(g.turn.spent, 2);
    play(&mut g, "done");
    assert!(
        destinations(&g, "a2", 'W').is_empty(),
        "its movement ended with the capture"
    );
}

#[test]
fn a_change_of_allegiance_trades_the_moving_piece_for_the_target() {
    let mut g = position(
        "friendly choices=off",
        &[
            ("a1", 0, "WB1"),
            ("b1", 0, "A"),
            ("a2", 1, "JW"),
            ("h8", 1, "B2"),
        ],
    );
    play(&mut g, "b1A>a2xa");
    let (a2, b1) = (
        g.surface().parse_tessel("a2").unwrap(),
        g.surface().parse_tessel("b1").unwrap(),
    );
    assert!(g.piece(b1).is_none(), "the converting piece left play");
    assert_eq!(g.piece(a2).unwrap().owner, 0);
    assert_eq!(
        legal(&g),
        ["take:A", "done"],
        "S20: its shakken may go onto the converted piece"
    );
    play(&mut g, "take:A");
    assert_eq!(g.piece(a2).unwrap().shakken.to_string(), "WAJ");
    assert!(
        destinations(&g, "a2", 'W').is_empty(),
        "the converted piece does not act this turn"
    );
}

#[test]
fn capturing_the_last_blood_piece_puts_the_owner_out_and_hands_over_his_wafers() {
    let mut g = position(
        "friendly choices=off",
        &[("a1", 0, "WB1"), ("a2", 1, "B2"), ("h8", 1, "W")],
    );
    play(&mut g, "a1W>a2x");
    assert_eq!(g.seat[1].out, Some(1));
    assert!(
        g.pieces().all(|p| p.owner == 0),
        "the loser's pieces leave play"
    );
    assert_eq!(g.seat[0].wafers, 6, "the loser's 3 wafers go to the captor");
    let outcome = g.outcome().expect("one player is left");
    assert_eq!(outcome.ranks, [0, 1]);
    assert_eq!(g.actor(), Actor::Over);
}

#[test]
fn a_converted_blood_piece_gives_survival_to_nobody() {
    let mut g = position(
        "friendly choices=off",
        &[
            ("a1", 0, "WWB1"),
            ("c1", 0, "B1"),
            ("a2", 1, "B2"),
            ("h8", 1, "W"),
        ],
    );
    play(&mut g, "a1W>a2xa");
    let a2 = g.surface().parse_tessel("a2").unwrap();
    assert_eq!(g.piece(a2).unwrap().owner, 0);
    assert_eq!(g.piece(a2).unwrap().shakken.to_string(), "B2");
    assert_eq!(
        g.seat[1].out,
        Some(1),
        "Blue's only blood now sits on a Red piece"
    );
    assert!(g.outcome().is_some());
}

#[test]
fn an_alteration_costs_one_unit_per_step_of_the_touching_distance() {
    let mut g = position(
        "friendly choices=off",
        &[
            ("a1", 0, "WWB1"),
            ("b2", 0, "A"),
            ("d1", 0, "J"),
            ("h8", 1, "B2"),
        ],
    );
    let moves = legal(&g);
    assert!(moves.contains(&"a1:W>b2".to_string()));
    assert!(
        moves.contains(&"a1:W>d1".to_string()),
        "distance 3 fits in U = 3"
    );
    play(&mut g, "a1:W>d1");
    let d1 = g.surface().parse_tessel("d1").unwrap();
    assert_eq!(g.piece(d1).unwrap().shakken.to_string(), "WJ");
    assert_eq!(
        g.actor(),
        Actor::Seat(Seat(1)),
        "three units: U is spent, the turn is over"
    );
}

#[test]
fn alterations_move_only_ones_own_blood_between_ones_own_pieces() {
    let g = position(
        "friendly choices=off",
        &[("a1", 0, "B1B2"), ("a2", 0, "W"), ("a3", 1, "B2")],
    );
    let moves = legal(&g);
    assert!(moves.contains(&"a1:B1>a2".to_string()));
    assert!(
        !moves.contains(&"a1:B2>a2".to_string()),
        "foreign blood stays put"
    );
    assert!(
        !moves.iter().any(|m| m.ends_with(">a3")),
        "no alteration onto an enemy piece"
    );
}

#[test]
fn one_category_per_turn_in_the_basic_game_and_any_mix_in_the_advanced() {
    let mut g = position(
        "friendly choices=off",
        &[("a1", 0, "WWB1"), ("b2", 0, "A"), ("h8", 1, "B2")],
    );
    play(&mut g, "a1W>a2");
    assert!(
        !legal(&g).iter().any(|m| m.contains(":W>")),
        "no alterations after a move"
    );
    let mut g = position(
        "friendly choices=off mixing=on",
        &[("a1", 0, "WWB1"), ("b2", 0, "A"), ("h8", 1, "B2")],
    );
    play(&mut g, "a1W>a2");
    assert!(legal(&g).iter().any(|m| m.contains(":W>")));
}
