//! `muster games` and `muster rules`.

mod common;

use common::{fails, muster, ok};

#[test]
fn games_lists_all_four_ids() {
    let out = ok(&["games"]);
    for id in ["murus-gallicus", "mur", "mu", "mutou"] {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{id} "))),
            "{id} missing:\n{out}"
        );
    }
    assert!(
        !out.contains("not playable yet"),
        "every game is playable:\n{out}"
    );
    assert!(
        out.contains("Paxson"),
        "mutou is listed with its author:\n{out}"
    );
    assert!(out.contains("Desmond R. Davies"), "mur is playable:\n{out}");
}

#[test]
fn games_shows_presets_and_options_of_murus_gallicus() {
    let out = ok(&["games"]);
    assert!(out.contains("Phil Leduc"), "{out}");
    assert!(out.contains("basic (default)"), "{out}");
    for word in [
        "advanced",
        "abstractplay",
        "ruleset=basic|advanced",
        "board=8x7|8x8",
    ] {
        assert!(out.contains(word), "{word} missing:\n{out}");
    }
    let ply_cap = out
        .lines()
        .find(|l| l.contains("ply_cap="))
        .expect("ply_cap listed");
    assert!(ply_cap.contains("(not official)"), "{ply_cap}");
    let opening = out
        .lines()
        .find(|l| l.contains("opening="))
        .expect("opening listed");
    assert!(opening.contains("(house rule)"), "{opening}");
    assert!(
        out.lines().all(|l| l.chars().count() <= 80),
        "fits 80 columns:\n{out}"
    );
}

#[test]
fn rules_prints_the_rules_then_presets_and_options() {
    let out = ok(&["rules", "murus-gallicus"]);
    assert!(out.starts_with('#'), "Markdown first:\n{out}");
    let presets = out.find("### Presets").expect("presets table");
    let options = out.find("### Options").expect("options table");
    assert!(presets < options);
    assert!(out.contains("| `basic` (default) |"), "{out}");
    assert!(out.contains("| `ply_cap` |"), "{out}");
}

#[test]
fn an_unknown_game_is_named_in_the_error() {
    for command in ["rules", "new", "moves", "play"] {
        fails(&[command, "chess"], &["`chess`", "murus-gallicus"]);
    }
}

#[test]
fn usage_errors_exit_with_code_2() {
    assert_eq!(muster(&["perft", "murus-gallicus"]).code, Some(2));
    assert_eq!(muster(&["frobnicate"]).code, Some(2));
    assert_eq!(muster(&[]).code, Some(2));
}

#[test]
fn games_json_is_the_catalog_with_option_domains() {
    let out = ok(&["games", "--json"]);
    let catalog: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let mutou = &catalog["games"][3];
    assert_eq!(mutou["info"]["id"], "mutou");
    let tempo = mutou["options"]
        .as_array()
        .expect("options")
        .iter()
        .find(|o| o["key"] == "tempo")
        .expect("tempo");
    assert_eq!(tempo["domain"]["min"], 20);
    assert_eq!(tempo["domain"]["max"], 300);
    assert_eq!(tempo["default"], "96");
}
