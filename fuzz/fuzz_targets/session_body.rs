//! `POST /api/session` bodies (guest, login, register): read by the server's extractor, then
//! the name and password checks (see `muster_fuzz::bodies::session_body`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use muster_fuzz::bodies;

fuzz_target!(|data: &[u8]| {
    if let Err(problem) = bodies::session_body(data) {
        panic!("{problem}");
    }
});
