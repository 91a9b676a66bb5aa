//! Traps, eyes, gouges, mixed traps and the kraken (mur §1.7).

use super::*;

// --- Ship traps --------------------------------------------------------------------------------

#[test]
fn a_ship_on_the_second_ring_needs_four_opposing_ships() {
    let game = pos("game", "h2 b2 a3", "a2", "e3", "B");
    assert_eq!(game.obligation(), Obligation::None);
    let next = after(&game, &["*a1"]);
    assert_eq!(next.trap_tally(Colour::Black), 1);
    assert_eq!(legal(&next), ["^a2"]);
}

#[test]
fn a_ship_on_the_first_ring_needs_four_opposing_ships_one_on_the_centre() {
    let game = pos("game", "h1 b1 a2", "a1", "e3", "B");
    let next = after(&game, &["*C"]);
    assert_eq!(next.trap_tally(Colour::Black), 1);
    assert_eq!(legal(&next), ["^a1"]);
}

#[test]
fn the_kraken_never_helps_to_surround_a_ship() {
    // With the kraken on the centre, a1 can never be trapped.
    let game = pos("game", "h1 b1", "a1", "C", "B");
    let next = after(&game, &["*a2"]);
    assert_eq!(next.trap_tally(Colour::Black), 0);
    assert_eq!(next.obligation(), Obligation::None);
}

#[test]
fn a_surrounded_group_is_never_trapped() {
    // The White pair a3-b3 is surrounded by h3, c3, a2 and b2.
    let game = pos("game", "h3 c3 a2", "a3 b3", "e1", "B");
    let next = after(&game, &["*b2"]);
    assert_eq!(next.trap_tally(Colour::Black), 0);
    assert_eq!(next.obligation(), Obligation::None);
}

#[test]
fn a_ship_on_the_centre_is_safe() {
    // Seven Black ships on ring 1 cannot trap the White ship on C: it needs eight.
    let game = pos("game", "a1 b1 c1 d1 e1 f1 g1", "C", "e3", "W");
    assert_eq!(game.obligation(), Obligation::None);
    assert_eq!(game.off_board(Colour::Black), 0);
}

#[test]
fn one_placement_can_trap_two_ships_and_scores_two() {
    // The seed's example: Black places "here", on b3, and traps a3 and c3 at once.
    let game = pos("game", "h3 a2 c2 d3", "a3 c3", "C", "B");
    let mut next = game.clone();
    let events = play(&mut next, &["*b3"]);
    assert_eq!(next.trap_tally(Colour::Black), 2);
    let traps = events
        .iter()
        .filter(|e| e.rule().0 == "mur:1.7 trap")
        .count();
    assert_eq!(traps, 2);
    // The double withdrawal is one action, not two turns.
    assert_eq!(legal(&next), ["^a3^c3"]);
    assert!(refusal(&next, "^a3").contains("must withdraw a3, c3 first, all in one action: ^a3^c3"));
    let done = after(&next, &["^a3^c3"]);
    assert_eq!(done.to_move(), Colour::Black);
    assert_eq!(done.off_board(Colour::White), 7);
}

#[test]
fn a_knock_that_breaks_up_a_group_can_leave_a_trapped_alpha() {
    // M7: the Black alpha on c3 knocks b3 out of the White pair a3-b3 (to g3, past a3 and h3);
    // a3 is left alone between h3, b3 and a2, all Black.
    let game = pos("game", "c3 h3 a2", "a3 b3", "e1", "B");
    let next = after(&game, &["c3-"]);
    assert_eq!(letters(&next, "a3 b3 c3 g3"), "WB.W");
    assert_eq!(next.trap_tally(Colour::Black), 1);
    assert_eq!(legal(&next), ["^a3"]);
}

#[test]
fn a_knocked_ship_can_come_to_rest_in_a_trap() {
    // M6b: the Black alpha on c3 knocks the White pair's b3 one point on, to a3, where h3, a2 and
    // the mover on b3 surround it.
    let game = pos("game", "c3 h3 a2", "b3 b2", "e1", "B");
    let mut next = game.clone();
    let events = play(&mut next, &["c3-"]);
    assert_eq!(letters(&next, "a3 b3"), "WB");
    assert_eq!(next.trap_tally(Colour::Black), 1);
    assert_eq!(next.obligation(), Obligation::TrapWithdrawal);
    assert!(events.iter().any(|e| matches!(
        e,
        MurEvent::ShipTrapped {
            colour: Colour::White,
            scored_by: Some(Colour::Black),
            ..
        }
    )));
}

// --- Eyes and the self-trap rule ----------------------------------------------------------------

