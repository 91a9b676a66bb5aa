//! Perft tables for Murus Gallicus: the number of action sequences of each length.
//!
//! Sources of the numbers:
//! * basic 20, 400, 6 960 and advanced 32, 1 024 are the rules specification's (§2.6);
//! * every count marked `ref` was also reached by the independent reference model in the unit
//!   tests (`murus_gallicus::tests::cross`, plain arrays, no bitboards);
//! * the deepest counts come from the bitboard generator alone (`fast` in the tables).
//!
//! Fast depths run in the normal suite; deep ones are `#[ignore]`d (`cargo test --release -p
//! muster-rules --test murus_gallicus_perft -- --ignored`).

mod common;

use common::assert_table;
use muster_rules::game::Game;
use muster_rules::murus_gallicus::{MurusGallicus, MurusVariant};
use muster_rules::variant::Variant;

/// The start of the variant named by `text` (a preset and overrides).
fn start(text: &str) -> MurusGallicus {
    MurusGallicus::new(&MurusVariant::parse_text(text).unwrap(), 2).unwrap()
}

/// A position of the variant named by `variant`.
fn position(variant: &str, text: &str) -> MurusGallicus {
    MurusGallicus::from_position(&MurusVariant::parse_text(variant).unwrap(), text).unwrap()
}

// Depth:            1    2       3          4           5            6            7
const BASIC: [u64; 7] = [20, 400, 6_960, 121_104, 1_953_664, 31_422_048, 491_941_968];
//                     spec spec spec    ref      ref         fast         fast
const ADVANCED: [u64; 6] = [32, 1_024, 28_416, 788_544, 19_680_896, 490_945_852];
//                        spec spec    ref     ref      ref         fast
const BASIC_8X8: [u64; 7] = [20, 400, 6_960, 121_104, 1_961_328, 31_761_512, 505_035_736];
//                          ref  ref  ref    ref      ref        fast        fast
const ADVANCED_8X8: [u64; 6] = [32, 1_024, 28_416, 788_544, 19_693_424, 491_800_928];
//                             ref  ref    ref     ref      ref         fast
const ABSTRACTPLAY: [u64; 5] = [224, 50_176, 1_404_928, 39_337_984, 975_195_648];
//                             ref  ref     ref        ref         fast
const BASIC_REDISTRIBUTION: [u64; 5] = [224, 50_176, 878_080, 15_366_400, 246_411_200];
//                                     ref  ref     ref      fast        fast

#[test]
fn basic_perft_from_the_start() {
    assert_table(&start("basic"), &BASIC, 1, 5);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn basic_perft_from_the_start_deep() {
    assert_table(&start("basic"), &BASIC, 6, 7);
}

#[test]
fn advanced_perft_from_the_start() {
    assert_table(&start("advanced"), &ADVANCED, 1, 4);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn advanced_perft_from_the_start_deep() {
    assert_table(&start("advanced"), &ADVANCED, 5, 6);
}

#[test]
fn algol5_advanced_and_escape_do_not_change_the_first_plies() {
    // No breakthrough is possible within six plies, so these variants count like advanced.
    assert_table(&start("algol5-advanced"), &ADVANCED, 1, 4);
    assert_table(&start("advanced escape=on"), &ADVANCED, 1, 4);
    assert_table(&start("basic escape=on"), &BASIC, 1, 4);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn algol5_advanced_and_escape_do_not_change_the_first_plies_deep() {
    assert_table(&start("algol5-advanced"), &ADVANCED, 5, 6);
    assert_table(&start("advanced escape=on"), &ADVANCED, 5, 6);
    assert_table(&start("basic escape=on"), &BASIC, 5, 7);
}

#[test]
fn basic_8x8_perft_from_the_start() {
    assert_table(&start("basic-8x8"), &BASIC_8X8, 1, 5);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn basic_8x8_perft_from_the_start_deep() {
    assert_table(&start("basic-8x8"), &BASIC_8X8, 6, 7);
}

#[test]
fn advanced_8x8_perft_from_the_start() {
    assert_table(&start("advanced board=8x8"), &ADVANCED_8X8, 1, 4);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn advanced_8x8_perft_from_the_start_deep() {
    assert_table(&start("advanced board=8x8"), &ADVANCED_8X8, 5, 6);
}

#[test]
fn abstractplay_perft_from_the_start() {
    // 224 = 8 home towers × 28 unordered pairs of second-row cells (AbstractPlay lists 448
    // ordered strings for the same 224 moves).
    assert_table(&start("abstractplay"), &ABSTRACTPLAY, 1, 3);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn abstractplay_perft_from_the_start_deep() {
    assert_table(&start("abstractplay"), &ABSTRACTPLAY, 4, 5);
}

#[test]
fn basic_with_redistribution_perft_from_the_start() {
    assert_table(
        &start("basic opening=redistribution"),
        &BASIC_REDISTRIBUTION,
        1,
        3,
    );
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn basic_with_redistribution_perft_from_the_start_deep() {
    assert_table(
        &start("basic opening=redistribution"),
        &BASIC_REDISTRIBUTION,
        4,
        5,
    );
}

/// Middle games with sacrifices, catapults and breakthroughs within reach: (variant, position,
/// counts). Depths 1–5 agree with the reference model; depth 6 is the fast generator's.
const MIDDLE_GAMES: [(&str, &str, [u64; 6]); 5] = [
    (
        "basic",
        "1ww1tww1/wtw5/w2Twww1/2wWW2w/4TW2/1WT1WWT1/5T2 L 22",
        [24, 161, 3_101, 19_299, 317_004, 2_013_988],
    ),
    (
        "advanced",
        "wwww2t1/w2ww1w1/2ww1wT1/1ww1WT2/5TW1/1W3T2/3T3T L 26",
        [31, 65, 1_674, 85, 2_020, 6_954],
    ),
    (
        "advanced",
        "t1c2w1t/1W1c4/2T1w3/3C4/1t2W1T1/C2ww3/T2T3T L 30",
        [33, 819, 21_946, 412_953, 9_839_986, 155_669_450],
    ),
    (
        "algol5-advanced",
        "t1c2w1t/1W1c4/2T1w3/3C4/1t2W1T1/C2ww3/T2T3T L 30",
        [33, 767, 21_024, 388_801, 9_410_075, 147_041_422],
    ),
    (
        "advanced",
        "t2t3t/c2WW3/1T2t1c1/3c4/2W1t3/4w3/2C1T2T D 31",
        [38, 706, 22_323, 327_354, 9_703_831, 119_345_115],
    ),
];

#[test]
fn middle_game_perft() {
    for (variant, text, counts) in MIDDLE_GAMES {
        assert_table(&position(variant, text), &counts, 1, 4);
    }
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn middle_game_perft_deep() {
    for (variant, text, counts) in MIDDLE_GAMES {
        assert_table(&position(variant, text), &counts, 5, 6);
    }
}
