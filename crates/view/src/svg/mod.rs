//! A scene as a standalone SVG: the reference rendering a browser client must match.
//!
//! Every clickable element (a cell, a point, a place for a new segment, a MuTou tessel, edge or
//! vertex, a button) carries its target id as `data-target`, once; pieces and marks are drawn
//! over the cells with `pointer-events="none"`, so a click always reaches the cell underneath.
//! The seats' panels, the state in words and the legal buttons are drawn below the board.

use std::collections::HashMap;
use std::fmt::Write as _;

mod marks;
mod pieces;

use crate::scene::{Cell, DecorKind, LabelKind, Scene, Shape, Surface, Xy};
use crate::target::TargetId;

/// The height of one line of the panels below the board.
const LINE: f64 = 24.0;
/// The width the panels need at least.
const MIN_WIDTH: f64 = 420.0;
/// The size in pixels of the longer side of a drawing, at least.
const MIN_SIDE: f64 = 720.0;

/// Legal first clicks are outlined in this colour.
const TARGET: &str = "#1b7f3b";
/// The last move is tinted with this colour.
pub(crate) const LAST_MOVE: &str = "#ffd23f";
/// The last move's cells are outlined with this colour.
pub(crate) const LAST_MOVE_EDGE: &str = "#d99a00";
/// Remote splices are drawn in this colour.
const SPLICE: &str = "#7b3fa0";
/// Hot cells and trapped pieces are marked in this colour.
pub(crate) const ALERT: &str = "#c0392b";

/// Room left of the panels and buttons.
const MARGIN_LEFT: f64 = 12.0;
/// Room kept free right of the buttons.
const BUTTON_MARGIN: f64 = 12.0;
/// Room between two buttons.
const BUTTON_GAP: f64 = 8.0;

/// A button's width: room for its word.
fn button_width(word: &str) -> f64 {
    16.0 + 9.0 * word.chars().count() as f64
}

/// How many rows the buttons take in a drawing `width` wide (the same wrapping as drawing them).
fn button_rows(scene: &Scene, width: f64) -> usize {
    let left = scene.frame.x + MARGIN_LEFT;
    let right = scene.frame.x + width - BUTTON_MARGIN;
    let (mut rows, mut x) = (0, left);
    for button in &scene.buttons {
        let w = button_width(button.id.as_str());
        if rows == 0 || (x > left && x + w > right) {
            rows += 1;
            x = left;
        }
        x += w + BUTTON_GAP;
    }
    rows
}

/// Writes `scene` as an SVG document.
pub fn write(scene: &Scene) -> String {
    let f = scene.frame;
    let width = f.width.max(MIN_WIDTH);
    let button_rows = button_rows(scene, width);
    let below = LINE * (scene.panels.len() as f64 + 1.5)
        + if button_rows == 0 {
            0.0
        } else {
            LINE * 1.4 * button_rows as f64
        };
    let height = f.height + below;
    // Small boards are drawn larger, so that the longer side is at least `MIN_SIDE` pixels.
    let scale = (MIN_SIDE / width.max(height)).max(1.0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}" height="{}" font-family="DejaVu Sans, Verdana, sans-serif" data-game="{}">"#,
        n(f.x),
        n(f.y),
        n(width),
        n(height),
        n((width * scale).round()),
        n((height * scale).round()),
        escape(&scene.game)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&title(scene)));
    out.push_str(DEFS);
    let _ = writeln!(
        out,
        r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#fbfaf7"/>"##,
        n(f.x),
        n(f.y),
        n(width),
        n(height)
    );
    board(&mut out, scene);
    panels(&mut out, scene, f.y + f.height, width);
    out.push_str("</svg>\n");
    out
}

/// The document title: game, variant and state.
fn title(scene: &Scene) -> String {
    if scene.variant.is_empty() {
        format!("{}: {}", scene.game, scene.status)
    } else {
        format!("{} ({}): {}", scene.game, scene.variant, scene.status)
    }
}

