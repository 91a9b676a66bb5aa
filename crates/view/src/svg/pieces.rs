//! The pieces: stacked stones, ships, the kraken and stacks of men, each with its seat's letter.

use std::fmt::Write as _;

use super::{n, paint_of, text, Letters};
use crate::palette;
use crate::scene::{Cell, Piece, PieceKind, Scene, Stack, Xy};

/// Draws one piece on its cell.
pub(super) fn draw_piece(out: &mut String, scene: &Scene, cell: &Cell, piece: &Piece) {
    let (fill, ink, letter) = match (piece.kind, paint_of(scene, piece.owner)) {
        (PieceKind::Kraken, _) | (_, None) => (
            palette::KRAKEN.fill.to_owned(),
            palette::KRAKEN.ink.to_owned(),
            'K',
        ),
        (_, Some(paint)) => paint,
    };
    let (x, y, r) = (cell.centre.x, cell.centre.y, cell.size);
    let disc = |out: &mut String, cy: f64, radius: f64| {
        let _ = writeln!(
            out,
            r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="#111111" stroke-width="1.5"/>"##,
            n(x),
            n(cy),
            n(radius)
        );
    };
    match piece.kind {
        PieceKind::Wall | PieceKind::Tower | PieceKind::Catapult => {
            // Stacked discs, the top one highest; the letter and the height on the top one.
            let step = r * 0.22;
            let stones = f64::from(piece.height.clamp(1, 3));
            let base = y + step * (stones - 1.0) / 2.0;
            for i in 0..piece.height.clamp(1, 3) {
                disc(out, base - step * f64::from(i), r * 0.82);
            }
            let top = base - step * (stones - 1.0);
            let words = format!("{letter}{}", piece.height);
            text(out, Xy::new(x, top), r * 0.62, &ink, Letters::Bold, &words);
        }
        PieceKind::Ship => {
            disc(out, y, r);
            text(
                out,
                Xy::new(x, y),
                r * 0.95,
                &ink,
                Letters::Bold,
                &letter.to_string(),
            );
        }
        PieceKind::Kraken => {
            let d = r * 1.1;
            let _ = writeln!(
                out,
                r##"<path d="M{} {}L{} {}L{} {}L{} {}Z" fill="{fill}" stroke="#111111" stroke-width="1.5"/>"##,
                n(x),
                n(y - d),
                n(x + d),
                n(y),
                n(x),
                n(y + d),
                n(x - d),
                n(y)
            );
            text(out, Xy::new(x, y), r * 0.95, &ink, Letters::Bold, "K");
        }
        PieceKind::Stack => stack(out, piece, (x, y, r), (&ink, letter), disc),
        PieceKind::Men => {
            disc(out, y + r * 0.1, r * 0.8);
            let words = if piece.height == 1 {
                letter.to_string()
            } else {
                format!("{letter}{}", piece.height)
            };
            text(
                out,
                Xy::new(x, y + r * 0.1),
                r * 0.75,
                &ink,
                Letters::Bold,
                &words,
            );
        }
    }
}

/// A MuTou piece: a token in its owner's colour, a little below the cell's centre so that the
/// tessel's name stays readable above it, with the owner's letter and the stack's height (`?`
/// for a stack hidden from this viewer), and the shakken written under it.
fn stack(
    out: &mut String,
    piece: &Piece,
    (x, y, r): (f64, f64, f64),
    (ink, letter): (&str, char),
    disc: impl Fn(&mut String, f64, f64),
) {
    let cy = y + r * 0.25;
    disc(out, cy, r * 0.75);
    let hidden = piece.stack.as_ref().is_some_and(|s| s.hidden);
    let words = match (hidden, piece.height) {
        (true, _) => "?".to_owned(),
        (false, 0) => letter.to_string(),
        (false, h) => format!("{letter}{h}"),
    };
    text(out, Xy::new(x, cy), r * 0.6, ink, Letters::Bold, &words);
    if let Some(stack) = piece.stack.as_ref().filter(|s| !s.hidden) {
        let glyph = glyph(stack);
        if !glyph.is_empty() {
            let at = Xy::new(x, cy + r * 1.05);
            text(out, at, r * 0.42, "#222222", Letters::Halo, &glyph);
        }
    }
}

/// The shakken in short: `W3AJ2R B1`, each plain kind with its count when more than one, then
/// each seat's blood (`B2×2` for two of Blue's).
fn glyph(stack: &Stack) -> String {
    let mut out = String::new();
    for (letter, count) in [
        ('W', stack.walker),
        ('A', stack.angler),
        ('J', stack.jagger),
        ('R', stack.rand),
    ] {
        match count {
            0 => {}
            1 => out.push(letter),
            n => out.push_str(&format!("{letter}{n}")),
        }
    }
    for blood in &stack.blood {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&format!("B{}", u16::from(blood.seat) + 1));
        if blood.count > 1 {
            out.push_str(&format!("×{}", blood.count));
        }
    }
    out
}
