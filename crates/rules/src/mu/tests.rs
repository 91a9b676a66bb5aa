//! Tests named after the rules, including the specification's worked examples (mu §4).

use super::*;
use crate::game::Game;
use crate::variant::Variant;

const T3: &str = "0,0 3,-1 1,2";

fn variant(text: &str) -> MuVariant {
    MuVariant::parse_text(text).unwrap()
}

/// A board drawn to show one rule; play need not reach it, so it is read without validation.
fn position(variant_text: &str, text: &str) -> Mu {
    Mu::read_unvalidated(&variant(variant_text), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(game: &mut Mu, actions: &[&str]) -> Vec<MuEvent> {
    let mut events = Vec::new();
    for text in actions {
        let action = game.parse_action(text).unwrap();
        game.apply(action, &mut events)
            .unwrap_or_else(|e| panic!("{text}: {e}\n{}", game.position_text()));
    }
    events
}

fn cells(game: &Mu) -> String {
    game.position_text().split(" | ").nth(1).unwrap().to_owned()
}

fn legal(game: &Mu) -> Vec<String> {
    let mut out = Vec::new();
    game.legal_actions(&mut out);
    out.iter().map(ToString::to_string).collect()
}

#[test]
fn t3_capacities_when_the_whole_board_is_virgin() {
    let game = position("levis", &format!("{T3} | - | play R seats=2"));
    let caps: Vec<(i16, i16, u16)> = [
        (3, -2, 3),
        (4, -2, 3),
        (0, -1, 3),
        (1, -1, 4),
        (2, -1, 5),
        (3, -1, 6),
        (4, -1, 3),
        (-1, 0, 3),
        (0, 0, 6),
        (1, 0, 6),
        (2, 0, 6),
        (3, 0, 4),
        (-1, 1, 3),
        (0, 1, 5),
        (1, 1, 6),
        (2, 1, 5),
        (0, 2, 4),
        (1, 2, 6),
        (2, 2, 3),
        (0, 3, 3),
        (1, 3, 3),
    ]
    .to_vec();
    for (q, r, cap) in caps {
        let cell = game.geometry().cell_at(Hex::new(q, r)).unwrap();
        assert_eq!(game.capacity(cell), cap, "({q},{r})");
    }
}

#[test]
fn e1_virgin_explosion_sprout_and_chain_reaction() {
    let mut game = Mu::new(&variant("levis start=t3"), 2).unwrap();
    play(&mut game, &["A0 w 1"]);
    assert_eq!(
        game.cell_text("-1,0"),
        "VR2",
        "R2 on a capacity-3 cell: nothing happens"
    );
    play(&mut game, &["pass", "A3 sw 1"]);
    let expect = [
        ("-1,0", "CR1"),
        ("-1,1", "CR1"),
        ("0,-1", "VR1"),
        ("1,-1", "VR1"),
        ("0,0", "VR2"),
        ("1,0", "VR1"),
        ("0,1", "VR2"),
    ];
    for (cell, token) in expect {
        assert_eq!(game.cell_text(cell), token, "{cell}");
    }
    let a4 = game.geometry().cell_at(Hex::new(-1, 0)).unwrap();
    let a5 = game.geometry().cell_at(Hex::new(-1, 1)).unwrap();
    assert_eq!(game.section_of(a4), game.section_of(a5), "one section");
    assert_eq!((game.capacity(a4), game.capacity(a5)), (3, 3));
    assert_eq!(game.sections().len(), 1);
}

/// mu §4 E4: the order of explosions decides which section gains a cell.
const E4: &str = "0,0 3,-1 1,2 | -1,0=C -1,1=C 1,0=C 2,0=CR2 0,1=W 1,-1=VR1 | play R seats=2";

#[test]
fn e4_the_order_of_explosions_matters_and_gives_exactly_two_results() {
    let mut game = position("levis", E4);
    play(&mut game, &["2,0 w 2"]);
    assert_eq!(game.pending(), Pending::Choice);
    assert_eq!(
        legal(&game),
        ["explode:A3", "explode:A2"],
        "(0,-1) and (1,-1) are hot"
    );
    let mut a = game.clone();
    play(&mut a, &["explode 0,-1"]);
    assert_eq!(
        cells(&a),
        "A0=WR1 A1=C A2=WR1 A3=C A4=CR1 A5=C A6=W B4=VR1 B5=C",
        "order A: (0,-1) joins S1, (1,-1) becomes Wall"
    );
    let mut b = game.clone();
    play(&mut b, &["explode 1,-1"]);
    assert_eq!(
        cells(&b),
        "A0=WR1 A1=C A2=CR1 A3=WR1 A4=C A5=C A6=W B4=VR1 B5=C",
        "order B: (1,-1) joins S2, (0,-1) becomes Wall"
    );
    for g in [&a, &b] {
        assert_eq!(g.pending(), Pending::Nothing);
        assert_eq!(
            g.ply(),
            1,
            "the move is over (Purple has no men and is skipped)"
        );
    }
    let sizes = |g: &Mu| {
        let mut s: Vec<usize> = g.sections().iter().map(|s| s.size()).collect();
        s.sort();
        s
    };
    assert_eq!(sizes(&a), [2, 3]);
    assert_eq!(sizes(&b), [2, 3]);
}

/// mu §4 E7's board: a two-cell section {(0,3),(1,3)} closed off by Wall and Out of Bounds.
const E7: &str = "0,0 3,-1 1,2 | C0=WR1 C1=W C4=W C2=C C3=C C5=C C6=C | play R seats=2";

#[test]
fn e7_two_cell_section_oscillation_removal_takes_the_only_man() {
    let mut game = position("levis", E7);
    let events = play(&mut game, &["1,2 se 1"]);
    assert!(events
        .iter()
        .any(|e| matches!(e, MuEvent::Oscillation { .. })));
    assert!(events.iter().any(|e| matches!(
        e,
        MuEvent::Removed {
            kind: RemovalKind::OnlyChoice,
            ..
        }
    )));
    assert_eq!(cells(&game), "C0=W C1=W C2=C C3=C C4=W C5=C C6=C");
}

#[test]
fn e7_two_cell_section_oscillation_trim_leaves_it_empty() {
    let mut game = position("multi", E7);
    let events = play(&mut game, &["1,2 se 1"]);
    assert!(events.iter().any(|e| matches!(e, MuEvent::Trimmed { .. })));
    assert_eq!(cells(&game), "C0=W C1=W C2=C C3=C C4=W C5=C C6=C");
}

/// Segment A as a closed Commonwealth section: every other cell is Wall.
fn closed_section(centre_men: u16) -> String {
    let walls: Vec<String> = (0..7)
        .flat_map(|i| [format!("B{i}=W"), format!("C{i}=W")])
        .collect();
    let a: Vec<String> = (1..7).map(|i| format!("A{i}=C")).collect();
    format!(
        "{T3} | A0=CR{centre_men} {} {} | play R seats=2",
        a.join(" "),
        walls.join(" ")
    )
}

fn settle(game: &mut Mu) {
    while game.pending() == Pending::Choice {
        let x = game.canonical_explosion().unwrap();
        play(game, &[&format!("explode {x}")]);
    }
}

#[test]
fn a_closed_section_rests_with_17_men_on_its_centre_and_cycles_at_18() {
    // A11: a single pile equal to the total capacity comes to rest …
    let mut game = position("levis", &closed_section(17));
    assert_eq!(game.pending(), Pending::Choice);
    settle(&mut game);
    assert_eq!(game.pending(), Pending::Nothing, "{}", game.position_text());
    let men: u16 = (0..7).map(|i| game.cell(Cell(i)).height).sum();
    assert_eq!(men, 17);
    // … one more man and it cycles.
    let mut game = position("multi", &closed_section(18));
    let mut events = Vec::new();
    while game.pending() == Pending::Choice {
        let x = game.canonical_explosion().unwrap();
        game.apply(MuAction::Explode(x), &mut events).unwrap();
    }
    assert!(events
        .iter()
        .any(|e| matches!(e, MuEvent::Oscillation { .. })));
    let men: u16 = (0..7).map(|i| game.cell(Cell(i)).height).sum();
    assert!(men < 18, "trimmed");
    for c in (0..7).map(Cell) {
        assert!(!game.is_hot(c), "{c} is stable after the trim");
    }
}

#[test]
fn in_levis_the_mover_chooses_which_hot_cell_of_an_oscillation_loses_a_man() {
    let mut game = position("levis", &closed_section(30));
    settle(&mut game);
    assert_eq!(game.pending(), Pending::Removal, "{}", game.position_text());
    let choices = legal(&game);
    assert!(choices.len() > 1 && choices.iter().all(|a| a.starts_with("remove:")));
    let before = game.clone();
    play(&mut game, &[&choices[0]]);
    assert!(game.pending() != Pending::Removal || game != before);
}

#[test]
fn a_one_cell_section_oscillates_on_empty_and_holds_nothing() {
    // C4 (0,2) is a one-cell section: its neighbours are Wall or Out of Bounds.
    let text = format!("{T3} | C4=C C0=WR1 C5=W A6=W A5=W C3=W | play R seats=2");
    let mut game = position("levis", &text);
    let c4 = game.geometry().cell_at(Hex::new(0, 2)).unwrap();
    assert_eq!(game.capacity(c4), 0);
    let events = play(&mut game, &["C0 w 1"]);
    assert!(events.iter().any(|e| matches!(
        e,
        MuEvent::Removed {
            kind: RemovalKind::CannotHold,
            ..
        }
    )));
    assert_eq!(game.cell(c4).height, 0);
}

#[test]
fn a_wall_cell_explodes_only_over_capacity() {
    // A0, A1 and A6 are Wall: A0 has two Wall neighbours.
    let base = format!("{T3} | A0=WR2 A1=W A6=W | play R seats=2");
    let game = position("levis", &base);
    assert_eq!(game.capacity(Cell(0)), 2);
    assert!(!game.is_hot(Cell(0)), "at capacity: critical but stable");
    let game = position("levis", &base.replace("A0=WR2", "A0=WR3"));
    assert!(game.is_hot(Cell(0)));
    let mut game = game;
    play(&mut game, &["explode A0"]);
    assert_eq!(cells(&game), "A0=WR1 A1=WR1 A6=WR1");
}

#[test]
fn a_piece_from_the_commonwealth_never_lands_on_the_wall_and_crosses_only_its_own_bridges() {
    // A1 (1,0) is Commonwealth with five Virgin or Commonwealth neighbours; A0 is Wall.
    let game = position(
        "levis",
        &format!("{T3} | A1=CR2 A0=W A6=W | play R seats=2"),
    );
    let e = game
        .check(game.parse_action("A1 w 1").unwrap())
        .unwrap_err();
    assert!(e.reason.contains("cannot land on the Wall"), "{e}");
    let e = game
        .check(game.parse_action("A1 w 2").unwrap())
        .unwrap_err();
    assert!(e.reason.contains("no Red bridge"), "{e}");
    let bridged = position(
        "levis",
        &format!("{T3} | A1=CR2 A0=WR1 A6=W | play R seats=2"),
    );
    assert!(bridged
        .check(bridged.parse_action("A1 w 2").unwrap())
        .is_ok());
    let enemy = position(
        "levis",
        &format!("{T3} | A1=CR2 A0=WP1 A6=W | play R seats=2"),
    );
    assert!(enemy.check(enemy.parse_action("A1 w 2").unwrap()).is_err());
}

#[test]
fn a_piece_on_the_wall_may_go_anywhere_on_the_board_but_never_off_it() {
    let game = position(
        "levis",
        &format!("{T3} | A0=WR2 A1=WP1 A6=W | play R seats=2"),
    );
    assert!(!game.is_hot(Cell(0)));
    assert!(
        game.check(game.parse_action("A0 e 1").unwrap()).is_ok(),
        "onto Wall, capturing"
    );
    let e = game
        .check(game.parse_action("A0 w 2").unwrap())
        .unwrap_err();
    assert!(e.reason.contains("leaves the board"), "{e}");
}

#[test]
fn a_landing_piece_captures_by_replacement_whatever_the_size() {
    let mut game = position("levis", &format!("{T3} | A4=VR1 A0=VP4 | play R seats=2"));
    let events = play(&mut game, &["A4 e 1"]);
    assert!(events
        .iter()
        .any(|e| matches!(e, MuEvent::Captured { men: 4, .. })));
    assert_eq!(game.cell_text("A0"), "VR1");
}

#[test]
fn per_segment_turns_allow_one_move_from_each_segment_occupied_at_the_start() {
    let text = format!("{T3} | A4=VR1 A1=VR1 C0=VR1 B0=VP1 | play R seats=2");
    let mut game = position("velox", &text);
    assert_eq!(game.budget(), 0b101, "segments A and C");
    play(&mut game, &["A4 e 1"]);
    assert_eq!(game.budget(), 0b100);
    let e = game
        .check(game.parse_action("A1 w 1").unwrap())
        .unwrap_err();
    assert!(e.reason.contains("segment A"), "{e}");
    assert!(legal(&game).contains(&"end".to_owned()));
    play(&mut game, &["C0 nw 1"]);
    assert_eq!(
        game.to_move(),
        Seat(1),
        "no segment left: the turn ends by itself"
    );
}

#[test]
fn a_piece_may_move_again_from_another_unused_segment_unless_one_move_per_piece() {
    // A1 (1,0) moves east into segment B at (2,0)? No: B5 is (2,0). Red also owns B0.
    let text = format!("{T3} | A1=VR1 B0=VR1 | play R seats=2");
    let mut game = position("velox", &text);
    play(&mut game, &["A1 e 1"]);
    assert_eq!(game.cell_text("B5"), "VR1");
    assert!(
        legal(&game).contains(&"B5-e-1".to_owned()),
        "A6: counted per segment"
    );
    let mut strict = position("velox one_move_per_piece=on", &text);
    play(&mut strict, &["A1 e 1"]);
    assert!(!legal(&strict).contains(&"B5-e-1".to_owned()));
    assert!(legal(&strict).contains(&"B0-e-1".to_owned()));
}

#[test]
fn the_game_ends_when_every_player_passes_in_succession_and_territory_decides() {
    // Red owns section {A4, A5}; Purple stands in {C5, C6}; the rest is Virginity.
    let text = format!("{T3} | A4=CR1 A5=C C5=CP1 C6=C | play R seats=2");
    let mut game = position("levis", &text);
    play(&mut game, &["pass"]);
    assert_eq!(game.outcome(), None);
    play(&mut game, &["pass"]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.scores, [2, 2]);
    assert!(outcome.is_draw(), "equal territory is a draw");
}

#[test]
fn an_empty_section_belongs_to_the_only_colour_that_can_land_in_it() {
    // {A4, A5} empty; Red on the Wall at A0 can reach A4; Purple far away cannot.
    let text = format!("{T3} | A4=C A5=C A0=WR1 A3=W A6=W C5=VP1 | play R seats=2");
    let game = position("levis", &text);
    let section = game.sections().into_iter().find(|s| s.empty).unwrap();
    assert_eq!(section.owner, SectionOwner::Seat(Seat(0)));
    let wall_only = position("levis access=wall-only", &text);
    assert_eq!(wall_only.territory(), [2, 0]);
}

#[test]
fn an_enclosed_fragment_of_virginity_counts_with_its_section() {
    // Segment A: the centre stays Virgin, the rim is Red's section; B and C are Wall.
    let walls: Vec<String> = (0..7)
        .flat_map(|i| [format!("B{i}=W"), format!("C{i}=W")])
        .collect();
    let text = format!(
        "{T3} | A1=CR1 A2=C A3=C A4=C A5=C A6=C {} | play R seats=2",
        walls.join(" ")
    );
    let game = position("levis", &text);
    assert_eq!(
        game.territory(),
        [7, 0],
        "six Commonwealth cells and the centre"
    );
}

#[test]
fn the_opening_protocol_lays_out_selects_and_fills() {
    let mut game = Mu::new(&variant("levis segments=2"), 2).unwrap();
    assert_eq!(legal(&game), ["place:0,0"]);
    play(&mut game, &["place 0,0", "place 3,-1"]);
    assert_eq!(game.to_move(), Seat(0));
    play(&mut game, &["place 1,2", "place -3,1"]);
    assert_eq!(game.phase(), Phase::Select);
    assert_eq!(legal(&game), ["clear:A", "clear:C"]);
    let e = game.check(MuAction::Clear(Segment(1))).unwrap_err();
    assert!(e.reason.contains("no marker on segment B"), "{e}");
    play(&mut game, &["clear A", "clear D"]);
    assert_eq!(game.phase(), Phase::Play);
    assert_eq!(game.to_move(), Seat(0));
    let text = cells(&game);
    assert!(text.contains("C0=VR1") && text.contains("C6=VR1") && text.contains("B3=VP1"));
    assert!(!text.contains("A0="), "the cleared marker is gone");
}

#[test]
fn a_placement_touching_at_one_cell_is_refused_with_the_reason() {
    let mut game = Mu::new(&variant("levis"), 2).unwrap();
    play(&mut game, &["place:0,0"]);
    let e = game
        .check(game.parse_action("place 3,0").unwrap())
        .unwrap_err();
    assert!(e.reason.contains("only one"), "{e}");
}

#[test]
fn positions_round_trip_through_their_text() {
    for text in [E4, E7] {
        let game = position("levis", text);
        assert_eq!(position("levis", &game.position_text()), game);
    }
    let mut game = position("levis", E4);
    play(&mut game, &["2,0 w 2"]);
    let back = position("levis", &game.position_text());
    assert_eq!(back, game);
    assert_eq!(back.position_hash(), game.position_hash());
}

#[test]
fn an_opponent_stack_made_hot_by_a_new_wall_explodes_in_its_own_colour_during_my_move() {
    // A7: E4 with a Purple pair on A4. When A0 becomes Wall, A4 loses a Virgin-or-Commonwealth
    // neighbour: capacity 3 → 2, so Purple's two men there must explode, inside Red's move.
    let text = E4.replace("-1,0=C ", "-1,0=CP2 ");
    let mut game = position("levis", &text);
    let mut events = play(&mut game, &["2,0-w-2"]);
    assert!(
        legal(&game).contains(&"explode:A4".to_owned()),
        "the mover may fire Purple's stack"
    );
    events.extend(play(&mut game, &["explode:A4"]));
    assert!(events
        .iter()
        .any(|e| matches!(e, MuEvent::Captured { by: Seat(1), .. })));
    while game.pending() == Pending::Choice {
        let x = game.canonical_explosion().unwrap();
        game.apply(MuAction::Explode(x), &mut events).unwrap();
    }
    assert!(events.iter().any(|e| matches!(
        e,
        MuEvent::Exploded { cell, seat: Seat(1), .. } if cell.to_string() == "A4"
    )));
    // Purple's man captured Red's single on the Virgin cell A3, which then had capacity 1 and
    // exploded in Purple: the sprout takes the exploding stack's colour (§2.6), here not the
    // mover's, although §2.6 expects the two to coincide.
    assert!(events
        .iter()
        .any(|e| matches!(e, MuEvent::Sprouted { seat: Seat(1), .. })));
}

#[test]
fn with_end_of_turn_trimming_an_oscillating_section_waits_for_the_end_of_the_turn() {
    // Red also has a man on segment A, so the turn goes on after the move.
    let text = E7.replace("| play", "A0=VR1 | play");
    let mut game = position("multi trim_timing=end-of-turn", &text);
    play(&mut game, &["C0-se-1"]);
    assert_eq!(game.pending(), Pending::Nothing);
    assert_eq!(game.oscillating().len(), 2, "{}", game.position_text());
    assert!(game.position_text().contains("osc=C5,C6"));
    assert_eq!(
        position("multi trim_timing=end-of-turn", &game.position_text()),
        game
    );
    let events = play(&mut game, &["end"]);
    assert!(events.iter().any(|e| matches!(e, MuEvent::Trimmed { .. })));
    assert!(game.oscillating().is_empty());
    assert_eq!(cells(&game), "A0=VR1 C0=W C1=W C2=C C3=C C4=W C5=C C6=C");
}

#[test]
fn a_trail_waiting_for_a_choice_round_trips_through_the_position_text() {
    // Closed section with two hot cells after a first reversible explosion: the pause keeps the
    // trail, and reading the text back gives the same position and hash.
    let mut game = position("levis", &closed_section(30));
    let mut paused_with_trail = false;
    for _ in 0..200 {
        if game.pending() != Pending::Choice {
            break;
        }
        if game.position_text().contains("trail=") {
            paused_with_trail = true;
            let back = position("levis", &game.position_text());
            assert_eq!(back, game);
            assert_eq!(back.position_hash(), game.position_hash());
        }
        let x = game.canonical_explosion().unwrap();
        play(&mut game, &[&format!("explode:{x}")]);
    }
    assert!(paused_with_trail, "no pause with a trail was seen");
}

#[test]
fn asking_whether_the_explosion_order_matters_never_exhausts_the_stack() {
    // Two tall stacks on a closed section explode for thousands of steps; the search for a
    // difference between orders walks them depth-first, and must do so on the heap: on a small
    // thread stack a recursive walk overflowed.
    let game = position("levis", &closed_section(400).replace("A2=C ", "A2=CR400 "));
    let hot = resolve::all_hot_cells(&game.board, &game.osc);
    let board = game.board.clone();
    let answer = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || resolve::choice_matters(&board, &hot, &[], &resolve::Trail::default()))
        .unwrap()
        .join()
        .expect("the search returns");
    assert!(answer, "so long a chain is asked about");
}

#[test]
fn an_action_tells_the_explosions_it_fired_and_explored_and_they_are_not_the_position() {
    // Red's man from K1 makes K0's pair hot: two explosions follow, and before them the rules
    // explore whether their order can matter (§2.8 "When to ask the player"), and undo it.
    let text = "0,0 -3,2 -2,-1 -4,-2 -4,5 3,-1 -7,6 6,-2 -9,5 2,-3 9,-4 2,2 -1,-4 -1,4 | A2=VP1 \
                H1=VR1 K0=VR2 K1=CR1 K2=W K3=CR1 K4=VR1 K5=VR1 K6=VR1 L1=VP2 L4=VP1 L5=VP2 L6=VP1 \
                | play R seats=2 ply=16";
    let mut game = position("levis", text);
    assert_eq!(game.work(), 0, "a position read from text cost nothing");
    let events = play(&mut game, &["K1-sw-1"]);
    let fired = events
        .iter()
        .filter(|e| matches!(e, MuEvent::Exploded { .. }))
        .count() as u32;
    assert_eq!(fired, 2);
    assert!(game.work() > fired, "{} explosions", game.work());
    let back = position("levis", &game.position_text());
    assert_eq!(back.work(), 0);
    assert_eq!(back, game, "the cost is not part of the position");
    assert_eq!(back.position_hash(), game.position_hash());
    let mut fresh = Mu::new(&variant("levis"), 2).unwrap();
    let first = legal(&fresh)[0].clone();
    play(&mut fresh, &[&first]);
    assert_eq!(fresh.work(), 0, "laying out a segment sets nothing off");
}
