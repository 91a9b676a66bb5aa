//! The battery's checks on the record doors a server uses, run on every random game at its end:
//!
//! * **trusted replay**: every action, read from its text and played through the trusted door,
//!   gives the same position and hash as the checked door, and [`record::replay_trusted`] ends
//!   where [`record::replay`] does;
//! * **stored hashes**: a record with a hash after every action replays leniently with no
//!   divergence and every hash checked, and the same record with one hash changed diverges
//!   exactly there;
//! * **endings outside the rules**: an unfinished game that the actor forfeits on time replays
//!   to a result where that seat ranks below every other; with three or more seats, a seat that
//!   retired half-way ranks below every seat still playing.

use crate::any::{AnyGame, AnyReplay};
use crate::game::{Actor, Game, NoEvents, Seat};
use crate::record::replay::play_trusted;
use crate::record::{
    self, Departure, Divergence, Ending, Endings, PositionHashes, Record, Retirement,
};

/// Runs the record checks on the game from `start` through `actions` (legal actions, as the
/// battery played them). The error says what is wrong.
pub fn check_records<G: Game>(start: &G, actions: &[G::Action]) -> Result<(), String> {
    check_trusted(start, actions)?;
    check_hashes(start, actions)?;
    check_endings(start, actions)
}

fn check_trusted<G: Game>(start: &G, actions: &[G::Action]) -> Result<(), String> {
    let mut checked = start.clone();
    let mut trusted = start.clone();
    for (index, &action) in actions.iter().enumerate() {
        let text = checked.action_text(action);
        checked
            .apply(action, &mut NoEvents)
            .map_err(|e| format!("action {}: {e}", index + 1))?;
        let read = trusted
            .parse_action(&text)
            .map_err(|e| format!("action {} `{text}` does not read: {e}", index + 1))?;
        play_trusted(&mut trusted, read)
            .map_err(|e| format!("the trusted door refuses action {}: {e}", index + 1))?;
        if trusted != checked || trusted.position_hash() != checked.position_hash() {
            return Err(format!(
                "after action {} `{text}` the trusted door reached another position",
                index + 1
            ));
        }
    }
    let record = reread(&record::export(start, actions, &[]))?;
    let trusted =
        record::replay_trusted::<G>(&record).map_err(|e| format!("trusted replay: {e}"))?;
    if trusted.end != checked || trusted.outcome != checked.outcome() {
        return Err("the trusted replay ends elsewhere".to_owned());
    }
    if trusted.end.actor() == Actor::Over {
        if let Some(&last) = actions.last() {
            let mut over = trusted.end.clone();
            if play_trusted(&mut over, last).is_ok() {
                return Err("the trusted door plays an action after the end".to_owned());
            }
        }
    }
    Ok(())
}

fn check_hashes<G: Game>(start: &G, actions: &[G::Action]) -> Result<(), String> {
    let hashes = PositionHashes::of(start, actions, 1);
    let mut record = record::export(start, actions, &[]);
    hashes.write(&mut record);
    let record = reread(&record)?;
    let lenient =
        record::replay_lenient::<G>(&record).map_err(|e| format!("lenient replay: {e}"))?;
    if let Some(divergence) = lenient.divergence {
        return Err(format!("an exact record diverges: {divergence}"));
    }
    if lenient.hashes_checked != actions.len() + 1 || lenient.actions != actions {
        return Err(format!(
            "lenient replay checked {} of {} hashes",
            lenient.hashes_checked,
            actions.len() + 1
        ));
    }
    // One stored hash changed: the replay diverges there and nowhere earlier.
    let at = actions.len() / 2;
    let mut changed = hashes.clone();
    changed.hashes[at] ^= 1;
    let mut record = record;
    changed.write(&mut record);
    let lenient =
        record::replay_lenient::<G>(&record).map_err(|e| format!("lenient replay: {e}"))?;
    let expected = hashes.hashes[at] ^ 1;
    let found = hashes.hashes[at];
    let right = match lenient.divergence {
        Some(Divergence::Start {
            expected: e,
            found: f,
        }) => at == 0 && (e, f) == (expected, found),
        Some(Divergence::Hash {
            number,
            expected: e,
            found: f,
            ..
        }) => number == at && (e, f) == (expected, found) && lenient.actions.len() == at,
        _ => false,
    };
    if !right || lenient.hashes_checked != at {
        return Err(format!(
            "a hash changed after {at} actions gives {:?} after {} checked",
            lenient.divergence, lenient.hashes_checked
        ));
    }
    Ok(())
}

