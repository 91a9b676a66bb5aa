//! The MuTou position text: one line of `key=value` tokens, every tessel written `t<id>`.
//!
//! ```text
//! tier=I phase=play wafers=3,3 bank=0,0 supply=4 out=-,- zones=1,2 pools=-,-
//! pieces=t2:1:WWAB1,… turn=1:1 budget=3 spent=0 cat=- started=0 refused=0 moved=- frozen=-
//! pending=free edits=-
//! ```

use std::sync::Arc;

use super::actions::{edit_text, parse_tessel, CallMode, MuTouAction, Spin};
use super::pieces::{Piece, Shakken};
use super::state::{Category, End, Gate, Moved, MuTou, Pending, Phase, RandCause, RandStage, Unit};
use super::surface::{TesselId, VertexId};
use super::variant::{MuTouVariant, Tier, TierRule};
use crate::error::PositionError;
use crate::game::NoEvents;

fn t(id: TesselId) -> String {
    format!("t{}", id.0)
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
            format!(
                "pieces={}",
                list(self.pieces(), |p| format!(
                    "{}:{}:{}",
                    t(p.at),
                    p.owner + 1,
                    p.shakken
                ))
            ),
            format!("turn={}:{}", turn.mover + 1, turn.number),
            format!("budget={}", turn.budget),
            format!("spent={}", turn.spent),
            format!("cat={}", category_text(turn.category)),
            format!("started={}", turn.started),
            format!("refused={}", u8::from(turn.refused)),
            format!(
                "moved={}",
                list(&turn.moved, |m| format!(
                    "{}:{}:{}",
                    t(m.at),
                    list(m.left, |n| n.to_string()).replace(',', "."),
                    u8::from(m.ended)
                ))
            ),
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

    /// Reads a position text under `variant`.
    pub fn parse_text(variant: &MuTouVariant, text: &str) -> Result<MuTou, PositionError> {
        let mut fields = std::collections::HashMap::new();
        for token in text.split_whitespace() {
            let (k, v) = token
                .split_once('=')
                .ok_or_else(|| PositionError::new(token, "expected key=value"))?;
            fields.insert(k, v);
        }
        let get = |k: &str| {
            fields
                .get(k)
                .copied()
                .ok_or_else(|| PositionError::new(k, "this key is missing"))
        };
        let seats = get("wafers")?.split(',').count();
        let mut game = MuTou::start(
            &MuTouVariant {
                tier: TierRule::Choose,
                ..*variant
            },
            seats,
        )
        .map_err(|e| PositionError::new(text, e.to_string()))?;
        game.variant = *variant;
        let tier = get("tier")?;
        if tier != "?" {
            let tier = Tier::parse(tier)
                .ok_or_else(|| PositionError::new(tier, "a tier is I, II, III or ?"))?;
            game.settle_tier(tier, &mut NoEvents)
                .map_err(|e| PositionError::new(text, e.to_string()))?;
            for cell in &mut game.cells {
                *cell = None;
            }
            replay_edits(&mut game, get("edits")?)?;
        }
        read_seats(&mut game, &get)?;
        game.phase = parse_phase(get("phase")?)?;
        read_pieces(&mut game, get("pieces")?)?;
        read_turn(&mut game, &get)?;
        Ok(game)
    }
}

fn bad(token: &str, why: &str) -> PositionError {
    PositionError::new(token, why)
}

fn num<T: std::str::FromStr>(s: &str) -> Result<T, PositionError> {
    s.parse().map_err(|_| bad(s, "expected a number"))
}

fn items(s: &str) -> Vec<&str> {
    if s == "-" {
        Vec::new()
    } else {
        s.split(',').collect()
    }
}

fn tessel(s: &str) -> Result<TesselId, PositionError> {
    parse_tessel(s, None).ok_or_else(|| bad(s, "expected a tessel t<id>"))
}

fn seat_no(s: &str, seats: usize) -> Result<u8, PositionError> {
    match s.parse::<usize>() {
        Ok(n) if (1..=seats).contains(&n) => Ok((n - 1) as u8),
        _ => Err(bad(s, "expected a seat number")),
    }
}

fn replay_edits(game: &mut MuTou, edits: &str) -> Result<(), PositionError> {
    for e in items(edits) {
        let action = MuTouAction::parse(e, None).map_err(|err| bad(e, &err.reason))?;
        let MuTouAction::Area { edit, .. } = action else {
            return Err(bad(e, "expected an area edit"));
        };
        let surface = Arc::make_mut(game.surface.as_mut().expect("a surface"));
        surface
            .apply(edit)
            .map_err(|err| bad(e, &err.to_string()))?;
    }
    let width = usize::from(game.surface().max_tessel_id().0) + 1;
    game.cells.resize(width.max(game.cells.len()), None);
    Ok(())
}

