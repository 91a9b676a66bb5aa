//! What a search knows about a game beyond its rules: a static evaluation and a playout policy.
//!
//! The rules crate says only what is legal and who won. Everything a player *believes* about a
//! position (that towers are worth more than walls, that a ship near the kraken is in danger)
//! lives here, one file per game under [`crate::games`], so that the rules never change to make
//! the AI stronger.

use muster_rules::{Game, Seat};
use rand::rngs::SmallRng;
use rand::Rng;

/// Per-game knowledge used by [`crate::Mcts`] and [`crate::AlphaBeta`].
///
/// Contract:
/// * [`Knowledge::score`] is asked only of positions that are not over. For two seats it must be
///   antisymmetric: `score(g, a) == -score(g, b)`, because alpha-beta negates it.
/// * One hundred score units are worth about one unit of material; [`Knowledge::scale`] says how
///   many units make a position about 73 % won (the logistic of 1), which turns scores into the
///   utilities MCTS works with.
/// * Nothing here may draw randomness except through the generator it is handed.
pub trait Knowledge<G: Game>: Send + Sync + 'static {
    /// A short name, for reports.
    fn name(&self) -> &'static str;

    /// The static evaluation of a position that is not over, from `seat`'s side: positive is good
    /// for `seat`.
    fn score(&self, game: &G, seat: Seat) -> i32;

    /// Score units that stand for a logistic unit; see [`Knowledge::utilities`].
    fn scale(&self) -> f64 {
        400.0
    }

    /// The expected utility of every seat (as [`muster_rules::Outcome::utility`]: 1 best, 0
    /// worst) for a position that is not over. The default passes each seat's score through a
    /// logistic curve of width [`Knowledge::scale`].
    fn utilities(&self, game: &G, out: &mut [f64]) {
        let scale = self.scale();
        for (s, u) in out.iter_mut().enumerate() {
            let score = f64::from(self.score(game, Seat(s as u8)));
            *u = 1.0 / (1.0 + (-score / scale).exp());
        }
    }

    /// Clears `out` and fills it with the legal actions of the seat to act that this knowledge
    /// lets the searches consider, in the generator's order; searches and playouts list a
    /// seat's actions this way, before [`Knowledge::prune`] and
    /// [`Knowledge::playout_action`]. The default lists every legal action. A knowledge may
    /// leave out a kind of action that its `prune` always drops and its `playout_action` never
    /// picks, where the rules list the rest for less, as long as it leaves at least one action
    /// whenever the game has one.
    fn considered_actions(&self, game: &G, out: &mut Vec<G::Action>) {
        game.legal_actions(out);
    }

    /// The action a playout takes among `legal` (never empty). The default is uniform.
    fn playout_action(&self, game: &G, legal: &[G::Action], rng: &mut SmallRng) -> G::Action {
        let _ = game;
        legal[rng.random_range(0..legal.len())]
    }

    /// How many plies a playout runs before [`Knowledge::utilities`] judges it; `None` plays to
    /// the end of the game. A level's recipe may override it.
    fn playout_plies(&self) -> Option<u32> {
        None
    }

    /// Drops actions not worth searching from `actions` (which holds every legal action of a
    /// seat, in the generator's order). It must leave at least one. The default keeps all.
    fn prune(&self, game: &G, actions: &mut Vec<G::Action>) {
        let _ = (game, actions);
    }

    /// Clears `out` and fills it with the actions a search weighs at its root, where the
    /// decision actually played is taken. The default: what it considers everywhere else,
    /// pruned. A knowledge may widen the root with actions too many or too costly to weigh at
    /// every node of a tree but worth weighing for the move played; it must list only legal
    /// actions, and at least one whenever the game has one.
    fn root_actions(&self, game: &G, out: &mut Vec<G::Action>) {
        self.considered_actions(game, out);
        self.prune(game, out);
    }

    /// The most MCTS iterations a level spends on a decision whose iterations cost far more
    /// than the game's others (MuTou's choice of tier scribes a whole surface in each); `None`,
    /// the default: the level's own.
    fn iteration_cap(&self, game: &G) -> Option<u64> {
        let _ = game;
        None
    }

    /// What reaching `game` cost, in positions of a search's budget: 1 for an action as costly
    /// as most, more for one whose playing cost many times that (Mu's chain reactions whose
    /// order the rules judge by exploring thousands of states). Alpha-beta counts it against
    /// its `nodes` budget, so that a level's decisions stay within their time where nearly
    /// every action is that costly. The default: 1 everywhere.
    fn position_cost(&self, game: &G) -> u64 {
        let _ = game;
        1
    }

    /// Whether [`Knowledge::score`] tells the positions near `game` apart. Where it does not (a
    /// set-up phase it scores 0 throughout), alpha-beta would choose blindly, so an alpha-beta
    /// level plays MCTS there instead. The default: everywhere.
    fn judges(&self, game: &G) -> bool {
        let _ = game;
        true
    }

    /// How a game that may go on for ever is brought to an end (see [`crate::ending`]): the
    /// game's pass, and the keys that tell a repeated position and real progress. `None` (the
    /// default) for games that end by themselves.
    fn ending(&self) -> Option<&dyn Ending<G>> {
        None
    }
}

/// What [`crate::ending`] needs to know of a game that ends only when every seat passes in turn
/// (Mu, mu §2.12): a game whose players can keep moving for ever.
pub trait Ending<G: Game>: Send + Sync {
    /// The pass, when it is legal in `game`.
    fn pass(&self, game: &G) -> Option<G::Action>;

    /// A key of the position as the players see it: equal keys, the same position, whatever
    /// counters of turns or passes say (a position that comes back has the same key).
    fn repetition_key(&self, game: &G) -> u64;

    /// A key of what cannot come back once changed (men on the board, cells still Virgin): a
    /// key never seen before in the game is progress.
    fn progress_key(&self, game: &G) -> u64;

    /// Score units a move must gain over passing before alpha-beta prefers it.
    fn pass_margin(&self) -> i32;

    /// Whether this game ends without help (a variant with a turn cap): then the rules of
    /// [`crate::ending`] stay out of the way, since passing early only gives away turns.
    fn ends_by_itself(&self, game: &G) -> bool;
}

/// Knowledge of nothing: every position scores 0 and playouts are uniform. The baseline for
/// tests, and the knowledge of plain UCT.
#[derive(Clone, Copy, Debug, Default)]
pub struct Blind;

impl<G: Game> Knowledge<G> for Blind {
    fn name(&self) -> &'static str {
        "blind"
    }

    fn score(&self, _game: &G, _seat: Seat) -> i32 {
        0
    }
}
