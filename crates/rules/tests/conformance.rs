//! The conformance battery over every preset of every playable game, and over the option
//! combinations that change the rules' shape.

use muster_rules::conformance::Config;
use muster_rules::GameId;

/// Actions checked per random MuTou game. Random players alter the playing area at most
/// decisions, and every position text replays the surface's edit log, so a check costs more
/// as a game goes on; random games of every tier are played to their end by
/// `mutou_random_games_of_every_tier_finish` (ignored: `scripts/deep.sh`) and by `muster bench`.
const MUTOU_ACTIONS: usize = 250;

fn battery(id: GameId, variant: &str, games: usize) {
    let config = Config {
        games,
        seed: 7,
        max_actions: if id == GameId::MuTou {
            MUTOU_ACTIONS
        } else {
            1_500
        },
    };
    match id.conformance(variant, None, config) {
        Ok(report) => {
            assert_eq!(report.games, games, "{id} [{variant}] played every game");
            assert!(
                report.finished > 0 || id == GameId::MuTou,
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
            GameId::MuTou => 2,
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
        ("friendly form=cooperative turn_cap=20", 2),
        ("friendly turn_cap=12", 3),
        ("scribed", 3),
    ] {
        let config = Config {
            games: 2,
            seed: 7,
            max_actions: MUTOU_ACTIONS,
        };
        let report = GameId::MuTou
            .conformance(variant, Some(seats), config)
            .unwrap_or_else(|e| panic!("mutou [{variant}] {seats} seats fails the battery: {e}"));
        eprintln!("mutou [{variant}] {seats} seats: {report:?}");
    }
}

#[test]
#[ignore = "long: random games of MuTou played to their end, checked after every action"]
fn mutou_random_games_of_every_tier_finish() {
    for variant in ["friendly", "village", "coll", "hex", "scribed"] {
        let config = Config {
            games: 3,
            seed: 11,
            max_actions: 20_000,
        };
        let report = GameId::MuTou
            .conformance(variant, Some(2), config)
            .unwrap_or_else(|e| panic!("mutou [{variant}] fails the battery: {e}"));
        assert_eq!(report.finished, 3, "mutou [{variant}]: {report:?}");
        eprintln!("mutou [{variant}]: {report:?}");
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
