//! Tests of the reference model, named after the rules text (`shared/rules/mu.md`): placement,
//! capacities, explosions, the §4 worked examples and oscillations. Movement, scoring and random
//! games are in `tests_play`.

use std::collections::BTreeSet;

use super::*;

pub(super) const RED: u8 = 0;
pub(super) const PURPLE: u8 = 1;

pub(super) const E: usize = 0;
pub(super) const NE: usize = 1;
pub(super) const NW: usize = 2;
pub(super) const W_: usize = 3;
pub(super) const SW: usize = 4;
pub(super) const SE: usize = 5;

/// A stack of `height` men of `owner`.
pub(super) fn st(owner: u8, height: u32) -> Option<Stack> {
    Some(Stack { owner, height })
}

/// Board T3 of §4: segments A=(0,0), B=(3,−1), C=(1,2).
pub(super) fn t3() -> Board {
    Board::from_centres(&[(0, 0), (3, -1), (1, 2)])
}

/// A cell setting for [`with`]: cell, layer, optional `(owner, height)`.
pub(super) type Setting = (Hex, Layer, Option<(u8, u32)>);

/// A copy of `board` with the listed cells set to `(layer, stack)`; `stack` is `(owner, h)`.
pub(super) fn with(board: &Board, cells: &[Setting]) -> Board {
    let mut b = board.clone();
    for &(cell, layer, stack) in cells {
        assert!(b.on_board(cell), "{cell:?} is not on the board");
        b.set_layer(cell, layer);
        b.set_stack(cell, stack.map(|(owner, height)| Stack { owner, height }));
    }
    b
}

