//! Tests of the reference model, continued: movement (§2.10), scoring (§2.12) and the §2.13
//! invariants over pseudo-random games.

use std::collections::{BTreeMap, BTreeSet};

use super::play::{is_legal_move, section_owner, step_n};
use super::tests::{e1_start, st, t3, with, E, NE, NW, PURPLE, RED, SE, SW, W_};
use super::*;

// ---------------------------------------------------------------------------------------------
// §2.10 movement

/// T3 with a red bridge: (0,0) C R3, (1,0) W R2, (2,0) C, (3,0) W empty, (1,-1) W P1,
/// (0,1) W empty, (0,-1) V R2.
fn movement_board() -> Board {
    with(
        &t3(),
        &[
            ((0, 0), Layer::C, Some((RED, 3))),
            ((1, 0), Layer::W, Some((RED, 2))),
            ((2, 0), Layer::C, None),
            ((3, 0), Layer::W, None),
            ((1, -1), Layer::W, Some((PURPLE, 1))),
            ((0, 1), Layer::W, None),
            ((0, -1), Layer::V, Some((RED, 2))),
        ],
    )
}

#[test]
fn movement_wall_bridges_and_landing() {
    let b = movement_board();
    let red = legal_moves(&b, RED);
    // From C: never land on W; cross W only over a red stack.
    assert!(!red.contains(&((0, 0), E, 1)));
    assert!(red.contains(&((0, 0), E, 2)));
    assert!(!red.contains(&((0, 0), E, 3)));
    assert!(!red.contains(&((0, 0), NE, 1)));
    assert!(!red.contains(&((0, 0), SE, 1)));
    assert!(!red.contains(&((0, 0), SE, 2))); // empty W is no bridge
    assert!(!red.contains(&((0, 0), SE, 3)));
    // From V: the purple W stack is no bridge, and W is no landing.
    assert!(!red.contains(&((0, -1), E, 1)));
    assert!(!red.contains(&((0, -1), E, 2)));
    assert!(red.contains(&((0, -1), SE, 1))); // onto own C stack: merge

    // From W: anything on the board, W included.
    assert!(red.contains(&((1, 0), E, 1)));
    assert!(red.contains(&((1, 0), E, 2))); // lands on empty W (3,0)
    assert!(red.contains(&((1, 0), NW, 1))); // captures the purple W stack
    assert!(red.contains(&((1, 0), W_, 1)));
    assert!(red.contains(&((1, 0), W_, 2)));
    assert!(red.contains(&((1, 0), SW, 1))); // onto empty W (0,1)

    // Purple's W single may go anywhere adjacent on the board.
    let purple = legal_moves(&b, PURPLE);
    assert!(purple.contains(&((1, -1), SW, 1))); // captures the red C stack (0,0)
    assert!(purple.contains(&((1, -1), SE, 1))); // captures the red W stack (1,0)
    assert!(!purple.contains(&((1, -1), NW, 1))); // (1,-2) is Out of Bounds
    assert_eq!(purple.len(), 4);
    for &mv in &red {
        assert!(is_legal_move(&b, RED, mv));
    }
    assert!(!is_legal_move(&b, PURPLE, ((0, 0), W_, 1))); // not purple's stack
}

#[test]
fn movement_out_of_bounds_is_never_entered_or_crossed() {
    let b = movement_board();
    let red = legal_moves(&b, RED);
    assert!(!red.contains(&((0, 0), W_, 2))); // (-2,0) is OOB
    assert!(red.contains(&((0, 0), W_, 1)));
    assert!(!red.contains(&((0, 0), NE, 2))); // (2,-2) is OOB

    // Two rosettes with a one-cell gap: (2,0) is Out of Bounds between (1,0) and (3,0).
    let gap = with(
        &Board::from_centres(&[(0, 0), (4, 0)]),
        &[((1, 0), Layer::W, Some((RED, 2)))],
    );
    assert!(!gap.on_board((2, 0)));
    let moves = legal_moves(&gap, RED);
    assert!(!moves.contains(&((1, 0), E, 2)));
    assert!(!moves.contains(&((1, 0), E, 1)));
    assert!(moves.contains(&((1, 0), W_, 2)));
    for (from, dir, k) in moves {
        for cell in super::play::move_path(from, dir, k) {
            assert!(gap.on_board(cell));
        }
    }
}

