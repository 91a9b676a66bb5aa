//! Hostile texts for the readers of Mu, Mur and Murus Gallicus: non-ASCII characters at every
//! place of valid action texts, counters at their limits, fields emptied or doubled. Every text
//! is read or refused with an error; none panics, and whatever reads plays on safely.

use muster_rules::{AnyError, AnyGame, GameId};

/// Characters that take more than one byte: a letter, an emoji, a combining mark, a wide space.
const FOREIGN: &[&str] = &["é", "😀", "\u{301}", "\u{3000}", "ß"];

/// Every text made by putting a foreign character before, inside or after `text`, or in place
/// of one of its characters.
fn spoiled(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for foreign in FOREIGN {
        for at in 0..=chars.len() {
            let (head, tail) = chars.split_at(at);
            let head: String = head.iter().collect();
            let tail: String = tail.iter().collect();
            out.push(format!("{head}{foreign}{tail}"));
            if !tail.is_empty() {
                out.push(format!(
                    "{head}{foreign}{}",
                    &tail.chars().skip(1).collect::<String>()
                ));
            }
        }
    }
    out
}

/// Tries every spoiled form of every text on `game`: each is refused or applies.
fn no_action_text_panics(game: &AnyGame, texts: &[&str]) {
    for text in texts {
        for bad in spoiled(text) {
            let mut copy = game.clone();
            if let Err(e) = copy.apply(&bad) {
                assert!(!e.to_string().is_empty(), "`{bad}`");
            }
        }
    }
}

#[test]
fn a_mu_action_with_a_multi_byte_character_is_refused_not_a_panic() {
    let game = AnyGame::new(GameId::Mu, "levis start=t3", None).expect("start");
    for text in ["é", "A3é", "éA3 sw 1", "A0 w é1"] {
        assert!(game.clone().apply(text).is_err(), "`{text}`");
    }
    no_action_text_panics(
        &game,
        &[
            "A0-w-1",
            "A3 sw 1",
            "a3sw1",
            "(0,-1) sw 1",
            "place:3,-1",
            "clear:B",
            "explode:A3",
            "remove:A3",
            "end",
            "pass",
        ],
    );
    let protocol = AnyGame::new(GameId::Mu, "levis", None).expect("start");
    no_action_text_panics(&protocol, &["place:0,0", "place 3,-1"]);
}

#[test]
fn every_mur_action_form_with_a_multi_byte_character_is_refused_not_a_panic() {
    let game = AnyGame::new(GameId::Mur, "match", None).expect("start");
    no_action_text_panics(
        &game,
        &[
            "*b3",
            "b3",
            "c2+",
            "a2i",
            "Cd",
            "^a3",
            "^a3^c3",
            "resign",
            "c2+=d2{W:d2>g2}#g2",
        ],
    );
}

#[test]
fn every_murus_gallicus_action_form_with_a_multi_byte_character_is_refused_not_a_panic() {
    let game = AnyGame::new(GameId::MurusGallicus, "advanced", None).expect("start");
    no_action_text_panics(&game, &["a1-a3", "d4-d6", "d4xe5", "d4*e5", "a1-b2,e2"]);
}

/// Reads `text`; if it reads, the position must survive a checked stretch of random play.
fn refused_or_playable(id: GameId, variant: &str, text: &str) -> bool {
    match AnyGame::from_position(id, variant, text) {
        Ok(game) => {
            if let Err(failure) = game.conformance_walk(7, 60) {
                panic!("`{text}` read but is not a valid position: {failure}");
            }
            true
        }
        Err(AnyError::Position(e)) => {
            assert!(!e.reason.is_empty(), "`{text}`");
            false
        }
        Err(other) => panic!("`{text}` is refused with a non-position error: {other}"),
    }
}

#[test]
fn a_murus_gallicus_ply_counter_at_its_limit_saturates() {
    let text = "tttttttt/8/8/8/8/8/TTTTTTTT L 4294967295";
    assert!(refused_or_playable(GameId::MurusGallicus, "basic", text));
    assert!(refused_or_playable(GameId::MurusGallicus, "advanced", text));
}

#[test]
fn a_mu_ply_counter_at_its_limit_saturates() {
    let mut game = AnyGame::new(GameId::Mu, "levis start=t3", None).expect("start");
    game.apply("A0 w 1").expect("a legal move");
    let text = game.position_text().replace("ply=1", "ply=4294967295");
    assert!(text.contains("ply=4294967295"), "{text}");
    assert!(refused_or_playable(GameId::Mu, "levis start=t3", &text));
    let mut at_limit = AnyGame::from_position(GameId::Mu, "levis start=t3", &text).unwrap();
    at_limit.apply("pass").expect("a pass");
    assert!(at_limit.position_text().contains("ply=4294967295"));
}

#[test]
fn hostile_mu_position_texts_are_refused_or_playable() {
    let start = AnyGame::new(GameId::Mu, "levis start=t3", None).expect("start");
    let text = start.position_text();
    let (board, rest) = text.split_once(" | ").unwrap();
    let (cells, state) = rest.split_once(" | ").unwrap();
    let first_cell = cells.split(' ').next().unwrap();
    for hostile in [
        format!("{board} | {cells} {first_cell} | {state}"),
        format!("{board} | {cells} | {state} seats=2"),
        format!("{board} | {cells} | {state} ply=4294967296"),
        format!("{board} | {cells} | {state} passes=7"),
        format!("{board} | {cells} | {state} moved=64"),
        format!("{board} | {cells} | {state} landed=A0"),
        format!("{board} | {cells} | {state} osc=A0"),
        format!("{board} | {cells} | layout R seats=2"),
        format!("{board} | {cells} | select R seats=2"),
        format!("{board} | {cells} | over R seats=2 moved=3"),
        format!("{board} | A0=VR65535 | {state}"),
        format!("{board} | A0=VR900 | {state}"),
        format!("{board} | {cells} | play R seats=9"),
        format!("{board} | {cells} | play P seats=2"),
        format!("{board} | - | {state}"),
        format!("{board} | {cells} | {state} trail=A0:"),
        format!("{board} | {cells} | {state} budget=A"),
        format!("- | - | {state}"),
        format!("{board} | {cells} | play é seats=2"),
        format!("{board} | {cells}é | {state}"),
    ] {
        refused_or_playable(GameId::Mu, "levis start=t3", &hostile);
    }
}

#[test]
fn hostile_mur_position_texts_are_refused_or_playable() {
    let board = "K/......../......../........";
    for rest in [
        "B 0-0 matchwon:99-99",
        "B 2-2 game:6 won:3-2 settraps:99-0",
        "B 0-0 ply:4294967295",
        "B 0-0 game:6 set:2 won:6-0 sets:2-0 matchwon:12-0",
        "B 0-0 history:",
        "B 0-0 repeat:B repeat:W",
        "B 0-0 over:cap over:cap",
        "B é-0",
    ] {
        for variant in ["game", "set", "match", "match ply_cap=10"] {
            refused_or_playable(GameId::Mur, variant, &format!("{board} {rest}"));
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(600))]

    #[test]
    fn arbitrary_unicode_action_texts_never_panic_in_mu_mur_and_murus_gallicus(
        text in "\\PC{0,16}",
        game in 0usize..4,
    ) {
        let (id, variant) = [
            (GameId::Mu, "levis start=t3"),
            (GameId::Mu, "levis"),
            (GameId::Mur, "match"),
            (GameId::MurusGallicus, "advanced"),
        ][game];
        let mut game = AnyGame::new(id, variant, None).expect("start");
        let _ = game.apply(&text);
    }
}
