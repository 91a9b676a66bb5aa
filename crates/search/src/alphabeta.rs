//! Alpha-beta for games without chance.
//!
//! With more than two seats the search is paranoid: the seat deciding at the root plays against
//! all the others as one side, which minimises its score (the knowledge's score of that seat);
//! a game's end scores as won when that seat's utility is above ½. [`Crowd::BestReply`] narrows
//! the others' side as best-reply search does (see [`Crowd`]).
//!
//! Negamax over decisions: when the same seat decides twice in a row (a Mur double withdrawal, a
//! Mu move and its explosion order) the value is passed down without negation. Iterative
//! deepening; a transposition table on [`Game::position_hash`] (shared by threads, kept between
//! moves); moves ordered TT move first, then the two killers of the ply, then by history;
//! aspiration windows around the last iteration's score from depth 3, widened on failure.
//! Leaves are judged by [`Knowledge::score`]; won and lost positions score [`WIN`] less the
//! plies to reach them, so shorter wins are preferred.
//!
//! Under a node or depth budget with one thread the answer depends only on the position. With
//! more threads, helpers search the same tree (lazy SMP) and share the table, which speeds the
//! search but makes the answer depend on timing.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use muster_rules::{Actor, Game, Seat};

use crate::budget::{Clock, Observer, Progress};
use crate::tt::{Bound, Entry, Table};
use crate::{Budget, Knowledge, SearchError, StopFlag};

/// The score of a won position reached now; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 1_000_000;
/// Static scores are clamped inside ±`EVAL_LIMIT`, well away from won scores.
pub const EVAL_LIMIT: i32 = WIN / 2;
const INFINITY: i32 = WIN + 1;
/// The clock and the stop flag are read every this many positions: often enough that a stop is
/// answered within milliseconds where positions are dear (a crowded Mu board), seldom enough to
/// cost nothing where they are cheap.
const CLOCK_EVERY: u64 = 16;

/// How an alpha-beta searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// The transposition table holds about 2^`tt_bits` entries (0: no table).
    pub tt_bits: u32,
    /// The half-width of the aspiration window, in score units (0: no windows).
    pub aspiration: i32,
    /// Killer moves and history ordering.
    pub killers_and_history: bool,
    /// Threads searching together (lazy SMP).
    pub threads: usize,
    /// The deepest iteration when the budget sets no depth.
    pub max_depth: u32,
    /// How the other seats play with more than two.
    pub crowd: Crowd,
}

/// How a search with more than two seats lets the other seats answer the one deciding at the
/// root. Both are paranoid (the others play as one side against it); they differ in how many of
/// the others' moves are searched between two of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Crowd {
    /// Every move of every other seat (paranoid search, Sturtevant and Korf 2000).
    #[default]
    Paranoid,
    /// Between two turns of the deciding seat, one other seat answers with any of its moves and
    /// the rest play only their likeliest move (the first in the search's order: the table's
    /// move, then killers and history) — best-reply search kept legal, as BRS+ does (Esser,
    /// Gras, Winands, Schadd and Lanctot 2013). The others' branching is the sum of their moves
    /// rather than the product, so the same positions reach further into the deciding seat's own
    /// turns.
    BestReply,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            tt_bits: 20,
            aspiration: 60,
            killers_and_history: true,
            threads: 1,
            max_depth: 64,
            crowd: Crowd::Paranoid,
        }
    }
}

/// What an alpha-beta search found.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaBetaResult<A> {
    /// The action to play.
    pub best: A,
    /// Its score for the seat to move (see [`WIN`]).
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// The expected line, as far as the table remembers it.
    pub line: Vec<A>,
    /// Positions visited (by the main thread).
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// An alpha-beta player: knowledge, configuration and the table kept between moves.
#[derive(Debug)]
pub struct AlphaBeta<G: Game, K: Knowledge<G>> {
    knowledge: K,
    config: AlphaBetaConfig,
    table: Option<Arc<Table<G::Action>>>,
    root: RootRules<G::Action>,
}

/// What the next search's root must respect besides the rules (see [`crate::ending`]).
#[derive(Clone, Debug)]
pub struct RootRules<A> {
    /// Actions not to play.
    pub excluded: Vec<A>,
    /// The pass, searched first, and the score units a move must gain over it to be played.
    pub pass: Option<(A, i32)>,
}

impl<A> Default for RootRules<A> {
    fn default() -> Self {
        RootRules {
            excluded: Vec::new(),
            pass: None,
        }
    }
}

