//! Boards, variants, notation, position text, hashing and the diagram.

use super::*;

#[test]
fn the_8x8_board_has_eight_rows_and_the_same_first_moves() {
    let game = start("basic-8x8");
    assert_eq!(game.rows(), 8);
    assert_eq!(game.position_text(), "tttttttt/8/8/8/8/8/8/TTTTTTTT L 0");
    assert_eq!(legal(&game), legal(&start("basic")));
    assert!(game.stack(cell("a8")).is_some());
    let small = start("basic");
    assert!(refusal(&small, "d8-d6").contains("off the 8x7 board"));
}

#[test]
fn position_text_round_trips_exactly() {
    for (preset, text) in [
        ("basic", "tttttttt/8/8/8/8/8/TTTTTTTT L 0"),
        ("advanced", "t1c2w1t/1W6/8/3C4/8/2ww4/T6T D 17"),
        ("basic-8x8", "8/8/8/8/8/8/8/8 L 300"),
    ] {
        let game = at(preset, text);
        assert_eq!(game.position_text(), text);
    }
    assert_eq!(
        start("basic").position_text(),
        "tttttttt/8/8/8/8/8/TTTTTTTT L 0"
    );
}

#[test]
fn position_text_errors_name_the_bad_token() {
    let basic = MurusVariant::default();
    let token = |text: &str| {
        MurusGallicus::from_position(&basic, text)
            .unwrap_err()
            .token
    };
    assert_eq!(
        token("tttttttt/8/8/8/8/TTTTTTTT L 0"),
        "tttttttt/8/8/8/8/TTTTTTTT"
    );
    assert_eq!(token("tttttttt/8/8/8/8/8/TTTTTTT L 0"), "TTTTTTT");
    assert_eq!(token("tttttttt/8/8/8/8/8/TTTTTTTTT L 0"), "TTTTTTTTT");
    assert_eq!(token("tttttttt/8/8/8/8/44/TTTTTTTT L 0"), "44");
    assert_eq!(token("tttttttt/8/8/8/x7/8/TTTTTTTT L 0"), "x7");
    assert_eq!(token("tttttttt/8/8/8/8/8/TTTTTTTT X 0"), "X");
    assert_eq!(token("tttttttt/8/8/8/8/8/TTTTTTTT L 01"), "01");
    assert_eq!(
        token("tttttttt/8/8/8/8/8/TTTTTTTT L"),
        "tttttttt/8/8/8/8/8/TTTTTTTT L"
    );
    let message = MurusGallicus::from_position(&basic, "8/8/8/8/8/8/7c L 0")
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("`7c`") && message.contains("catapult"),
        "{message}"
    );
}

#[test]
fn action_notation_round_trips_and_parse_errors_name_the_text() {
    for text in ["d4-d6", "d4xe5", "d4*e5", "a1-b2,e2", "h8-a8"] {
        assert_eq!(text.parse::<Action>().unwrap().to_string(), text);
    }
    for bad in [
        "", "d4", "d4-", "d4/d6", "i4-d6", "d4-d9", "d4-d4", "a1-b2,b2", "d4xe5,f5", "d4-d6x",
    ] {
        let err = bad.parse::<Action>().unwrap_err();
        assert_eq!(err.text, bad);
        assert!(err.to_string().contains(&format!("`{bad}`")), "{err}");
    }
}

#[test]
fn an_action_highlights_every_cell_it_touches() {
    let cells = |text: &str| -> Vec<String> {
        text.parse::<Action>()
            .unwrap()
            .cells()
            .map(|c| c.to_string())
            .collect()
    };
    assert_eq!(cells("d4-d6"), ["d4", "d5", "d6"]);
    assert_eq!(cells("d4-g7"), ["d4", "e5", "f6", "g7"]);
    assert_eq!(cells("d4xe5"), ["d4", "e5"]);
    assert_eq!(cells("a1-e2,b2"), ["a1", "b2", "e2"]);
}

