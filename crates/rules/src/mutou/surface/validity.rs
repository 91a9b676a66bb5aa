//! The validity checks of mutou §3.5, V1–V4 (V5, pieces on the surface, is the game's).

use super::derive::Derived;
use super::error::SurfaceError;
use super::ids::TesselId;
use super::map::{Base, Surface};
use super::MAX_CORNERS;

impl Surface {
    /// Checks V1 (each live tessel has 1–19 vertices, none twice), V2 (each glued edge is used
    /// at most once in each direction, between the corners its tessels name), V3 (all
    /// tessels are connected through shared vertices) and V4 (each stand is edge-connected and,
    /// if any tessel lies outside it, touches the rest through a vertex).
    pub fn validate(&self) -> Result<(), SurfaceError> {
        check(&self.base, &self.cache)
    }
}

/// V1–V4 on a base and its derived caches.
pub(super) fn check(base: &Base, d: &Derived) -> Result<(), SurfaceError> {
    v1_corners(d)?;
    v2_orientation(d)?;
    v3_connected(d)?;
    v4_stands(base, d)
}

fn v1_corners(d: &Derived) -> Result<(), SurfaceError> {
    for &t in &d.live {
        let vs = d.cyc_v.row(t.index());
        if vs.is_empty() || vs.len() > MAX_CORNERS {
            return Err(SurfaceError::VertexCount {
                tessel: t,
                count: vs.len(),
            });
        }
        for (i, v) in vs.iter().enumerate() {
            if vs[i + 1..].contains(v) {
                return Err(SurfaceError::RepeatedVertex {
                    tessel: t,
                    vertex: *v,
                });
            }
        }
    }
    Ok(())
}

fn v2_orientation(d: &Derived) -> Result<(), SurfaceError> {
    if let Some(fault) = &d.fault {
        return Err(fault.clone());
    }
    for (e, ends) in d.ends.iter().enumerate() {
        if ends.is_some() && d.sides[e] == (None, None) {
            let edge = super::ids::EdgeId(e as u16);
            return Err(SurfaceError::UnusedEdge { edge });
        }
    }
    Ok(())
}

fn v3_connected(d: &Derived) -> Result<(), SurfaceError> {
    let Some(&first) = d.live.first() else {
        return Err(SurfaceError::Empty);
    };
    let seen = reach(d, first, |_| true, |t| d.touching.row(t.index()));
    match d.live.iter().find(|t| !seen[t.index()]) {
        Some(&t) => Err(SurfaceError::Disconnected {
            tessel: t,
            other: first,
        }),
        None => Ok(()),
    }
}

fn v4_stands(base: &Base, d: &Derived) -> Result<(), SurfaceError> {
    let mut seats: Vec<u8> = base
        .tessels
        .iter()
        .flatten()
        .filter_map(|r| r.mark)
        .collect();
    seats.sort_unstable();
    seats.dedup();
    for seat in seats {
        let member = |t: TesselId| base.rec(t).is_some_and(|r| r.mark == Some(seat));
        let stand: Vec<TesselId> = d.live.iter().copied().filter(|&t| member(t)).collect();
        let seen = reach(d, stand[0], member, |t| d.walker.row(t.index()));
        if let Some(&t) = stand.iter().find(|t| !seen[t.index()]) {
            return Err(SurfaceError::StandSplit {
                seat,
                tessel: t,
                other: stand[0],
            });
        }
        let touches_rest = stand
            .iter()
            .any(|t| d.touching.row(t.index()).iter().any(|&n| !member(n)));
        if stand.len() < d.live.len() && !touches_rest {
            return Err(SurfaceError::StandIsolated { seat });
        }
    }
    Ok(())
}

/// Tessels reachable from `from` through `next`, staying inside `keep` (by tessel index).
pub(super) fn reach<'a>(
    d: &Derived,
    from: TesselId,
    keep: impl Fn(TesselId) -> bool,
    next: impl Fn(TesselId) -> &'a [TesselId],
) -> Vec<bool> {
    let mut seen = vec![false; d.tessel_ids];
    let mut stack = vec![from];
    seen[from.index()] = true;
    while let Some(t) = stack.pop() {
        for &n in next(t) {
            if !seen[n.index()] && keep(n) {
                seen[n.index()] = true;
                stack.push(n);
            }
        }
    }
    seen
}
