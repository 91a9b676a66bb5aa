//! Records of stored games: export (redacted while secrets are pending) and import.

use muster_rules::record::{Departure, Ending, Record, Retirement};
use muster_rules::{Actor, AnyGame, GameId, Seat, Visibility};
use muster_server::history::{data, EndData, RetireData, TakebackData};
use muster_server::records::{export, import, RecordsError, Viewer, REDACTED};
use muster_store::{
    ClockKind, Game, GameStatus, LogEntry, LogKind, SeatKind, StoredEntry, TakebackPolicy,
};
use rand::rngs::SmallRng;
use rand::SeedableRng;

const NOW: i64 = 1_764_000_000_000; // 2025-11-24 UTC

/// A stored game of `start`'s kind, with human seats.
fn stored(start: &AnyGame) -> Game {
    Game {
        id: muster_store::GameId::parse("g-1").expect("an id"),
        game: start.id().id().to_owned(),
        variant: start.variant_text(),
        rules_version: start.info().rules_version.to_string(),
        status: GameStatus::Running,
        start_text: None,
        chance_seed: 7,
        ply: 0,
        version: 0,
        clock_kind: ClockKind::None,
        base_ms: 0,
        inc_ms: 0,
        corr_ms: 0,
        clock_json: "{}".into(),
        deadline_ms: None,
        rated: false,
        takeback: TakebackPolicy::Casual,
        result: None,
        termination: None,
        challenge_id: None,
        created_ms: NOW,
        started_ms: Some(NOW),
        ended_ms: None,
        updated_ms: NOW,
        seats: (0..start.seats())
            .map(|s| muster_store::Seat {
                kind: SeatKind::Human,
                ..muster_store::Seat::open(s as i64)
            })
            .collect(),
    }
}

/// A log entry other than a decision, after which `game` stands.
fn note(
    game: &AnyGame,
    kind: LogKind,
    ply: usize,
    seat: Option<Seat>,
    data_json: String,
) -> LogEntry {
    LogEntry {
        hash: game.position_hash() as i64,
        ..entry(kind, ply, seat, data_json)
    }
}

fn entry(kind: LogKind, ply: usize, seat: Option<Seat>, data_json: String) -> LogEntry {
    LogEntry {
        kind,
        ply: ply as i64,
        seat: seat.map(|s| i64::from(s.0)),
        action: None,
        hidden: false,
        hash: 0,
        clock_ms: None,
        think_ms: 0,
        data_json,
        created_ms: NOW,
    }
}

/// A log as the server writes it (history.rs), with versions from 1.
#[derive(Default)]
struct Log {
    entries: Vec<StoredEntry>,
}

impl Log {
    fn push(&mut self, entry: LogEntry) {
        let v = self.entries.len() as i64 + 1;
        self.entries.push(StoredEntry { v, entry });
    }

    /// Plays `action` on `game` and logs it as an `act` or `chance` entry at `ply`.
    fn play(&mut self, game: &mut AnyGame, ply: usize, action: &str) {
        let actor = game.actor();
        let hidden = game.action_visibility(action) == Ok(Visibility::Actor);
        game.apply(action).expect("a legal action");
        let (kind, seat) = match actor {
            Actor::Seat(s) => (LogKind::Act, Some(s)),
            _ => (LogKind::Chance, None),
        };
        self.push(LogEntry {
            action: Some(action.to_owned()),
            hidden,
            hash: game.position_hash() as i64,
            ..entry(kind, ply, seat, "{}".into())
        });
    }
}

/// Plays `count` seeded random decisions (fewer if the game ends), logging each.
fn play_random(game: &mut AnyGame, log: &mut Log, actions: &mut Vec<String>, count: usize) {
    let mut rng = SmallRng::seed_from_u64(actions.len() as u64 + 11);
    for _ in 0..count {
        let Some(action) = game.random_action(&mut rng) else {
            return;
        };
        log.play(game, actions.len(), &action);
        actions.push(action);
    }
}

fn names(seats: usize) -> Vec<String> {
    ["Ann", "Bob", "Cy", "Di"][..seats]
        .iter()
        .map(|s| (*s).to_owned())
        .collect()
}

fn parsed(text: &str) -> Record {
    Record::parse(text).expect("an exported record reads")
}

