//! Points, notation, variants, the position text, the hash and the diagram.

use super::*;

#[test]
fn points_are_numbered_from_the_centre_ring_by_ring_clockwise_from_north() {
    assert_eq!(Point::CENTRE.to_string(), "C");
    assert_eq!(Point::new(0, 1), Some(point("a1")));
    assert_eq!(point("a1").index(), 1);
    assert_eq!(point("h1").index(), 8);
    assert_eq!(point("a2").index(), 9);
    assert_eq!(point("h3").index(), 24);
    assert_eq!((point("c2").ring(), point("c2").spoke()), (2, Some(2)));
    assert_eq!((Point::CENTRE.ring(), Point::CENTRE.spoke()), (0, None));
    assert_eq!(Point::all().count(), 25);
    assert!(Point::all().all(|p| p.to_string().parse::<Point>() == Ok(p)));
    assert_eq!(Point::new(8, 1), None);
    assert_eq!(Point::new(0, 4), None);
    for bad in ["c", "a0", "a4", "i1", "A1", "", "a11"] {
        assert!(bad.parse::<Point>().is_err(), "{bad}");
    }
}

#[test]
fn the_board_has_48_edges_with_the_degrees_of_the_seed() {
    let degree = |p: Point| p.neighbours().len();
    assert_eq!(degree(Point::CENTRE), 8);
    assert!(Point::all()
        .filter(|p| p.ring() == 1)
        .all(|p| degree(p) == 4));
    assert!(Point::all()
        .filter(|p| p.ring() == 2)
        .all(|p| degree(p) == 4));
    assert!(Point::all()
        .filter(|p| p.ring() == 3)
        .all(|p| degree(p) == 3));
    let edges: usize = Point::all().map(degree).sum();
    assert_eq!(edges / 2, 48);
    let around = |name: &str| point(name).neighbours().to_string();
    assert_eq!(around("a1"), "C, b1, h1, a2");
    assert_eq!(around("a3"), "a2, b3, h3");
    assert!(Point::all().all(|p| p.neighbours().iter().all(|q| q.neighbours().contains(p))));
}

#[test]
fn action_notation_round_trips() {
    for text in [
        "*b3", "*C", "c2+", "c2-", "a2i", "a2o", "Ca", "Ch", "^a3", "^a3^c3", "resign",
    ] {
        assert_eq!(text.parse::<Action>().unwrap().to_string(), text);
    }
    // A withdrawal is written in point-index order whatever order it was read in.
    assert_eq!("^c3^a3".parse::<Action>().unwrap().to_string(), "^a3^c3");
    assert_eq!("^a3^C".parse::<Action>().unwrap().to_string(), "^C^a3");
}

#[test]
fn annotations_after_an_action_are_read_and_ignored() {
    let plain: Action = "c2+".parse().unwrap();
    for text in [
        "c2+=d2",
        "c2+=d2{W:d2>g2}",
        "c2+{W:d2>g2}#g2",
        "c2+#a3#c3",
        " c2+ ",
    ] {
        assert_eq!(text.parse::<Action>(), Ok(plain), "{text}");
    }
    assert_eq!("*b3#a3".parse::<Action>(), Ok(Action::place(point("b3"))));
}

#[test]
fn parse_errors_quote_the_text() {
    for bad in [
        "", "b3", "*", "*x9", "c2", "c2x", "c2a", "C+", "Ci", "^", "^a3^a3", "^a3^", "c2+=",
        "c2+=z9", "c2+{open", "c2+#", "c2+ junk", "resign!", "*b3=", "+c2",
    ] {
        let err = bad.parse::<Action>().unwrap_err();
        assert_eq!(err.text, bad);
        assert!(err.to_string().contains(&format!("`{bad}`")), "{err}");
    }
}

#[test]
fn an_action_names_its_points_for_highlighting() {
    let names = |text: &str| -> Vec<String> {
        let action: Action = text.parse().unwrap();
        action.points().map(|p| p.to_string()).collect()
    };
    assert_eq!(names("*b3"), ["b3"]);
    assert_eq!(names("c2+"), ["c2"]);
    assert_eq!(names("^c3^a3"), ["a3", "c3"]);
    assert!(names("resign").is_empty());
    let game = pos("game", "c2", "e1", "C", "B");
    assert_eq!(game.landing("c2+".parse().unwrap()), Some(point("d2")));
    assert_eq!(game.landing("*b3".parse().unwrap()), None);
    assert_eq!(game.landing("d2+".parse().unwrap()), None);
}

