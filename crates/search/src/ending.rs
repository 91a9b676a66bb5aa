//! Bringing games that may go on for ever to an end.
//!
//! Mu ends only when every seat passes in turn (mu §2.12), and nothing in its rules forbids
//! moving men back and forth for ever. Two searches that each judge a shuffle as good as a pass
//! never end a game. A player whose knowledge offers an [`Ending`] keeps a [`Memory`] of the game
//! it has observed and follows three rules:
//!
//! 1. **No repetition.** It never plays a move into a position (by
//!    [`Ending::repetition_key`]) that has already stood in this game, so it cannot go round a
//!    cycle it has played through. The pass is never excluded, and when every other action is
//!    excluded nothing is.
//! 2. **A move must gain something.** The pass and the all-pass end are ordinary nodes of the
//!    tree. Once play has been quiet for [`PASS_WEIGHED_AFTER`] decisions per seat, alpha-beta
//!    searches the pass first at the root and plays a move only when it scores
//!    [`Ending::pass_margin`] more: a move that gains nothing is not played.
//! 3. **Quiet play ends.** After [`QUIET_DECISIONS`] decisions per seat in a row in which
//!    nothing irreversible happened ([`Ending::progress_key`] new to the game), the seat to move
//!    passes without searching. When every seat is quiet they all pass and the game ends by the
//!    rules; one real change (a capture, a sprout) starts the count again.
//!
//! A game that ends by itself ([`Ending::ends_by_itself`]: Mu under the `ply_cap` house rule)
//! is played without these rules.
//!
//! The memory is built from what the player is told was played ([`crate::Engine::observe`]); a
//! position that does not follow from what was observed starts a new memory there.

use std::collections::HashSet;

use muster_rules::Game;

use crate::knowledge::Ending;

/// Decisions per seat without progress after which the seat to move passes.
pub const QUIET_DECISIONS: u32 = 12;

/// Decisions per seat without progress after which alpha-beta weighs the pass first.
pub const PASS_WEIGHED_AFTER: u32 = 2;

/// What a player remembers of the game for the rules above.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// The repetition keys of every position observed in the game.
    seen: HashSet<u64>,
    /// The progress keys observed.
    progress: HashSet<u64>,
    /// Decisions in a row that brought no new progress key.
    quiet: u32,
}

impl Memory {
    /// Makes the memory describe the game that `game` belongs to: when `game` is not a position
    /// observed (a new game, or one given without its moves), the memory starts again from it.
    pub fn follow<G: Game>(&mut self, ending: &dyn Ending<G>, game: &G) {
        if !self.seen.contains(&ending.repetition_key(game)) {
            *self = Memory::default();
            self.remember(ending, game);
            self.quiet = 0;
        }
    }

    /// Records that an action turned `before` into `after`.
    pub fn observe<G: Game>(&mut self, ending: &dyn Ending<G>, before: &G, after: &G) {
        self.follow(ending, before);
        self.remember(ending, after);
    }

    fn remember<G: Game>(&mut self, ending: &dyn Ending<G>, game: &G) {
        self.seen.insert(ending.repetition_key(game));
        if self.progress.insert(ending.progress_key(game)) {
            self.quiet = 0;
        } else {
            self.quiet += 1;
        }
    }

    /// Decisions in a row without progress.
    pub fn quiet(&self) -> u32 {
        self.quiet
    }

    /// Whether play has been quiet long enough ([`PASS_WEIGHED_AFTER`] decisions per seat)
    /// that alpha-beta weighs the pass first (rule 2). Before that a pass is searched like any
    /// move: at the start of play every move and the pass score alike, and a game that ended
    /// there in a draw would be no game.
    pub fn weighs_passing<G: Game>(&self, game: &G) -> bool {
        self.quiet >= PASS_WEIGHED_AFTER.saturating_mul(game.seats() as u32)
    }

    /// The pass, when quiet play has lasted long enough that the seat to move must pass (rule 3).
    pub fn must_pass<G: Game>(&self, ending: &dyn Ending<G>, game: &G) -> Option<G::Action> {
        let limit = QUIET_DECISIONS.saturating_mul(game.seats() as u32);
        (self.quiet >= limit).then(|| ending.pass(game)).flatten()
    }

    /// The legal actions that would bring back a position of the game (rule 1); empty when that
    /// would leave nothing but an illegal pass.
    pub fn repeating<G: Game>(&self, ending: &dyn Ending<G>, game: &G) -> Vec<G::Action> {
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let pass = ending.pass(game);
        let repeating: Vec<G::Action> = legal
            .iter()
            .copied()
            .filter(|&a| Some(a) != pass)
            .filter(|&a| {
                let mut child = game.clone();
                child.apply_unchecked(a);
                self.seen.contains(&ending.repetition_key(&child))
            })
            .collect();
        if pass.is_none() && repeating.len() == legal.len() {
            return Vec::new();
        }
        repeating
    }
}
