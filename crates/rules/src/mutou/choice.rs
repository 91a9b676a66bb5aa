//! Choices (mutou S17, D7, D8) and Rand moves (S11, D10): call windows, quandar rolls, the
//! prior player's gate, the next player's count, farthest destinations, heaps and insertions.

use super::actions::{CallMode, MuTouAction, Spin};
use super::events::{Crossing, MuTouEvent, Stay};
use super::pieces::{Shakken, MAX_SEATS, MAX_SHAKKEN};
use super::state::{Gate, MuTou, Pending, Phase, RandCause, RandStage, Unit};
use super::surface::{Graph, TesselId};
use super::turn::{emit, seat_of};
use crate::game::Events;

impl MuTou {
    /// D8: after a unit, the first seat after the mover (in turn order) that may call is asked;
    /// with nobody able to call, or nothing for a choice to act on, play goes on.
    pub(super) fn open_window(&mut self, unit: Unit, ev: &mut impl Events<MuTouEvent>) {
        let subject = match unit {
            Unit::Piece(t) => self.piece(t).is_some_and(|p| p.owner == self.turn.mover),
            Unit::Alter(a, b) => self.piece(a).is_some() && self.piece(b).is_some(),
            Unit::Area => true,
        };
        match self.next_caller(self.turn.mover) {
            Some(seat) if self.variant.choices && subject => {
                self.turn.pending = Pending::Window { unit, seat };
            }
            _ => self.resume(ev),
        }
    }

    /// The next seat after `after`, before coming back to the mover, that may call: active,
    /// not the mover, with a wafer to pay.
    fn next_caller(&self, after: u8) -> Option<u8> {
        let n = self.seat_count();
        let mover = self.turn.mover;
        (1..n)
            .map(|k| (after + k) % n)
            .take_while(|&s| s != mover)
            .find(|&s| self.is_active(s) && self.seat[usize::from(s)].wafers > 0)
    }

    /// A call or a decline in the window.
    pub(super) fn play_window(&mut self, action: MuTouAction, ev: &mut impl Events<MuTouEvent>) {
        let Pending::Window { unit, seat } = self.turn.pending else {
            unreachable!("no window");
        };
        match action {
            MuTouAction::Call(mode) => {
                let mover = self.turn.mover;
                self.seat[usize::from(seat)].wafers -= 1;
                self.seat[usize::from(mover)].wafers += 1;
                emit!(
                    ev,
                    MuTouEvent::Called {
                        seat: seat_of(seat),
                        mode,
                        mover: seat_of(mover),
                    }
                );
                self.turn.pending = Pending::Roll {
                    caller: seat,
                    mode,
                    unit,
                };
            }
            MuTouAction::Decline => match self.next_caller(seat) {
                Some(next) => self.turn.pending = Pending::Window { unit, seat: next },
                None => self.resume(ev),
            },
            _ => unreachable!("not a window decision"),
        }
    }

    /// The chance outcomes now, each of weight 1 (fair quandarinn).
    pub(super) fn chance_actions(&self, out: &mut Vec<MuTouAction>) {
        let faces = self.variant.dice;
        match self.turn.pending {
            Pending::Roll {
                mode: CallMode::Matched,
                ..
            } => {
                for a in 1..=faces {
                    out.extend((1..=faces).map(|b| MuTouAction::Dice(a, b)));
                }
            }
            _ => out.extend((1..=faces).map(MuTouAction::Die)),
        }
    }

    /// A choice's roll and its effect (S17).
    pub(super) fn play_roll(&mut self, action: MuTouAction, ev: &mut impl Events<MuTouEvent>) {
        let Pending::Roll { caller, unit, .. } = self.turn.pending else {
            unreachable!("no roll");
        };
        let total = match action {
            MuTouAction::Die(n) => n,
            MuTouAction::Dice(a, b) => a.abs_diff(b),
            _ => unreachable!("not a roll"),
        };
        emit!(
            ev,
            MuTouEvent::Rolled {
                faces: match action {
                    MuTouAction::Dice(a, b) => vec![a, b],
                    _ => vec![total],
                },
                total,
            }
        );
        if total == 0 {
            return self.resume(ev);
        }
        match unit {
            Unit::Piece(piece) => {
                self.turn.pending = Pending::Rand {
                    piece,
                    cause: RandCause::Choice(total - 1),
                    stage: RandStage::Gate,
                };
            }
            Unit::Alter(a, b) => self.heap(a, b, caller, total, ev),
            Unit::Area => {
                self.turn.pending = Pending::Insert {
                    caller,
                    left: total,
                }
            }
        }
    }

