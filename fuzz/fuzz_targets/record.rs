//! Records of any game: parse, print, replay, export (see
//! `muster_rules::conformance::outside::record_text`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use muster_rules::conformance::outside;

fuzz_target!(|data: &[u8]| {
    if let Err(problem) = outside::record_text(data) {
        panic!("{problem}");
    }
});
