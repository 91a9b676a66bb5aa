//! Helpers for the wire forms of the games' values: a value that serialises as its notation
//! (a cell `c7`, a tessel `t17`, a shak `B2`) reads back from that notation, and a text that
//! is not one is refused with an error quoting it.

/// Implements `Deserialize` for `$ty` from a string, read by `$parse: fn(&str) -> Option<$ty>`;
/// `$what` names the kind of text expected in the error, e.g. `"a cell (a1 … h8)"`.
macro_rules! deserialize_from_text {
    ($ty:ty, $what:expr, $parse:expr) => {
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <String as serde::Deserialize>::deserialize(d)?;
                let parse: fn(&str) -> Option<$ty> = $parse;
                parse(&text)
                    .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not {}", $what)))
            }
        }
    };
}
pub(crate) use deserialize_from_text;

/// Implements `Serialize` for `$ty` as its `Display` text.
macro_rules! serialize_as_text {
    ($ty:ty) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
    };
}
pub(crate) use serialize_as_text;
