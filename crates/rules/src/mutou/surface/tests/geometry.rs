//! The drawing: every live tessel is a simple polygon of positive area, no two overlap,
//! through any sequence of area alterations (mutou D2) on square, hex and sown boards; the
//! coordinates follow from the edit log alone and stay out of equality and hashing.
//!
//! The polygon checks here are the tests' own (not the module's `plane`), with a tolerance of
//! `TOL` board units.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use proptest::prelude::*;

use super::super::layout::SplitMix64;
use super::super::{layout, Board, Edit, Point, Surface, TesselShape, Wrap};

/// Distances at or below this count as touching.
const TOL: f64 = 1e-9;

fn orient(a: Point, b: Point, c: Point) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

fn dist_to_segment(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let l2 = dx * dx + dy * dy;
    let t = match l2 {
        0.0 => 0.0,
        _ => (((p.x - a.x) * dx + (p.y - a.y) * dy) / l2).clamp(0.0, 1.0),
    };
    (p.x - a.x - t * dx).hypot(p.y - a.y - t * dy)
}

/// Segments a–b and c–d cross at a point inside both (each strictly separates the other's
/// ends).
fn cross_properly(a: Point, b: Point, c: Point, d: Point) -> bool {
    let side = |o: f64| {
        if o > TOL {
            1
        } else if o < -TOL {
            -1
        } else {
            0
        }
    };
    side(orient(a, b, c)) * side(orient(a, b, d)) < 0
        && side(orient(c, d, a)) * side(orient(c, d, b)) < 0
}

fn dist_segments(a: Point, b: Point, c: Point, d: Point) -> f64 {
    if cross_properly(a, b, c, d) {
        return 0.0;
    }
    dist_to_segment(a, c, d)
        .min(dist_to_segment(b, c, d))
        .min(dist_to_segment(c, a, b))
        .min(dist_to_segment(d, a, b))
}

fn sides(poly: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
    (0..poly.len()).map(move |i| (poly[i], poly[(i + 1) % poly.len()]))
}

/// Twice the signed area.
fn area2(poly: &[Point]) -> f64 {
    sides(poly).map(|(a, b)| a.x * b.y - a.y * b.x).sum()
}

/// Strictly inside (by more than `TOL`), by the crossing number.
fn strictly_inside(poly: &[Point], p: Point) -> bool {
    if sides(poly).any(|(a, b)| dist_to_segment(p, a, b) <= TOL) {
        return false;
    }
    let crossings = sides(poly)
        .filter(|(a, b)| (a.y > p.y) != (b.y > p.y))
        .filter(|(a, b)| p.x < a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x))
        .count();
    crossings % 2 == 1
}

/// A closed simple polygon of positive area, counter-clockwise: sides that are not
/// neighbours keep apart, and neighbours do not fold back onto each other.
fn assert_simple(shape: &TesselShape) {
    let poly = &shape.outline;
    let t = shape.tessel;
    let n = poly.len();
    assert!(n >= 3, "{t} has {n} points");
    assert!(
        area2(poly) > TOL,
        "{t} has area {} : {poly:?}",
        area2(poly) / 2.0
    );
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        let c = poly[(i + 2) % n];
        assert!(
            dist_to_segment(c, a, b) > TOL && dist_to_segment(a, b, c) > TOL,
            "{t} folds back at point {}: {poly:?}",
            (i + 1) % n
        );
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue;
            }
            let (c, d) = (poly[j], poly[(j + 1) % n]);
            assert!(
                dist_segments(a, b, c, d) > TOL,
                "{t} touches itself (sides {i} and {j}): {poly:?}"
            );
        }
    }
}

