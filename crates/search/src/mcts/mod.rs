//! Monte Carlo tree search (UCT) for every game on the contract.
//!
//! * **Seats.** Rewards are vectors, one utility per seat; a seat node picks the child best for
//!   its own seat, so two-seat, multi-seat and cooperative games need no special case.
//! * **Chance.** A chance node draws its outcome by the game's weights on every visit; a child
//!   per outcome drawn.
//! * **Decisions, not turns.** A turn of several decisions is several nodes of the same seat.
//! * **Proofs.** A finished game is exact; the solver lifts exact values up the tree (see
//!   [`tree::Tree::propagate_proofs`]), searches stop when the root is proven, and a proven win is
//!   played at once.
//! * **Reuse.** [`Mcts::advance`] keeps the subtree of the action played.
//! * **Threads.** Root parallel: one tree per thread with its own seed and an equal share of the
//!   iterations; root statistics are summed. Under an iteration budget the answer depends only on
//!   the seed, the position and the thread count.

mod tree;

use std::time::Duration;

use muster_rules::{Actor, Game, Seat};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::budget::{Clock, Observer, Progress};
use crate::{Budget, Knowledge, SearchError, StopFlag};
use tree::{NodeId, Tree};

/// How an MCTS searches (the budget is given per search).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant (rewards lie in [0, 1]).
    pub exploration: f64,
    /// Overrides the knowledge's playout length (`Some(None)`: play to the end).
    pub playout_plies: Option<Option<u32>>,
    /// Playouts stop here whatever else is set, judged by the knowledge.
    pub playout_cap: u32,
    /// Trees run in parallel (root parallelism).
    pub threads: usize,
    /// No node is added past this many per tree; iterations go on with playouts only.
    pub max_nodes: usize,
    /// The iterations from which a search weighs at its root what the knowledge lists there
    /// ([`Knowledge::root_actions`]); a search with fewer (or a node limit below this) weighs at
    /// the root what it weighs everywhere, since a few iterations spread over more children
    /// choose worse (MuTou's 20-iteration level fell from 12–8 to 9–11 against the 8-iteration
    /// one with its root widened, docs/ai.md). A budget without a node limit widens.
    pub wide_root_from: u64,
    /// The weight of the knowledge's judgement of a child in the choice among children,
    /// fading as the child is visited: `progressive_bias × judgement / (visits + 1)` is added
    /// to its UCT value (progressive bias, Chaslot, Winands, van den Herik, Uiterwijk and
    /// Bouzy 2008; the judgement is [`Knowledge::utilities`] for the seat choosing, taken once
    /// when the child is made). 0: none, and no judgement is taken.
    pub progressive_bias: f64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 0.7,
            playout_plies: None,
            playout_cap: 2_000,
            threads: 1,
            max_nodes: 4_000_000,
            wide_root_from: 1_000,
            progressive_bias: 0.0,
        }
    }
}

/// One candidate action at the root after a search.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate<A> {
    /// The action.
    pub action: A,
    /// Iterations through it, over all trees.
    pub visits: u64,
    /// Its value for the seat to move (expected utility, 0 to 1).
    pub value: f64,
    /// Whether the value is exact (proven).
    pub proven: bool,
}

/// What an MCTS search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<A> {
    /// The action to play.
    pub best: A,
    /// Its value for the seat to move.
    pub value: f64,
    /// Whether that value is proven.
    pub proven: bool,
    /// The expected utility of every seat after the chosen action, indexed by seat: the mean
    /// rewards of its node over all trees (exact when proven).
    pub values: Vec<f64>,
    /// The most visited line from the root.
    pub line: Vec<A>,
    /// Every root action searched, most visited first.
    pub candidates: Vec<Candidate<A>>,
    /// Iterations run, over all trees.
    pub iterations: u64,
    /// The deepest node reached.
    pub depth: u32,
    /// Time spent.
    pub elapsed: Duration,
}

/// An MCTS player for `G`: the trees (kept between moves), the knowledge and the generators.
#[derive(Debug)]
pub struct Mcts<G: Game, K: Knowledge<G>> {
    knowledge: K,
    config: MctsConfig,
    trees: Vec<Tree<G>>,
    rngs: Vec<SmallRng>,
    /// Root actions not to play (see [`crate::ending`]).
    excluded: Vec<G::Action>,
}

