//! `edits` is exactly what `apply` accepts: every edit that could possibly apply is tried on a
//! copy, and the accepted set must equal the listed set (both directions, all of them), also
//! inside random allowed regions. Too slow for debug builds; `cargo test --release` runs it.

use proptest::prelude::*;

use super::super::edit::Plan;
use super::super::layout::SplitMix64;
use super::super::{EdgeId, Edit, Surface, TesselId, VertexId, Wrap};
use super::props::{check_invariants, gens, Gen};

/// Every edit whose ids exist, with a few out of range: a superset of what `apply` accepts.
fn candidates(s: &Surface) -> Vec<Edit> {
    let edges = || (0..s.base.edges.len() as u16 + 2).map(EdgeId);
    let live = s.tessels();
    let mut all: Vec<Edit> = Vec::new();
    all.extend(edges().map(|edge| Edit::InsertVertex { edge }));
    let vertices = (0..s.base.vertices.len() as u16 + 2).map(VertexId);
    all.extend(vertices.map(|vertex| Edit::RemoveVertex { vertex }));
    for &tessel in live {
        for &a in s.vertices(tessel) {
            all.extend(
                s.vertices(tessel)
                    .iter()
                    .map(|&b| Edit::Split { tessel, a, b }),
            );
        }
        all.extend(live.iter().map(|&gone| Edit::Merge { keep: tessel, gone }));
    }
    for edge in edges() {
        all.extend((0..=5).map(|corners| Edit::Scribe { edge, corners }));
        all.extend(edges().map(|b| Edit::Splice { a: edge, b }));
        all.push(Edit::Unsplice { edge });
    }
    let ids = (0..s.max_tessel_id().0 + 2).map(TesselId);
    all.extend(ids.map(|tessel| Edit::Erase { tessel }));
    all
}

/// Whether erasing or unsplicing leaves a valid surface, by a trial run that skips the local
/// V3/V4 checks `apply` makes first (so that a check stricter than V1–V4 would show).
fn validates_after(s: &Surface, edit: Edit) -> Option<bool> {
    let plan = match edit {
        Edit::Erase { tessel } => s.check_erase_here(tessel).ok().map(|_| Plan::Plain),
        Edit::Unsplice { edge } => {
            let i = s.splices().iter().position(|p| p[0] == edge);
            i.map(Plan::Unsplice)
        }
        _ => return None,
    };
    Some(plan.is_some_and(|plan| s.trial(edit, plan).is_ok()))
}

/// The candidates `apply` accepts, ascending (a refused edit leaves the copy unchanged, so
/// one copy serves until an edit is accepted). Erase and unsplice are also judged by a bare
/// trial run, which must agree.
fn accepted_by_trial(s: &Surface) -> Vec<Edit> {
    let mut accepted = Vec::new();
    let mut copy = s.clone();
    for edit in candidates(s) {
        let ok = copy.apply(edit).is_ok();
        if let Some(valid) = validates_after(s, edit) {
            assert_eq!(ok, valid, "{edit}: apply's checks differ from V1-V4");
        }
        if ok {
            accepted.push(edit);
            copy = s.clone();
        }
    }
    accepted.sort_unstable();
    accepted.dedup();
    accepted
}

/// Whether the tessels an edit affects are allowed (the rule `edits` documents).
fn in_region(s: &Surface, edit: Edit, allowed: &impl Fn(TesselId) -> bool) -> bool {
    let beside = |e: EdgeId| {
        let (l, r) = s.edge_sides(e);
        l.is_some_and(allowed) || r.is_some_and(allowed)
    };
    match edit {
        Edit::InsertVertex { edge } | Edit::Scribe { edge, .. } | Edit::Unsplice { edge } => {
            beside(edge)
        }
        Edit::RemoveVertex { vertex } => s.tessels_at(vertex).iter().any(|&t| allowed(t)),
        Edit::Split { tessel, .. } | Edit::Erase { tessel } => allowed(tessel),
        Edit::Merge { keep, gone } => allowed(keep) && allowed(gone),
        Edit::Splice { a, b } => beside(a) && beside(b),
    }
}

