//! The MCTS tree: nodes in one vector, statistics per seat, proven values.

use muster_rules::{Actor, Game};

/// Index of a node in [`Tree::nodes`].
pub(crate) type NodeId = u32;

/// One position of the tree, reached from its parent by `action`.
#[derive(Clone, Debug)]
pub(crate) struct Node<A> {
    /// The action from the parent (none at the root).
    pub action: Option<A>,
    pub parent: Option<NodeId>,
    pub children: Vec<NodeId>,
    /// Who decides here.
    pub actor: Actor,
    /// Actions of a seat node not yet given a child, in the order they will be tried. Filled when
    /// the node is first selected (`expanded`).
    pub untried: Vec<A>,
    /// A chance node's outcomes and weights (children are made as outcomes are drawn).
    pub outcomes: Vec<(A, u32)>,
    pub expanded: bool,
    pub visits: u32,
    /// The sum of rewards per seat over `visits`.
    pub totals: Vec<f64>,
    /// The exact utility per seat, once known (a finished game, or proven by the solver).
    pub solved: Option<Vec<f64>>,
    /// The knowledge's judgement of this position for the seat that chose `action` (½ unless
    /// the search weighs a progressive bias, `MctsConfig::progressive_bias`).
    pub prior: f32,
}

impl<A: Copy + Eq> Node<A> {
    pub(crate) fn new(
        action: Option<A>,
        parent: Option<NodeId>,
        actor: Actor,
        seats: usize,
    ) -> Self {
        Node {
            action,
            parent,
            children: Vec::new(),
            actor,
            untried: Vec::new(),
            outcomes: Vec::new(),
            expanded: false,
            visits: 0,
            totals: vec![0.0; seats],
            solved: None,
            prior: 0.5,
        }
    }

    /// The mean reward of `seat`, or its exact value when solved.
    pub(crate) fn mean(&self, seat: usize) -> f64 {
        match &self.solved {
            Some(exact) => exact[seat],
            None if self.visits == 0 => 0.5,
            None => self.totals[seat] / f64::from(self.visits),
        }
    }
}

/// A search tree over positions of `G`, rooted at `root_game`.
#[derive(Clone, Debug)]
pub(crate) struct Tree<G: Game> {
    pub root_game: G,
    pub nodes: Vec<Node<G::Action>>,
    /// Whether the root holds the actions the knowledge weighs at a root (see
    /// `Worker::list_root`); false for a fresh root and for a subtree kept by `advance`.
    pub root_listed: bool,
}

impl<G: Game> Tree<G> {
    /// A tree holding only `game`.
    pub(crate) fn new(game: G) -> Self {
        let mut tree = Tree {
            nodes: Vec::new(),
            root_game: game,
            root_listed: false,
        };
        tree.reset();
        tree
    }

    fn reset(&mut self) {
        let seats = self.root_game.seats();
        let mut root = Node::new(None, None, self.root_game.actor(), seats);
        root.solved = self.root_game.outcome().map(|o| {
            (0..seats)
                .map(|s| o.utility(muster_rules::Seat(s as u8)))
                .collect()
        });
        self.nodes.clear();
        self.nodes.push(root);
        self.root_listed = false;
    }

    /// Points the tree at `game`: keeps it when `game` is its root, otherwise starts afresh.
    pub(crate) fn set_root(&mut self, game: &G) {
        if &self.root_game != game {
            self.root_game = game.clone();
            self.reset();
        }
    }