fn check_endings<G: Game>(start: &G, actions: &[G::Action]) -> Result<(), String> {
    let mut end = start.clone();
    for &action in actions {
        end.apply_unchecked(action);
    }
    let seats = start.seats();
    let mut endings = Endings::none();
    let mut loser = None;
    if let Actor::Seat(seat) = end.actor() {
        endings.ending = Some(Ending::Forfeit {
            seat,
            how: Departure::Timeout,
        });
        loser = Some(seat);
    }
    // With three or more seats, the last seat (or the one before it, if the forfeit names the
    // last) retires half-way, while the game is still on.
    let retiree = Seat((seats - 1) as u8);
    let retiree = if loser == Some(retiree) {
        Seat((seats - 2) as u8)
    } else {
        retiree
    };
    if seats >= 3 && !actions.is_empty() {
        endings.retired.push(Retirement {
            seat: retiree,
            after: (actions.len() - 1) / 2,
            how: Departure::Resigned,
        });
    }
    if endings.is_empty() {
        return Ok(());
    }
    let made = record::export_ended(start, actions, &endings, &[])
        .map_err(|e| format!("cannot export the endings {endings:?}: {e}"))?;
    let replayed = record::replay::<G>(&reread(&made)?)
        .map_err(|e| format!("the record with endings does not replay: {e}"))?;
    if replayed.endings != endings {
        return Err(format!("the endings read back as {:?}", replayed.endings));
    }
    // A retirement alone from a game still going on (chance to act, or cut off) has no result.
    let Some(outcome) = replayed.outcome else {
        if loser.is_some() || end.outcome().is_some() {
            return Err("a forfeit or a finished game gave no result".to_owned());
        }
        return Ok(());
    };
    let playing: Vec<usize> = (0..seats)
        .filter(|&s| !endings.is_retired(Seat(s as u8)))
        .collect();
    if let Some(loser) = loser {
        let worst = outcome.ranks[loser.index()];
        if playing
            .iter()
            .any(|&s| s != loser.index() && outcome.ranks[s] >= worst)
        {
            return Err(format!("{loser} forfeited but ranks {:?}", outcome.ranks));
        }
    }
    for r in &endings.retired {
        let mine = outcome.ranks[r.seat.index()];
        if playing.iter().any(|&s| outcome.ranks[s] >= mine) {
            return Err(format!("{} retired but ranks {:?}", r.seat, outcome.ranks));
        }
    }
    Ok(())
}

/// The record as text, read back.
fn reread(record: &Record) -> Result<Record, String> {
    let text = record.to_text();
    Record::parse(&text).map_err(|e| format!("own record refused: {e}\n{text}"))
}

/// The record doors on a record from outside that [`AnyGame::replay`] accepted (the fuzz
/// target `record` runs it): the trusted replay ends at the same position with the same result,
/// the lenient replay finds no divergence, and the game
/// re-exported with the record's endings replays to the same result.
pub fn check_outside_record(record: &Record, replay: &AnyReplay) -> Result<(), String> {
    let trusted =
        AnyGame::replay_trusted(record).map_err(|e| format!("the trusted replay refuses: {e}"))?;
    if trusted.end != replay.end || trusted.outcome != replay.outcome {
        return Err("the trusted replay ends elsewhere".to_owned());
    }
    let lenient =
        AnyGame::replay_lenient(record).map_err(|e| format!("the lenient replay refuses: {e}"))?;
    if lenient.divergence.is_some() {
        return Err(format!(
            "a record that replays diverges leniently: {:?}",
            lenient.divergence
        ));
    }
    let exported = AnyGame::export_ended(&replay.start, &replay.actions, &replay.endings, &[])
        .map_err(|e| format!("the replayed game does not export with its endings: {e}"))?;
    let again = AnyGame::replay(&exported)
        .map_err(|e| format!("the re-exported record does not replay: {e}"))?;
    if again.outcome != replay.outcome || again.endings != replay.endings {
        return Err("the re-exported record ends with another result".to_owned());
    }
    Ok(())
}
