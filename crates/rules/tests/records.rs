//! Records through `AnyGame`: export, import, and the errors a reader of records meets.

use muster_rules::record::{
    Departure, Divergence, Ending, Endings, PositionHashes, Record, Retirement,
};
use muster_rules::{AnyError, AnyGame, GameId, Seat};
use rand::rngs::SmallRng;
use rand::SeedableRng;

fn played(variant: &str, actions: &[&str]) -> (AnyGame, Vec<String>) {
    let start = AnyGame::new(GameId::MurusGallicus, variant, None).expect("a standard start");
    let mut game = start.clone();
    for action in actions {
        game.apply(action)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
    }
    (start, actions.iter().map(|a| a.to_string()).collect())
}

#[test]
fn an_exported_record_replays_to_the_same_position() {
    let (start, actions) = played("advanced", &["d1-d3", "e7-e5", "c1-c3", "d7-d5"]);
    let extra = [
        ("Light".to_owned(), "Ann".to_owned()),
        ("Dark".to_owned(), "Bo".to_owned()),
    ];
    let record = AnyGame::export(&start, &actions, &extra).expect("legal actions export");
    let text = record.to_text();
    assert!(text.contains("[Game \"murus-gallicus\"]"), "{text}");
    assert!(text.contains("[Variant \"advanced\"]"), "{text}");
    assert!(text.contains("[RulesVersion \"1\"]"), "{text}");
    assert!(text.contains("[Result \"*\"]"), "{text}");
    assert!(
        !text.contains("[Start"),
        "a standard start needs no Start header: {text}"
    );
    let replay = AnyGame::replay(&Record::parse(&text).expect("own text reads")).expect("replays");
    assert_eq!(replay.actions, actions);
    let mut expected = start.clone();
    for a in &actions {
        expected.apply(a).expect("legal");
    }
    assert_eq!(replay.end, expected);
}

#[test]
fn a_record_from_a_set_position_carries_its_start() {
    let start = AnyGame::from_position(GameId::MurusGallicus, "basic", "3t3t/8/2T5/8/8/8/7T L 10")
        .expect("T3 position");
    let record = AnyGame::export(&start, &["c5-c7".to_owned()], &[]).expect("exports");
    assert_eq!(record.header("Start"), Some("3t3t/8/2T5/8/8/8/7T L 10"));
    assert_eq!(record.header("Result"), Some("1-0"));
    let replay =
        AnyGame::replay(&Record::parse(&record.to_text()).expect("reads")).expect("replays");
    assert!(
        replay.end.outcome().is_some(),
        "the breakthrough ends the replayed game"
    );
}

#[test]
fn the_first_illegal_action_is_reported_by_number_and_line() {
    let text = "[Game \"murus-gallicus\"]\n[Variant \"basic\"]\n\n1. d1-d3\n2. e7-e5\n3. d3-d5\n4. e5-e4\n";
    let err = AnyGame::replay(&Record::parse(text).expect("syntax is fine")).expect_err("illegal");
    let message = err.to_string();
    assert!(
        message.starts_with("action 3 (line 6): illegal action `d3-d5`"),
        "{message}"
    );
}

#[test]
fn an_unreadable_action_is_reported_by_number() {
    let text = "[Game \"murus-gallicus\"]\n\nd1-d3 e7-e5 zz9\n";
    let err =
        AnyGame::replay(&Record::parse(text).expect("syntax is fine")).expect_err("unreadable");
    assert!(
        err.to_string()
            .starts_with("action 3 (line 3): cannot read `zz9`"),
        "{err}"
    );
}

#[test]
fn a_false_result_header_is_refused() {
    let text = "[Game \"murus-gallicus\"]\n[Result \"0-1\"]\n\nd1-d3\n";
    let err = AnyGame::replay(&Record::parse(text).expect("reads")).expect_err("wrong result");
    assert!(matches!(err, AnyError::Record(_)), "{err:?}");
    assert!(err.to_string().contains("is not over"), "{err}");
}

#[test]
fn records_of_another_rules_version_are_refused() {
    let text = "[Game \"murus-gallicus\"]\n[RulesVersion \"99\"]\n\nd1-d3\n";
    let err = AnyGame::replay(&Record::parse(text).expect("reads")).expect_err("future version");
    assert!(err.to_string().contains("rules version 99"), "{err}");
}