/// A Black eye on a3 (h3, b3 and a2 Black).
const EYE: (&str, &str) = ("h3 b3 a2", "e1");

#[test]
fn a_player_may_not_fill_an_opposing_eye_without_trapping_an_opposing_ship() {
    let game = pos("game", EYE.0, EYE.1, "C", "W");
    assert!(!is_legal(&game, "*a3"));
    assert_eq!(
        refusal(&game, "*a3"),
        "placing on a3 fills a Black eye without trapping a Black ship (mur §1.7 rule 3)"
    );
}

#[test]
fn filling_an_opposing_eye_that_traps_an_opposing_ship_is_a_gouge() {
    // b3 is a Black alpha whose other neighbours (c3, b2) are White: White's a3 traps it.
    let game = pos("game", EYE.0, "c3 b2", "C", "W");
    let next = after(&game, &["*a3"]);
    assert_eq!(next.trap_tally(Colour::White), 1);
    // Mixed traps: the White ship on a3 is trapped too, but Black withdraws first, which frees it.
    assert_eq!(next.to_move(), Colour::Black);
    assert_eq!(legal(&next), ["^b3"]);
    let freed = after(&next, &["^b3"]);
    assert_eq!(freed.obligation(), Obligation::None);
    assert_eq!(freed.trap_tally(Colour::Black), 0);
}

#[test]
fn under_g2_a_player_may_fill_his_own_eye() {
    let game = pos("game", EYE.0, EYE.1, "C", "B");
    assert!(is_legal(&game, "*a3"));
}

#[test]
fn under_g1_entering_any_eye_needs_a_trap() {
    let game = pos("game rules=g1", EYE.0, EYE.1, "C", "B");
    assert!(!is_legal(&game, "*a3"));
    assert_eq!(
        refusal(&game, "*a3"),
        "placing on a3 fills Black's own eye on a3 without trapping a White ship, which the G1 \
         rules forbid (mur §1.7 rule 4)"
    );
    let opposing = pos("game rules=g1", EYE.0, EYE.1, "C", "W");
    assert!(!is_legal(&opposing, "*a3"));
}

#[test]
fn a_knock_may_not_leave_the_movers_own_ship_trapped_without_a_trap_of_his_own() {
    // Black c3 knocks the White pair's b3 on past a3 and h3 to g3, which completes White's
    // surround of Black's h3 (a3, h2, g3); no White ship is trapped.
    let game = pos("game", "c3 h3", "b3 b2 a3 h2", "C", "B");
    assert!(!is_legal(&game, "c3-"));
    assert_eq!(
        refusal(&game, "c3-"),
        "the move c3- leaves Black's ship on h3 trapped without trapping a White ship: a \
         self-trap (mur §1.7 rule 2)"
    );
}

/// Black c3 knocks b3 to g3: his mover traps White's a3 (h3, b3, a2) while the knocked ship
/// completes White's surround of Black's f3 (e3, g3, f2).
fn mixed_traps(rules: &str) -> Mur {
    pos(
        &format!("game rules={rules}"),
        "c3 h3 a2 f3",
        "a3 b3 b2 e3 f2",
        "C",
        "B",
    )
}

#[test]
fn in_a_mixed_traps_position_the_opponent_withdraws_first_then_the_creator() {
    let mut game = mixed_traps("g2");
    let events = play(&mut game, &["c3-"]);
    assert_eq!(letters(&game, "a3 b3 g3 f3"), "WBWB");
    assert_eq!(game.trap_tally(Colour::Black), 1);
    assert!(events.iter().any(|e| matches!(
        e,
        MurEvent::ShipTrapped {
            colour: Colour::Black,
            scored_by: None,
            ..
        }
    )));
    assert_eq!(legal(&game), ["^a3"]);
    play(&mut game, &["^a3"]);
    // Black's f3 is still trapped: Black withdraws it, and White scores nothing for it.
    assert_eq!(game.obligation(), Obligation::TrapWithdrawal);
    assert_eq!(legal(&game), ["^f3"]);
    play(&mut game, &["^f3"]);
    assert_eq!(game.trap_tally(Colour::White), 0);
    assert_eq!(game.to_move(), Colour::White);
    assert_eq!(game.obligation(), Obligation::None);
}

#[test]
fn under_g1_a_knock_that_traps_both_sides_is_an_illegal_self_trap() {
    let game = mixed_traps("g1");
    assert!(!is_legal(&game, "c3-"));
    assert_eq!(
        refusal(&game, "c3-"),
        "the move c3- leaves Black's ship on f3 trapped: a self-trap (mur §1.7 rule 2, G1)"
    );
}

