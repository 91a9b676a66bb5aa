//! The surface alterations of mutou D2: one case that works and each refusal.

use super::super::{EdgeId, Edit, Origin, Surface, TesselId, VertexId, Wrap};
use super::{at, board, names, shared_edges, words};

/// The vertex whose tessels are exactly `list` (names).
pub(super) fn vertex(s: &Surface, list: &str) -> VertexId {
    (0..4096u16)
        .map(VertexId)
        .find(|&v| !s.tessels_at(v).is_empty() && names(s, s.tessels_at(v)) == words(list))
        .unwrap_or_else(|| panic!("no vertex shared by exactly {list}"))
}

/// The edge joining two vertices.
pub(super) fn edge(s: &Surface, a: VertexId, b: VertexId) -> EdgeId {
    let found = s
        .edges_at(a)
        .iter()
        .copied()
        .find(|e| s.edges_at(b).contains(e));
    found.unwrap_or_else(|| panic!("no edge {a}-{b}"))
}

pub(super) fn err(s: &mut Surface, edit: Edit) -> String {
    let before = s.clone();
    let e = s.apply(edit).expect_err("the edit must be refused");
    assert_eq!(*s, before, "a refused edit changes nothing");
    e.to_string()
}

/// The adjacency answers of one tessel: (tessel, walker, angler, jagger).
pub(super) type Answers = (TesselId, Vec<TesselId>, Vec<TesselId>, Vec<(TesselId, u8)>);

/// Every adjacency answer of a surface, by tessel id.
pub(super) fn adjacency(s: &Surface) -> Vec<Answers> {
    s.tessels()
        .iter()
        .map(|&t| {
            (
                t,
                s.walker(t).to_vec(),
                s.angler(t).to_vec(),
                s.jagger(t).to_vec(),
            )
        })
        .collect()
}

/// a1's west edge and h1's east edge on an 8×8 board.
pub(super) fn west_and_east(s: &Surface) -> (EdgeId, EdgeId) {
    let west = edge(s, vertex(s, "a1"), vertex(s, "a1 a2"));
    let east = edge(s, vertex(s, "h1"), vertex(s, "h1 h2"));
    (west, east)
}

#[test]
fn insert_vertex_gives_both_sides_a_corner() {
    let mut s = board();
    let (a1, b1) = (at(&s, "a1"), at(&s, "b1"));
    let e = shared_edges(&s, a1, b1)[0];
    s.apply(Edit::InsertVertex { edge: e }).unwrap();
    assert_eq!((s.vertices(a1).len(), s.vertices(b1).len()), (5, 5));
    assert_eq!(s.edit_log(), &[Edit::InsertVertex { edge: e }]);
    assert_eq!(
        err(&mut s, Edit::InsertVertex { edge: EdgeId(999) }),
        "e999 is not a live edge"
    );
    let mut c = Surface::square(8, 8, Wrap::Cylinder).unwrap();
    let seam = c.edges(at(&c, "a1"))[3];
    let msg = err(&mut c, Edit::InsertVertex { edge: seam });
    assert!(
        msg.contains("is spliced") && msg.contains("unsplice"),
        "{msg}"
    );
}

#[test]
fn insert_vertex_stops_at_nineteen_corners() {
    let mut s = board();
    let a1 = at(&s, "a1");
    let west = edge(&s, vertex(&s, "a1"), vertex(&s, "a1 a2"));
    for _ in 0..15 {
        s.apply(Edit::InsertVertex { edge: west }).unwrap();
    }
    assert_eq!(s.vertices(a1).len(), 19);
    let msg = err(&mut s, Edit::InsertVertex { edge: west });
    assert_eq!(msg, "t0 would have 20 vertices (at most 19)");
}

