//! MuTou actions and their notation (mutou §3.7, adapted so that one action is one token).
//!
//! | action | notation | who |
//! |---|---|---|
//! | choose the tier (D3, D4) | `tier:II` | the first player |
//! | claim a zone when cutting (S22) | `claim:2` (zones counted from 1) | the other players in turn |
//! | put one shak on a base while setting out (S23) | `c1+W`, `c1+B1` | each player, in secret |
//! | rest (S14) | `rest` | the mover |
//! | one shak use moving a piece (S8–S12) | `d4W>d5`, `d5J>f6`, `f6A>g7x` (capture), `g7B>g8xa` (change of allegiance) | the mover |
//! | a Rand use (S11) | `d4R` | the mover |
//! | an alteration of pieces (S15b) | `d4:W>e5` | the mover |
//! | an alteration of the playing area (S15c, D2) | `ins:e12`, `rmv:v7`, `split:d4:v3:v7` (`:new`: the occupant goes to the new part), `merge:d4:d5`, `scribe:e12:2`, `erase:d4`, `splice:e1:e9`, `unsplice:e1` | the mover |
//! | take a shak from the removed piece (S20) | `take:W` | the mover |
//! | stop taking, giving or inserting | `done` | who is deciding |
//! | end the turn | `end` | the mover |
//! | call a choice (S17, D8) | `call:open`, `call:matched`; `decline` | the other players |
//! | aim a Rand move (D10) | `gate:v3:ccw`, `gate:v3:cw` | the prior player |
//! | a quandar roll | `die:5`; matched rolls `dice:3,5` | chance |
//! | break a Rand tie (S11) | `pick:d7` | the mover |
//! | hand out a heaped shak (S17) | `give:d4:W` | caller, then mover |
//! | propose to stop (D19) | `propose`; `accept`, `refuse` | the mover; the others |
//!
//! Tessels are written by their names on the surface (`d4` on square boards, `2,-1` on hex
//! boards, `t17` on sown boards and for tessels made by edits); `t<id>` is read everywhere.

use std::fmt::{self, Display};

use super::pieces::{Power, Shak};
use super::surface::{EdgeId, Edit, Surface, TesselId, VertexId};
use super::variant::Tier;
use crate::error::ParseError;

/// What a step onto an enemy piece does (S18, S19).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Take {
    /// The destination is empty.
    None,
    /// Capture: the enemy piece leaves play.
    Capture,
    /// Change of allegiance: the enemy piece becomes the mover's, the moving piece leaves play.
    Convert,
}

/// The two ways of calling a choice (S17, D7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum CallMode {
    /// One quandar tossed openly; the total is its face.
    Open,
    /// Two quandarinn rolled hidden and uncovered together; the total is their difference.
    Matched,
}

/// The direction of a Rand count round a tessel (D10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Spin {
    /// Counter-clockwise: along the tessel's own corner order.
    Ccw,
    /// Clockwise.
    Cw,
}

/// One MuTou decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum MuTouAction {
    /// Choose the tier.
    Tier(Tier),
    /// Claim a zone (index from 0).
    Claim(u8),
    /// Put a shak on the base standing on a tessel.
    Put(TesselId, Shak),
    /// Rest: no move, one wafer.
    Rest,
    /// One shak use: the piece on `from` moves to `to` with `power`.
    Step {
        /// Where the piece stands.
        from: TesselId,
        /// The power used.
        power: Power,
        /// Where it goes.
        to: TesselId,
        /// What happens to an enemy there.
        take: Take,
    },
    /// One Rand use by the piece on this tessel.
    Rand(TesselId),
    /// Move one shak from the piece on `from` to the piece on `to`.
    Alter {
        /// The giving piece.
        from: TesselId,
        /// The shak.
        shak: Shak,
        /// The receiving piece.
        to: TesselId,
    },
    /// Alter the playing area; `to_new`: a split tessel's occupant goes to the new part.
    Area {
        /// The edit.
        edit: Edit,
        /// For splits of an occupied tessel: the occupant goes to the new part.
        to_new: bool,
    },
    /// Take a shak from the piece just removed from play (S20).
    Take(Shak),
    /// Stop taking, giving or inserting.
    Done,
    /// End the turn.
    End,
    /// Call a choice.
    Call(CallMode),
    /// Let the call window pass.
    Decline,
    /// Aim a Rand count: start at this corner vertex, count in this direction.
    Gate(VertexId, Spin),
    /// One quandar shows this face.
    Die(u8),
    /// Two matched quandarinn show these faces (caller's, called player's).
    Dice(u8, u8),
    /// Choose among equally far Rand destinations.
    Pick(TesselId),
    /// Hand a heaped shak to the piece on this tessel.
    Give(TesselId, Shak),
    /// Propose to stop the game (cooperative form).
    Propose,
    /// Accept the proposal.
    Accept,
    /// Refuse the proposal.
    Refuse,
}

