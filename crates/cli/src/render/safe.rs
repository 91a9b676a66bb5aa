//! Text from outside (records, command-line input quoted in errors) made safe for a terminal.

use std::fmt::Write as _;

/// `text` with every control character written as an escape, so that nothing from outside can
/// move the cursor, clear the screen or change colours: `\x1b` for C0 controls and DEL (with
/// `\t`, `\n` and `\r` for tab, line feed and carriage return), `\u{9b}` for C1 controls, and
/// `\u{…}` for the invisible format characters that reorder or hide text (bidirectional
/// overrides and isolates, zero-width joiners and spaces, the byte-order mark). A backslash
/// stays as it is; ordinary letters, accents and symbols of every script are kept.
pub fn safe(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\0'..='\x1f' | '\x7f' => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            c if c.is_control() || is_hiding_format(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// Format characters that reorder or hide text on a terminal.
fn is_hiding_format(c: char) -> bool {
    matches!(
        c,
        '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{2069}' | '\u{feff}'
    )
}

#[cfg(test)]
mod tests {
    use super::safe;

    #[test]
    fn escape_sequences_and_controls_are_shown_escaped() {
        assert_eq!(safe("\x1b[2J"), "\\x1b[2J");
        assert_eq!(safe("a\u{9b}31mb"), "a\\u{9b}31mb");
        assert_eq!(
            safe("bell\x07 del\x7f nul\0"),
            "bell\\x07 del\\x7f nul\\x00"
        );
        assert_eq!(safe("two\nlines\r\tx"), "two\\nlines\\r\\tx");
        assert_eq!(safe("abc\u{202e}def"), "abc\\u{202e}def");
    }

    #[test]
    fn ordinary_text_of_any_script_is_kept() {
        for text in [
            "Ann",
            "Zoë Müller",
            "Łódź",
            "山田 太郎",
            "Ἀθῆναι",
            "d1-d3 {good}",
            "a\\b",
        ] {
            assert_eq!(safe(text), text);
        }
    }
}