#[test]
fn an_exported_game_replays_to_the_same_position() {
    for id in [GameId::MurusGallicus, GameId::Mur, GameId::Mu] {
        let start = AnyGame::new(id, "", None).expect("a game");
        let (mut game, mut log, mut actions) = (start.clone(), Log::default(), Vec::new());
        play_random(&mut game, &mut log, &mut actions, 40);
        let text =
            export(&stored(&start), &log.entries, &names(2), Viewer::Spectator).expect("a record");
        let record = parsed(&text);
        let replay = AnyGame::replay(&record).expect("it replays, hashes included");
        assert_eq!(replay.end, game, "{id}");
        assert_eq!(replay.actions, actions);
        assert_eq!(record.header("Date"), Some("2025-11-24"));
        assert_eq!(record.header("Id"), Some("g-1"));
        assert!(record
            .header("Hashes")
            .is_some_and(|h| h.starts_with("every 16:")));
        assert_eq!(record.header(REDACTED), None, "nothing is secret");
        let key = start
            .seat_name(Seat(0))
            .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
        assert_eq!(record.header(&key), Some("Ann"), "{text}");
    }
}

#[test]
fn a_takeback_leaves_out_the_decisions_it_cancelled() {
    let start = AnyGame::new(GameId::MurusGallicus, "", None).expect("a game");
    let (mut game, mut log, mut actions) = (start.clone(), Log::default(), Vec::new());
    play_random(&mut game, &mut log, &mut actions, 10);
    log.push(entry(
        LogKind::Takeback,
        10,
        Some(Seat(0)),
        data(&TakebackData { to_ply: 8 }),
    ));
    actions.truncate(8);
    let mut game = start.clone();
    for a in &actions {
        game.apply(a).expect("legal");
    }
    play_random(&mut game, &mut log, &mut actions, 3);
    let text = export(&stored(&start), &log.entries, &[], Viewer::Omniscient).expect("a record");
    let replay = AnyGame::replay(&parsed(&text)).expect("it replays");
    assert_eq!(replay.actions, actions);
    assert_eq!(replay.end, game);
}

#[test]
fn mutou_secrets_stay_out_of_a_record_until_the_reveal() {
    let start = AnyGame::new(GameId::MuTou, "", Some(3)).expect("a game");
    let (mut game, mut log, mut actions) = (start.clone(), Log::default(), Vec::new());
    let mut rng = SmallRng::seed_from_u64(5);
    // Seats 0 and 1 set out completely, seat 2 a little.
    while game.actor() != Actor::Seat(Seat(2)) {
        let action = game.random_action(&mut rng).expect("a put");
        log.play(&mut game, actions.len(), &action);
        actions.push(action);
    }
    let first_of_seat_1 = log
        .entries
        .iter()
        .position(|e| e.entry.seat == Some(1))
        .expect("seat 1 set out");
    for _ in 0..3 {
        let action = game.random_action(&mut rng).expect("a put");
        log.play(&mut game, actions.len(), &action);
        actions.push(action);
    }
    assert!(game.secrets_pending());
    assert!(
        log.entries.iter().all(|e| e.entry.hidden),
        "every put is secret"
    );
    let stored = stored(&start);
    let text = export(&stored, &log.entries, &names(3), Viewer::Spectator).expect("a record");
    let record = parsed(&text);
    assert!(record.actions.is_empty(), "a spectator sees no put: {text}");
    assert!(record.header(REDACTED).is_some());
    assert_eq!(record.header("Result"), Some("*"));
    let hashes = record.header("Hashes").expect("hashes");
    assert_eq!(
        hashes.split_whitespace().count(),
        3,
        "the start's only: {hashes}"
    );
    for action in &actions {
        assert!(
            !text.contains(&format!(" {action}")),
            "`{action}` leaks: {text}"
        );
    }
    // Seat 0 sees its own set-out and nothing of seat 1's.
    let text = export(&stored, &log.entries, &names(3), Viewer::Seat(Seat(0))).expect("a record");
    let mine: Vec<String> = parsed(&text).actions.into_iter().map(|(a, _)| a).collect();
    assert_eq!(mine, actions[..first_of_seat_1]);
    assert!(
        AnyGame::replay(&parsed(&text)).is_ok(),
        "a cut record still replays"
    );
    // A seat the game does not have is a spectator.
    let text = export(&stored, &log.entries, &[], Viewer::Seat(Seat(7))).expect("a record");
    assert!(parsed(&text).actions.is_empty());
    // Everything for the omniscient viewer.
    let text = export(&stored, &log.entries, &[], Viewer::Omniscient).expect("a record");
    assert_eq!(
        AnyGame::replay(&parsed(&text)).expect("replays").actions,
        actions
    );
    // After the reveal, everyone gets it all.
    while game.secrets_pending() {
        let action = game.random_action(&mut rng).expect("a put");
        log.play(&mut game, actions.len(), &action);
        actions.push(action);
    }
    play_random(&mut game, &mut log, &mut actions, 5);
    let text = export(&stored, &log.entries, &names(3), Viewer::Spectator).expect("a record");
    let record = parsed(&text);
    assert_eq!(record.header(REDACTED), None);
    assert_eq!(AnyGame::replay(&record).expect("replays").end, game);
}

