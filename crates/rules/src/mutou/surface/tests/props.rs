//! Property tests: random boards, random edit sequences drawn from `edits`.

use proptest::collection::vec;
use proptest::prelude::*;

use super::super::layout::SplitMix64;
use super::super::{layout, Board, EdgeId, Edit, Graph, Surface, TesselId, VertexId, Wrap};

/// A generator call.
#[derive(Clone, Debug)]
pub(super) enum Gen {
    Square(u16, u16, Wrap),
    Hex(u16),
    Sown(u64, usize),
    /// The 2-seat square layout with this wrap and this many bases (stands marked).
    Layout(Wrap, usize),
}

impl Gen {
    /// The generated surface.
    pub(super) fn build(&self) -> Surface {
        match *self {
            Gen::Square(w, h, wrap) => Surface::square(w, h, wrap).unwrap(),
            Gen::Hex(r) => Surface::hexhex(r).unwrap(),
            Gen::Sown(seed, n) => {
                let mut rng = SplitMix64::new(seed);
                let mut pts: Vec<(f64, f64)> = Vec::new();
                while pts.len() < n {
                    let p = (0.2 + 3.6 * rng.unit(), 0.2 + 3.6 * rng.unit());
                    if pts.iter().all(|q| (p.0 - q.0).hypot(p.1 - q.1) >= 0.6) {
                        pts.push(p);
                    }
                }
                let outline = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)];
                Surface::sown(&outline, &pts).unwrap()
            }
            Gen::Layout(wrap, bases) => {
                let made = layout(Board::Square(wrap), 2, bases, 11, 0);
                made.expect("a 2-seat square layout").surface
            }
        }
    }
}

/// Small boards of every kind.
pub(super) fn gens() -> impl Strategy<Value = Gen> {
    prop_oneof![
        (1u16..=5, 1u16..=5).prop_map(|(w, h)| Gen::Square(w, h, Wrap::None)),
        (2u16..=5, 1u16..=4).prop_map(|(w, h)| Gen::Square(w, h, Wrap::Cylinder)),
        (2u16..=4, 2u16..=4).prop_map(|(w, h)| Gen::Square(w, h, Wrap::Torus)),
        (0u16..=3).prop_map(Gen::Hex),
        (any::<u64>(), 1usize..=12).prop_map(|(seed, n)| Gen::Sown(seed, n)),
    ]
}

/// Every relation is symmetric (jagger with the same least cost), the surface validates, its
/// caches are those a rebuild from scratch would make, and bounded distances are the full
/// ones cut at their bound (also at the tessels a search stops at once it has reached them).
pub(super) fn check_invariants(s: &Surface) {
    s.validate().unwrap();
    s.caches_match_rebuild().unwrap();
    if let Some(&from) = s.tessels().first() {
        let (mut all, mut near) = (Vec::new(), Vec::new());
        for graph in [Graph::Edge, Graph::Vertex] {
            s.distances(from, graph, &mut all);
            for limit in 0..4 {
                s.distances_within(from, graph, limit, &mut near);
                let cut: Vec<u16> = all
                    .iter()
                    .map(|&d| if d <= limit { d } else { u16::MAX })
                    .collect();
                assert_eq!(near, cut, "distances from {from} within {limit}");
                // Stopping once a few tessels are reached keeps their lengths.
                let wanted: Vec<TesselId> = s.tessels().iter().step_by(3).copied().collect();
                s.distances_to(from, graph, limit, &wanted, &mut near);
                for t in &wanted {
                    assert_eq!(near[t.index()], cut[t.index()], "distance to {t}");
                }
            }
        }
    }
    for &t in s.tessels() {
        for &n in s.walker(t) {
            assert!(s.walker(n).contains(&t), "walker {t} {n}");
        }
        for &n in s.angler(t) {
            assert!(s.angler(n).contains(&t), "angler {t} {n}");
        }
        for &n in s.touching(t) {
            assert!(s.touching(n).contains(&t), "touching {t} {n}");
        }
        for &(n, c) in s.jagger(t) {
            assert!(s.jagger(n).contains(&(t, c)), "jagger {t} {n} cost {c}");
        }
    }
}

/// A random edit, usually built from live ids so that many are nearly valid.
fn random_edit(s: &Surface, rng: &mut SplitMix64) -> Edit {
    let mut pick = |n: usize| (rng.next_u64() % n.max(1) as u64) as usize;
    let t = s.tessels()[pick(s.len())];
    let (vs, es) = (s.vertices(t).to_vec(), s.edges(t).to_vec());
    let wild = pick(4) == 0;
    let tessel = if wild {
        TesselId(pick(s.max_tessel_id().index() + 3) as u16)
    } else {
        t
    };
    let other = s.tessels()[pick(s.len())];
    let vertex = if wild {
        VertexId(pick(200) as u16)
    } else {
        vs[pick(vs.len())]
    };
    let v2 = vs[pick(vs.len())];
    let edge = if wild {
        EdgeId(pick(300) as u16)
    } else {
        es[pick(es.len())]
    };
    let rim = s.periphery_edges();
    let e2 = if rim.is_empty() {
        edge
    } else {
        rim[pick(rim.len())]
    };
    match pick(8) {
        0 => Edit::InsertVertex { edge },
        1 => Edit::RemoveVertex { vertex },
        2 => Edit::Split {
            tessel,
            a: vertex,
            b: v2,
        },
        3 => Edit::Merge {
            keep: tessel,
            gone: other,
        },
        4 => Edit::Scribe {
            edge,
            corners: pick(6) as u8,
        },
        5 => Edit::Erase { tessel },
        6 => Edit::Splice { a: edge, b: e2 },
        _ => Edit::Unsplice { edge },
    }
}

/// `edits` and `apply` agree: every listed edit is accepted, random unlisted ones are
/// refused (`exact.rs` tries every possible edit, in release builds), and every edit reads
/// back from its text form.
fn agree_with_apply(s: &Surface, listed: &[Edit], noise: u64) {
    for &edit in listed {
        assert_eq!(edit.to_string().parse::<Edit>().unwrap(), edit);
        let mut c = s.clone();
        if let Err(e) = c.apply(edit) {
            panic!("{edit} is listed but refused: {e}");
        }
    }
    let mut rng = SplitMix64::new(noise);
    for _ in 0..24 {
        let edit = random_edit(s, &mut rng);
        assert_eq!(edit.to_string().parse::<Edit>().unwrap(), edit);
        if !listed.contains(&edit) {
            let mut c = s.clone();
            assert!(c.apply(edit).is_err(), "{edit} is accepted but not listed");
            assert_eq!(c, *s);
        }
    }
    let mut some = Vec::new();
    s.edits(|t| t.0 % 2 == 0, &mut some);
    assert!(
        some.iter().all(|e| listed.contains(e)),
        "a region's edits are edits"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn random_edit_sequences_keep_every_invariant(
        gen in gens(),
        steps in vec((any::<u32>(), any::<u64>()), 0..=12),
    ) {
        let mut s = gen.build();
        check_invariants(&s);
        let mut listed = Vec::new();
        for (pick, noise) in steps {
            s.edits(|_| true, &mut listed);
            prop_assert!(listed.windows(2).all(|w| w[0] < w[1]), "edits come in Edit order");
            agree_with_apply(&s, &listed, noise);
            if listed.is_empty() {
                break;
            }
            let edit = listed[pick as usize % listed.len()];
            s.apply(edit).unwrap();
            check_invariants(&s);
        }
        let mut again = gen.build();
        for &edit in s.edit_log() {
            again.apply(edit).unwrap();
        }
        prop_assert_eq!(again, s);
    }
}
