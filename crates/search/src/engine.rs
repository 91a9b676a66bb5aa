//! [`Engine`]: an AI player for any [`AnyGame`], speaking notation at its edges.
//!
//! The engine always thinks on the position as its own seat may see it ([`AnyGame::view`]), so
//! hidden information (MuTou's setting-out) stays hidden from it.

use std::time::Duration;

use muster_rules::{Actor, AnyGame, Game, GameId, Visibility};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::alphabeta::{value_of, RootRules};
use crate::ending::Memory;
use crate::games::mutou::MuTouKnowledge;
use crate::games::{mu::MuKnowledge, mur::MurKnowledge, murus_gallicus::MurusGallicusKnowledge};
use crate::levels::Recipe;
use crate::{
    AlphaBeta, AlphaBetaConfig, Budget, Crowd, Knowledge, Mcts, MctsConfig, Observer, SearchError,
    StopFlag,
};

/// The most MCTS iterations an alpha-beta level plays where alpha-beta cannot go (chance,
/// positions its knowledge does not judge), with two seats: a fifth of its positions, at most
/// this. A set-up decision of Mu, whose playouts run through the rest of the set-up into the
/// play, must stay within a level's two seconds.
const MCTS_STAND_IN: u64 = 4_000;
/// The same with more than two seats: kept where it was, since a stronger set-up has been
/// measured (docs/ai.md) only with two.
const MCTS_STAND_IN_CROWD: u64 = 1_000;

/// What the engine decided, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The action to play, in notation.
    pub action: String,
    /// Its value for the seat to move, as an expected utility (0 lost, ½ even, 1 won).
    pub value: f64,
    /// The expected utility of every seat, indexed by seat: MCTS, the mean rewards (or proven
    /// values) after the chosen action; alpha-beta (two seats), `value` for the mover and its
    /// complement for the other; a random level has no estimate and says ½ for every seat.
    pub values: Vec<f64>,
    /// Whether the value is proven rather than estimated.
    pub proven: bool,
    /// Alpha-beta's score (100 ≈ one unit of material), when alpha-beta decided.
    pub score: Option<i32>,
    /// The expected line, starting with `action`.
    pub line: Vec<String>,
    /// Iterations (MCTS) or positions (alpha-beta) searched.
    pub nodes: u64,
    /// The depth reached.
    pub depth: u32,
    /// Time spent.
    pub elapsed: Duration,
    /// Which search decided: `random`, `mcts` or `alpha-beta`; `ending` for a pass that
    /// [`crate::ending`]'s quiet rule made without searching.
    pub method: &'static str,
}

impl Thought {
    /// The evaluation in words, e.g. `61% for the mover`, `+1.40`, `won in 3`, `lost`.
    pub fn evaluation(&self) -> String {
        if let Some(score) = self.score {
            let win = crate::alphabeta::WIN;
            if score > crate::alphabeta::EVAL_LIMIT {
                return format!("wins in {} decisions", win - score);
            }
            if score < -crate::alphabeta::EVAL_LIMIT {
                return format!("loses in {} decisions", win + score);
            }
            return format!("{:+.2}", f64::from(score) / 100.0);
        }
        match (self.proven, self.value) {
            (true, v) if v >= 1.0 => "proven win".to_owned(),
            (true, v) if v <= 0.0 => "proven loss".to_owned(),
            (true, v) => format!("proven, {:.0}% for the mover", v * 100.0),
            (false, v) => format!("{:.0}% for the mover", v * 100.0),
        }
    }
}

/// Why a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The level's own budget (iterations, positions, depth) was spent, or there was nothing to
    /// search (a random level).
    Budget,
    /// The wall-clock cap was reached first.
    Cap,
    /// The stop flag was set.
    Stopped,
    /// The search proved the result and stopped early.
    Proven,
}

/// What [`Engine::think_capped`] decided and what it searched.
#[derive(Clone, Debug, PartialEq)]
pub struct CappedThought {
    /// The decision, with the iterations or positions searched, the depth and the time spent.
    pub thought: Thought,
    /// The cap it was given.
    pub cap: Duration,
    /// Why the search ended.
    pub stopped: StopReason,
}

