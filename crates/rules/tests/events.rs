//! Events on the wire and who may see them, through `AnyGame` as a server drives it.
//!
//! * Every event of random games of every preset of every game serialises to JSON, names its
//!   rule (`<game id>:<section>`), and reads back equal; a wire event whose rule, text or
//!   audience disagree with its data is refused.
//! * MuTou's secret setting-out, with 2, 3 and 4 seats: for every viewer but the actor, two
//!   different secret decisions from the same position give equal redacted steps (action
//!   hidden, the same events, equal views with equal texts and hashes), and two different
//!   whole setting-outs of one seat give the others equal views until the reveal.

use muster_rules::{Actor, AnyEvent, AnyGame, Audience, GameId, Seat, Visibility};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays a random game of `id` under `variant`, handing every event to `check`.
fn random_events(
    id: GameId,
    variant: &str,
    seats: Option<usize>,
    seed: u64,
    max_actions: usize,
    mut check: impl FnMut(&AnyEvent),
) -> usize {
    let mut game = AnyGame::new(id, variant, seats).expect("a game");
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut seen = 0;
    for _ in 0..max_actions {
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        for event in game.apply(&action).expect("a random action is legal") {
            check(&event);
            seen += 1;
        }
    }
    seen
}

fn round_trip(id: GameId, event: &AnyEvent) {
    let prefix = format!("{}:", id.id());
    assert!(
        event.rule.starts_with(&prefix) && event.rule.len() > prefix.len(),
        "`{}` names the rule `{}`",
        event.text,
        event.rule
    );
    let json = serde_json::to_string(event).expect("an event serialises");
    let back: AnyEvent = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
    assert_eq!(&back, event, "{json}");
    let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(value["data"]["game"], id.id(), "{json}");
    assert!(value["data"]["event"]["type"].is_string(), "{json}");
}

#[test]
fn every_event_of_every_preset_names_its_rule_and_reads_back_from_json() {
    for id in GameId::ALL {
        let presets = id.presets().expect("a playable game");
        let (games, actions) = match id {
            GameId::Mu => (1, 600),
            GameId::MuTou => (2, 300),
            _ => (3, 400),
        };
        for (preset, _) in presets {
            let mut seen = 0;
            for seed in 0..games {
                seen += random_events(id, preset, None, seed, actions, |e| round_trip(id, e));
            }
            assert!(seen > 0, "{id} [{preset}] reported no event");
        }
    }
}

#[test]
fn mutou_events_of_more_seats_and_every_board_read_back_from_json() {
    for (variant, seats) in [
        ("village board=sown seed=2", 3),
        ("friendly board=hex", 4),
        ("friendly board=square mixing=on", 3),
        ("friendly form=cooperative", 2),
    ] {
        let mut kinds = std::collections::BTreeSet::new();
        for seed in 0..3 {
            random_events(GameId::MuTou, variant, Some(seats), seed, 600, |e| {
                round_trip(GameId::MuTou, e);
                let value = serde_json::to_value(e).expect("JSON");
                kinds.insert(value["data"]["event"]["type"].to_string());
            });
        }
        assert!(kinds.len() >= 8, "[{variant}] only {kinds:?}");
    }
}

/// The first event of a game of Murus Gallicus, as JSON.
fn first_event() -> serde_json::Value {
    let mut game = AnyGame::new(GameId::MurusGallicus, "", None).expect("a game");
    let events = game.apply("d1-d3").expect("legal");
    serde_json::to_value(&events[0]).expect("JSON")
}

#[test]
fn a_wire_event_whose_rule_or_text_disagree_with_its_data_is_refused() {
    let good = first_event();
    assert!(serde_json::from_value::<AnyEvent>(good.clone()).is_ok());
    let mut forged = good.clone();
    forged["rule"] = "murus-gallicus:9.9 anything".into();
    let error = serde_json::from_value::<AnyEvent>(forged).expect_err("a forged rule");
    assert!(error.to_string().contains("9.9 anything"), "{error}");
    let mut reworded = good.clone();
    reworded["text"] = "Light wins".into();
    assert!(serde_json::from_value::<AnyEvent>(reworded).is_err());
    let mut hidden = good.clone();
    hidden["audience"] = serde_json::json!({ "Seat": 1 });
    assert!(serde_json::from_value::<AnyEvent>(hidden).is_err());
    let mut off_board = good.clone();
    off_board["data"]["event"]["from"] = "z9".into();
    let error = serde_json::from_value::<AnyEvent>(off_board).expect_err("no cell z9");
    assert!(error.to_string().contains("z9"), "{error}");
    let mut stranger = good;
    stranger["data"]["game"] = "chess".into();
    assert!(serde_json::from_value::<AnyEvent>(stranger).is_err());
}

/// Every viewer but `actor`: a spectator and the other seats.
fn others(seats: usize, actor: Seat) -> Vec<Option<Seat>> {
    std::iter::once(None)
        .chain((0..seats as u8).map(|s| Some(Seat(s))))
        .filter(|&v| v != Some(actor))
        .collect()
}