#[test]
fn variant_texts_round_trip_and_presets_come_in_order() {
    let names: Vec<&str> = MurVariant::presets().iter().map(|p| p.name).collect();
    assert_eq!(names, ["match", "set", "game", "g1"]);
    assert_eq!(MurVariant::default(), MurVariant::preset("match").unwrap());
    let keys: Vec<&str> = MurVariant::options().iter().map(|o| o.key).collect();
    assert_eq!(
        keys,
        [
            "length",
            "rules",
            "blocked_paths",
            "kraken_trap",
            "kraken_self_trap",
            "repeat_scope",
            "swap_colours_between_sets",
            "edition",
            "ply_cap"
        ]
    );
    for text in [
        "match",
        "game",
        "g1 length=set",
        "game blocked_paths=on kraken_trap=single-colour kraken_self_trap=off",
        "set repeat_scope=whole_game swap_colours_between_sets=on edition=classic ply_cap=80",
    ] {
        let v = variant(text);
        assert_eq!(MurVariant::parse_text(&v.text()).unwrap(), v, "{text}");
    }
    assert_eq!(variant("g1 length=set").text(), "set rules=g1");
    assert!(MurVariant::parse_text("length=forever").is_err());
    assert!(MurVariant::parse_text("ply_cap=0").is_err());
}

#[test]
fn position_text_round_trips_exactly() {
    for (v, text) in [
        ("game", "K/......../......../........ B 0-0"),
        ("match", "./B.W...../..K...../........ W 1-2 repeat:B game:4 won:1-2 settraps:5-3 sets:1-0 matchwon:5-3"),
        ("match", "K/......../......../........ B 0-0 set:2 sets:0-1 matchwon:2-4"),
        ("set ply_cap=90", "K/B......./......../........ W 0-0 ply:1 history:K........................"),
        ("set repeat_scope=whole_game", "K/B......./......../.W...... B 0-0 history:K........................,K.B......................"),
        ("game", "./......../.....K../B.B....B W 3-0 over:traps-B"),
        ("set", "K/......../......../........ W 0-0 won:3-0 sets:1-0 matchwon:3-0 over:resigned-W"),
    ] {
        let game = Mur::from_position(&variant(v), text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.position_text(), text);
        assert_eq!(game.position_hash(), game.hash_from_scratch());
    }
}

#[test]
fn the_documented_example_texts_are_what_play_produces() {
    let game = after(&start("match"), &["*a3"]);
    assert_eq!(
        game.position_text(),
        "K/......../......../B....... W 0-0 history:K........................"
    );
}

#[test]
fn position_text_errors_name_the_bad_token() {
    let game = variant("game");
    let token = |text: &str| Mur::from_position(&game, text).unwrap_err().token;
    assert_eq!(token("K/......../........ B 0-0"), "K/......../........");
    assert_eq!(token("K/......./......../........ B 0-0"), ".......");
    assert_eq!(token("K/......../......../.......X B 0-0"), ".......X");
    assert_eq!(
        token("K/K......./......../........ B 0-0"),
        "K/K......./......../........"
    );
    assert_eq!(
        token("./......../......../........ B 0-0"),
        "./......../......../........"
    );
    assert_eq!(
        token("K/BBBBBBBB/......../........ B 0-0"),
        "K/BBBBBBBB/......../........"
    );
    assert_eq!(token("K/......../......../........ X 0-0"), "X");
    assert_eq!(token("K/......../......../........ B 0"), "0");
    assert_eq!(token("K/......../......../........ B 0-0 game:7"), "game:7");
    assert_eq!(token("K/......../......../........ B 0-0 turn:3"), "turn:3");
    assert_eq!(
        token("K/......../......../........ B 0-0 set:2 game:2"),
        "game:2"
    );
    assert_eq!(token("K/......../......../........ B 0-0 ply:3"), "ply:3");
    assert_eq!(
        token("K/......../......../........ B 0-0 over:won"),
        "over:won"
    );
    assert_eq!(token("K/......../......../........ B 0-0 history:K"), "K");
    let message = Mur::from_position(&game, "K/......../......../........ B 3-0")
        .unwrap_err()
        .to_string();
    assert!(message.contains("three ship traps"), "{message}");
    // The player who just moved cannot be left with a trapped ship unless the mover has one.
    let unreachable = format!("{} B 0-0", board_text("h3 b3 a2", "a3", "C"));
    assert!(Mur::from_position(&game, &unreachable).is_err());
}

