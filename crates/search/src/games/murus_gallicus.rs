//! Placeholder until the knowledge lands.
use crate::Knowledge;
use muster_rules::murus_gallicus::MurusGallicus as G;
use muster_rules::Seat;
/// Placeholder.
#[derive(Clone, Copy, Debug, Default)]
pub struct MurusGallicusKnowledge;
impl Knowledge<G> for MurusGallicusKnowledge {
    fn name(&self) -> &'static str {
        "placeholder"
    }
    fn score(&self, _game: &G, _seat: Seat) -> i32 {
        0
    }
}
