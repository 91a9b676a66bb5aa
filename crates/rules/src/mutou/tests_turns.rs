//! MuTou rules of the turn and the game around the moves: calls and quandarinn, rand, setting
//! out, stands, tiers and zones, the area, and how turns and games end (mutou §3.5–3.6).

use super::tests::{legal, play, position};
use super::*;
use crate::game::{Actor, Game, NoEvents, Seat};
use crate::variant::Variant;

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