#[test]
fn equal_positions_hash_equally_and_the_history_counts() {
    let a = after(&start("game"), &["*a3", "*e3"]);
    let b = after(&start("game"), &["*a3", "*e3"]);
    assert_eq!(a.position_hash(), b.position_hash());
    let c = after(&start("game"), &["*e3", "*a3"]);
    assert_ne!(a.position_text(), c.position_text(), "colours differ");
    // The same board reached with another history is another position.
    let d = with(
        "game",
        "a3",
        "e3",
        "C",
        "B 0-0 history:K........................,K.......................W",
    );
    let e = pos("game", "a3", "e3", "C", "B");
    assert_ne!(d, e);
    assert_ne!(d.position_hash(), e.position_hash());
}

#[test]
fn the_diagram_shows_every_point_and_the_state() {
    let game = pos("set", "a3 C", "e3", "e1", "W");
    let picture = game.diagram();
    let lines: Vec<&str> = picture.lines().collect();
    // North is up: a3 on the top ring row, then C, e1 and e3 down the middle column.
    let at = |row: usize| lines[row].chars().nth(18);
    assert_eq!(
        (at(2), at(8), at(10), at(14)),
        (Some('B'), Some('B'), Some('K'), Some('W'))
    );
    assert_eq!(lines[0].trim(), "h               a               b");
    assert!(picture.contains("White to play"));
    assert!(picture.contains("game 1 of set 1"));
}

#[test]
fn the_parsers_never_panic_on_junk() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let alphabet: Vec<char> = "abcdefghC0123489+-io*^=#{}:/.,BWK -é".chars().collect();
    let mut rng = SmallRng::seed_from_u64(25);
    let game = variant("set ply_cap=50 repeat_scope=whole_game");
    let starts = [
        "",
        "K/......../......../........ ",
        "K/......../......../........ B 0-0 ",
        "K/......../......../........ B 0-0 history:",
    ];
    for _ in 0..20_000 {
        let len = rng.random_range(0..40);
        let junk: String = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        let _ = junk.parse::<Action>();
        let text = format!("{}{junk}", starts[rng.random_range(0..starts.len())]);
        if let Ok(position) = Mur::from_position(&game, &text) {
            let again = Mur::from_position(&game, &position.position_text()).unwrap();
            assert_eq!(again, position, "{text}");
        }
    }
}

#[test]
fn a_bare_point_places_where_a_placement_is_all_it_can_mean() {
    let game = start("match");
    assert_eq!(game.parse_action("a1"), Ok(Action::place(point("a1"))));
    assert_eq!(game.parse_action(" b3 "), Ok(Action::place(point("b3"))));
    // Written back in the canonical form, which reads back to the same action.
    assert_eq!(game.action_text(game.parse_action("a1").unwrap()), "*a1");
    // Without the position, a bare point is no action, and the error names the forms.
    let error = "a1".parse::<Action>().unwrap_err();
    assert!(error.reason.contains("`*a1`"), "{error}");
}

#[test]
fn a_bare_point_that_cannot_be_placed_on_suggests_the_written_forms() {
    // The kraken stands on C: no placement there, and the error says how one is written.
    let error = start("match").parse_action("C").unwrap_err();
    assert!(error.reason.contains("did you mean `*C`?"), "{error}");
    // White owes the withdrawal of its trapped ships: a bare point suggests the withdrawal.
    let game = pos("game", "h3 a2 c2 d3 b3", "a3", "C", "W");
    let error = game.parse_action("a3").unwrap_err();
    assert!(error.reason.contains("did you mean `^a3`?"), "{error}");
    assert_eq!(error.text, "a3");
}

#[test]
fn tallies_beyond_what_a_text_holds_are_refused_with_the_tally_quoted() {
    let board = "K/......../......../........";
    for (rest, token) in [("B 0-0 won:100-0", "100-0"), ("B 0-0 sets:0-255", "0-255")] {
        let text = format!("{board} {rest}");
        let error = Mur::from_position(&variant("match"), &text).unwrap_err();
        assert_eq!(error.token, token, "{text}: {error}");
    }
    // The most a text holds still reads.
    let text = format!("{board} B 1-0 game:2 settraps:99-0 matchwon:99-0");
    assert!(Mur::from_position(&variant("match"), &text).is_ok());
}

#[test]
fn a_tally_at_its_limit_saturates_and_still_reads_back() {
    // Black's third ship trap wins a game whose games-won tally already stands at the most a
    // text holds: the tally stays there, and the position text still reads.
    let board = "K/......../......../........";
    let text = format!("{board} B 0-0 game:2 won:99-0 matchwon:99-0");
    let game = Mur::from_position(&variant("match"), &text).unwrap();
    assert!(crate::conformance::walk_from(game, 3, 400).is_ok());
    let refused = Mur::from_position(&variant("match"), &format!("{board} B 0-0 won:100-0"));
    assert_eq!(refused.unwrap_err().token, "100-0");
}