/// A point just inside `poly` beside the middle of its longest side.
fn inner_point(poly: &[Point]) -> Point {
    let (a, b) = sides(poly)
        .max_by(|(a, b), (c, d)| {
            let l = |p: &Point, q: &Point| (q.x - p.x).hypot(q.y - p.y);
            l(a, b).total_cmp(&l(c, d))
        })
        .unwrap();
    let l = (b.x - a.x).hypot(b.y - a.y);
    let k = 1e-6 / l;
    Point {
        x: (a.x + b.x) / 2.0 - (b.y - a.y) * k,
        y: (a.y + b.y) / 2.0 + (b.x - a.x) * k,
    }
}

fn bbox(poly: &[Point]) -> (Point, Point) {
    let lo = poly
        .iter()
        .fold((f64::MAX, f64::MAX), |m, p| (m.0.min(p.x), m.1.min(p.y)));
    let hi = poly
        .iter()
        .fold((f64::MIN, f64::MIN), |m, p| (m.0.max(p.x), m.1.max(p.y)));
    (Point { x: lo.0, y: lo.1 }, Point { x: hi.0, y: hi.1 })
}

/// The interiors of `p` and `q` meet: a proper crossing of sides, a point, side midpoint or
/// inner point of one strictly inside the other.
fn overlap(p: &[Point], q: &[Point]) -> Option<String> {
    for (a, b) in sides(p) {
        for (c, d) in sides(q) {
            if cross_properly(a, b, c, d) {
                return Some(format!("sides {a:?}–{b:?} and {c:?}–{d:?} cross"));
            }
        }
    }
    for (one, other) in [(p, q), (q, p)] {
        let mids = sides(one).map(|(a, b)| Point {
            x: (a.x + b.x) / 2.0,
            y: (a.y + b.y) / 2.0,
        });
        let probes = one.iter().copied().chain(mids).chain([inner_point(one)]);
        for probe in probes {
            if strictly_inside(other, probe) {
                return Some(format!("{probe:?} lies inside the other"));
            }
        }
    }
    None
}

/// The drawing holds: simple outlines of positive area, pairwise disjoint interiors, and
/// outlines, vertex marks and edge lines agree with each other and with the map.
fn assert_drawing(s: &Surface, what: &str) {
    let shapes = s.shapes();
    assert_eq!(shapes.len(), s.len(), "{what}: one shape per live tessel");
    let marks = s.vertex_marks();
    for shape in &shapes {
        assert_simple(shape);
        let t = shape.tessel;
        let corners: Vec<_> = shape.corners.iter().map(|c| c.vertex).collect();
        assert_eq!(corners, s.vertices(t), "{what}: corners of {t}");
        for c in &shape.corners {
            let at = shape.outline[c.index];
            assert!(
                marks.iter().any(|m| m.vertex == c.vertex && m.at == at),
                "{what}: corner {} of {t} has no mark at {at:?}",
                c.vertex
            );
        }
        let points: usize = s
            .edges(t)
            .iter()
            .map(|&e| s.edge_line(e).map_or(0, |l| l.line.len() - 1))
            .sum();
        if s.edges(t)
            .iter()
            .all(|e| !s.splices().iter().any(|p| p[0] == *e))
        {
            assert_eq!(
                points,
                shape.outline.len(),
                "{what}: {t} is drawn by its edges"
            );
        }
    }
    let boxes: Vec<_> = shapes.iter().map(|sh| bbox(&sh.outline)).collect();
    for i in 0..shapes.len() {
        for j in i + 1..shapes.len() {
            let ((alo, ahi), (blo, bhi)) = (boxes[i], boxes[j]);
            if alo.x > bhi.x || blo.x > ahi.x || alo.y > bhi.y || blo.y > ahi.y {
                continue;
            }
            let (p, q) = (&shapes[i], &shapes[j]);
            if let Some(why) = overlap(&p.outline, &q.outline) {
                panic!("{what}: {} and {} overlap: {why}", p.tessel, q.tessel);
            }
        }
    }
    for line in s.edge_lines() {
        let at = |v, p| marks.iter().any(|m| m.vertex == v && m.at == p);
        let (first, last) = (line.line[0], line.line[line.line.len() - 1]);
        assert!(
            at(line.tail, first) && at(line.head, last),
            "{what}: ends of {}",
            line.base
        );
        if let Some(ends) = s.edge_ends(line.edge).filter(|_| line.edge == line.base) {
            assert_eq!(
                ends,
                (line.tail, line.head),
                "{what}: ends of {}",
                line.edge
            );
        }
    }
    for marks in s.splice_marks() {
        let [a, b] = &marks.ends;
        assert_eq!((a.edge, b.edge), (marks.edge, marks.edge));
        assert!(a.base < b.base && a.base == marks.edge);
    }
}