/// One edit of `listed`, the kind drawn first so that rare kinds are played too; scribe,
/// erase and splice are favoured, since together they make parts held on by a splice alone.
fn pick(listed: &[Edit], rng: &mut SplitMix64) -> Edit {
    let weight = |e: &Edit| match e {
        Edit::Erase { .. } => 3,
        Edit::Scribe { .. } | Edit::Splice { .. } => 2,
        _ => 1,
    };
    let kind = |e: &Edit| std::mem::discriminant(e);
    let mut kinds: Vec<(_, u64)> = listed.iter().map(|e| (kind(e), weight(e))).collect();
    kinds.dedup();
    let mut roll = rng.next_u64() % kinds.iter().map(|k| k.1).sum::<u64>();
    let mut want = kinds[0].0;
    for &(k, w) in &kinds {
        if roll < w {
            want = k;
            break;
        }
        roll -= w;
    }
    let of_kind: Vec<Edit> = listed.iter().copied().filter(|e| kind(e) == want).collect();
    of_kind[(rng.next_u64() % of_kind.len() as u64) as usize]
}

/// A board with up to two small stands (a tessel and one edge-neighbour each).
fn marked(gen: &Gen, stands: Option<(u32, u32)>) -> Surface {
    let mut s = gen.build();
    if let Some((x, y)) = stands {
        for (seat, pick) in [(0u8, x), (1, y)] {
            let t = s.tessels()[pick as usize % s.len()];
            let near = s.walker(t);
            let mut stand = vec![t];
            stand.extend(near.get((pick / 7) as usize % near.len().max(1)));
            let _ = s.mark_stand(seat, &stand);
        }
    }
    s
}