#[test]
fn a_record_without_a_game_header_is_refused() {
    let err = AnyGame::replay(&Record::parse("\nd1-d3\n").expect("reads")).expect_err("no game");
    assert!(err.to_string().contains("[Game"), "{err}");
}

#[test]
fn a_resigned_game_keeps_its_stated_result() {
    let text = "[Game \"murus-gallicus\"]\n[Result \"0-1\"]\n[Ending \"resigned 1\"]\n[Termination \"Light resigned\"]\n\nd1-d3\n";
    let replay = AnyGame::replay(&Record::parse(text).expect("reads")).expect("resignation stands");
    assert!(
        replay.end.outcome().is_none(),
        "the rules themselves did not end it"
    );
    let outcome = replay.outcome.expect("the resignation decides");
    assert_eq!(outcome.winners(), [Seat(1)]);
}

#[test]
fn termination_prose_is_never_read() {
    // Without an Ending header, a resignation in words does not excuse a result the rules did
    // not reach.
    let text =
        "[Game \"murus-gallicus\"]\n[Result \"0-1\"]\n[Termination \"Light resigned\"]\n\nd1-d3\n";
    let err = AnyGame::replay(&Record::parse(text).expect("reads")).expect_err("not over");
    assert!(err.to_string().contains("is not over"), "{err}");
}

#[test]
fn a_resignation_must_agree_with_the_stated_result() {
    let text = "[Game \"murus-gallicus\"]\n[Result \"1-0\"]\n[Ending \"resigned 1\"]\n\nd1-d3\n";
    let err = AnyGame::replay(&Record::parse(text).expect("reads")).expect_err("wrong winner");
    assert_eq!(
        err.to_string(),
        "the record says the result is `1-0`, but the replayed game ended 0-1 (seat 1 resigned)"
    );
}

#[test]
fn a_bad_ending_header_is_refused_quoting_it() {
    let text = "[Game \"murus-gallicus\"]\n[Ending \"gave up 1\"]\n\nd1-d3\n";
    let err = AnyGame::replay(&Record::parse(text).expect("reads")).expect_err("bad ending");
    assert!(
        err.to_string()
            .starts_with("header [Ending \"gave up 1\"]: `gave up 1` is not"),
        "{err}"
    );
}

#[test]
fn an_ending_after_the_rules_ended_the_game_is_refused() {
    let start = AnyGame::from_position(GameId::MurusGallicus, "basic", "3t3t/8/2T5/8/8/8/7T L 10")
        .expect("T3 position");
    let endings = Endings {
        ending: Some(Ending::Agreed),
        retired: Vec::new(),
    };
    let err = AnyGame::export_ended(&start, &["c5-c7".to_owned()], &endings, &[])
        .expect_err("the breakthrough already ended it");
    assert!(
        err.to_string().contains("cannot also end by `agreed`"),
        "{err}"
    );
}

/// A three-seat game of multi-player Mu, played by seeded random choices.
fn mu_game(seed: u64, actions: usize) -> (AnyGame, Vec<String>) {
    let start = AnyGame::new(GameId::Mu, "multi", Some(3)).expect("three seats");
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = start.clone();
    let mut played = Vec::new();
    while played.len() < actions {
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        game.apply(&action).expect("a legal action");
        played.push(action);
    }
    (start, played)
}

#[test]
fn a_seat_retires_from_three_seat_mu_and_the_others_play_on() {
    let (start, actions) = mu_game(3, 40);
    let endings = Endings {
        ending: Some(Ending::Agreed),
        retired: vec![Retirement {
            seat: Seat(1),
            after: 12,
            how: Departure::Resigned,
        }],
    };
    let record = AnyGame::export_ended(&start, &actions, &endings, &[]).expect("exports");
    let text = record.to_text();
    assert!(text.contains("[Ending \"agreed\"]"), "{text}");
    assert!(text.contains("[Retired \"2@12 resigned\"]"), "{text}");
    assert!(text.contains("[Result \"0-0-0\"]"), "{text}");
    let replay = AnyGame::replay(&Record::parse(&text).expect("reads")).expect("replays");
    assert_eq!(replay.endings, endings);
    let outcome = replay.outcome.expect("agreed");
    assert_eq!(
        outcome.ranks,
        [0, 2, 0],
        "the retired seat ranks below both seats still playing"
    );
}

