//! Records through `AnyGame`: export, import, and the errors a reader of records meets.

use muster_rules::record::{Departure, Ending, Endings, Record, Retirement};
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
