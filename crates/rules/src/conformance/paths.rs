//! The battery's checks of click paths ([`Game::action_targets`]) at one position.
//!
//! * every legal action has a non-empty path, and every target of it names something that
//!   exists in the position ([`Game::target_exists`]);
//! * two actions share a path only where both have labels and the labels differ;
//! * no path is a proper beginning of another (the last click always completes a decision);
//! * paths are stable: the position read back from its own text (an equal position built
//!   afresh) gives the same paths and labels.

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{ParseError, PositionError, SetupError};
    use crate::game::{Actor, Events, Outcome, Seat, TurnInfo};
    use crate::murus_gallicus::{Action, MurusEvent, MurusGallicus, MurusVariant};
    use crate::variant::Variant;

    /// Murus Gallicus with paths broken in one of three ways.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Broken(MurusGallicus, Fault);

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    enum Fault {
        /// Labels dropped: the one- and two-stone sacrifices share a path unlabelled.
        NoLabels,
        /// The two-stone sacrifice is only the acting stack: its path begins the others'.
        ShortStar,
        /// A target off the board.
        OffBoard,
    }

    impl Game for Broken {
        type Action = Action;
        type Variant = MurusVariant;
        type Event = MurusEvent;
        const INFO: crate::game::GameInfo = MurusGallicus::INFO;

        fn new(variant: &MurusVariant, seats: usize) -> Result<Self, SetupError> {
            Ok(Broken(MurusGallicus::new(variant, seats)?, Fault::NoLabels))
        }
        fn variant(&self) -> &MurusVariant {
            self.0.variant()
        }
        fn seats(&self) -> usize {
            2
        }
        fn seat_name(&self, seat: Seat) -> String {
            self.0.seat_name(seat)
        }
        fn actor(&self) -> Actor {
            self.0.actor()
        }
        fn legal_actions(&self, out: &mut Vec<Action>) {
            self.0.legal_actions(out);
        }
        fn play(&mut self, action: Action, events: &mut impl Events<MurusEvent>) {
            self.0.play(action, events);
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn position_hash(&self) -> u64 {
            self.0.position_hash()
        }
        fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
            self.0.parse_action(text)
        }
        fn position_text(&self) -> String {
            self.0.position_text()
        }
        fn from_position(variant: &MurusVariant, text: &str) -> Result<Self, PositionError> {
            Ok(Broken(
                MurusGallicus::from_position(variant, text)?,
                Fault::NoLabels,
            ))
        }
        fn diagram(&self) -> String {
            self.0.diagram()
        }
        fn turn(&self) -> TurnInfo {
            self.0.turn()
        }
        fn target_exists(&self, target: &Target) -> bool {
            self.0.target_exists(target)
        }
        fn action_targets(&self, action: Action, out: &mut Vec<Target>) -> Option<Label> {
            let label = self.0.action_targets(action, out);
            match self.1 {
                Fault::NoLabels => None,
                Fault::ShortStar => {
                    if action.form() == crate::murus_gallicus::ActionForm::Star {
                        out.truncate(1);
                    }
                    label
                }
                Fault::OffBoard => {
                    out.push(Target::square("a8".parse().expect("a cell")));
                    label
                }
            }
        }
    }

    /// A tower on d4 beside a Dark catapult on e5, under the advanced rules.
    fn beside_a_catapult() -> MurusGallicus {
        let variant = MurusVariant::parse_text("advanced").expect("a preset");
        MurusGallicus::from_position(&variant, "8/8/4c3/3T4/8/8/8 L 10").expect("a position")
    }

    #[test]
    fn the_real_paths_pass() {
        assert_eq!(check_paths(&beside_a_catapult()), Ok(()));
    }

    #[test]
    fn shared_paths_without_labels_fail() {
        let problem = check_paths(&Broken(beside_a_catapult(), Fault::NoLabels)).unwrap_err();
        assert!(problem.contains("share the path [d4 e5]"), "{problem}");
    }

    #[test]
    fn a_path_that_begins_another_fails() {
        let problem = check_paths(&Broken(beside_a_catapult(), Fault::ShortStar)).unwrap_err();
        assert!(
            problem.contains("the path [d4] of `d4*e5` is the beginning"),
            "{problem}"
        );
    }

    #[test]
    fn a_target_off_the_board_fails() {
        let problem = check_paths(&Broken(beside_a_catapult(), Fault::OffBoard)).unwrap_err();
        assert!(problem.contains("the target `a8`"), "{problem}");
    }
}