/// Small boards, and the 2-seat 8×8 layouts with their stands.
fn boards() -> impl Strategy<Value = (Gen, Option<(u32, u32)>)> {
    let layouts = (0usize..3, 4usize..=9).prop_map(|(w, bases)| {
        let wrap = [Wrap::None, Wrap::Cylinder, Wrap::Torus][w];
        (Gen::Layout(wrap, bases), None)
    });
    prop_oneof![
        3 => (gens(), proptest::option::of(any::<(u32, u32)>())),
        1 => layouts,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    #[cfg_attr(debug_assertions, ignore = "exhaustive; run with cargo test --release")]
    fn edits_lists_exactly_what_apply_accepts(
        (gen, stands) in boards(),
        seed in any::<u64>(),
        steps in 0usize..=20,
    ) {
        let mut s = marked(&gen, stands);
        let mut rng = SplitMix64::new(seed);
        let mut listed = Vec::new();
        for _ in 0..=steps {
            s.edits(|_| true, &mut listed);
            prop_assert_eq!(&listed, &accepted_by_trial(&s));
            let bits = rng.next_u64();
            let allowed = |t: TesselId| bits >> (t.0 % 64) & 1 == 1;
            let mut region = Vec::new();
            s.edits(allowed, &mut region);
            let expected: Vec<Edit> =
                listed.iter().copied().filter(|&e| in_region(&s, e, &allowed)).collect();
            prop_assert_eq!(region, expected);
            if listed.is_empty() {
                break;
            }
            s.apply(pick(&listed, &mut rng)).unwrap();
            check_invariants(&s);
        }
    }
}

/// A random listed edit of the kind `want` picks out, if any.
fn any_of(s: &Surface, rng: &mut SplitMix64, want: fn(&Edit) -> bool) -> Option<Edit> {
    let mut listed = Vec::new();
    s.edits(|_| true, &mut listed);
    listed.retain(want);
    let n = listed.len() as u64;
    (n > 0).then(|| listed[(rng.next_u64() % n) as usize])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Splices first, then as many erasures as the surface allows: parts end up held on by
    /// splices alone, where unsplicing must be refused (V3) — and nowhere else.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow in debug; run with cargo test --release")]
    fn unsplice_and_erase_agree_with_a_trial_where_splices_hold_parts_on(
        (gen, stands) in boards(),
        seed in any::<u64>(),
        splices in 1usize..=6,
    ) {
        let mut s = marked(&gen, stands);
        let mut rng = SplitMix64::new(seed);
        for _ in 0..splices {
            match any_of(&s, &mut rng, |e| matches!(e, Edit::Splice { .. })) {
                Some(edit) => s.apply(edit).unwrap(),
                None => break,
            };
        }
        for _ in 0..24 {
            let mut listed = Vec::new();
            s.edits(|_| true, &mut listed);
            let glued = s.splices().iter().map(|p| Edit::Unsplice { edge: p[0] });
            let erasures = s.tessels().iter().map(|&tessel| Edit::Erase { tessel });
            for edit in glued.chain(erasures) {
                let valid = validates_after(&s, edit).expect("erase or unsplice");
                prop_assert_eq!(listed.contains(&edit), valid, "{}", edit);
            }
            match any_of(&s, &mut rng, |e| matches!(e, Edit::Erase { .. })) {
                Some(edit) => s.apply(edit).unwrap(),
                None => break,
            };
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    /// Edits picked uniformly from the listing are mostly splices, so glued vertices come to
    /// be shared by many tessels (as in random play): unsplicing is listed exactly where a
    /// trial run validates, at every step.
    #[test]
    fn unsplice_agrees_with_a_trial_where_random_edits_glue_many_tessels_together(
        (gen, stands) in boards(),
        seed in any::<u64>(),
    ) {
        let mut s = marked(&gen, stands);
        let mut rng = SplitMix64::new(seed);
        let mut listed = Vec::new();
        for _ in 0..40 {
            s.edits(|_| true, &mut listed);
            for edit in s.splices().iter().map(|p| Edit::Unsplice { edge: p[0] }) {
                let valid = validates_after(&s, edit).expect("unsplice");
                prop_assert_eq!(listed.contains(&edit), valid, "{}", edit);
            }
            if listed.is_empty() {
                break;
            }
            s.apply(listed[(rng.next_u64() % listed.len() as u64) as usize]).unwrap();
        }
    }
}

/// Undoing a splice breaks V3 exactly where the splice is a bridge between the base map's
/// pieces (`bridges`, all splices at once), as the search for each splice finds: splices
/// first, then as many erasures as the surface allows, so that parts come to hang on splices.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "slow in debug; run with cargo test --release"
)]
fn the_splices_that_hold_parts_on_are_the_bridges_found_at_once() {
    let mut bridges_seen = 0;
    for seed in 0..24u64 {
        let wrap = [Wrap::None, Wrap::Cylinder, Wrap::Torus][seed as usize % 3];
        let mut s = Surface::square(5, 5, wrap).expect("a 5x5 board");
        let mut rng = SplitMix64::new(seed);
        for _ in 0..6 {
            if let Some(edit) = any_of(&s, &mut rng, |e| matches!(e, Edit::Splice { .. })) {
                s.apply(edit).unwrap();
            }
        }
        for _ in 0..30 {
            let bridges = s.splice_bridges().expect("a valid surface");
            for (i, &bridge) in bridges.iter().enumerate() {
                let search = s.unsplice_keeps_connected(i).is_err();
                assert_eq!(bridge, search, "seed {seed}, splice {i}");
            }
            bridges_seen += bridges.iter().filter(|&&b| b).count();
            match any_of(&s, &mut rng, |e| matches!(e, Edit::Erase { .. })) {
                Some(edit) => s.apply(edit).unwrap(),
                None => break,
            };
        }
    }
    assert!(bridges_seen > 0, "no splice held a part on");
}
