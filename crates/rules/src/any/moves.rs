//! The legal moves with their click paths, and the turn, through [`AnyGame`].

use serde::Serialize;

use super::AnyGame;
use crate::game::{Game, TurnInfo};
use crate::target::Target;

/// One legal action: its text (the wire id), its click path and the label that tells it apart
/// from another move with the same path.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct LegalMove {
    /// The canonical action text, as [`AnyGame::apply`] takes it.
    pub text: String,
    /// The targets a person clicks, in order; never empty.
    pub path: Vec<Target>,
    /// Set where another legal move may have the same path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// The legal moves under a partial click path ([`AnyGame::legal_moves_under`]).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
pub struct MovesUnder {
    /// The moves whose path starts with the prefix, in the generator's order.
    pub moves: Vec<LegalMove>,
    /// The distinct targets that can follow the prefix, in order of first appearance, each with
    /// the number of moves through it. Empty when every move's path ends at the prefix.
    pub next: Vec<(Target, usize)>,
}

impl AnyGame {
    /// Every legal action of the actor with its click path, in the generator's order. Empty when
    /// the game is over.
    ///
    /// ```
    /// use muster_rules::{AnyGame, GameId, Target};
    ///
    /// let game = AnyGame::new(GameId::MurusGallicus, "basic", None)?;
    /// let moves = game.legal_moves();
    /// let tower_move = moves.iter().find(|m| m.text == "d1-d3").expect("legal at the start");
    /// let ids: Vec<String> = tower_move.path.iter().map(Target::id).collect();
    /// assert_eq!(ids, ["d1", "d3"]);
    /// // Clicking d1 first leaves the tower's moves, and the cells that can come next.
    /// let d1 = tower_move.path[0];
    /// let under = game.legal_moves_under(&[d1]);
    /// assert!(under.moves.iter().all(|m| m.text.starts_with("d1-")));
    /// assert_eq!(under.next.len(), under.moves.len(), "each far cell is one move");
    /// # Ok::<(), muster_rules::AnyError>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<LegalMove> {
        self.moves_where(|_| true)
    }

    /// The legal moves whose path starts with `prefix`, and the targets that can come next.
    pub fn legal_moves_under(&self, prefix: &[Target]) -> MovesUnder {
        let moves = self.moves_where(|path| path.starts_with(prefix));
        let mut next: Vec<(Target, usize)> = Vec::new();
        for m in &moves {
            let Some(&target) = m.path.get(prefix.len()) else {
                continue;
            };
            match next.iter_mut().find(|(t, _)| *t == target) {
                Some((_, n)) => *n += 1,
                None => next.push((target, 1)),
            }
        }
        MovesUnder { moves, next }
    }

    /// [`AnyGame::legal_moves_under`] with the prefix given by target ids ([`Target::id`]), as
    /// a client sends them. An id that no legal path has at its place leaves no moves.
    pub fn legal_moves_under_ids(&self, prefix: &[&str]) -> MovesUnder {
        let mut resolved: Vec<Target> = Vec::with_capacity(prefix.len());
        for id in prefix {
            match self.next_target(&resolved, |t| t.id() == *id) {
                Some(target) => resolved.push(target),
                None => return MovesUnder::default(),
            }
        }
        self.legal_moves_under(&resolved)
    }

    /// The turn the next decision belongs to (see [`Game::turn`]).
    pub fn turn(&self) -> TurnInfo {
        each_game!(self, g => Game::turn(g))
    }

    /// The first target that `wanted` accepts right after `prefix` on a legal path.
    fn next_target(&self, prefix: &[Target], wanted: impl Fn(&Target) -> bool) -> Option<Target> {
        each_game!(self, g => {
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            let mut path = Vec::new();
            actions.into_iter().find_map(|action| {
                g.action_targets(action, &mut path);
                let next = path.get(prefix.len()).copied()?;
                (path.starts_with(prefix) && wanted(&next)).then_some(next)
            })
        })
    }

    /// The legal moves whose path passes `keep`; the text is written only for those.
    fn moves_where(&self, keep: impl Fn(&[Target]) -> bool) -> Vec<LegalMove> {
        each_game!(self, g => {
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            let mut moves = Vec::with_capacity(actions.len());
            let mut path = Vec::with_capacity(4);
            for action in actions {
                let label = g.action_targets(action, &mut path);
                if keep(&path) {
                    moves.push(LegalMove {
                        text: g.action_text(action),
                        path: std::mem::replace(&mut path, Vec::with_capacity(4)),
                        label: label.map(|l| l.into_owned()),
                    });
                }
            }
            moves
        })
    }
}