#[test]
fn apply_move_merges_and_captures_by_replacement() {
    let b = movement_board();
    let merged = apply_move(&b, ((1, 0), W_, 1));
    assert_eq!(merged.stack((0, 0)), st(RED, 4));
    assert_eq!(merged.stack((1, 0)), st(RED, 1));
    let captured = apply_move(&b, ((1, -1), SE, 1));
    assert_eq!(captured.stack((1, 0)), st(PURPLE, 1));
    assert_eq!(captured.stack((1, -1)), None);
    let whole = apply_move(&b, ((0, 0), E, 2));
    assert_eq!(whole.stack((0, 0)), st(RED, 1));
    assert_eq!(whole.stack((2, 0)), st(RED, 2));
    assert_eq!(whole.stack((1, 0)), st(RED, 2)); // passed over
}

// ---------------------------------------------------------------------------------------------
// §2.12 scoring

/// One rosette: centre W, rims (1,0),(1,-1) = section S1, (-1,0),(-1,1) = section S2,
/// (0,-1) and (0,1) W.
fn two_section_rosette() -> Board {
    with(
        &Board::from_centres(&[(0, 0)]),
        &[
            ((0, 0), Layer::W, None),
            ((1, 0), Layer::C, None),
            ((1, -1), Layer::C, None),
            ((-1, 0), Layer::C, None),
            ((-1, 1), Layer::C, None),
            ((0, -1), Layer::W, None),
            ((0, 1), Layer::W, None),
        ],
    )
}

#[test]
fn scoring_owned_and_neutral() {
    let base = two_section_rosette();
    assert_eq!(base.commonwealth_sections().len(), 2);
    assert_eq!(
        base.wall_sections(),
        vec![BTreeSet::from([(0, -1), (0, 0), (0, 1)])]
    );
    let owned = with(
        &base,
        &[
            ((1, 0), Layer::C, Some((RED, 1))),
            ((-1, 0), Layer::C, Some((PURPLE, 1))),
        ],
    );
    assert_eq!(scores(&owned, 2, Access::AnyMove), vec![2, 2]);
    let neutral = with(&owned, &[((1, -1), Layer::C, Some((PURPLE, 1)))]);
    assert_eq!(scores(&neutral, 2, Access::AnyMove), vec![0, 2]);
    assert_eq!(scores(&neutral, 3, Access::WallOnly), vec![0, 2, 0]);
}

#[test]
fn scoring_empty_section_by_access() {
    // S1 empty; a red single on the W centre can step into it; purple sits in S2 and cannot
    // cross the red bridge.
    let b = with(
        &two_section_rosette(),
        &[
            ((0, 0), Layer::W, Some((RED, 1))),
            ((-1, 0), Layer::C, Some((PURPLE, 1))),
        ],
    );
    let s1 = BTreeSet::from([(1, -1), (1, 0)]);
    assert_eq!(section_owner(&b, &s1, Access::AnyMove), Some(RED));
    assert_eq!(scores(&b, 2, Access::AnyMove), vec![2, 2]);
    assert_eq!(scores(&b, 2, Access::WallOnly), vec![2, 2]);
    // A purple single on W (0,-1) can jump in too: S1 becomes neutral.
    let contested = with(&b, &[((0, -1), Layer::W, Some((PURPLE, 1)))]);
    assert_eq!(section_owner(&contested, &s1, Access::AnyMove), None);
    assert_eq!(scores(&contested, 2, Access::AnyMove), vec![0, 2]);
    // No one can reach an empty section: neutral.
    let nobody = two_section_rosette();
    assert_eq!(scores(&nobody, 2, Access::AnyMove), vec![0, 0]);
}