/// One tree's worker state for a search.
struct Worker<'a, G: Game, K: Knowledge<G>> {
    knowledge: &'a K,
    config: &'a MctsConfig,
    tree: &'a mut Tree<G>,
    rng: &'a mut SmallRng,
    legal: Vec<G::Action>,
    rewards: Vec<f64>,
    /// Room for a new child's judgement (progressive bias).
    judged: Vec<f64>,
    /// The nodes of the current iteration, root first (kept to save an allocation each time).
    path: Vec<NodeId>,
    depth: u32,
    /// The cost of the positions entered beyond one each ([`Knowledge::position_cost`]), not
    /// yet counted against the budget as iterations.
    extra: u64,
}

/// What an iteration costs in the units of [`Knowledge::position_cost`]: an iteration of an
/// ordinary three-seat Mu position (a playout of 40 plies and the way down the tree) takes about
/// 26 µs, as long as 16 positions of alpha-beta (docs/ai.md). The extra cost of the positions an
/// iteration entered counts one more iteration for every this many.
const ITERATION_COST: u64 = 16;

impl<G: Game, K: Knowledge<G> + Clone> Mcts<G, K> {
    /// A player seeded by `seed` (every tree gets a generator derived from it).
    pub fn new(knowledge: K, config: MctsConfig, seed: u64) -> Self {
        let threads = config.threads.max(1);
        Mcts {
            knowledge,
            config,
            trees: Vec::new(),
            rngs: (0..threads as u64)
                .map(|t| SmallRng::seed_from_u64(seed ^ t.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
                .collect(),
            excluded: Vec::new(),
        }
    }

    /// Root actions the following searches must not choose while another was searched (until
    /// set again); they are still searched, since the tree is kept between decisions.
    pub fn set_root_excluded(&mut self, excluded: Vec<G::Action>) {
        self.excluded = excluded;
    }

    /// Tells the player that `action` was played in `before`. When `before` is where its trees
    /// stand (its last search, or a position it was told about), the subtree of `action` is kept
    /// for the next search; otherwise nothing changes.
    pub fn advance(&mut self, before: &G, action: G::Action) {
        for tree in &mut self.trees {
            if &tree.root_game == before {
                tree.advance(action);
            }
        }
    }

    /// Iterations stored at the root of the first tree (what reuse kept, before a search).
    pub fn root_visits(&self) -> u64 {
        self.trees
            .first()
            .map_or(0, |t| u64::from(t.nodes[0].visits))
    }

    /// Searches `game` within `budget`, reporting progress to `observer` about ten times a
    /// second. Fails when the budget has no limit, or when nobody is to decide in `game`.
    pub fn search(
        &mut self,
        game: &G,
        budget: &Budget,
        stop: &StopFlag,
        observer: &mut dyn Observer,
    ) -> Result<MctsResult<G::Action>, SearchError> {
        crate::check_searchable(game, budget)?;
        let threads = self.rngs.len();
        self.trees.resize_with(threads, || Tree::new(game.clone()));
        for tree in &mut self.trees {
            tree.set_root(game);
        }
        let clock = Clock::new(budget, stop);
        let share = budget.nodes.map(|n| n.div_ceil(threads as u64));
        let wide = budget.nodes.is_none_or(|n| n >= self.config.wide_root_from);
        let (first, rest) = self.trees.split_at_mut(1);
        let (first_rng, rest_rngs) = self.rngs.split_at_mut(1);
        let knowledge = &self.knowledge;
        let config = &self.config;
        let depth = std::thread::scope(|scope| {
            let handles: Vec<_> = rest
                .iter_mut()
                .zip(rest_rngs.iter_mut())
                .map(|(tree, rng)| {
                    let clock = clock.clone();
                    scope.spawn(move || {
                        let mut worker = Worker::new(knowledge, config, tree, rng);
                        worker.run(share, wide, &clock, &mut (), threads as u64);
                        worker.depth
                    })
                })
                .collect();
            let mut worker = Worker::new(knowledge, config, &mut first[0], &mut first_rng[0]);
            worker.run(share, wide, &clock, observer, threads as u64);
            let mut depth = worker.depth;
            for handle in handles {
                depth = depth.max(handle.join().expect("an MCTS worker panicked"));
            }
            depth
        });
        Ok(self.result(game, depth, clock.elapsed()))
    }

    /// Sums the root statistics of every tree and picks the action to play: a proven win, else
    /// the most visited action not proven lost (ties: the better mean, then the generator's
    /// order).
    fn result(&self, game: &G, depth: u32, elapsed: Duration) -> MctsResult<G::Action> {
        let Actor::Seat(seat) = game.actor() else {
            unreachable!("checked before the search")
        };
        let mut candidates = root_candidates(&self.trees, seat);
        if candidates
            .iter()
            .any(|c| !self.excluded.contains(&c.action))
        {
            candidates.retain(|c| !self.excluded.contains(&c.action));
        }
        let best = choose(&candidates);
        let line = self.trees[0].principal_line(best.action);
        MctsResult {
            best: best.action,
            value: best.value,
            proven: best.proven,
            values: child_values(&self.trees, best.action, game.seats()),
            line,
            iterations: self
                .trees
                .iter()
                .map(|t| u64::from(t.nodes[0].visits))
                .sum(),
            candidates,
            depth,
            elapsed,
        }
    }
}

fn root_candidates<G: Game>(trees: &[Tree<G>], seat: Seat) -> Vec<Candidate<G::Action>> {
    let mut out: Vec<Candidate<G::Action>> = Vec::new();
    let mut sums: Vec<f64> = Vec::new();
    for tree in trees {
        for &c in &tree.nodes[0].children {
            let node = tree.node(c);
            let action = node.action.expect("children have actions");
            let i = match out.iter().position(|k| k.action == action) {
                Some(i) => i,
                None => {
                    out.push(Candidate {
                        action,
                        visits: 0,
                        value: 0.0,
                        proven: false,
                    });
                    sums.push(0.0);
                    out.len() - 1
                }
            };
            out[i].visits += u64::from(node.visits);
            sums[i] += node.totals[seat.index()];
            if let Some(exact) = &node.solved {
                out[i].proven = true;
                out[i].value = exact[seat.index()];
            }
        }
    }
    for (candidate, sum) in out.iter_mut().zip(sums) {
        if !candidate.proven {
            candidate.value = if candidate.visits == 0 {
                0.5
            } else {
                sum / candidate.visits as f64
            };
        }
    }
    out.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.value.total_cmp(&a.value))
            .then(a.action.cmp(&b.action))
    });
    out
}

