//! Cross-checks of the engine against the independent reference model (`reference`), written
//! apart from it from the specification alone: lay-out, moves, every stop a chain reaction can
//! reach over all explosion orders, the canonical order, and the territory count.

use std::collections::{BTreeSet, HashSet};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::reference as r;
use super::*;
use crate::game::{Game, NoEvents};
use crate::variant::Variant;

fn to_ref_hex(h: Hex) -> r::Hex {
    (i32::from(h.q), i32::from(h.r))
}

/// The reference board of a position.
fn to_ref(game: &Mu) -> r::Board {
    let g = game.geometry();
    let centres: Vec<r::Hex> = g.centres().iter().map(|&c| to_ref_hex(c)).collect();
    let mut board = r::Board::from_centres(&centres);
    for cell in g.all_cells() {
        let s = game.cell(cell);
        let hex = to_ref_hex(g.hex(cell));
        board.set_layer(
            hex,
            match s.layer {
                Layer::Virgin => r::Layer::V,
                Layer::Common => r::Layer::C,
                Layer::Wall => r::Layer::W,
            },
        );
        board.set_stack(
            hex,
            s.owner().map(|seat| r::Stack {
                owner: seat.0,
                height: u32::from(s.height),
            }),
        );
    }
    board
}

fn ref_oscillation(v: &MuVariant) -> r::Oscillation {
    match v.oscillation {
        Oscillation::PlayerRemoval => r::Oscillation::PlayerRemoval,
        Oscillation::AutoTrim => r::Oscillation::AutoTrim,
    }
}

/// Every stop the engine lets the mover reach from `game` (a move just played): the board at
/// rest, or the board with the cells offered for removal. Follows every explosion choice.
fn engine_stops(game: &Mu, limit: usize) -> Option<BTreeSet<r::Stop>> {
    let mut stops = BTreeSet::new();
    let mut seen = HashSet::new();
    let mut todo = vec![game.clone()];
    let mut actions = Vec::new();
    while let Some(g) = todo.pop() {
        if !seen.insert(g.clone()) {
            continue;
        }
        if seen.len() > limit {
            return None;
        }
        match g.pending() {
            Pending::Choice => {
                g.legal_actions(&mut actions);
                for &a in &actions {
                    let mut next = g.clone();
                    next.play(a, &mut NoEvents);
                    todo.push(next);
                }
            }
            Pending::Removal => {
                g.legal_actions(&mut actions);
                let cells = actions
                    .iter()
                    .map(|a| match a {
                        MuAction::Remove(c) => to_ref_hex(g.geometry().hex(*c)),
                        other => panic!("{other} offered during a removal"),
                    })
                    .collect();
                stops.insert(r::Stop::Removal {
                    board: to_ref(&g),
                    cells,
                });
            }
            Pending::Nothing => {
                stops.insert(r::Stop::Rest(to_ref(&g)));
            }
        }
    }
    Some(stops)
}

