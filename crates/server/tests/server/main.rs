//! The server's suite, one binary: one module per concern, all over the kit (`kit/`: the one
//! way to start a server in process on 127.0.0.1 over a temporary SQLite file, its HTTP and
//! WebSocket clients, players, and the one wait with a time limit). Memory is measured apart,
//! alone in its own binary (`tests/memory.rs`).
//!
//! The tests run at once on threads of one process: each starts its own server on its own
//! port and its own SQLite file, and none sets anything process-wide (no environment variable,
//! no working directory, no global subscriber).

mod kit;

mod accounts;
mod api;
mod assets;
mod bots;
mod challenge_ids;
mod clock;
mod commit;
mod controls;
mod extras;
mod frames;
mod fuzz_inputs;
mod hidden;
mod http;
mod inbox;
mod loading;
mod lobby;
mod me;
mod play;
mod ratings;
mod records;
mod replay;
mod resync;
mod rules_pages;
mod security;
mod test_hooks;
