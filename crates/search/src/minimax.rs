//! Plain minimax: the reference the alpha-beta search is tested against. No pruning, no table,
//! no ordering; the same leaf scores and the same treatment of consecutive decisions by one seat.
//! With more than two seats, [`crowd_minimax`] is the reference of the paranoid and best-reply
//! searches.

use muster_rules::{Actor, Game, Seat};

use crate::alphabeta::{terminal, Crowd, EVAL_LIMIT};
use crate::Knowledge;

/// The value for the seat to move of `game` searched `depth` decisions deep, with the actions
/// `knowledge` keeps. `game` must have a seat to move.
pub fn minimax<G: Game, K: Knowledge<G>>(game: &G, depth: u32, knowledge: &K) -> i32 {
    let Actor::Seat(me) = game.actor() else {
        panic!("minimax needs a seat to move")
    };
    value(game, depth as i32, 0, me, knowledge)
}

fn value<G: Game, K: Knowledge<G>>(game: &G, depth: i32, ply: u32, me: Seat, knowledge: &K) -> i32 {
    if depth <= 0 {
        return knowledge.score(game, me).clamp(-EVAL_LIMIT, EVAL_LIMIT);
    }
    let mut actions = Vec::new();
    knowledge.considered_actions(game, &mut actions);
    knowledge.prune(game, &mut actions);
    let mut best = i32::MIN;
    for action in actions {
        let mut child = game.clone();
        child.apply_unchecked(action);
        let score = match child.actor() {
            Actor::Over => terminal(&child, me, ply + 1),
            Actor::Seat(next) if next == me => value(&child, depth - 1, ply + 1, me, knowledge),
            Actor::Seat(next) => -value(&child, depth - 1, ply + 1, next, knowledge),
            Actor::Chance => panic!("minimax does not search chance"),
        };
        best = best.max(score);
    }
    best
}

/// The value for the seat to move of `game` searched `depth` decisions deep as a search with
/// more than two seats does (see [`Crowd`]): every other seat plays against the one to move,
/// and with [`Crowd::BestReply`] only one of them between two of its turns leaves its first
/// move (the first the knowledge keeps, in the rules' order). `game` must have a seat to move.
pub fn crowd_minimax<G: Game, K: Knowledge<G>>(
    game: &G,
    depth: u32,
    knowledge: &K,
    crowd: Crowd,
) -> i32 {
    let Actor::Seat(root) = game.actor() else {
        panic!("minimax needs a seat to move")
    };
    let search = CrowdSearch {
        root,
        crowd,
        knowledge,
    };
    search.value(game, depth as i32, 0, root, None)
}

struct CrowdSearch<'a, K> {
    root: Seat,
    crowd: Crowd,
    knowledge: &'a K,
}

impl<K> CrowdSearch<'_, K> {
    /// The value for the side of `me`; `answered` is the other seat that has left its first
    /// move since the root's last turn, if one has.
    fn value<G: Game>(
        &self,
        game: &G,
        depth: i32,
        ply: u32,
        me: Seat,
        answered: Option<Seat>,
    ) -> i32
    where
        K: Knowledge<G>,
    {
        let side = |score: i32| if me == self.root { score } else { -score };
        if depth <= 0 {
            let score = self.knowledge.score(game, self.root);
            return side(score).clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        let mut actions = Vec::new();
        self.knowledge.considered_actions(game, &mut actions);
        self.knowledge.prune(game, &mut actions);
        let narrowed = self.crowd == Crowd::BestReply && me != self.root;
        if narrowed && answered.is_some_and(|seat| seat != me) {
            actions.truncate(1);
        }
        let mut best = i32::MIN;
        for (i, action) in actions.into_iter().enumerate() {
            let mut child = game.clone();
            child.apply_unchecked(action);
            let answered = match answered {
                None if narrowed && i > 0 => Some(me),
                answered => answered,
            };
            let score = match child.actor() {
                Actor::Over => side(terminal(&child, self.root, ply + 1)),
                Actor::Seat(next) => {
                    let answered = if next == self.root { None } else { answered };
                    let value = self.value(&child, depth - 1, ply + 1, next, answered);
                    if (next == self.root) == (me == self.root) {
                        value
                    } else {
                        -value
                    }
                }
                Actor::Chance => panic!("minimax does not search chance"),
            };
            best = best.max(score);
        }
        best
    }
}
