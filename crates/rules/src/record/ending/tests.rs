//! Tests of the `Ending` and `Retired` headers and the outcome they give.

use super::super::Record;
use super::*;

fn header(key: &str, value: &str) -> Record {
    let mut record = Record::default();
    record.set_header(key, value);
    record
}

#[test]
fn every_ending_reads_back_from_its_text() {
    for ending in [
        Ending::Forfeit {
            seat: Seat(1),
            how: Departure::Resigned,
        },
        Ending::Forfeit {
            seat: Seat(0),
            how: Departure::Timeout,
        },
        Ending::Forfeit {
            seat: Seat(3),
            how: Departure::Abandoned,
        },
        Ending::Agreed,
        Ending::Aborted,
    ] {
        assert_eq!(parse_ending(&ending.to_string(), 4), Ok(ending));
    }
    assert_eq!(
        Ending::Forfeit {
            seat: Seat(1),
            how: Departure::Resigned
        }
        .to_string(),
        "resigned 2"
    );
}

#[test]
fn a_bad_ending_is_refused_quoting_the_bad_text() {
    let e = parse_ending("resigned two", 2).unwrap_err();
    assert_eq!(e.to_string(), "`two` is not a seat number");
    let e = parse_ending("resigned 3", 2).unwrap_err();
    assert_eq!(e.to_string(), "`3` is not a seat of this game (1 to 2)");
    let e = parse_ending("resigned 0", 2).unwrap_err();
    assert!(e.to_string().starts_with("`0` is not a seat"), "{e}");
    let e = parse_ending("Light resigned", 2).unwrap_err();
    assert!(e.to_string().starts_with("`Light resigned` is not"), "{e}");
}

#[test]
fn retirements_read_in_order_and_refuse_what_cannot_be() {
    let record = header(RETIRED, "3@57 resigned, 2@80 timeout");
    let endings = Endings::from_record(&record, 4).expect("two retirements");
    assert_eq!(
        endings.retired,
        [
            Retirement {
                seat: Seat(2),
                after: 57,
                how: Departure::Resigned
            },
            Retirement {
                seat: Seat(1),
                after: 80,
                how: Departure::Timeout
            },
        ]
    );
    let mut again = Record::default();
    endings.write(&mut again);
    assert_eq!(again.header(RETIRED), Some("3@57 resigned, 2@80 timeout"));

    let refused = |value: &str, seats: usize| {
        Endings::from_record(&header(RETIRED, value), seats)
            .unwrap_err()
            .1
            .to_string()
    };
    assert_eq!(
        refused("2@10 resigned", 2),
        "a seat can retire only from a game of three or more seats; this one has 2 (write an Ending instead)"
    );
    assert_eq!(
        refused("2@10 resigned, 2@12 timeout", 3),
        "seat 2 has already retired"
    );
    assert_eq!(
        refused("2@10 resigned, 3@5 timeout", 4),
        "`3@5 timeout` retires after fewer actions than the entry before it"
    );
    assert_eq!(
        refused("1@1 resigned, 2@2 resigned, 3@3 resigned", 3),
        "every seat would have retired"
    );
    assert_eq!(refused("2@x resigned", 3), "`x` is not a number of actions");
    assert_eq!(
        refused("2@4 quit", 3),
        "`quit` is not `resigned`, `timeout` or `abandoned`"
    );
    assert!(refused("2 resigned", 3).starts_with("`2 resigned` is not a retirement"));
}

#[test]
fn an_ending_cannot_name_a_seat_that_retired() {
    let mut record = header(RETIRED, "2@10 resigned");
    record.set_header(ENDING, "timeout 2");
    let e = Endings::from_record(&record, 3).unwrap_err();
    assert_eq!(e, (ENDING, EndingError::AlreadyRetired { seat: Seat(1) }));
}

#[test]
fn a_resignation_in_a_duel_is_a_win_for_the_other_seat() {
    let endings = Endings {
        ending: Some(Ending::Forfeit {
            seat: Seat(0),
            how: Departure::Resigned,
        }),
        retired: Vec::new(),
    };
    let o = endings.outcome(None, 2).expect("a result");
    assert_eq!(
        (o.scores.as_slice(), o.ranks.as_slice()),
        (&[0, 1][..], &[1, 0][..])
    );
    assert_eq!(o.reason, "seat 1 resigned");
    let named = endings
        .outcome_naming(None, 2, |seat| format!("Light ({})", seat.0 + 7))
        .expect("a result");
    assert_eq!(named.reason, "Light (7) resigned");
    assert_eq!((named.scores, named.ranks), (o.scores, o.ranks));
}

#[test]
fn retired_seats_rank_below_every_seat_still_playing_the_later_above_the_earlier() {
    // Four seats; the rules' territory count would put seat 1 (index 0) first, but it
    // retired first, then seat 3.
    let rules = Outcome::from_scores(vec![40, 12, 30, 5], "territory");
    let endings = Endings {
        ending: None,
        retired: vec![
            Retirement {
                seat: Seat(0),
                after: 20,
                how: Departure::Resigned,
            },
            Retirement {
                seat: Seat(2),
                after: 60,
                how: Departure::Abandoned,
            },
        ],
    };
    let o = endings.outcome(Some(rules), 4).expect("a result");
    assert_eq!(o.scores, [40, 12, 30, 5], "the rules' scores stand");
    assert_eq!(o.ranks, [3, 0, 2, 1]);
    assert_eq!(o.winners(), [Seat(1)]);
}

#[test]
fn an_agreed_draw_ties_the_seats_still_playing_above_the_retired() {
    let endings = Endings {
        ending: Some(Ending::Agreed),
        retired: vec![Retirement {
            seat: Seat(1),
            after: 9,
            how: Departure::Timeout,
        }],
    };
    let o = endings.outcome(None, 3).expect("a result");
    assert_eq!(o.ranks, [0, 2, 0]);
    assert_eq!(o.score_text(), "0-0-0");
    let aborted = Endings {
        ending: Some(Ending::Aborted),
        retired: Vec::new(),
    };
    assert_eq!(aborted.outcome(None, 2), None);
}

#[test]
fn nothing_outside_the_rules_after_the_rules_ended_the_game() {
    let rules = Outcome::win(2, Seat(0), "breakthrough at c7");
    let endings = Endings {
        ending: Some(Ending::Agreed),
        retired: Vec::new(),
    };
    let (key, e) = endings.check_against(Some(&rules), 9).unwrap_err();
    assert_eq!(key, ENDING);
    assert_eq!(
        e.to_string(),
        "the rules ended the game (breakthrough at c7); it cannot also end by `agreed`"
    );
    let late = Endings {
        ending: None,
        retired: vec![Retirement {
            seat: Seat(2),
            after: 12,
            how: Departure::Resigned,
        }],
    };
    let (key, e) = late.check_against(None, 10).unwrap_err();
    assert_eq!(key, RETIRED);
    assert_eq!(
        e.to_string(),
        "`3@12 resigned` retires after 12 actions, but the record has 10"
    );
}