/// The expected utility of every seat at the root's child reached by `action`, over all trees:
/// exact when proven, else the mean rewards, ½ for a child never visited.
fn child_values<G: Game>(trees: &[Tree<G>], action: G::Action, seats: usize) -> Vec<f64> {
    let mut sums = vec![0.0; seats];
    let mut visits = 0u64;
    for tree in trees {
        let child = tree.nodes[0]
            .children
            .iter()
            .map(|&c| tree.node(c))
            .find(|n| n.action == Some(action));
        let Some(child) = child else { continue };
        if let Some(exact) = &child.solved {
            return exact.clone();
        }
        visits += u64::from(child.visits);
        for (sum, total) in sums.iter_mut().zip(&child.totals) {
            *sum += total;
        }
    }
    if visits == 0 {
        return vec![0.5; seats];
    }
    sums.into_iter().map(|s| s / visits as f64).collect()
}

fn choose<A: Copy>(candidates: &[Candidate<A>]) -> &Candidate<A> {
    let proven_win = candidates.iter().find(|c| c.proven && c.value >= 1.0);
    let not_lost = || candidates.iter().find(|c| !(c.proven && c.value <= 0.0));
    let least_bad = || candidates.iter().max_by(|a, b| a.value.total_cmp(&b.value));
    proven_win
        .or_else(not_lost)
        .or_else(least_bad)
        .expect("a searched position has candidates")
}