    /// Moves the root to the child reached by `action`, keeping that subtree (tree reuse
    /// between moves). Without such a child the tree restarts from the new position.
    pub(crate) fn advance(&mut self, action: G::Action) {
        self.root_game.apply_unchecked(action);
        let child = self.nodes[0]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c as usize].action == Some(action));
        match child {
            Some(child) => self.keep_subtree(child),
            None => self.reset(),
        }
    }

    /// Rebuilds the node vector with `top` as the root and only its descendants.
    fn keep_subtree(&mut self, top: NodeId) {
        let old = std::mem::take(&mut self.nodes);
        let mut map = vec![u32::MAX; old.len()];
        let mut order = vec![top];
        let mut i = 0;
        while i < order.len() {
            let id = order[i] as usize;
            map[id] = i as u32;
            order.extend(old[id].children.iter().copied());
            i += 1;
        }
        let mut nodes: Vec<Node<G::Action>> = Vec::with_capacity(order.len());
        for &id in &order {
            let mut node = old[id as usize].clone();
            node.parent = node
                .parent
                .map(|p| map[p as usize])
                .filter(|&p| p != u32::MAX);
            for c in &mut node.children {
                *c = map[*c as usize];
            }
            nodes.push(node);
        }
        nodes[0].parent = None;
        nodes[0].action = None;
        self.nodes = nodes;
        self.root_listed = false;
    }

    pub(crate) fn node(&self, id: NodeId) -> &Node<G::Action> {
        &self.nodes[id as usize]
    }

    pub(crate) fn node_mut(&mut self, id: NodeId) -> &mut Node<G::Action> {
        &mut self.nodes[id as usize]
    }

    /// Adds a child of `parent` reached by `action`, whose position is `game`.
    pub(crate) fn add_child(&mut self, parent: NodeId, action: G::Action, game: &G) -> NodeId {
        let seats = game.seats();
        let mut node = Node::new(Some(action), Some(parent), game.actor(), seats);
        node.solved = game.outcome().map(|o| {
            (0..seats)
                .map(|s| o.utility(muster_rules::Seat(s as u8)))
                .collect()
        });
        let id = self.nodes.len() as NodeId;
        self.nodes.push(node);
        self.node_mut(parent).children.push(id);
        id
    }

    /// After `start` changed, proves what can now be proven on the way up: a seat node is solved
    /// when a child gives its seat the best result there is (1), or when every action has a
    /// solved child (the best of them for its seat); a chance node when every outcome has a
    /// solved child (their weighted mean).
    pub(crate) fn propagate_proofs(&mut self, start: NodeId) {
        let mut at = self.node(start).parent;
        while let Some(id) = at {
            if self.node(id).solved.is_some() {
                break;
            }
            let Some(exact) = self.proof(id) else { break };
            self.node_mut(id).solved = Some(exact);
            at = self.node(id).parent;
        }
    }

    fn proof(&self, id: NodeId) -> Option<Vec<f64>> {
        let node = self.node(id);
        match node.actor {
            Actor::Seat(seat) => {
                let s = seat.index();
                let solved = node
                    .children
                    .iter()
                    .filter_map(|&c| self.node(c).solved.as_ref());
                if let Some(win) = solved.clone().find(|v| v[s] >= 1.0) {
                    return Some(win.clone());
                }
                if !node.expanded || !node.untried.is_empty() {
                    return None;
                }
                if node.children.iter().any(|&c| self.node(c).solved.is_none()) {
                    return None;
                }
                let mut best: Option<&Vec<f64>> = None;
                for exact in solved {
                    if best.is_none_or(|b| exact[s] > b[s]) {
                        best = Some(exact);
                    }
                }
                best.cloned()
            }
            Actor::Chance => {
                if node.children.len() < node.outcomes.len() {
                    return None;
                }
                let mut mean = vec![0.0; node.totals.len()];
                let total: f64 = node.outcomes.iter().map(|&(_, w)| f64::from(w)).sum();
                for &c in &node.children {
                    let child = self.node(c);
                    let exact = child.solved.as_ref()?;
                    let weight = node
                        .outcomes
                        .iter()
                        .find(|(a, _)| Some(*a) == child.action)
                        .map_or(0.0, |&(_, w)| f64::from(w));
                    for (m, v) in mean.iter_mut().zip(exact) {
                        *m += v * weight / total;
                    }
                }
                Some(mean)
            }
            Actor::Over => None,
        }
    }
}
