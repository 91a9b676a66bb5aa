//! Reading protocol lines of bounded length from any byte stream.
//!
//! A peer may send anything: a line of a megabyte, bytes that are not UTF-8, no newline before
//! the end. [`LineReader`] never holds more than [`MAX_LINE`] bytes of one line, skips the rest
//! of a line that is too long, and says what was wrong, so that the caller can answer with an
//! error and read on.

use std::io::{self, BufRead};

use crate::MAX_LINE;

/// One line read, or why it could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its `\n` (and without a `\r` before it).
    Text(String),
    /// A line longer than the limit; its `len` bytes were read and dropped.
    TooLong {
        /// The line's length in bytes.
        len: usize,
    },
    /// A line that is not UTF-8 text: the first bad byte is at `at`.
    NotUtf8 {
        /// The offset of the first byte that is not part of UTF-8 text.
        at: usize,
    },
    /// The stream ended (a last line without a `\n` is returned as a line first).
    End,
}

/// Reads [`Line`]s from `inner`, keeping at most `limit` bytes of one line.
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    limit: usize,
}

impl<R: BufRead> LineReader<R> {
    /// A reader with the protocol's limit, [`MAX_LINE`].
    pub fn new(inner: R) -> LineReader<R> {
        LineReader::with_limit(inner, MAX_LINE)
    }

    /// A reader keeping at most `limit` bytes of a line.
    pub fn with_limit(inner: R, limit: usize) -> LineReader<R> {
        LineReader { inner, limit }
    }

    /// The next line. Errors are those of the underlying stream only.
    pub fn next_line(&mut self) -> io::Result<Line> {
        let mut kept: Vec<u8> = Vec::new();
        let mut len = 0usize;
        let mut ended = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            let (part, used, newline) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            if len + part.len() <= self.limit {
                kept.extend_from_slice(part);
            }
            len += part.len();
            self.inner.consume(used);
            if newline {
                ended = true;
                break;
            }
        }
        if !ended && len == 0 {
            return Ok(Line::End);
        }
        if len > self.limit {
            return Ok(Line::TooLong { len });
        }
        if kept.last() == Some(&b'\r') {
            kept.pop();
        }
        match String::from_utf8(kept) {
            Ok(text) => Ok(Line::Text(text)),
            Err(e) => Ok(Line::NotUtf8 {
                at: e.utf8_error().valid_up_to(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Line> {
        let mut reader = LineReader::with_limit(input, limit);
        let mut out = Vec::new();
        loop {
            let line = reader.next_line().expect("reading a slice cannot fail");
            let end = line == Line::End;
            out.push(line);
            if end {
                return out;
            }
        }
    }

    #[test]
    fn lines_are_split_at_newlines_and_lose_a_carriage_return() {
        assert_eq!(
            lines(b"muster\r\nisready\n\nlast", 100),
            vec![
                Line::Text("muster".into()),
                Line::Text("isready".into()),
                Line::Text(String::new()),
                Line::Text("last".into()),
                Line::End
            ]
        );
    }

    #[test]
    fn a_long_line_is_dropped_and_the_next_one_read() {
        let mut input = vec![b'x'; 1000];
        input.extend_from_slice(b"\nok\n");
        assert_eq!(
            lines(&input, 100),
            vec![
                Line::TooLong { len: 1000 },
                Line::Text("ok".into()),
                Line::End
            ]
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_named_by_offset() {
        assert_eq!(
            lines(b"go \xff\xfe\nstop\n", 100),
            vec![
                Line::NotUtf8 { at: 3 },
                Line::Text("stop".into()),
                Line::End
            ]
        );
    }
}
