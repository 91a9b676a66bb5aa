//! Click paths ([`AnyGame::legal_moves`]) as a person clicks them, one case per kind of action.

use muster_rules::game::{Actor, Game, NoEvents};
use muster_rules::mutou::{MuTou, MuTouVariant, Pending, Phase};
use muster_rules::playout::{random_action, Buffers};
use muster_rules::{AnyGame, GameId, LegalMove, Target};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// The ids of a move's path.
fn ids(m: &LegalMove) -> Vec<String> {
    m.path.iter().map(Target::id).collect()
}

/// The legal move with this text.
fn find<'m>(moves: &'m [LegalMove], text: &str) -> &'m LegalMove {
    moves
        .iter()
        .find(|m| m.text == text)
        .unwrap_or_else(|| panic!("`{text}` is not legal here"))
}

fn game(id: GameId, variant: &str, position: &str) -> AnyGame {
    AnyGame::from_position(id, variant, position).expect("a position")
}

#[test]
fn a_tower_by_a_catapult_gives_one_stone_or_both_on_one_path() {
    let g = game(GameId::MurusGallicus, "advanced", "8/8/4c3/3T4/8/8/8 L 10");
    let moves = g.legal_moves();
    let one = find(&moves, "d4xe5");
    let both = find(&moves, "d4*e5");
    assert_eq!(ids(one), ["d4", "e5"]);
    assert_eq!(ids(both), ["d4", "e5"]);
    assert_eq!(one.label.as_deref(), Some("one stone"));
    assert_eq!(both.label.as_deref(), Some("both stones"));
    let tower_move = find(&moves, "d4-d6");
    assert_eq!(ids(tower_move), ["d4", "d6"]);
    assert_eq!(tower_move.label, None);
    let json = serde_json::to_string(one).unwrap();
    assert_eq!(
        json,
        r#"{"text":"d4xe5","path":["d4","e5"],"label":"one stone"}"#
    );
}

#[test]
fn a_catapult_shot_is_the_catapult_then_where_the_stone_lands() {
    let g = game(GameId::MurusGallicus, "advanced", "8/8/8/3t4/8/3C4/8 L 10");
    let moves = g.legal_moves();
    for (text, path) in [("d2-d5", ["d2", "d5"]), ("d2xd4", ["d2", "d4"])] {
        let shot = find(&moves, text);
        assert_eq!(ids(shot), path);
        assert_eq!(shot.label, None);
    }
}

#[test]
fn a_murus_gallicus_redistribution_is_the_tower_then_both_cells() {
    let g = AnyGame::new(GameId::MurusGallicus, "abstractplay", None).unwrap();
    let moves = g.legal_moves();
    assert_eq!(ids(find(&moves, "a1-a2,b2")), ["a1", "a2", "b2"]);
    let under = g.legal_moves_under(&[Target::Cell(muster_rules::target::Cell::Square(
        "a1".parse().unwrap(),
    ))]);
    assert!(under.moves.iter().all(|m| m.text.starts_with("a1-")));
    assert!(under.next.iter().all(|(t, _)| t.id().ends_with('2')));
}

#[test]
fn an_order_four_ship_lands_on_one_point_three_ways_so_the_direction_is_labelled() {
    let g = game(GameId::Mur, "game", "K/......../BBBB..../........ B 0-0");
    let moves = g.legal_moves();
    let (cw, ccw) = (find(&moves, "a2+"), find(&moves, "a2-"));
    assert_eq!(ids(cw), ["a2", "e2"]);
    assert_eq!(ids(ccw), ["a2", "e2"]);
    assert_eq!(cw.label.as_deref(), Some("clockwise"));
    assert_eq!(ccw.label.as_deref(), Some("counter-clockwise"));
    assert_eq!(ids(find(&moves, "*b3")), ["b3"]);
    // Four steps inward cross the centre to e1 and go on to e2: a third way to the same point.
    let inward = find(&moves, "a2i");
    assert_eq!(ids(inward), ["a2", "e2"]);
    assert_eq!(inward.label.as_deref(), Some("inward"));
    assert_eq!(find(&moves, "*b3").label, None);
}

#[test]
fn a_ship_on_the_centre_goes_out_along_the_spoke_clicked() {
    let g = game(GameId::Mur, "game", "B/K......./......../........ B 0-0");
    let moves = g.legal_moves();
    assert_eq!(ids(find(&moves, "Cb")), ["C", "b1"]);
    // Onto the kraken on a1: the alpha knocks it on, and lands where it was.
    assert_eq!(ids(find(&moves, "Ca")), ["C", "a1"]);
}