    /// S17 after an alteration: both pieces' shakken are heaped (blood of other owners stays
    /// where it is, D13); the caller hands out up to `total` of them.
    fn heap(
        &mut self,
        a: TesselId,
        b: TesselId,
        caller: u8,
        total: u8,
        ev: &mut impl Events<MuTouEvent>,
    ) {
        let mover = self.turn.mover;
        let mut heap = Shakken::default();
        for t in [a, b] {
            let stack = &mut self.cell_mut(t).as_mut().expect("a heaped piece").shakken;
            let mut kept = Shakken {
                blood: stack.blood,
                ..Shakken::default()
            };
            kept.blood[usize::from(mover)] = 0;
            let mut heaped = *stack;
            heaped.blood = [0; MAX_SEATS];
            heaped.blood[usize::from(mover)] = stack.blood[usize::from(mover)];
            heap.add_all(&heaped);
            *stack = kept;
        }
        emit!(
            ev,
            MuTouEvent::Heaped {
                pieces: [self.place(a), self.place(b)],
                heap,
            }
        );
        let left = total.min(heap.total());
        self.turn.pending = Pending::Heap {
            pieces: [a, b],
            heap,
            caller,
            left: (left > 0).then_some(left),
        };
        self.settle_heap(ev);
    }

    /// Who hands out the heap now.
    pub(super) fn heap_actor(&self) -> u8 {
        match self.turn.pending {
            Pending::Heap {
                caller,
                left: Some(_),
                ..
            } => caller,
            _ => self.turn.mover,
        }
    }

    pub(super) fn heap_actions(&self, out: &mut Vec<MuTouAction>) {
        let Pending::Heap {
            pieces, heap, left, ..
        } = self.turn.pending
        else {
            return;
        };
        for t in pieces {
            if self
                .piece(t)
                .is_some_and(|p| p.shakken.total() < MAX_SHAKKEN)
            {
                out.extend(heap.kinds().map(|s| MuTouAction::Give(t, s)));
            }
        }
        if left.is_some() {
            out.push(MuTouAction::Done);
        }
    }

    pub(super) fn play_heap(&mut self, action: MuTouAction, ev: &mut impl Events<MuTouEvent>) {
        let Pending::Heap {
            pieces,
            mut heap,
            caller,
            mut left,
        } = self.turn.pending
        else {
            unreachable!("no heap");
        };
        match action {
            MuTouAction::Give(t, shak) => {
                heap.remove(shak);
                self.cell_mut(t)
                    .as_mut()
                    .expect("a heap piece")
                    .shakken
                    .add(shak);
                emit!(
                    ev,
                    MuTouEvent::Handed {
                        seat: seat_of(self.heap_actor()),
                        shak,
                        to: self.place(t),
                    }
                );
                left = left.and_then(|n| (n > 1).then(|| n - 1));
            }
            MuTouAction::Done => left = None,
            _ => unreachable!("not a heap decision"),
        }
        self.turn.pending = Pending::Heap {
            pieces,
            heap,
            caller,
            left,
        };
        self.settle_heap(ev);
    }

    fn settle_heap(&mut self, ev: &mut impl Events<MuTouEvent>) {
        if let Pending::Heap { heap, .. } = self.turn.pending {
            if heap.is_empty() {
                self.resume(ev);
            }
        }
    }

    /// S17 after an area alteration: the caller inserts alterations, or stops.
    pub(super) fn play_insert(&mut self, action: MuTouAction, ev: &mut impl Events<MuTouEvent>) {
        let Pending::Insert { caller, left } = self.turn.pending else {
            unreachable!("no insertion");
        };
        match action {
            MuTouAction::Area { edit, to_new } => {
                self.edit_area(edit, to_new, ev);
                if left > 1 {
                    self.turn.pending = Pending::Insert {
                        caller,
                        left: left - 1,
                    };
                } else {
                    self.resume(ev);
                }
            }
            MuTouAction::Done => self.resume(ev),
            _ => unreachable!("not an insertion"),
        }
    }

    /// D19: an answer to a proposal to stop.
    pub(super) fn play_proposal(&mut self, action: MuTouAction, ev: &mut impl Events<MuTouEvent>) {
        let Pending::Proposal { seat } = self.turn.pending else {
            unreachable!("no proposal");
        };
        match action {
            MuTouAction::Accept => {
                emit!(
                    ev,
                    MuTouEvent::Accepted {
                        seat: seat_of(seat)
                    }
                );
                let next = self.next_active(seat);
                if next == self.turn.mover {
                    self.finish(super::state::End::Agreed, ev);
                } else {
                    self.turn.pending = Pending::Proposal { seat: next };
                }
            }
            MuTouAction::Refuse => {
                emit!(
                    ev,
                    MuTouEvent::Refused {
                        seat: seat_of(seat)
                    }
                );
                self.turn.refused = true;
                self.turn.pending = Pending::Free;
            }
            _ => unreachable!("not an answer"),
        }
    }

