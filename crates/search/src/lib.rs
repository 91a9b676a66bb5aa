//! Game-playing search for muster's games.
//!
//! * [`Mcts`]: UCT for every game on the contract: any number of seats (a reward per seat, each
//!   node maximising the seat that acts there), chance nodes drawn by the game's weights, turns
//!   of several decisions as ordinary decisions, proven results propagated, the tree kept
//!   between moves, root-parallel threads.
//! * [`AlphaBeta`]: negamax with iterative deepening, a transposition table, TT-move, killer and
//!   history ordering and aspiration windows, for games without chance; with more than two
//!   seats it is paranoid (the other seats play as one side against the seat deciding).
//! * [`ending`]: how players bring a game that could go on for ever (Mu) to its end.
//! * [`games`]: what the searches know about each game (evaluations, playout policies), one file
//!   per game; the rules crate knows nothing of it.
//! * [`levels`]: the graded opponents, each a fixed recipe of algorithm and budget, and
//!   [`Engine`], which plays any [`muster_rules::AnyGame`] at a level.
//!
//! Depends on the rules crate only: no I/O; time is read only when a budget asks for it.

pub mod budget;
pub mod ending;
pub mod games;
pub mod knowledge;

pub use budget::{Budget, Observer, Progress, StopFlag};
pub use knowledge::{Blind, Ending, Knowledge};

pub mod alphabeta;
pub mod mcts;
pub mod minimax;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig, AlphaBetaResult, Crowd, RootRules};
pub use mcts::{Candidate, Mcts, MctsConfig, MctsResult};

/// Why a search cannot run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The budget sets no limit, so the search would never stop.
    #[error("the search budget sets no limit (give a time, a node count or a depth)")]
    Unbounded,
    /// Nobody is to decide.
    #[error("nothing to search: {0}")]
    NotASeat(&'static str),
    /// Alpha-beta was asked to search a game it cannot (chance, or a single seat).
    #[error("alpha-beta searches games of two or more seats without chance; {0}")]
    Unsupported(String),
}
pub mod engine;
pub mod levels;
mod tt;

pub use engine::{CappedThought, Engine, EngineOptions, StopReason, Thought};
pub use levels::{Level, Recipe};

/// Refuses searches that could not end or have nobody to decide.
pub(crate) fn check_searchable<G: muster_rules::Game>(
    game: &G,
    budget: &Budget,
) -> Result<(), SearchError> {
    if !budget.is_bounded() {
        return Err(SearchError::Unbounded);
    }
    match game.actor() {
        muster_rules::Actor::Seat(_) => Ok(()),
        muster_rules::Actor::Chance => Err(SearchError::NotASeat("chance is to act")),
        muster_rules::Actor::Over => Err(SearchError::NotASeat("the game is over")),
    }
}