fn read_seats<'a>(
    game: &mut MuTou,
    get: &impl Fn(&str) -> Result<&'a str, PositionError>,
) -> Result<(), PositionError> {
    let n = game.seat.len();
    let column = |key: &str| -> Result<Vec<&'a str>, PositionError> {
        let v: Vec<&str> = get(key)?.split(',').collect();
        if v.len() == n {
            Ok(v)
        } else {
            Err(bad(key, "one value per seat"))
        }
    };
    let (wafers, bank, out, zones, pools) = (
        column("wafers")?,
        column("bank")?,
        column("out")?,
        column("zones")?,
        column("pools")?,
    );
    for i in 0..n {
        let s = &mut game.seat[i];
        s.wafers = num(wafers[i])?;
        s.banked = num(bank[i])?;
        s.out = if out[i] == "-" {
            None
        } else {
            Some(num(out[i])?)
        };
        s.zone = if zones[i] == "-" {
            None
        } else {
            Some(
                num::<u8>(zones[i])?
                    .checked_sub(1)
                    .ok_or_else(|| bad(zones[i], "zones count from 1"))?,
            )
        };
        s.pool = Shakken::parse(pools[i]).ok_or_else(|| bad(pools[i], "expected shakken"))?;
    }
    game.supply = num(get("supply")?)?;
    Ok(())
}

fn read_pieces(game: &mut MuTou, pieces: &str) -> Result<(), PositionError> {
    let seats = game.seat.len();
    for p in items(pieces) {
        let parts: Vec<&str> = p.split(':').collect();
        let [at, owner, stack] = parts[..] else {
            return Err(bad(p, "a piece is t<id>:<seat>:<shakken>"));
        };
        let at = tessel(at)?;
        if game.surface_opt().is_none_or(|s| !s.is_live(at)) {
            return Err(bad(p, "no such tessel"));
        }
        let shakken = Shakken::parse(stack).ok_or_else(|| bad(stack, "expected shakken"))?;
        *game.cell_mut(at) = Some(Piece {
            owner: seat_no(owner, seats)?,
            at,
            shakken,
        });
    }
    Ok(())
}

fn read_turn<'a>(
    game: &mut MuTou,
    get: &impl Fn(&str) -> Result<&'a str, PositionError>,
) -> Result<(), PositionError> {
    let seats = game.seat.len();
    let (mover, number) = get("turn")?
        .split_once(':')
        .ok_or_else(|| bad("turn", "turn=<seat>:<number>"))?;
    let turn = &mut game.turn;
    turn.mover = seat_no(mover, seats)?;
    turn.number = num(number)?;
    turn.budget = num(get("budget")?)?;
    turn.spent = num(get("spent")?)?;
    turn.category = parse_category(get("cat")?)?;
    turn.started = num(get("started")?)?;
    turn.refused = get("refused")? == "1";
    turn.moved = items(get("moved")?)
        .into_iter()
        .map(parse_moved)
        .collect::<Result<_, _>>()?;
    turn.frozen = items(get("frozen")?)
        .into_iter()
        .map(tessel)
        .collect::<Result<_, _>>()?;
    turn.pending = parse_pending(get("pending")?, seats)?;
    Ok(())
}

fn parse_moved(s: &str) -> Result<Moved, PositionError> {
    let parts: Vec<&str> = s.split(':').collect();
    let [at, left, ended] = parts[..] else {
        return Err(bad(s, "a moved piece is t<id>:w.a.j.r.b:0|1"));
    };
    let counts: Vec<u8> = left.split('.').map(num).collect::<Result<_, _>>()?;
    let left: [u8; 5] = counts
        .try_into()
        .map_err(|_| bad(left, "five use counts"))?;
    Ok(Moved {
        at: tessel(at)?,
        left,
        ended: ended == "1",
    })
}

fn phase_text(phase: Phase) -> String {
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

fn parse_phase(s: &str) -> Result<Phase, PositionError> {
    let (head, arg) = s.split_once(':').unwrap_or((s, ""));
    let seat = || {
        num::<u8>(arg)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .ok_or_else(|| bad(s, "a seat counts from 1"))
    };
    Ok(match (head, arg) {
        ("tier", "") => Phase::ChooseTier,
        ("claim", _) => Phase::Claim(seat()?),
        ("setout", _) => Phase::SetOut(seat()?),
        ("play", "") => Phase::Play,
        ("over", "survivor") => Phase::Over(End::Survivor),
        ("over", "agreed") => Phase::Over(End::Agreed),
        ("over", "cap") => Phase::Over(End::TurnCap),
        _ => return Err(bad(s, "unknown phase")),
    })
}

fn category_text(c: Option<Category>) -> &'static str {
    match c {
        None => "-",
        Some(Category::Move) => "move",
        Some(Category::Alter) => "alter",
        Some(Category::Area) => "area",
    }
}

