//! Choices (mutou S17, D7, D8) and Rand moves (S11, D10): call windows, quandar rolls, the
//! prior player's gate, the next player's count, farthest destinations, heaps and insertions.

use super::actions::{CallMode, MuTouAction, Spin};
use super::events::{EventKind, MuTouEvent};
use super::pieces::{Shakken, MAX_SEATS, MAX_SHAKKEN};
use super::state::{Gate, MuTou, Pending, Phase, RandCause, RandStage, Unit};
use super::surface::{Graph, TesselId};
use super::turn::{colour, emit};
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
                    EventKind::Call,
                    "mutou:S17",
                    "{} calls a choice ({}) and pays {} a wafer",
                    colour(seat),
                    mode_name(mode),
                    colour(mover)
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
            EventKind::Roll,
            "mutou:D7",
            "the quandar total is {total}"
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
            EventKind::ShakMoved,
            "mutou:S17",
            "the shakken of {} and {} are heaped ({heap})",
            self.name(a),
            self.name(b)
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
                    EventKind::ShakMoved,
                    "mutou:S17",
                    "{} hands a {shak} shak to {}",
                    colour(self.heap_actor()),
                    self.name(t)
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
                    EventKind::Proposal,
                    "mutou:D19",
                    "{} accepts",
                    colour(seat)
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
                    EventKind::Proposal,
                    "mutou:D19",
                    "{} refuses; play goes on",
                    colour(seat)
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
                    EventKind::Rand,
                    "mutou:D10",
                    "{} counts from v{} {}",
                    colour(self.prior_active(self.turn.mover)),
                    v.0,
                    spin_name(spin)
                );
                set(self, RandStage::Count(v, spin));
            }
            (RandStage::Count(v, spin), MuTouAction::Die(d)) => {
                let gate = self.gate(piece, v, spin, d);
                emit!(
                    ev,
                    EventKind::Rand,
                    "mutou:S11",
                    "the count of {d} ends on {}",
                    self.gate_text(piece, gate)
                );
                if self.first_crossing(piece, gate).is_empty() {
                    emit!(
                        ev,
                        EventKind::Rand,
                        "mutou:D10",
                        "nothing lies beyond it: the piece stays"
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
                            EventKind::Rand,
                            "mutou:D10",
                            "no tessel to go to: the piece stays"
                        );
                        self.rand_landed(piece, ev);
                    }
                    [only] => self.rand_land(piece, *only, ev),
                    _ => set(self, RandStage::Tie(gate, n)),
                }
            }
            (RandStage::Tie(..), MuTouAction::Pick(t)) => self.rand_land(piece, t, ev),
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

    fn gate_text(&self, piece: TesselId, gate: Gate) -> String {
        let s = self.surface();
        match gate {
            Gate::Edge(i) => format!("edge e{}", s.edges(piece)[usize::from(i)].0),
            Gate::Vertex(i) => format!("vertex v{}", s.vertices(piece)[usize::from(i)].0),
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

    fn rand_land(&mut self, piece: TesselId, to: TesselId, ev: &mut impl Events<MuTouEvent>) {
        emit!(
            ev,
            EventKind::Rand,
            "mutou:S11",
            "the piece on {} goes by Rand to {}",
            self.name(piece),
            self.name(to)
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

fn mode_name(mode: CallMode) -> &'static str {
    match mode {
        CallMode::Open => "an open toss",
        CallMode::Matched => "matched quandarinn",
    }
}

fn spin_name(spin: Spin) -> &'static str {
    match spin {
        Spin::Ccw => "counter-clockwise",
        Spin::Cw => "clockwise",
    }
}