#[test]
fn scoring_access_any_move_versus_wall_only() {
    // T3 with an empty two-cell section {(0,3),(1,3)}; its neighbours (0,2) V with a red single,
    // (1,2) and (2,2) W empty. Only the V piece can reach it.
    let b = with(
        &t3(),
        &[
            ((0, 3), Layer::C, None),
            ((1, 3), Layer::C, None),
            ((0, 2), Layer::V, Some((RED, 1))),
            ((1, 2), Layer::W, None),
            ((2, 2), Layer::W, None),
        ],
    );
    let s = BTreeSet::from([(0, 3), (1, 3)]);
    assert_eq!(section_owner(&b, &s, Access::AnyMove), Some(RED));
    assert_eq!(section_owner(&b, &s, Access::WallOnly), None);
    assert_eq!(scores(&b, 2, Access::AnyMove), vec![2, 0]);
    assert_eq!(scores(&b, 2, Access::WallOnly), vec![0, 0]);
}

#[test]
fn scoring_enclosed_virginity_fragment() {
    // Lone rosette: V centre enclosed by a ring of six C cells (one section) holding a red man.
    let mut ring = Board::from_centres(&[(0, 0)]);
    for cell in rosette((0, 0)).into_iter().skip(1) {
        ring.set_layer(cell, Layer::C);
    }
    ring.set_stack((1, 0), st(RED, 1));
    assert_eq!(scores(&ring, 2, Access::AnyMove), vec![7, 0]);
    // A fragment touching a Wall cell does not count.
    let walled = with(&ring, &[((0, 1), Layer::W, None)]);
    assert_eq!(scores(&walled, 2, Access::AnyMove), vec![5, 0]);
    // A fragment touching two sections does not count; unenclosed Virginity scores for no one.
    let split = with(
        &ring,
        &[((0, 1), Layer::V, None), ((0, -1), Layer::V, None)],
    );
    assert_eq!(split.commonwealth_sections().len(), 2);
    assert_eq!(scores(&split, 2, Access::AnyMove), vec![2, 0]);
    // On T3: the all-V board has no sections and no score.
    assert_eq!(scores(&e1_start(), 2, Access::AnyMove), vec![0, 0]);
}

// ---------------------------------------------------------------------------------------------
// §2.13 invariants over pseudo-random games

/// A small deterministic pseudo-random generator (xorshift), so the test needs no crates.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn check_invariants(before: &Board, after: &Board) {
    assert!(after.hot_cells().is_empty());
    for (&cell, &(layer, stack)) in &after.cells {
        let cap = after.capacity(cell);
        let h = stack.map_or(0, |s| s.height);
        if let Some(s) = stack {
            assert!(s.height > 0);
        }
        match layer {
            Layer::V | Layer::C => assert!(h <= cap.saturating_sub(1) && h <= 5),
            Layer::W => assert!(h <= cap && cap <= 4),
        }
        let old = before.layer(cell);
        assert!(
            old == Some(layer) || old == Some(Layer::V),
            "layer went back"
        );
        if layer == Layer::W {
            let sections: BTreeSet<BTreeSet<Hex>> = after
                .neighbours(cell)
                .into_iter()
                .filter(|&n| after.layer(n) == Some(Layer::C))
                .map(|n| after.section_of(n))
                .collect();
            assert!(
                sections.len() >= 2,
                "wall cell {cell:?} touches {sections:?}"
            );
        }
    }
    // Sections never merge: every old section lies inside one new section.
    for old in before.commonwealth_sections() {
        let first = old.iter().next().copied().map(|c| after.section_of(c));
        assert!(first.is_some_and(|s| old.is_subset(&s)));
    }
    let new_count = after.commonwealth_sections().len();
    assert!(new_count >= before.commonwealth_sections().len());
}

