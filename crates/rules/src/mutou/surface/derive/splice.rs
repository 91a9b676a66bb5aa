//! The gluing after a splice, from the gluing before it: the splice's two pairs of corners
//! join their classes, and nothing else moves, so the glue need not be derived afresh (an
//! unsplice may split a class, and is derived afresh). Test and debug builds compare the
//! result with a rebuild from scratch (`Surface::apply`).

use super::Derived;
use crate::mutou::surface::ids::VertexId;
use crate::mutou::surface::map::Base;

impl Derived {
    /// Whether `base` is `old_base` with one splice more (pushed last) and no new ids, the
    /// tessels unchanged (the caller knows that), so [`Derived::glue_spliced`] applies.
    pub(super) fn spliced_once_more(base: &Base, old_base: &Base) -> bool {
        base.splices.len() == old_base.splices.len() + 1
            && base.splices.starts_with(&old_base.splices)
            && base.vertices.len() == old_base.vertices.len()
            && base.edges.len() == old_base.edges.len()
    }

    /// The gluing fields of these caches (of the old base) brought up to `base`, made by
    /// one splice (see [`Derived::spliced_once_more`]); the other fields are left empty.
    pub(super) fn glue_spliced(&self, base: &Base) -> Derived {
        let idx = base.splices.len() - 1;
        let [a, b] = base.splices[idx];
        let mut glued = Derived {
            glued_vertex: self.glued_vertex.clone(),
            glued_edge: self.glued_edge.clone(),
            splice_of: self.splice_of.clone(),
            splice_ends: self.splice_ends.clone(),
            spliced_vertex: self.spliced_vertex.clone(),
            class: self.class.clone(),
            class_splices: self.class_splices.clone(),
            ..Derived::default()
        };
        glued.glued_edge[b.index()] = a;
        glued.splice_of[a.index()] = Some(idx);
        glued.splice_of[b.index()] = Some(idx);
        // Edge a used as x→y, edge b used as u→w: x≡w and y≡u (as `glue_with` does).
        let ends = match (self.old_run(base, a), self.old_run(base, b)) {
            (Some([x, y]), Some([u, w])) => Some([x, y, u, w]),
            _ => None,
        };
        glued.splice_ends.push(ends);
        if let Some([x, y, u, w]) = ends {
            glued.join(x, w);
            glued.join(y, u);
            for v in [x, y] {
                let g = glued.glued_vertex[v.index()].index();
                let row = glued.class_splices.row(g);
                if row.last() != Some(&(idx as u32)) {
                    let mut grown = row.to_vec();
                    grown.push(idx as u32);
                    glued.class_splices.set_row(g, &grown);
                }
            }
        }
        glued
    }

    /// Joins the classes of base vertices `p` and `q`: the smaller glued id stays (a class
    /// is named by its smallest base vertex), the other class's vertices and splices move
    /// to it.
    fn join(&mut self, p: VertexId, q: VertexId) {
        let (gp, gq) = (self.glued_vertex[p.index()], self.glued_vertex[q.index()]);
        if gp == gq {
            return;
        }
        let (root, gone) = (gp.min(gq).index(), gp.max(gq).index());
        let moved = self.class.row(gone).to_vec();
        for v in &moved {
            self.glued_vertex[v.index()] = VertexId(root as u16);
        }
        let class = union_sorted(self.class.row(root), &moved);
        self.class.set_row(root, &class);
        self.class.set_row(gone, &[]);
        let splices = union_sorted(self.class_splices.row(root), self.class_splices.row(gone));
        self.class_splices.set_row(root, &splices);
        self.class_splices.set_row(gone, &[]);
        self.spliced_vertex[root] = true;
        self.spliced_vertex[gone] = false;
    }
}

/// The ascending union of two ascending lists, each item once.
fn union_sorted<T: Copy + Ord>(a: &[T], b: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        out.push(x.min(y));
        i += usize::from(x <= y);
        j += usize::from(y <= x);
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}