/// A board: square, hex or sown set layout for `seats`.
fn board(kind: u8, seats: usize, seed: u64) -> Surface {
    let board = match kind % 4 {
        0 => Board::Square(Wrap::None),
        1 => Board::Hex,
        2 => Board::Sown,
        _ if seats == 2 => Board::Square(Wrap::Torus),
        _ => Board::Sown,
    };
    let made = layout(board, seats, 4, 11, seed);
    made.unwrap_or_else(|e| panic!("{board:?} for {seats}: {e}"))
        .surface
}

/// Kind of an edit, 0..8 in declaration order.
fn kind(e: &Edit) -> usize {
    match e {
        Edit::InsertVertex { .. } => 0,
        Edit::RemoveVertex { .. } => 1,
        Edit::Split { .. } => 2,
        Edit::Merge { .. } => 3,
        Edit::Scribe { .. } => 4,
        Edit::Erase { .. } => 5,
        Edit::Splice { .. } => 6,
        Edit::Unsplice { .. } => 7,
    }
}

/// Applies `steps` random legal edits (a kind first, uniformly among those possible, then an
/// edit of that kind), checking the drawing after each; returns how many of each kind ran.
fn random_edits(s: &mut Surface, steps: usize, seed: u64, what: &str) -> [usize; 8] {
    let mut rng = SplitMix64::new(seed);
    let mut listed = Vec::new();
    let mut ran = [0; 8];
    for step in 0..steps {
        s.edits(|_| true, &mut listed);
        let mut kinds: Vec<usize> = listed.iter().map(kind).collect();
        kinds.dedup();
        let Some(&k) = kinds.get((rng.next_u64() % kinds.len().max(1) as u64) as usize) else {
            break;
        };
        let of_kind: Vec<Edit> = listed.iter().copied().filter(|e| kind(e) == k).collect();
        let edit = of_kind[(rng.next_u64() % of_kind.len() as u64) as usize];
        s.apply(edit).unwrap();
        ran[k] += 1;
        assert_drawing(s, &format!("{what}, step {step} ({edit})"));
    }
    ran
}

/// `PROPTEST_CASES` when set, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn generated_boards_are_drawn_without_overlap() {
    for kind in 0..4 {
        for seats in [2, 3, 5] {
            let s = board(kind, seats, 7);
            assert_drawing(&s, &format!("board {kind}, {seats} seats"));
        }
    }
}

#[test]
fn a_square_board_is_drawn_on_its_grid_and_a_hex_board_with_unit_hexagons() {
    let s = Surface::square(8, 8, Wrap::None).unwrap();
    let d4 = s.shape(s.parse_tessel("d4").unwrap()).unwrap();
    let corners: Vec<(f64, f64)> = d4.outline.iter().map(|p| (p.x, p.y)).collect();
    assert_eq!(corners, [(3.0, 3.0), (4.0, 3.0), (4.0, 4.0), (3.0, 4.0)]);
    let h = Surface::hexhex(1).unwrap();
    let centre = h.shape(h.parse_tessel("0,0").unwrap()).unwrap();
    for p in &centre.outline {
        assert!(
            (p.x.hypot(p.y) - 1.0).abs() < 1e-12,
            "{p:?} is one unit out"
        );
    }
    assert!((area2(&centre.outline) / 2.0 - 1.5 * 3f64.sqrt()).abs() < 1e-12);
}

