//! The pieces: stacked stones, ships, the kraken and stacks of men, each with its seat's letter.

use std::fmt::Write as _;

use super::{n, paint_of, text, Letters};
use crate::palette;
use crate::scene::{Cell, Piece, PieceKind, Scene, Xy};

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