#[test]
fn a_resigned_game_round_trips_through_its_record() {
    let start = AnyGame::new(GameId::MurusGallicus, "", None).expect("a game");
    let (mut game, mut log, mut actions) = (start.clone(), Log::default(), Vec::new());
    play_random(&mut game, &mut log, &mut actions, 21);
    let ending = Some(Ending::Forfeit {
        seat: Seat(1),
        how: Departure::Resigned,
    });
    log.push(note(
        &game,
        LogKind::End,
        21,
        Some(Seat(1)),
        data(&EndData { ending }),
    ));
    let text =
        export(&stored(&start), &log.entries, &names(2), Viewer::Spectator).expect("a record");
    let record = parsed(&text);
    assert_eq!(record.header("Ending"), Some("resigned 2"));
    assert_eq!(record.header("Result"), Some("1-0"));
    let imported = import(&text, NOW).expect("a finished game");
    assert_eq!(imported.game, "murus-gallicus");
    assert_eq!((imported.seats, imported.ply), (2, 21));
    assert_eq!(imported.names, vec![Some("Ann".into()), Some("Bob".into())]);
    assert_eq!(
        imported.end.termination,
        muster_store::Termination::Resignation
    );
    assert_eq!(imported.end.result, "1-0");
    let ranks: Vec<i64> = imported.end.seats.iter().map(|s| s.rank).collect();
    assert_eq!(ranks, vec![0, 1]);
    // The imported log is the stored one: the same decisions, then the end.
    let same = |e: &LogEntry| {
        (
            e.kind,
            e.ply,
            e.seat,
            e.action.clone(),
            e.hidden,
            e.hash,
            e.data_json.clone(),
        )
    };
    let stored: Vec<_> = log.entries.iter().map(|s| same(&s.entry)).collect();
    let back: Vec<_> = imported.entries.iter().map(same).collect();
    assert_eq!(back, stored);
    // And it folds as the server's own log does.
    let folded = muster_server::history::fold(
        &imported
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| StoredEntry {
                v: i as i64 + 1,
                entry: e.clone(),
            })
            .collect::<Vec<_>>(),
    )
    .expect("it folds");
    assert_eq!(folded.actions(), actions);
    assert_eq!(folded.endings.ending, ending);
}

#[test]
fn a_retired_seat_round_trips_and_ranks_last() {
    let start = AnyGame::new(GameId::Mu, "", Some(3)).expect("a game");
    let (mut game, mut log, mut actions) = (start.clone(), Log::default(), Vec::new());
    play_random(&mut game, &mut log, &mut actions, 12);
    assert_eq!(actions.len(), 12, "the game goes on");
    let retirement = Retirement {
        seat: Seat(2),
        after: 12,
        how: Departure::Abandoned,
    };
    log.push(note(
        &game,
        LogKind::Retire,
        12,
        Some(Seat(2)),
        data(&RetireData {
            retirement,
            level: 3,
        }),
    ));
    play_random(&mut game, &mut log, &mut actions, 6);
    let n = actions.len();
    let ending = Some(Ending::Forfeit {
        seat: Seat(0),
        how: Departure::Timeout,
    });
    log.push(note(
        &game,
        LogKind::End,
        n,
        Some(Seat(0)),
        data(&EndData { ending }),
    ));
    let text =
        export(&stored(&start), &log.entries, &names(3), Viewer::Spectator).expect("a record");
    assert_eq!(parsed(&text).header("Retired"), Some("3@12 abandoned"));
    let imported = import(&text, NOW).expect("a finished game");
    let ranks: Vec<i64> = imported.end.seats.iter().map(|s| s.rank).collect();
    assert_eq!(ranks, vec![1, 0, 2], "seat 2 wins; seat 3 left first");
    assert_eq!(
        imported.end.termination,
        muster_store::Termination::TimeForfeit
    );
    let kinds: Vec<LogKind> = imported.entries.iter().map(|e| e.kind).collect();
    assert_eq!(kinds[12], LogKind::Retire);
    assert_eq!(kinds.len(), n + 2);
    let again = export(
        &stored(&start),
        &to_stored(&imported.entries),
        &names(3),
        Viewer::Spectator,
    )
    .expect("the imported log exports");
    assert_eq!(again, text);
}