#[test]
fn a_sown_board_keeps_the_voronoi_corners() {
    // Each sown tessel holds its point, and the corners are equidistant from the points of
    // the tessels that share them (the Voronoi property), except on the outline.
    let s = board(2, 3, 11);
    let site = |t| match s.origin(t) {
        super::super::Origin::Sown { x, y } => Point { x, y },
        other => panic!("{t} is {other:?}"),
    };
    for shape in s.shapes() {
        assert!(strictly_inside(&shape.outline, site(shape.tessel)));
        for c in &shape.corners {
            let at = shape.outline[c.index];
            let d = |t| (site(t).x - at.x).hypot(site(t).y - at.y);
            for &other in s.tessels_at(c.vertex) {
                assert!((d(other) - d(shape.tessel)).abs() < 1e-6);
            }
        }
    }
}

#[test]
fn inserting_a_vertex_puts_it_at_the_middle_of_the_edge_and_moves_nothing() {
    let mut s = Surface::square(3, 3, Wrap::None).unwrap();
    let b2 = s.parse_tessel("b2").unwrap();
    let before = s.shapes();
    let e = s.edges(b2)[0];
    s.apply(Edit::InsertVertex { edge: e }).unwrap();
    let shape = s.shape(b2).unwrap();
    assert_eq!(shape.outline[1], Point { x: 1.5, y: 1.0 });
    assert_eq!(shape.outline.len(), 5);
    // Removing it again leaves the old place as a bend: the drawing does not change.
    let v = s.vertices(b2)[1];
    s.apply(Edit::RemoveVertex { vertex: v }).unwrap();
    let after = s.shape(b2).unwrap();
    assert_eq!(after.outline, shape.outline);
    assert_eq!(after.corners.len(), 4);
    assert_eq!(before.len(), s.shapes().len());
}

#[test]
fn a_scribed_tessel_is_a_regular_polygon_outside_its_edge() {
    let mut s = Surface::square(2, 2, Wrap::None).unwrap();
    let a1 = s.parse_tessel("a1").unwrap();
    // a1's first edge runs (0,0)→(1,0) on the rim: the new square lies below it.
    let e = s.edges(a1)[0];
    let made = s
        .apply(Edit::Scribe {
            edge: e,
            corners: 2,
        })
        .unwrap()
        .created
        .unwrap();
    let shape = s.shape(made).unwrap();
    let pts: Vec<(f64, f64)> = shape.outline.iter().map(|p| (p.x, p.y)).collect();
    let want = [(1.0, 0.0), (0.0, 0.0), (0.0, -1.0), (1.0, -1.0)];
    for (p, w) in pts.iter().zip(want) {
        assert!(
            (p.0 - w.0).abs() < 1e-12 && (p.1 - w.1).abs() < 1e-12,
            "{pts:?}"
        );
    }
}

#[test]
fn a_split_of_a_hollow_tessel_draws_its_new_edge_inside() {
    // Merge a1, b1 and b2 of a 2×2 board into an L, then split it between two corners whose
    // straight chord would leave the L: the new edge bends inside instead.
    let mut s = Surface::square(2, 2, Wrap::None).unwrap();
    let t = |s: &Surface, n: &str| s.parse_tessel(n).unwrap();
    let (a1, b1, b2) = (t(&s, "a1"), t(&s, "b1"), t(&s, "b2"));
    s.apply(Edit::Merge { keep: a1, gone: b1 }).unwrap();
    s.apply(Edit::Merge { keep: a1, gone: b2 }).unwrap();
    let shape = s.shape(a1).unwrap();
    let at = |x: f64, y: f64| {
        let c = shape
            .corners
            .iter()
            .find(|c| shape.outline[c.index] == Point { x, y });
        c.unwrap().vertex
    };
    let (a, b) = (at(0.0, 1.0), at(2.0, 2.0));
    s.apply(Edit::Split { tessel: a1, a, b }).unwrap();
    let chord = s.edge_lines().pop().unwrap();
    assert!(chord.line.len() > 2, "the chord bends: {:?}", chord.line);
    assert_drawing(&s, "the split L");
}