#[test]
fn remove_vertex_joins_the_two_edges_of_a_corner() {
    let mut s = board();
    let a1 = at(&s, "a1");
    let corner = vertex(&s, "a1");
    s.apply(Edit::RemoveVertex { vertex: corner }).unwrap();
    assert_eq!(s.vertices(a1).len(), 3);
    assert_eq!(names(&s, s.walker(a1)), words("a2 b1"));
    let inner = vertex(&s, "a2 a3 b2 b3");
    let msg = err(&mut s, Edit::RemoveVertex { vertex: inner });
    assert!(
        msg.ends_with("lies on 4 edges (remove needs exactly 2)"),
        "{msg}"
    );
    let rim = s
        .vertices(a1)
        .iter()
        .copied()
        .find(|&v| s.tessels_at(v).len() == 1);
    assert!(rim.is_none(), "a1 is a triangle now with no lone corner");
    let mut t = Surface::square_cells(&[(0, 0)]).unwrap();
    let v = t.vertices(TesselId(0))[0];
    t.apply(Edit::RemoveVertex { vertex: v }).unwrap();
    let v = t.vertices(TesselId(0))[0];
    assert_eq!(
        err(&mut t, Edit::RemoveVertex { vertex: v }),
        "t0 would have 2 vertices (at least 3)"
    );
    assert_eq!(
        err(
            &mut t,
            Edit::RemoveVertex {
                vertex: VertexId(77)
            }
        ),
        "v77 is not a live vertex"
    );
    let mut c = Surface::square(8, 8, Wrap::Cylinder).unwrap();
    let glued = c.vertices(at(&c, "a1"))[0];
    let msg = err(&mut c, Edit::RemoveVertex { vertex: glued });
    assert!(
        msg.contains("was made by a splice; unsplice first"),
        "{msg}"
    );
}

#[test]
fn insert_then_remove_gives_back_the_same_adjacency() {
    let mut s = board();
    let before = adjacency(&s);
    let (e4, e5) = (at(&s, "e4"), at(&s, "e5"));
    let e = shared_edges(&s, e4, e5)[0];
    s.apply(Edit::InsertVertex { edge: e }).unwrap();
    let middle = *s
        .vertices(e4)
        .iter()
        .find(|v| s.tessels_at(**v).len() == 2)
        .unwrap();
    s.apply(Edit::RemoveVertex { vertex: middle }).unwrap();
    assert_eq!(adjacency(&s), before);
}

#[test]
fn split_keeps_the_counter_clockwise_part_and_makes_a_new_tessel() {
    let mut s = board();
    let d4 = at(&s, "d4");
    let c = s.vertices(d4).to_vec();
    let made = s
        .apply(Edit::Split {
            tessel: d4,
            a: c[0],
            b: c[2],
        })
        .unwrap()
        .created
        .unwrap();
    assert_eq!(made, TesselId(64));
    assert_eq!(s.vertices(d4), &[c[0], c[1], c[2]]);
    assert_eq!(s.vertices(made), &[c[2], c[3], c[0]]);
    assert_eq!(s.name(made), "t64");
    assert_eq!(s.origin(made), Origin::Scribed);
    assert!(s.walker(d4).contains(&made) && s.edited(d4) && s.edited(made));
    assert_eq!(names(&s, s.walker(d4)), words("d3 e4 t64"));
    let msg = err(
        &mut s,
        Edit::Split {
            tessel: d4,
            a: c[0],
            b: c[1],
        },
    );
    assert_eq!(
        msg,
        format!(
            "{} and {} are not two non-adjacent corners of t27",
            c[0], c[1]
        )
    );
    let far = s.vertices(at(&s, "a1"))[0];
    assert_eq!(
        err(
            &mut s,
            Edit::Split {
                tessel: d4,
                a: c[0],
                b: far
            }
        ),
        format!("{far} is not a corner of t27")
    );
    let msg = err(
        &mut s,
        Edit::Split {
            tessel: TesselId(500),
            a: c[0],
            b: c[2],
        },
    );
    assert_eq!(msg, "t500 is not a live tessel");
    let mut cyl = Surface::square(8, 8, Wrap::Cylinder).unwrap();
    let a1 = at(&cyl, "a1");
    let k = cyl.vertices(a1).to_vec();
    let msg = err(
        &mut cyl,
        Edit::Split {
            tessel: a1,
            a: k[0],
            b: k[2],
        },
    );
    assert!(msg.contains("was made by a splice"), "{msg}");
}

