//! Wire forms of the values MuTou's events carry: each serialises as its notation and reads
//! back from it (`t17`, `v3`, `e40`, `split:t3:v1:v7`, `B2`, `WWAB1`, `J`, `matched`, `ccw`).

use serde::{Serialize, Serializer};

use super::actions::{CallMode, Spin};
use super::pieces::{Power, Shak, Shakken};
use super::surface::{EdgeId, Edit, TesselId, VertexId};
use crate::wire::{deserialize_from_text, serialize_as_text};

serialize_as_text!(TesselId);
serialize_as_text!(VertexId);
serialize_as_text!(EdgeId);
serialize_as_text!(Edit);
serialize_as_text!(Shak);
serialize_as_text!(Shakken);

deserialize_from_text!(TesselId, "a tessel id (t<number>)", TesselId::parse);
deserialize_from_text!(VertexId, "a vertex id (v<number>)", VertexId::parse);
deserialize_from_text!(EdgeId, "an edge id (e<number>)", EdgeId::parse);
deserialize_from_text!(Edit, "an edit such as split:t3:v1:v7", |t| t.parse().ok());
deserialize_from_text!(Shak, "a shak (W, A, J, R or B<seat>)", Shak::parse);
deserialize_from_text!(Shakken, "a stack such as WWAB1, or -", Shakken::parse);

impl Serialize for Power {
    /// A power serialises as its letter: `W`, `A`, `J`, `R`, `B`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.letter())
    }
}

deserialize_from_text!(Power, "a power letter (W, A, J, R or B)", |t| {
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => Power::from_letter(c),
        _ => None,
    }
});

/// The notation words of the call modes.
fn call_mode_word(mode: CallMode) -> &'static str {
    match mode {
        CallMode::Open => "open",
        CallMode::Matched => "matched",
    }
}

impl Serialize for CallMode {
    /// `open` or `matched`, as in `call:open`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(call_mode_word(*self))
    }
}

deserialize_from_text!(CallMode, "a call mode (open or matched)", |t| {
    [CallMode::Open, CallMode::Matched]
        .into_iter()
        .find(|&m| call_mode_word(m) == t)
});

/// The notation words of the spins.
fn spin_word(spin: Spin) -> &'static str {
    match spin {
        Spin::Ccw => "ccw",
        Spin::Cw => "cw",
    }
}

impl Serialize for Spin {
    /// `ccw` or `cw`, as in `gate:v3:ccw`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(spin_word(*self))
    }
}

deserialize_from_text!(Spin, "a direction of count (ccw or cw)", |t| {
    [Spin::Ccw, Spin::Cw]
        .into_iter()
        .find(|&s| spin_word(s) == t)
});