impl Display for MuTouAction {
    /// The notation with every tessel written `t<id>`; [`MuTouAction::text`] uses names.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(&|t: TesselId| format!("t{}", t.0)))
    }
}

impl MuTouAction {
    /// The notation, with tessels named by `name`.
    pub fn text(&self, name: &dyn Fn(TesselId) -> String) -> String {
        use MuTouAction as A;
        match *self {
            A::Tier(t) => format!("tier:{}", t.name()),
            A::Claim(z) => format!("claim:{}", u16::from(z) + 1),
            A::Put(t, s) => format!("{}+{s}", name(t)),
            A::Rest => "rest".into(),
            A::Step {
                from,
                power,
                to,
                take,
            } => {
                let suffix = match take {
                    Take::None => "",
                    Take::Capture => "x",
                    Take::Convert => "xa",
                };
                format!("{}{}>{}{suffix}", name(from), power.letter(), name(to))
            }
            A::Rand(t) => format!("{}R", name(t)),
            A::Alter { from, shak, to } => format!("{}:{shak}>{}", name(from), name(to)),
            A::Area { edit, to_new } => edit_text(edit, to_new, name),
            A::Take(s) => format!("take:{s}"),
            A::Done => "done".into(),
            A::End => "end".into(),
            A::Call(CallMode::Open) => "call:open".into(),
            A::Call(CallMode::Matched) => "call:matched".into(),
            A::Decline => "decline".into(),
            A::Gate(v, spin) => format!("gate:v{}:{}", v.0, spin_text(spin)),
            A::Die(n) => format!("die:{n}"),
            A::Dice(a, b) => format!("dice:{a},{b}"),
            A::Pick(t) => format!("pick:{}", name(t)),
            A::Give(t, s) => format!("give:{}:{s}", name(t)),
            A::Propose => "propose".into(),
            A::Accept => "accept".into(),
            A::Refuse => "refuse".into(),
        }
    }

    /// Reads one action; tessel names are resolved on `surface` (when there is one yet).
    /// Only syntax is checked.
    pub fn parse(text: &str, surface: Option<&Surface>) -> Result<MuTouAction, ParseError> {
        use MuTouAction as A;
        let t = text.trim();
        let bad = |why: &str| ParseError::new(text, why);
        let tessel = |s: &str| parse_tessel(s, surface).ok_or_else(|| bad_tessel(text, s));
        let simple = match t.to_ascii_lowercase().as_str() {
            "rest" => Some(A::Rest),
            "done" => Some(A::Done),
            "end" => Some(A::End),
            "decline" => Some(A::Decline),
            "propose" => Some(A::Propose),
            "accept" => Some(A::Accept),
            "refuse" => Some(A::Refuse),
            "call:open" | "call" => Some(A::Call(CallMode::Open)),
            "call:matched" => Some(A::Call(CallMode::Matched)),
            _ => None,
        };
        if let Some(a) = simple {
            return Ok(a);
        }
        if t.is_empty() {
            return Err(bad("an empty action"));
        }
        if let Some(edit) = parse_area(t, surface, text)? {
            return Ok(edit);
        }
        let (head, rest) = t.split_once(':').unwrap_or((t, ""));
        match head.to_ascii_lowercase().as_str() {
            "tier" => Tier::parse(rest)
                .map(A::Tier)
                .ok_or_else(|| bad("a tier is I, II or III")),
            "claim" => match rest.parse::<u8>() {
                Ok(z @ 1..=10) => Ok(A::Claim(z - 1)),
                _ => Err(bad("zones are numbered 1 to 10")),
            },
            "take" => Ok(A::Take(shak(rest, text)?)),
            "die" => Ok(A::Die(face(rest, text)?)),
            "dice" => {
                let (a, b) = rest
                    .split_once(',')
                    .ok_or_else(|| bad("matched dice are written dice:a,b"))?;
                Ok(A::Dice(face(a, text)?, face(b, text)?))
            }
            "pick" => Ok(A::Pick(tessel(rest)?)),
            "give" => {
                let (at, s) = rest
                    .rsplit_once(':')
                    .ok_or_else(|| bad("a gift is written give:<tessel>:<shak>"))?;
                Ok(A::Give(tessel(at)?, shak(s, text)?))
            }
            "gate" => {
                let (v, spin) = rest
                    .split_once(':')
                    .ok_or_else(|| bad("a gate is written gate:v<id>:ccw or :cw"))?;
                let spin = match spin.to_ascii_lowercase().as_str() {
                    "ccw" => Spin::Ccw,
                    "cw" => Spin::Cw,
                    _ => return Err(bad("a count runs ccw or cw")),
                };
                Ok(A::Gate(vertex(v, text)?, spin))
            }
            _ => parse_piece_action(t, surface, text),
        }
    }
}