const DEFS: &str = r##"<defs>
<pattern id="virgin" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#e9e0c9"/><line x1="0" y1="0" x2="0" y2="8" stroke="#d6c9a8" stroke-width="3"/></pattern>
<pattern id="water" width="10" height="6" patternUnits="userSpaceOnUse"><rect width="10" height="6" fill="#d3e6f2"/><path d="M0 4 q2.5 -2 5 0 t5 0" fill="none" stroke="#b5d1e4" stroke-width="1"/></pattern>
<pattern id="stone" width="12" height="8" patternUnits="userSpaceOnUse"><rect width="12" height="8" fill="#8f8f8f"/><path d="M0 0.5h12M0 4.5h12M3 0.5v4M9 4.5v4" stroke="#6f6f6f" stroke-width="1"/></pattern>
</defs>
"##;

/// The cells by id, for looking up where pieces and marks go.
pub(crate) type Cells<'a> = HashMap<&'a TargetId, &'a Cell>;

fn board(out: &mut String, scene: &Scene) {
    let cells: Cells<'_> = scene.cells.iter().map(|c| (&c.id, c)).collect();
    for decor in scene.decor.iter().filter(|d| !over_cells(d.kind)) {
        let style = match decor.kind {
            DecorKind::OutOfBounds => r##"fill="url(#water)" stroke="none""##,
            DecorKind::Track => r##"fill="none" stroke="#5b5b5b" stroke-width="3""##,
            DecorKind::Border | DecorKind::SegmentOutline | DecorKind::SpliceEdge => {
                r##"fill="none" stroke="#333333" stroke-width="2""##
            }
        };
        shape(out, &decor.shape, style, "");
    }
    out.push_str("<g class=\"cells\">\n");
    for cell in &scene.cells {
        let style = match cell.surface {
            Surface::Light => r##"fill="#ecd9b4" stroke="#8b6d43" stroke-width="1""##,
            Surface::Dark => r##"fill="#c39a67" stroke="#8b6d43" stroke-width="1""##,
            Surface::Point => r##"fill="#ffffff" stroke="#333333" stroke-width="2""##,
            Surface::Virgin => r##"fill="url(#virgin)" stroke="#9c9078" stroke-width="1""##,
            Surface::Commonwealth => r##"fill="#fdfcf6" stroke="#9c9078" stroke-width="1""##,
            Surface::Wall => r##"fill="url(#stone)" stroke="#555555" stroke-width="1""##,
            Surface::Ghost => {
                r##"fill="#ffffff" fill-opacity="0.6" stroke="#1b7f3b" stroke-width="2" stroke-dasharray="5 4""##
            }
            Surface::Tessel => r##"fill="#f3ecda" stroke="none""##,
            Surface::Edge => {
                r##"fill="none" stroke="#4a3f2e" stroke-width="2" stroke-linecap="round""##
            }
            Surface::Vertex => r##"fill="#4a3f2e" stroke="none""##,
        };
        let extra = format!(r#" data-target="{}""#, escape(cell.id.as_str()));
        let title = format!("<title>{}</title>", escape(&cell.title));
        shape_with(out, &cell.shape, style, &extra, &title);
    }
    out.push_str("</g>\n");
    out.push_str("<g class=\"marks-under\" pointer-events=\"none\">\n");
    for mark in &scene.marks {
        marks::mark_under(out, scene, &cells, mark);
    }
    out.push_str("</g>\n");
    for decor in scene.decor.iter().filter(|d| over_cells(d.kind)) {
        let style = if decor.kind == DecorKind::SpliceEdge {
            format!(r#"fill="none" stroke="{SPLICE}" stroke-width="4" stroke-dasharray="7 4""#)
        } else {
            r##"fill="none" stroke="#2f2a22" stroke-width="3" stroke-linecap="round""##.to_owned()
        };
        shape(out, &decor.shape, &style, "");
    }
    out.push_str("<g class=\"pieces\" pointer-events=\"none\">\n");
    for piece in &scene.pieces {
        if let Some(cell) = cells.get(&piece.at) {
            pieces::draw_piece(out, scene, cell, piece);
        }
    }
    out.push_str("</g>\n");
    out.push_str("<g class=\"marks-over\" pointer-events=\"none\">\n");
    for mark in &scene.marks {
        marks::mark_over(out, scene, &cells, mark);
    }
    for id in &scene.targets {
        if let Some(cell) = cells.get(id) {
            let (outline, style) = match cell.surface {
                // A dot or a line is ringed or traced, not inset.
                Surface::Vertex => (
                    Shape::Circle {
                        centre: cell.centre,
                        radius: cell.size + 3.0,
                    },
                    format!(r#"fill="none" stroke="{TARGET}" stroke-width="2""#),
                ),
                Surface::Edge => (
                    cell.shape.clone(),
                    format!(
                        r#"fill="none" stroke="{TARGET}" stroke-width="3" stroke-dasharray="5 4""#
                    ),
                ),
                _ => (
                    inset(cell, 3.0),
                    format!(r#"fill="none" stroke="{TARGET}" stroke-width="3""#),
                ),
            };
            shape(out, &outline, &style, r#" class="target""#);
        }
    }
    out.push_str("</g>\n");
    out.push_str("<g class=\"labels\" pointer-events=\"none\">\n");
    for label in &scene.labels {
        match label.kind {
            LabelKind::Coordinate => {
                text(out, label.at, 14.0, "#333333", Letters::Plain, &label.text)
            }
            LabelKind::Zone => text(out, label.at, 16.0, "#222222", Letters::Halo, &label.text),
            LabelKind::Splice => {
                let w = 8.0 + 7.0 * label.text.chars().count() as f64;
                let _ = writeln!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="14" rx="7" fill="#ffffff" stroke="{SPLICE}" stroke-width="1.5"/>"##,
                    n(label.at.x - w / 2.0),
                    n(label.at.y - 7.0),
                    n(w)
                );
                text(out, label.at, 10.0, SPLICE, Letters::Bold, &label.text);
            }
        }
    }
    for cell in &scene.cells {
        if let Some(label) = &cell.label {
            let at = match cell.shape {
                Shape::Circle { centre, radius } => {
                    Xy::new(centre.x + radius * 1.05, centre.y + radius * 1.25)
                }
                // A place for a new segment holds no piece: its name goes in the middle.
                _ if cell.surface == Surface::Ghost => cell.centre,
                _ => Xy::new(cell.centre.x, cell.centre.y - cell.size * 1.1),
            };
            // A tessel's name is sized to the tessel, small ones included.
            let size = match cell.surface {
                Surface::Tessel => (cell.size * 0.6).clamp(6.0, 15.0),
                _ => (cell.size * 0.6).max(9.0),
            };
            text(out, at, size, "#4a4030", Letters::Halo, label);
        }
    }
    out.push_str("</g>\n");
}

/// Whether a piece of decoration is drawn over the cells (outlines) rather than under them.
fn over_cells(kind: DecorKind) -> bool {
    matches!(kind, DecorKind::SegmentOutline | DecorKind::SpliceEdge)
}

/// The seat's paint, from its panel.
pub(crate) fn paint_of(scene: &Scene, seat: Option<u8>) -> Option<(String, String, char)> {
    let panel = scene.panels.iter().find(|p| Some(p.seat) == seat)?;
    Some((panel.colour.clone(), panel.ink.clone(), panel.letter))
}

fn panels(out: &mut String, scene: &Scene, top: f64, width: f64) {
    let left = scene.frame.x + MARGIN_LEFT;
    out.push_str("<g class=\"panels\">\n");
    for (i, panel) in scene.panels.iter().enumerate() {
        let y = top + LINE * (i as f64 + 0.8);
        let _ = writeln!(
            out,
            r##"<circle cx="{}" cy="{}" r="9" fill="{}" stroke="#111111" stroke-width="1.5"/>"##,
            n(left + 9.0),
            n(y),
            escape(&panel.colour)
        );
        text(
            out,
            Xy::new(left + 9.0, y),
            11.0,
            &panel.ink,
            Letters::Bold,
            &panel.letter.to_string(),
        );
        let mut words = panel.name.clone();
        if panel.to_act {
            words.push_str(" ◀ to act");
        }
        if let Some(rank) = panel.rank {
            words.push_str(&format!(" — place {}", u32::from(rank) + 1));
        }
        for t in &panel.tallies {
            words.push_str(&format!(" · {} {}", t.label, t.value));
        }
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="14" fill="#222222" dy="0.36em">{}</text>"##,
            n(left + 24.0),
            n(y),
            escape(&words)
        );
    }
    let y = top + LINE * (scene.panels.len() as f64 + 0.8);
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" font-size="14" font-style="italic" fill="#222222" dy="0.36em">{}</text>"##,
        n(left),
        n(y),
        escape(&scene.status)
    );
    let mut x = left;
    let mut y = y + LINE * 0.6;
    for button in &scene.buttons {
        let w = button_width(button.id.as_str());
        if x > left && x + w > scene.frame.x + width - BUTTON_MARGIN {
            // The row is full: the button starts the next one (none is left out).
            x = left;
            y += LINE * 1.4;
        }
        let _ = writeln!(
            out,
            r##"<g><rect data-target="{}" x="{}" y="{}" width="{}" height="{}" rx="5" fill="#ffffff" stroke="{TARGET}" stroke-width="2"/>"##,
            escape(button.id.as_str()),
            n(x),
            n(y),
            n(w),
            n(LINE)
        );
        let at = Xy::new(x + w / 2.0, y + LINE / 2.0);
        text(out, at, 13.0, "#111111", Letters::Plain, button.id.as_str());
        out.push_str("</g>\n");
        x += w + BUTTON_GAP;
    }
    out.push_str("</g>\n");
}

/// A shape shrunk towards the cell's centre by `by` units (for outlines inside a cell).
pub(crate) fn inset(cell: &Cell, by: f64) -> Shape {
    match &cell.shape {
        Shape::Circle { centre, radius } => Shape::Circle {
            centre: *centre,
            radius: (radius - by).max(1.0),
        },
        Shape::Polygon { points } => Shape::Polygon {
            points: points
                .iter()
                .map(|p| {
                    let (dx, dy) = (p.x - cell.centre.x, p.y - cell.centre.y);
                    let length = (dx * dx + dy * dy).sqrt().max(f64::EPSILON);
                    let keep = ((length - by) / length).max(0.0);
                    Xy::new(cell.centre.x + dx * keep, cell.centre.y + dy * keep)
                })
                .collect(),
        },
        Shape::Polyline { points } => Shape::Polyline {
            points: points.clone(),
        },
    }
}

/// Writes one shape element with `style` and `extra` attributes.
pub(crate) fn shape(out: &mut String, shape: &Shape, style: &str, extra: &str) {
    shape_with(out, shape, style, extra, "");
}

/// Writes one shape element with `style` and `extra` attributes and `inner` content.
fn shape_with(out: &mut String, shape: &Shape, style: &str, extra: &str, inner: &str) {
    let points = |pts: &[Xy]| {
        pts.iter()
            .map(|p| format!("{},{}", n(p.x), n(p.y)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (open, attributes) = match shape {
        Shape::Polygon { points: pts } => ("polygon", format!(r#"points="{}""#, points(pts))),
        Shape::Polyline { points: pts } => ("polyline", format!(r#"points="{}""#, points(pts))),
        Shape::Circle { centre, radius } => (
            "circle",
            format!(
                r#"cx="{}" cy="{}" r="{}""#,
                n(centre.x),
                n(centre.y),
                n(*radius)
            ),
        ),
    };
    if inner.is_empty() {
        let _ = writeln!(out, "<{open} {attributes} {style}{extra}/>");
    } else {
        let _ = writeln!(out, "<{open} {attributes} {style}{extra}>{inner}</{open}>");
    }
}

/// How the letters of a text are drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Letters {
    /// Normal weight.
    Plain,
    /// Bold (on pieces).
    Bold,
    /// Normal weight on a stroke of the background's colour, so that a label stays readable
    /// over lines.
    Halo,
}

/// Writes a text centred on `at`.
pub(crate) fn text(out: &mut String, at: Xy, size: f64, fill: &str, letters: Letters, words: &str) {
    let weight = match letters {
        Letters::Plain => "",
        Letters::Bold => r#" font-weight="bold""#,
        Letters::Halo => r##" stroke="#fbfaf7" stroke-width="3" paint-order="stroke""##,
    };
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="{}" fill="{}"{weight} text-anchor="middle" dy="0.36em">{}</text>"#,
        n(at.x),
        n(at.y),
        n(size),
        escape(fill),
        escape(words)
    );
}

/// A number with at most two decimals and no trailing zeros.
pub(crate) fn n(value: f64) -> String {
    let text = format!("{:.2}", value);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

/// Escapes the five XML special characters, for content and attribute values alike.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}
