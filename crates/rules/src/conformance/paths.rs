//! The battery's checks of click paths ([`Game::action_targets`]) at one position.
//!
//! * every legal action has a non-empty path, and every target of it names something that
//!   exists in the position ([`Game::target_exists`]);
//! * two actions share a path only where both have labels and the labels differ;
//! * no path is a proper beginning of another (the last click always completes a decision);
//! * paths are stable: asked again, and asked of the position read back from its own text, the
//!   game gives the same paths and labels.

use crate::game::Game;
use crate::target::{Label, Target};

/// Every legal action's path and label, in the generator's order.
fn paths<G: Game>(game: &G) -> Vec<(G::Action, Vec<Target>, Option<Label>)> {
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let mut path = Vec::new();
    actions
        .into_iter()
        .map(|action| {
            let label = game.action_targets(action, &mut path);
            (action, path.clone(), label)
        })
        .collect()
}

/// The checks of the module documentation; the error names the action and what is wrong.
pub fn check_paths<G: Game>(game: &G) -> Result<(), String> {
    let listed = paths(game);
    let show = |action: G::Action| game.action_text(action);
    for (action, path, _) in &listed {
        if path.is_empty() {
            return Err(format!("`{}` has an empty click path", show(*action)));
        }
        if let Some(t) = path.iter().find(|t| !game.target_exists(t)) {
            return Err(format!(
                "`{}` has the target `{t}`, which is not in the position",
                show(*action)
            ));
        }
    }
    let mut sorted: Vec<_> = listed.iter().collect();
    sorted.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.2.cmp(&b.2)));
    // Sorted, a path that begins another comes right before it or before an equal path.
    for pair in sorted.windows(2) {
        let [(a, pa, la), (b, pb, lb)] = pair else {
            continue;
        };
        if pa == pb && (la.is_none() || lb.is_none() || la == lb) {
            return Err(format!(
                "`{}` and `{}` share the path {} without labels that tell them apart \
                 ({la:?}, {lb:?})",
                show(*a),
                show(*b),
                ids(pa)
            ));
        }
        if pb.len() > pa.len() && pb.starts_with(pa) {
            return Err(format!(
                "the path {} of `{}` is the beginning of `{}`'s path {}",
                ids(pa),
                show(*a),
                show(*b),
                ids(pb)
            ));
        }
    }
    if paths(game) != listed {
        return Err("asked twice, the game gives other paths".to_owned());
    }
    if let Ok(again) = G::from_position(game.variant(), &game.position_text()) {
        if paths(&again) != listed {
            return Err("the position read back from its text gives other paths".to_owned());
        }
    }
    Ok(())
}

fn ids(path: &[Target]) -> String {
    let ids: Vec<String> = path.iter().map(Target::id).collect();
    format!("[{}]", ids.join(" "))
}
