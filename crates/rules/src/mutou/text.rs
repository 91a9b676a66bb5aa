//! The MuTou position text: one line of `key=value` tokens, every tessel written `t<id>`.
//!
//! ```text
//! tier=I phase=play wafers=3,3 bank=0,0 supply=4 out=-,- zones=1,2 pools=-,-
//! pieces=t2:1:WWAB1,… turn=1:1 budget=3 spent=0 cat=- started=0 refused=0 moved=- frozen=-
//! pending=free edits=-
//! ```
//!
//! This file writes the text; `read.rs` reads it back and refuses any text that does not
//! describe a valid position.

use super::actions::{edit_text, CallMode, Spin};
use super::pieces::Piece;
use super::state::{Category, End, Gate, Moved, MuTou, Pending, Phase, RandCause, RandStage, Unit};
use super::surface::TesselId;
use super::variant::Tier;

/// A tessel as the position text writes it: `t<id>`.
pub(super) fn t(id: TesselId) -> String {
    format!("t{}", id.0)
}

/// A piece as the position text writes it: `t<id>:<seat>:<shakken>`, seats from 1.
pub(super) fn piece_text(p: &Piece) -> String {
    format!("{}:{}:{}", t(p.at), p.owner + 1, p.shakken)
}

/// A moved piece's record as the position text writes it: `t<id>:w.a.j.r.b:0|1`.
pub(super) fn moved_text(m: &Moved) -> String {
    let left: Vec<String> = m.left.iter().map(u8::to_string).collect();
    format!("{}:{}:{}", t(m.at), left.join("."), u8::from(m.ended))
}

fn list<T>(items: impl IntoIterator<Item = T>, f: impl Fn(T) -> String) -> String {
    let parts: Vec<String> = items.into_iter().map(f).collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(",")
    }
}

impl MuTou {
    /// The position text (see the module documentation).
    pub fn text(&self) -> String {
        let seats = &self.seat;
        let turn = &self.turn;
        let mut w = vec![
            format!("tier={}", self.tier.map_or("?", Tier::name)),
            format!("phase={}", phase_text(self.phase)),
            format!("wafers={}", list(seats, |s| s.wafers.to_string())),
            format!("bank={}", list(seats, |s| s.banked.to_string())),
            format!("supply={}", self.supply),
            format!(
                "out={}",
                list(seats, |s| s.out.map_or("-".into(), |o| o.to_string()))
            ),
            format!(
                "zones={}",
                list(seats, |s| s
                    .zone
                    .map_or("-".into(), |z| (z + 1).to_string()))
            ),
            format!("pools={}", list(seats, |s| s.pool.to_string())),
            format!("pieces={}", list(self.pieces(), piece_text)),
            format!("turn={}:{}", turn.mover + 1, turn.number),
            format!("budget={}", turn.budget),
            format!("spent={}", turn.spent),
            format!("cat={}", category_text(turn.category)),
            format!("started={}", turn.started),
            format!("refused={}", u8::from(turn.refused)),
            format!("moved={}", list(&turn.moved, moved_text)),
            format!("frozen={}", list(&turn.frozen, |&f| t(f))),
            format!("pending={}", pending_text(turn.pending)),
        ];
        let edits = self
            .surface
            .as_ref()
            .map_or(Vec::new(), |s| s.edit_log().to_vec());
        w.push(format!(
            "edits={}",
            list(edits, |e| edit_text(e, false, &t))
        ));
        w.join(" ")
    }
}

pub(super) fn phase_text(phase: Phase) -> String {
    match phase {
        Phase::ChooseTier => "tier".into(),
        Phase::Claim(s) => format!("claim:{}", s + 1),
        Phase::SetOut(s) => format!("setout:{}", s + 1),
        Phase::Play => "play".into(),
        Phase::Over(End::Survivor) => "over:survivor".into(),
        Phase::Over(End::Agreed) => "over:agreed".into(),
        Phase::Over(End::TurnCap) => "over:cap".into(),
    }
}

pub(super) fn category_text(c: Option<Category>) -> &'static str {
    match c {
        None => "-",
        Some(Category::Move) => "move",
        Some(Category::Alter) => "alter",
        Some(Category::Area) => "area",
    }
}

pub(super) fn unit_text(u: Option<Unit>) -> String {
    match u {
        None => "-".into(),
        Some(Unit::Piece(p)) => format!("p.{}", t(p)),
        Some(Unit::Alter(a, b)) => format!("a.{}.{}", t(a), t(b)),
        Some(Unit::Area) => "area".into(),
    }
}

pub(super) fn gate_text(g: Gate) -> String {
    match g {
        Gate::Edge(i) => format!("e{i}"),
        Gate::Vertex(i) => format!("v{i}"),
    }
}

pub(super) fn pending_text(p: Pending) -> String {
    let mode = |m| {
        if m == CallMode::Open {
            "open"
        } else {
            "matched"
        }
    };
    match p {
        Pending::Free => "free".into(),
        Pending::Transfer { to, from, unit } => {
            format!("transfer:{}:{from}:{}", t(to), unit_text(unit))
        }
        Pending::Window { unit, seat } => format!("window:{}:{}", unit_text(Some(unit)), seat + 1),
        Pending::Roll {
            caller,
            mode: m,
            unit,
        } => format!("roll:{}:{}:{}", caller + 1, mode(m), unit_text(Some(unit))),
        Pending::Rand {
            piece,
            cause,
            stage,
        } => {
            let cause = match cause {
                RandCause::Shak => "shak".to_string(),
                RandCause::Choice(k) => format!("choice{k}"),
            };
            let stage = match stage {
                RandStage::Gate => "gate".to_string(),
                RandStage::Count(v, s) => format!(
                    "count.v{}.{}",
                    v.0,
                    if s == Spin::Ccw { "ccw" } else { "cw" }
                ),
                RandStage::Steps(g) => format!("steps.{}", gate_text(g)),
                RandStage::Tie(g, n) => format!("tie.{}.{n}", gate_text(g)),
            };
            format!("rand:{}:{cause}:{stage}", t(piece))
        }
        Pending::Heap {
            pieces,
            heap,
            caller,
            left,
        } => format!(
            "heap:{}:{}:{heap}:{}:{}",
            t(pieces[0]),
            t(pieces[1]),
            caller + 1,
            left.map_or("-".into(), |n| n.to_string())
        ),
        Pending::Insert { caller, left } => format!("insert:{}:{left}", caller + 1),
        Pending::Proposal { seat } => format!("proposal:{}", seat + 1),
    }
}