/// What a caller gives [`Player::think`] besides the position.
#[derive(Clone, Copy, Debug)]
enum Limit {
    /// The recipe's budget.
    Level,
    /// This budget instead of the recipe's.
    Replace(Budget),
    /// The recipe's budget, and at most this much wall-clock time.
    Cap(Duration),
}

impl Limit {
    /// The budget to search with, given the recipe's.
    fn budget(self, recipe: Budget) -> Budget {
        match self {
            Limit::Level => recipe,
            Limit::Replace(budget) => budget,
            Limit::Cap(cap) => Budget {
                time: Some(recipe.time.map_or(cap, |t| t.min(cap))),
                ..recipe
            },
        }
    }

    /// The budget of an MCTS search, given the recipe's iterations: as [`Limit::budget`], but
    /// a replacing budget that sets only a depth (which MCTS does not count) keeps the
    /// recipe's iterations, so that it still ends.
    fn mcts_budget(self, recipe: Budget) -> Budget {
        match self {
            Limit::Replace(budget) if budget.nodes.is_none() && budget.time.is_none() => recipe,
            other => other.budget(recipe),
        }
    }
}

/// An AI player of one game.
#[derive(Debug)]
pub struct Engine {
    inner: Inner,
    recipe: Recipe,
}

#[derive(Debug)]
enum Inner {
    MurusGallicus(Player<muster_rules::murus_gallicus::MurusGallicus, MurusGallicusKnowledge>),
    Mur(Player<muster_rules::mur::Mur, MurKnowledge>),
    Mu(Player<muster_rules::mu::Mu, MuKnowledge>),
    MuTou(Player<muster_rules::mutou::MuTou, MuTouKnowledge>),
}

/// How an [`Engine`] may use the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Search threads (one keeps a search reproducible from its seed).
    pub threads: usize,
    /// The memory of alpha-beta's transposition table, in MiB: the table holds the largest
    /// power of two of entries that fits (at least 2^10).
    pub hash_mib: usize,
}

impl EngineOptions {
    /// The table of [`Engine::new`]: 32 MiB hold 2^20 entries of every game's table (an entry
    /// takes 24 or 32 bytes), as [`AlphaBetaConfig::default`] has.
    pub const DEFAULT_HASH_MIB: usize = 32;
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            threads: 1,
            hash_mib: EngineOptions::DEFAULT_HASH_MIB,
        }
    }
}

impl Engine {
    /// An engine for `game` playing `recipe`, its randomness drawn from `seed`, using `threads`
    /// threads and the default table ([`EngineOptions::DEFAULT_HASH_MIB`]).
    pub fn new(game: GameId, recipe: Recipe, seed: u64, threads: usize) -> Engine {
        Engine::with_options(
            game,
            recipe,
            seed,
            EngineOptions {
                threads,
                ..EngineOptions::default()
            },
        )
    }

    /// An engine for `game` playing `recipe`, its randomness drawn from `seed`, with `options`.
    /// With the default options it plays exactly as [`Engine::new`] with one thread.
    pub fn with_options(game: GameId, recipe: Recipe, seed: u64, options: EngineOptions) -> Engine {
        let settings = Settings {
            recipe,
            seed,
            threads: options.threads.max(1),
            hash_mib: options.hash_mib,
        };
        let inner = match game {
            GameId::MurusGallicus => {
                Inner::MurusGallicus(Player::new(MurusGallicusKnowledge, settings))
            }
            GameId::Mur => Inner::Mur(Player::new(MurKnowledge, settings)),
            GameId::Mu => Inner::Mu(Player::new(MuKnowledge::default(), settings)),
            GameId::MuTou => Inner::MuTou(Player::new(MuTouKnowledge::default(), settings)),
        };
        Engine { inner, recipe }
    }

    /// The recipe it plays.
    pub fn recipe(&self) -> Recipe {
        self.recipe
    }

    /// Decides for the seat to move in `game` (as that seat sees it). `budget` replaces the
    /// recipe's budget when given. Progress goes to `observer`; `stop` ends the search early.
    pub fn think(
        &mut self,
        game: &AnyGame,
        budget: Option<Budget>,
        stop: &StopFlag,
        observer: &mut dyn Observer,
    ) -> Result<Thought, SearchError> {
        self.decide(
            game,
            budget.map_or(Limit::Level, Limit::Replace),
            stop,
            observer,
        )
    }