fn to_stored(entries: &[LogEntry]) -> Vec<StoredEntry> {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| StoredEntry {
            v: i as i64 + 1,
            entry: e.clone(),
        })
        .collect()
}

/// A finished record to spoil.
fn finished_record() -> String {
    let start = AnyGame::new(GameId::MurusGallicus, "", None).expect("a game");
    let (mut game, mut log, mut actions) = (start.clone(), Log::default(), Vec::new());
    play_random(&mut game, &mut log, &mut actions, 6);
    let ending = Some(Ending::Agreed);
    log.push(entry(LogKind::End, 6, None, data(&EndData { ending })));
    export(&stored(&start), &log.entries, &names(2), Viewer::Omniscient).expect("a record")
}

#[test]
fn bad_records_are_refused_with_what_is_wrong() {
    let good = finished_record();
    assert_eq!(
        import(&good, NOW).expect("agreed").end.termination,
        muster_store::Termination::Agreement
    );
    let cases: Vec<(String, &str)> = vec![
        ("garbage".into(), "garbage"),
        (String::new(), "empty"),
        ("[Variant \"basic\"]\n\n1. d1-d3\n".into(), "no [Game"),
        ("[Game \"chess\"]\n".into(), "chess"),
        ("[Game \"mur\"\n".into(), "line 1"),
        (good[..good.len() / 3].to_owned(), "a header must look like"),
        (
            good.trim_end()[..good.trim_end().len() - 1].to_owned(),
            "action 6",
        ),
        (good.replace("[Result \"0-0\"]", "[Result \"1-0\"]"), "1-0"),
        (good.replace("\n1. ", "\n1. z9-z9 "), "z9-z9"),
    ];
    for (text, quoted) in cases {
        let error = import(&text, NOW).expect_err(&text);
        assert!(error.to_string().contains(quoted), "`{text}`: {error}");
    }
    let huge = "x".repeat(5 << 20);
    assert!(matches!(
        import(&huge, NOW),
        Err(RecordsError::TooLong { .. })
    ));
}

#[test]
fn an_illegal_action_is_named() {
    let good = finished_record();
    let record = parsed(&good);
    let first = &record.actions[0].0;
    // Playing the first action twice is illegal where the second stands.
    let doubled = good.replacen(&format!("1. {first}"), &format!("1. {first} {first}"), 1);
    let error = import(&doubled, NOW).expect_err("illegal");
    assert!(error.to_string().contains("action 2"), "{error}");
}

#[test]
fn unfinished_and_redacted_records_are_not_imported() {
    let start = AnyGame::new(GameId::MuTou, "", Some(3)).expect("a game");
    let (mut game, mut log, mut actions) = (start.clone(), Log::default(), Vec::new());
    play_random(&mut game, &mut log, &mut actions, 4);
    let stored = stored(&start);
    let open = export(&stored, &log.entries, &[], Viewer::Omniscient).expect("a record");
    assert!(matches!(
        import(&open, NOW),
        Err(RecordsError::Unfinished { .. })
    ));
    let cut = export(&stored, &log.entries, &[], Viewer::Spectator).expect("a record");
    assert!(matches!(import(&cut, NOW), Err(RecordsError::Redacted(_))));
    let mut aborted = Log::default();
    aborted.push(entry(
        LogKind::End,
        0,
        None,
        data(&EndData {
            ending: Some(Ending::Aborted),
        }),
    ));
    let text = export(&stored, &aborted.entries, &[], Viewer::Omniscient).expect("a record");
    assert!(matches!(import(&text, NOW), Err(RecordsError::Aborted)));
}

#[test]
fn mangled_records_never_panic() {
    use rand::Rng;
    const PIECES: &[u8] = b"[]{};\"\n -x1";
    let good = finished_record().into_bytes();
    let mut rng = SmallRng::seed_from_u64(99);
    for _ in 0..300 {
        let mut bytes = good.clone();
        for _ in 0..rng.random_range(1..6) {
            let at = rng.random_range(0..bytes.len());
            match rng.random_range(0..3) {
                0 => bytes[at] = rng.random_range(b' '..=b'~'),
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, PIECES[rng.random_range(0..PIECES.len())]),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Err(error) = import(&text, NOW) {
            assert!(!error.to_string().is_empty());
        }
    }
}