/// Checks, at `game`, that two different secret decisions of the actor look alike to every
/// other viewer; returns how many pairs were compared (0 at the reveal).
fn secret_decisions_look_alike(game: &AnyGame, rng: &mut SmallRng) -> usize {
    let Actor::Seat(actor) = game.actor() else {
        panic!("a seat decides while setting out")
    };
    let legal = game.legal_actions();
    let secret: Vec<&String> = legal
        .iter()
        .filter(|a| game.action_visibility(a) == Ok(Visibility::Actor))
        .collect();
    assert_eq!(secret.len(), legal.len(), "every put is secret");
    let a = secret[rng.random_range(0..secret.len())];
    let Some(b) = secret.iter().find(|&&b| b != a) else {
        return 0;
    };
    let (mut after_a, mut after_b) = (game.clone(), game.clone());
    let step_a = after_a.apply_step(a).expect("legal");
    let step_b = after_b.apply_step(b).expect("legal");
    assert_ne!(after_a, after_b, "`{a}` and `{b}` are different decisions");
    assert_eq!(step_a.visibility, Visibility::Actor);
    if !after_a.secrets_pending() {
        return 0; // the reveal
    }
    for viewer in others(game.seats(), actor) {
        let (told_a, told_b) = (
            after_a.redacted_step(&step_a, viewer),
            after_b.redacted_step(&step_b, viewer),
        );
        assert_eq!(
            told_a.actor,
            Actor::Seat(actor),
            "whose decision it was is told"
        );
        assert_eq!(told_a.action, None, "`{a}` is hidden from {viewer:?}");
        assert_eq!(told_a, told_b, "{viewer:?} tells `{a}` from `{b}`");
        assert_eq!(
            told_a.view.position_text(),
            told_b.view.position_text(),
            "{viewer:?}"
        );
        assert_eq!(
            told_a.view.position_hash(),
            told_b.view.position_hash(),
            "{viewer:?}"
        );
    }
    // The actor itself is told what it did.
    let own = after_a.redacted_step(&step_a, Some(actor));
    assert_eq!(own.action.as_ref(), Some(a));
    assert!(own
        .events
        .iter()
        .any(|e| e.audience == Audience::Seat(actor)));
    1
}

#[test]
fn a_secret_put_tells_the_other_seats_only_whose_decision_it_was() {
    for seats in [2, 3, 4] {
        for variant in ["", "village board=hex"] {
            let mut game = AnyGame::new(GameId::MuTou, variant, Some(seats)).expect("a game");
            let mut rng = SmallRng::seed_from_u64(seats as u64);
            let mut compared = 0;
            while game.secrets_pending() {
                compared += secret_decisions_look_alike(&game, &mut rng);
                let action = game.random_action(&mut rng).expect("a put");
                game.apply(&action).expect("legal");
            }
            assert!(compared > 10, "{seats} seats [{variant}]: {compared} pairs");
            // After the reveal everything is public again.
            let action = game.legal_actions()[0].clone();
            assert_eq!(game.action_visibility(&action), Ok(Visibility::Public));
        }
    }
}

/// Plays the setting-out of seat 0 with `seed`, the other seats with a fixed generator, and
/// returns the position when seat 0 is done.
fn set_out(seats: usize, seed: u64) -> AnyGame {
    let mut game = AnyGame::new(GameId::MuTou, "", Some(seats)).expect("a game");
    let mut mine = SmallRng::seed_from_u64(seed);
    while game.actor() == Actor::Seat(Seat(0)) {
        let action = game.random_action(&mut mine).expect("a put");
        game.apply(&action).expect("legal");
    }
    game
}

#[test]
fn another_seats_whole_setting_out_leaves_the_views_alike_until_the_reveal() {
    for seats in [2, 3, 4] {
        let (mut a, mut b) = (set_out(seats, 1), set_out(seats, 2));
        assert_ne!(a, b, "two different setting-outs of the first seat");
        let mut rng = SmallRng::seed_from_u64(9);
        while a.secrets_pending() {
            for viewer in (1..seats).map(Some).chain([None]) {
                let (va, vb) = (a.view(viewer), b.view(viewer));
                assert_eq!(va, vb, "{seats} seats, seat index {viewer:?}");
                assert_eq!(va.position_hash(), vb.position_hash());
                assert_eq!(va.position_text(), vb.position_text());
            }
            // The same later decisions in both games (their seats' own, hence legal in both).
            let action = a.random_action(&mut rng).expect("a put");
            let step_a = a.apply_step(&action).expect("legal");
            let step_b = b.apply_step(&action).expect("legal");
            assert_eq!(step_a.actor, step_b.actor);
            if !a.secrets_pending() {
                // The reveal: every piece is public, so the views now differ.
                assert!(!b.secrets_pending());
                assert_ne!(a.view(Some(1)), b.view(Some(1)));
                let revealed = |s: &muster_rules::AnyStep| {
                    s.events
                        .iter()
                        .filter(|e| e.audience == Audience::Everyone)
                        .map(|e| e.rule)
                        .collect::<Vec<_>>()
                };
                assert!(revealed(&step_a).contains(&"mutou:S23"));
            }
        }
    }
}

#[test]
fn public_games_have_nothing_to_hide() {
    for id in [GameId::MurusGallicus, GameId::Mur, GameId::Mu] {
        let mut game = AnyGame::new(id, "", None).expect("a game");
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..60 {
            let Some(action) = game.random_action(&mut rng) else {
                break;
            };
            assert_eq!(game.action_visibility(&action), Ok(Visibility::Public));
            assert!(!game.secrets_pending());
            let step = game.apply_step(&action).expect("legal");
            let told = game.redacted_step(&step, None);
            assert_eq!(told.action, Some(action));
            assert_eq!(
                told.events, step.events,
                "{id}: a spectator is told everything"
            );
            assert_eq!(told.view, game);
        }
    }
}
