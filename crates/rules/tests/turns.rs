//! Turns ([`Game::turn`]) where each game's rules end them, on random games of every preset;
//! and records numbered by turn.

use muster_rules::game::{Actor, Game, NoEvents, TurnInfo};
use muster_rules::mu::{Mu, MuAction, Pending as MuPending, Phase as MuPhase};
use muster_rules::mur::Mur;
use muster_rules::murus_gallicus::MurusGallicus;
use muster_rules::mutou::{MuTou, MuTouAction, Pending, Phase};
use muster_rules::playout::{random_action, Buffers};
use muster_rules::record;
use muster_rules::variant::Variant;
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// Plays `games` random games of every preset of `G` (at most `max` actions each) and hands
/// every action with the positions before and after it to `check`.
fn each_step<G: Game>(games: u64, max: usize, mut check: impl FnMut(&G, G::Action, &G)) {
    for preset in G::Variant::presets() {
        let variant = (preset.make)();
        for seed in 0..games {
            let mut game = G::new(&variant, G::INFO.default_seats).expect("a start");
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut buffers = Buffers::default();
            for _ in 0..max {
                let Some(action) = random_action(&game, &mut rng, &mut buffers) else {
                    break;
                };
                let before = game.clone();
                game.play(action, &mut NoEvents);
                check(&before, action, &game);
            }
        }
    }
}

fn turn<G: Game>(game: &G) -> TurnInfo {
    Game::turn(game)
}

#[test]
fn every_murus_gallicus_action_is_a_whole_turn() {
    each_step::<MurusGallicus>(4, 400, |before, _, after| {
        assert_eq!(turn(after).number, turn(before).number + 1);
        if after.outcome().is_none() {
            assert_ne!(turn(after).mover, turn(before).mover, "the sides alternate");
        }
    });
}

#[test]
fn every_mur_action_is_a_whole_turn_a_double_withdrawal_included() {
    let mut doubles = 0;
    each_step::<Mur>(3, 1_500, |before, action, after| {
        let (was, now) = (turn(before), turn(after));
        assert_ne!(was, now, "`{action}` ends the turn");
        let same_game = (before.set_number(), before.game_number())
            == (after.set_number(), after.game_number());
        if same_game && after.outcome().is_none() {
            assert_eq!(now.number, was.number, "a game's turns share its number");
            assert_ne!(now.mover, was.mover, "inside a game the sides alternate");
        } else if !same_game {
            assert_eq!(now.number, was.number + 1, "the next game of the match");
        }
        doubles += usize::from(action.to_string().matches('^').count() == 2);
    });
    eprintln!("{doubles} double withdrawals");
}

#[test]
fn resigning_a_mur_set_skips_to_the_first_game_of_the_next_set() {
    let variant = muster_rules::mur::MurVariant::default();
    let mut game = Mur::new(&variant, 2).unwrap();
    assert_eq!(turn(&game).number, 1);
    game.apply(
        game.resignation()
            .expect("a match can be resigned set by set"),
        &mut NoEvents,
    )
    .unwrap();
    assert_eq!((game.set_number(), game.game_number()), (2, 1));
    assert_eq!(turn(&game).number, 7, "the six games of set 1 are behind");
}

#[test]
fn a_mu_turn_runs_to_end_or_pass_or_until_no_move_is_left() {
    each_step::<Mu>(2, 1_500, |before, action, after| {
        let (was, now) = (turn(before), turn(after));
        let ended = match action {
            // §2.2, §2.3: each lay-out placement and each clearing is a turn.
            MuAction::Place(_) | MuAction::Clear(_) | MuAction::End | MuAction::Pass => true,
            // §2.11: a move (with its chain reaction) ends the turn unless the mover still has
            // a decision or a move of the same turn to make.
            _ => {
                !(after.phase() == MuPhase::Play
                    && (after.pending() != MuPending::Nothing || after.moves_this_turn() > 0))
            }
        };
        if ended {
            assert_eq!(now.number, was.number + 1, "`{action}` ends the turn");
        } else {
            assert_eq!(now, was, "`{action}` stays inside the turn");
        }
    });
}

#[test]
fn a_mutou_turn_holds_the_call_windows_and_ends_with_rest_end_or_spent_units() {
    let mut inside_by_others = 0;
    each_step::<MuTou>(2, 600, |before, action, after| {
        let (was, now) = (turn(before), turn(after));
        let over = after.outcome().is_some();
        match (before.phase(), action) {
            // D3, S22: the tier choice and each claim are turns of their own.
            (_, MuTouAction::Tier(_) | MuTouAction::Claim(_)) => {
                assert_eq!(now.number, was.number + 1);
            }
            // S23: a seat's setting-out is one turn, ending when its last shak is out.
            (Phase::SetOut(seat), MuTouAction::Put(..)) => {
                let done = after.seat_state(seat).pool.is_empty();
                assert_eq!(now.number, was.number + u32::from(done), "`{action:?}`");
            }
            // S14, S15: rest and end finish the mover's turn.
            (Phase::Play, MuTouAction::Rest | MuTouAction::End) => {
                assert!(
                    over || now.number == was.number + 1,
                    "`{action:?}` ends the turn"
                );
            }
            (Phase::Play, _) => {
                let by_mover = before.actor() == Actor::Seat(was.mover.expect("a mover"));
                if !by_mover {
                    inside_by_others += 1;
                }
                // Whatever others decide inside the turn (calls, aims, hand-outs, insertions,
                // answers) closes it only once the mover's units are spent (S16); an area
                // alteration costs one unit (S15c), so it ends the turn only as the last one.
                if now != was && !over {
                    assert_eq!(after.units_left(), after.turn().budget, "a fresh turn");
                    if !by_mover && before.actor() != Actor::Chance {
                        assert_eq!(before.units_left(), 0, "`{action:?}` ends the turn early");
                    }
                    if let MuTouAction::Area { .. } = action {
                        if before.turn().pending == Pending::Free {
                            assert_eq!(before.units_left(), 1, "`{action:?}` ends the turn");
                        }
                    }
                }
            }
            _ => {}
        }
        if now != was && !over && after.phase() == Phase::Play {
            let old = was.mover.expect("a mover").0;
            if before.phase() == Phase::Play {
                // D12: turns go round the active seats in order.
                assert_eq!(now.mover.map(|s| s.0), Some(before.next_active(old)));
            }
        }
    });
    assert!(inside_by_others > 0, "no call window or aim was decided");
}

#[test]
fn a_record_numbers_a_mutou_turn_with_its_call_windows_as_one_line() {
    let variant = muster_rules::mutou::MuTouVariant::default();
    let start = MuTou::new(&variant, 2).expect("a start");
    let mut rng = SmallRng::seed_from_u64(3);
    let mut buffers = Buffers::default();
    let mut game = start.clone();
    let mut actions = Vec::new();
    let mut turns = Vec::new();
    while let Some(action) = random_action(&game, &mut rng, &mut buffers) {
        turns.push(turn(&game));
        actions.push(action);
        game.play(action, &mut NoEvents);
        if actions.len() >= 400 {
            break;
        }
    }
    let windows = actions
        .iter()
        .filter(|a| matches!(a, MuTouAction::Decline | MuTouAction::Call(_)))
        .count();
    assert!(windows > 0, "the game saw a call window");
    let exported = record::export(&start, &actions, &[]);
    for (i, pair) in turns.windows(2).enumerate() {
        let same_line = exported.actions[i].1 == exported.actions[i + 1].1;
        assert_eq!(same_line, pair[0] == pair[1], "actions {i} and {}", i + 1);
    }
}
