//! Checks on `POST /api/games/import` bodies: record text read by
//! [`muster_server::records::import`], as the route calls it, and the game it would store
//! exported again by [`muster_server::records::export`].
//!
//! The fuzz target `record_import` runs [`record_import`]; the server's replay test
//! (`crates/server/tests/server/fuzz_inputs.rs`) compiles this same file and runs it on every
//! checked-in input.

use muster_server::records::{export, import, Imported, RecordsError, Viewer, MAX_RECORD_BYTES};
use muster_store::{
    ClockKind, Game, GameId, GameStatus, LogKind, Seat, StoredEntry, TakebackPolicy,
};

/// When every import is made (2025-11-24 UTC).
pub const NOW: i64 = 1_764_000_000_000;

/// How much of a record's first line an `Invalid` refusal quotes, in characters.
const BEGINS_LEN: usize = 40;

/// Reads `data` as the body of an import and checks:
///
/// * bytes that are not UTF-8 are skipped: the route refuses them (`malformed`) before
///   reading a record;
/// * a refusal is one of the import's own (too long exactly above [`MAX_RECORD_BYTES`], empty
///   exactly for blank text, not a record quoting at most 40 characters, does not replay,
///   redacted, unfinished, aborted), never one of export's;
/// * an import is a finished game whose parts agree: one name, score, rank and result per seat,
///   one `act` or `chance` entry per decision numbered from 0, every entry stamped now, the log
///   closed by one `end` entry after the last decision;
/// * the game as the store would hold it exports (for an omniscient viewer) to a record that
///   imports to the same game; its spectator's record is the same game too, or, while secrets
///   are pending, a redacted record that import refuses.
pub fn record_import(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    match import(text, NOW) {
        Ok(imported) => {
            consistent(&imported)?;
            exported_again(&imported)
        }
        Err(error) => refusal(text, &error),
    }
}

fn refusal(text: &str, error: &RecordsError) -> Result<(), String> {
    let fits = match error {
        RecordsError::TooLong { len } => *len == text.len() && *len > MAX_RECORD_BYTES,
        RecordsError::Empty => text.trim().is_empty(),
        RecordsError::Invalid { begins, .. } => begins.chars().count() <= BEGINS_LEN,
        RecordsError::Replay(_)
        | RecordsError::Redacted(_)
        | RecordsError::Unfinished { .. }
        | RecordsError::Aborted => true,
        RecordsError::Setup(_)
        | RecordsError::History(_)
        | RecordsError::Log { .. }
        | RecordsError::Export(_)
        | RecordsError::SecretStart => false,
    };
    let blank = text.trim().is_empty() && text.len() <= MAX_RECORD_BYTES;
    if !fits || blank != matches!(error, RecordsError::Empty) {
        return Err(format!("the import was refused with {error:?}: {error}"));
    }
    Ok(())
}

/// The parts of an import agree with one another.
fn consistent(imported: &Imported) -> Result<(), String> {
    let seats = imported.seats;
    let bad = |what: &str| Err(format!("{what}: {imported:?}"));
    if seats == 0
        || imported.names.len() != seats
        || imported.end.seats.len() != seats
        || imported.outcome.scores.len() != seats
        || imported.outcome.ranks.len() != seats
    {
        return bad("not one name, result, score and rank per seat");
    }
    if imported.end.result != imported.outcome.score_text() || imported.end.ended_ms != NOW {
        return bad("the end does not match the outcome");
    }
    let decisions: Vec<_> = imported
        .entries
        .iter()
        .filter(|e| matches!(e.kind, LogKind::Act | LogKind::Chance))
        .collect();
    let numbered = decisions
        .iter()
        .enumerate()
        .all(|(ply, e)| e.ply == ply as i64 && e.action.is_some());
    if !numbered || decisions.len() as i64 != imported.ply {
        return bad("the decisions are not numbered from 0 to the ply");
    }
    let ends = imported
        .entries
        .iter()
        .filter(|e| e.kind == LogKind::End)
        .count();
    let last = imported.entries.last();
    if ends != 1 || last.is_none_or(|e| e.kind != LogKind::End || e.ply != imported.ply) {
        return bad("the log is not closed by one end entry");
    }
    if imported.entries.iter().any(|e| e.created_ms != NOW) {
        return bad("an entry is not stamped now");
    }
    Ok(())
}

/// The game the import route stores: over, untimed, open seats, the log from version 1.
fn stored(imported: &Imported) -> (Game, Vec<StoredEntry>) {
    let log: Vec<StoredEntry> = imported
        .entries
        .iter()
        .enumerate()
        .map(|(i, entry)| StoredEntry {
            v: i as i64 + 1,
            entry: entry.clone(),
        })
        .collect();
    let game = Game {
        id: GameId::parse("imported").expect("a game id"),
        game: imported.game.clone(),
        variant: imported.variant.clone(),
        rules_version: imported.rules_version.clone(),
        status: GameStatus::Over,
        start_text: imported.start_text.clone(),
        chance_seed: 0,
        ply: imported.ply,
        version: log.len() as i64,
        clock_kind: ClockKind::None,
        base_ms: 0,
        inc_ms: 0,
        corr_ms: 0,
        clock_json: "{}".to_owned(),
        deadline_ms: None,
        rated: false,
        takeback: TakebackPolicy::Never,
        result: Some(imported.end.result.clone()),
        termination: Some(imported.end.termination),
        challenge_id: None,
        created_ms: NOW,
        started_ms: Some(NOW),
        ended_ms: Some(NOW),
        updated_ms: NOW,
        seats: (0..imported.seats).map(|s| Seat::open(s as i64)).collect(),
    };
    (game, log)
}

/// The import as export keeps it: a name that is blank is not written.
fn comparable(imported: &Imported) -> Imported {
    let mut kept = imported.clone();
    for name in &mut kept.names {
        if name.as_deref().is_some_and(|n| n.trim().is_empty()) {
            *name = None;
        }
    }
    kept
}

fn exported_again(imported: &Imported) -> Result<(), String> {
    let (game, log) = stored(imported);
    let names: Vec<String> = imported
        .names
        .iter()
        .map(|n| n.clone().unwrap_or_default())
        .collect();
    let want = comparable(imported);
    for viewer in [Viewer::Omniscient, Viewer::Spectator] {
        let text = export(&game, &log, &names, viewer)
            .map_err(|e| format!("the imported game does not export for {viewer:?}: {e}"))?;
        match import(&text, NOW) {
            Ok(again) if again == want => {}
            Err(RecordsError::Redacted(_)) if viewer == Viewer::Spectator => {}
            other => {
                return Err(format!(
                    "the record exported for {viewer:?}\n{text}\nimports to {other:?}, \
                     not to {want:?}"
                ))
            }
        }
    }
    Ok(())
}
