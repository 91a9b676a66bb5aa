//! Perft tables for Mur: the number of action sequences of each length.
//!
//! Sources of the numbers:
//! * 24 and 552 (depths 1–2 from the start, default rules) are the rules specification's (§1.11);
//!   depth 3 (14 088 = 24·23·22 placements + 1 944 alpha moves) was also counted by hand;
//! * depths 1–5 from the start under the default rules, `rules=g1` and `blocked_paths=on` were
//!   also reached by the independent reference model (`mur::reference`, written apart from this
//!   implementation from the same specification; `mur::cross`, depths 4–5 `#[ignore]`d);
//! * the middle-game table (`tests/data/mur-middle-games.txt`) is confirmed by the reference
//!   model too (depths 1–3 in the normal suite, 4–5 ignored);
//! * depths 6 and 7 come from this implementation alone: they guard against regressions.
//!
//! The first plies agree across most options because they need a position the option touches:
//! `blocked_paths` first differs at depth 5 (a pair passing over a piece), `rules=g1` and
//! `kraken_trap=single-colour` at depth 6; `kraken_self_trap=off` and `repeat_scope=whole_game`
//! not within 6 plies. The match and set lengths count like the game length until a game ends.
//!
//! Fast depths run in the normal suite; deep ones are `#[ignore]`d (`cargo test --release -p
//! muster-rules --test mur_perft -- --ignored`; depth 7 takes about two minutes).

mod common;

use common::assert_table;
use muster_rules::game::Game;
use muster_rules::mur::{Mur, MurVariant};
use muster_rules::variant::Variant;

/// The start of the variant named by `text` (a preset and overrides).
fn start(text: &str) -> Mur {
    Mur::new(&MurVariant::parse_text(text).unwrap(), 2).unwrap()
}

// Depth:               1    2      3        4          5            6              7
const DEFAULT: [u64; 7] = [
    24,
    552,
    14_088,
    346_056,
    9_200_928,
    236_217_392,
    6_454_662_400,
];
//                       spec spec hand
const G1: [u64; 6] = [24, 552, 14_088, 346_056, 9_200_928, 236_217_536];
const BLOCKED_PATHS: [u64; 6] = [24, 552, 14_088, 346_056, 9_090_896, 230_331_640];
const SINGLE_COLOUR: [u64; 6] = [24, 552, 14_088, 346_056, 9_200_928, 236_222_576];

#[test]
fn perft_from_the_start() {
    assert_table(&start("game"), &DEFAULT, 1, 5);
}

#[test]
fn the_match_and_the_set_count_like_a_single_game_at_first() {
    assert_table(&start("match"), &DEFAULT, 1, 4);
    assert_table(&start("set"), &DEFAULT, 1, 4);
    assert_table(&start("game kraken_self_trap=off"), &DEFAULT, 1, 4);
    assert_table(&start("game repeat_scope=whole_game"), &DEFAULT, 1, 4);
    assert_table(&start("game edition=classic"), &DEFAULT, 1, 4);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn perft_from_the_start_deep() {
    assert_table(&start("game"), &DEFAULT, 6, 6);
    assert_table(&start("game kraken_self_trap=off"), &DEFAULT, 5, 6);
    assert_table(&start("game repeat_scope=whole_game"), &DEFAULT, 5, 6);
}

#[test]
#[ignore = "very deep: about two minutes in release"]
fn perft_from_the_start_depth_seven() {
    assert_table(&start("game"), &DEFAULT, 7, 7);
}

#[test]
fn perft_under_the_options_that_change_the_first_plies() {
    assert_table(&start("game rules=g1"), &G1, 1, 5);
    assert_table(&start("game blocked_paths=on"), &BLOCKED_PATHS, 1, 5);
    assert_table(
        &start("game kraken_trap=single-colour"),
        &SINGLE_COLOUR,
        1,
        5,
    );
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn perft_under_the_options_that_change_the_first_plies_deep() {
    assert_table(&start("game rules=g1"), &G1, 6, 6);
    assert_table(&start("game blocked_paths=on"), &BLOCKED_PATHS, 6, 6);
    assert_table(
        &start("game kraken_trap=single-colour"),
        &SINGLE_COLOUR,
        6,
        6,
    );
}

/// Positions from seeded random games at game length, default rules, with the repeat history
/// they carry, and their counts for depths 1–5 (`tests/data/mur-middle-games.txt`, shared with
/// the cross-check against the reference model).
const MIDDLE_GAMES: &str = include_str!("data/mur-middle-games.txt");

/// The (position, counts) lines of the data file.
fn middle_games() -> Vec<(&'static str, Vec<u64>)> {
    MIDDLE_GAMES
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (text, counts) = line.split_once(" ; ").expect("position ; counts");
            let counts = counts
                .split(' ')
                .map(|n| n.parse().expect("a count"))
                .collect();
            (text, counts)
        })
        .collect()
}

fn middle_game(text: &str) -> Mur {
    Mur::from_position(&MurVariant::parse_text("game").unwrap(), text).unwrap()
}

#[test]
fn middle_game_perft() {
    let games = middle_games();
    assert_eq!(games.len(), 7, "the data file holds seven positions");
    for (text, counts) in games {
        assert_table(&middle_game(text), &counts, 1, 4);
    }
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn middle_game_perft_deep() {
    for (text, counts) in middle_games() {
        assert_table(&middle_game(text), &counts, 5, 5);
    }
}
