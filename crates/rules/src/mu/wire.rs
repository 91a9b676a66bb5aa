//! Wire forms: cells, segments, hexes and directions read back from the text they serialise
//! as (`B4`, `AB`, `2,-1`, `ne`). A cell's name is read without the board, so any segment
//! of the largest board is accepted.

use super::actions::parse_hex;
use super::geometry::{Cell, Dir, Hex, Segment};
use crate::wire::deserialize_from_text;

/// Reads a cell name: segment letters, then the position 0–6.
fn parse_cell_name(text: &str) -> Option<Cell> {
    let split = text.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = text.split_at(split);
    let segment = Segment::parse(letters)?;
    match digits.parse::<u16>() {
        Ok(position) if position < 7 && digits.len() == 1 => {
            Some(Cell(u16::from(segment.0) * 7 + position))
        }
        _ => None,
    }
}

deserialize_from_text!(Cell, "a cell name such as B4", parse_cell_name);
deserialize_from_text!(Segment, "a segment name such as AB", Segment::parse);
deserialize_from_text!(Hex, "a hex such as 2,-1", parse_hex);
deserialize_from_text!(Dir, "a direction (e, ne, nw, w, sw, se)", Dir::parse);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_name_reads_back_without_the_board() {
        for cell in [Cell(0), Cell(6), Cell(7 * 27 + 4)] {
            assert_eq!(parse_cell_name(&cell.to_string()), Some(cell));
        }
        assert_eq!(parse_cell_name("B7"), None);
        assert_eq!(parse_cell_name("B04"), None);
        assert_eq!(parse_cell_name("4"), None);
    }
}