/// Unit moves, Rand uses, alterations and set-out puts: everything that starts with a tessel.
fn parse_piece_action(
    t: &str,
    surface: Option<&Surface>,
    text: &str,
) -> Result<MuTouAction, ParseError> {
    let tessel = |s: &str| parse_tessel(s, surface).ok_or_else(|| bad_tessel(text, s));
    if let Some((at, s)) = t.split_once('+') {
        return Ok(MuTouAction::Put(tessel(at)?, shak(s, text)?));
    }
    if let Some(at) = t.strip_suffix(['R', 'r']) {
        if let Some(from) = parse_tessel(at, surface) {
            return Ok(MuTouAction::Rand(from));
        }
    }
    let (left, right) = t.split_once('>').ok_or_else(|| {
        ParseError::new(
            text,
            "expected a move like d4W>d5, an alteration like d4:W>e5, or a keyword",
        )
    })?;
    if let Some((from, s)) = left.split_once(':') {
        return Ok(MuTouAction::Alter {
            from: tessel(from)?,
            shak: shak(s, text)?,
            to: tessel(right)?,
        });
    }
    let letter = left
        .chars()
        .last()
        .ok_or_else(|| ParseError::new(text, "no piece before `>`"))?;
    let power = Power::from_letter(letter)
        .filter(|p| *p != Power::Rand)
        .ok_or_else(|| ParseError::new(text, "a step names its power: W, A, J or B"))?;
    let from = tessel(left.strip_suffix(letter).unwrap_or_default())?;
    let (to, take) = if let Some(to) = right.strip_suffix("xa") {
        (to, Take::Convert)
    } else if let Some(to) = right.strip_suffix('x') {
        (to, Take::Capture)
    } else {
        (right, Take::None)
    };
    Ok(MuTouAction::Step {
        from,
        power,
        to: tessel(to)?,
        take,
    })
}