    /// Decides at the engine's level under a clock: the recipe's own budget (the same
    /// iterations or positions as [`Engine::think`] without a budget, the stand-in of an
    /// alpha-beta level scaled as usual), but never longer than `cap` of wall-clock time, and
    /// ending early when `stop` is set. The report says what was searched and why it ended.
    ///
    /// The cap is checked between MCTS iterations and every 16 alpha-beta positions, so the
    /// search overruns it by at most one iteration (one playout); the action returned is always
    /// legal, the best found so far. A capped search depends on the machine's speed, so it is
    /// not reproducible the way a level's own budget is.
    pub fn think_capped(
        &mut self,
        game: &AnyGame,
        cap: Duration,
        stop: &StopFlag,
        observer: &mut dyn Observer,
    ) -> Result<CappedThought, SearchError> {
        let thought = self.decide(game, Limit::Cap(cap), stop, observer)?;
        let stopped = if stop.is_set() {
            StopReason::Stopped
        } else if thought.elapsed >= cap {
            StopReason::Cap
        } else if thought.proven {
            StopReason::Proven
        } else {
            StopReason::Budget
        };
        Ok(CappedThought {
            thought,
            cap,
            stopped,
        })
    }

    fn decide(
        &mut self,
        game: &AnyGame,
        limit: Limit,
        stop: &StopFlag,
        observer: &mut dyn Observer,
    ) -> Result<Thought, SearchError> {
        let Actor::Seat(seat) = game.actor() else {
            return Err(SearchError::NotASeat(match game.actor() {
                Actor::Chance => "chance is to act",
                _ => "the game is over",
            }));
        };
        let view = game.view(Some(seat.index()));
        match (&mut self.inner, &view) {
            (Inner::MurusGallicus(p), AnyGame::MurusGallicus(g)) => {
                p.think(g, limit, stop, observer)
            }
            (Inner::Mur(p), AnyGame::Mur(g)) => p.think(g, limit, stop, observer),
            (Inner::Mu(p), AnyGame::Mu(g)) => p.think(g, limit, stop, observer),
            (Inner::MuTou(p), AnyGame::MuTou(g)) => p.think(g, limit, stop, observer),
            _ => Err(SearchError::Unsupported(format!(
                "this engine does not play {}",
                game.id()
            ))),
        }
    }

    /// Tells the engine that `action` was played in `before`, so it can keep the part of its
    /// tree that still matters. Secret actions are not passed on.
    pub fn observe(&mut self, before: &AnyGame, action: &str) {
        if before.action_visibility(action) != Ok(Visibility::Public) {
            return;
        }
        match (&mut self.inner, before) {
            (Inner::MurusGallicus(p), AnyGame::MurusGallicus(g)) => p.observe(g, action),
            (Inner::Mur(p), AnyGame::Mur(g)) => p.observe(g, action),
            (Inner::Mu(p), AnyGame::Mu(g)) => p.observe(g, action),
            (Inner::MuTou(p), AnyGame::MuTou(g)) => p.observe(g, action),
            _ => {}
        }
    }