#[test]
fn a_retirement_in_a_two_seat_game_is_refused() {
    let text = "[Game \"murus-gallicus\"]\n[Retired \"2@1 resigned\"]\n\nd1-d3\n";
    let err = AnyGame::replay(&Record::parse(text).expect("reads")).expect_err("two seats");
    assert!(
        err.to_string()
            .starts_with("header [Retired \"2@1 resigned\"]: a seat can retire only"),
        "{err}"
    );
}

#[test]
fn a_retirement_after_the_last_action_is_refused() {
    let (start, actions) = mu_game(4, 6);
    let mut record = AnyGame::export(&start, &actions, &[]).expect("exports");
    record.set_header("Retired", "3@7 timeout");
    let err = AnyGame::replay(&record).expect_err("past the end");
    assert_eq!(
        err.to_string(),
        "header [Retired \"3@7 timeout\"]: `3@7 timeout` retires after 7 actions, but the record has 6"
    );
}

#[test]
fn the_trusted_door_plays_what_apply_plays_and_refuses_cheaply() {
    let (start, actions) = mu_game(5, 30);
    let mut checked = start.clone();
    let mut trusted = start.clone();
    for action in &actions {
        checked.apply(action).expect("legal");
        trusted.apply_trusted(action).expect("reads");
        assert_eq!(trusted, checked, "after {action}");
    }
    // What parse refuses, the trusted door refuses, and the position stays.
    let before = trusted.clone();
    let err = trusted.apply_trusted("Z9-up-3").expect_err("unreadable");
    assert!(matches!(err, AnyError::Parse(_)), "{err:?}");
    assert_eq!(trusted, before);
    // Nothing is played once the rules have ended the game.
    let mut over =
        AnyGame::from_position(GameId::MurusGallicus, "basic", "3t3t/8/2T5/8/8/8/7T L 10")
            .expect("T3 position");
    over.apply_trusted("c5-c7").expect("the breakthrough");
    let err = over.apply_trusted("a8-a6").expect_err("over");
    assert!(err.to_string().contains("the game is over"), "{err}");
}

#[test]
fn a_trusted_replay_checks_the_headers_and_the_result_but_not_legality() {
    let (start, actions) = mu_game(6, 25);
    let record = AnyGame::export(&start, &actions, &[]).expect("exports");
    let trusted = AnyGame::replay_trusted(&record).expect("replays");
    let checked = AnyGame::replay(&record).expect("replays");
    assert_eq!(trusted.end, checked.end);
    assert_eq!(trusted.actions, checked.actions);
    let mut future = record.clone();
    future.set_header("RulesVersion", "99");
    assert!(
        AnyGame::replay_trusted(&future).is_err(),
        "a newer rules version"
    );
    let mut wrong = record.clone();
    wrong.set_header("Result", "1-0-0");
    assert!(
        AnyGame::replay_trusted(&wrong).is_err(),
        "a result the game did not reach"
    );
}

/// A record of a Murus Gallicus game with a hash after every action.
fn hashed_record(actions: &[&str]) -> Record {
    let (start, actions) = played("advanced", actions);
    let mut record = AnyGame::export(&start, &actions, &[]).expect("exports");
    AnyGame::position_hashes(&start, &actions, 1)
        .expect("legal actions")
        .write(&mut record);
    Record::parse(&record.to_text()).expect("reads back")
}

#[test]
fn a_record_with_stored_hashes_replays_leniently_without_divergence() {
    let record = hashed_record(&["d1-d3", "e7-e5", "c1-c3", "d7-d5"]);
    let lenient = AnyGame::replay_lenient(&record).expect("starts");
    assert_eq!(lenient.divergence, None);
    assert_eq!(lenient.hashes_checked, 5, "the start and four actions");
    assert_eq!(lenient.actions.len(), 4);
    assert_eq!(
        lenient.end.position_hash(),
        AnyGame::replay(&record).unwrap().end.position_hash()
    );
}

#[test]
fn lenient_replay_reports_the_first_position_whose_hash_differs() {
    let mut record = hashed_record(&["d1-d3", "e7-e5", "c1-c3", "d7-d5"]);
    let mut hashes = PositionHashes::parse(record.header("Hashes").unwrap()).unwrap();
    let stored = hashes.hashes[3];
    hashes.hashes[3] = 0x0123_4567_89ab_cdef;
    hashes.write(&mut record);
    // An older rules version is accepted by the lenient replay only.
    record.set_header("RulesVersion", "0");
    assert!(AnyGame::replay(&record).is_err());
    let lenient = AnyGame::replay_lenient(&record).expect("starts");
    assert_eq!(lenient.rules_version, 0);
    assert_eq!(
        lenient.divergence,
        Some(Divergence::Hash {
            number: 3,
            line: 10,
            action: "c1-c3".to_owned(),
            expected: 0x0123_4567_89ab_cdef,
            found: stored,
        })
    );
    assert_eq!(lenient.hashes_checked, 3);
    assert_eq!(lenient.actions, ["d1-d3", "e7-e5", "c1-c3"]);
    assert!(lenient
        .divergence
        .unwrap()
        .to_string()
        .starts_with("after action 3 `c1-c3` (line 10) the position hashes to"));
}

