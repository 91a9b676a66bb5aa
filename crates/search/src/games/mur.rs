//! Placeholder until the knowledge lands.
use crate::Knowledge;
use muster_rules::mur::Mur as G;
use muster_rules::Seat;
/// Placeholder.
#[derive(Clone, Copy, Debug, Default)]
pub struct MurKnowledge;
impl Knowledge<G> for MurKnowledge {
    fn name(&self) -> &'static str {
        "placeholder"
    }
    fn score(&self, _game: &G, _seat: Seat) -> i32 {
        0
    }
}