#[test]
fn coordinates_follow_from_the_edit_log_and_stay_out_of_equality() {
    let mut s = board(2, 3, 5);
    random_edits(&mut s, 30, 99, "sown");
    let mut again = board(2, 3, 5);
    for &edit in s.edit_log() {
        again.apply(edit).unwrap();
    }
    assert_eq!(again.shapes(), s.shapes(), "the same log draws the same");
    assert_eq!(again.vertex_marks(), s.vertex_marks());
    assert_eq!(again.edge_lines(), s.edge_lines());
    // A surface drawn elsewhere is still the same surface, with the same hash.
    let mut moved = s.clone();
    for p in moved.geo.at.iter_mut() {
        p.0 += 10.0;
    }
    assert_ne!(moved.shapes(), s.shapes());
    assert_eq!(moved, s);
    let hash = |s: &Surface| {
        let mut h = DefaultHasher::new();
        s.hash(&mut h);
        h.finish()
    };
    assert_eq!(hash(&moved), hash(&s));
}

#[test]
fn a_mutou_position_read_back_draws_the_same_surface() {
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    use crate::game::Game;
    use crate::mutou::{MuTou, MuTouVariant};
    use crate::playout::{random_action, Buffers};
    use crate::variant::Variant;

    let v = MuTouVariant::parse_text("friendly board=sown").unwrap();
    let mut buffers = Buffers::default();
    let mut checked = 0;
    for seed in 0..6 {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = MuTou::new(&v, 3).unwrap();
        for _ in 0..400 {
            let Some(a) = random_action(&g, &mut rng, &mut buffers) else {
                break;
            };
            g.apply_unchecked(a);
        }
        let Some(surface) = g.surface_opt() else {
            continue;
        };
        if surface.edit_log().is_empty() {
            continue;
        }
        let back = MuTou::from_position(&v, &g.position_text()).unwrap();
        assert_eq!(back.surface().shapes(), surface.shapes());
        assert_eq!(back.surface().edge_lines(), surface.edge_lines());
        // The same position drawn elsewhere is the same position, with the same hash.
        let mut moved = back.clone();
        let drawn = std::sync::Arc::make_mut(moved.surface.as_mut().unwrap());
        drawn.geo.at.iter_mut().for_each(|p| p.1 -= 3.0);
        assert_ne!(moved.surface().shapes(), surface.shapes());
        assert_eq!(moved, g);
        assert_eq!(moved.position_hash(), g.position_hash());
        assert_drawing(surface, &format!("game {seed}"));
        checked += 1;
    }
    assert!(
        checked >= 2,
        "random games made area alterations ({checked})"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(12)))]

    #[test]
    fn random_area_alterations_keep_the_drawing_free_of_overlaps(
        kind in 0u8..4,
        seats in 2usize..=4,
        seed in any::<u64>(),
    ) {
        let mut s = board(kind, seats, seed % 64);
        random_edits(&mut s, 24, seed, &format!("board {kind}, {seats} seats, seed {seed}"));
    }
}

/// The long run: many boards, long edit sequences; every kind of edit must have run.
#[test]
#[ignore = "long: cargo test -p muster-rules --lib drawing_survives -- --ignored"]
fn drawing_survives_long_edit_sequences() {
    let mut total = [0; 8];
    for seed in 0..cases(40) as u64 {
        let (kind, seats) = ((seed % 4) as u8, 2 + (seed / 4 % 4) as usize);
        let mut s = board(kind, seats, seed);
        let ran = random_edits(
            &mut s,
            150,
            seed,
            &format!("board {kind}, {seats} seats, seed {seed}"),
        );
        total.iter_mut().zip(ran).for_each(|(t, r)| *t += r);
    }
    assert!(
        total.iter().all(|&n| n > 0),
        "every kind of edit ran: {total:?}"
    );
}
