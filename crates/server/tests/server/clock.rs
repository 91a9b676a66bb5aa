//! The clock rules of docs/server-design.md §2.5, played out decision by decision.

use muster_rules::Seat;
use muster_server::clock::{ClockRule, Clocks, DecisionFacts, Flag, COURTESY_MS};
use muster_store::ClockKind;
use muster_wire::Millis;

const S0: Seat = Seat(0);
const S1: Seat = Seat(1);
const S2: Seat = Seat(2);
const MINUTE: i64 = 60_000;
const DAY: i64 = 86_400_000;

fn live(base_ms: i64, inc_ms: i64) -> ClockRule {
    ClockRule::Live { base_ms, inc_ms }
}

/// A seat's decision inside its own turn; `ends_turn` passes the turn to `next`.
fn own(seat: Seat, next: Seat, ends_turn: bool, started: bool) -> DecisionFacts {
    let after = if ends_turn { next } else { seat };
    DecisionFacts {
        decided_by: Some(seat),
        mover_before: Some(seat),
        mover_after: Some(after),
        actor_after: Some(after),
        all_humans_started: started,
    }
}

/// Two seats that have each decided once: seat 0 at 0, seat 1 at 1 s; seat 0's clock runs.
fn started_two(rule: ClockRule) -> Clocks {
    let mut clocks = Clocks::new(rule, 2);
    clocks
        .on_decision(rule, own(S0, S1, true, false), 0, 0)
        .expect("no clock runs yet");
    clocks
        .on_decision(rule, own(S1, S0, true, true), 1_000, 0)
        .expect("no clock ran yet");
    clocks
}

#[test]
fn the_increment_comes_once_per_turn_not_per_decision() {
    let rule = live(MINUTE, 2_000);
    let mut clocks = started_two(rule);
    assert_eq!(
        clocks.remaining_ms(S1),
        MINUTE,
        "no increment before the clocks ran"
    );
    // Seat 0's turn is three decisions (a Mu turn), a second each.
    clocks
        .on_decision(rule, own(S0, S1, false, true), 2_000, 0)
        .unwrap();
    clocks
        .on_decision(rule, own(S0, S1, false, true), 3_000, 0)
        .unwrap();
    assert_eq!(
        clocks.remaining_ms(S0),
        MINUTE - 2_000,
        "no increment mid-turn"
    );
    clocks
        .on_decision(rule, own(S0, S1, true, true), 4_000, 0)
        .unwrap();
    assert_eq!(clocks.remaining_ms(S0), MINUTE - 3_000 + 2_000);
    assert_eq!(clocks.running().map(|r| r.seat), Some(S1));
}

#[test]
fn the_increment_goes_to_the_mover_whoever_made_the_last_decision() {
    // A MuTou turn of seat 0 ends with seat 1 answering a call; seat 0's turn is what completes.
    let rule = live(MINUTE, 2_000);
    let mut clocks = started_two(rule);
    let call = DecisionFacts {
        decided_by: Some(S0),
        mover_before: Some(S0),
        mover_after: Some(S0),
        actor_after: Some(S1),
        all_humans_started: true,
    };
    clocks.on_decision(rule, call, 2_000, 0).unwrap();
    let answer = DecisionFacts {
        decided_by: Some(S1),
        mover_before: Some(S0),
        mover_after: Some(S1),
        actor_after: Some(S1),
        all_humans_started: true,
    };
    clocks.on_decision(rule, answer, 3_000, 0).unwrap();
    assert_eq!(clocks.remaining_ms(S0), MINUTE - 1_000 + 2_000);
    assert_eq!(
        clocks.remaining_ms(S1),
        MINUTE,
        "answered inside the courtesy"
    );
}

#[test]
fn a_decision_outside_ones_turn_gets_a_courtesy_first() {
    let rule = live(MINUTE, 0);
    let mut clocks = started_two(rule);
    let call = |decided_by, actor_after| DecisionFacts {
        decided_by: Some(decided_by),
        mover_before: Some(S0),
        mover_after: Some(S0),
        actor_after: Some(actor_after),
        all_humans_started: true,
    };
    clocks.on_decision(rule, call(S0, S1), 2_000, 0).unwrap();
    assert_eq!(clocks.deadline_ms(rule), Some(2_000 + COURTESY_MS + MINUTE));
    // Seat 1 answers within the courtesy: nothing is charged.
    clocks
        .on_decision(rule, call(S1, S0), 2_000 + 4_000, 0)
        .unwrap();
    assert_eq!(clocks.remaining_ms(S1), MINUTE);
    // Next time it takes 7 s: 2 s past the courtesy.
    clocks.on_decision(rule, call(S0, S1), 7_000, 0).unwrap();
    clocks.on_decision(rule, call(S1, S0), 14_000, 0).unwrap();
    assert_eq!(clocks.remaining_ms(S1), MINUTE - 2_000);
}

