//! Reading the MuTou position text (written by `text.rs`).
//!
//! The reader accepts exactly the texts that describe a valid position: every key once, no
//! unknown keys, numbers of plain decimal digits that fit their counters, seats that play,
//! tessels of the surface, and then the whole position passes [`MuTou::validate`]. Every
//! refusal is a [`PositionError`] whose token quotes the bad text and whose reason starts with
//! the key it was found under.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;

use super::actions::{CallMode, MuTouAction, Spin};
use super::pieces::{Piece, Shakken, MAX_SEATS};
use super::state::{Category, End, Gate, Moved, MuTou, Pending, Phase, RandCause, RandStage, Unit};
use super::surface::{TesselId, VertexId};
use super::variant::{MuTouVariant, Tier, TierRule};
use crate::error::PositionError;
use crate::game::NoEvents;

/// The keys of the position text, in the order it writes them.
const KEYS: [&str; 19] = [
    "tier", "phase", "wafers", "bank", "supply", "out", "zones", "pools", "pieces", "turn",
    "budget", "spent", "cat", "started", "refused", "moved", "frozen", "pending", "edits",
];

/// A refusal under `key`, quoting `token`.
fn bad(key: &str, token: &str, why: impl AsRef<str>) -> PositionError {
    PositionError::new(token, format!("{key}: {}", why.as_ref()))
}

/// The text's fields by key: each known key exactly once.
struct Fields<'a>(HashMap<&'a str, &'a str>);

impl<'a> Fields<'a> {
    fn read(text: &'a str) -> Result<Fields<'a>, PositionError> {
        let mut map = HashMap::new();
        for token in text.split_whitespace() {
            let (key, value) = token
                .split_once('=')
                .ok_or_else(|| PositionError::new(token, "expected key=value"))?;
            if !KEYS.contains(&key) {
                return Err(PositionError::new(
                    token,
                    format!("unknown key `{key}`; the keys are {}", KEYS.join(", ")),
                ));
            }
            if map.insert(key, value).is_some() {
                return Err(bad(key, token, "this key appears twice"));
            }
        }
        if let Some(missing) = KEYS.iter().find(|k| !map.contains_key(*k)) {
            return Err(PositionError::new(
                *missing,
                format!("{missing}: this key is missing"),
            ));
        }
        Ok(Fields(map))
    }

    fn get(&self, key: &str) -> &'a str {
        self.0.get(key).copied().unwrap_or_default()
    }
}

/// A plain decimal number (digits only, no sign) that fits `T`.
fn num<T: FromStr>(key: &str, s: &str) -> Result<T, PositionError> {
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
        return Err(bad(key, s, "expected a number of decimal digits"));
    }
    s.parse()
        .map_err(|_| bad(key, s, "this number is too large for the counter"))
}

/// `0` or `1`.
fn flag(key: &str, s: &str) -> Result<bool, PositionError> {
    match s {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(bad(key, s, "expected 0 or 1")),
    }
}

/// The comma-separated items of a list, none for `-`.
fn items(s: &str) -> Vec<&str> {
    if s == "-" {
        Vec::new()
    } else {
        s.split(',').collect()
    }
}

/// A tessel id `t<id>` (canonical: no leading zeros).
fn tessel(key: &str, s: &str) -> Result<TesselId, PositionError> {
    TesselId::parse(s).ok_or_else(|| bad(key, s, "expected a tessel t<id>"))
}

/// A seat counted from 1, among `seats`; returned counted from 0.
fn seat_no(key: &str, s: &str, seats: usize) -> Result<u8, PositionError> {
    let n: usize = num(key, s)?;
    if (1..=seats).contains(&n) {
        Ok((n - 1) as u8)
    } else {
        Err(bad(key, s, format!("seats are numbered 1 to {seats}")))
    }
}

fn shakken(key: &str, s: &str) -> Result<Shakken, PositionError> {
    Shakken::parse(s).ok_or_else(|| bad(key, s, "expected shakken (W, A, J, R, B<seat>) or -"))
}