impl<G: Game> Tree<G> {
    /// The line of most visited children after `first`.
    fn principal_line(&self, first: G::Action) -> Vec<G::Action> {
        let mut line = vec![first];
        let mut at = self.nodes[0]
            .children
            .iter()
            .copied()
            .find(|&c| self.node(c).action == Some(first));
        while let Some(id) = at {
            at = self
                .node(id)
                .children
                .iter()
                .copied()
                .max_by_key(|&c| self.node(c).visits);
            if let Some(c) = at {
                line.push(self.node(c).action.expect("children have actions"));
            }
            if line.len() >= 12 {
                break;
            }
        }
        line
    }
}

impl<'a, G: Game, K: Knowledge<G>> Worker<'a, G, K> {
    fn new(
        knowledge: &'a K,
        config: &'a MctsConfig,
        tree: &'a mut Tree<G>,
        rng: &'a mut SmallRng,
    ) -> Self {
        let seats = tree.root_game.seats();
        Worker {
            knowledge,
            config,
            tree,
            rng,
            legal: Vec::new(),
            rewards: vec![0.0; seats],
            judged: vec![0.0; seats],
            path: Vec::new(),
            depth: 0,
            extra: 0,
        }
    }

    /// Runs iterations until the share of the budget is spent, time is up, or the root is
    /// proven; with `wide`, the root first gets what the knowledge lists there. `scale`
    /// multiplies the iterations reported (one tree of several).
    fn run(
        &mut self,
        share: Option<u64>,
        wide: bool,
        clock: &Clock,
        observer: &mut dyn Observer,
        scale: u64,
    ) {
        if wide && !self.tree.root_listed {
            self.list_root();
            self.tree.root_listed = true;
        }
        // Iterations done, and iterations counted against the budget: one each, and one more
        // for every ITERATION_COST of extra cost the positions entered carried (in a
        // crowded Mu position nearly every move sets off chains of explosions).
        let mut done = 0u64;
        let mut spent = 0u64;
        let mut next_report = Duration::from_millis(100);
        loop {
            if share.is_some_and(|n| spent >= n) || self.tree.nodes[0].solved.is_some() {
                break;
            }
            if done > 0 && clock.expired() {
                break;
            }
            // After the first iteration a long playout may be cut short by the clock or a stop.
            let abandon = (done > 0).then_some(clock);
            if !self.iterate(abandon) {
                break;
            }
            done += 1;
            spent += 1 + self.extra / ITERATION_COST;
            self.extra %= ITERATION_COST;
            if clock.elapsed() >= next_report {
                next_report = clock.elapsed() + Duration::from_millis(100);
                observer.progress(&self.progress(done * scale, clock));
            }
        }
    }

    fn progress(&self, iterations: u64, clock: &Clock) -> Progress {
        let game = &self.tree.root_game;
        let Actor::Seat(seat) = game.actor() else {
            unreachable!("searches start at a seat")
        };
        let candidates = root_candidates(std::slice::from_ref(&*self.tree), seat);
        let best = candidates.first();
        Progress {
            nodes: iterations,
            elapsed: clock.elapsed(),
            depth: self.depth,
            best: best.map(|c| game.action_text(c.action)),
            value: best.map_or(0.5, |c| c.value),
            values: best.map_or_else(
                || vec![0.5; game.seats()],
                |c| child_values(std::slice::from_ref(&*self.tree), c.action, game.seats()),
            ),
        }
    }