/// Compares one position's moves, the stops of each move, and the territory count.
fn compare(game: &Mu, rng: &mut SmallRng, checked: &mut usize) {
    let board = to_ref(game);
    let mover = game.to_move();
    let v = game.variant();
    // Moves (the budget aside: with per-segment turns the engine keeps those of budget segments).
    let mut mine = Vec::new();
    game.legal_actions(&mut mine);
    let mine: BTreeSet<(r::Hex, usize, u32)> = mine
        .iter()
        .filter_map(|a| match *a {
            MuAction::Move { from, dir, men } => Some((
                to_ref_hex(game.geometry().hex(from)),
                dir.index(),
                u32::from(men),
            )),
            _ => None,
        })
        .collect();
    let theirs: BTreeSet<_> = r::legal_moves(&board, mover.0)
        .into_iter()
        .filter(|&(from, _, _)| {
            let cell = game
                .geometry()
                .cell_at(Hex::new(from.0 as i16, from.1 as i16));
            !v.per_segment() || cell.is_some_and(|c| game.budget() & c.segment().bit() != 0)
        })
        .collect();
    assert_eq!(mine, theirs, "moves differ at {}", game.position_text());
    // Territory.
    let access = match v.access {
        Access::AnyMove => r::Access::AnyMove,
        Access::WallOnly => r::Access::WallOnly,
    };
    let want: Vec<i32> = r::scores(&board, game.seats(), access)
        .into_iter()
        .map(|s| s as i32)
        .collect();
    assert_eq!(
        game.territory(),
        want,
        "territory differs at {}",
        game.position_text()
    );
    // The stops of a few moves, over every order of explosions.
    let mut moves: Vec<MuAction> = Vec::new();
    game.legal_actions(&mut moves);
    moves.retain(|a| matches!(a, MuAction::Move { .. }));
    for _ in 0..2 {
        if moves.is_empty() {
            break;
        }
        let action = moves[rng.random_range(0..moves.len())];
        let MuAction::Move { from, dir, men } = action else {
            unreachable!()
        };
        let landed = r::apply_move(
            &board,
            (
                to_ref_hex(game.geometry().hex(from)),
                dir.index(),
                u32::from(men),
            ),
        );
        let mut after = game.clone();
        after.play(action, &mut NoEvents);
        let Some(mine) = engine_stops(&after, 2_000) else {
            continue;
        };
        let theirs = if v.order == Order::Canonical {
            // The engine never asks: its one stop is the reference's canonical order.
            BTreeSet::from([r::canonical_stop(&landed, ref_oscillation(v))])
        } else {
            let Some(all) = r::all_stops_within(&landed, ref_oscillation(v), 2_000) else {
                continue;
            };
            all
        };
        assert!(
            mine == theirs,
            "stops differ after {action} at {}: engine {} stops, reference {}",
            game.position_text(),
            mine.len(),
            theirs.len()
        );
        *checked += 1;
    }
}

/// Plays random games under `variant` and compares every position of play with the reference.
fn cross_check(variant: &str, seats: usize, games: u64, plies: usize) -> usize {
    let v = MuVariant::parse_text(variant).unwrap();
    let mut checked = 0;
    let mut actions = Vec::new();
    for seed in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut game = Mu::new(&v, seats).unwrap();
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            if game.phase() == Phase::Layout {
                let theirs = r::legal_placements(
                    &game
                        .geometry()
                        .centres()
                        .iter()
                        .map(|&c| to_ref_hex(c))
                        .collect::<Vec<_>>(),
                );
                let mine: BTreeSet<r::Hex> = game
                    .geometry()
                    .legal_centres()
                    .iter()
                    .map(|&c| to_ref_hex(c))
                    .collect();
                assert_eq!(
                    mine,
                    theirs,
                    "placements differ at {}",
                    game.position_text()
                );
            }
            if game.phase() == Phase::Play && game.pending() == Pending::Nothing {
                compare(&game, &mut rng, &mut checked);
            }
            game.legal_actions(&mut actions);
            // Prefer moves over passing so that games reach their later phases.
            let pick = actions[rng.random_range(0..actions.len())];
            game.play(pick, &mut NoEvents);
        }
    }
    checked
}

#[test]
fn levis_agrees_with_the_reference_model() {
    let checked = cross_check("levis segments=3", 2, 6, 200);
    assert!(checked > 150, "only {checked} moves compared");
}

#[test]
fn multi_player_trimming_agrees_with_the_reference_model() {
    let checked = cross_check("multi segments=2", 3, 4, 150);
    assert!(checked > 60, "only {checked} moves compared");
}

#[test]
fn velox_on_a_fixed_board_agrees_with_the_reference_model() {
    let checked = cross_check("velox start=duel", 2, 2, 200);
    assert!(checked > 60, "only {checked} moves compared");
}

#[test]
fn the_canonical_order_is_the_reference_model_canonical_order() {
    let checked = cross_check("levis segments=3 order=canonical", 2, 4, 200);
    assert!(checked > 100, "only {checked} moves compared");
}

#[test]
fn wall_only_access_agrees_with_the_reference_model() {
    let checked = cross_check("levis start=t3 access=wall-only", 2, 4, 150);
    assert!(checked > 60, "only {checked} moves compared");
}

#[test]
#[ignore = "long: thousands of random positions in release (scripts/deep.sh)"]
fn many_random_games_agree_with_the_reference_model() {
    for (variant, seats) in [
        ("levis", 2),
        ("multi", 4),
        ("velox", 2),
        ("levis segments=4", 3),
        ("multi trim_timing=after-move segments=3", 2),
    ] {
        let checked = cross_check(variant, seats, 30, 1200);
        eprintln!("{variant} ({seats} seats): {checked} moves compared");
    }
}
