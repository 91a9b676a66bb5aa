//! The set layouts of mutou D5/D6.

use super::super::{layout, Board, Layout, Origin, Surface, TesselId, Wrap};
use super::{names, words};

/// Whether `set` is connected through walker steps inside itself.
fn edge_connected(s: &Surface, set: &[TesselId]) -> bool {
    let mut seen = vec![set[0]];
    let mut i = 0;
    while i < seen.len() {
        for &n in s.walker(seen[i]) {
            if set.contains(&n) && !seen.contains(&n) {
                seen.push(n);
            }
        }
        i += 1;
    }
    seen.len() == set.len()
}

fn check(l: &Layout, seats: usize, bases: usize, what: &str) {
    let s = &l.surface;
    s.validate().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!((l.zones.len(), l.stands.len()), (seats, seats), "{what}");
    let mut all_zoned: Vec<TesselId> = l.zones.concat();
    let zoned = all_zoned.len();
    all_zoned.sort_unstable();
    all_zoned.dedup();
    assert_eq!(all_zoned.len(), zoned, "{what}: zones overlap");
    for (i, (zone, stand)) in l.zones.iter().zip(&l.stands).enumerate() {
        assert_eq!(stand.len(), bases, "{what}: stand {i}");
        assert!(
            stand.windows(2).all(|w| w[0] < w[1]),
            "{what}: stand {i} sorted"
        );
        assert!(
            stand.iter().all(|t| zone.contains(t)),
            "{what}: stand {i} inside its zone"
        );
        assert!(edge_connected(s, stand), "{what}: stand {i} edge-connected");
        let marked: Vec<TesselId> = s
            .tessels()
            .iter()
            .copied()
            .filter(|&t| s.stand_mark(t) == Some(i as u8))
            .collect();
        assert_eq!(&marked, stand, "{what}: stand marks of seat {i}");
    }
}

#[test]
fn every_board_seat_count_and_tier_gives_a_valid_layout() {
    let boards = [
        Board::Square(Wrap::None),
        Board::Square(Wrap::Cylinder),
        Board::Square(Wrap::Torus),
        Board::Hex,
        Board::Sown,
    ];
    for board in boards {
        for seats in 2..=10 {
            for bases in [4, 6, 9] {
                for shakken in [11, 19, 29] {
                    let what = format!("{board:?} seats {seats} bases {bases} shakken {shakken}");
                    let made = layout(board, seats, bases, shakken, 2024);
                    if matches!(board, Board::Square(w) if w != Wrap::None) && seats > 2 {
                        assert!(made.is_err(), "{what}");
                        continue;
                    }
                    check(
                        &made.unwrap_or_else(|e| panic!("{what}: {e}")),
                        seats,
                        bases,
                        &what,
                    );
                }
            }
        }
    }
}

#[test]
fn the_same_arguments_give_the_same_layout() {
    for board in [Board::Square(Wrap::None), Board::Hex, Board::Sown] {
        let a = layout(board, 5, 6, 19, 99).unwrap();
        let b = layout(board, 5, 6, 19, 99).unwrap();
        assert_eq!(a, b, "{board:?}");
    }
    let other = layout(Board::Sown, 5, 6, 19, 100).unwrap();
    assert_ne!(
        layout(Board::Sown, 5, 6, 19, 99).unwrap().surface,
        other.surface
    );
}

#[test]
fn two_seat_stands_are_centred_on_the_back_ranks() {
    let cases = [
        (4, "c1 d1 e1 f1", "c8 d8 e8 f8"),
        (6, "b1 c1 d1 e1 f1 g1", "b8 c8 d8 e8 f8 g8"),
        (8, "a1 b1 c1 d1 e1 f1 g1 h1", "a8 b8 c8 d8 e8 f8 g8 h8"),
        (
            9,
            "a1 b1 c1 d1 e1 f1 g1 h1 d2",
            "a8 b8 c8 d8 e8 f8 g8 h8 e7",
        ),
    ];
    for (bases, first, second) in cases {
        let l = layout(Board::Square(Wrap::None), 2, bases, 11, 0).unwrap();
        assert_eq!(names(&l.surface, &l.stands[0]), words(first));
        assert_eq!(names(&l.surface, &l.stands[1]), words(second));
        assert_eq!(l.zones[0].len(), 32);
        assert_eq!(names(&l.surface, &l.zones[1][..1]), words("a5"));
    }
    let l = layout(Board::Square(Wrap::Cylinder), 2, 16, 11, 0).unwrap();
    assert_eq!(l.stands[1].len(), 16);
    let a1 = l.surface.parse_tessel("a1").unwrap();
    assert_eq!(names(&l.surface, l.surface.walker(a1)), words("a2 b1 h1"));
    assert!(layout(Board::Square(Wrap::None), 2, 17, 11, 0).is_err());
}

#[test]
fn disc_stands_sit_at_the_rim_of_their_own_sector() {
    let l = layout(Board::Square(Wrap::None), 4, 6, 19, 0).unwrap();
    for (i, stand) in l.stands.iter().enumerate() {
        for &t in stand {
            let Origin::Square { x, y } = l.surface.origin(t) else {
                panic!()
            };
            let (cx, cy) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
            let (bx, by) = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)][i];
            assert!(
                cx * bx + cy * by > 0.0,
                "seat {i}: {} lies on its side",
                l.surface.name(t)
            );
        }
    }
    let sizes: Vec<usize> = l.zones.iter().map(Vec::len).collect();
    assert!(sizes.iter().all(|&n| n >= 18), "{sizes:?}");
    assert!(
        sizes.iter().all(|&n| n == sizes[0]),
        "four-fold symmetric disc: {sizes:?}"
    );
}

#[test]
fn impossible_layouts_are_refused() {
    let err =
        |b, seats, bases, shakken| layout(b, seats, bases, shakken, 0).unwrap_err().to_string();
    assert_eq!(
        err(Board::Hex, 0, 4, 11),
        "no set layout: 0 seats (MuTou has 2 to 10, S1)"
    );
    assert!(err(Board::Hex, 11, 4, 11).contains("11 seats"));
    assert!(err(Board::Sown, 3, 0, 11).contains("0 bases"));
    assert!(err(Board::Sown, 3, 12, 11).contains("12 bases from 11 shakken"));
    assert!(err(Board::Hex, 3, 41, 11).contains("41 bases"));
    assert!(err(Board::Square(Wrap::Torus), 3, 4, 11).contains("wraps only the 2-seat board"));
}