#[test]
fn under_g2_knocking_an_opposing_ship_into_ones_own_eye_may_trap_both_sides() {
    // Black c3 knocks b3 to a3, between Black's h3 and a2 and the mover: the knocked ship is
    // trapped, and it completes White's surround of Black's h3 (g3, h2, a3).
    let text = |rules: &str| {
        pos(
            &format!("game rules={rules}"),
            "c3 h3 a2",
            "b3 b2 g3 h2",
            "C",
            "B",
        )
    };
    let g2 = after(&text("g2"), &["c3-"]);
    assert_eq!(g2.trap_tally(Colour::Black), 1);
    assert_eq!(legal(&g2), ["^a3"]);
    let freed = after(&g2, &["^a3"]);
    assert_eq!(
        freed.obligation(),
        Obligation::None,
        "h3 is free once a3 is withdrawn"
    );
    assert!(!is_legal(&text("g1"), "c3-"));
}

// --- The kraken ------------------------------------------------------------------------------------

#[test]
fn ships_of_both_colours_trap_the_kraken_and_the_player_who_completes_it_wins() {
    let game = pos("game", "h3", "a2", "a3", "B");
    let mut next = game.clone();
    let events = play(&mut next, &["*b3"]);
    let outcome = next.outcome().unwrap();
    assert_eq!(outcome.winners(), [Seat(0)]);
    assert_eq!(outcome.reason, "Black trapped the kraken");
    assert_eq!(next.actor(), Actor::Over);
    assert!(rules(&events).contains(&"mur:1.7 kraken trap"));
    assert!(rules(&events).contains(&"mur:1.9 game end"));
}

#[test]
fn with_single_colour_kraken_traps_mixed_colours_do_not_trap_it() {
    let game = pos("game kraken_trap=single-colour", "h3", "a2", "a3", "B");
    let next = after(&game, &["*b3"]);
    assert_eq!(next.outcome(), None);
}

#[test]
fn with_single_colour_kraken_traps_the_surrounding_colour_scores_even_on_the_opponents_play() {
    // Black d3 knocks the White pair's c3 on to b3, completing a White ring around the kraken.
    let game = pos(
        "game kraken_trap=single-colour",
        "d3",
        "h3 a2 c3 c2",
        "a3",
        "B",
    );
    let next = after(&game, &["d3-"]);
    let outcome = next.outcome().unwrap();
    assert_eq!(outcome.winners(), [Seat(1)]);
    assert_eq!(outcome.reason, "White trapped the kraken");
}

/// A White eye on a3 (h3, b3, a2); Black d3 can knock the kraken from c3 past b3 into it.
fn kraken_into_eye(options: &str) -> Mur {
    pos(&format!("game {options}"), "d3", "h3 b3 a2", "c3", "B")
}

#[test]
fn under_g2_the_kraken_may_not_be_knocked_into_an_opposing_eye_without_a_trap() {
    let game = kraken_into_eye("");
    assert!(!is_legal(&game, "d3-"));
    assert_eq!(
        refusal(&game, "d3-"),
        "the move d3- puts the kraken into a White eye on a3 without trapping a White ship \
         (mur §1.7 rule 3)"
    );
}

#[test]
fn under_g1_the_kraken_may_be_knocked_into_an_opposing_eye() {
    let next = after(&kraken_into_eye("rules=g1"), &["d3-"]);
    assert_eq!(next.outcome().unwrap().reason, "Black trapped the kraken");
}

/// Black c3 knocks b3 to g3, completing both White's surround of Black's h3 (a3, h2, g3) and a
/// ring of ships around the kraken on g2 (f2, h2, g1, g3), with no White ship trapped.
fn self_trap_with_kraken(options: &str) -> Mur {
    pos(
        &format!("game {options}"),
        "c3 h3 g1",
        "b3 b2 a3 h2 f2",
        "g2",
        "B",
    )
}

#[test]
fn trapping_the_kraken_excuses_a_self_trap() {
    let game = self_trap_with_kraken("");
    let next = after(&game, &["c3-"]);
    assert_eq!(next.outcome().unwrap().reason, "Black trapped the kraken");
}

#[test]
fn without_kraken_self_trap_trapping_the_kraken_does_not_excuse_a_self_trap() {
    let game = self_trap_with_kraken("kraken_self_trap=off");
    assert!(!is_legal(&game, "c3-"));
    assert!(refusal(&game, "c3-").contains("self-trap"));
}

#[test]
fn a_kraken_already_trapped_before_the_play_scores_nothing() {
    // Eight ships on ring 1 surround the kraken on C from the start of the game.
    let game = pos("game", "a1 c1 e1 g1", "b1 d1 f1 h1", "C", "B");
    let next = after(&game, &["*a3"]);
    assert_eq!(next.outcome(), None);
}
