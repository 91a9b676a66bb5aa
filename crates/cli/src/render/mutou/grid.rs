//! MuTou boards of unit squares and of hexagons.

use muster_rules::mutou::surface::{Origin, Surface, TesselId};
use muster_rules::mutou::MuTou;

use super::{listing, mark, neighbours, starred_mark, Label, Labels, Paint, Style};

/// The square board: ranks from the top down with their numbers on both sides, files under
/// it, each cell's mark right-aligned in its column with `*` after an altered cell; then any
/// tessel the alterations made, with its neighbours. `None` when the squares are not named
/// algebraically (then the map draws them).
pub fn square(game: &MuTou, surface: &Surface, style: Style, room: usize) -> Option<Vec<String>> {
    let squares: Vec<(TesselId, i16, i16)> = surface
        .tessels()
        .iter()
        .filter_map(|&t| match surface.origin(t) {
            Origin::Square { x, y } => Some((t, x, y)),
            _ => None,
        })
        .collect();
    let (x0, y0) = algebraic_origin(surface, &squares)?;
    let files = usize::try_from(squares.iter().map(|s| s.1 - x0).max()? + 1).ok()?;
    let ranks = usize::try_from(squares.iter().map(|s| s.2 - y0).max()? + 1).ok()?;
    let mut at = vec![None; files * ranks];
    for &(t, x, y) in &squares {
        let (fx, fy) = (usize::try_from(x - x0).ok()?, usize::try_from(y - y0).ok()?);
        at[fy * files + fx] = Some(t);
    }
    // Four columns a cell (`R10*`), or three when four do not fit.
    let cell = if 8 + 4 * files <= room { 4 } else { 3 };
    let per_band = (room.saturating_sub(8) / cell).max(1);
    let mut lines = Vec::new();
    for first in (0..files).step_by(per_band) {
        let last = (first + per_band).min(files);
        if first > 0 {
            let note = "(the board goes on east: the next files)";
            lines.push(style.paint(note, &[Paint::Dim]));
        }
        for rank in (0..ranks).rev() {
            let label = style.paint(&format!("{:>3}", rank + 1), &[Paint::Dim]);
            let mut line = format!("{label} ");
            for file in first..last {
                let text = match at[rank * files + file] {
                    Some(t) => {
                        let (text, paints) = mark(game, t);
                        let star = if surface.edited(t) { "*" } else { " " };
                        let pad = " ".repeat((cell - 1).saturating_sub(text.chars().count()));
                        format!("{pad}{}{star}", style.paint(&text, &paints))
                    }
                    None => " ".repeat(cell),
                };
                line.push_str(&text);
            }
            line.push_str(&format!(
                " {}",
                style.paint(&(rank + 1).to_string(), &[Paint::Dim])
            ));
            lines.push(line);
        }
        let letters: String = (first..last)
            .map(|f| format!("{:>w$} ", file_letter(f), w = cell - 1))
            .collect();
        lines.push(format!(
            "    {}",
            style.paint(letters.trim_end(), &[Paint::Dim])
        ));
    }
    lines.extend(made_by_alterations(game, surface, room));
    Some(lines)
}

/// The grid position named `a1`, read from the name of any square that has an algebraic name.
fn algebraic_origin(surface: &Surface, squares: &[(TesselId, i16, i16)]) -> Option<(i16, i16)> {
    squares.iter().find_map(|&(t, x, y)| {
        let name = surface.name(t);
        let file = *name.as_bytes().first()?;
        let rank: i16 = name.get(1..)?.parse().ok()?;
        let named = file.is_ascii_lowercase() && file != b't';
        named.then(|| (x - i16::from(file - b'a'), y - (rank - 1)))
    })
}

fn file_letter(file: usize) -> char {
    u8::try_from(file)
        .ok()
        .filter(|&f| f < 26)
        .map_or('?', |f| char::from(b'a' + f))
}

/// The hex board, north up: row `r` from the largest down, each hexagon's mark over its name
/// `q,r`, neighbours six columns apart and each row half a cell from the next; then any tessel
/// the alterations made, with its neighbours.
pub fn hex(game: &MuTou, surface: &Surface, style: Style, room: usize) -> Option<Vec<String>> {
    let hexes: Vec<(TesselId, i32, i32)> = surface
        .tessels()
        .iter()
        .filter_map(|&t| match surface.origin(t) {
            Origin::Hex { q, r } => Some((t, i32::from(q), i32::from(r))),
            _ => None,
        })
        .collect();
    let min_x = hexes.iter().map(|h| 2 * h.1 + h.2).min()?;
    let max_r = hexes.iter().map(|h| h.2).max()?;
    let items = hexes
        .iter()
        .map(|&(t, q, r)| Label {
            x: usize::try_from(3 * (2 * q + r - min_x)).unwrap_or(0),
            y: usize::try_from(2 * (max_r - r)).unwrap_or(0),
            top: starred_mark(game, surface, t),
            bottom: (game.name(t), vec![Paint::Dim]),
        })
        .collect();
    let mut lines = Labels { items }.render(style, room, 6);
    lines.extend(made_by_alterations(game, surface, room));
    Some(lines)
}

/// `tessels made by alterations:` and one entry per such tessel with its mark and neighbours.
fn made_by_alterations(game: &MuTou, surface: &Surface, room: usize) -> Vec<String> {
    let made: Vec<TesselId> = surface
        .tessels()
        .iter()
        .copied()
        .filter(|&t| matches!(surface.origin(t), Origin::Scribed))
        .collect();
    if made.is_empty() {
        return Vec::new();
    }
    let mut lines = vec!["tessels made by alterations (mark: walker, then | angler):".to_owned()];
    let entries: Vec<String> = made
        .iter()
        .map(|&t| {
            let mark = mark(game, t).0;
            format!("{} {mark}: {}", game.name(t), neighbours(game, surface, t))
        })
        .collect();
    lines.extend(listing(&entries, room));
    lines
}
