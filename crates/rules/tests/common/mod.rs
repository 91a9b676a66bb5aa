//! Helpers shared by the integration tests.

use muster_rules::game::Game;
use muster_rules::perft::perft;
use muster_rules::variant::Variant;

/// Checks `counts[d - 1]` against perft at every depth `d` from `from` to `to`, naming the
/// position and the variant in a failure.
pub fn assert_table<G: Game>(game: &G, counts: &[u64], from: u32, to: u32) {
    for depth in from..=to {
        let expected = counts[depth as usize - 1];
        assert_eq!(
            perft(game, depth),
            expected,
            "{} [{}] depth {depth}",
            game.position_text(),
            game.variant().text()
        );
    }
}
