//! Views (S23: while setting out, each seat sees only its own stacks) read back as positions
//! and played on, as the engine protocol's engines play on the view they are sent.

use rand::rngs::SmallRng;
use rand::SeedableRng;

use super::*;
use crate::game::{Game, NoEvents, Seat};
use crate::playout::{random_action, Buffers};

/// Plays random actions until `stop` holds (or the game ends).
fn play_until(g: &mut MuTou, rng: &mut SmallRng, stop: impl Fn(&MuTou) -> bool) {
    let mut buffers = Buffers::default();
    while !stop(g) {
        let Some(a) = random_action(g, rng, &mut buffers) else {
            return;
        };
        g.apply(a, &mut NoEvents).expect("a listed action is legal");
    }
}

fn shakken_of(g: &MuTou, seat: u8) -> u32 {
    (g.pieces().filter(|p| p.owner == seat))
        .map(|p| u32::from(p.shakken.total()))
        .sum()
}

#[test]
fn a_view_played_past_the_reveal_sets_out_what_it_hid_and_stays_valid() {
    let v = MuTouVariant::friendly();
    for (seats, seed) in [(2, 1), (2, 2), (3, 3), (4, 4)] {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut g = MuTou::new(&v, seats).unwrap();
        let last = (seats - 1) as u8;
        play_until(&mut g, &mut rng, |g| g.phase() == Phase::SetOut(last));
        play_until(&mut g, &mut rng, |g| g.seat_state(last).pool.total() < 4);
        let viewer = Seat(last);
        let view = g.view(Some(viewer));
        assert_eq!(
            view.seat_state(0).pool.total(),
            g.seat_state(0).pool.total() + shakken_of(&g, 0) as u8
        );
        let mut read = MuTou::from_position(&v, &view.position_text()).expect("a view reads back");
        assert_eq!(read, view);
        play_until(&mut read, &mut rng, |g| g.phase() == Phase::Play);
        assert_eq!(read.phase(), Phase::Play, "{seats} seats");
        read.validate()
            .unwrap_or_else(|f| panic!("{seats} seats: {f}"));
        for seat in 0..last {
            assert!(read.seat_state(seat).pool.is_empty());
            assert_eq!(
                shakken_of(&read, seat),
                shakken_of(&g, seat),
                "the hidden supply is on the board"
            );
        }
        crate::conformance::walk_from(read, seed, 40)
            .unwrap_or_else(|f| panic!("{seats} seats: {f}"));
    }
}

#[test]
fn a_game_played_from_its_start_reveals_exactly_what_was_set_out() {
    let v = MuTouVariant::friendly();
    let mut rng = SmallRng::seed_from_u64(9);
    let mut g = MuTou::new(&v, 3).unwrap();
    play_until(&mut g, &mut rng, |g| {
        g.phase() == Phase::SetOut(2) && g.seat_state(2).pool.total() == 1
    });
    let mut before: Vec<(surface::TesselId, String)> = (g.pieces())
        .map(|p| (p.at, p.shakken.to_string()))
        .collect();
    play_until(&mut g, &mut rng, |g| g.phase() == Phase::Play);
    let mut after: Vec<(surface::TesselId, String)> = (g.pieces())
        .map(|p| (p.at, p.shakken.to_string()))
        .collect();
    // The one shak the last seat put went onto one of its bases; nothing else moved.
    before.sort();
    after.sort();
    let changed = before.iter().zip(&after).filter(|(b, a)| b != a).count();
    assert_eq!(changed, 1);
}
