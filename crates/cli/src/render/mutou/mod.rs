//! MuTou on a terminal: the headline, the surface drawn by its kind, the seats, the pieces
//! with their stacks, and a legend.
//!
//! * A board of unit squares is a grid with files under it and ranks beside it.
//! * A hex board is an offset hex grid, north up: each hexagon's piece over its name `q,r`.
//! * A sown (Voronoi) board is a map: each tessel's name and piece placed by its sown point,
//!   followed by the neighbours of every tessel, which the map cannot show.
//!
//! A piece is written as its owner's initial and the number of shakken it carries (`R3`); the
//! list under the board gives every piece's stack (`d4 R WJB1`). An empty tessel is `.`, and a
//! `*` marks a square the playing area's alterations have changed. Tessels made by alterations
//! are listed with their neighbours under a grid.

mod grid;
mod map;

use muster_rules::mutou::surface::{Origin, Surface, TesselId};
use muster_rules::mutou::{MuTou, Pending, Phase, COLOURS};
use muster_rules::Game;

use super::canvas::Canvas;
use super::{wrap_words, Fit, Paint, Style};

/// The margin left of the drawing.
const LEFT: &str = "  ";
/// Seat initials: the first letter of the colour, but `K` for Black (Blue has `B`).
const INITIALS: [char; 10] = ['R', 'B', 'G', 'Y', 'P', 'O', 'S', 'T', 'K', 'W'];
/// The narrowest room the drawing assumes.
const MIN_ROOM: usize = 40;

/// Draws the position for `fit.width` columns.
pub fn draw(game: &MuTou, style: Style, fit: Fit) -> String {
    let room = fit.width.saturating_sub(LEFT.len()).max(MIN_ROOM);
    let mut lines: Vec<String> = wrap_words(&headline(game), room)
        .iter()
        .map(|line| style.paint(line, &[Paint::Bold]))
        .collect();
    if let Some(surface) = game.surface_opt() {
        let drawing = match kind(surface) {
            Kind::Square => grid::square(game, surface, style, room),
            Kind::Hex => grid::hex(game, surface, style, room),
            Kind::Map => None,
        };
        let drawing = drawing.unwrap_or_else(|| map::draw(game, surface, style, room));
        lines.extend(drawing);
    }
    if matches!(game.phase(), Phase::Claim(_)) {
        lines.extend(zone_lines(game, room));
    }
    lines.extend(seat_lines(game, style, room));
    lines.extend(piece_lines(game, room));
    lines.extend(legend(game, style, room));
    let mut out = String::new();
    for line in lines {
        out.push_str(format!("{LEFT}{line}").trim_end());
        out.push('\n');
    }
    out
}

/// How the surface is drawn.
enum Kind {
    /// Every generated tessel is a unit square.
    Square,
    /// Every generated tessel is a hexagon.
    Hex,
    /// Sown points, or anything else: a map by position.
    Map,
}

fn kind(surface: &Surface) -> Kind {
    let origins = || surface.tessels().iter().map(|&t| surface.origin(t));
    let generated = || origins().filter(|o| !matches!(o, Origin::Scribed));
    if generated().all(|o| matches!(o, Origin::Square { .. })) && generated().count() > 0 {
        Kind::Square
    } else if generated().all(|o| matches!(o, Origin::Hex { .. })) && generated().count() > 0 {
        Kind::Hex
    } else {
        Kind::Map
    }
}

/// `MuTou, tier I: turn 3: Red to play, 2 of 3 units left`, and what is awaited.
fn headline(game: &MuTou) -> String {
    let tier = game.tier().map_or("to be chosen", |t| t.name());
    let who = |s: u8| COLOURS[usize::from(s)];
    let state = match game.phase() {
        Phase::ChooseTier => format!("{} chooses the tier", who(0)),
        Phase::Claim(s) => format!("{} claims a zone", who(s)),
        Phase::SetOut(s) => format!("{} sets out shakken in secret", who(s)),
        Phase::Over(_) => {
            let reason = game.outcome().map(|o| o.reason).unwrap_or_default();
            format!("game over: {reason}")
        }
        Phase::Play => {
            let turn = game.turn();
            let waiting = match turn.pending {
                Pending::Free => String::new(),
                _ => pending_words(game),
            };
            format!(
                "turn {}: {} to play, {} of {} units left{waiting}",
                turn.number,
                who(turn.mover),
                game.units_left(),
                turn.budget
            )
        }
    };
    format!("MuTou, tier {tier}: {state}")
}