    /// The knowledge's name, for reports.
    pub fn knowledge(&self) -> &'static str {
        match &self.inner {
            Inner::MurusGallicus(p) => p.knowledge_name(),
            Inner::Mur(p) => p.knowledge_name(),
            Inner::Mu(p) => p.knowledge_name(),
            Inner::MuTou(p) => p.knowledge_name(),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Settings {
    recipe: Recipe,
    seed: u64,
    threads: usize,
    hash_mib: usize,
}

/// A typed player: the recipe's search, kept between decisions.
#[derive(Debug)]
struct Player<G: Game, K: Knowledge<G> + Clone> {
    knowledge: K,
    settings: Settings,
    /// The game as observed, for games that need help to end ([`crate::ending`]).
    memory: Memory,
    mcts: Option<Mcts<G, K>>,
    alpha_beta: Option<AlphaBeta<G, K>>,
    rng: SmallRng,
}

impl<G: Game, K: Knowledge<G> + Clone> Player<G, K> {
    fn new(knowledge: K, settings: Settings) -> Self {
        Player {
            knowledge,
            settings,
            memory: Memory::default(),
            mcts: None,
            alpha_beta: None,
            rng: SmallRng::seed_from_u64(settings.seed),
        }
    }

    fn knowledge_name(&self) -> &'static str {
        self.knowledge.name()
    }

    fn think(
        &mut self,
        game: &G,
        limit: Limit,
        stop: &StopFlag,
        observer: &mut dyn Observer,
    ) -> Result<Thought, SearchError> {
        let mut rules = RootRules::default();
        let ending = self.knowledge.ending().filter(|e| !e.ends_by_itself(game));
        // A random player stays uniformly random.
        if let Some(ending) = ending.filter(|_| self.settings.recipe != Recipe::Random) {
            self.memory.follow(ending, game);
            if let Some(pass) = self.memory.must_pass(ending, game) {
                return Ok(unsearched(game, pass, "ending"));
            }
            rules = RootRules {
                excluded: self.memory.repeating(ending, game),
                pass: ending
                    .pass(game)
                    .filter(|_| self.memory.weighs_passing(game))
                    .map(|p| (p, ending.pass_margin())),
            };
        }
        let excluded = rules.excluded.clone();
        let thought = self.search(game, limit, stop, observer, rules)?;
        Ok(self.avoid(game, thought, &excluded))
    }

    /// A search's decision replaced when it would repeat a position: the pass when it is
    /// legal, else the first legal action that does not repeat. Only MCTS can leave one (when
    /// it searched nothing else).
    fn avoid(&self, game: &G, mut thought: Thought, excluded: &[G::Action]) -> Thought {
        if !excluded
            .iter()
            .any(|&a| game.action_text(a) == thought.action)
        {
            return thought;
        }
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let pass = self.knowledge.ending().and_then(|e| e.pass(game));
        let other = legal.iter().copied().find(|a| !excluded.contains(a));
        if let Some(action) = pass.or(other) {
            thought.action = game.action_text(action);
            thought.line = vec![thought.action.clone()];
        }
        thought
    }

    fn search(
        &mut self,
        game: &G,
        limit: Limit,
        stop: &StopFlag,
        observer: &mut dyn Observer,
        rules: RootRules<G::Action>,
    ) -> Result<Thought, SearchError> {
        let recipe = match self.settings.recipe {
            // A bigger board costs more an iteration: as much time with any number of seats.
            Recipe::Mixed {
                crowd_iterations, ..
            } if game.seats() > 2 && self.knowledge.judges(game) => Recipe::Mcts {
                iterations: (crowd_iterations * 3 / game.seats() as u64).max(1),
                playout_plies: None,
            },
            Recipe::Mixed { depth, nodes, .. } => Recipe::alpha_beta(depth, nodes),
            recipe => recipe,
        };
        match recipe {
            Recipe::Random => Ok(self.random(game)),
            // Made into one of the others above.
            Recipe::Mixed { .. } => unreachable!("a mixed recipe plays alpha-beta or MCTS"),
            Recipe::AlphaBeta {
                depth,
                nodes,
                crowd,
            } if !G::INFO.has_chance && self.knowledge.judges(game) => {
                let budget = limit.budget(Budget {
                    nodes: Some(nodes),
                    depth: Some(depth),
                    time: None,
                });
                self.alpha_beta(game, &budget, stop, observer, rules, crowd)
            }
            Recipe::AlphaBeta { nodes, .. } => {
                let most = if game.seats() > 2 {
                    MCTS_STAND_IN_CROWD
                } else {
                    MCTS_STAND_IN
                };
                let iterations = (nodes / 5).clamp(1, most);
                let budget = limit.mcts_budget(Budget::nodes(iterations));
                self.mcts(game, None, &budget, stop, observer, rules.excluded)
            }
            Recipe::Mcts {
                iterations,
                playout_plies,
            } => {
                let cap = self.knowledge.iteration_cap(game);
                let iterations = cap.map_or(iterations, |cap| iterations.min(cap));
                let budget = limit.mcts_budget(Budget::nodes(iterations));
                self.mcts(game, playout_plies, &budget, stop, observer, rules.excluded)
            }
        }
    }

    fn random(&mut self, game: &G) -> Thought {
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let action = legal[self.rng.random_range(0..legal.len())];
        unsearched(game, action, "random")
    }

    fn mcts(
        &mut self,
        game: &G,
        playout_plies: Option<u32>,
        budget: &Budget,
        stop: &StopFlag,
        observer: &mut dyn Observer,
        excluded: Vec<G::Action>,
    ) -> Result<Thought, SearchError> {
        let Settings { seed, threads, .. } = self.settings;
        let knowledge = &self.knowledge;
        let search = self.mcts.get_or_insert_with(|| {
            let config = MctsConfig {
                threads,
                playout_plies: playout_plies.map(Some),
                ..MctsConfig::default()
            };
            Mcts::new(knowledge.clone(), config, seed)
        });
        search.set_root_excluded(excluded);
        let found = search.search(game, budget, stop, observer)?;
        Ok(Thought {
            action: game.action_text(found.best),
            value: found.value,
            values: found.values,
            proven: found.proven,
            score: None,
            line: line_text(game, &found.line),
            nodes: found.iterations,
            depth: found.depth,
            elapsed: found.elapsed,
            method: "mcts",
        })
    }

    fn alpha_beta(
        &mut self,
        game: &G,
        budget: &Budget,
        stop: &StopFlag,
        observer: &mut dyn Observer,
        rules: RootRules<G::Action>,
        crowd: Crowd,
    ) -> Result<Thought, SearchError> {
        let threads = self.settings.threads;
        let tt_bits = crate::tt::bits_for_mib::<G::Action>(self.settings.hash_mib);
        let knowledge = &self.knowledge;
        let search = self.alpha_beta.get_or_insert_with(|| {
            let config = AlphaBetaConfig {
                threads,
                tt_bits,
                ..AlphaBetaConfig::default()
            };
            AlphaBeta::new(knowledge.clone(), config)
        });
        search.set_root_rules(rules);
        search.set_crowd(crowd);
        let found = search.search(game, budget, stop, observer)?;
        Ok(Thought {
            action: game.action_text(found.best),
            value: value_of(found.score, self.knowledge.scale()),
            values: match game.actor() {
                Actor::Seat(me) => crate::alphabeta::seat_values(
                    game.seats(),
                    me,
                    value_of(found.score, self.knowledge.scale()),
                ),
                _ => Vec::new(),
            },
            proven: found.score.abs() > crate::alphabeta::EVAL_LIMIT,
            score: Some(found.score),
            line: line_text(game, &found.line),
            nodes: found.nodes,
            depth: found.depth,
            elapsed: found.elapsed,
            method: "alpha-beta",
        })
    }

    fn observe(&mut self, before: &G, action: &str) {
        let Ok(action) = before.parse_action(action) else {
            return;
        };
        if let Some(search) = &mut self.mcts {
            search.advance(before, action);
        }
        if let Some(ending) = self.knowledge.ending() {
            let mut legal = Vec::new();
            before.legal_actions(&mut legal);
            if legal.contains(&action) {
                let mut after = before.clone();
                after.apply_unchecked(action);
                self.memory.observe(ending, before, &after);
            }
        }
    }
}

/// A decision made without a search (a random player's, or a pass by [`crate::ending`]'s
/// quiet rule): no estimate, so ½ for every seat.
fn unsearched<G: Game>(game: &G, action: G::Action, method: &'static str) -> Thought {
    let text = game.action_text(action);
    Thought {
        line: vec![text.clone()],
        action: text,
        value: 0.5,
        values: vec![0.5; game.seats()],
        proven: false,
        score: None,
        nodes: 0,
        depth: 0,
        elapsed: Duration::ZERO,
        method,
    }
}

/// A line of actions in notation, each written in the position it is played from.
fn line_text<G: Game>(game: &G, line: &[G::Action]) -> Vec<String> {
    let mut position = game.clone();
    line.iter()
        .map(|&action| {
            let text = position.action_text(action);
            position.apply_unchecked(action);
            text
        })
        .collect()
}