#[test]
fn downtime_is_credited_back() {
    let rule = live(MINUTE, 0);
    let mut clocks = started_two(rule);
    // Seat 0's clock runs from 1 s; the server goes down at 6 s and is back at 100 s.
    clocks.pause(6_000);
    assert_eq!(clocks.deadline_ms(rule), None, "no deadline while paused");
    assert_eq!(clocks.flagged(rule, 10 * MINUTE, 0), None);
    clocks.resume(100_000);
    assert_eq!(clocks.deadline_ms(rule), Some(1_000 + 94_000 + MINUTE));
    clocks
        .on_decision(rule, own(S0, S1, true, true), 101_000, 0)
        .unwrap();
    assert_eq!(
        clocks.remaining_ms(S0),
        MINUTE - 6_000,
        "5 s before, 1 s after"
    );
}

#[test]
fn a_paused_state_survives_the_store() {
    let rule = live(MINUTE, 0);
    let mut clocks = started_two(rule);
    clocks.pause(3_000);
    let mut back = Clocks::from_json(&clocks.to_json()).expect("its own JSON");
    assert_eq!(back, clocks);
    back.resume(50_000);
    assert_eq!(back.remaining_at(S0, 51_000), MINUTE - 3_000);
}

#[test]
fn a_late_move_flags() {
    let rule = live(10_000, 0);
    let mut clocks = started_two(rule);
    assert_eq!(clocks.deadline_ms(rule), Some(11_000));
    assert_eq!(clocks.flagged(rule, 11_400, 500), None, "inside the grace");
    assert_eq!(clocks.flagged(rule, 11_600, 500), Some(S0));
    let before = clocks.clone();
    assert_eq!(
        clocks.on_decision(rule, own(S0, S1, true, true), 11_600, 500),
        Err(Flag { seat: S0 })
    );
    assert_eq!(clocks, before, "a refused decision changes nothing");
    // Within the grace the move counts, and the seat is left with nothing.
    clocks
        .on_decision(rule, own(S0, S1, true, true), 11_400, 500)
        .expect("inside the grace");
    assert_eq!(clocks.remaining_ms(S0), 0);
}

#[test]
fn correspondence_resets_each_turn() {
    let rule = ClockRule::Corr { per_move_ms: DAY };
    let mut clocks = started_two(rule);
    assert_eq!(clocks.deadline_ms(rule), Some(1_000 + DAY));
    // Seat 0 uses most of its day over two decisions of one turn: the deadline stays.
    clocks
        .on_decision(rule, own(S0, S1, false, true), DAY / 2, 0)
        .unwrap();
    assert_eq!(clocks.deadline_ms(rule), Some(1_000 + DAY));
    clocks
        .on_decision(rule, own(S0, S1, true, true), DAY, 0)
        .unwrap();
    assert_eq!(
        clocks.deadline_ms(rule),
        Some(2 * DAY),
        "seat 1 gets a whole day"
    );
    clocks
        .on_decision(rule, own(S1, S0, true, true), DAY + 5, 0)
        .unwrap();
    assert_eq!(
        clocks.remaining_ms(S0),
        DAY,
        "no bank: a full day, not more"
    );
    assert_eq!(clocks.deadline_ms(rule), Some(2 * DAY + 5));
    assert_eq!(clocks.flagged(rule, 2 * DAY + 6, 0), Some(S0));
}

#[test]
fn clocks_wait_for_every_first_decision() {
    let rule = live(MINUTE, 1_000);
    let mut clocks = Clocks::new(rule, 3);
    clocks
        .on_decision(rule, own(S0, S1, true, false), 0, 0)
        .unwrap();
    clocks
        .on_decision(rule, own(S1, S2, true, false), 50_000, 0)
        .unwrap();
    assert!(!clocks.started());
    assert_eq!(clocks.running(), None);
    assert_eq!(clocks.deadline_ms(rule), None);
    assert_eq!(clocks.flagged(rule, 10 * MINUTE, 0), None);
    // Seat 2 takes long over its first decision: not charged either.
    clocks
        .on_decision(rule, own(S2, S0, true, true), 500_000, 0)
        .unwrap();
    assert!(clocks.started());
    for seat in [S0, S1, S2] {
        assert_eq!(clocks.remaining_ms(seat), MINUTE, "{seat}");
    }
    assert_eq!(clocks.deadline_ms(rule), Some(500_000 + MINUTE));
}

