//! The panel beside the Mu board: the phase, the seats, what the mover owes, the turn and the
//! Commonwealth sections, and the legend.

use muster_rules::mu::{colour, letter, Cell, Mu, MuAction, Pending, Phase, Segment};
use muster_rules::mu::{SectionInfo, SectionOwner};
use muster_rules::{Game, Seat};

use super::super::visible_width;
use super::super::{wrap_words, Paint, Style};
use super::LISTED_CELLS;
use super::{section_letter, shown_budget, Shape};

/// The lines beside (or under) the board, the long ones wrapped to `width` columns.
pub(super) fn panel(
    game: &Mu,
    sections: &[SectionInfo],
    style: Style,
    width: usize,
) -> Vec<String> {
    let mut lines = vec![style.paint(&heading(game), &[Paint::Bold])];
    lines.extend(seat_table(game, style));
    lines.push(String::new());
    for line in duty(game, width) {
        let paints: &[Paint] = match game.pending() {
            Pending::Nothing => &[Paint::Bold],
            Pending::Choice | Pending::Removal => &[Paint::Hot],
        };
        lines.push(style.paint(&line, paints));
    }
    if matches!(game.phase(), Phase::Play | Phase::Over) {
        lines.push(String::new());
        lines.extend(turn_lines(game, width));
        lines.extend(section_lines(sections, width));
    }
    lines
}