#[test]
fn split_then_merge_gives_back_an_equal_adjacency() {
    let mut s = board();
    let before = adjacency(&s);
    let d4 = at(&s, "d4");
    let c = s.vertices(d4).to_vec();
    let made = s
        .apply(Edit::Split {
            tessel: d4,
            a: c[1],
            b: c[3],
        })
        .unwrap()
        .created
        .unwrap();
    assert_ne!(adjacency(&s), before);
    s.apply(Edit::Merge {
        keep: d4,
        gone: made,
    })
    .unwrap();
    assert_eq!(adjacency(&s), before);
    assert!(!s.is_live(made));
}

/// On a 3×3 board, merges a2, a3, b3, c3, c2, c1 into a2 (a hook of 14 corners round b2, b1).
fn hook() -> (Surface, TesselId) {
    let mut s = Surface::square(3, 3, Wrap::None).unwrap();
    let keep = at(&s, "a2");
    for name in ["a3", "b3", "c3", "c2", "c1"] {
        let gone = at(&s, name);
        s.apply(Edit::Merge { keep, gone }).unwrap();
    }
    assert_eq!(s.vertices(keep).len(), 14);
    (s, keep)
}

#[test]
fn merge_erases_the_whole_shared_boundary() {
    let mut s = board();
    let (a1, b1) = (at(&s, "a1"), at(&s, "b1"));
    s.apply(Edit::Merge { keep: a1, gone: b1 }).unwrap();
    assert_eq!(s.vertices(a1).len(), 6);
    assert!(!s.is_live(b1));
    assert_eq!(names(&s, s.walker(a1)), words("a2 b2 c1"));
    let (c1, e1) = (at(&s, "c1"), at(&s, "e1"));
    assert_eq!(
        err(&mut s, Edit::Merge { keep: a1, gone: a1 }),
        "cannot merge t0 with itself"
    );
    assert_eq!(
        err(&mut s, Edit::Merge { keep: c1, gone: e1 }),
        "t2 and t4 share no edge"
    );
    assert_eq!(
        err(&mut s, Edit::Merge { keep: c1, gone: b1 }),
        "t1 is not a live tessel"
    );
}

#[test]
fn merge_refuses_a_boundary_in_two_pieces_and_tessels_touching_elsewhere() {
    let (mut s, keep) = hook();
    // b1 lies against a1 and c1; first the hook grows by a1, then shares two runs with b1.
    let b1 = at(&s, "b1");
    let msg = err(&mut s, Edit::Merge { keep, gone: b1 });
    assert!(
        msg.starts_with("t3 would contain v"),
        "hook touches b1 at a corner: {msg}"
    );
    let a1 = at(&s, "a1");
    s.apply(Edit::Merge { keep, gone: a1 }).unwrap();
    assert_eq!(s.vertices(keep).len(), 16);
    let msg = err(&mut s, Edit::Merge { keep, gone: b1 });
    assert_eq!(
        msg,
        "t3 and t1 share a boundary in 2 pieces (merge needs one run)"
    );
    // b2 shares one run of three edges with the hook: that merge is fine.
    let b2 = at(&s, "b2");
    s.apply(Edit::Merge { keep, gone: b2 }).unwrap();
    assert_eq!(s.vertices(keep).len(), 14);
}

#[test]
fn merge_respects_stands_and_the_corner_limit() {
    let mut s = board();
    let (a1, b1, c1) = (at(&s, "a1"), at(&s, "b1"), at(&s, "c1"));
    s.mark_stand(0, &[a1]).unwrap();
    s.mark_stand(1, &[b1]).unwrap();
    let msg = err(&mut s, Edit::Merge { keep: a1, gone: b1 });
    assert_eq!(
        msg,
        "t0 is in the stand of seat 0 and t1 in the stand of seat 1"
    );
    s.apply(Edit::Merge { keep: c1, gone: b1 }).unwrap();
    assert_eq!(s.stand_mark(c1), Some(1), "the result keeps a stand mark");
    let mut s = board();
    let (a1, b1) = (at(&s, "a1"), at(&s, "b1"));
    let west = edge(&s, vertex(&s, "a1"), vertex(&s, "a1 a2"));
    let east = edge(&s, vertex(&s, "a1 b1"), vertex(&s, "b1 c1"));
    for _ in 0..8 {
        s.apply(Edit::InsertVertex { edge: west }).unwrap();
        s.apply(Edit::InsertVertex { edge: east }).unwrap();
    }
    assert_eq!(
        err(&mut s, Edit::Merge { keep: a1, gone: b1 }),
        "t0 would have 22 vertices (at most 19)"
    );
}

