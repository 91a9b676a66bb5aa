//! Walker, Angler, Jagger and distances on generated boards (mutou S8–S10, D9, §3.6).

use super::super::{Edit, Graph, Origin, Surface, Wrap};
use super::{at, board, jagger, names, shared_edges, words};

#[test]
fn x1_a_jagger_on_d4_reaches_the_eight_knight_squares_and_four_two_step_jumps() {
    let s = board();
    let expected = "b3 b5 c2 c6 e2 e6 f3 f5 b4 d2 d6 f4";
    let with_cost: Vec<String> = words(expected).iter().map(|n| format!("{n}:1")).collect();
    assert_eq!(jagger(&s, "d4"), with_cost);
}

#[test]
fn x4_walker_and_angler_counts_on_d4_and_a1() {
    let s = board();
    let d4 = at(&s, "d4");
    assert_eq!(names(&s, s.walker(d4)), words("c4 e4 d3 d5"));
    assert_eq!(names(&s, s.angler(d4)), words("c3 c5 e3 e5"));
    let a1 = at(&s, "a1");
    assert_eq!(names(&s, s.walker(a1)), words("a2 b1"));
    assert_eq!(names(&s, s.angler(a1)), words("b2"));
    assert_eq!(names(&s, s.touching(a1)), words("a2 b1 b2"));
}

#[test]
fn a_jagger_in_the_corner_has_two_knight_moves_and_two_jumps() {
    let s = board();
    assert_eq!(jagger(&s, "a1"), words("b3:1 c2:1 a3:1 c1:1"));
}

#[test]
fn a_jagger_on_the_edge_of_the_board_loses_the_moves_off_it() {
    let s = board();
    assert_eq!(
        jagger(&s, "a4"),
        words("b2:1 b6:1 c3:1 c5:1 a2:1 a6:1 c4:1")
    );
}

#[test]
fn a_periphery_edge_is_not_between_two_tessels() {
    // From a1 the rim edges (0,1)-(0,2) and (1,0)-(2,0) lead nowhere: only one tessel beside.
    let s = board();
    assert!(!jagger(&s, "a1")
        .iter()
        .any(|w| w.starts_with("a2") || w.starts_with("b1")));
}

#[test]
fn on_a_cylinder_files_a_and_h_adjoin() {
    let s = Surface::square(8, 8, Wrap::Cylinder).unwrap();
    let a1 = at(&s, "a1");
    assert_eq!(names(&s, s.walker(a1)), words("a2 b1 h1"));
    assert_eq!(names(&s, s.angler(a1)), words("b2 h2"));
    let j = jagger(&s, "a1");
    for w in ["g1:1", "g2:1", "b3:1", "h3:1"] {
        assert!(j.contains(&w.to_string()), "{w} missing from {j:?}");
    }
    assert_eq!(s.periphery_edges().len(), 16);
    let msg = Surface::square(1, 3, Wrap::Cylinder)
        .unwrap_err()
        .to_string();
    assert!(
        msg.starts_with("t0 would contain v") && msg.ends_with("twice (V1)"),
        "{msg}"
    );
}

#[test]
fn on_a_torus_every_square_has_four_walker_and_four_angler_neighbours() {
    let s = Surface::square(8, 8, Wrap::Torus).unwrap();
    assert!(s.periphery_edges().is_empty());
    for &t in s.tessels() {
        assert_eq!(
            (s.walker(t).len(), s.angler(t).len()),
            (4, 4),
            "{}",
            s.name(t)
        );
        assert_eq!(s.jagger(t).len(), 12, "{}", s.name(t));
    }
    assert_eq!(names(&s, s.walker(at(&s, "a1"))), words("a2 a8 b1 h1"));
}

