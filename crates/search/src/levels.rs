//! The graded opponents: for each game, levels 1 to 8, each a fixed recipe of algorithm and
//! budget. Budgets are counted in iterations or nodes, never in time, so a level plays the same
//! on every machine and an arena result can be reproduced from its seed.
//!
//! The recipes were chosen by measuring each level against the one below it with
//! `muster arena` (see `docs/ai.md`).

use muster_rules::GameId;

use crate::Crowd;

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// Uniformly random legal actions.
    Random,
    /// MCTS with this many iterations per decision; playouts cut after `playout_plies` (none:
    /// the knowledge's default).
    Mcts {
        /// Iterations per decision.
        iterations: u64,
        /// Playout length, overriding the knowledge's.
        playout_plies: Option<u32>,
    },
    /// Alpha-beta to at most `depth` plies and `nodes` positions per decision; with more than
    /// two seats every other seat plays against the one deciding, answering as `crowd` says.
    /// Where there is chance, or where the game's knowledge does not judge the position (Mu's
    /// set-up), the level plays MCTS with a fifth of its positions as iterations, at most 4 000
    /// with two seats and 1 000 with more.
    AlphaBeta {
        /// The deepest iteration.
        depth: u32,
        /// Positions per decision.
        nodes: u64,
        /// How the other seats answer with three seats or more.
        crowd: Crowd,
    },
    /// Alpha-beta (as [`Recipe::AlphaBeta`], paranoid) with two seats; with three or more,
    /// MCTS wherever the knowledge judges the position (elsewhere, in Mu's set-up, alpha-beta's
    /// MCTS stand-in as above), `crowd_iterations` with three seats and `crowd_iterations × 3 /
    /// seats` with more (a board of more seats is bigger, and each iteration costs more).
    Mixed {
        /// The deepest alpha-beta iteration with two seats.
        depth: u32,
        /// Alpha-beta positions per decision with two seats.
        nodes: u64,
        /// MCTS iterations per decision with three seats (fewer with more, see above).
        crowd_iterations: u64,
    },
}

/// One named level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 (weakest) to 8.
    pub number: u8,
    /// The level's name.
    pub name: &'static str,
    /// How it plays.
    pub recipe: Recipe,
}

/// The names of levels 1 to 8.
pub const NAMES: [&str; 8] = [
    "beginner",
    "novice",
    "casual",
    "club",
    "strong",
    "expert",
    "master",
    "grandmaster",
];

const fn mcts(iterations: u64, playout_plies: Option<u32>) -> Recipe {
    Recipe::Mcts {
        iterations,
        playout_plies,
    }
}

const fn ab(depth: u32, nodes: u64) -> Recipe {
    Recipe::alpha_beta(depth, nodes)
}

impl Recipe {
    /// Alpha-beta with the same budget whatever the number of seats (paranoid with more than
    /// two).
    pub const fn alpha_beta(depth: u32, nodes: u64) -> Recipe {
        Recipe::AlphaBeta {
            depth,
            nodes,
            crowd: Crowd::Paranoid,
        }
    }
}

/// The recipes of levels 1 to 8 for a game.
fn recipes(game: GameId) -> [Recipe; 8] {
    match game {
        GameId::MurusGallicus => [
            mcts(8, None),
            mcts(40, None),
            mcts(200, None),
            mcts(1_000, None),
            ab(64, 4_000),
            ab(64, 20_000),
            ab(64, 100_000),
            ab(64, 400_000),
        ],
        GameId::Mur => [
            mcts(3, None),
            mcts(40, None),
            mcts(400, None),
            mcts(2_000, None),
            ab(64, 4_000),
            ab(64, 20_000),
            ab(64, 100_000),
            ab(64, 400_000),
        ],
        GameId::Mu => [
            mcts(2, None),
            mcts(8, None),
            mcts(30, None),
            mcts(100, None),
            // Beyond ~100 iterations MCTS stops gaining in Mu (docs/ai.md). Alpha-beta levels
            // separate only when the budget buys a further ply on the duel board: about 600
            // positions reach depth 1, 2 000 depth 2, 20 000 depth 3, 60 000 depth 4 in most
            // positions. Level 8 searches 300 000 (into depth 5 with two seats, about a second
            // a decision); with three seats or more, paranoid, whose costliest decisions over
            // whole games took 0.63 s with three seats, 0.84 s with four and 1.02 s with eight.
            // A crowded position where chains follow nearly every move took 33 s until a
            // position came to count the explosions that reached it (MuKnowledge's
            // position_cost); now 0.5 s (docs/ai.md). Best-reply search scored 11-0-13 against
            // paranoid at 300 000. With three seats or more level 8 plays MCTS 40 000 (counted
            // by cost, as alpha-beta is), which beat the level 8 before issue 26 where paranoid
            // alpha-beta could not (docs/ai.md).
            ab(64, 600),
            ab(64, 2_000),
            ab(64, 20_000),
            Recipe::Mixed {
                depth: 64,
                nodes: 300_000,
                crowd_iterations: 40_000,
            },
        ],
        GameId::MuTou => [
            mcts(1, None),
            mcts(3, None),
            mcts(8, None),
            mcts(20, None),
            mcts(50, None),
            mcts(100, None),
            mcts(200, None),
            // 10 000 iterations won 15 of 18 three-seat games (and 19 of 24 with two seats)
            // against the 400 of level 8 before issue 26, where 2 000 won 3 of 6 three-seat
            // games; 40 000 won 30 of 40 two-seat games against 10 000 (docs/ai.md). The
            // searches list no area alterations inside their trees, which keeps a decision
            // under a second and a half, and weigh at the root only those that take a life out
            // of an enemy's reach; the choice of tier plays at most 10 000.
            mcts(40_000, None),
        ],
    }
}

/// The eight levels of a game, weakest first.
pub fn levels(game: GameId) -> Vec<Level> {
    recipes(game)
        .into_iter()
        .zip(NAMES)
        .zip(1u8..)
        .map(|((recipe, name), number)| Level {
            number,
            name,
            recipe,
        })
        .collect()
}

/// Level `number` (1 to 8) of a game.
pub fn level(game: GameId, number: u8) -> Option<Level> {
    levels(game).into_iter().find(|l| l.number == number)
}
