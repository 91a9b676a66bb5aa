//! The legal moves sent to the seat that acts: the whole list when it is small, else the first
//! click's groups, which the client opens with `legal{prefix}` (docs/server-design.md §2.3,
//! budget 8 KB).

use muster_rules::AnyGame;
use muster_view::TargetId;
use muster_wire::{LazyGroup, LegalMove, LegalMoves};

/// The most bytes of a legal list sent whole.
pub(super) const BUDGET: usize = 8 * 1024;

/// The legal moves of `view`'s actor (computed on the actor's own view) whose click paths start
/// with `prefix`: whole when they fit the budget, else grouped by the next click.
pub(super) fn legal(view: &AnyGame, prefix: &[TargetId]) -> LegalMoves {
    let ids: Vec<&str> = prefix.iter().map(TargetId::as_str).collect();
    let under = view.legal_moves_under_ids(&ids);
    let moves: Vec<LegalMove> = under.moves.iter().map(LegalMove::from).collect();
    let size: usize = moves
        .iter()
        .map(|m| m.a.len() + m.path.iter().map(|t| t.as_str().len() + 3).sum::<usize>() + 24)
        .sum();
    if size <= BUDGET || under.next.is_empty() {
        return LegalMoves {
            moves,
            lazy: Vec::new(),
        };
    }
    // Too many to send at once: the moves that end here, and a group per next click.
    let depth = prefix.len();
    let ending_here = moves
        .into_iter()
        .filter(|m| m.path.len() <= depth)
        .collect();
    let lazy = under
        .next
        .iter()
        .map(|(target, n)| {
            let mut p = prefix.to_vec();
            p.push(TargetId::of(target));
            LazyGroup {
                prefix: p,
                n: u32::try_from(*n).unwrap_or(u32::MAX),
            }
        })
        .collect();
    LegalMoves {
        moves: ending_here,
        lazy,
    }
}