/// `; waiting: …`, the pending decision as the position text writes it.
fn pending_words(game: &MuTou) -> String {
    let text = game.position_text();
    text.split_whitespace()
        .find_map(|word| word.strip_prefix("pending="))
        .map(|p| format!("; waiting: {p}"))
        .unwrap_or_default()
}

/// The mark of a tessel with `*` after it when the alterations changed the tessel.
fn starred_mark(game: &MuTou, surface: &Surface, t: TesselId) -> (String, Vec<Paint>) {
    let (mut text, paints) = mark(game, t);
    if surface.edited(t) {
        text.push('*');
    }
    (text, paints)
}

/// The mark of a tessel: its piece (`R3`, painted in the owner's colour) or `.`.
fn mark(game: &MuTou, t: TesselId) -> (String, Vec<Paint>) {
    match game.piece(t) {
        Some(piece) => (
            format!("{}{}", initial(piece.owner), piece.shakken.total()),
            vec![seat_paint(piece.owner)],
        ),
        None => (".".to_owned(), vec![Paint::Dim]),
    }
}

/// The paint of a seat's colour (Red, Blue, Green, Yellow, Purple, Orange, Silver, Teal, Black,
/// White), from the shared palette, whose order is Mu's.
fn seat_paint(seat: u8) -> Paint {
    match seat {
        0 => Paint::Seat(0),
        1 => Paint::Seat(4),
        2 => Paint::Seat(2),
        3 => Paint::Seat(3),
        4 => Paint::Seat(1),
        5 => Paint::Seat(5),
        6 | 9 => Paint::Seat(6),
        7 => Paint::Seat(7),
        _ => Paint::Bold,
    }
}

fn initial(seat: u8) -> char {
    INITIALS.get(usize::from(seat)).copied().unwrap_or('?')
}

/// One line per seat: wafers and bank, or when it went out; what it has still to set out.
fn seat_lines(game: &MuTou, style: Style, room: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for seat in 0..game.seat_count() {
        let state = game.seat_state(seat);
        let name = style.paint(
            &format!("{} {}", initial(seat), COLOURS[usize::from(seat)]),
            &[seat_paint(seat)],
        );
        let mut text = match state.out {
            Some(order) => format!("out (#{order})"),
            None => {
                let plural = if state.wafers == 1 { "" } else { "s" };
                format!("{} wafer{plural}, {} banked", state.wafers, state.banked)
            }
        };
        if !state.pool.is_empty() {
            text.push_str(&format!(", to set out: {}", state.pool));
        }
        for (k, line) in wrap_words(&text, room.saturating_sub(12))
            .iter()
            .enumerate()
        {
            if k == 0 {
                lines.push(format!("{name}: {line}"));
            } else {
                lines.push(format!("{:10}{line}", ""));
            }
        }
    }
    lines.push(format!("supply: {} wafers", game.supply()));
    lines
}

/// While zones are claimed: each zone's tessels and stand, and who claimed it.
fn zone_lines(game: &MuTou, room: usize) -> Vec<String> {
    let (zones, stands) = game.zones();
    let names = |ts: &[TesselId]| {
        let v: Vec<String> = ts.iter().map(|&t| game.name(t)).collect();
        v.join(" ")
    };
    let mut lines = Vec::new();
    for (i, zone) in zones.iter().enumerate() {
        let claimed = (0..game.seat_count())
            .find(|&s| game.seat_state(s).zone.map(usize::from) == Some(i))
            .map(|s| format!(" (claimed by {})", COLOURS[usize::from(s)]))
            .unwrap_or_default();
        let stand = stands.get(i).map_or(String::new(), |s| names(s));
        let text = format!("zone {}{claimed}: {}; stand: {stand}", i + 1, names(zone));
        for (k, line) in wrap_words(&text, room.saturating_sub(6))
            .into_iter()
            .enumerate()
        {
            let indent = if k == 0 { "" } else { "    " };
            lines.push(format!("{indent}{line}"));
        }
    }
    lines
}

/// Every piece with its stack, in columns: `d4 R WJB1` (`-` for an empty base).
fn piece_lines(game: &MuTou, room: usize) -> Vec<String> {
    let entries: Vec<String> = game
        .pieces()
        .map(|p| format!("{} {} {}", game.name(p.at), initial(p.owner), p.shakken))
        .collect();
    if entries.is_empty() {
        return Vec::new();
    }
    let mut lines = vec!["pieces:".to_owned()];
    lines.extend(columns(&entries, room));
    lines
}