    /// One iteration: select down the tree, add one node, play out, back the rewards up.
    /// With `abandon`, a playout is given up when that clock expires (checked every ply):
    /// nothing is backed up and `false` is returned. A search under a budget without time that
    /// is not stopped never abandons, so it stays reproducible.
    fn iterate(&mut self, abandon: Option<&Clock>) -> bool {
        let mut game = self.tree.root_game.clone();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(0);
        let mut at: NodeId = 0;
        let mut added = None;
        loop {
            let node = self.tree.node(at);
            if let Some(exact) = &node.solved {
                self.rewards.copy_from_slice(exact);
                break;
            }
            let next = match node.actor {
                Actor::Over => unreachable!("finished games are solved"),
                Actor::Chance => self.chance_child(at, &mut game),
                Actor::Seat(seat) => self.seat_child(at, seat, &mut game),
            };
            match next {
                Step::Existing(child) => {
                    at = child;
                    path.push(child);
                }
                Step::Added(child) => {
                    path.push(child);
                    added = Some(child);
                    match &self.tree.node(child).solved {
                        Some(exact) => self.rewards.copy_from_slice(exact),
                        None => {
                            if !self.playout(&mut game, abandon) {
                                self.path = path;
                                return false;
                            }
                        }
                    }
                    break;
                }
                Step::Full => {
                    if !self.playout(&mut game, abandon) {
                        self.path = path;
                        return false;
                    }
                    break;
                }
            }
        }
        self.depth = self.depth.max(path.len() as u32 - 1);
        for &id in &path {
            let node = self.tree.node_mut(id);
            node.visits += 1;
            for (t, r) in node.totals.iter_mut().zip(&self.rewards) {
                *t += r;
            }
        }
        let last = added.unwrap_or(*path.last().expect("the path holds the root"));
        self.path = path;
        if self.tree.node(last).solved.is_some() {
            self.tree.propagate_proofs(last);
        }
        true
    }
}

/// Where selection went from a node.
enum Step {
    /// Down to a child that existed.
    Existing(NodeId),
    /// To a child made just now (the leaf of this iteration).
    Added(NodeId),
    /// Nowhere: the tree is full; play out from here.
    Full,
}

