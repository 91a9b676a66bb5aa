//! Variant texts of any game (see `muster_rules::conformance::outside::variant_text`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use muster_rules::conformance::outside;

fuzz_target!(|data: &[u8]| {
    if let Err(problem) = outside::variant_text(data) {
        panic!("{problem}");
    }
});
