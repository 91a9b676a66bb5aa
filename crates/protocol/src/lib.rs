//! muster-protocol: the muster engine protocol (docs/engine-protocol.md).
//!
//! - [`engine`]: the engine side, what `muster engine` runs: commands read from a line stream,
//!   muster's AI and rules behind them, answers written back.
//! - [`controller`]: the controller side: an outside engine started as a child process and
//!   played through the protocol, with time limits, a log of the session and of its standard
//!   error, and every failure (late, illegal, crashed) named.
//! - [`lines`]: reading lines of bounded length, shared by both sides.

pub mod controller;
pub mod engine;
pub mod lines;

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest line either side reads, in bytes (without its `\n`).
pub const MAX_LINE: usize = 256 * 1024;