    /// Who decides a Rand stage: the prior player aims, chance rolls, the mover breaks ties.
    pub(super) fn rand_actor(&self, stage: RandStage) -> Option<u8> {
        match stage {
            RandStage::Gate => Some(self.prior_active(self.turn.mover)),
            RandStage::Count(..) | RandStage::Steps(_) => None,
            RandStage::Tie(..) => Some(self.turn.mover),
        }
    }

    pub(super) fn rand_actions(&self, out: &mut Vec<MuTouAction>) {
        let Pending::Rand { piece, stage, .. } = self.turn.pending else {
            return;
        };
        match stage {
            RandStage::Gate => {
                for &v in self.surface().vertices(piece) {
                    out.push(MuTouAction::Gate(v, Spin::Ccw));
                    out.push(MuTouAction::Gate(v, Spin::Cw));
                }
            }
            RandStage::Count(..) | RandStage::Steps(_) => self.chance_actions(out),
            RandStage::Tie(gate, n) => {
                out.extend(
                    self.rand_farthest(piece, gate, n)
                        .into_iter()
                        .map(MuTouAction::Pick),
                );
            }
        }
    }

    pub(super) fn play_rand(&mut self, action: MuTouAction, ev: &mut impl Events<MuTouEvent>) {
        let Pending::Rand {
            piece,
            cause,
            stage,
        } = self.turn.pending
        else {
            unreachable!("no Rand move");
        };
        let set = |me: &mut Self, stage| {
            me.turn.pending = Pending::Rand {
                piece,
                cause,
                stage,
            }
        };
        match (stage, action) {
            (RandStage::Gate, MuTouAction::Gate(v, spin)) => {
                emit!(
                    ev,
                    MuTouEvent::RandAimed {
                        seat: seat_of(self.prior_active(self.turn.mover)),
                        piece: self.place(piece),
                        vertex: v,
                        spin,
                    }
                );
                set(self, RandStage::Count(v, spin));
            }
            (RandStage::Count(v, spin), MuTouAction::Die(d)) => {
                let gate = self.gate(piece, v, spin, d);
                emit!(
                    ev,
                    MuTouEvent::RandCounted {
                        piece: self.place(piece),
                        count: d,
                        gate: self.crossing(piece, gate),
                    }
                );
                if self.first_crossing(piece, gate).is_empty() {
                    emit!(
                        ev,
                        MuTouEvent::RandStayed {
                            piece: self.place(piece),
                            why: Stay::NothingBeyond,
                        }
                    );
                    self.rand_landed(piece, ev);
                } else {
                    set(self, RandStage::Steps(gate));
                }
            }
            (RandStage::Steps(gate), MuTouAction::Die(n)) => {
                let far = self.rand_farthest(piece, gate, n);
                match far.as_slice() {
                    [] => {
                        emit!(
                            ev,
                            MuTouEvent::RandStayed {
                                piece: self.place(piece),
                                why: Stay::NoTessel { crossings: n },
                            }
                        );
                        self.rand_landed(piece, ev);
                    }
                    [only] => self.rand_land(piece, *only, n, &far, ev),
                    _ => set(self, RandStage::Tie(gate, n)),
                }
            }
            (RandStage::Tie(gate, n), MuTouAction::Pick(t)) => {
                let far = if ev.wanted() {
                    self.rand_farthest(piece, gate, n)
                } else {
                    Vec::new()
                };
                self.rand_land(piece, t, n, &far, ev);
            }
            _ => unreachable!("not this Rand stage's decision"),
        }
    }

    /// D10 (1)-(2): the edge or vertex a count of `d` ends on.
    pub(super) fn gate(
        &self,
        piece: TesselId,
        start: super::surface::VertexId,
        spin: Spin,
        d: u8,
    ) -> Gate {
        let corners = self.surface().vertices(piece);
        let k = corners.len();
        let i = corners.iter().position(|&v| v == start).unwrap_or(0);
        let d = usize::from(d);
        // Odd counts end on edges, even counts on vertices; edge j joins corner j to j+1.
        let (index, edge) = match (spin, d % 2 == 1) {
            (Spin::Ccw, true) => ((i + (d - 1) / 2) % k, true),
            (Spin::Ccw, false) => ((i + d / 2) % k, false),
            (Spin::Cw, true) => ((i + k - 1 - ((d - 1) / 2) % k) % k, true),
            (Spin::Cw, false) => ((i + k - (d / 2) % k) % k, false),
        };
        if edge {
            Gate::Edge(index as u8)
        } else {
            Gate::Vertex(index as u8)
        }
    }