fn only_rest(stops: &BTreeSet<Stop>) -> Board {
    assert_eq!(stops.len(), 1, "expected one stop, got {stops:?}");
    match stops.first() {
        Some(Stop::Rest(b)) => b.clone(),
        other => panic!("expected a Rest, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// §2.2 placement

#[test]
fn placement_first_segment_at_origin() {
    assert_eq!(legal_placements(&[]), BTreeSet::from([(0, 0)]));
}

#[test]
fn placement_twelve_legal_centres_around_a_lone_rosette() {
    let expected: BTreeSet<Hex> = [
        (-3, 1),
        (-3, 2),
        (-2, -1),
        (-2, 3),
        (-1, -2),
        (-1, 3),
        (1, -3),
        (1, 2),
        (2, -3),
        (2, 1),
        (3, -2),
        (3, -1),
    ]
    .into_iter()
    .collect();
    let legal = legal_placements(&[(0, 0)]);
    assert_eq!(legal, expected);
    for straight in [(3, 0), (-3, 0), (0, 3), (0, -3), (3, -3), (-3, 3)] {
        assert!(
            !legal.contains(&straight),
            "{straight:?} touches at one cell only"
        );
        assert_eq!(distance(straight, (0, 0)), 3);
    }
    for &c in &legal {
        assert_eq!(distance(c, (0, 0)), 3);
    }
}

#[test]
fn placement_t3_is_legal_step_by_step() {
    assert!(legal_placements(&[(0, 0)]).contains(&(3, -1)));
    let third = legal_placements(&[(0, 0), (3, -1)]);
    assert!(third.contains(&(1, 2)));
    // Overlap is never legal.
    assert!(!third.contains(&(2, 0)));
    assert!(!third.contains(&(0, 0)));
}

// ---------------------------------------------------------------------------------------------
// §2.5 capacities, §4 board T3

#[test]
fn t3_capacities_when_all_virgin() {
    let b = t3();
    assert_eq!(b.cells.len(), 21);
    let table: [(Hex, u32); 21] = [
        ((3, -2), 3),
        ((4, -2), 3),
        ((0, -1), 3),
        ((1, -1), 4),
        ((2, -1), 5),
        ((3, -1), 6),
        ((4, -1), 3),
        ((-1, 0), 3),
        ((0, 0), 6),
        ((1, 0), 6),
        ((2, 0), 6),
        ((3, 0), 4),
        ((-1, 1), 3),
        ((0, 1), 5),
        ((1, 1), 6),
        ((2, 1), 5),
        ((0, 2), 4),
        ((1, 2), 6),
        ((2, 2), 3),
        ((0, 3), 3),
        ((1, 3), 3),
    ];
    for (cell, cap) in table {
        assert_eq!(b.capacity(cell), cap, "capacity of {cell:?}");
        assert!(b.on_board(cell));
    }
    assert!(b.hot_cells().is_empty());
    assert_eq!(b.capacity((5, 5)), 0);
}

#[test]
fn capacity_by_layer_and_hot_rules() {
    // One rosette: centre C, rims (1,0),(1,-1) W, the rest V.
    let b = with(
        &Board::from_centres(&[(0, 0)]),
        &[
            ((0, 0), Layer::C, None),
            ((1, 0), Layer::W, Some((RED, 1))),
            ((1, -1), Layer::W, Some((RED, 1))),
            ((0, -1), Layer::V, Some((RED, 1))),
        ],
    );
    assert_eq!(b.capacity((0, 0)), 4); // 4 V neighbours, the two W do not count
    assert_eq!(b.capacity((1, 0)), 1); // W neighbours only
    assert_eq!(b.capacity((0, -1)), 1); // V neighbours only: (-1,0)
    assert!(!b.is_hot((1, 0))); // W at capacity is critical, not hot
    assert!(b.is_hot((0, -1))); // V at capacity is hot
    assert!(!b.is_hot((0, 0))); // empty is never hot
    let b2 = with(&b, &[((1, 0), Layer::W, Some((RED, 2)))]);
    assert!(b2.is_hot((1, 0)));
}

// ---------------------------------------------------------------------------------------------
// §4 worked examples

/// The E1 start: Red singles on segment A, Purple singles on segment C.
pub(super) fn e1_start() -> Board {
    let mut b = t3();
    for cell in rosette((0, 0)) {
        b.set_stack(cell, st(RED, 1));
    }
    for cell in rosette((1, 2)) {
        b.set_stack(cell, st(PURPLE, 1));
    }
    b
}

#[test]
fn e1_virgin_explosion_sprout_and_chain_reaction() {
    let start = e1_start();
    assert!(start.hot_cells().is_empty());
    let m1 = ((0, 0), W_, 1);
    assert!(legal_moves(&start, RED).contains(&m1));
    let after1 = apply_move(&start, m1);
    assert_eq!(after1.stack((-1, 0)), st(RED, 2));
    assert_eq!(after1.stack((0, 0)), None);
    assert_eq!(
        all_stops(&after1, Oscillation::PlayerRemoval),
        BTreeSet::from([Stop::Rest(after1.clone())])
    );

    let m2 = ((0, -1), SW, 1);
    assert!(legal_moves(&after1, RED).contains(&m2));
    let after2 = apply_move(&after1, m2);
    assert!(after2.is_hot((-1, 0)));

    let mut expected = after2.clone();
    for (cell, layer, h) in [
        ((-1, 0), Layer::C, 1),
        ((-1, 1), Layer::C, 1),
        ((0, -1), Layer::V, 1),
        ((1, -1), Layer::V, 1),
        ((0, 0), Layer::V, 2),
        ((1, 0), Layer::V, 1),
        ((0, 1), Layer::V, 2),
    ] {
        expected.set_layer(cell, layer);
        expected.set_stack(cell, st(RED, h));
    }
    for policy in [Oscillation::PlayerRemoval, Oscillation::AutoTrim] {
        let result = only_rest(&all_stops(&after2, policy));
        assert_eq!(result, expected);
        assert_eq!(
            canonical_stop(&after2, policy),
            Stop::Rest(expected.clone())
        );
    }
    let run = canonical_run(&after2, Oscillation::AutoTrim);
    assert_eq!(run.explosions, vec![(-1, 0), (-1, 1)]);
    assert!(run.oscillations.is_empty());
    assert_eq!(
        expected.commonwealth_sections(),
        vec![BTreeSet::from([(-1, 0), (-1, 1)])]
    );
    assert_eq!(expected.capacity((-1, 0)), 3);
    assert_eq!(expected.capacity((-1, 1)), 3);
    assert_eq!(expected.capacity((0, -1)), 2);
    assert_eq!(expected.capacity((0, 0)), 4);
}

#[test]
fn e4_the_order_of_explosions_matters() {
    let start = with(
        &t3(),
        &[
            ((-1, 0), Layer::C, None),
            ((-1, 1), Layer::C, None),
            ((1, 0), Layer::C, None),
            ((2, 0), Layer::C, Some((RED, 2))),
            ((0, 1), Layer::W, None),
            ((1, -1), Layer::V, Some((RED, 1))),
        ],
    );
    assert_eq!(start.commonwealth_sections().len(), 2);
    let mv = ((2, 0), W_, 2);
    assert!(legal_moves(&start, RED).contains(&mv));
    let landed = apply_move(&start, mv);
    assert_eq!(landed.stack((0, 0)), st(RED, 2));
    assert_eq!(landed.capacity((0, 0)), 2);

    let final_a = with(
        &start,
        &[
            ((2, 0), Layer::C, None),
            ((0, -1), Layer::C, None),
            ((1, -1), Layer::W, Some((RED, 1))),
            ((2, -1), Layer::V, Some((RED, 1))),
            ((-1, 0), Layer::C, Some((RED, 1))),
            ((0, 0), Layer::W, Some((RED, 1))),
        ],
    );
    let final_b = with(
        &start,
        &[
            ((2, 0), Layer::C, None),
            ((0, -1), Layer::W, Some((RED, 1))),
            ((1, -1), Layer::C, Some((RED, 1))),
            ((2, -1), Layer::V, Some((RED, 1))),
            ((0, 0), Layer::W, Some((RED, 1))),
        ],
    );
    let expected = BTreeSet::from([Stop::Rest(final_a.clone()), Stop::Rest(final_b.clone())]);
    for policy in [Oscillation::PlayerRemoval, Oscillation::AutoTrim] {
        assert_eq!(all_stops(&landed, policy), expected);
        // (0,-1) has (r,q) = (-1,0) < (-1,1) of (1,-1): the canonical order is order A.
        assert_eq!(canonical_stop(&landed, policy), Stop::Rest(final_a.clone()));
    }
    let sizes =
        |b: &Board| -> Vec<usize> { b.commonwealth_sections().iter().map(|s| s.len()).collect() };
    assert_eq!(sizes(&final_a), vec![3, 2]);
    assert_eq!(sizes(&final_b), vec![2, 3]);
    assert_eq!(final_b.capacity((1, -1)), 2);
}

/// E7 board: the two-cell section {(0,3),(1,3)} on T3 with its other neighbours (0,2), (1,2),
/// (2,2) made Wall, so it has no V neighbours; a Red single on the Wall cell (1,2).
fn e7_start() -> Board {
    with(
        &t3(),
        &[
            ((0, 3), Layer::C, None),
            ((1, 3), Layer::C, None),
            ((0, 2), Layer::W, None),
            ((1, 2), Layer::W, Some((RED, 1))),
            ((2, 2), Layer::W, None),
        ],
    )
}

#[test]
fn e7_two_cell_section_oscillation() {
    let start = e7_start();
    assert_eq!(start.capacity((0, 3)), 1);
    assert_eq!(start.capacity((1, 3)), 1);
    let mv = ((1, 2), SE, 1);
    assert!(legal_moves(&start, RED).contains(&mv));
    let landed = apply_move(&start, mv);
    assert!(landed.is_hot((1, 3)));
    let expected = with(&landed, &[((1, 3), Layer::C, None)]);
    assert_eq!(expected.total_men(), 0);
    for policy in [Oscillation::AutoTrim, Oscillation::PlayerRemoval] {
        assert_eq!(
            all_stops(&landed, policy),
            BTreeSet::from([Stop::Rest(expected.clone())]),
            "{policy:?}"
        );
        let run = canonical_run(&landed, policy);
        assert_eq!(run.stop, Stop::Rest(expected.clone()));
        assert_eq!(run.explosions, vec![(1, 3), (0, 3)]);
        assert_eq!(run.oscillations, vec![BTreeSet::from([(0, 3), (1, 3)])]);
    }
}

// ---------------------------------------------------------------------------------------------
// §2.9 and A11: critical mass of a closed section

/// One rosette, all seven cells C: a closed section (centre cap 6, rims cap 3), `h` Red men on
/// the centre.
fn closed_rosette(h: u32) -> Board {
    let mut b = Board::from_centres(&[(0, 0)]);
    for cell in rosette((0, 0)) {
        b.set_layer(cell, Layer::C);
    }
    b.set_stack((0, 0), st(RED, h));
    b
}

#[test]
fn a11_closed_section_rests_with_17_and_cycles_with_18() {
    let b17 = closed_rosette(17);
    for policy in [Oscillation::AutoTrim, Oscillation::PlayerRemoval] {
        let run = canonical_run(&b17, policy);
        assert!(run.oscillations.is_empty());
        let Stop::Rest(rest) = run.stop else {
            panic!("17 men must come to rest");
        };
        assert_eq!(rest.height((0, 0)), 5);
        for cell in rosette((0, 0)).into_iter().skip(1) {
            assert_eq!(rest.height(cell), 2, "{cell:?}");
        }
        assert_eq!(rest.total_men(), 17);
    }
    // 18 men cycle. When the repeat is found exactly one cell is hot (it holds cap men, all
    // others cap-1), so both policies take one man off it and the section rests full (17).
    let b18 = closed_rosette(18);
    let full = match canonical_stop(&b17, Oscillation::AutoTrim) {
        Stop::Rest(rest) => rest,
        other => panic!("17 men must come to rest, got {other:?}"),
    };
    for policy in [Oscillation::AutoTrim, Oscillation::PlayerRemoval] {
        let run = canonical_run(&b18, policy);
        assert_eq!(
            run.oscillations,
            vec![rosette((0, 0)).into_iter().collect()]
        );
        assert_eq!(run.stop, Stop::Rest(full.clone()), "{policy:?}");
    }
}

#[test]
fn a11_all_orders_agree_for_a_single_colour_pile() {
    // Chip-firing in a closed single-colour section is order independent (A17).
    let stops = all_stops(&closed_rosette(8), Oscillation::PlayerRemoval);
    assert_eq!(stops.len(), 1);
    assert_eq!(only_rest(&stops).total_men(), 8);
}

#[test]
fn removal_stop_offers_the_hot_cells_of_the_section() {
    // A ring of six W cells around a V centre: each W cell has 2 W neighbours (cap 2).
    // Every cell at 3 men (18 > total capacity 12) keeps the ring firing for ever; several
    // cells are hot when the repeat is found, so the player must choose.
    let mut b = Board::from_centres(&[(0, 0)]);
    for cell in rosette((0, 0)).into_iter().skip(1) {
        b.set_layer(cell, Layer::W);
        b.set_stack(cell, st(RED, 3));
    }
    let run: Run = canonical_run(&b, Oscillation::PlayerRemoval);
    assert_eq!(run.explosions.len(), 24);
    match run.stop {
        Stop::Removal { board, cells } => {
            // Traced by hand (ring a..f = (1,0),(1,-1),(0,-1),(-1,0),(-1,1),(0,1)): after 24
            // canonical explosions the board a1 b3 c1 d2 e3 f8 (first seen after 18) repeats.
            assert_eq!(cells, BTreeSet::from([(-1, 1), (0, 1), (1, -1)]));
            assert_eq!(board.height((0, 1)), 8);
            for &c in &cells {
                assert!(board.is_hot(c));
                assert_eq!(board.layer(c), Some(Layer::W));
            }
        }
        other => panic!("expected a Removal, got {other:?}"),
    }
    let Stop::Rest(rest) = canonical_stop(&b, Oscillation::AutoTrim) else {
        panic!("AutoTrim always ends at rest");
    };
    // That same board trimmed to capacity 2 per cell: 1+2+1+2+2+2.
    assert_eq!(rest.total_men(), 10);
    assert!(rest.hot_cells().is_empty());
}

#[test]
fn capacity_zero_cell_is_removed_not_fired() {
    // A one-cell section: C centre whose six neighbours are all W; it has capacity 0.
    let mut b = Board::from_centres(&[(0, 0)]);
    for cell in rosette((0, 0)).into_iter().skip(1) {
        b.set_layer(cell, Layer::W);
    }
    b.set_layer((0, 0), Layer::C);
    b.set_stack((0, 0), st(PURPLE, 2));
    assert_eq!(b.capacity((0, 0)), 0);
    assert!(b.is_hot((0, 0)));
    assert!(super::resolve::productive_hot_cells(&b).is_empty());
    let empty = with(&b, &[((0, 0), Layer::C, None)]);
    for policy in [Oscillation::AutoTrim, Oscillation::PlayerRemoval] {
        let run = canonical_run(&b, policy);
        assert_eq!(run.stop, Stop::Rest(empty.clone()));
        assert!(run.explosions.is_empty());
        assert_eq!(run.oscillations, vec![BTreeSet::from([(0, 0)])]);
    }
}

#[test]
fn a12_capacity_zero_wall_waits_for_a_productive_explosion() {
    // Lone rosette: W centre with R1 and no W neighbour (cap 0, hot, not productive); rims
    // (1,0) and (0,-1) are one-cell sections; (1,-1) V R1 touches both (V cap 0, hot).
    let b = with(
        &Board::from_centres(&[(0, 0)]),
        &[
            ((0, 0), Layer::W, Some((RED, 1))),
            ((1, 0), Layer::C, None),
            ((0, -1), Layer::C, None),
            ((1, -1), Layer::V, Some((RED, 1))),
        ],
    );
    assert_eq!(b.hot_cells(), BTreeSet::from([(0, 0), (1, -1)]));
    assert_eq!(
        super::resolve::productive_hot_cells(&b),
        BTreeSet::from([(1, -1)])
    );
    // (1,-1) becomes Wall keeping its man; that raises the centre's capacity to 1: all at rest.
    let expected = with(&b, &[((1, -1), Layer::W, Some((RED, 1)))]);
    for policy in [Oscillation::AutoTrim, Oscillation::PlayerRemoval] {
        let run = canonical_run(&b, policy);
        assert_eq!(run.stop, Stop::Rest(expected.clone()));
        assert_eq!(run.explosions, vec![(1, -1)]);
        assert!(run.oscillations.is_empty());
        assert_eq!(
            all_stops(&b, policy),
            BTreeSet::from([Stop::Rest(expected.clone())])
        );
    }
}

#[test]
fn explosion_captures_by_replacement_and_keeps_overcapacity() {
    // V cell (0,0) on a lone rosette, rims V except (1,0) C (a section) and (0,1) C (another).
    let b = with(
        &Board::from_centres(&[(0, 0)]),
        &[
            ((0, 0), Layer::V, Some((RED, 6))),
            ((1, 0), Layer::C, None),
            ((-1, 1), Layer::C, None),
            ((1, -1), Layer::V, Some((PURPLE, 3))),
            ((0, -1), Layer::V, Some((RED, 1))),
        ],
    );
    assert_eq!(b.capacity((0, 0)), 4);
    let mut after = b.clone();
    let ex: Explosion = explode(&mut after, (0, 0));
    assert_eq!(ex.new_layer, Layer::W); // touches two sections
    assert!(!ex.sprouted);
    assert!(ex.irreversible);
    assert_eq!(
        ex.captured,
        vec![(
            (1, -1),
            Stack {
                owner: PURPLE,
                height: 3
            }
        )]
    );
    assert_eq!(after.stack((0, 0)), st(RED, 2));
    assert_eq!(after.stack((1, -1)), st(RED, 1));
    assert_eq!(after.stack((0, -1)), st(RED, 2));
    assert_eq!(after.stack((1, 0)), None); // C cells are not V targets
}
