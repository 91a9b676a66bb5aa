//! The decisions of Mu and their notation.
//!
//! * `place:3,-1` — lay out a segment centred there (mu §2.2);
//! * `clear:B` — take one's marker man off segment B (mu §2.3);
//! * `A3-sw-2` — move the top 2 men of A3 two cells south-west (mu §2.10);
//! * `explode:A3` — the next explosion of a chain reaction (mu §2.8);
//! * `remove:A3` — one man off a hot cell of an oscillating section (mu §2.9);
//! * `end` — finish the turn after moving; `pass` — a turn without a move (mu §2.11).
//!
//! The written forms hold no spaces, so a record can list them separated by white space. The
//! reader is lenient for people typing: a space may stand for the colon or the dashes
//! (`place 3,-1`, `A3 sw 2`), and `A3sw2` is read too. Wherever a cell is written, axial
//! coordinates `q,r` or `(q,r)` are read too.

use std::fmt;

use super::geometry::{Cell, Dir, Geometry, Hex, Segment};
use crate::error::ParseError;

/// One decision in Mu.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum MuAction {
    /// Lay out a segment centred on this hex.
    Place(Hex),
    /// Take one's marker man off this segment.
    Clear(Segment),
    /// Move the top `men` men of `from` exactly `men` cells in `dir`.
    Move {
        /// The cell the piece leaves.
        from: Cell,
        /// The direction.
        dir: Dir,
        /// The men moved, which is also the distance.
        men: u8,
    },
    /// Explode this hot cell next.
    Explode(Cell),
    /// Take one man off this hot cell of an oscillating section.
    Remove(Cell),
    /// End the turn after moving.
    End,
    /// A turn without a move.
    Pass,
}

impl fmt::Display for MuAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MuAction::Place(hex) => write!(f, "place:{hex}"),
            MuAction::Clear(segment) => write!(f, "clear:{segment}"),
            MuAction::Move { from, dir, men } => write!(f, "{from}-{dir}-{men}"),
            MuAction::Explode(cell) => write!(f, "explode:{cell}"),
            MuAction::Remove(cell) => write!(f, "remove:{cell}"),
            MuAction::End => f.write_str("end"),
            MuAction::Pass => f.write_str("pass"),
        }
    }
}

/// Reads `q,r` or `(q,r)`.
pub fn parse_hex(text: &str) -> Option<Hex> {
    let inner = text.trim();
    let inner = inner
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or(inner);
    let (q, r) = inner.split_once(',')?;
    Some(Hex::new(q.trim().parse().ok()?, r.trim().parse().ok()?))
}

/// Reads a cell: its name (`B4`) or its coordinates (`3,-1`), which must be on the board.
pub fn parse_cell(geometry: &Geometry, text: &str) -> Result<Cell, ParseError> {
    let text = text.trim();
    if let Some(hex) = parse_hex(text) {
        return geometry
            .cell_at(hex)
            .ok_or_else(|| ParseError::new(text, format!("{hex} is not on the board")));
    }
    let split = text
        .find(|c: char| c.is_ascii_digit())
        .ok_or_else(|| ParseError::new(text, "a cell is a segment and a digit, e.g. B4"))?;
    let (letters, digits) = text.split_at(split);
    let segment = Segment::parse(letters)
        .ok_or_else(|| ParseError::new(text, format!("`{letters}` is not a segment name")))?;
    let position: u16 = match digits.parse() {
        Ok(p) if p < 7 => p,
        _ => return Err(ParseError::new(text, "the cell digit runs from 0 to 6")),
    };
    if segment.index() >= geometry.segments() {
        return Err(ParseError::new(
            text,
            format!(
                "the board has no segment {segment} ({} segments)",
                geometry.segments()
            ),
        ));
    }
    Ok(Cell(u16::from(segment.0) * 7 + position))
}

