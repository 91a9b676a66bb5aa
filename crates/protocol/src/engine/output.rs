//! The one writer every answer goes through: each line written whole and flushed, whichever
//! thread (the loop, the search) writes it.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

/// The engine's standard output, shared.
#[derive(Clone)]
pub(crate) struct Output {
    inner: Arc<Mutex<Box<dyn Write + Send>>>,
    /// The first write error, kept so the loop can end with it.
    failed: Arc<Mutex<Option<io::Error>>>,
}

impl Output {
    pub(crate) fn new<W: Write + Send + 'static>(writer: W) -> Output {
        Output {
            inner: Arc::new(Mutex::new(Box::new(writer))),
            failed: Arc::new(Mutex::new(None)),
        }
    }

    /// Writes one line and flushes it.
    pub(crate) fn line(&self, line: &str) {
        self.lines(std::slice::from_ref(&line));
    }

    /// Writes lines together (no other thread's line comes between them) and flushes them.
    pub(crate) fn lines<S: AsRef<str>>(&self, lines: &[S]) {
        let mut out = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let mut result = Ok(());
        for line in lines {
            result = result.and_then(|()| {
                out.write_all(line.as_ref().as_bytes())?;
                out.write_all(b"\n")
            });
        }
        if let Err(e) = result.and_then(|()| out.flush()) {
            let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
            failed.get_or_insert(e);
        }
    }

    /// The first write error, if any.
    pub(crate) fn take_error(&self) -> Option<io::Error> {
        self.failed.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}
