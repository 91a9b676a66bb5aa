//! Test helpers shared by the knowledge files: exhaustive forced-win search, the one-ply greedy
//! player, and positions from seeded random play.

use std::ops::RangeInclusive;

use muster_rules::playout::{random_action, Buffers};
use muster_rules::{Actor, Game, Seat, Variant};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::Tactic;
use crate::Knowledge;

/// Whether `game` is over with `seat` alone in first place.
pub(crate) fn sole_winner<G: Game>(game: &G, seat: Seat) -> bool {
    game.outcome().is_some_and(|o| {
        o.ranks[seat.index()] == 0 && o.ranks.iter().filter(|&&r| r == 0).count() == 1
    })
}

/// Whether `seat` wins within `depth` plies whatever the others do (chance included):
/// exhaustive.
pub(crate) fn forced_win<G: Game>(game: &G, seat: Seat, depth: u32) -> bool {
    if game.outcome().is_some() {
        return sole_winner(game, seat);
    }
    if depth == 0 {
        return false;
    }
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let wins = |a: &G::Action| {
        let mut next = game.clone();
        next.apply_unchecked(*a);
        forced_win(&next, seat, depth - 1)
    };
    if game.actor() == Actor::Seat(seat) {
        actions.iter().any(wins)
    } else {
        actions.iter().all(wins)
    }
}

/// The first actions with which the actor wins within `depth` plies, as text, sorted.
pub(crate) fn winning_actions<G: Game>(game: &G, depth: u32) -> Vec<String> {
    let Actor::Seat(me) = game.actor() else {
        return Vec::new();
    };
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let mut wins: Vec<String> = actions
        .into_iter()
        .filter(|&a| {
            let mut next = game.clone();
            next.apply_unchecked(a);
            forced_win(&next, me, depth.saturating_sub(1))
        })
        .map(|a| game.action_text(a))
        .collect();
    wins.sort();
    wins
}

/// Checks a game's tactics: as many as `count`, depths within `depths`, the variant and the
/// canonical position text read, and the listed first actions exactly the winning ones.
pub(crate) fn verify_tactics<G: Game>(
    tactics: &[Tactic],
    count: RangeInclusive<usize>,
    depths: RangeInclusive<u32>,
) {
    assert!(count.contains(&tactics.len()), "{count:?} tactics per game");
    for t in tactics {
        assert!(
            depths.contains(&t.depth),
            "{}: depth {}",
            t.position,
            t.depth
        );
        let variant = G::Variant::parse_text(t.variant).expect("variant text");
        let game = G::from_position(&variant, t.position).expect("position text");
        assert_eq!(game.position_text(), t.position, "canonical text");
        let mut listed: Vec<String> = t.wins.iter().map(|s| s.to_string()).collect();
        listed.sort();
        assert!(
            !listed.is_empty(),
            "{}: no winning action listed",
            t.position
        );
        let found = winning_actions(&game, t.depth);
        assert_eq!(found, listed, "{} at depth {}", t.position, t.depth);
    }
}

/// The one-ply greedy choice: an action that wins at once, else the best score for the actor
/// after the action, ties broken by `rng`. Only actions kept by `prune` are tried.
pub(crate) fn greedy<G: Game, K: Knowledge<G>>(
    knowledge: &K,
    game: &G,
    rng: &mut SmallRng,
) -> G::Action {
    let Actor::Seat(me) = game.actor() else {
        panic!("greedy play is for seats")
    };
    let mut actions = Vec::new();
    knowledge.considered_actions(game, &mut actions);
    knowledge.prune(game, &mut actions);
    let mut best = Vec::new();
    let mut best_score = i64::MIN;
    for &a in &actions {
        let mut next = game.clone();
        next.apply_unchecked(a);
        let score = match next.outcome() {
            _ if sole_winner(&next, me) => return a,
            Some(o) => i64::from(i32::MIN) + i64::from(u8::MAX - o.ranks[me.index()]),
            None => i64::from(knowledge.score(&next, me)),
        };
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(a);
        }
    }
    best[rng.random_range(0..best.len())]
}

/// Plays one game, `greedy_seat` greedy and the others (and chance) uniformly at random,
/// stopping after `max_plies`; the game as it ended.
pub(crate) fn greedy_against_random<G: Game, K: Knowledge<G>>(
    knowledge: &K,
    mut game: G,
    greedy_seat: Seat,
    seed: u64,
    max_plies: u32,
) -> G {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buffers = Buffers::default();
    for _ in 0..max_plies {
        let action = match game.actor() {
            Actor::Over => break,
            Actor::Seat(s) if s == greedy_seat => greedy(knowledge, &game, &mut rng),
            _ => random_action(&game, &mut rng, &mut buffers).expect("not over"),
        };
        game.apply_unchecked(action);
    }
    game
}

/// Plays `games` games from `start`, the greedy player in seat 1 and 2 by turns; how many it
/// won outright.
pub(crate) fn greedy_wins<G: Game, K: Knowledge<G>>(
    knowledge: &K,
    start: &G,
    games: u64,
    max_plies: u32,
) -> u64 {
    (0..games)
        .filter(|&i| {
            let seat = Seat((i % 2) as u8);
            let end = greedy_against_random(knowledge, start.clone(), seat, 1000 + i, max_plies);
            sole_winner(&end, seat)
        })
        .count() as u64
}

/// Every position of a seeded random game (the start included), at most `plies` of them.
pub(crate) fn random_positions<G: Game>(start: &G, seed: u64, plies: usize) -> Vec<G> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buffers = Buffers::default();
    let mut game = start.clone();
    let mut out = vec![game.clone()];
    while out.len() < plies {
        let Some(a) = random_action(&game, &mut rng, &mut buffers) else {
            break;
        };
        game.apply_unchecked(a);
        out.push(game.clone());
    }
    out
}

/// The positions not over of `games` seeded random games from `start` (at most 20 000).
pub(crate) fn positions_of_random_games<G: Game>(start: &G, games: u64) -> Vec<G> {
    let mut out = Vec::new();
    for g in 0..games {
        out.extend(
            random_positions(start, 1000 + g, 20_000)
                .into_iter()
                .filter(|p| p.outcome().is_none()),
        );
        if out.len() >= 20_000 {
            out.truncate(20_000);
            break;
        }
    }
    out
}