#[test]
fn cells_are_named_from_a1_with_rank_index_times_eight_plus_file() {
    let c = cell("c7");
    assert_eq!((c.file(), c.rank(), c.index()), (2, 6, 50));
    assert_eq!(Cell::new(2, 6), Some(c));
    assert_eq!(Cell::new(8, 0), None);
    assert!("c9".parse::<Cell>().is_err());
}

#[test]
fn variants_have_presets_options_and_a_text_form() {
    assert_eq!(
        MurusVariant::default(),
        MurusVariant::preset("basic").unwrap()
    );
    let keys: Vec<&str> = MurusVariant::options().iter().map(|o| o.key).collect();
    assert_eq!(
        keys,
        [
            "ruleset",
            "board",
            "opening",
            "immediate_win",
            "escape",
            "ply_cap"
        ]
    );
    let names: Vec<&str> = MurusVariant::presets().iter().map(|p| p.name).collect();
    assert_eq!(
        names,
        [
            "basic",
            "advanced",
            "abstractplay",
            "algol5-advanced",
            "basic-8x8"
        ]
    );
    let abstractplay = MurusVariant::preset("abstractplay").unwrap();
    assert!(abstractplay.opening_redistribution && abstractplay.advanced());
    for preset in MurusVariant::presets() {
        let v = (preset.make)();
        assert_eq!(MurusVariant::parse_text(&v.text()).unwrap(), v);
        for option in MurusVariant::options() {
            let mut copy = MurusVariant::default();
            copy.set_option(option.key, &v.option_value(option.key).unwrap())
                .unwrap();
        }
    }
    let custom = MurusVariant::parse_text("advanced board=8x8 escape=on ply_cap=200").unwrap();
    assert_eq!(custom.text(), "advanced board=8x8 escape=on ply_cap=200");
    assert!(MurusVariant::parse_text("ply_cap=0").is_err());
    assert!(MurusVariant::parse_text("board=7x8").is_err());
    assert!(MurusGallicus::new(&custom, 3).is_err());
}

#[test]
fn equal_positions_hash_equally_and_the_side_to_move_matters() {
    let a = after(&start("basic"), &["a1-a3", "a7-a5", "h1-h3"]);
    let b = after(&start("basic"), &["h1-h3", "a7-a5", "a1-a3"]);
    assert_eq!(a.position_hash(), b.position_hash());
    assert_eq!(a.position_hash(), a.hash_from_scratch());
    let flipped = at("basic", &a.position_text().replace(" D ", " L "));
    assert_ne!(a.position_hash(), flipped.position_hash());
}

#[test]
fn the_diagram_shows_files_ranks_and_the_side_to_move() {
    let picture = start("basic").diagram();
    let lines: Vec<&str> = picture.lines().collect();
    assert_eq!(lines[0].trim(), "a b c d e f g h");
    assert_eq!(lines[1], " 7  t t t t t t t t  7");
    assert_eq!(lines[7], " 1  T T T T T T T T  1");
    assert!(picture.contains("Light to move, ply 0"));
}

#[test]
fn a_ply_counter_at_its_limit_saturates() {
    for preset in ["basic", "advanced"] {
        let mut game = at(preset, "tttttttt/8/8/8/8/8/TTTTTTTT L 4294967295");
        play(&mut game, &["a1-a3"]);
        assert_eq!(game.ply(), u32::MAX, "the count stops at its limit");
        assert_eq!(
            game.position_text(),
            "tttttttt/8/8/8/W7/W7/1TTTTTTT D 4294967295"
        );
        let again = MurusGallicus::from_position(game.variant(), &game.position_text());
        assert_eq!(again.as_ref(), Ok(&game));
    }
}

#[test]
fn a_ply_count_beyond_its_limit_is_refused_with_the_count_quoted() {
    let basic = MurusVariant::default();
    let error = MurusGallicus::from_position(&basic, "tttttttt/8/8/8/8/8/TTTTTTTT L 4294967296")
        .unwrap_err();
    assert_eq!(error.token, "4294967296");
}
