//! `POST /api/games/import` bodies: record text imported, then exported and imported again (see
//! `muster_fuzz::imports::record_import`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use muster_fuzz::imports;

fuzz_target!(|data: &[u8]| {
    if let Err(problem) = imports::record_import(data) {
        panic!("{problem}");
    }
});
