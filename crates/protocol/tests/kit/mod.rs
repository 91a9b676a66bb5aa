//! The protocol crate's test kit: what several test binaries need to run an engine session in
//! memory.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// A writer the test can read after the session.
#[derive(Clone, Default)]
pub struct Shared(pub Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .expect("not poisoned")
            .extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