/// A random legal board of `segments` rosettes (each placement drawn from
/// [`legal_placements`]) with `players` seats, each filling one segment with single men.
fn random_start(rng: &mut Rng, segments: usize, players: usize) -> Board {
    let mut centres: Vec<Hex> = Vec::new();
    while centres.len() < segments {
        let legal: Vec<Hex> = legal_placements(&centres).into_iter().collect();
        centres.push(legal[rng.below(legal.len())]);
    }
    let mut board = Board::from_centres(&centres);
    assert_eq!(board.cells.len(), 7 * segments);
    for p in 0..players {
        let centre = centres[p * segments / players];
        for cell in rosette(centre) {
            board.set_stack(
                cell,
                Some(Stack {
                    owner: p as u8,
                    height: 1,
                }),
            );
        }
    }
    board
}

#[test]
fn invariants_hold_in_random_games() {
    let mut layer_counts: BTreeMap<Layer, usize> = BTreeMap::new();
    let mut oscillations = 0;
    let mut order_choices = 0;
    let mut too_long = 0;
    for game in 0..12_u64 {
        let policy = if game % 2 == 0 {
            Oscillation::AutoTrim
        } else {
            Oscillation::PlayerRemoval
        };
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (game.wrapping_mul(0x2545_f491_4f6c_dd1d)));
        let players = 2 + (game % 3) as usize;
        let mut board = random_start(&mut rng, 6 + (game % 3) as usize, players);
        for ply in 0..120 {
            let mover = (ply % players) as u8;
            let moves: Vec<_> = legal_moves(&board, mover).into_iter().collect();
            if moves.is_empty() {
                continue;
            }
            // Prefer moves that set something off, so that the games get going.
            let igniting: Vec<_> = moves
                .iter()
                .copied()
                .filter(|&(from, dir, k)| {
                    // Only the landing cell can become hot from the move itself (§2.10 step 5).
                    apply_move(&board, (from, dir, k)).is_hot(step_n(from, dir, k))
                })
                .collect();
            let mv = if !igniting.is_empty() && rng.below(3) > 0 {
                igniting[rng.below(igniting.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            assert!(is_legal_move(&board, mover, mv));
            let landed = apply_move(&board, mv);
            let landing = step_n(mv.0, mv.1, mv.2);
            assert!(landed.hot_cells().iter().all(|&c| c == landing));
            let run = canonical_run(&landed, policy);
            oscillations += run.oscillations.len();
            // The exhaustive search is exponential in long chains: bound it.
            match all_stops_within(&landed, policy, 300) {
                Some(all) => {
                    assert!(all.contains(&run.stop));
                    if all.len() > 1 {
                        order_choices += 1;
                    }
                }
                None => too_long += 1,
            }
            let mut stop = run.stop;
            while let Stop::Removal { board: b, cells } = stop {
                let pick: Vec<Hex> = cells.into_iter().collect();
                let cell = pick[rng.below(pick.len())];
                stop = canonical_stop(&remove_man(&b, cell), policy);
            }
            let Stop::Rest(rest) = stop else {
                unreachable!("the loop above only leaves on Rest");
            };
            check_invariants(&board, &rest);
            board = rest;
        }
        for &(layer, _) in board.cells.values() {
            *layer_counts.entry(layer).or_default() += 1;
        }
        let total: u32 = scores(&board, players, Access::AnyMove).iter().sum();
        assert!(total as usize <= board.cells.len());
    }
    // The games must exercise what they are meant to check (the seeds are fixed).
    assert!(oscillations > 0, "no oscillation met");
    assert!(
        order_choices > 0,
        "no chain reaction with several outcomes met"
    );
    assert!(too_long < 12, "too many searches cut short: {too_long}");
    assert!(layer_counts.get(&Layer::C).is_some_and(|&n| n > 0));
    assert!(layer_counts.get(&Layer::W).is_some_and(|&n| n > 0));
}