#[test]
fn lenient_replay_reports_an_action_that_no_longer_replays() {
    let text = "[Game \"murus-gallicus\"]\n[RulesVersion \"0\"]\n\n1. d1-d3\n2. e7-e5\n3. d3-d5\n";
    let lenient = AnyGame::replay_lenient(&Record::parse(text).unwrap()).expect("starts");
    match lenient.divergence {
        Some(Divergence::Illegal {
            number: 3, line: 6, ..
        }) => {}
        other => panic!("{other:?}"),
    }
    assert_eq!(lenient.actions, ["d1-d3", "e7-e5"]);
    let future = text.replace("\"0\"", "\"2\"");
    let err = AnyGame::replay_lenient(&Record::parse(&future).unwrap()).expect_err("newer");
    assert!(err.to_string().contains("rules version 2"), "{err}");
}

#[test]
fn stored_hashes_of_every_game_start_are_pinned() {
    // Records store these hashes; a change here breaks every stored record of the game and
    // must come with a new rules version.
    let starts = [
        (GameId::MurusGallicus, "basic", 2, 0x5247_c206_2f9e_e322_u64),
        (GameId::Mur, "match", 2, 0x3308_a7cf_3409_e9e6),
        (GameId::Mu, "levis", 2, 0x8a62_1c2f_1798_cf88),
        (GameId::MuTou, "friendly", 2, 0x449f_4d7c_5471_287b),
    ];
    let found: Vec<String> = starts
        .iter()
        .map(|&(id, variant, seats, _)| {
            let game = AnyGame::new(id, variant, Some(seats)).expect("a start");
            format!("{:#x}", game.position_hash())
        })
        .collect();
    let expected: Vec<String> = starts.iter().map(|s| format!("{:#x}", s.3)).collect();
    assert_eq!(found, expected);
}

proptest::proptest! {
    /// Any `Ending`, `Retired` or `Hashes` value is read or refused with an error quoting it,
    /// never a panic; what replays passes the record doors' checks.
    #[test]
    fn ending_retired_and_hashes_headers_never_panic(
        key in "(Ending|Retired|Hashes)",
        value in "[a-z0-9@ ,:]{0,40}",
        seats in 2usize..5,
    ) {
        let (start, actions) = if seats == 2 {
            played("basic", &["d1-d3", "e7-e5"])
        } else {
            let start = AnyGame::new(GameId::Mu, "multi", Some(seats)).expect("a start");
            (start, Vec::new())
        };
        let mut record = AnyGame::export(&start, &actions, &[]).expect("exports");
        record.set_header(&key, value.clone());
        record.set_header("Result", "*");
        if let Ok(replay) = AnyGame::replay(&record) {
            muster_rules::conformance::records::check_outside_record(&record, &replay)
                .map_err(proptest::test_runner::TestCaseError::fail)?;
        }
        let _ = AnyGame::replay_lenient(&record);
    }
}

#[test]
fn replay_and_trusted_replay_check_stored_hashes() {
    let mut record = hashed_record(&["d1-d3", "e7-e5", "c1-c3"]);
    assert!(AnyGame::replay(&record).is_ok());
    let mut hashes = PositionHashes::parse(record.header("Hashes").unwrap()).unwrap();
    hashes.hashes[2] ^= 0xff;
    hashes.write(&mut record);
    for replayed in [AnyGame::replay(&record), AnyGame::replay_trusted(&record)] {
        let err = replayed.expect_err("a stored hash differs");
        assert!(
            err.to_string()
                .starts_with("after 2 actions the position hashes to"),
            "{err}"
        );
    }
    record.set_header("Hashes", "every 1: 12345");
    let err = AnyGame::replay(&record).expect_err("a bad hash");
    assert!(
        err.to_string()
            .contains("`12345` is not a hash of 16 hexadecimal digits"),
        "{err}"
    );
}