/// `Lay-out: segment C of 4`, `Selection`, `Play, turn 4`, `Game over after 31 turns`.
fn heading(game: &Mu) -> String {
    match game.phase() {
        Phase::Layout => {
            let laid = game.geometry().segments();
            let total = game.seats() * usize::from(game.variant().segments);
            let next = Segment(u8::try_from(laid).unwrap_or(u8::MAX));
            format!("Lay-out: segment {next}, {} of {total}", laid + 1)
        }
        Phase::Select => "Selection of the starting segments".to_owned(),
        Phase::Play => format!("Play, turn {}", game.ply() + 1),
        Phase::Over => {
            let turns = game.ply();
            format!("Game over after {turns} turn{}", plural(turns as usize))
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// One line per seat: its letter and colour, and what counts in this phase (segments laid out,
/// segments still marked, or men and territory), with `to move` for the mover.
fn seat_table(game: &Mu, style: Style) -> Vec<String> {
    let seats = game.seats();
    let geometry = game.geometry();
    let mut men = vec![0u32; seats];
    let mut markers = vec![0u32; seats];
    for cell in geometry.all_cells() {
        let state = game.cell(cell);
        if let Some(seat) = state.owner().filter(|s| s.index() < seats) {
            men[seat.index()] += u32::from(state.height);
            if cell.position() == 0 {
                markers[seat.index()] += 1;
            }
        }
    }
    let territory = game.territory();
    let over = game.phase() == Phase::Over;
    let (header, values): (&str, Vec<String>) = match game.phase() {
        Phase::Layout => (
            "segments",
            markers.iter().map(|m| format!("{m:>8}")).collect(),
        ),
        Phase::Select => (
            "  marked",
            markers.iter().map(|m| format!("{m:>8}")).collect(),
        ),
        Phase::Play | Phase::Over => (
            if over {
                "men  territory (final)"
            } else {
                "men  territory (so far)"
            },
            (0..seats)
                .map(|i| {
                    let t = territory.get(i).copied().unwrap_or(0);
                    format!("{:>3}  {t:>9}", men[i])
                })
                .collect(),
        ),
    };
    let mut lines = vec![format!("{:10}{header}", "")];
    for (i, value) in values.iter().enumerate() {
        let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
        let name = format!("{} {:<7}", letter(seat), colour(seat));
        let mut line = format!("{} {value}", style.paint(&name, &[Paint::Seat(seat.0)]));
        if !over && game.to_move() == seat {
            line.push_str(&style.paint("  to move", &[Paint::Bold]));
        }
        lines.push(line);
    }
    lines
}

/// What the mover must decide now, in words, wrapped to `width`.
fn duty(game: &Mu, width: usize) -> Vec<String> {
    let who = colour(game.to_move());
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let cells_of = |actions: &[MuAction]| {
        let names: Vec<String> = actions
            .iter()
            .filter_map(|a| match a {
                MuAction::Explode(c) | MuAction::Remove(c) => Some(c.to_string()),
                MuAction::Clear(s) => Some(s.to_string()),
                _ => None,
            })
            .collect();
        if names.is_empty() {
            "none".to_owned()
        } else {
            names.join(", ")
        }
    };
    let text = match (game.phase(), game.pending()) {
        (Phase::Over, _) => game
            .outcome()
            .map(|o| format!("Result: {}", o.reason))
            .unwrap_or_default(),
        (Phase::Layout, _) if game.geometry().segments() == 0 => {
            format!("No segment yet: {who} lays out the first one, place:0,0")
        }
        (Phase::Layout, _) => format!(
            "{who} lays out a segment: {} legal centre{}, each drawn as + over its q,r \
             (place:q,r or place q,r)",
            actions.len(),
            plural(actions.len())
        ),
        (Phase::Select, _) => format!(
            "{who} takes the marker off one of their segments (clear:X): {}. The last segment \
             each player keeps is filled with seven men.",
            cells_of(&actions)
        ),
        (Phase::Play, Pending::Choice) => {
            let canonical = game
                .canonical_explosion()
                .map(|c| format!(" (canonical order: {c} first)"))
                .unwrap_or_default();
            format!(
                "{who} chooses the next explosion (explode:X) among the hot cells {}{canonical}",
                cells_of(&actions)
            )
        }
        (Phase::Play, Pending::Removal) => format!(
            "{who} removes a man from a hot cell of the oscillating section (remove:X): {}",
            cells_of(&actions)
        ),
        (Phase::Play, Pending::Nothing) => play_duty(game, who, &actions),
    };
    wrap_words(&text, width)
}

/// What the mover may do at rest: move (within the turn's budget), end the turn, or pass.
fn play_duty(game: &Mu, who: &str, actions: &[MuAction]) -> String {
    let example = actions.iter().find_map(|a| match a {
        MuAction::Move { from, dir, men } => Some(format!("{from} {dir} {men}")),
        _ => None,
    });
    let example = example.map(|e| format!(" (e.g. {e})")).unwrap_or_default();
    let moves = actions.iter().any(|a| matches!(a, MuAction::Move { .. }));
    let closing = if game.moves_this_turn() == 0 {
        "passes"
    } else {
        "ends the turn (end)"
    };
    let last = if game.moves_this_turn() == 0 {
        "pass"
    } else {
        "end"
    };
    match (moves, game.variant().per_segment()) {
        (false, _) => format!("{who} has no move left: {last}"),
        (true, false) => format!("{who} moves one piece{example} or {closing}"),
        (true, true) => {
            format!("{who} moves once from each segment marked +{example}, or {closing}")
        }
    }
}

/// Moves made this turn, passes in a row, the budget left, oscillating cells.
fn turn_lines(game: &Mu, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    if game.phase() == Phase::Play {
        let active = (0..game.seats())
            .filter(|&i| {
                let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
                game.geometry()
                    .all_cells()
                    .any(|c| game.cell(c).owner() == Some(seat))
            })
            .count();
        lines.push(format!(
            "Moves this turn: {}   Passes in a row: {} of {active}",
            game.moves_this_turn(),
            game.passes()
        ));
        if game.variant().per_segment() {
            let left: Vec<String> = (0..64u8)
                .filter(|i| game.budget() & (1u64 << i) != 0)
                .map(|i| Segment(i).to_string())
                .collect();
            let left = if left.is_empty() {
                "none".to_owned()
            } else {
                left.join(", ")
            };
            lines.extend(wrap_words(
                &format!("Segments left this turn: {left}"),
                width,
            ));
        }
    }
    let oscillating = game.oscillating();
    if !oscillating.is_empty() {
        let names: Vec<String> = oscillating.iter().map(Cell::to_string).collect();
        lines.extend(wrap_words(
            &format!("Oscillating: {}", names.join(" ")),
            width,
        ));
    }
    lines
}

/// `Sections:` then one line per section: its letter, size, owner and cells.
fn section_lines(sections: &[SectionInfo], width: usize) -> Vec<String> {
    if sections.is_empty() {
        return vec!["Sections: none yet".to_owned()];
    }
    let mut lines = vec!["Sections:".to_owned()];
    for (i, section) in sections.iter().enumerate() {
        let own = section.cells.len();
        let mut text = format!("{}: {own} cell{}", section_letter(i), plural(own));
        if !section.enclosed.is_empty() {
            let n = section.enclosed.len();
            text.push_str(&format!(" + {n} enclosed = {}", section.size()));
        }
        let owner = match section.owner {
            SectionOwner::Seat(seat) => colour(seat).to_owned(),
            SectionOwner::Neutral => "neutral".to_owned(),
        };
        if section.empty {
            text.push_str(&format!(", empty: {owner} by access"));
        } else {
            text.push_str(&format!(", {owner}"));
        }
        let mut names: Vec<String> = section
            .cells
            .iter()
            .take(LISTED_CELLS)
            .map(Cell::to_string)
            .collect();
        if own > LISTED_CELLS {
            names.push("…".to_owned());
        }
        text.push_str(&format!(" ({})", names.join(" ")));
        for (k, line) in wrap_words(&text, width.saturating_sub(5))
            .into_iter()
            .enumerate()
        {
            let indent = if k == 0 { "  " } else { "     " };
            lines.push(format!("{indent}{line}"));
        }
    }
    lines
}

/// What the symbols mean, wrapped to `width` columns (an item is never split).
pub(super) fn legend(game: &Mu, style: Style, shape: Shape, width: usize) -> Vec<String> {
    let marker = match (style.colour, shape) {
        (true, _) => style.paint(" x ", &[Paint::Highlight]),
        (false, Shape::Full) => "[x]".to_owned(),
        (false, Shape::Compact) => "[A0]".to_owned(),
    };
    let mut items = vec![
        ".  Virginity".to_owned(),
        "a b …  Commonwealth, by section".to_owned(),
        "#  Wall".to_owned(),
        format!("R2  two {} men", colour(Seat(0))),
        "!  hot".to_owned(),
        format!("{marker}  last action"),
        "A0  centre of segment A; A1-A6 lie E NE NW W SW SE of it".to_owned(),
    ];
    if shown_budget(game) != 0 {
        items.push("A0+  segment A may still move this turn".to_owned());
    }
    if game.phase() == Phase::Layout {
        items.push("+ q,r  a legal centre for the next segment".to_owned());
    }
    let text = items.join("   ");
    // Keep each item whole on a line: wrap at the item separators.
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in text.split("   ") {
        if !line.is_empty() && visible_width(&line) + 3 + visible_width(item) > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str("   ");
        }
        line.push_str(item);
    }
    lines.push(line);
    lines
}