#[test]
fn hexhex_3_has_37_cells_six_walkers_in_the_middle_and_no_anglers() {
    let s = Surface::hexhex(3).unwrap();
    assert_eq!(s.len(), 37);
    let centre = at(&s, "0,0");
    assert_eq!(s.walker(centre).len(), 6);
    for &t in s.tessels() {
        assert!(s.angler(t).is_empty(), "C4: angler on {}", s.name(t));
    }
    let diagonals = "1,1:1 2,-1:1 1,-2:1 -1,-1:1 -2,1:1 -1,2:1";
    assert_eq!(jagger(&s, "0,0"), words(diagonals));
    assert_eq!(jagger(&s, "3,0"), words("2,-1:1 1,1:1"));
    for &t in s.tessels() {
        assert!(s.jagger(t).len() <= 6);
    }
}

#[test]
fn a_boundary_of_two_edges_costs_two_jagger_units_and_still_lets_a_walker_cross() {
    let mut s = board();
    let (e4, e5) = (at(&s, "e4"), at(&s, "e5"));
    let edge = shared_edges(&s, e4, e5)[0];
    s.apply(Edit::InsertVertex { edge }).unwrap();
    assert_eq!(shared_edges(&s, e4, e5).len(), 2);
    let j = jagger(&s, "d4");
    // mutou D9: the run along e4|e5 has two edges, so f5 costs 2; f4 is still 1 via e3|e4.
    assert!(j.contains(&"f5:2".to_string()), "{j:?}");
    assert!(j.contains(&"f4:1".to_string()), "{j:?}");
    assert!(s.walker(e4).contains(&e5));
    assert!(s.edited(e4) && s.edited(e5) && !s.edited(at(&s, "d4")));
}

#[test]
fn distances_count_walker_steps_or_touching_steps() {
    let s = board();
    let mut out = Vec::new();
    s.distances(at(&s, "a1"), Graph::Edge, &mut out);
    assert_eq!(out.len(), 64);
    assert_eq!(out[at(&s, "h8").index()], 14);
    s.distances(at(&s, "a1"), Graph::Vertex, &mut out);
    assert_eq!(out[at(&s, "h8").index()], 7);
    assert_eq!(out[at(&s, "a1").index()], 0);
}

#[test]
fn names_are_algebraic_on_squares_axial_on_hexes_and_ids_everywhere() {
    let s = board();
    assert_eq!(s.name(s.tessels()[0]), "a1");
    assert_eq!(s.name(s.tessels()[63]), "h8");
    assert_eq!(s.parse_tessel("t9"), Some(at(&s, "b2")));
    assert_eq!(s.parse_tessel("i1"), None);
    assert_eq!(s.parse_tessel("a01"), None);
    assert_eq!(s.origin(at(&s, "c2")), Origin::Square { x: 2, y: 1 });
    let h = Surface::hexhex(2).unwrap();
    let t = at(&h, "2,-1");
    assert_eq!(h.name(t), "2,-1");
    assert_eq!(h.origin(t), Origin::Hex { q: 2, r: -1 });
    assert_eq!(h.parse_tessel(&t.to_string()), Some(t));
    let v = h.vertices(t)[0];
    assert_eq!(h.parse_vertex(&v.to_string()), Some(v));
    let e = h.edges(t)[0];
    assert_eq!(h.parse_edge(&e.to_string()), Some(e));
}

#[test]
fn edge_sides_and_tessels_at_describe_the_map() {
    let s = board();
    let (a1, b1) = (at(&s, "a1"), at(&s, "b1"));
    let e = shared_edges(&s, a1, b1)[0];
    let (l, r) = s.edge_sides(e);
    assert_eq!((l, r), (Some(a1), Some(b1)));
    let corner = s.vertices(a1)[2];
    assert_eq!(names(&s, s.tessels_at(corner)), words("a1 a2 b1 b2"));
    assert_eq!(s.periphery_edges().len(), 32);
    assert_eq!(s.vertices(a1).len(), 4);
}

#[test]
fn square_cells_need_not_fill_a_rectangle_but_must_touch() {
    let s = Surface::square_cells(&[(0, 0), (1, 1), (2, 0)]).unwrap();
    assert_eq!(names(&s, s.angler(at(&s, "b2"))), words("a1 c1"));
    assert!(Surface::square_cells(&[(0, 0), (2, 2)]).is_err());
    assert!(Surface::square_cells(&[(0, 0), (0, 0)]).is_err());
    assert!(Surface::square_cells(&[]).is_err());
}