/// `entries` in columns when they fit two to a line, otherwise one to a line, wrapped.
fn listing(entries: &[String], room: usize) -> Vec<String> {
    let widest = entries.iter().map(|e| e.chars().count()).max().unwrap_or(0);
    if 2 * (widest + 3) + 2 <= room {
        return columns(entries, room);
    }
    let mut lines = Vec::new();
    for entry in entries {
        for (k, line) in wrap_words(entry, room.saturating_sub(6))
            .into_iter()
            .enumerate()
        {
            let indent = if k == 0 { "  " } else { "      " };
            lines.push(format!("{indent}{line}"));
        }
    }
    lines
}

/// `entries` in as many columns as fit in `room`, filled row by row, each row indented.
fn columns(entries: &[String], room: usize) -> Vec<String> {
    let widest = entries.iter().map(|e| e.chars().count()).max().unwrap_or(0);
    let cell = widest + 3;
    let per_line = (room.saturating_sub(2) / cell).max(1);
    entries
        .chunks(per_line)
        .map(|row| {
            let parts: Vec<String> = row.iter().map(|e| format!("{e:cell$}")).collect();
            format!("  {}", parts.concat()).trim_end().to_owned()
        })
        .collect()
}

/// What the marks mean, for the seats of this game.
fn legend(game: &MuTou, style: Style, room: usize) -> Vec<String> {
    let mut items: Vec<String> = (0..game.seat_count())
        .map(|seat| {
            let text = format!("{} {}", initial(seat), COLOURS[usize::from(seat)]);
            style.paint(&text, &[seat_paint(seat)])
        })
        .collect();
    items.push("R3  a Red piece carrying 3 shakken".to_owned());
    items.push(".  empty".to_owned());
    if game.surface_opt().is_some_and(|s| !s.edit_log().is_empty()) {
        items.push("*  altered by an alteration of the area".to_owned());
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        let width = super::visible_width(&line) + 3 + super::visible_width(&item);
        if !line.is_empty() && width > room {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str("   ");
        }
        line.push_str(&item);
    }
    lines.push(line);
    lines
}

/// `d4 e4 | c3`: the walker neighbours of a tessel (sharing an edge), then, when there are
/// any, its angler neighbours (sharing only a corner), as names.
fn neighbours(game: &MuTou, surface: &Surface, t: TesselId) -> String {
    let names = |ts: &[TesselId]| {
        let v: Vec<String> = ts.iter().map(|&u| game.name(u)).collect();
        if v.is_empty() {
            "-".to_owned()
        } else {
            v.join(" ")
        }
    };
    let mut text = names(surface.walker(t));
    if !surface.angler(t).is_empty() {
        text.push_str(&format!(" | {}", names(surface.angler(t))));
    }
    text
}

/// Labels (a top line over a bottom line) at canvas columns and lines, drawn in bands of
/// columns one under the other when they do not fit in `room` columns.
struct Labels {
    items: Vec<Label>,
}

struct Label {
    x: usize,
    y: usize,
    top: (String, Vec<Paint>),
    bottom: (String, Vec<Paint>),
}

impl Labels {
    /// The lines of the drawing. A label belongs to the band its column falls in; `span`
    /// is the most columns a label takes.
    fn render(&self, style: Style, room: usize, span: usize) -> Vec<String> {
        let right = self.items.iter().map(|l| l.x + span).max().unwrap_or(0);
        if right <= room {
            return self.band(style, 0, usize::MAX);
        }
        let step = room.saturating_sub(span).max(1);
        let mut lines = Vec::new();
        let mut from = 0;
        while from < right {
            if from > 0 {
                let note = "(the board goes on east: the next columns)";
                lines.push(style.paint(note, &[Paint::Dim]));
            }
            let band = self.band(style, from, from + step);
            let first = band.iter().position(|l| !l.is_empty()).unwrap_or(0);
            let last = band.iter().rposition(|l| !l.is_empty()).unwrap_or(0);
            lines.extend(band[first..=last].iter().cloned());
            from += step;
        }
        lines
    }

    fn band(&self, style: Style, from: usize, to: usize) -> Vec<String> {
        let mut canvas = Canvas::new(0);
        for label in self.items.iter().filter(|l| (from..to).contains(&l.x)) {
            let x = label.x - from;
            canvas.put(x, label.y, &label.top.0, &label.top.1);
            canvas.put(x, label.y + 1, &label.bottom.0, &label.bottom.1);
        }
        canvas.render(style)
    }
}