#[test]
fn chance_takes_no_time() {
    let rule = live(MINUTE, 0);
    let mut clocks = started_two(rule);
    // Seat 0 decides at 2 s; chance is to act (no clock runs); the server draws at 9 s.
    let to_chance = DecisionFacts {
        actor_after: None,
        ..own(S0, S1, false, true)
    };
    clocks.on_decision(rule, to_chance, 2_000, 0).unwrap();
    assert_eq!(clocks.running(), None);
    let draw = DecisionFacts {
        decided_by: None,
        ..own(S0, S1, false, true)
    };
    clocks.on_decision(rule, draw, 9_000, 0).unwrap();
    assert_eq!(clocks.remaining_ms(S0), MINUTE - 1_000);
    assert_eq!(clocks.deadline_ms(rule), Some(9_000 + MINUTE - 1_000));
}

#[test]
fn a_takeback_keeps_the_remaining_times() {
    let rule = live(MINUTE, 0);
    let mut clocks = started_two(rule);
    clocks
        .on_decision(rule, own(S0, S1, true, true), 11_000, 0)
        .unwrap();
    // Seat 1 thinks 4 s, then seat 0's last move is taken back.
    clocks.takeback(rule, Some(S0), Some(S0), 15_000);
    assert_eq!(
        clocks.remaining_ms(S0),
        MINUTE - 10_000,
        "nothing is given back"
    );
    assert_eq!(clocks.remaining_ms(S1), MINUTE - 4_000);
    assert_eq!(clocks.deadline_ms(rule), Some(15_000 + MINUTE - 10_000));
}

#[test]
fn the_wire_shows_the_time_left_now() {
    let rule = live(MINUTE, 0);
    let clocks = started_two(rule);
    let wire = clocks.to_wire(rule, 4_000).expect("a timed game");
    assert_eq!(wire.remaining_ms, vec![Millis(57_000), Millis(60_000)]);
    assert_eq!(wire.running, Some(S0));
    assert_eq!(wire.deadline_ms, Some(Millis(61_000)));
    assert_eq!(wire.server_ms, Millis(4_000));
    let mut over = clocks.clone();
    over.stop(5_000);
    let wire = over.to_wire(rule, 9_000).expect("a timed game");
    assert_eq!(wire.remaining_ms[0], Millis(56_000));
    assert_eq!((wire.running, wire.deadline_ms), (None, None));
}

#[test]
fn untimed_games_have_no_clock() {
    let rule = ClockRule::of(ClockKind::None, MINUTE, 0, DAY);
    assert_eq!(rule, ClockRule::None);
    let mut clocks = Clocks::new(rule, 2);
    clocks
        .on_decision(rule, own(S0, S1, true, true), 0, 0)
        .unwrap();
    assert_eq!(clocks.deadline_ms(rule), None);
    assert_eq!(clocks.to_wire(rule, 0), None);
}

#[test]
fn a_stored_state_that_does_not_read_is_refused() {
    for bad in [
        "",
        "{",
        "[1,2]",
        "{\"remaining_ms\":[1],\"started\":\"yes\"}",
    ] {
        let e = Clocks::from_json(bad).expect_err(bad);
        assert!(e.to_string().contains("unreadable clock state"), "{e}");
    }
    let e = Clocks::from_json(
        "{\"remaining_ms\":[1,2],\"started\":true,\"running\":{\"seat\":5,\"since_ms\":0}}",
    )
    .expect_err("seat 5 of 2");
    assert!(e.to_string().contains("running seat has no clock"), "{e}");
    assert!(Clocks::from_json("{\"remaining_ms\":[-1],\"started\":false}").is_err());
}

#[test]
fn the_grace_is_half_a_round_trip_over_half_a_second_at_most_one() {
    use muster_server::clock::flag_grace_ms;
    assert_eq!(flag_grace_ms(None), 500);
    assert_eq!(flag_grace_ms(Some(300)), 650);
    assert_eq!(flag_grace_ms(Some(5_000)), 1_000);
    assert_eq!(flag_grace_ms(Some(-40)), 500);
}
