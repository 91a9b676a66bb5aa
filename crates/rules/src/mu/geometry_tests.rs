//! Tests of the hex geometry and the segment lay-out test.

use super::*;

fn t3() -> Geometry {
    Geometry::new(&[Hex::new(0, 0), Hex::new(3, -1), Hex::new(1, 2)]).unwrap()
}

#[test]
fn around_a_lone_segment_twelve_centres_at_distance_three_are_legal() {
    let g = Geometry::new(&[Hex::new(0, 0)]).unwrap();
    let legal = g.legal_centres();
    let mut expected: Vec<Hex> = [
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
    .map(|(q, r)| Hex::new(q, r))
    .to_vec();
    expected.sort_by_key(|h| h.canonical_key());
    assert_eq!(legal, expected);
}

#[test]
fn a_segment_touching_the_board_at_one_cell_is_refused() {
    let g = Geometry::new(&[Hex::new(0, 0)]).unwrap();
    for (q, r) in [(3, 0), (-3, 0), (0, 3), (0, -3), (3, -3), (-3, 3)] {
        let why = g.placement_error(Hex::new(q, r)).unwrap();
        assert!(why.contains("only one"), "{q},{r}: {why}");
    }
    assert!(g
        .placement_error(Hex::new(1, 1))
        .unwrap()
        .contains("overlap"));
    assert!(g
        .placement_error(Hex::new(5, 0))
        .unwrap()
        .contains("not touch"));
}

#[test]
fn cells_are_named_by_segment_and_rosette_position() {
    let g = t3();
    assert_eq!(g.cell_at(Hex::new(-1, 0)).unwrap().to_string(), "A4");
    assert_eq!(g.cell_at(Hex::new(3, -1)).unwrap().to_string(), "B0");
    assert_eq!(g.cell_at(Hex::new(1, 3)).unwrap().to_string(), "C6");
    assert_eq!(g.hex(Cell(7 * 2 + 1)), Hex::new(2, 2));
}

#[test]
fn segment_letters_run_like_spreadsheet_columns() {
    for (i, text) in [
        (0, "A"),
        (25, "Z"),
        (26, "AA"),
        (51, "AZ"),
        (52, "BA"),
        (63, "BL"),
    ] {
        assert_eq!(Segment(i).to_string(), text);
        assert_eq!(Segment::parse(text), Some(Segment(i)));
    }
    assert_eq!(Segment::parse("BM"), None, "64 segments at most");
    assert_eq!(Segment::parse("b"), Some(Segment(1)));
}

#[test]
fn the_kept_placement_list_agrees_with_the_single_test() {
    // Boards grown by always taking a legal centre picked by a fixed sequence; at every
    // size the kept list equals the single test run over a box around the board.
    for seed in 0..6u64 {
        let mut g = Geometry::new(&[Hex::new(0, 0)]).unwrap();
        for step in 0..24u64 {
            let legal = g.legal_centres();
            let mut expected = Vec::new();
            for r in -40..=40 {
                for q in -40..=40 {
                    if g.placement_error(Hex::new(q, r)).is_none() {
                        expected.push(Hex::new(q, r));
                    }
                }
            }
            expected.sort_by_key(|h| h.canonical_key());
            assert_eq!(legal, expected, "seed {seed}, step {step}");
            let pick = crate::hash::mix(seed * 100 + step) as usize % legal.len();
            g = Arc::unwrap_or_clone(g.with_segment(legal[pick]));
        }
    }
}

#[test]
fn a_board_grown_segment_by_segment_has_the_tables_of_one_built_at_once() {
    for seed in 0..6u64 {
        let mut g = Geometry::new(&[Hex::new(0, 0)]).unwrap();
        for step in 0..40u64 {
            let legal = g.legal_centres();
            let pick = crate::hash::mix(seed * 1000 + step) as usize % legal.len();
            g = Arc::unwrap_or_clone(g.with_segment(legal[pick]));
            let whole = Geometry::new(g.centres()).unwrap();
            assert_eq!(g.hexes, whole.hexes, "seed {seed}, step {step}");
            assert_eq!(g.neighbours, whole.neighbours, "seed {seed}, step {step}");
            assert_eq!(g.rank, whole.rank, "seed {seed}, step {step}");
            assert_eq!(g.index, whole.index, "seed {seed}, step {step}");
            assert_eq!(g.legal, whole.legal, "seed {seed}, step {step}");
        }
    }
}

#[test]
fn off_board_neighbours_are_out_of_bounds() {
    let g = t3();
    let a4 = g.cell_at(Hex::new(-1, 0)).unwrap();
    assert_eq!(g.neighbours(a4).count(), 3);
    assert_eq!(g.neighbour(a4, Dir::W), None);
}
