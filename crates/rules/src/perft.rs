//! Perft: counting the action paths of a given length, the standard check of a move generator.
//!
//! Every actor's actions count, chance included (each chance action is one branch, whatever its
//! weight). A path that reaches a finished game early ends there and contributes nothing. The
//! last level is counted in bulk with [`Game::count_actions`], never generated.

use crate::game::Game;

/// The number of action paths of length `depth` from `game`.
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    let mut buffers = level_buffers::<G>(depth);
    count(game, depth, &mut buffers)
}

/// Perft split by first action: each legal action with the number of paths of length
/// `depth - 1` after it, in the generator's order. Empty for depth 0.
pub fn divide<G: Game>(game: &G, depth: u32) -> Vec<(G::Action, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut first = Vec::new();
    game.legal_actions(&mut first);
    let mut buffers = level_buffers::<G>(depth - 1);
    first
        .into_iter()
        .map(|action| {
            let mut next = game.clone();
            next.apply_unchecked(action);
            (action, count(&next, depth - 1, &mut buffers))
        })
        .collect()
}

fn level_buffers<G: Game>(depth: u32) -> Vec<Vec<G::Action>> {
    (0..depth).map(|_| Vec::with_capacity(64)).collect()
}

fn count<G: Game>(game: &G, depth: u32, buffers: &mut [Vec<G::Action>]) -> u64 {
    match depth {
        0 => 1,
        1 => game.count_actions() as u64,
        _ => {
            let Some((mine, deeper)) = buffers.split_first_mut() else {
                return 0;
            };
            game.legal_actions(mine);
            let mut total = 0;
            for &action in mine.iter() {
                let mut next = game.clone();
                next.apply_unchecked(action);
                total += count(&next, depth - 1, deeper);
            }
            total
        }
    }
}
