//! The properties the fuzz targets of the server's doors check, one module per door.
//!
//! Each module is plain Rust over the crates it checks (named by path, never through `crate::`),
//! so that the normal test suite compiles the same file into a replay test and runs it on every
//! checked-in fuzz input: `frames` in `crates/wire/tests/fuzz_inputs.rs`, `bodies` and
//! `imports` in `crates/server/tests/server/fuzz_inputs.rs`. The properties live here once.
//!
//! Each check takes the fuzzer's bytes and returns `Err` with a description when a property
//! fails; a panic anywhere below is a bug of its own.

pub mod bodies;
pub mod frames;
pub mod imports;
