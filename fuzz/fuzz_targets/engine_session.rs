//! Whole `muster engine` sessions: any bytes as the controller's side of the protocol
//! (docs/engine-protocol.md). Every line must be answered without a panic and the session must
//! end at the end of the input, a running search included. Inputs that set `hash` or `threads`
//! are skipped: a 4 GiB table or 256 threads are allowed values, not bugs, and would only
//! exhaust the fuzzer's memory.
#![no_main]

use std::io::{self, Cursor};

use libfuzzer_sys::fuzz_target;
use muster_protocol::engine::{run_with, Settings};

fuzz_target!(|data: &[u8]| {
    let asks = |word: &[u8]| data.windows(word.len()).any(|w| w == word);
    if asks(b"hash") || asks(b"threads") {
        return;
    }
    let settings = Settings {
        level: 1,
        hash: 1,
        ..Settings::default()
    };
    run_with(settings, Cursor::new(data.to_vec()), io::sink()).expect("a sink never fails");
});