impl<G: Game, K: Knowledge<G>> Worker<'_, G, K> {
    fn seat_child(&mut self, at: NodeId, seat: Seat, game: &mut G) -> Step {
        if !self.tree.node(at).expanded {
            self.expand(at, game);
        }
        let node = self.tree.node(at);
        if !node.untried.is_empty() {
            if self.tree.nodes.len() >= self.config.max_nodes {
                return Step::Full;
            }
            let action = self.tree.node_mut(at).untried.pop().expect("not empty");
            game.apply_unchecked(action);
            self.entered(game);
            let child = self.tree.add_child(at, action, game);
            if self.config.progressive_bias > 0.0 && game.outcome().is_none() {
                self.knowledge.utilities(game, &mut self.judged);
                self.tree.node_mut(child).prior = self.judged[seat.index()] as f32;
            }
            return Step::Added(child);
        }
        let child = self.select(at, seat);
        game.apply_unchecked(self.tree.node(child).action.expect("children have actions"));
        self.entered(game);
        Step::Existing(child)
    }

    /// Lists a seat node's actions (pruned by the knowledge) in a random order of trial.
    fn expand(&mut self, at: NodeId, game: &G) {
        let mut actions = Vec::new();
        self.knowledge.considered_actions(game, &mut actions);
        self.knowledge.prune(game, &mut actions);
        debug_assert!(!actions.is_empty(), "prune must keep an action");
        for i in (1..actions.len()).rev() {
            let j = self.rng.random_range(0..=i);
            actions.swap(i, j);
        }
        let node = self.tree.node_mut(at);
        node.untried = actions;
        node.expanded = true;
    }

    /// Gives a seat's root the actions the knowledge weighs there
    /// ([`Knowledge::root_actions`]): listed afresh, or, for a root kept from the last search
    /// (listed then as an inner node), the ones it lacks added to those still to try. A root
    /// proven over fewer actions is open again when some are added.
    fn list_root(&mut self) {
        let root = self.tree.node(0);
        if !matches!(root.actor, Actor::Seat(_)) {
            return;
        }
        let mut actions = Vec::new();
        self.knowledge
            .root_actions(&self.tree.root_game, &mut actions);
        debug_assert!(!actions.is_empty(), "a root lists an action");
        if root.expanded {
            let known: Vec<G::Action> = (root.children.iter())
                .filter_map(|&c| self.tree.node(c).action)
                .chain(root.untried.iter().copied())
                .collect();
            actions.retain(|a| !known.contains(a));
        }
        for i in (1..actions.len()).rev() {
            let j = self.rng.random_range(0..=i);
            actions.swap(i, j);
        }
        let root = self.tree.node_mut(0);
        if root.expanded && actions.is_empty() {
            return;
        }
        root.expanded = true;
        root.untried.extend(actions);
        root.solved = None;
    }

    /// UCT over the children, for `seat`, with the progressive bias if one is set. Proven
    /// children count at their exact value with no exploration bonus, so a proven loss is not
    /// tried again while anything else is open.
    fn select(&mut self, at: NodeId, seat: Seat) -> NodeId {
        let node = self.tree.node(at);
        let log_n = f64::from(node.visits.max(1)).ln();
        let c = self.config.exploration;
        let bias = self.config.progressive_bias;
        let mut best = (f64::NEG_INFINITY, node.children[0]);
        for &id in &node.children {
            let child = self.tree.node(id);
            let value = match &child.solved {
                Some(exact) => exact[seat.index()],
                None => {
                    let n = f64::from(child.visits.max(1));
                    let judged = bias * f64::from(child.prior) / (n + 1.0);
                    child.mean(seat.index()) + c * (log_n / n).sqrt() + judged
                }
            };
            if value > best.0 {
                best = (value, id);
            }
        }
        best.1
    }

    /// Draws a chance outcome by weight and goes to (or makes) its child.
    fn chance_child(&mut self, at: NodeId, game: &mut G) -> Step {
        if !self.tree.node(at).expanded {
            let mut outcomes = Vec::new();
            game.chance_outcomes(&mut outcomes);
            let node = self.tree.node_mut(at);
            node.outcomes = outcomes;
            node.expanded = true;
        }
        let action = draw(&self.tree.node(at).outcomes, self.rng);
        game.apply_unchecked(action);
        self.entered(game);
        let node = self.tree.node(at);
        if let Some(&child) = node
            .children
            .iter()
            .find(|&&c| self.tree.node(c).action == Some(action))
        {
            return Step::Existing(child);
        }
        if self.tree.nodes.len() >= self.config.max_nodes {
            return Step::Full;
        }
        Step::Added(self.tree.add_child(at, action, game))
    }

    /// Plays on from `game` by the knowledge's policy; sets the rewards.
    /// Plays out to the end or the ply limit and sets the rewards; `false` if `abandon`'s clock
    /// expired first (the rewards are then not set).
    /// Counts the extra cost of a position just entered.
    fn entered(&mut self, game: &G) {
        self.extra = self
            .extra
            .saturating_add(self.knowledge.position_cost(game).saturating_sub(1));
    }

    fn playout(&mut self, game: &mut G, abandon: Option<&Clock>) -> bool {
        let limit = self
            .config
            .playout_plies
            .unwrap_or_else(|| self.knowledge.playout_plies())
            .unwrap_or(u32::MAX)
            .min(self.config.playout_cap);
        let mut outcomes = Vec::new();
        for ply in 0..limit {
            if ply > 0 && abandon.is_some_and(Clock::expired) {
                return false;
            }
            match game.actor() {
                Actor::Over => break,
                Actor::Chance => {
                    game.chance_outcomes(&mut outcomes);
                    let action = draw(&outcomes, self.rng);
                    game.apply_unchecked(action);
                }
                Actor::Seat(_) => {
                    self.knowledge.considered_actions(game, &mut self.legal);
                    let action = self.knowledge.playout_action(game, &self.legal, self.rng);
                    game.apply_unchecked(action);
                }
            }
            self.entered(game);
        }
        match game.outcome() {
            Some(outcome) => {
                for (s, r) in self.rewards.iter_mut().enumerate() {
                    *r = outcome.utility(Seat(s as u8));
                }
            }
            None => self.knowledge.utilities(game, &mut self.rewards),
        }
        true
    }
}

/// Draws one outcome by weight.
pub(crate) fn draw<A: Copy>(outcomes: &[(A, u32)], rng: &mut SmallRng) -> A {
    let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
    let mut pick = rng.random_range(0..total);
    for &(action, weight) in outcomes {
        if pick < u64::from(weight) {
            return action;
        }
        pick -= u64::from(weight);
    }
    unreachable!("the pick is below the total weight")
}
