//! Splices (mutou S7, D2 (7)/(8)), the text form of edits, and the list of legal edits.

use super::super::{EdgeId, Edit, Surface, SurfaceError, TesselId, VertexId, Wrap};
use super::edits::{adjacency, edge, err, vertex, west_and_east};
use super::{at, board, shared_edges};

#[test]
fn splice_glues_two_periphery_edges_and_unsplice_undoes_it() {
    let mut s = board();
    let before = adjacency(&s);
    let (west, east) = west_and_east(&s);
    let (a1, h1) = (at(&s, "a1"), at(&s, "h1"));
    let (lo, hi) = (west.min(east), west.max(east));
    s.apply(Edit::Splice { a: lo, b: hi }).unwrap();
    assert!(s.walker(a1).contains(&h1));
    assert_eq!(s.splices(), &[[lo, hi]]);
    assert_eq!(
        s.edge_sides(hi),
        (None, None),
        "the larger id is glued into the smaller"
    );
    assert!(s.parse_edge(&hi.to_string()).is_none());
    assert_eq!(
        err(&mut s, Edit::Unsplice { edge: hi }),
        format!("{hi} is not a spliced edge")
    );
    s.apply(Edit::Unsplice { edge: lo }).unwrap();
    assert_eq!(adjacency(&s), before);
    assert!(s.splices().is_empty());
    assert_eq!(s.edit_log().len(), 2);
}

#[test]
fn splice_refuses_wrong_order_inner_edges_and_a_tessel_meeting_itself() {
    let mut s = board();
    let (west, east) = west_and_east(&s);
    let (lo, hi) = (west.min(east), west.max(east));
    let msg = err(&mut s, Edit::Splice { a: hi, b: lo });
    assert_eq!(
        msg,
        format!("splice {hi} {lo}: write the smaller edge first (splice:{lo}:{hi})")
    );
    let inner = shared_edges(&s, at(&s, "a1"), at(&s, "b1"))[0];
    let msg = err(&mut s, Edit::Splice { a: inner, b: hi });
    assert_eq!(
        msg,
        format!("{inner} is not a periphery edge (2 tessels beside it)")
    );
    let south = edge(&s, vertex(&s, "a1"), vertex(&s, "a1 b1"));
    let (lo, hi) = (west.min(south), west.max(south));
    let msg = err(&mut s, Edit::Splice { a: lo, b: hi });
    assert!(
        msg.starts_with("t0 would contain v") && msg.ends_with("twice (V1)"),
        "{msg}"
    );
    assert_eq!(
        err(
            &mut s,
            Edit::Splice {
                a: lo,
                b: EdgeId(900)
            }
        ),
        "e900 is not a live edge"
    );
}

#[test]
fn unsplice_refuses_to_cut_the_surface_in_two() {
    let mut s = board();
    let a1 = at(&s, "a1");
    let (west, east) = west_and_east(&s);
    let t1 = s
        .apply(Edit::Scribe {
            edge: west,
            corners: 2,
        })
        .unwrap()
        .created
        .unwrap();
    let far = s.edges(t1)[2];
    let t2 = s
        .apply(Edit::Scribe {
            edge: far,
            corners: 2,
        })
        .unwrap()
        .created
        .unwrap();
    let rim = s.edges(t2)[2];
    s.apply(Edit::Splice {
        a: east.min(rim),
        b: east.max(rim),
    })
    .unwrap();
    s.apply(Edit::Erase { tessel: t1 }).unwrap();
    assert!(s.touching(a1).iter().all(|&t| t != t2));
    let msg = err(
        &mut s,
        Edit::Unsplice {
            edge: east.min(rim),
        },
    );
    assert!(msg.ends_with("through vertices (V3)"), "{msg}");
}

#[test]
fn every_edit_has_a_text_form_without_spaces() {
    let all = [
        Edit::InsertVertex { edge: EdgeId(5) },
        Edit::RemoveVertex {
            vertex: VertexId(7),
        },
        Edit::Split {
            tessel: TesselId(3),
            a: VertexId(1),
            b: VertexId(5),
        },
        Edit::Merge {
            keep: TesselId(3),
            gone: TesselId(4),
        },
        Edit::Scribe {
            edge: EdgeId(5),
            corners: 2,
        },
        Edit::Erase {
            tessel: TesselId(3),
        },
        Edit::Splice {
            a: EdgeId(5),
            b: EdgeId(9),
        },
        Edit::Unsplice { edge: EdgeId(5) },
    ];
    let texts: Vec<String> = all.iter().map(Edit::to_string).collect();
    assert_eq!(texts[2], "split:t3:v1:v5");
    for (edit, text) in all.iter().zip(&texts) {
        assert!(!text.contains(' '));
        assert_eq!(text.parse::<Edit>().unwrap(), *edit);
    }
    for bad in [
        "split:t3:v1",
        "merge:t3:e4",
        "scribe:e5:02",
        "insert:e05",
        "",
        "erase:t3:",
    ] {
        let e = bad.parse::<Edit>().unwrap_err();
        assert_eq!(
            e,
            SurfaceError::Parse {
                what: "an edit",
                text: bad.to_string()
            }
        );
    }
}

#[test]
fn edits_lists_what_apply_accepts_inside_the_allowed_region() {
    let s = Surface::square(3, 3, Wrap::None).unwrap();
    let a1 = at(&s, "a1");
    let mut out = Vec::new();
    s.edits(|t| t == a1, &mut out);
    assert!(out.contains(&Edit::Erase { tessel: a1 }));
    assert!(!out
        .iter()
        .any(|e| matches!(e, Edit::Merge { .. } | Edit::Splice { .. })));
    for &edit in &out {
        let mut c = s.clone();
        assert!(c.apply(edit).is_ok(), "{edit} listed but refused");
    }
    s.edits(|_| true, &mut out);
    let merges = out
        .iter()
        .filter(|e| matches!(e, Edit::Merge { .. }))
        .count();
    assert_eq!(merges, 24, "12 inner edges, both ways round");
}

#[test]
fn unsplice_refuses_to_split_a_stand_held_together_by_the_splice() {
    let mut s = Surface::square(8, 8, Wrap::Cylinder).unwrap();
    let (a1, h1) = (at(&s, "a1"), at(&s, "h1"));
    s.mark_stand(0, &[a1, h1]).unwrap();
    let edge = shared_edges(&s, a1, h1)[0];
    let mut listed = Vec::new();
    s.edits(|_| true, &mut listed);
    assert!(!listed.contains(&Edit::Unsplice { edge }));
    let msg = err(&mut s, Edit::Unsplice { edge });
    assert_eq!(
        msg,
        "the stand of seat 0 is not edge-connected: t7 is cut off from t0 (V4)"
    );
    let a2 = at(&s, "a2");
    let row2 = shared_edges(&s, a2, at(&s, "h2"))[0];
    assert!(listed.contains(&Edit::Unsplice { edge: row2 }));
}