    /// The edge or vertex a gate names on the piece's tessel.
    fn crossing(&self, piece: TesselId, gate: Gate) -> Crossing {
        let s = self.surface();
        match gate {
            Gate::Edge(i) => Crossing::Edge(s.edges(piece)[usize::from(i)]),
            Gate::Vertex(i) => Crossing::Vertex(s.vertices(piece)[usize::from(i)]),
        }
    }

    /// D10 (2): the tessels the first crossing through the gate reaches.
    pub(super) fn first_crossing(&self, piece: TesselId, gate: Gate) -> Vec<TesselId> {
        let s = self.surface();
        match gate {
            Gate::Edge(i) => {
                let (a, b) = s.edge_sides(s.edges(piece)[usize::from(i)]);
                [a, b]
                    .into_iter()
                    .flatten()
                    .filter(|&t| t != piece)
                    .collect()
            }
            Gate::Vertex(i) => s
                .tessels_at(s.vertices(piece)[usize::from(i)])
                .iter()
                .copied()
                .filter(|&t| t != piece)
                .collect(),
        }
    }

    /// D10 (3)-(5): the tessels reachable by `n` crossings through the gate, farthest first
    /// by shortest path from the start, never one's own piece; all those equally farthest.
    pub(super) fn rand_farthest(&self, piece: TesselId, gate: Gate, n: u8) -> Vec<TesselId> {
        let s = self.surface();
        let graph = match gate {
            Gate::Edge(_) => Graph::Edge,
            Gate::Vertex(_) => Graph::Vertex,
        };
        let width = usize::from(s.max_tessel_id().0) + 1;
        let mut reach = vec![false; width];
        for t in self.first_crossing(piece, gate) {
            reach[usize::from(t.0)] = true;
        }
        for _ in 1..n {
            let mut next = vec![false; width];
            for t in s
                .tessels()
                .iter()
                .copied()
                .filter(|t| reach[usize::from(t.0)])
            {
                let around = match graph {
                    Graph::Edge => s.walker(t),
                    Graph::Vertex => s.touching(t),
                };
                for &u in around {
                    next[usize::from(u.0)] = true;
                }
            }
            reach = next;
        }
        let mut dist = Vec::new();
        s.distances(piece, graph, &mut dist);
        let owner = self.piece(piece).map(|p| p.owner);
        let landable = |t: TesselId| {
            reach[usize::from(t.0)] && (t == piece || self.piece(t).map(|p| p.owner) != owner)
        };
        let best = s
            .tessels()
            .iter()
            .copied()
            .filter(|&t| landable(t))
            .map(|t| dist[usize::from(t.0)])
            .max();
        match best {
            Some(d) => s
                .tessels()
                .iter()
                .copied()
                .filter(|&t| landable(t) && dist[usize::from(t.0)] == d)
                .collect(),
            None => Vec::new(),
        }
    }

    /// The piece on `piece` goes by Rand to `to`, one of the `farthest` tessels `crossings`
    /// crossings reach.
    fn rand_land(
        &mut self,
        piece: TesselId,
        to: TesselId,
        crossings: u8,
        farthest: &[TesselId],
        ev: &mut impl Events<MuTouEvent>,
    ) {
        emit!(
            ev,
            MuTouEvent::RandLanded {
                from: self.place(piece),
                to: self.place(to),
                crossings,
                farthest: farthest.iter().map(|&t| self.place(t)).collect(),
            }
        );
        if to != piece && self.piece(to).is_some() {
            let removed = self.capture(piece, to, ev);
            // D10 (5): a Rand landing on an enemy captures; a Rand shak's capture allows the
            // S20 transfer, a choice's Rand series stops there.
            if matches!(
                self.turn.pending,
                Pending::Rand {
                    cause: RandCause::Shak,
                    ..
                }
            ) {
                self.after_removal(to, removed, Some(Unit::Piece(to)), ev);
            } else {
                self.settle_survival(ev);
                if matches!(self.phase, Phase::Play) {
                    self.resume(ev);
                }
            }
            return;
        }
        self.relocate(piece, to);
        self.rand_landed(to, ev);
    }

    /// After a Rand move that did not capture: the window (a Rand shak), or the next Rand move
    /// of a choice's series.
    fn rand_landed(&mut self, at: TesselId, ev: &mut impl Events<MuTouEvent>) {
        let Pending::Rand { cause, .. } = self.turn.pending else {
            unreachable!()
        };
        match cause {
            RandCause::Shak => self.open_window(Unit::Piece(at), ev),
            RandCause::Choice(0) => self.resume(ev),
            RandCause::Choice(k) => {
                self.turn.pending = Pending::Rand {
                    piece: at,
                    cause: RandCause::Choice(k - 1),
                    stage: RandStage::Gate,
                }
            }
        }
    }
}
