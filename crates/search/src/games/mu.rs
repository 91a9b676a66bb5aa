//! Placeholder until the knowledge lands.
use crate::Knowledge;
use muster_rules::mu::Mu as G;
use muster_rules::Seat;
/// Placeholder.
#[derive(Clone, Copy, Debug, Default)]
pub struct MuKnowledge;
impl Knowledge<G> for MuKnowledge {
    fn name(&self) -> &'static str {
        "placeholder"
    }
    fn score(&self, _game: &G, _seat: Seat) -> i32 {
        0
    }
}
