//! Wire forms: a cell reads back from its name, as it serialises.

use super::board::Cell;
use crate::wire::deserialize_from_text;

deserialize_from_text!(Cell, "a cell from a1 to h8", |t| t.parse().ok());
