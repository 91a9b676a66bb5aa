//! Checks on WebSocket frames from a browser, as `muster serve` reads them:
//! [`muster_wire::ClientMsg::decode`], then `nack` for a refusal.
//!
//! The fuzz target `client_frame` runs [`client_frame`]; the replay test of the wire crate
//! (`crates/wire/tests/fuzz_inputs.rs`) compiles this same file and runs it on every checked-in
//! input. It names the wire crate by its path only, so that both can compile it.

use muster_wire::error::DETAIL_LEN;
use muster_wire::{AckId, ClientMsg, ServerMsg, WireError, MAX_FRAME, QUOTE_LEN};
use serde_json::Value;

/// The longest `nack` reason: the fixed words, the list of kinds, a kind (quoted), serde's
/// account (cut) and the frame (quoted), each cut with a `…`.
pub const MAX_REASON: usize = 200 + 2 * (QUOTE_LEN + 1) + (DETAIL_LEN + 1);

/// Reads `data` as one text frame and checks what the server would do with it:
///
/// * bytes that are not UTF-8 are skipped: the WebSocket layer hands the server only text
///   frames, which are UTF-8, and refuses binary frames before any decoding;
/// * the text padded with spaces to exactly [`MAX_FRAME`] bytes reads as the text does (same
///   frame, or same code and ack id), and padded one byte further it is `too-large`;
/// * a refusal quotes at most [`QUOTE_LEN`] characters, a prefix of the frame, its reason is at
///   most [`MAX_REASON`] characters, and its `nack` carries the code, the reason, and the
///   frame's ack id only when the frame is a bad payload whose `d.id` reads as an ack id;
/// * a frame that reads re-encodes to JSON that reads to an equal frame, and a write's ack id
///   is the frame's `d.id`.
pub fn client_frame(data: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(data) else {
        return Ok(());
    };
    let read = ClientMsg::decode(text);
    match &read {
        Ok(msg) => frame_that_reads(text, msg)?,
        Err(error) => refusal(text, error)?,
    }
    if text.len() <= MAX_FRAME {
        padded(text, &read)?;
    } else if !matches!(read, Err(WireError::TooLarge { .. })) {
        return Err(format!(
            "{} bytes were not refused as too large",
            text.len()
        ));
    }
    Ok(())
}

/// The ack id a frame's payload carries, read as the documented contract says: `d.id`, a
/// whole number that fits 32 bits.
fn payload_id(text: &str) -> Option<AckId> {
    let value: Value = serde_json::from_str(text).ok()?;
    let id = value.get("d")?.get("id")?.as_u64()?;
    u32::try_from(id).ok().map(AckId)
}

/// The ack id of a write (`act`, `ctl`, `preview`, `say`).
fn write_id(msg: &ClientMsg) -> Option<AckId> {
    match msg {
        ClientMsg::Act(m) => Some(m.id),
        ClientMsg::Ctl(m) => Some(m.id),
        ClientMsg::Preview(m) => Some(m.id),
        ClientMsg::Say(m) => Some(m.id),
        ClientMsg::Sub(_)
        | ClientMsg::Unsub(_)
        | ClientMsg::Legal(_)
        | ClientMsg::Lobby(_)
        | ClientMsg::Ping(_) => None,
    }
}

fn frame_that_reads(text: &str, msg: &ClientMsg) -> Result<(), String> {
    let json = msg.to_json();
    let back: ClientMsg = serde_json::from_str(&json)
        .map_err(|e| format!("{msg:?} re-encodes to `{json}`, which does not read: {e}"))?;
    if back != *msg {
        return Err(format!("{msg:?} re-encodes to `{json}`, read as {back:?}"));
    }
    // A default filled in (`legal` without `prefix`) makes the text longer: above the limit
    // the re-encoded frame is the sender's to shorten, not a frame the server must read.
    if json.len() <= MAX_FRAME && ClientMsg::decode(&json).as_ref() != Ok(msg) {
        return Err(format!(
            "{msg:?} re-encodes to `{json}`, decoded as {:?}",
            ClientMsg::decode(&json)
        ));
    }
    if let Some(id) = write_id(msg) {
        if Some(id) != payload_id(text) {
            return Err(format!("{msg:?} acks {id}, not the frame's `d.id`"));
        }
    }
    Ok(())
}

fn refusal(text: &str, error: &WireError) -> Result<(), String> {
    let (quote, id) = match error {
        WireError::TooLarge { quote, .. }
        | WireError::NotJson { quote, .. }
        | WireError::NotFrame { quote }
        | WireError::UnknownKind { quote, .. } => (quote, None),
        WireError::BadPayload { quote, id, .. } => (quote, *id),
    };
    let quoted = quote.strip_suffix('…').unwrap_or(quote);
    if quoted.chars().count() > QUOTE_LEN || !text.starts_with(quoted) {
        return Err(format!("{error:?} quotes `{quote}`, not a short prefix"));
    }
    if quoted.len() < text.len() && quoted.len() == quote.len() {
        return Err(format!("{error:?} cuts its quote without a `…`"));
    }
    let reason = error.to_string();
    if reason.chars().count() > MAX_REASON {
        return Err(format!(
            "a reason of {} characters (at most {MAX_REASON}): {reason}",
            reason.chars().count()
        ));
    }
    let expected = match error {
        WireError::BadPayload { .. } => payload_id(text),
        _ => None,
    };
    if id != expected || error.ack_id() != expected {
        return Err(format!(
            "{error:?} carries the ack id {id:?}, not {expected:?}"
        ));
    }
    let nack = error.nack();
    if nack.id != expected || nack.code != error.code() || nack.reason != reason {
        return Err(format!("{error:?} makes the nack {nack:?}"));
    }
    let frame = ServerMsg::Nack(nack);
    let json = frame.to_json();
    match ServerMsg::from_json(&json) {
        Ok(back) if back == frame => Ok(()),
        other => Err(format!("the nack `{json}` reads back as {other:?}")),
    }
}

/// The text padded with spaces, which JSON ignores: to exactly [`MAX_FRAME`] bytes it reads as
/// `read`; one byte more is `too-large`, whatever the text.
fn padded(text: &str, read: &Result<ClientMsg, WireError>) -> Result<(), String> {
    let mut long = String::with_capacity(MAX_FRAME + 1);
    long.push_str(text);
    long.extend(std::iter::repeat_n(' ', MAX_FRAME - text.len()));
    let full = ClientMsg::decode(&long);
    let same = match (read, &full) {
        (Ok(a), Ok(b)) => a == b,
        (Err(a), Err(b)) => a.code() == b.code() && a.ack_id() == b.ack_id(),
        _ => false,
    };
    if !same {
        return Err(format!(
            "padded to {MAX_FRAME} bytes the frame reads as {full:?}, not as {read:?}"
        ));
    }
    long.push(' ');
    match ClientMsg::decode(&long) {
        Err(e @ WireError::TooLarge { len, max, .. })
            if len == MAX_FRAME + 1 && max == MAX_FRAME =>
        {
            refusal(&long, &e)
        }
        other => Err(format!(
            "{} bytes were not refused as too large: {other:?}",
            MAX_FRAME + 1
        )),
    }
}