fn parse_category(s: &str) -> Result<Option<Category>, PositionError> {
    Ok(match s {
        "-" => None,
        "move" => Some(Category::Move),
        "alter" => Some(Category::Alter),
        "area" => Some(Category::Area),
        _ => return Err(bad(s, "a category is -, move, alter or area")),
    })
}

fn unit_text(u: Option<Unit>) -> String {
    match u {
        None => "-".into(),
        Some(Unit::Piece(p)) => format!("p.{}", t(p)),
        Some(Unit::Alter(a, b)) => format!("a.{}.{}", t(a), t(b)),
        Some(Unit::Area) => "area".into(),
    }
}

fn parse_unit(s: &str) -> Result<Option<Unit>, PositionError> {
    let parts: Vec<&str> = s.split('.').collect();
    Ok(match parts[..] {
        ["-"] => None,
        ["p", p] => Some(Unit::Piece(tessel(p)?)),
        ["a", a, b] => Some(Unit::Alter(tessel(a)?, tessel(b)?)),
        ["area"] => Some(Unit::Area),
        _ => return Err(bad(s, "a unit is -, p.t<id>, a.t<id>.t<id> or area")),
    })
}

fn gate_text(g: Gate) -> String {
    match g {
        Gate::Edge(i) => format!("e{i}"),
        Gate::Vertex(i) => format!("v{i}"),
    }
}

fn parse_gate(s: &str) -> Result<Gate, PositionError> {
    if let Some(i) = s.strip_prefix('e') {
        return Ok(Gate::Edge(num(i)?));
    }
    s.strip_prefix('v')
        .ok_or_else(|| bad(s, "a gate is e<i> or v<i>"))
        .and_then(num)
        .map(Gate::Vertex)
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

fn parse_pending(s: &str, seats: usize) -> Result<Pending, PositionError> {
    let f: Vec<&str> = s.split(':').collect();
    let mode = |m: &str| match m {
        "open" => Ok(CallMode::Open),
        "matched" => Ok(CallMode::Matched),
        _ => Err(bad(m, "a call is open or matched")),
    };
    let some_unit = |u: &str| parse_unit(u)?.ok_or_else(|| bad(u, "a unit is needed here"));
    Ok(match f[..] {
        ["free"] => Pending::Free,
        ["transfer", to, from, unit] => Pending::Transfer {
            to: tessel(to)?,
            from: Shakken::parse(from).ok_or_else(|| bad(from, "expected shakken"))?,
            unit: parse_unit(unit)?,
        },
        ["window", unit, seat] => Pending::Window {
            unit: some_unit(unit)?,
            seat: seat_no(seat, seats)?,
        },
        ["roll", caller, m, unit] => Pending::Roll {
            caller: seat_no(caller, seats)?,
            mode: mode(m)?,
            unit: some_unit(unit)?,
        },
        ["rand", piece, cause, stage] => Pending::Rand {
            piece: tessel(piece)?,
            cause: match cause {
                "shak" => RandCause::Shak,
                c => RandCause::Choice(num(c
                    .strip_prefix("choice")
                    .ok_or_else(|| bad(c, "shak or choice<k>"))?)?),
            },
            stage: parse_stage(stage)?,
        },
        ["heap", a, b, heap, caller, left] => Pending::Heap {
            pieces: [tessel(a)?, tessel(b)?],
            heap: Shakken::parse(heap).ok_or_else(|| bad(heap, "expected shakken"))?,
            caller: seat_no(caller, seats)?,
            left: if left == "-" { None } else { Some(num(left)?) },
        },
        ["insert", caller, left] => Pending::Insert {
            caller: seat_no(caller, seats)?,
            left: num(left)?,
        },
        ["proposal", seat] => Pending::Proposal {
            seat: seat_no(seat, seats)?,
        },
        _ => return Err(bad(s, "unknown pending decision")),
    })
}

fn parse_stage(s: &str) -> Result<RandStage, PositionError> {
    let f: Vec<&str> = s.split('.').collect();
    Ok(match f[..] {
        ["gate"] => RandStage::Gate,
        ["count", v, spin] => RandStage::Count(
            VertexId(num(v
                .strip_prefix('v')
                .ok_or_else(|| bad(v, "a vertex v<id>"))?)?),
            match spin {
                "ccw" => Spin::Ccw,
                "cw" => Spin::Cw,
                _ => return Err(bad(spin, "ccw or cw")),
            },
        ),
        ["steps", g] => RandStage::Steps(parse_gate(g)?),
        ["tie", g, n] => RandStage::Tie(parse_gate(g)?, num(n)?),
        _ => return Err(bad(s, "unknown Rand stage")),
    })
}
