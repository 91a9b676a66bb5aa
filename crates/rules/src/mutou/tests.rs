//! MuTou rules, one test per rule, named after the rulebook (mutou §3.3–3.6).

use super::*;
use crate::game::{Actor, Game, NoEvents, Seat};
use crate::variant::Variant;

/// A game in play on the default layout with only the given pieces: `(tessel, seat, stack)`,
/// seats from 0, stacks as in position text (`WWAB1`). Seat 0 to move with its full budget.
fn position(variant: &str, pieces: &[(&str, u8, &str)]) -> MuTou {
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

fn legal(g: &MuTou) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out.into_iter().map(|a| g.action_text(a)).collect()
}

fn play(g: &mut MuTou, text: &str) -> Vec<String> {
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

#[test]
fn after_a_unit_the_next_player_may_call_a_choice_and_pays_the_mover() {
    let mut g = position("friendly", &[("d4", 0, "WB1"), ("h8", 1, "B2")]);
    play(&mut g, "d4W>d5");
    assert_eq!(g.actor(), Actor::Seat(Seat(1)));
    assert_eq!(legal(&g), ["call:open", "call:matched", "decline"]);
    play(&mut g, "call:open");
    assert_eq!((g.seat[0].wafers, g.seat[1].wafers), (4, 2));
    assert_eq!(g.actor(), Actor::Chance);
    let mut out = Vec::new();
    g.chance_outcomes(&mut out);
    assert_eq!(out.len(), 8, "one d8");
    play(&mut g, "die:1");
    // One Rand move: the prior player (Blue) aims it.
    assert_eq!(g.actor(), Actor::Seat(Seat(1)));
    assert_eq!(legal(&g).len(), 8, "4 corners x 2 directions");
}

#[test]
fn matched_quandarinn_give_the_difference_and_zero_does_nothing() {
    let mut g = position("friendly", &[("d4", 0, "WB1"), ("h8", 1, "B2")]);
    play(&mut g, "d4W>d5");
    play(&mut g, "call:matched");
    let mut out = Vec::new();
    g.chance_outcomes(&mut out);
    assert_eq!(out.len(), 64);
    play(&mut g, "dice:4,4");
    assert_eq!(
        g.actor(),
        Actor::Seat(Seat(0)),
        "total 0: back to the mover"
    );
    assert_eq!(g.seat[1].wafers, 2, "the fee is still paid");
}

#[test]
fn a_rand_count_alternates_edge_and_vertex_round_the_tessel() {
    let g = position("friendly", &[("d4", 0, "RB1"), ("h8", 1, "B2")]);
    let d4 = g.surface().parse_tessel("d4").unwrap();
    let v = g.surface().vertices(d4)[0];
    assert_eq!(g.gate(d4, v, Spin::Ccw, 1), Gate::Edge(0));
    assert_eq!(g.gate(d4, v, Spin::Ccw, 2), Gate::Vertex(1));
    assert_eq!(g.gate(d4, v, Spin::Ccw, 8), Gate::Vertex(0));
    assert_eq!(g.gate(d4, v, Spin::Cw, 1), Gate::Edge(3));
    assert_eq!(g.gate(d4, v, Spin::Cw, 2), Gate::Vertex(3));
    assert_eq!(g.gate(d4, v, Spin::Cw, 7), Gate::Edge(0));
}

#[test]
fn rand_goes_to_the_farthest_tessel_through_the_gate_and_the_mover_breaks_ties() {
    let mut g = position("friendly", &[("d4", 0, "RB1"), ("h8", 1, "B2")]);
    play(&mut g, "d4R");
    assert_eq!(g.actor(), Actor::Seat(Seat(1)), "the prior player aims");
    let d4 = g.surface().parse_tessel("d4").unwrap();
    let v0 = g.surface().vertices(d4)[0];
    play(&mut g, &format!("gate:v{}:ccw", v0.0));
    assert_eq!(g.actor(), Actor::Chance);
    play(&mut g, "die:1"); // the first edge: one crossing through it
    play(&mut g, "die:1"); // one crossing in all
                           // With one crossing through an edge the only candidate is the tessel beyond it.
    assert_eq!(
        g.actor(),
        Actor::Seat(Seat(1)),
        "the call window after the Rand unit"
    );
    assert!(g.piece(d4).is_none(), "the piece has left d4");
}

#[test]
fn setting_out_is_secret_until_everyone_has_finished() {
    let v = MuTouVariant::friendly();
    let mut g = MuTou::new(&v, 2).unwrap();
    assert_eq!(g.phase(), Phase::SetOut(0));
    let c1 = g.surface().parse_tessel("c1").unwrap();
    play(&mut g, "c1+W");
    let blue = g.view(Some(Seat(1)));
    assert!(
        blue.piece(c1).unwrap().shakken.is_empty(),
        "Blue cannot see Red's stack"
    );
    assert_eq!(blue.seat_state(0).pool.total(), 11);
    let red = g.view(Some(Seat(0)));
    assert_eq!(red.piece(c1).unwrap().shakken.to_string(), "W");
    while g.phase() == Phase::SetOut(0) {
        let mut out = Vec::new();
        g.legal_actions(&mut out);
        g.apply(out[0], &mut NoEvents).unwrap();
    }
    assert!(
        g.view(Some(Seat(1))).piece(c1).unwrap().shakken.is_empty(),
        "still hidden while Blue sets out"
    );
    while g.phase() == Phase::SetOut(1) {
        let mut out = Vec::new();
        g.legal_actions(&mut out);
        g.apply(out[0], &mut NoEvents).unwrap();
    }
    assert_eq!(g.phase(), Phase::Play);
    assert!(
        !g.view(Some(Seat(1))).piece(c1).unwrap().shakken.is_empty(),
        "revealed"
    );
}

#[test]
fn the_two_player_stands_are_centred_on_the_back_ranks() {
    for (preset, south, north) in [
        ("friendly", "c1 d1 e1 f1", "c8 d8 e8 f8"),
        ("village", "b1 c1 d1 e1 f1 g1", "b8 c8 d8 e8 f8 g8"),
        (
            "coll",
            "a1 b1 c1 d1 e1 f1 g1 h1 d2",
            "a8 b8 c8 d8 e8 f8 g8 h8 e7",
        ),
    ] {
        let g = MuTou::new(&MuTouVariant::parse_text(preset).unwrap(), 2).unwrap();
        let names = |seat: u8| {
            let mut v: Vec<String> = g
                .pieces()
                .filter(|p| p.owner == seat)
                .map(|p| g.name(p.at))
                .collect();
            v.sort();
            v
        };
        let sorted = |s: &str| {
            let mut v: Vec<String> = s.split(' ').map(str::to_owned).collect();
            v.sort();
            v
        };
        assert_eq!(names(0), sorted(south), "{preset}");
        assert_eq!(names(1), sorted(north), "{preset}");
    }
}

#[test]
fn the_first_player_chooses_the_tier_and_the_others_cut_the_zones() {
    let v = MuTouVariant::parse_text("scribed").unwrap();
    let mut g = MuTou::new(&v, 3).unwrap();
    assert_eq!(g.actor(), Actor::Seat(Seat(0)));
    assert_eq!(legal(&g), ["tier:I", "tier:II", "tier:III"]);
    play(&mut g, "tier:II");
    assert_eq!(g.phase(), Phase::Claim(1));
    assert_eq!(legal(&g), ["claim:1", "claim:2", "claim:3"]);
    play(&mut g, "claim:1");
    assert_eq!(legal(&g), ["claim:2", "claim:3"]);
    play(&mut g, "claim:3");
    assert_eq!(
        g.seat_state(0).zone,
        Some(1),
        "the last zone goes to the first player"
    );
    assert_eq!(g.phase(), Phase::SetOut(0));
    assert_eq!(g.pieces().filter(|p| p.owner == 0).count(), 6);
}

#[test]
fn a_split_of_an_occupied_tessel_lets_the_alterer_place_the_occupant() {
    let mut g = position("friendly choices=off", &[("d4", 0, "WB1"), ("h8", 1, "B2")]);
    let d4 = g.surface().parse_tessel("d4").unwrap();
    let vs = g.surface().vertices(d4).to_vec();
    let split = format!("split:d4:v{}:v{}", vs[0].0, vs[2].0);
    let moves = legal(&g);
    assert!(moves.contains(&split), "{moves:?}");
    assert!(moves.contains(&format!("{split}:new")));
    play(&mut g, &format!("{split}:new"));
    assert!(g.piece(d4).is_none(), "the occupant went to the new part");
    assert_eq!(g.pieces().filter(|p| p.owner == 0).count(), 1);
    assert!(g.check_invariants().is_ok());
}

#[test]
fn only_empty_tessels_near_ones_pieces_can_be_erased() {
    let g = position("friendly choices=off", &[("d4", 0, "WB1"), ("h8", 1, "B2")]);
    let moves = legal(&g);
    assert!(!moves.contains(&"erase:d4".to_string()), "occupied");
    assert!(moves.contains(&"erase:d5".to_string()));
    assert!(
        !moves.contains(&"erase:a8".to_string()),
        "too far from Red's pieces"
    );
}

#[test]
fn the_turn_ends_by_itself_once_the_budget_is_spent() {
    let mut g = position(
        "friendly choices=off",
        &[("a1", 0, "WWWB1"), ("h8", 1, "B2")],
    );
    play(&mut g, "a1W>a2");
    play(&mut g, "a2W>a3");
    assert_eq!(g.actor(), Actor::Seat(Seat(0)));
    play(&mut g, "a3W>a4");
    assert_eq!(g.actor(), Actor::Seat(Seat(1)));
    assert_eq!(g.turn.number, 2);
}

#[test]
fn a_cooperative_game_ends_when_everyone_accepts_to_stop() {
    let mut g = position(
        "friendly form=cooperative",
        &[("a1", 0, "WB1"), ("h8", 1, "B2")],
    );
    assert!(legal(&g).contains(&"propose".to_string()));
    play(&mut g, "propose");
    play(&mut g, "refuse");
    assert!(!legal(&g).contains(&"propose".to_string()), "once per turn");
    play(&mut g, "rest");
    play(&mut g, "propose");
    play(&mut g, "accept");
    let outcome = g.outcome().unwrap();
    assert!(outcome.is_draw());
    assert_eq!(outcome.scores, [4, 3], "final wafer counts are reported");
}

#[test]
fn the_beat_clock_gives_two_and_a_half_seconds_a_bass_beat_by_default() {
    let g = position("friendly clock=beat", &[("a1", 0, "WB1"), ("h8", 1, "B2")]);
    let clock = g.clock().unwrap();
    assert_eq!(clock.bass_seconds, 2.5);
    assert_eq!(clock.beats, 3);
    assert_eq!(
        BeatClock::precedence(&[Seat(0), Seat(1), Seat(2)]),
        [Seat(2), Seat(1), Seat(0)]
    );
    assert!(position("friendly", &[("a1", 0, "WB1"), ("h8", 1, "B2")])
        .clock()
        .is_none());
}

#[test]
fn a_position_reads_back_from_its_text() {
    let mut g = position("friendly", &[("d4", 0, "RWB1"), ("h8", 1, "B2")]);
    play(&mut g, "d4R");
    let text = g.position_text();
    let back = MuTou::from_position(g.variant(), &text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.position_text(), text);
}

#[test]
fn refusals_say_which_rule_forbids_them() {
    let g = position(
        "friendly",
        &[("d4", 0, "JB1"), ("d5", 0, "W"), ("h8", 1, "B2")],
    );
    let why = |t: &str| g.check(g.parse_action(t).unwrap()).unwrap_err().reason;
    assert!(why("d4W>e4").contains("no W use"), "{}", why("d4W>e4"));
    assert!(why("d4B>d5").contains("one's own piece"));
    assert!(why("h8B>g8").contains("not Red's"));
    assert!(why("end").contains("rest instead"));
    assert!(why("d4B>a1").contains("not a B step"));
    assert!(g.check(g.parse_action("d4B>e5").unwrap()).is_ok());
}

#[test]
fn notation_is_read_back_for_every_kind_of_action() {
    let g = position("friendly", &[("d4", 0, "JB1"), ("h8", 1, "B2")]);
    for text in [
        "tier:II",
        "claim:3",
        "c1+W",
        "c1+B2",
        "rest",
        "d4W>d5",
        "d5J>f6x",
        "f6A>g7xa",
        "d4R",
        "d4:W>e5",
        "ins:e12",
        "rmv:v7",
        "split:d4:v3:v7",
        "split:d4:v3:v7:new",
        "merge:d4:d5",
        "scribe:e12:2",
        "erase:d4",
        "splice:e1:e9",
        "unsplice:e1",
        "take:J",
        "done",
        "end",
        "call:open",
        "call:matched",
        "decline",
        "gate:v3:ccw",
        "gate:v3:cw",
        "die:5",
        "dice:3,5",
        "pick:d7",
        "give:d4:W",
        "propose",
        "accept",
        "refuse",
    ] {
        let action = g
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(g.action_text(action), text);
        assert_eq!(
            g.parse_action(&action.to_string()).unwrap(),
            action,
            "{text} as t-ids"
        );
    }
    for bad in [
        "",
        "d4",
        "d4X>d5",
        "z9W>d5",
        "tier:IV",
        "claim:0",
        "die:0",
        "gate:v3:up",
        "scribe:e1:9",
    ] {
        assert!(g.parse_action(bad).is_err(), "{bad} should not parse");
    }
}

#[test]
fn checking_one_area_alteration_agrees_with_the_full_list() {
    use crate::playout::{random_action, Buffers};
    use rand::SeedableRng;
    let variant = MuTouVariant::parse_text("friendly mixing=on").unwrap();
    let mut compared = 0;
    for seed in 0..3 {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut buffers = Buffers::default();
        let mut g = MuTou::new(&variant, 2).unwrap();
        for _ in 0..250 {
            if matches!(g.turn.pending, Pending::Free | Pending::Insert { .. })
                && g.phase == Phase::Play
            {
                let legal: Vec<MuTouAction> = {
                    let mut v = Vec::new();
                    g.legal_actions(&mut v);
                    v
                };
                let mut every = Vec::new();
                g.surface().edits(|_| true, &mut every);
                for edit in every {
                    for to_new in [false, true] {
                        let action = MuTouAction::Area { edit, to_new };
                        assert_eq!(
                            g.check(action).is_ok(),
                            legal.contains(&action),
                            "{}",
                            g.action_text(action)
                        );
                        compared += 1;
                    }
                }
            }
            let Some(a) = random_action(&g, &mut rng, &mut buffers) else {
                break;
            };
            g.play(a, &mut NoEvents);
        }
    }
    assert!(compared > 1000, "only {compared} alterations compared");
}

#[test]
fn a_seats_view_of_the_secret_setting_out_reads_back_from_its_text() {
    let variant = MuTouVariant::parse_text("friendly").unwrap();
    let mut g = MuTou::new(&variant, 3).unwrap();
    // Seat 1 and seat 2 set out everything, each with its first legal action, until seat 3's turn.
    while g.phase != Phase::SetOut(2) {
        let action = legal(&g)[0].clone();
        play(&mut g, &action);
    }
    let first = legal(&g)[0].clone();
    play(&mut g, &first);
    for viewer in [None, Some(Seat(0)), Some(Seat(2))] {
        let view = g.view(viewer);
        let text = view.position_text();
        let read = MuTou::from_position(&variant, &text)
            .unwrap_or_else(|e| panic!("{viewer:?}: {e}: {text}"));
        assert_eq!(read.position_text(), text);
        assert_eq!(legal(&read), legal(&view));
    }
}
