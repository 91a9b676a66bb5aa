//! The engine side of the protocol: what `muster engine` runs.
//!
//! (Being built: see docs/engine-protocol.md for the contract.)

use std::io::{self, BufRead, Write};

/// Serves the protocol: reads commands from `input` until `quit` or its end, writes answers to
/// `output`. Returns only when the session is over; errors are those of the streams.
pub fn run<R: BufRead + Send, W: Write + Send>(input: R, output: W) -> io::Result<()> {
    let _ = (input, output);
    unimplemented!("the engine side is being built")
}