fn parse_area(
    t: &str,
    surface: Option<&Surface>,
    text: &str,
) -> Result<Option<MuTouAction>, ParseError> {
    let fields: Vec<&str> = t.split(':').collect();
    let tessel = |s: &str| parse_tessel(s, surface).ok_or_else(|| bad_tessel(text, s));
    let bad = |why: &str| ParseError::new(text, why);
    let arity = |n: usize| {
        if fields.len() == n {
            Ok(())
        } else {
            Err(bad("wrong number of fields for this edit"))
        }
    };
    let edit = match fields[0].to_ascii_lowercase().as_str() {
        "ins" => {
            arity(2)?;
            Edit::InsertVertex {
                edge: edge(fields[1], text)?,
            }
        }
        "rmv" => {
            arity(2)?;
            Edit::RemoveVertex {
                vertex: vertex(fields[1], text)?,
            }
        }
        "split" => {
            let to_new = match fields.len() {
                4 => false,
                5 if fields[4].eq_ignore_ascii_case("new") => true,
                _ => return Err(bad("a split is split:<tessel>:<vertex>:<vertex>[:new]")),
            };
            let edit = Edit::Split {
                tessel: tessel(fields[1])?,
                a: vertex(fields[2], text)?,
                b: vertex(fields[3], text)?,
            };
            return Ok(Some(MuTouAction::Area { edit, to_new }));
        }
        "merge" => {
            arity(3)?;
            Edit::Merge {
                keep: tessel(fields[1])?,
                gone: tessel(fields[2])?,
            }
        }
        "scribe" => {
            arity(3)?;
            let corners = match fields[2].parse::<u8>() {
                Ok(n @ 1..=4) => n,
                _ => return Err(bad("a new tessel has 1 to 4 new corners")),
            };
            Edit::Scribe {
                edge: edge(fields[1], text)?,
                corners,
            }
        }
        "erase" => {
            arity(2)?;
            Edit::Erase {
                tessel: tessel(fields[1])?,
            }
        }
        "splice" => {
            arity(3)?;
            Edit::Splice {
                a: edge(fields[1], text)?,
                b: edge(fields[2], text)?,
            }
        }
        "unsplice" => {
            arity(2)?;
            Edit::Unsplice {
                edge: edge(fields[1], text)?,
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(MuTouAction::Area {
        edit,
        to_new: false,
    }))
}

/// The text of one area edit, tessels named by `name`.
pub fn edit_text(edit: Edit, to_new: bool, name: &dyn Fn(TesselId) -> String) -> String {
    match edit {
        Edit::InsertVertex { edge } => format!("ins:e{}", edge.0),
        Edit::RemoveVertex { vertex } => format!("rmv:v{}", vertex.0),
        Edit::Split { tessel, a, b } => {
            let tail = if to_new { ":new" } else { "" };
            format!("split:{}:v{}:v{}{tail}", name(tessel), a.0, b.0)
        }
        Edit::Merge { keep, gone } => format!("merge:{}:{}", name(keep), name(gone)),
        Edit::Scribe { edge, corners } => format!("scribe:e{}:{corners}", edge.0),
        Edit::Erase { tessel } => format!("erase:{}", name(tessel)),
        Edit::Splice { a, b } => format!("splice:e{}:e{}", a.0, b.0),
        Edit::Unsplice { edge } => format!("unsplice:e{}", edge.0),
    }
}

/// Reads a tessel: its name on the surface, or `t<id>`.
pub fn parse_tessel(text: &str, surface: Option<&Surface>) -> Option<TesselId> {
    if let Some(t) = surface.and_then(|s| s.parse_tessel(text)) {
        return Some(t);
    }
    let digits = text.strip_prefix(['t', 'T'])?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().map(TesselId)
}

fn bad_tessel(text: &str, field: &str) -> ParseError {
    ParseError::new(text, format!("`{field}` is not a tessel"))
}

fn vertex(text: &str, whole: &str) -> Result<VertexId, ParseError> {
    text.strip_prefix(['v', 'V'])
        .and_then(|d| d.parse().ok())
        .map(VertexId)
        .ok_or_else(|| ParseError::new(whole, format!("`{text}` is not a vertex (v<id>)")))
}

fn edge(text: &str, whole: &str) -> Result<EdgeId, ParseError> {
    text.strip_prefix(['e', 'E'])
        .and_then(|d| d.parse().ok())
        .map(EdgeId)
        .ok_or_else(|| ParseError::new(whole, format!("`{text}` is not an edge (e<id>)")))
}

fn shak(text: &str, whole: &str) -> Result<Shak, ParseError> {
    Shak::parse(text).ok_or_else(|| {
        ParseError::new(
            whole,
            format!("`{text}` is not a shak (W, A, J, R, or B<seat>)"),
        )
    })
}

fn face(text: &str, whole: &str) -> Result<u8, ParseError> {
    match text.parse::<u8>() {
        Ok(n @ 1..=20) => Ok(n),
        _ => Err(ParseError::new(
            whole,
            format!("`{text}` is not a quandar face (1 to 20)"),
        )),
    }
}

fn spin_text(spin: Spin) -> &'static str {
    match spin {
        Spin::Ccw => "ccw",
        Spin::Cw => "cw",
    }
}
