//! Voronoi sowing (mutou D6): exact vertex sharing, co-circular points, big cells.

use super::super::layout::SplitMix64;
use super::super::{Origin, Surface, TesselId};
use super::names;

fn square_outline(side: f64) -> Vec<(f64, f64)> {
    vec![(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)]
}

/// Random points at least `gap` apart inside (margin, side − margin)².
fn scatter(seed: u64, count: usize, side: f64, gap: f64) -> Vec<(f64, f64)> {
    let mut rng = SplitMix64::new(seed);
    let mut pts: Vec<(f64, f64)> = Vec::new();
    while pts.len() < count {
        let p = (
            0.1 + rng.unit() * (side - 0.2),
            0.1 + rng.unit() * (side - 0.2),
        );
        if pts.iter().all(|q| (p.0 - q.0).hypot(p.1 - q.1) >= gap) {
            pts.push(p);
        }
    }
    pts
}

/// V − E + F = 1 for a disc: vertices and edges counted on the glued map.
fn euler(s: &Surface) -> i64 {
    let mut verts: Vec<_> = s
        .tessels()
        .iter()
        .flat_map(|&t| s.vertices(t).to_vec())
        .collect();
    verts.sort_unstable();
    verts.dedup();
    let mut edges: Vec<_> = s
        .tessels()
        .iter()
        .flat_map(|&t| s.edges(t).to_vec())
        .collect();
    edges.sort_unstable();
    edges.dedup();
    verts.len() as i64 - edges.len() as i64 + s.len() as i64
}

#[test]
fn four_co_circular_points_meet_at_one_vertex_like_squares() {
    let pts: Vec<(f64, f64)> = (0..9)
        .map(|i| (f64::from(i % 3) + 0.5, f64::from(i / 3) + 0.5))
        .collect();
    let s = Surface::sown(&square_outline(3.0), &pts).unwrap();
    assert_eq!(s.len(), 9);
    let centre = TesselId(4);
    assert_eq!(s.vertices(centre).len(), 4);
    assert_eq!(s.walker(centre).len(), 4);
    assert_eq!(
        s.angler(centre).len(),
        4,
        "the diagonal cells share only a corner"
    );
    let board = Surface::square(3, 3, super::super::Wrap::None).unwrap();
    for &t in s.tessels() {
        assert_eq!(s.walker(t), board.walker(t));
        assert_eq!(s.angler(t), board.angler(t));
        assert_eq!(s.jagger(t), board.jagger(t));
    }
    assert_eq!(euler(&s), 1);
    assert_eq!(s.name(centre), "t4");
    assert_eq!(s.origin(centre), Origin::Sown { x: 1.5, y: 1.5 });
}

#[test]
fn generic_sown_cells_share_an_edge_wherever_they_share_a_vertex() {
    for seed in 0..20 {
        let pts = scatter(seed, 40, 8.0, 0.6);
        let s = Surface::sown(&square_outline(8.0), &pts).unwrap();
        assert_eq!(s.len(), 40);
        assert_eq!(euler(&s), 1, "seed {seed}");
        for &t in s.tessels() {
            // mutou C4: no Angler moves on a generic Voronoi board, and no T-junctions.
            assert!(
                s.angler(t).is_empty(),
                "seed {seed}: {} has {:?}",
                t,
                names(&s, s.angler(t))
            );
        }
    }
}

#[test]
fn nearly_co_circular_points_still_give_a_valid_map() {
    for k in 0..12 {
        let wobble = 10f64.powi(-k);
        let pts = vec![
            (1.0, 1.0),
            (2.0 + wobble, 1.0),
            (1.0, 2.0),
            (2.0, 2.0 + wobble / 3.0),
        ];
        let s = Surface::sown(&square_outline(4.0), &pts).unwrap();
        assert_eq!(euler(&s), 1, "wobble {wobble}");
        s.validate().unwrap();
    }
}

#[test]
fn a_cell_with_more_than_nineteen_corners_is_split() {
    let outline: Vec<(f64, f64)> = (0..32)
        .map(|j| {
            let a = std::f64::consts::TAU * f64::from(j) / 32.0;
            (5.0 * a.cos(), 5.0 * a.sin())
        })
        .collect();
    let s = Surface::sown(&outline, &[(0.3, 0.2)]).unwrap();
    assert_eq!(s.len(), 2);
    assert_eq!(s.vertices(TesselId(0)).len(), 18);
    assert_eq!(s.vertices(TesselId(1)).len(), 16);
    assert!(matches!(s.origin(TesselId(1)), Origin::Sown { .. }));
    assert!(!s.edited(TesselId(1)));
}

#[test]
fn sowing_refuses_points_outside_points_on_points_and_bent_outlines() {
    let outline = square_outline(3.0);
    let err = |pts: &[(f64, f64)], outline: &[(f64, f64)]| {
        Surface::sown(outline, pts).unwrap_err().to_string()
    };
    assert!(err(&[(1.0, 1.0), (4.0, 1.0)], &outline).contains("point 1 (4.0, 1.0) is not inside"));
    assert!(err(&[(1.0, 1.0), (1.0, 1.0)], &outline).contains("points 0 and 1"));
    assert!(err(&[], &outline).contains("no points"));
    let bent = [(0.0, 0.0), (3.0, 0.0), (1.0, 1.0), (0.0, 3.0)];
    assert!(err(&[(0.5, 0.5)], &bent).contains("not convex"));
    let clockwise: Vec<(f64, f64)> = outline.iter().rev().copied().collect();
    assert_eq!(
        Surface::sown(&clockwise, &[(1.0, 1.0), (2.0, 2.0)])
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn the_same_points_give_the_same_surface() {
    let pts = scatter(7, 30, 7.0, 0.6);
    let a = Surface::sown(&square_outline(7.0), &pts).unwrap();
    let b = Surface::sown(&square_outline(7.0), &pts).unwrap();
    assert_eq!(a, b);
}