#[test]
fn a_double_trap_is_withdrawn_by_clicking_both_ships_in_one_action() {
    let mut g = game(GameId::Mur, "game", "K/......../B.B...../W.WB...B B 0-0");
    g.apply("*b3").unwrap();
    let moves = g.legal_moves();
    assert_eq!(moves.len(), 1);
    assert_eq!(
        (moves[0].text.as_str(), ids(&moves[0])),
        ("^a3^c3", vec!["a3".into(), "c3".into()])
    );
    let before = g.turn();
    g.apply("^a3^c3").unwrap();
    assert_ne!(
        g.turn(),
        before,
        "the double withdrawal is White's whole turn"
    );
}

#[test]
fn a_mu_move_is_the_stack_then_the_cell_it_lands_on() {
    let g = AnyGame::new(GameId::Mu, "levis start=t3", None).unwrap();
    let moves = g.legal_moves();
    assert_eq!(ids(find(&moves, "A0-w-1")), ["A0", "A4"]);
    assert_eq!(ids(find(&moves, "pass")), ["pass"]);
    let protocol = AnyGame::new(GameId::Mu, "", None).unwrap();
    let first = protocol.legal_moves();
    assert_eq!(ids(find(&first, "place:0,0")), ["0,0"]);
}

#[test]
fn a_mu_stack_of_several_men_labels_how_many_move() {
    let mut g = AnyGame::new(GameId::Mu, "levis start=t3", None).unwrap();
    // Red stacks a second man on A4, then Purple passes: A4 holds two Red men.
    g.apply("A0-w-1").unwrap();
    if g.legal_moves().iter().any(|m| m.text == "end") {
        g.apply("end").unwrap();
    }
    g.apply("pass").unwrap();
    let moves = g.legal_moves();
    let from_a4: Vec<&LegalMove> = moves.iter().filter(|m| m.text.starts_with("A4-")).collect();
    assert!(from_a4.iter().any(|m| m.label.as_deref() == Some("2 men")));
    assert!(from_a4.iter().any(|m| m.label.as_deref() == Some("1 man")));
}

/// A MuTou game played at random until a call window is open.
fn mutou_window() -> MuTou {
    let variant = MuTouVariant::default();
    let mut g = MuTou::new(&variant, 2).unwrap();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut buffers = Buffers::default();
    while !matches!(g.turn().pending, Pending::Window { .. }) || g.phase() != Phase::Play {
        let action = random_action(&g, &mut rng, &mut buffers).expect("the game goes on");
        g.play(action, &mut NoEvents);
    }
    g
}

#[test]
fn a_call_is_one_button_with_its_two_ways_as_labels() {
    let g = AnyGame::from(mutou_window());
    assert!(matches!(g.actor(), Actor::Seat(_)));
    let moves = g.legal_moves();
    let open = find(&moves, "call:open");
    let matched = find(&moves, "call:matched");
    assert_eq!(ids(open), ["call"]);
    assert_eq!(ids(matched), ["call"]);
    assert_eq!(
        (open.label.as_deref(), matched.label.as_deref()),
        (Some("open"), Some("matched"))
    );
    assert_eq!(ids(find(&moves, "decline")), ["decline"]);
}

#[test]
fn mutou_area_alterations_start_with_their_tool() {
    let data = include_str!("../benches/data/mutou_most_actions.txt");
    let mut lines = data.lines();
    let g = game(GameId::MuTou, lines.next().unwrap(), lines.next().unwrap());
    let top = g.legal_moves_under(&[]);
    let first: Vec<String> = top.next.iter().map(|(t, _)| t.id()).collect();
    for tool in ["ins", "split", "merge", "scribe", "splice"] {
        assert!(first.contains(&tool.to_owned()), "{tool} in {first:?}");
    }
    assert_eq!(
        top.next.iter().map(|(_, n)| n).sum::<usize>(),
        top.moves.len()
    );
    let scribes = g.legal_moves_under(&[Target::Button("scribe")]);
    assert!(!scribes.moves.is_empty());
    for m in &scribes.moves {
        assert!(m.text.starts_with("scribe:"));
        assert!(matches!(m.path[1], Target::Edge(_)));
        assert!(m
            .label
            .as_deref()
            .is_some_and(|l| l.ends_with("new corner") || l.ends_with("new corners")));
    }
    let (edge, _) = scribes.next[0];
    let one_edge = g.legal_moves_under(&[Target::Button("scribe"), edge]);
    assert!(
        one_edge.next.is_empty(),
        "the edge completes the path; labels tell them apart"
    );
    assert!(one_edge.moves.len() > 1);
}
