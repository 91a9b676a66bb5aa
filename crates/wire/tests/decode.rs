//! Frames from outside: every bad frame is refused with the right code and a bounded quote of
//! itself; nothing panics, whatever the text.

mod common;

use muster_wire::{ClientMsg, NackCode, WireError, MAX_FRAME, QUOTE_LEN};
use proptest::prelude::*;

fn code(text: &str) -> NackCode {
    match ClientMsg::decode(text) {
        Ok(msg) => panic!("`{text}` was read as {msg:?}"),
        Err(e) => e.code(),
    }
}

#[test]
fn bad_frames_get_the_right_code() {
    let cases: &[(&str, NackCode)] = &[
        ("", NackCode::Malformed),
        ("{", NackCode::Malformed),
        ("act d1-d3", NackCode::Malformed),
        ("[1,2]", NackCode::Malformed),
        ("{\"d\":{}}", NackCode::Malformed),
        ("{\"t\":7,\"d\":{}}", NackCode::Malformed),
        ("{\"t\":\"move\",\"d\":{}}", NackCode::Unknown),
        ("{\"t\":\"ACT\",\"d\":{}}", NackCode::Unknown),
        // a missing field
        (
            r#"{"t":"act","d":{"g":"g1","ply":3,"a":"d1-d3","id":7}}"#,
            NackCode::Malformed,
        ),
        // a field of the wrong type
        (
            r#"{"t":"act","d":{"g":"g1","ply":"3","a":"d1-d3","id":7,"h":"0"}}"#,
            NackCode::Malformed,
        ),
        (
            r#"{"t":"act","d":{"g":"g1","ply":-1,"a":"d1-d3","id":7,"h":"0"}}"#,
            NackCode::Malformed,
        ),
        // an unknown field
        (
            r#"{"t":"sub","d":{"g":"g1","seat":0}}"#,
            NackCode::Malformed,
        ),
        // no payload
        (r#"{"t":"ping"}"#, NackCode::Malformed),
        // an unknown control word, a bad room
        (
            r#"{"t":"ctl","d":{"g":"g","k":"win","ply":0,"id":1,"h":"0"}}"#,
            NackCode::Malformed,
        ),
        (
            r#"{"t":"say","d":{"room":"g:x:all","text":"hi","id":1}}"#,
            NackCode::Malformed,
        ),
    ];
    for (text, want) in cases {
        assert_eq!(code(text), *want, "{text}");
    }
    let huge = format!(
        r#"{{"t":"say","d":{{"room":"lobby","text":"{}","id":1}}}}"#,
        "x".repeat(MAX_FRAME)
    );
    assert_eq!(code(&huge), NackCode::TooLarge);
}

#[test]
fn errors_say_what_is_wrong_and_quote_the_frame() {
    let text = r#"{"t":"act","d":{"g":"g1","ply":3,"a":"d1-d3","id":7}}"#;
    let e = ClientMsg::decode(text).unwrap_err();
    let message = e.to_string();
    assert!(message.contains("`h`"), "{message}");
    assert!(message.contains("bad `act` frame"), "{message}");
    assert!(message.contains(r#"{"t":"act""#), "{message}");

    let e = ClientMsg::decode(r#"{"t":"move","d":{}}"#).unwrap_err();
    assert!(matches!(&e, WireError::UnknownKind { t, .. } if t == "move"));
    assert!(e.to_string().contains("sub, unsub, act"), "{e}");

    let e = ClientMsg::decode("{\"t\":").unwrap_err();
    assert!(e.to_string().contains("not JSON"), "{e}");

    let nack = e.nack();
    assert_eq!(nack.code, NackCode::Malformed);
    assert_eq!(nack.id, None, "a frame that is not JSON has no ack id");
}

#[test]
fn a_bad_write_is_nacked_with_its_ack_id() {
    let e = ClientMsg::decode(r#"{"t":"act","d":{"g":"g1","ply":"3","a":"x","id":7,"h":"0"}}"#)
        .unwrap_err();
    assert_eq!(e.nack().id, Some(muster_wire::AckId(7)));
    let e = ClientMsg::decode(r#"{"t":"act","d":{"g":"g1","id":-7}}"#).unwrap_err();
    assert_eq!(e.nack().id, None);
}

#[test]
fn quotes_are_bounded() {
    let long = format!(r#"{{"t":"{}","d":{{}}}}"#, "é".repeat(10_000));
    for text in [
        long,
        "ü".repeat(MAX_FRAME),
        format!("[{}", "x".repeat(5000)),
    ] {
        let e = ClientMsg::decode(&text).unwrap_err();
        let quoted = match &e {
            WireError::TooLarge { quote, .. }
            | WireError::NotJson { quote, .. }
            | WireError::NotFrame { quote }
            | WireError::UnknownKind { quote, .. }
            | WireError::BadPayload { quote, .. } => quote,
        };
        assert!(quoted.chars().count() <= QUOTE_LEN + 1, "{e}");
        assert!(e.to_string().chars().count() < 600, "{e}");
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let text = format!(
        r#"{{"t":"sub","d":{}{}}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    assert_eq!(code(&text), NackCode::Malformed);
    let text = "[".repeat(MAX_FRAME);
    assert_eq!(code(&text), NackCode::Malformed);
}

/// Valid frames of every client kind, as text.
fn valid_frames() -> Vec<String> {
    common::client_examples()
        .iter()
        .map(|m| m.to_json())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = ClientMsg::decode(&text);
    }

    #[test]
    fn arbitrary_json_never_panics(
        t in prop::sample::select(ClientMsg::KINDS.to_vec()),
        d in "[\\[\\]{}\":,0-9a-z ]{0,80}",
    ) {
        let _ = ClientMsg::decode(&format!(r#"{{"t":"{t}","d":{d}}}"#));
    }

    /// Cutting, overwriting or inserting a byte of a valid frame gives a message or a
    /// refusal with a message, never a panic (and never `too-large`: the frame stays small).
    #[test]
    fn mutated_frames_never_panic(
        which in 0usize..12,
        at in any::<prop::sample::Index>(),
        mutation in 0u8..3,
        byte in any::<u8>(),
    ) {
        let frames = valid_frames();
        let mut bytes = frames[which % frames.len()].clone().into_bytes();
        let i = at.index(bytes.len());
        match mutation {
            0 => bytes.truncate(i),
            1 => bytes[i] = byte,
            _ => bytes.insert(i, byte),
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Err(e) = ClientMsg::decode(&text) {
            prop_assert_ne!(e.code(), NackCode::TooLarge);
            prop_assert!(!e.to_string().is_empty());
        }
    }
}

#[test]
fn extra_top_level_keys_are_refused() {
    assert_eq!(
        code(r#"{"t":"ping","d":{"n":1},"x":2}"#),
        NackCode::Malformed
    );
}
