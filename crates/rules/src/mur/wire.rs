//! Wire forms: a point reads back from its name and a set of points from the list of names,
//! as they serialise.

use serde::{Deserialize, Deserializer};

use super::board::{Point, Points};
use crate::wire::deserialize_from_text;

deserialize_from_text!(Point, "a point (C or a1 … h3)", |t| t.parse().ok());

impl<'de> Deserialize<'de> for Points {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let points = Vec::<Point>::deserialize(d)?;
        Ok(Points::of(points))
    }
}
