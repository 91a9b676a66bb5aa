//! A quick proof that undoing a splice keeps V3 (mutou D2 (8)), for `local`'s check.
//!
//! Undoing a splice splits its glued vertices `p` and `q` into classes; two tessels then touch
//! at `p` (or `q`) only when their corners there land in the same class. The search runs on
//! tessels and vertices together (a tessel reaches its corners, a corner the tessels at it),
//! so a vertex shared by many tessels is walked once, not once for each pair of them.

use super::ids::{TesselId, VertexId};
use super::local::Landing;
use super::map::Surface;

/// No search has reached this tessel or vertex yet.
const NONE: u16 = u16::MAX;

/// The search state: which piece (an index into `apart`, joined by union-find) reached each
/// tessel and vertex first.
struct Search<'a> {
    surface: &'a Surface,
    apart: &'a [Landing],
    /// Tessel → its index in `apart`, or `NONE`.
    slot: Vec<u16>,
    /// Tessel → the piece that reached it.
    tessel_owner: Vec<u16>,
    /// Glued vertex (other than `p` and `q`) → the piece that reached it.
    vertex_owner: Vec<u16>,
    /// The classes of `p` and `q` reached so far: (vertex, class, piece).
    class_owner: Vec<(VertexId, Option<usize>, u16)>,
    parent: Vec<u16>,
    pieces: usize,
    queue: Vec<TesselId>,
}

impl Search<'_> {
    fn root(&mut self, mut k: u16) -> u16 {
        while self.parent[usize::from(k)] != k {
            let up = self.parent[usize::from(k)];
            self.parent[usize::from(k)] = self.parent[usize::from(up)];
            k = up;
        }
        k
    }

    /// Joins the pieces of `a` and `b` (the smaller root stays root).
    fn join(&mut self, a: u16, b: u16) {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra != rb {
            self.parent[usize::from(ra.max(rb))] = ra.min(rb);
            self.pieces -= 1;
        }
    }

    /// Piece `mine` reaches tessel `n`.
    fn visit(&mut self, n: TesselId, mine: u16) {
        match self.tessel_owner[n.index()] {
            NONE => {
                self.tessel_owner[n.index()] = mine;
                self.queue.push(n);
            }
            theirs => self.join(mine, theirs),
        }
    }

    /// The class tessel `t` (one of `apart`) lands in at `v` (`p` or `q`).
    fn class(&self, t: TesselId, v: VertexId, p: VertexId) -> Option<usize> {
        let l = self.apart.get(usize::from(self.slot[t.index()]))?;
        if v == p {
            l.at_p
        } else {
            l.at_q
        }
    }
}

impl Surface {
    /// Whether the tessels of `apart` (those at `p` or `q`, with the classes they land in)
    /// stay connected once the splice of `p` and `q` is undone. A search grows from all of
    /// them at once, joining their pieces where two meet, and stops once one piece is left.
    /// Exact: `false` means they really come apart (`local` then names where).
    pub(super) fn apart_joined(&self, p: VertexId, q: VertexId, apart: &[Landing]) -> bool {
        let nt = self.cache.tessel_ids;
        let mut search = Search {
            surface: self,
            apart,
            slot: vec![NONE; nt],
            tessel_owner: vec![NONE; nt],
            vertex_owner: vec![NONE; self.cache.glued_vertex.len()],
            class_owner: Vec::new(),
            parent: (0..apart.len() as u16).collect(),
            pieces: 0,
            queue: Vec::with_capacity(self.cache.live.len()),
        };
        for (k, l) in apart.iter().enumerate() {
            search.slot[l.tessel.index()] = k as u16;
            if search.tessel_owner[l.tessel.index()] == NONE {
                search.tessel_owner[l.tessel.index()] = k as u16;
                search.queue.push(l.tessel);
                search.pieces += 1;
            }
        }
        let mut head = 0;
        while search.pieces > 1 && head < search.queue.len() {
            let s = search.queue[head];
            head += 1;
            for &v in search.surface.vertices(s) {
                let mine = search.tessel_owner[s.index()];
                if v == p || v == q {
                    search.reach_class(s, v, p, mine);
                } else if search.vertex_owner[v.index()] != NONE {
                    search.join(mine, search.vertex_owner[v.index()]);
                } else {
                    search.vertex_owner[v.index()] = mine;
                    for &n in search.surface.tessels_at(v) {
                        search.visit(n, mine);
                    }
                }
            }
        }
        search.pieces <= 1
    }
}

impl Search<'_> {
    /// Piece `mine`, at tessel `s`, reaches the class `s` lands in at `v` (`p` or `q`), and
    /// through it the other tessels of that class.
    fn reach_class(&mut self, s: TesselId, v: VertexId, p: VertexId, mine: u16) {
        let c = self.class(s, v, p);
        if let Some(&(_, _, theirs)) = self.class_owner.iter().find(|o| o.0 == v && o.1 == c) {
            self.join(mine, theirs);
            return;
        }
        self.class_owner.push((v, c, mine));
        for &n in self.surface.tessels_at(v) {
            if self.class(n, v, p) == c {
                self.visit(n, mine);
            }
        }
    }
}
