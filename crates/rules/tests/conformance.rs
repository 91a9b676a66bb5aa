//! The conformance battery over every preset of every playable game, and over the option
//! combinations that change the rules' shape.

use muster_rules::conformance::Config;
use muster_rules::GameId;

fn battery(id: GameId, variant: &str, games: usize) {
    let config = Config {
        games,
        seed: 7,
        max_actions: 1_500,
    };
    match id.conformance(variant, None, config) {
        Ok(report) => {
            assert_eq!(report.games, games, "{id} [{variant}] played every game");
            assert!(
                report.finished > 0,
                "{id} [{variant}] finished no game: {report:?}"
            );
            eprintln!("{id} [{variant}]: {report:?}");
        }
        Err(e) => panic!("{id} [{variant}] fails the battery: {e}"),
    }
}

#[test]
fn every_preset_of_every_playable_game_passes_the_battery() {
    let mut checked = 0;
    for id in GameId::ALL {
        let Ok(presets) = id.presets() else { continue };
        // A random game of Mu runs to a thousand actions or more, each checked in full.
        let games = match id {
            GameId::Mu => 3,
            GameId::MuTou => 6,
            _ => 25,
        };
        for (preset, _) in presets {
            battery(id, preset, games);
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} presets were checked");
}

#[test]
fn murus_gallicus_option_combinations_pass_the_battery() {
    for variant in [
        "basic board=8x8",
        "basic escape=on ply_cap=200",
        "basic opening=redistribution",
        "advanced board=8x8 opening=redistribution",
        "advanced escape=on ply_cap=300",
        "advanced immediate_win=on board=8x8",
        "basic ply_cap=12",
    ] {
        battery(GameId::MurusGallicus, variant, 15);
    }
}

#[test]
fn mutou_option_combinations_pass_the_battery() {
    // Every tier on every board kind, with more seats, the options that change a turn's
    // shape, and the two end forms.
    for (variant, seats) in [
        ("friendly board=hex", 2),
        ("friendly board=sown seed=5", 2),
        ("village board=sown seed=2", 3),
        ("coll board=hex", 2),
        ("friendly board=square", 4),
        ("village board=hex", 3),
        ("friendly wrap=cylinder dice=4", 2),
        ("friendly wrap=torus mixing=on", 2),
        ("friendly fees=off choices=off", 3),
        ("friendly form=cooperative turn_cap=40", 2),
        ("scribed", 3),
    ] {
        let config = Config {
            games: 3,
            seed: 7,
            max_actions: 1_500,
        };
        let report = GameId::MuTou
            .conformance(variant, Some(seats), config)
            .unwrap_or_else(|e| panic!("mutou [{variant}] {seats} seats fails the battery: {e}"));
        eprintln!("mutou [{variant}] {seats} seats: {report:?}");
    }
}

#[test]
fn mur_option_combinations_pass_the_battery() {
    for variant in [
        "game rules=g1",
        "game blocked_paths=on",
        "game kraken_trap=single-colour",
        "game kraken_self_trap=off",
        "game repeat_scope=whole_game",
        "game edition=classic ply_cap=40",
        "set swap_colours_between_sets=on",
        "match ply_cap=60",
    ] {
        battery(GameId::Mur, variant, 10);
    }
}

#[test]
fn mu_option_combinations_pass_the_battery() {
    for variant in [
        "levis start=t3",
        "levis start=random seed=3 segments=3",
        "velox start=duel",
        "multi start=arena trim_timing=end-of-turn",
        "multi start=t3 one_move_per_piece=on access=wall-only",
        "arena start=random seed=11 order=canonical ply_cap=60",
        "levis segments=2 ply_cap=40",
    ] {
        battery(GameId::Mu, variant, 4);
    }
}
