//! Property tests: no text, however malformed, makes a parser panic. Each parser either reads the
//! text or returns an error that quotes it.

use muster_rules::record::Record;
use muster_rules::{AnyGame, GameId};
use proptest::prelude::*;

/// Strings built from the characters the notations use, so that near-misses are common.
fn notation_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-j0-9TtWwCcLD/ x*,=.\\-]{0,40}").expect("valid regex")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn action_texts_never_panic(text in notation_like()) {
        let mut game = AnyGame::new(GameId::MurusGallicus, "advanced", None).expect("start");
        match game.apply(&text) {
            Ok(_) => prop_assert!(!game.legal_actions().is_empty() || game.outcome().is_some()),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn arbitrary_unicode_action_texts_never_panic(text in ".{0,24}") {
        let mut game = AnyGame::new(GameId::MurusGallicus, "", None).expect("start");
        let _ = game.apply(&text);
    }

    #[test]
    fn position_texts_never_panic(text in notation_like()) {
        for variant in ["basic", "advanced", "basic board=8x8"] {
            if let Ok(game) = AnyGame::from_position(GameId::MurusGallicus, variant, &text) {
                // Whatever reads must write back to text that reads to the same position.
                let again = AnyGame::from_position(GameId::MurusGallicus, variant, &game.position_text());
                prop_assert_eq!(again.as_ref(), Ok(&game));
            }
        }
    }

    #[test]
    fn variant_texts_never_panic(text in "[a-z0-9_=x ,-]{0,30}") {
        let _ = AnyGame::new(GameId::MurusGallicus, &text, None);
    }

    #[test]
    fn record_texts_never_panic(text in "(\\[[A-Za-z]{0,8} \"[^\"\n]{0,12}\"\\]\n){0,4}[a-h1-8 {};.\n\\-x*]{0,60}") {
        if let Ok(record) = Record::parse(&text) {
            let _ = AnyGame::replay(&record);
        }
    }
}

/// Every one-character corruption of a real position text either reads back exactly as written or
/// is refused as a bad position text; none panics.
#[test]
fn one_character_corruptions_of_a_position_are_handled() {
    let text = "tttttttt/8/8/8/8/8/TTTTTTTT L 0";
    for i in 0..text.len() {
        for replacement in ['9', 'x', '/', ' ', 'C', '0'] {
            let mut corrupt: Vec<char> = text.chars().collect();
            corrupt[i] = replacement;
            let corrupt: String = corrupt.into_iter().collect();
            match AnyGame::from_position(GameId::MurusGallicus, "basic", &corrupt) {
                Ok(game) => assert_eq!(game.position_text(), corrupt.trim(), "reads as written"),
                Err(e) => assert!(e.to_string().starts_with("bad position text"), "{e}"),
            }
        }
    }
}

/// Strings built from the characters of Mur's notation and position text.
fn mur_like() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[a-hC0-9BWK./ ^*+\\-io=#{}:,a-z]{0,48}").expect("valid regex")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mur_action_texts_never_panic(text in mur_like()) {
        let mut game = AnyGame::new(GameId::Mur, "match", None).expect("start");
        let _ = game.apply("*a1");
        let _ = game.apply(&text);
    }

    #[test]
    fn mur_position_texts_never_panic(text in mur_like()) {
        for variant in ["game", "match", "set repeat_scope=whole_game ply_cap=50"] {
            if let Ok(game) = AnyGame::from_position(GameId::Mur, variant, &text) {
                let again = AnyGame::from_position(GameId::Mur, variant, &game.position_text());
                prop_assert_eq!(again.as_ref(), Ok(&game));
            }
        }
    }

    #[test]
    fn mur_positions_with_a_corrupted_field_never_panic(
        field in 0usize..7,
        junk in "[a-zA-Z0-9:,.\\-/]{0,30}",
    ) {
        let text = MUR_POSITION;
        let mut fields: Vec<&str> = text.split(' ').collect();
        fields[field] = &junk;
        let corrupt = fields.join(" ");
        let _ = AnyGame::from_position(GameId::Mur, "match", &corrupt);
    }
}

/// A Mur position with every kind of field: board, side, tallies, game, set tallies, history.
const MUR_POSITION: &str = "K/.B.W..../..W...../BW.....B B 0-0 game:3 won:1-1 matchwon:1-1 history:KB...W.....W.....B......B,KB...W.....W.....BW.....B,K.B..W.....W.....BW.....B";

#[test]
fn the_mur_position_the_corruptions_start_from_reads() {
    let game = AnyGame::from_position(GameId::Mur, "match", MUR_POSITION);
    assert!(game.is_ok(), "{game:?}");
}
