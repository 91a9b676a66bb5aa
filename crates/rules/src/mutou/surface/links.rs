//! Cut vertices and bridges of the tessel graphs, found for all tessels at once by one
//! depth-first low-link search (Tarjan's, without recursion), for `edits`: erasing a cut
//! vertex of the touching graph breaks V3, erasing a cut vertex of a stand's walker graph
//! breaks V4, and undoing a splice whose two sides are joined by a bridge of their stand's
//! walker graph (and by no other edge) breaks V4 (mutou §3.5, D2 (6) and (8)). Before the
//! touching graph is searched, a tessel's own corners may already show that it is no cut
//! vertex (`corners_keep_touching`), which settles most erase candidates.

use super::derive::{find, union};
use super::ids::TesselId;
use super::map::Surface;
use super::MAX_CORNERS;

/// What one or more searches found, by tessel index.
pub(super) struct LowLinks {
    order: Vec<u32>,
    low: Vec<u32>,
    /// The tessel each was reached from (itself for a search's root).
    parent: Vec<TesselId>,
    /// `cut[t]`: taking `t` away leaves the rest of its searched graph in two or more pieces.
    pub cut: Vec<bool>,
    /// `bridge[t]`: the link between `t` and its parent is the only way between them and
    /// everything on the other side.
    bridge: Vec<bool>,
    clock: u32,
}

impl LowLinks {
    fn new(n: usize) -> LowLinks {
        LowLinks {
            order: vec![0; n],
            low: vec![0; n],
            parent: vec![TesselId(0); n],
            cut: vec![false; n],
            bridge: vec![false; n],
            clock: 0,
        }
    }

    /// Whether the link between `a` and `b` is a bridge of the graph they were searched in
    /// (false if they are not linked there).
    pub fn is_bridge(&self, a: TesselId, b: TesselId) -> bool {
        let below = |up: TesselId, down: TesselId| {
            self.order[down.index()] != 0
                && self.parent[down.index()] == up
                && down != up
                && self.bridge[down.index()]
        };
        below(a, b) || below(b, a)
    }

    /// Searches the connected graph of `root` whose links are `row(t)` filtered by `member`
    /// (a simple graph: no row repeats a tessel). Tessels already searched are not entered.
    fn search<'a>(
        &mut self,
        root: TesselId,
        row: impl Fn(TesselId) -> &'a [TesselId],
        member: impl Fn(TesselId) -> bool,
    ) {
        self.clock += 1;
        self.order[root.index()] = self.clock;
        self.low[root.index()] = self.clock;
        self.parent[root.index()] = root;
        let mut root_children = 0;
        // Each frame: a tessel, its row and how much of it has been looked at.
        let mut stack = Vec::with_capacity(self.order.len());
        stack.push((root, row(root), 0usize));
        while let Some(&mut (v, links, ref mut seen)) = stack.last_mut() {
            if let Some(&w) = links.get(*seen) {
                *seen += 1;
                if !member(w) || w == self.parent[v.index()] && v != root {
                    continue;
                }
                if self.order[w.index()] == 0 {
                    self.clock += 1;
                    self.order[w.index()] = self.clock;
                    self.low[w.index()] = self.clock;
                    self.parent[w.index()] = v;
                    stack.push((w, row(w), 0));
                } else {
                    self.low[v.index()] = self.low[v.index()].min(self.order[w.index()]);
                }
                continue;
            }
            stack.pop();
            let Some(&(u, _, _)) = stack.last() else {
                break;
            };
            self.low[u.index()] = self.low[u.index()].min(self.low[v.index()]);
            self.bridge[v.index()] = self.low[v.index()] > self.order[u.index()];
            if u == root {
                root_children += 1;
            } else if self.low[v.index()] >= self.order[u.index()] {
                self.cut[u.index()] = true;
            }
        }
        self.cut[root.index()] = root_children > 1;
    }
}

/// Per tessel, the last call of [`Surface::corners_keep_touching`] that saw it and at which
/// corner it saw it first; kept across calls so that a listing allocates once.
pub(super) struct CornerMarks {
    first: Vec<(u32, u8)>,
    call: u32,
}

impl CornerMarks {
    pub fn new(tessel_ids: usize) -> CornerMarks {
        CornerMarks {
            first: vec![(0, 0); tessel_ids],
            call: 0,
        }
    }
}

impl Surface {
    /// Whether `t`'s corners alone show that the tessels touching `t` stay connected without
    /// it: the other tessels at one corner touch each other (they share the corner), and two
    /// corners are joined where one tessel is at both. True is exact (every other tessel
    /// reaches `t` through a neighbour, so `t` is no cut vertex of the touching graph); false
    /// only means the corners do not show it (the neighbours may still meet further away), and
    /// [`Surface::touching_links`] decides.
    pub(super) fn corners_keep_touching(&self, t: TesselId, marks: &mut CornerMarks) -> bool {
        marks.call += 1;
        let corners = self.vertices(t);
        let mut parent: [usize; MAX_CORNERS] = std::array::from_fn(|i| i);
        let mut shared = [false; MAX_CORNERS];
        for (i, &v) in corners.iter().enumerate() {
            for &s in self.tessels_at(v).iter().filter(|&&s| s != t) {
                shared[i] = true;
                match &mut marks.first[s.index()] {
                    (call, at) if *call == marks.call => union(&mut parent, i, usize::from(*at)),
                    mark => *mark = (marks.call, i as u8),
                }
            }
        }
        let mut roots = (0..corners.len())
            .filter(|&i| shared[i])
            .map(|i| find(&mut parent, i));
        let first = roots.next();
        roots.all(|r| Some(r) == first)
    }

    /// Cut vertices of the touching graph of all live tessels (erasing one breaks V3).
    pub(super) fn touching_links(&self) -> LowLinks {
        let mut links = LowLinks::new(self.cache.tessel_ids);
        if let Some(&root) = self.tessels().first() {
            links.search(root, |t| self.touching(t), |_| true);
        }
        links
    }

    /// Cut vertices and bridges of each stand's walker graph (stand tessels, joined where they
    /// share an edge); tessels without a stand mark are in none.
    pub(super) fn stand_links(&self) -> LowLinks {
        let mut links = LowLinks::new(self.cache.tessel_ids);
        for &root in self.tessels() {
            let Some(seat) = self.stand_mark(root) else {
                continue;
            };
            if links.order[root.index()] == 0 {
                let member = |t: TesselId| self.stand_mark(t) == Some(seat);
                links.search(root, |t| self.walker(t), member);
            }
        }
        links
    }
}
