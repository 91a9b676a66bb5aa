//! Checks on text from outside: what the fuzz targets run (`fuzz/`), and what the normal test
//! suite runs on every checked-in fuzz input, so that a crash found once stays fixed.
//!
//! Each check takes raw bytes, reads them the way a server, a record file or the command line
//! would, and returns `Err` with a description when a property fails; a panic anywhere below is a
//! bug of its own. Bytes that are not UTF-8 are refused before any reader sees them, as every
//! outside door of muster does.
//!
//! * [`game_texts`]: a variant, a position text and action texts for one game. A position that
//!   reads must pass the battery's checks, re-print to text that reads to the same position, and
//!   survive a checked random walk; each action text is either refused (position unchanged) or
//!   applied (same result by the checked and the fast door).
//! * [`record_text`]: a record. One that parses re-prints to text that parses to the same record;
//!   one that replays ends at a valid position, and its re-export replays to the same end; its
//!   trusted and lenient replays and its re-export with its endings agree with it.
//! * [`variant_text`]: a variant text. One that reads normalises to text that reads to the same
//!   variant, and sets up a valid start for every seat count the game allows.

use crate::any::{AnyGame, GameId};
use crate::record::Record;

/// How many random actions are played, checked, from a position that reads.
pub const WALK: usize = 8;

/// The longest input a check reads; longer ones are cut (servers bound their inputs too).
pub const MAX_INPUT: usize = 16 * 1024;

fn utf8(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(&data[..data.len().min(MAX_INPUT)]).ok()
}

/// A seed for the random walk, taken from the input so that a failure reproduces.
fn seed_of(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Reads `data` as lines for game `id`:
///
/// 1. the variant text, optionally led by a seat count (`3 multi`); empty: the default;
/// 2. a position text; empty: the start of that variant;
/// 3. and on: one action text a line, taken as a server takes actions from outside.
///
/// Then walks [`WALK`] random actions from where the actions left the game.
pub fn game_texts(id: GameId, data: &[u8]) -> Result<(), String> {
    let Some(text) = utf8(data) else {
        return Ok(());
    };
    let mut lines = text.split('\n');
    let head = lines.next().unwrap_or("");
    let (seats, variant) = match head.split_once(' ') {
        Some((n, rest)) if n.parse::<usize>().is_ok() => (n.parse::<usize>().ok(), rest),
        _ => (None, head),
    };
    let position = lines.next().unwrap_or("");
    let game = if position.is_empty() {
        AnyGame::new(id, variant, seats)
    } else {
        AnyGame::from_position(id, variant, position)
    };
    let Ok(mut game) = game else {
        return Ok(());
    };
    check(&game).map_err(|e| format!("the position read from `{position}`: {e}"))?;
    for action in lines {
        let applied = game
            .conformance_outside_action(action)
            .map_err(|e| format!("action `{action}`: {e}"))?;
        if applied {
            check(&game).map_err(|e| format!("after action `{action}`: {e}"))?;
        }
    }
    game.conformance_walk(seed_of(data), WALK)
        .map_err(|failure| failure.to_string())?;
    Ok(())
}

/// The battery's checks on one position, and its text read back under its own variant.
fn check(game: &AnyGame) -> Result<(), String> {
    game.conformance_check()?;
    let text = game.position_text();
    match AnyGame::from_position(game.id(), &game.variant_text(), &text) {
        Ok(again) if again == *game => Ok(()),
        Ok(_) => Err(format!("`{text}` reads back to another position")),
        Err(e) => Err(format!("its own text `{text}` is refused: {e}")),
    }
}

/// Reads `data` as a record, replays it and checks the round trips.
pub fn record_text(data: &[u8]) -> Result<(), String> {
    let Some(text) = utf8(data) else {
        return Ok(());
    };
    let Ok(record) = Record::parse(text) else {
        return Ok(());
    };
    let printed = record.to_text();
    let again = Record::parse(&printed)
        .map_err(|e| format!("the re-printed record is refused: {e}\n{printed}"))?;
    let tokens = |r: &Record| r.actions.iter().map(|(a, _)| a.clone()).collect::<Vec<_>>();
    if again.headers != record.headers || tokens(&again) != tokens(&record) {
        return Err(format!(
            "the re-printed record reads differently:\n{printed}"
        ));
    }
    let Ok(replay) = AnyGame::replay(&record) else {
        return Ok(());
    };
    check(&replay.start).map_err(|e| format!("the record's start: {e}"))?;
    check(&replay.end).map_err(|e| format!("the record's end: {e}"))?;
    let exported = AnyGame::export(&replay.start, &replay.actions, &[])
        .map_err(|e| format!("the replayed actions do not export: {e}"))?;
    let replayed = AnyGame::replay(&exported)
        .map_err(|e| format!("the re-exported record does not replay: {e}"))?;
    if replayed.end != replay.end {
        return Err("the re-exported record ends elsewhere".to_owned());
    }
    super::records::check_outside_record(&record, &replay)
}

/// Reads `data` as `game-id variant text`: the variant must normalise stably and set up a valid
/// start for every seat count the game allows.
pub fn variant_text(data: &[u8]) -> Result<(), String> {
    let Some(text) = utf8(data) else {
        return Ok(());
    };
    let (game, variant) = text.split_once(' ').unwrap_or((text, ""));
    let Ok(id) = GameId::parse(game) else {
        return Ok(());
    };
    let Ok(normal) = id.variant_text(variant) else {
        return Ok(());
    };
    match id.variant_text(&normal) {
        Ok(again) if again == normal => {}
        Ok(again) => return Err(format!("`{normal}` normalises again to `{again}`")),
        Err(e) => return Err(format!("the normal form `{normal}` is refused: {e}")),
    }
    let info = id.info().map_err(|e| e.to_string())?;
    for seats in info.min_seats..=info.max_seats {
        if let Ok(game) = AnyGame::new(id, &normal, Some(seats)) {
            check(&game).map_err(|e| format!("the start of `{normal}` with {seats} seats: {e}"))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_and_a_legal_action_pass() {
        assert_eq!(game_texts(GameId::MurusGallicus, b"basic\n\nd1-d3"), Ok(()));
    }

    #[test]
    fn bytes_that_are_not_text_are_refused_quietly() {
        assert_eq!(game_texts(GameId::Mu, &[0xff, 0xfe, b'\n']), Ok(()));
        assert_eq!(record_text(&[0xc3]), Ok(()));
    }

    #[test]
    fn a_seat_count_can_lead_the_variant() {
        assert_eq!(game_texts(GameId::Mu, b"3 multi\n"), Ok(()));
    }
}
