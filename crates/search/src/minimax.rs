//! Plain minimax: the reference the alpha-beta search is tested against. No pruning, no table,
//! no ordering; the same leaf scores and the same treatment of consecutive decisions by one seat.

use muster_rules::{Actor, Game, Seat};

use crate::alphabeta::{terminal, EVAL_LIMIT};
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
