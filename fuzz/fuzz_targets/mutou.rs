//! MuTou: a variant, a position text and action texts, read as from outside (see
//! `muster_rules::conformance::outside::game_texts`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use muster_rules::conformance::outside;
use muster_rules::GameId;

fuzz_target!(|data: &[u8]| {
    if let Err(problem) = outside::game_texts(GameId::MuTou, data) {
        panic!("{problem}");
    }
});
