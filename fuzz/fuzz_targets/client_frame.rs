//! WebSocket frames from a browser: any bytes as one text frame through
//! `ClientMsg::decode` and its `nack` (see `muster_fuzz::frames::client_frame`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use muster_fuzz::frames;

fuzz_target!(|data: &[u8]| {
    if let Err(problem) = frames::client_frame(data) {
        panic!("{problem}");
    }
});