impl<G: Game, K: Knowledge<G> + Clone> AlphaBeta<G, K> {
    /// A player with an empty table.
    pub fn new(knowledge: K, config: AlphaBetaConfig) -> Self {
        let table = (config.tt_bits > 0).then(|| Arc::new(Table::new(config.tt_bits)));
        AlphaBeta {
            knowledge,
            config,
            table,
            root: RootRules::default(),
        }
    }

    /// Sets what the root of the following searches must respect (until set again).
    pub fn set_root_rules(&mut self, rules: RootRules<G::Action>) {
        self.root = rules;
    }

    /// Sets how the other seats answer in the following searches with more than two seats.
    /// The table is kept: the entries of a best-reply search are keyed apart from a paranoid
    /// search's.
    pub fn set_crowd(&mut self, crowd: Crowd) {
        self.config.crowd = crowd;
    }

    /// Forgets the table (searches are then independent of earlier ones).
    pub fn clear(&mut self) {
        if let Some(table) = &self.table {
            table.clear();
        }
    }

    /// Searches `game` within `budget`, reporting each finished iteration to `observer`.
    pub fn search(
        &mut self,
        game: &G,
        budget: &Budget,
        stop: &StopFlag,
        observer: &mut dyn Observer,
    ) -> Result<AlphaBetaResult<G::Action>, SearchError> {
        crate::check_searchable(game, budget)?;
        supported(game)?;
        let clock = Clock::new(budget, stop);
        let finished = Arc::new(AtomicBool::new(false));
        let result = std::thread::scope(|scope| {
            for helper in 1..self.config.threads.max(1) {
                let mut searcher = self.searcher(&clock, &finished, None);
                searcher.offset = helper as u32 % 2;
                let game = game.clone();
                let budget = Budget {
                    nodes: None,
                    ..*budget
                };
                scope.spawn(move || searcher.deepen(&game, &budget, &mut ()));
            }
            let mut main = self.searcher(&clock, &finished, budget.nodes);
            let result = main.deepen(game, budget, observer);
            finished.store(true, Ordering::Relaxed);
            result
        });
        Ok(result)
    }

    fn searcher<'a>(
        &'a self,
        clock: &Clock,
        finished: &Arc<AtomicBool>,
        nodes: Option<u64>,
    ) -> Searcher<'a, G, K> {
        Searcher {
            knowledge: &self.knowledge,
            paranoid: None,
            best_reply: false,
            root_rules: &self.root,
            config: self.config,
            table: self.table.clone(),
            clock: clock.clone(),
            finished: Arc::clone(finished),
            node_limit: nodes,
            nodes: 0,
            spent: 0,
            aborted: false,
            killers: Vec::new(),
            history: HashMap::new(),
            lists: Vec::new(),
            offset: 0,
        }
    }
}

/// Every seat's expected utility where `me` expects `value`: with two seats the other expects
/// the complement; with more, the others share what is left of the table's total (as
/// [`muster_rules::Outcome::utility`], the utilities of a game add up to half the seats).
pub(crate) fn seat_values(seats: usize, me: Seat, value: f64) -> Vec<f64> {
    let others = (seats as f64 / 2.0 - value).max(0.0) / (seats.max(2) - 1) as f64;
    (0..seats)
        .map(|s| if s == me.index() { value } else { others })
        .collect()
}

fn supported<G: Game>(game: &G) -> Result<(), SearchError> {
    if game.seats() < 2 {
        return Err(SearchError::Unsupported(format!(
            "this game has {} seat",
            game.seats()
        )));
    }
    if G::INFO.has_chance {
        return Err(SearchError::Unsupported(format!(
            "{} has chance",
            G::INFO.name
        )));
    }
    Ok(())
}

/// In a [`Crowd::BestReply`] search, which of the other seats may still choose freely before the
/// deciding seat's next turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reply {
    /// None has left its likeliest move yet: the next of them may.
    Open,
    /// This seat did; every other one plays its likeliest move.
    By(Seat),
}

impl Reply {
    /// What a position's table key is mixed with, so that the same position searched under
    /// different replies keeps apart in the table (0 for [`Reply::Open`], the plain key).
    fn salt(self) -> u64 {
        match self {
            Reply::Open => 0,
            Reply::By(seat) => 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(u64::from(seat.0) + 1),
        }
    }
}