impl MuTou {
    /// Reads a position text under `variant`, refusing any text that does not describe a
    /// valid position (see the module documentation).
    pub fn parse_text(variant: &MuTouVariant, text: &str) -> Result<MuTou, PositionError> {
        let fields = Fields::read(text)?;
        let wafers = fields.get("wafers");
        let seats = wafers.split(',').count();
        if !(2..=MAX_SEATS).contains(&seats) {
            return Err(bad(
                "wafers",
                wafers,
                format!("one value per seat, and MuTou is played by 2 to {MAX_SEATS} seats"),
            ));
        }
        let choose = MuTouVariant {
            tier: TierRule::Choose,
            ..*variant
        };
        let mut game =
            MuTou::start(&choose, seats).map_err(|e| bad("wafers", wafers, e.to_string()))?;
        game.variant = *variant;
        let (tier, edits) = (fields.get("tier"), fields.get("edits"));
        if tier == "?" {
            let phase = fields.get("phase");
            if phase != "tier" {
                return Err(bad(
                    "tier",
                    tier,
                    format!("the tier is settled before the phase `{phase}`"),
                ));
            }
            if edits != "-" {
                return Err(bad("edits", edits, "no surface exists before the tier"));
            }
        } else {
            let settled = match tier {
                "I" => Tier::I,
                "II" => Tier::II,
                "III" => Tier::III,
                _ => return Err(bad("tier", tier, "a tier is I, II, III or ?")),
            };
            game.settle_tier(settled, &mut NoEvents)
                .map_err(|e| bad("tier", tier, e.to_string()))?;
            for cell in &mut game.cells {
                *cell = None;
            }
            replay_edits(&mut game, edits)?;
        }
        read_seats(&mut game, &fields)?;
        game.phase = parse_phase(fields.get("phase"))?;
        read_pieces(&mut game, fields.get("pieces"))?;
        read_turn(&mut game, &fields)?;
        game.validate()
            .map_err(|f| bad(f.field, &f.token, &f.reason))?;
        Ok(game)
    }
}

fn replay_edits(game: &mut MuTou, edits: &str) -> Result<(), PositionError> {
    let Some(surface) = game.surface.as_mut() else {
        return Err(bad("edits", edits, "no surface exists before the tier"));
    };
    let surface = Arc::make_mut(surface);
    for e in items(edits) {
        let action = MuTouAction::parse(e, None).map_err(|err| bad("edits", e, &err.reason))?;
        let MuTouAction::Area {
            edit,
            to_new: false,
        } = action
        else {
            return Err(bad(
                "edits",
                e,
                "expected an area alteration as the log writes it",
            ));
        };
        surface
            .apply(edit)
            .map_err(|err| bad("edits", e, err.to_string()))?;
    }
    let width = usize::from(surface.max_tessel_id().0) + 1;
    game.cells.resize(width.max(game.cells.len()), None);
    Ok(())
}

fn read_seats(game: &mut MuTou, fields: &Fields<'_>) -> Result<(), PositionError> {
    let n = game.seat.len();
    let column = |key: &'static str| -> Result<Vec<&str>, PositionError> {
        let text = fields.get(key);
        let v: Vec<&str> = text.split(',').collect();
        if v.len() == n {
            Ok(v)
        } else {
            Err(bad(key, text, format!("one value per seat ({n} seats)")))
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
        s.wafers = num("wafers", wafers[i])?;
        s.banked = num("bank", bank[i])?;
        s.out = match out[i] {
            "-" => None,
            o => Some(num("out", o)?),
        };
        s.zone = match zones[i] {
            "-" => None,
            z => Some(
                num::<u8>("zones", z)?
                    .checked_sub(1)
                    .ok_or_else(|| bad("zones", z, "zones count from 1"))?,
            ),
        };
        s.pool = shakken("pools", pools[i])?;
    }
    game.supply = num("supply", fields.get("supply"))?;
    Ok(())
}

