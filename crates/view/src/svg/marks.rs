//! The marks: tints and outlines under the pieces, rings, crosses and badges over them.

use std::fmt::Write as _;

use super::{inset, n, paint_of, shape, Cells, ALERT, LAST_MOVE, LAST_MOVE_EDGE};
use crate::scene::{Mark, MarkKind, Scene};

/// Neutral tints of MuTou zones nobody has claimed yet.
const ZONE_TINTS: [&str; 4] = ["#8da0cb", "#a6d854", "#fc8d62", "#e5c494"];

/// Draws what a mark shows under the pieces.
pub(super) fn mark_under(out: &mut String, scene: &Scene, cells: &Cells<'_>, mark: &Mark) {
    let colour = paint_of(scene, mark.seat).map(|(c, _, _)| c);
    for cell in mark.targets.iter().filter_map(|id| cells.get(id)) {
        match mark.kind {
            MarkKind::LastMove => {
                let style = format!(
                    r#"fill="{LAST_MOVE}" fill-opacity="0.55" stroke="{LAST_MOVE_EDGE}" stroke-width="4""#
                );
                shape(out, &inset(cell, 2.0), &style, "");
            }
            MarkKind::Section => {
                if let Some(c) = &colour {
                    let style = format!(r#"fill="{c}" fill-opacity="0.28" stroke="none""#);
                    shape(out, &cell.shape, &style, "");
                }
            }
            MarkKind::Enclosed => {
                if let Some(c) = &colour {
                    let style = format!(r#"fill="{c}" fill-opacity="0.15" stroke="none""#);
                    shape(out, &cell.shape, &style, "");
                }
            }
            MarkKind::Oscillating => {
                shape(
                    out,
                    &inset(cell, 4.0),
                    r##"fill="none" stroke="#222222" stroke-width="2" stroke-dasharray="2 3""##,
                    "",
                );
            }
            MarkKind::Eye => {
                if let Some(c) = &colour {
                    // An eye: a ring and a pupil in the colour, outlined for light colours.
                    let (x, y, r) = (cell.centre.x, cell.centre.y, cell.size);
                    let _ = writeln!(
                        out,
                        r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="#222222" stroke-width="5"/><circle cx="{}" cy="{}" r="{}" fill="none" stroke="{c}" stroke-width="3"/><circle cx="{}" cy="{}" r="{}" fill="{c}" stroke="#222222" stroke-width="1"/>"##,
                        n(x),
                        n(y),
                        n(r * 0.6),
                        n(x),
                        n(y),
                        n(r * 0.6),
                        n(x),
                        n(y),
                        n(r * 0.22)
                    );
                }
            }
            MarkKind::Zone => {
                let fill = colour.clone().unwrap_or_else(|| {
                    // Unclaimed zones take neutral tints in zone order.
                    let k = scene
                        .marks
                        .iter()
                        .filter(|m| m.kind == MarkKind::Zone)
                        .position(|m| std::ptr::eq(m, mark))
                        .unwrap_or(0);
                    ZONE_TINTS[k % ZONE_TINTS.len()].to_owned()
                });
                let style = format!(r#"fill="{fill}" fill-opacity="0.22" stroke="none""#);
                shape(out, &cell.shape, &style, "");
            }
            MarkKind::Stand => {
                let c = colour.clone().unwrap_or_else(|| "#555555".to_owned());
                let style = format!(
                    r#"fill="{c}" fill-opacity="0.12" stroke="{c}" stroke-width="2.5" stroke-dasharray="6 3""#
                );
                shape(out, &inset(cell, 3.5), &style, "");
            }
            MarkKind::Invader
            | MarkKind::Trapped
            | MarkKind::KrakenSurrounded
            | MarkKind::Hot
            | MarkKind::Marker
            | MarkKind::Moved => {}
        }
    }
}

/// Draws what a mark shows over the pieces.
pub(super) fn mark_over(out: &mut String, scene: &Scene, cells: &Cells<'_>, mark: &Mark) {
    let colour = paint_of(scene, mark.seat).map(|(c, _, _)| c);
    for cell in mark.targets.iter().filter_map(|id| cells.get(id)) {
        let (x, y, r) = (cell.centre.x, cell.centre.y, cell.size);
        match mark.kind {
            MarkKind::Hot => {
                let _ = writeln!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{ALERT}" stroke-width="3" stroke-dasharray="4 3"/>"#,
                    n(x),
                    n(y),
                    n(r * 1.12)
                );
            }
            MarkKind::Trapped | MarkKind::KrakenSurrounded => {
                // A red ring around the piece and a cross badge at its upper right, leaving the
                // piece's letter readable.
                let (bx, by, d) = (x + r * 1.15, y - r * 1.15, r * 0.36);
                let _ = writeln!(
                    out,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{ALERT}" stroke-width="3"/><circle cx="{}" cy="{}" r="{}" fill="#ffffff" stroke="{ALERT}" stroke-width="2"/><path d="M{} {}L{} {}M{} {}L{} {}" stroke="{ALERT}" stroke-width="2.5" stroke-linecap="round"/>"##,
                    n(x),
                    n(y),
                    n(r * 1.55),
                    n(bx),
                    n(by),
                    n(d * 1.6),
                    n(bx - d),
                    n(by - d),
                    n(bx + d),
                    n(by + d),
                    n(bx - d),
                    n(by + d),
                    n(bx + d),
                    n(by - d)
                );
            }
            MarkKind::Invader => {
                let _ = writeln!(
                    out,
                    r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{ALERT}" stroke-width="3"/>"#,
                    n(x),
                    n(y),
                    n(r * 1.1)
                );
            }
            MarkKind::Marker => {
                if let Some(c) = &colour {
                    let _ = writeln!(
                        out,
                        r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{c}" stroke-width="3"/><circle cx="{}" cy="{}" r="{}" fill="none" stroke="#222222" stroke-width="1"/>"##,
                        n(x),
                        n(y),
                        n(r * 1.15),
                        n(x),
                        n(y),
                        n(r * 1.3)
                    );
                }
            }
            MarkKind::Moved => {
                // A piece moved this turn: a dotted ring around its token.
                let _ = writeln!(
                    out,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="#333333" stroke-width="1.5" stroke-dasharray="2 2"/>"##,
                    n(x),
                    n(y + r * 0.25),
                    n(r * 0.95)
                );
            }
            MarkKind::LastMove
            | MarkKind::Eye
            | MarkKind::Section
            | MarkKind::Enclosed
            | MarkKind::Oscillating
            | MarkKind::Zone
            | MarkKind::Stand => {}
        }
    }
}