#[test]
fn scribe_adds_a_tessel_beyond_a_periphery_edge() {
    let mut s = board();
    let a1 = at(&s, "a1");
    let south = edge(&s, vertex(&s, "a1"), vertex(&s, "a1 b1"));
    let west = edge(&s, vertex(&s, "a1"), vertex(&s, "a1 a2"));
    let made = s
        .apply(Edit::Scribe {
            edge: south,
            corners: 2,
        })
        .unwrap()
        .created
        .unwrap();
    assert_eq!(s.vertices(made).len(), 4);
    assert!(s.edge_sides(south).0.is_some() && s.edge_sides(south).1.is_some());
    assert_eq!(names(&s, s.walker(made)), words("a1"));
    assert_eq!(names(&s, s.angler(made)), words("b1"));
    assert!(s.walker(a1).contains(&made));
    assert_eq!(s.origin(made), Origin::Scribed);
    let msg = err(
        &mut s,
        Edit::Scribe {
            edge: south,
            corners: 1,
        },
    );
    assert_eq!(
        msg,
        format!("{south} is not a periphery edge (2 tessels beside it)")
    );
    assert_eq!(
        err(
            &mut s,
            Edit::Scribe {
                edge: west,
                corners: 5
            }
        ),
        format!("scribe on {west} needs 1 to 4 new corners, not 5")
    );
    assert!(err(
        &mut s,
        Edit::Scribe {
            edge: west,
            corners: 0
        }
    )
    .ends_with("not 0"));
    let mut c = Surface::square(8, 8, Wrap::Cylinder).unwrap();
    let a1 = at(&c, "a1");
    let south = c.edges(a1)[0];
    assert!(err(
        &mut c,
        Edit::Scribe {
            edge: south,
            corners: 2
        }
    )
    .contains("made by a splice"));
}

#[test]
fn erase_keeps_the_surface_connected_and_the_stands_whole() {
    let mut s = board();
    let a1 = at(&s, "a1");
    let lone = vertex(&s, "a1");
    s.apply(Edit::Erase { tessel: a1 }).unwrap();
    assert_eq!(s.len(), 63);
    assert!(s.tessels_at(lone).is_empty());
    let mut row = Surface::square(3, 1, Wrap::None).unwrap();
    let b1 = at(&row, "b1");
    let msg = err(&mut row, Edit::Erase { tessel: b1 });
    assert_eq!(msg, "t2 is not connected to t0 through vertices (V3)");
    let mut one = Surface::square(1, 1, Wrap::None).unwrap();
    assert_eq!(
        err(
            &mut one,
            Edit::Erase {
                tessel: TesselId(0)
            }
        ),
        "cannot erase t0: it is the last tessel (V3)"
    );
    let mut s = board();
    let stand = [at(&s, "a1"), at(&s, "b1"), at(&s, "c1")];
    s.mark_stand(0, &stand).unwrap();
    let msg = err(&mut s, Edit::Erase { tessel: stand[1] });
    assert_eq!(
        msg,
        "the stand of seat 0 is not edge-connected: t2 is cut off from t0 (V4)"
    );
    s.apply(Edit::Erase { tessel: stand[2] }).unwrap();
    let mut c = Surface::square(8, 8, Wrap::Cylinder).unwrap();
    assert!(err(
        &mut c,
        Edit::Erase {
            tessel: TesselId(0)
        }
    )
    .contains("unsplice"));
}
