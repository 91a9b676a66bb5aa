//! `POST /api/challenges` bodies: read by the server's extractor, then the rules' part of the
//! lobby's check (see `muster_fuzz::bodies::challenge_body`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use muster_fuzz::bodies;

fuzz_target!(|data: &[u8]| {
    if let Err(problem) = bodies::challenge_body(data) {
        panic!("{problem}");
    }
});
