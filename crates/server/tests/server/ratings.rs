//! Ratings after rated games (docs/server-design.md §2.5 "End").

use muster_server::ratings::{pool, rate, Rating, RatingError};
use muster_store::ClockKind;

fn change(before: &Rating, after: &Rating) -> f64 {
    after.rating - before.rating
}

#[test]
fn pools_are_a_game_a_seat_count_and_a_speed() {
    assert_eq!(
        pool("murus-gallicus", 2, ClockKind::Live),
        "murus-gallicus:2:live"
    );
    assert_eq!(pool("mu", 3, ClockKind::Corr), "mu:3:corr");
    assert_eq!(
        pool("mu", 3, ClockKind::None),
        "mu:3:corr",
        "untimed rates as corr"
    );
}

#[test]
fn a_new_player_is_provisional() {
    let new = Rating::initial();
    assert_eq!(
        (new.rating, new.rd, new.vol, new.games),
        (1500.0, 350.0, 0.06, 0)
    );
    assert!(new.provisional());
}

#[test]
fn a_win_raises_the_winner_and_lowers_the_loser_alike() {
    let before = [Rating::initial(); 2];
    let after = rate(&before, &[0, 1]).expect("two seats");
    let (up, down) = (change(&before[0], &after[0]), change(&before[1], &after[1]));
    assert!(up > 100.0, "{up}");
    assert!((up + down).abs() < 1.0, "{up} {down}");
    assert!(after.iter().all(|r| r.games == 1));
    // The other way round.
    let after = rate(&before, &[1, 0]).expect("two seats");
    assert!(after[1].rating > after[0].rating);
}

#[test]
fn a_draw_at_equal_ratings_changes_little() {
    let mut seasoned = Rating::initial();
    seasoned.rd = 80.0;
    let after = rate(&[seasoned; 2], &[0, 0]).expect("two seats");
    for r in &after {
        assert!(change(&seasoned, r).abs() < 0.5, "{r:?}");
    }
}

#[test]
fn beating_a_stronger_player_gains_more() {
    let weak = Rating {
        rating: 1400.0,
        rd: 80.0,
        vol: 0.06,
        games: 30,
    };
    let strong = Rating {
        rating: 1700.0,
        ..weak
    };
    let upset = rate(&[weak, strong], &[0, 1]).expect("two seats");
    let expected = rate(&[weak, strong], &[1, 0]).expect("two seats");
    assert!(change(&weak, &upset[0]) > change(&strong, &expected[1]));
}

#[test]
fn a_four_seat_result_orders_the_changes_by_rank() {
    let before = [Rating::initial(); 4];
    let after = rate(&before, &[2, 0, 3, 1]).expect("four seats");
    let by_rank = [1, 3, 0, 2];
    for pair in by_rank.windows(2) {
        assert!(after[pair[0]].rating > after[pair[1]].rating, "{:?}", after);
    }
    assert!(change(&before[1], &after[1]) > 0.0);
    assert!(change(&before[2], &after[2]) < 0.0);
    // The changes about balance out.
    let total: f64 = before.iter().zip(&after).map(|(b, a)| change(b, a)).sum();
    assert!(total.abs() < 1.0, "{total}");
}

#[test]
fn tied_seats_move_together() {
    let before = [Rating::initial(); 3];
    let after = rate(&before, &[0, 0, 2]).expect("three seats");
    assert!((after[0].rating - after[1].rating).abs() < 1e-9);
    assert!(after[2].rating < after[0].rating);
}

#[test]
fn a_retired_seat_comes_last_by_rank() {
    // Seat 3 retired: its rank is below every seat still playing.
    let before = [Rating::initial(); 3];
    let after = rate(&before, &[0, 1, 2]).expect("three seats");
    assert!(after[2].rating < before[2].rating);
}

#[test]
fn the_deviation_shrinks_with_games() {
    for seats in [2, 4] {
        let mut ratings = vec![Rating::initial(); seats];
        let mut rd = ratings[0].rd;
        for game in 0..5 {
            // Everyone takes turns winning.
            let ranks: Vec<u8> = (0..seats).map(|s| ((s + game) % seats) as u8).collect();
            ratings = rate(&ratings, &ranks).expect("a result");
            assert!(ratings[0].rd < rd, "{seats} seats, game {game}");
            rd = ratings[0].rd;
        }
    }
}

#[test]
fn provisional_turns_off_after_enough_games() {
    for seats in [2, 3] {
        let mut ratings = vec![Rating::initial(); seats];
        let mut games = 0;
        while ratings[0].provisional() {
            let ranks: Vec<u8> = (0..seats).map(|s| ((s + games) % seats) as u8).collect();
            ratings = rate(&ratings, &ranks).expect("a result");
            games += 1;
            assert!(
                games < 60,
                "{seats} seats: still provisional: {:?}",
                ratings[0]
            );
        }
        assert!(
            games >= 5,
            "{seats} seats: settled after only {games} games"
        );
        assert_eq!(ratings[0].games as usize, games);
    }
}

#[test]
fn results_that_do_not_fit_are_refused() {
    let r = Rating::initial();
    assert_eq!(rate(&[r], &[0]), Err(RatingError::TooFewSeats(1)));
    assert_eq!(
        rate(&[r, r], &[0]),
        Err(RatingError::Mismatch {
            ratings: 2,
            ranks: 1
        })
    );
}