fn read_pieces(game: &mut MuTou, pieces: &str) -> Result<(), PositionError> {
    let seats = game.seat.len();
    for p in items(pieces) {
        let parts: Vec<&str> = p.split(':').collect();
        let [at, owner, stack] = parts[..] else {
            return Err(bad("pieces", p, "a piece is t<id>:<seat>:<shakken>"));
        };
        let at = tessel("pieces", at)?;
        if game.surface_opt().is_none_or(|s| !s.is_live(at)) {
            return Err(bad("pieces", p, "no such tessel on the surface"));
        }
        if game.piece(at).is_some() {
            return Err(bad("pieces", p, "two pieces on one tessel"));
        }
        let piece = Piece {
            owner: seat_no("pieces", owner, seats)?,
            at,
            shakken: shakken("pieces", stack)?,
        };
        *game.cell_mut(at) = Some(piece);
    }
    Ok(())
}

fn read_turn(game: &mut MuTou, fields: &Fields<'_>) -> Result<(), PositionError> {
    let seats = game.seat.len();
    let text = fields.get("turn");
    let (mover, number) = text
        .split_once(':')
        .ok_or_else(|| bad("turn", text, "turn=<seat>:<number>"))?;
    let turn = &mut game.turn;
    turn.mover = seat_no("turn", mover, seats)?;
    turn.number = num("turn", number)?;
    turn.budget = num("budget", fields.get("budget"))?;
    turn.spent = num("spent", fields.get("spent"))?;
    turn.category = parse_category(fields.get("cat"))?;
    turn.started = num("started", fields.get("started"))?;
    turn.refused = flag("refused", fields.get("refused"))?;
    turn.moved = items(fields.get("moved"))
        .into_iter()
        .map(parse_moved)
        .collect::<Result<_, _>>()?;
    turn.frozen = items(fields.get("frozen"))
        .into_iter()
        .map(|f| tessel("frozen", f))
        .collect::<Result<_, _>>()?;
    turn.pending = parse_pending(fields.get("pending"), seats)?;
    Ok(())
}

fn parse_moved(s: &str) -> Result<Moved, PositionError> {
    let parts: Vec<&str> = s.split(':').collect();
    let [at, left, ended] = parts[..] else {
        return Err(bad("moved", s, "a moved piece is t<id>:w.a.j.r.b:0|1"));
    };
    let counts: Vec<u8> = left
        .split('.')
        .map(|n| num("moved", n))
        .collect::<Result<_, _>>()?;
    let left: [u8; 5] = counts
        .try_into()
        .map_err(|_| bad("moved", left, "five use counts"))?;
    Ok(Moved {
        at: tessel("moved", at)?,
        left,
        ended: flag("moved", ended)?,
    })
}

fn parse_phase(s: &str) -> Result<Phase, PositionError> {
    let (head, arg) = s.split_once(':').unwrap_or((s, ""));
    let seat = || -> Result<u8, PositionError> {
        num::<u8>("phase", arg)?
            .checked_sub(1)
            .ok_or_else(|| bad("phase", s, "seats count from 1"))
    };
    Ok(match (head, arg) {
        ("tier", "") => Phase::ChooseTier,
        ("claim", _) => Phase::Claim(seat()?),
        ("setout", _) => Phase::SetOut(seat()?),
        ("play", "") => Phase::Play,
        ("over", "survivor") => Phase::Over(End::Survivor),
        ("over", "agreed") => Phase::Over(End::Agreed),
        ("over", "cap") => Phase::Over(End::TurnCap),
        _ => return Err(bad("phase", s, "unknown phase")),
    })
}

fn parse_category(s: &str) -> Result<Option<Category>, PositionError> {
    Ok(match s {
        "-" => None,
        "move" => Some(Category::Move),
        "alter" => Some(Category::Alter),
        "area" => Some(Category::Area),
        _ => return Err(bad("cat", s, "a category is -, move, alter or area")),
    })
}

