//! Golden playthroughs: seeded games whose every action, event and final position are kept as
//! snapshots, so any change of behaviour shows as a diff in review.
//!
//! The choices come from a fixed SplitMix64 sequence indexing the generator's own order, so the
//! snapshots depend on nothing outside this repository.

use std::fmt::Write as _;

use muster_rules::{Actor, AnyGame, GameId};

/// SplitMix64: a tiny, fixed pseudo-random sequence.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Plays a seeded game and writes down everything that happened.
fn playthrough(id: GameId, variant: &str, seed: u64, max_actions: usize) -> String {
    let mut game = AnyGame::new(id, variant, None).expect("standard start");
    let mut rng = SplitMix(seed);
    let mut out = format!(
        "{id} [{}] seed {seed}\n{}\n",
        game.variant_text(),
        game.position_text()
    );
    for number in 1..=max_actions {
        let Actor::Seat(seat) = game.actor() else {
            break;
        };
        let legal = game.legal_actions();
        let action = legal[(rng.next() % legal.len() as u64) as usize].clone();
        let events = game.apply(&action).expect("a generated action is legal");
        let _ = writeln!(out, "{number}. {} {action}", game.seat_name(seat));
        for event in events {
            let _ = writeln!(out, "     {} [{}]", event.text, event.rule);
        }
    }
    let _ = writeln!(out, "\n{}\n{}", game.position_text(), game.diagram());
    match game.outcome() {
        Some(outcome) => {
            let _ = writeln!(out, "result: {outcome}");
        }
        None => out.push_str("result: unfinished\n"),
    }
    out
}

#[test]
fn murus_gallicus_basic_playthrough() {
    insta::assert_snapshot!(playthrough(GameId::MurusGallicus, "basic", 11, 400));
}

#[test]
fn murus_gallicus_advanced_playthrough() {
    insta::assert_snapshot!(playthrough(GameId::MurusGallicus, "advanced", 12, 400));
}

#[test]
fn murus_gallicus_abstractplay_playthrough() {
    insta::assert_snapshot!(playthrough(
        GameId::MurusGallicus,
        "abstractplay board=8x8",
        13,
        400
    ));
}

#[test]
fn mur_single_game_playthrough() {
    insta::assert_snapshot!(playthrough(GameId::Mur, "game", 21, 400));
}

#[test]
fn mur_set_playthrough_with_clean_ups_between_games() {
    insta::assert_snapshot!(playthrough(GameId::Mur, "set", 22, 400));
}
