//! Stable identifiers of tessels, vertices and edges. Ids are allocated in increasing order
//! and never reused: an erased item leaves a tombstone.

use std::fmt;

/// The largest number of ids of one kind a surface may allocate (ids `0..ID_LIMIT`).
pub(super) const ID_LIMIT: usize = u16::MAX as usize;

/// Defines one id type: a `u16` newtype shown as `<prefix><number>`.
macro_rules! surface_id {
    ($(#[$doc:meta])* $name:ident, $prefix:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u16);

        impl $name {
            /// The id as an index into per-id tables.
            pub fn index(self) -> usize {
                usize::from(self.0)
            }

            /// Reads the text form: the prefix letter, then a decimal number without sign or
            /// leading zeros (so each id has exactly one spelling). `None` for anything else.
            pub fn parse(text: &str) -> Option<Self> {
                let digits = text.strip_prefix($prefix)?;
                let canonical = !digits.is_empty()
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && (digits == "0" || !digits.starts_with('0'));
                if !canonical {
                    return None;
                }
                digits.parse().ok().map($name)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

surface_id!(
    /// A tessel (a cell of the surface), shown `t17`.
    TesselId,
    "t"
);
surface_id!(
    /// A vertex, shown `v3`. Queries use glued ids: a vertex class made by splices is named by
    /// its smallest base id.
    VertexId,
    "v"
);
surface_id!(
    /// An edge, shown `e40`. Queries use glued ids: a spliced pair of base edges is named by
    /// the smaller id.
    EdgeId,
    "e"
);