fn parse_unit(s: &str) -> Result<Option<Unit>, PositionError> {
    let parts: Vec<&str> = s.split('.').collect();
    Ok(match parts[..] {
        ["-"] => None,
        ["p", p] => Some(Unit::Piece(tessel("pending", p)?)),
        ["a", a, b] => Some(Unit::Alter(tessel("pending", a)?, tessel("pending", b)?)),
        ["area"] => Some(Unit::Area),
        _ => {
            return Err(bad(
                "pending",
                s,
                "a unit is -, p.t<id>, a.t<id>.t<id> or area",
            ))
        }
    })
}

fn parse_gate(s: &str) -> Result<Gate, PositionError> {
    if let Some(i) = s.strip_prefix('e') {
        return Ok(Gate::Edge(num("pending", i)?));
    }
    match s.strip_prefix('v') {
        Some(i) => Ok(Gate::Vertex(num("pending", i)?)),
        None => Err(bad("pending", s, "a gate is e<i> or v<i>")),
    }
}

fn parse_pending(s: &str, seats: usize) -> Result<Pending, PositionError> {
    let f: Vec<&str> = s.split(':').collect();
    let key = "pending";
    let mode = |m: &str| match m {
        "open" => Ok(CallMode::Open),
        "matched" => Ok(CallMode::Matched),
        _ => Err(bad(key, m, "a call is open or matched")),
    };
    let some_unit = |u: &str| parse_unit(u)?.ok_or_else(|| bad(key, u, "a unit is needed here"));
    Ok(match f[..] {
        ["free"] => Pending::Free,
        ["transfer", to, from, unit] => Pending::Transfer {
            to: tessel(key, to)?,
            from: shakken(key, from)?,
            unit: parse_unit(unit)?,
        },
        ["window", unit, seat] => Pending::Window {
            unit: some_unit(unit)?,
            seat: seat_no(key, seat, seats)?,
        },
        ["roll", caller, m, unit] => Pending::Roll {
            caller: seat_no(key, caller, seats)?,
            mode: mode(m)?,
            unit: some_unit(unit)?,
        },
        ["rand", piece, cause, stage] => Pending::Rand {
            piece: tessel(key, piece)?,
            cause: match cause {
                "shak" => RandCause::Shak,
                c => match c.strip_prefix("choice") {
                    Some(k) => RandCause::Choice(num(key, k)?),
                    None => return Err(bad(key, c, "a Rand move's cause is shak or choice<k>")),
                },
            },
            stage: parse_stage(stage)?,
        },
        ["heap", a, b, heap, caller, left] => Pending::Heap {
            pieces: [tessel(key, a)?, tessel(key, b)?],
            heap: shakken(key, heap)?,
            caller: seat_no(key, caller, seats)?,
            left: match left {
                "-" => None,
                n => Some(num(key, n)?),
            },
        },
        ["insert", caller, left] => Pending::Insert {
            caller: seat_no(key, caller, seats)?,
            left: num(key, left)?,
        },
        ["proposal", seat] => Pending::Proposal {
            seat: seat_no(key, seat, seats)?,
        },
        _ => return Err(bad(key, s, "unknown pending decision")),
    })
}

fn parse_stage(s: &str) -> Result<RandStage, PositionError> {
    let f: Vec<&str> = s.split('.').collect();
    let key = "pending";
    Ok(match f[..] {
        ["gate"] => RandStage::Gate,
        ["count", v, spin] => RandStage::Count(
            VertexId::parse(v).ok_or_else(|| bad(key, v, "a vertex v<id>"))?,
            match spin {
                "ccw" => Spin::Ccw,
                "cw" => Spin::Cw,
                _ => return Err(bad(key, spin, "a count runs ccw or cw")),
            },
        ),
        ["steps", g] => RandStage::Steps(parse_gate(g)?),
        ["tie", g, n] => RandStage::Tie(parse_gate(g)?, num(key, n)?),
        _ => return Err(bad(key, s, "unknown Rand stage")),
    })
}