/// The per-thread state of one search.
struct Searcher<'a, G: Game, K: Knowledge<G>> {
    knowledge: &'a K,
    /// With more than two seats, the seat the search decides for: every other seat plays
    /// against it (paranoid search).
    paranoid: Option<Seat>,
    /// Whether the others answer as in [`Crowd::BestReply`] (with more than two seats only).
    best_reply: bool,
    root_rules: &'a RootRules<G::Action>,
    config: AlphaBetaConfig,
    table: Option<Arc<Table<G::Action>>>,
    clock: Clock,
    finished: Arc<AtomicBool>,
    /// The budget, in positions each counted at its [`Knowledge::position_cost`].
    node_limit: Option<u64>,
    /// The positions searched.
    nodes: u64,
    /// What they cost, counted against `node_limit`.
    spent: u64,
    aborted: bool,
    killers: Vec<[Option<G::Action>; 2]>,
    history: HashMap<G::Action, i32>,
    /// The action list of each ply, kept between nodes.
    lists: Vec<Vec<G::Action>>,
    /// Helper threads start one iteration deeper to spread the work.
    offset: u32,
}

impl<G: Game, K: Knowledge<G>> Searcher<'_, G, K> {
    /// Iterative deepening until the budget ends; the last finished iteration decides.
    fn deepen(
        &mut self,
        game: &G,
        budget: &Budget,
        observer: &mut dyn Observer,
    ) -> AlphaBetaResult<G::Action> {
        let Actor::Seat(me) = game.actor() else {
            unreachable!("checked before the search")
        };
        self.paranoid = (game.seats() > 2).then_some(me);
        self.best_reply = self.paranoid.is_some() && self.config.crowd == Crowd::BestReply;
        let max_depth = budget.depth.unwrap_or(self.config.max_depth).max(1);
        let mut done: Option<(i32, G::Action, u32)> = None;
        let mut depth = 1 + self.offset.min(max_depth - 1);
        while depth <= max_depth {
            let previous = done.map(|(score, best, _)| (score, best));
            let found = self.aspirate(game, depth, me, previous);
            match found {
                Some((score, best)) => done = Some((score, best, depth)),
                None => break,
            }
            let (score, best, _) = done.expect("just set");
            let value = value_of(score, self.knowledge.scale());
            observer.progress(&Progress {
                nodes: self.nodes,
                elapsed: self.clock.elapsed(),
                depth,
                best: Some(game.action_text(best)),
                value,
                values: seat_values(game.seats(), me, value),
            });
            if score.abs() >= WIN - depth as i32 {
                break;
            }
            depth += 1;
        }
        let (score, best, depth) = done.unwrap_or_else(|| {
            let first = self.root_actions(game, None)[0];
            (0, first, 0)
        });
        AlphaBetaResult {
            best,
            score,
            depth,
            line: self.line(game, best),
            nodes: self.nodes,
            elapsed: self.clock.elapsed(),
        }
    }

    /// One iteration, inside an aspiration window around the last score when there is one;
    /// `None` when the budget ran out before it finished.
    fn aspirate(
        &mut self,
        game: &G,
        depth: u32,
        me: Seat,
        previous: Option<(i32, G::Action)>,
    ) -> Option<(i32, G::Action)> {
        let hint = previous.map(|(_, best)| best);
        let width = self.config.aspiration;
        if let Some((last, _)) =
            previous.filter(|_| depth >= 3 && width > 0 && last_is_plain(previous))
        {
            let (alpha, beta) = (last - width, last + width);
            let (score, best) = self.root(game, depth, alpha, beta, me, hint)?;
            if score > alpha && score < beta {
                return Some((score, best));
            }
        }
        self.root(game, depth, -INFINITY, INFINITY, me, hint)
    }

    fn root(
        &mut self,
        game: &G,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        me: Seat,
        hint: Option<G::Action>,
    ) -> Option<(i32, G::Action)> {
        let actions = self.root_actions(game, hint);
        let pass = self.root_rules.pass;
        let mut best: Option<(i32, G::Action)> = None;
        // A move replaces the best so far only when it scores above `bar`.
        let mut bar = -INFINITY;
        for action in actions {
            let mut child = game.clone();
            child.apply_unchecked(action);
            let score = self.child_value(&child, depth as i32, 0, alpha, beta, me, Reply::Open);
            if self.aborted {
                return None;
            }
            if best.is_none() || score > bar {
                best = Some((score, action));
            }
            bar = bar.max(score);
            if let Some((_, margin)) = pass.filter(|&(p, _)| p == action) {
                bar = bar.max(score.saturating_add(margin - 1).min(EVAL_LIMIT));
            }
            alpha = alpha.max(bar);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The root's actions in the order searched: pruned by the knowledge, without the excluded
    /// ones (unless nothing would be left), the pass first when it is to be weighed first, then
    /// the hint or table move, killers and history.
    fn root_actions(&mut self, game: &G, hint: Option<G::Action>) -> Vec<G::Action> {
        let mut actions = Vec::new();
        self.knowledge.considered_actions(game, &mut actions);
        self.knowledge.prune(game, &mut actions);
        let excluded = &self.root_rules.excluded;
        if actions.iter().any(|a| !excluded.contains(a)) {
            actions.retain(|a| !excluded.contains(a));
        }
        self.order(&mut actions, 0, hint.or_else(|| self.tt_move(game)));
        if let Some((pass, _)) = self.root_rules.pass {
            if let Some(i) = actions.iter().position(|&a| a == pass) {
                actions[..=i].rotate_right(1);
            }
        }
        actions
    }

    /// The value for `me` of `child`, reached from a node of `me` at `ply` with `depth` left;
    /// `reply` is the child's (reset when the deciding seat is to move again).
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        child: &G,
        depth: i32,
        ply: u32,
        alpha: i32,
        beta: i32,
        me: Seat,
        reply: Reply,
    ) -> i32 {
        let reply_of = |next: Seat| {
            if Some(next) == self.paranoid {
                Reply::Open
            } else {
                reply
            }
        };
        match child.actor() {
            Actor::Over => self.terminal(child, me, ply + 1),
            Actor::Seat(next) if self.same_side(next, me) => {
                let reply = reply_of(next);
                self.negamax(child, depth - 1, ply + 1, alpha, beta, next, reply)
            }
            Actor::Seat(next) => {
                let reply = reply_of(next);
                -self.negamax(child, depth - 1, ply + 1, -beta, -alpha, next, reply)
            }
            Actor::Chance => unreachable!("alpha-beta is refused for games with chance"),
        }
    }

    /// The value for `me` of `game`, where `me` is to move with `depth` left, `ply` decisions
    /// below the root; `reply` says which moves `me` may choose in a best-reply search.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        game: &G,
        depth: i32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        me: Seat,
        reply: Reply,
    ) -> i32 {
        if self.out_of_budget() {
            self.aborted = true;
            return 0;
        }
        self.nodes += 1;
        self.spent += self.knowledge.position_cost(game);
        if depth <= 0 {
            return self.evaluate(game, me).clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        let answering = self.best_reply && Some(me) != self.paranoid;
        let hash = game.position_hash();
        let key = self.key(hash, reply);
        let stored = self.table.as_ref().and_then(|t| t.probe(key));
        if let Some(entry) = stored.filter(|e| e.depth >= depth) {
            let score = from_table(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if usable {
                return score;
            }
        }
        // One action list per ply, reused: no allocation per node once the lists have grown.
        let mut actions = self
            .lists
            .get_mut(ply as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        self.knowledge.considered_actions(game, &mut actions);
        self.knowledge.prune(game, &mut actions);
        let first = match stored.and_then(|e| e.best) {
            // A seat that only plays its likeliest move plays the one it chose when free.
            None if answering && reply != Reply::Open => {
                self.table_move(self.key(hash, Reply::Open))
            }
            first => first,
        };
        self.order(&mut actions, ply as usize, first);
        if answering && matches!(reply, Reply::By(seat) if seat != me) {
            actions.truncate(1);
        }
        let alpha_at_start = alpha;
        let mut best = (-INFINITY, None);
        for (i, &action) in actions.iter().enumerate() {
            let mut child = game.clone();
            child.apply_unchecked(action);
            // Leaving its likeliest move, a free seat becomes the one that answers.
            let child_reply = match reply {
                Reply::Open if answering && i > 0 => Reply::By(me),
                reply => reply,
            };
            let score = self.child_value(&child, depth, ply, alpha, beta, me, child_reply);
            if self.aborted {
                break;
            }
            if score > best.0 {
                best = (score, Some(action));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.reward(action, ply as usize, depth);
                break;
            }
        }
        self.give_back(ply as usize, actions);
        if self.aborted {
            return 0;
        }
        let bound = if best.0 <= alpha_at_start {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if let Some(table) = &self.table {
            table.store(Entry {
                key,
                depth,
                bound,
                score: to_table(best.0, ply),
                best: best.1,
            });
        }
        best.0
    }

    /// Whether seats `a` and `b` play on the same side: the same seat, or, in a paranoid
    /// search, two seats other than the one searched for.
    fn same_side(&self, a: Seat, b: Seat) -> bool {
        match self.paranoid {
            Some(root) => (a == root) == (b == root),
            None => a == b,
        }
    }

    /// The static score for the side of `me`: in a paranoid search the others' side scores
    /// the negation of the searched seat's score.
    fn evaluate(&self, game: &G, me: Seat) -> i32 {
        match self.paranoid {
            Some(root) if root != me => -self.knowledge.score(game, root),
            Some(root) => self.knowledge.score(game, root),
            None => self.knowledge.score(game, me),
        }
    }

    /// A finished game's score for the side of `me` (see [`Searcher::evaluate`]).
    fn terminal(&self, game: &G, me: Seat, ply: u32) -> i32 {
        match self.paranoid {
            Some(root) if root != me => -terminal(game, root, ply),
            Some(root) => terminal(game, root, ply),
            None => terminal(game, me, ply),
        }
    }

    /// Returns a ply's action list for reuse.
    fn give_back(&mut self, ply: usize, list: Vec<G::Action>) {
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        self.lists[ply] = list;
    }

    fn out_of_budget(&self) -> bool {
        if self.node_limit.is_some_and(|n| self.spent >= n) || self.finished.load(Ordering::Relaxed)
        {
            return true;
        }
        self.nodes % CLOCK_EVERY == 0 && self.clock.expired()
    }

    /// The table's best move for `game` searched from the root's side, or with no seat
    /// answering yet.
    fn tt_move(&self, game: &G) -> Option<G::Action> {
        self.table_move(self.key(game.position_hash(), Reply::Open))
    }

    fn table_move(&self, key: u64) -> Option<G::Action> {
        self.table.as_ref()?.probe(key).and_then(|e| e.best)
    }

    /// The table key of a position with this `hash` under `reply`: the hash, mixed in a
    /// best-reply search (whose values differ from a paranoid search's) with the search and the
    /// reply.
    fn key(&self, hash: u64, reply: Reply) -> u64 {
        const BEST_REPLY: u64 = 0xD1B5_4A32_D192_ED03;
        if self.best_reply {
            hash ^ BEST_REPLY ^ reply.salt()
        } else {
            hash
        }
    }

    /// TT move first, then the ply's killers, then by history (stable, so ties keep the
    /// generator's order).
    fn order(&mut self, actions: &mut [G::Action], ply: usize, first: Option<G::Action>) {
        let killers = if self.config.killers_and_history {
            self.killers.get(ply).copied().unwrap_or([None, None])
        } else {
            [None, None]
        };
        let history = &self.history;
        actions.sort_by_cached_key(|a| {
            let rank = if Some(*a) == first {
                0
            } else if killers.contains(&Some(*a)) {
                1
            } else {
                2
            };
            (rank, -history.get(a).copied().unwrap_or(0))
        });
    }

    /// A move that cut off becomes a killer of its ply and gains history.
    fn reward(&mut self, action: G::Action, ply: usize, depth: i32) {
        if !self.config.killers_and_history {
            return;
        }
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None, None]);
        }
        let slot = &mut self.killers[ply];
        if slot[0] != Some(action) {
            slot[1] = slot[0];
            slot[0] = Some(action);
        }
        *self.history.entry(action).or_insert(0) += depth * depth;
    }

    /// The best action followed by the table's best replies, while they are legal.
    fn line(&self, game: &G, first: G::Action) -> Vec<G::Action> {
        let mut line = vec![first];
        let mut position = game.clone();
        position.apply_unchecked(first);
        let mut legal = Vec::new();
        while line.len() < 16 {
            let Some(next) = self.tt_move(&position) else {
                break;
            };
            position.legal_actions(&mut legal);
            if !legal.contains(&next) {
                break;
            }
            line.push(next);
            position.apply_unchecked(next);
        }
        line
    }
}

fn last_is_plain<A>(previous: Option<(i32, A)>) -> bool {
    previous.is_some_and(|(score, _)| score.abs() < EVAL_LIMIT)
}

/// The score of a finished game for `me`, `ply` plies from the root.
pub(crate) fn terminal<G: Game>(game: &G, me: Seat, ply: u32) -> i32 {
    let utility = game
        .outcome()
        .expect("a finished game has an outcome")
        .utility(me);
    if utility > 0.5 {
        WIN - ply as i32
    } else if utility < 0.5 {
        -(WIN - ply as i32)
    } else {
        0
    }
}

/// Won scores are stored relative to the node, read back relative to the root.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > EVAL_LIMIT {
        score + ply as i32
    } else if score < -EVAL_LIMIT {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > EVAL_LIMIT {
        score - ply as i32
    } else if score < -EVAL_LIMIT {
        score + ply as i32
    } else {
        score
    }
}

/// A score as an expected utility for the seat to move, by the knowledge's logistic scale.
pub fn value_of(score: i32, scale: f64) -> f64 {
    if score > EVAL_LIMIT {
        1.0
    } else if score < -EVAL_LIMIT {
        0.0
    } else {
        1.0 / (1.0 + (-f64::from(score) / scale).exp())
    }
}
