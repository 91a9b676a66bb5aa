//! Properties over random games, the generator against the checker, and the conformance
//! battery for every preset and the option combinations that change the rules' shape.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::*;
use crate::conformance::{run, Config};

/// Every action worth asking about for the side to move: every place, every move from every
/// point in every direction, every single withdrawal, a withdrawal of all his ships, and
/// whatever the generator lists (the trap withdrawal).
fn every_writable_action(game: &Mur) -> Vec<Action> {
    let mut all = Vec::new();
    game.legal_actions(&mut all);
    for p in Point::all() {
        all.push(Action::place(p));
        all.push(Action::withdraw(Points::single(p)));
        for dir in Direction::from_point(p) {
            all.push(Action::step(p, *dir));
        }
    }
    let mine =
        Points::of(Point::all().filter(|&p| game.piece(p) == Some(Piece::Ship(game.to_move()))));
    if !mine.is_empty() {
        all.push(Action::withdraw(mine));
    }
    all
}

/// Plays `games` random games of `variant` and calls `check` on every position.
fn random_positions(variant_text: &str, games: u64, mut check: impl FnMut(&Mur)) {
    let mut rng = SmallRng::seed_from_u64(2021);
    let mut actions = Vec::new();
    for _ in 0..games {
        let mut game = start(variant_text);
        for _ in 0..3_000 {
            check(&game);
            game.legal_actions(&mut actions);
            if actions.is_empty() {
                break;
            }
            game.apply_unchecked(actions[rng.random_range(0..actions.len())]);
        }
    }
}

#[test]
fn ships_are_conserved_and_the_kraken_never_leaves_the_board() {
    random_positions("match", 60, |game| {
        for c in Colour::BOTH {
            let on = Point::all()
                .filter(|&p| game.piece(p) == Some(Piece::Ship(c)))
                .count();
            assert_eq!(
                on + usize::from(game.off_board(c)),
                7,
                "{}",
                game.position_text()
            );
        }
        let krakens = Point::all()
            .filter(|&p| game.piece(p) == Some(Piece::Kraken))
            .count();
        assert_eq!(krakens, 1, "{}", game.position_text());
    });
}

#[test]
fn the_checker_accepts_exactly_the_generated_actions() {
    for v in [
        "game",
        "game rules=g1",
        "game blocked_paths=on",
        "game kraken_trap=single-colour",
    ] {
        random_positions(v, 40, |game| {
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            for action in every_writable_action(game) {
                let accepted = game.check(action).is_ok();
                assert_eq!(
                    accepted,
                    legal.contains(&action),
                    "{v}: {action} at {}: {:?}",
                    game.position_text(),
                    game.check(action)
                );
            }
            for &action in &legal {
                assert!(game.check(action).is_ok());
            }
        });
    }
}

#[test]
fn the_repeat_obligation_is_reached_in_random_play() {
    // Stagnation never arises in random play; it has a position built for it in tests/flow.rs.
    let mut repeats = 0;
    random_positions("set", 60, |game| {
        if game.obligation() == Obligation::RepeatWithdrawal {
            repeats += 1;
        }
    });
    assert!(repeats > 0, "random play never met a repeat");
}

#[test]
fn random_games_at_game_length_end_by_the_rules() {
    let mut ended = 0;
    random_positions("game", 200, |game| {
        if let Some(outcome) = game.outcome() {
            ended += 1;
            assert!(!outcome.is_draw());
            assert!(outcome.reason.contains("kraken") || outcome.reason.contains("ship trap"));
        }
    });
    assert_eq!(ended, 200);
}

fn battery(text: &str, games: usize) {
    let config = Config {
        games,
        seed: 11,
        max_actions: 4_000,
    };
    let report = run::<Mur>(&variant(text), 2, config).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games, games);
    assert!(report.finished > 0, "{text}: {report:?}");
}

#[test]
fn every_preset_passes_the_conformance_battery() {
    for preset in MurVariant::presets() {
        battery(preset.name, 6);
    }
}

#[test]
fn option_combinations_pass_the_conformance_battery() {
    for text in [
        "game rules=g1 blocked_paths=on",
        "game kraken_trap=single-colour kraken_self_trap=off",
        "set repeat_scope=whole_game",
        "match swap_colours_between_sets=on edition=classic",
        "set ply_cap=40",
        "game ply_cap=25 repeat_scope=whole_game",
        "g1 kraken_trap=single-colour length=set",
    ] {
        battery(text, 5);
    }
}

/// Random play chooses an index among the legal actions and builds only that action; it must be
/// the action the listing puts there, so that a seed draws the same games either way. Checked at
/// every index of every position along random games of every preset and of the options that
/// change what is legal, with the trap withdrawal, the repeat withdrawal and knocks all met.
#[test]
fn the_chosen_action_is_the_one_listed_at_the_chosen_index() {
    let presets = MurVariant::presets().iter().map(|preset| preset.name);
    let options = [
        "game rules=g1 blocked_paths=on",
        "game kraken_trap=single-colour kraken_self_trap=off",
        "set repeat_scope=whole_game blocked_paths=on",
        "g1 kraken_trap=single-colour length=set",
    ];
    let (mut legal, mut buffer) = (Vec::new(), Vec::new());
    let (mut positions, mut knocks, mut trap_duties, mut repeat_duties) = (0, 0, 0, 0);
    for text in presets.chain(options) {
        random_positions(text, 16, |game| {
            game.legal_actions(&mut legal);
            if legal.is_empty() {
                let none = game.choose_action(|_| panic!("nothing to choose from"), &mut buffer);
                assert_eq!(none, None, "{text}: {}", game.position_text());
                return;
            }
            positions += 1;
            match game.obligation() {
                Obligation::TrapWithdrawal => trap_duties += 1,
                Obligation::RepeatWithdrawal => repeat_duties += 1,
                Obligation::None | Obligation::Stagnation => {}
            }
            for (i, &listed) in legal.iter().enumerate() {
                let mut offered = 0;
                let chosen = game.choose_action(
                    |n| {
                        offered = n;
                        i
                    },
                    &mut buffer,
                );
                assert_eq!(
                    chosen,
                    Some(listed),
                    "{text}: index {i} at {}",
                    game.position_text()
                );
                assert_eq!(offered, legal.len(), "{text}: at {}", game.position_text());
                let lands_on = game.landing(listed).and_then(|p| game.piece(p));
                knocks += usize::from(lands_on.is_some());
            }
        });
    }
    assert!(positions > 30_000, "only {positions} positions");
    assert!(knocks > 100_000, "only {knocks} knocks listed");
    assert!(trap_duties > 300, "only {trap_duties} trap withdrawals");
    assert!(
        repeat_duties > 20,
        "only {repeat_duties} repeat withdrawals"
    );
}
