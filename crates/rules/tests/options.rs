//! Every game's option table against its variant reader, and the catalog a lobby builds its
//! forms from.

use muster_rules::any::catalog;
use muster_rules::variant::{OptionDomain, OptionStatus};
use muster_rules::GameId;

#[test]
fn every_option_table_states_exactly_what_its_variant_reads() {
    for id in GameId::ALL {
        let tried = id
            .conformance_options()
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let options = id.options().expect("playable").len();
        assert!(tried >= 2 * options, "{id}: only {tried} values tried");
    }
}

#[test]
fn the_catalog_lists_every_game_with_a_preset_menu_and_typed_options() {
    let catalog = catalog();
    let ids: Vec<&str> = catalog.games.iter().map(|g| g.info.id).collect();
    assert_eq!(ids, ["murus-gallicus", "mur", "mu", "mutou"]);
    for game in &catalog.games {
        let default = &game.presets[0];
        for (option, value) in game.options.iter().zip(&default.values) {
            assert_eq!(option.key, value.key, "{}", game.info.id);
            assert_eq!(
                option.default, value.value,
                "{} {}",
                game.info.id, option.key
            );
        }
    }
    let mu = &catalog.games[2];
    let segments = mu
        .options
        .iter()
        .find(|o| o.key == "segments")
        .expect("segments");
    assert_eq!(
        segments.domain,
        OptionDomain::Integer {
            min: 1,
            max: 8,
            off: None,
            unit: ""
        }
    );
    let mg = &catalog.games[0];
    let status = |key: &str| mg.options.iter().find(|o| o.key == key).expect(key).status;
    assert_eq!(status("ruleset"), OptionStatus::Official);
    assert_eq!(status("opening"), OptionStatus::HouseRule);
    assert_eq!(status("ply_cap"), OptionStatus::Muster);
}

#[test]
fn the_catalog_serialises_for_a_lobby() {
    let json = serde_json::to_value(catalog()).expect("serialises");
    let mu = &json["games"][2];
    assert_eq!(mu["info"]["id"], "mu");
    assert_eq!(mu["info"]["max_seats"], 8);
    let segments = &mu["options"][0];
    assert_eq!(segments["key"], "segments");
    assert_eq!(segments["domain"]["kind"], "integer");
    assert_eq!(segments["domain"]["max"], 8);
    assert_eq!(segments["status"], "official");
    let turn = &mu["options"][1]["domain"];
    assert_eq!(turn["kind"], "choices");
    assert_eq!(turn["choices"][1], "per-segment");
    assert_eq!(mu["presets"][1]["name"], "velox");
}
