//! Random games: every seat picks uniformly among its legal actions, and chance picks by its
//! weights. Used by `muster bench`, by the conformance battery and by random opponents.
//!
//! The caller supplies the random number generator; nothing here is random on its own.

use rand::Rng;

use crate::game::{Actor, Game};

/// Reusable buffers, so that a run of playouts allocates nothing after the first.
#[derive(Debug)]
pub struct Buffers<G: Game> {
    actions: Vec<G::Action>,
    chance: Vec<(G::Action, u32)>,
}

impl<G: Game> Default for Buffers<G> {
    fn default() -> Self {
        Buffers {
            actions: Vec::with_capacity(256),
            chance: Vec::with_capacity(64),
        }
    }
}

/// The next action chosen at random for the current actor, or `None` when the game is over.
pub fn random_action<G: Game, R: Rng + ?Sized>(
    game: &G,
    rng: &mut R,
    buffers: &mut Buffers<G>,
) -> Option<G::Action> {
    match game.actor() {
        Actor::Over => None,
        Actor::Chance => {
            game.chance_outcomes(&mut buffers.chance);
            pick_weighted(&buffers.chance, rng)
        }
        Actor::Seat(_) => game.choose_action(|n| rng.random_range(0..n), &mut buffers.actions),
    }
}

fn pick_weighted<A: Copy, R: Rng + ?Sized>(outcomes: &[(A, u32)], rng: &mut R) -> Option<A> {
    let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
    if total == 0 {
        return None;
    }
    let mut roll = rng.random_range(0..total);
    for &(action, weight) in outcomes {
        if roll < u64::from(weight) {
            return Some(action);
        }
        roll -= u64::from(weight);
    }
    None
}

/// Plays random actions on `game` until it is over or `max_actions` have been played. Returns the
/// number of actions played.
pub fn play_out<G: Game, R: Rng + ?Sized>(
    game: &mut G,
    rng: &mut R,
    buffers: &mut Buffers<G>,
    max_actions: u64,
) -> u64 {
    let mut played = 0;
    while played < max_actions {
        let Some(action) = random_action(game, rng, buffers) else {
            break;
        };
        game.apply_unchecked(action);
        played += 1;
    }
    played
}

/// Totals over a run of random games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Games played (finished or cut off).
    pub games: u64,
    /// Actions played in all of them.
    pub actions: u64,
    /// Games cut off by the action limit before they ended.
    pub unfinished: u64,
    /// Finished games that were draws.
    pub draws: u64,
    /// For each seat, the finished games it won alone or shared first place in without a draw.
    pub wins: Vec<u64>,
}

impl PlayoutStats {
    /// Adds another run's totals to these.
    pub fn merge(&mut self, other: &PlayoutStats) {
        self.games += other.games;
        self.actions += other.actions;
        self.unfinished += other.unfinished;
        self.draws += other.draws;
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (mine, theirs) in self.wins.iter_mut().zip(&other.wins) {
            *mine += theirs;
        }
    }
}

/// Plays `games` random games from `start`, each cut off after `max_actions`.
pub fn random_games<G: Game, R: Rng + ?Sized>(
    start: &G,
    rng: &mut R,
    games: u64,
    max_actions: u64,
) -> PlayoutStats {
    let mut buffers = Buffers::default();
    let mut stats = PlayoutStats {
        wins: vec![0; start.seats()],
        ..PlayoutStats::default()
    };
    for _ in 0..games {
        let mut game = start.clone();
        stats.actions += play_out(&mut game, rng, &mut buffers, max_actions);
        stats.games += 1;
        match game.outcome() {
            None => stats.unfinished += 1,
            Some(outcome) if outcome.is_draw() => stats.draws += 1,
            Some(outcome) => {
                for seat in outcome.winners() {
                    stats.wins[seat.index()] += 1;
                }
            }
        }
    }
    stats
}