/// Reads one action on the board `geometry`.
///
/// Works on whole characters: any text, however it mixes scripts, is read or refused with a
/// [`ParseError`] quoting it, never split inside a character.
pub fn parse_action(geometry: &Geometry, text: &str) -> Result<MuAction, ParseError> {
    let trimmed = text.trim();
    let (word, rest) = match trimmed.split_once(|c: char| c.is_whitespace() || c == ':') {
        Some((word, rest)) => (word, rest.trim()),
        None => (trimmed, ""),
    };
    match word.to_ascii_lowercase().as_str() {
        "end" if rest.is_empty() => Ok(MuAction::End),
        "pass" if rest.is_empty() => Ok(MuAction::Pass),
        "place" => parse_hex(rest)
            .map(MuAction::Place)
            .ok_or_else(|| ParseError::new(text, "place takes a centre `q,r`, e.g. place 3,-1")),
        "clear" => Segment::parse(rest)
            .filter(|s| s.index() < geometry.segments())
            .map(MuAction::Clear)
            .ok_or_else(|| {
                ParseError::new(text, "clear takes a segment on the board, e.g. clear B")
            }),
        "explode" => Ok(MuAction::Explode(parse_cell(geometry, rest)?)),
        "remove" => Ok(MuAction::Remove(parse_cell(geometry, rest)?)),
        "" => Err(ParseError::new(text, "empty action")),
        _ => parse_move(geometry, trimmed),
    }
}

/// Splits `text` before its longest tail of characters that satisfy `keep`; both parts are
/// whole characters.
fn split_tail(text: &str, keep: impl Fn(char) -> bool) -> (&str, &str) {
    let head = text.trim_end_matches(|c: char| keep(c));
    text.split_at(head.len())
}

/// Reads `A3 sw 2`, `A3sw2`, `A3-sw-2` or `(0,-1) sw 2`.
fn parse_move(geometry: &Geometry, text: &str) -> Result<MuAction, ParseError> {
    let bad = || ParseError::new(text, "a move is `cell direction men`, e.g. A3 sw 2");
    let (head, men_text) = split_tail(text, |c| c.is_ascii_digit());
    let men: u8 = men_text.parse().map_err(|_| bad())?;
    let head = head.trim_end_matches([' ', '-', ':']);
    let (cell_text, dir_text) = split_tail(head, |c| c.is_ascii_alphabetic());
    let dir = Dir::parse(dir_text).ok_or_else(|| {
        ParseError::new(
            text,
            format!("`{dir_text}` is not a direction (e, ne, nw, w, sw, se)"),
        )
    })?;
    let cell_text = cell_text.trim_end_matches([' ', '-', ':']);
    if cell_text.is_empty() {
        return Err(bad());
    }
    let from = parse_cell(geometry, cell_text)?;
    if men == 0 {
        return Err(ParseError::new(text, "a move takes at least one man"));
    }
    Ok(MuAction::Move { from, dir, men })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t3() -> Geometry {
        Geometry::new(&[Hex::new(0, 0), Hex::new(3, -1), Hex::new(1, 2)]).unwrap()
    }

    #[test]
    fn every_action_reads_back_from_its_text() {
        let g = t3();
        let actions = [
            MuAction::Place(Hex::new(3, -1)),
            MuAction::Clear(Segment(2)),
            MuAction::Move {
                from: Cell(3),
                dir: Dir::SW,
                men: 2,
            },
            MuAction::Explode(Cell(20)),
            MuAction::Remove(Cell(8)),
            MuAction::End,
            MuAction::Pass,
        ];
        for a in actions {
            assert_eq!(parse_action(&g, &a.to_string()).unwrap(), a, "{a}");
        }
    }

    #[test]
    fn moves_are_read_in_several_spellings_and_by_coordinates() {
        let g = t3();
        let a3 = MuAction::Move {
            from: Cell(3),
            dir: Dir::SW,
            men: 1,
        };
        for text in [
            "A3-sw-1",
            "A3 sw 1",
            "a3sw1",
            "A3-SW-1",
            "(0,-1) sw 1",
            "0,-1 sw1",
            "0,-1-sw-1",
        ] {
            assert_eq!(parse_action(&g, text).unwrap(), a3, "{text}");
        }
    }

    #[test]
    fn syntax_errors_quote_the_text_and_say_why() {
        let g = t3();
        for (text, why) in [
            ("A9 e 1", "0 to 6"),
            ("D0 e 1", "no segment D"),
            ("A3 up 1", "not a direction"),
            ("A3 e 0", "at least one"),
            ("(9,9) e 1", "not on the board"),
            ("place here", "place takes"),
            ("place:", "place takes"),
            ("explode:", "a cell is"),
        ] {
            let e = parse_action(&g, text).unwrap_err();
            assert!(e.to_string().contains(why), "{text}: {e}");
        }
    }
}
