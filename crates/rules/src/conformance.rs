//! The conformance battery: one set of checks that every game, under every preset, must pass.
//!
//! It plays random games to the end (or to a cap) from a seeded generator and, after every
//! action, checks the contract of [`Game`]:
//!
//! * the game is over exactly when the actor is [`Actor::Over`], exactly when the outcome is
//!   present, exactly when there are no legal actions; an outcome has a score and a rank per seat;
//! * legal actions are distinct, each passes [`Game::check`], `count_actions` agrees with them,
//!   and each one's text reads back to the same action;
//! * at a chance node the weighted outcomes are positive and are exactly the legal actions;
//! * a resignation, where the rules have one, is not among the legal actions, reads back from its
//!   text, and applies;
//! * the position text reads back to an equal position with the same text and hash;
//! * the incremental hash equals the from-scratch hash;
//! * [`Game::apply`] (checked, with events) and [`Game::apply_unchecked`] give equal positions;
//! * games without hidden information show every seat the whole position, and the seat that
//!   decides is offered the same actions in its own view as in the position;
//! * every legal action has a click path that names things in the position, paths are told
//!   apart by labels and stable ([`paths`]); turns never go back and begin with their movers
//!   ([`turns`]);
//! * every event names its rule and an audience at the table; no secret decision tells a viewer
//!   other than its actor more than whose decision it was (see [`visibility`]);
//! * at the end, the game's record exports, imports and replays to the same final position, and
//!   the server's record doors agree with it ([`records`]: trusted replay, stored hashes,
//!   endings outside the rules).
//!
//! Failures carry the seed, the game number, the action number and the position text, so any
//! failure can be replayed exactly.

pub mod options;
pub mod outside;
pub mod paths;
pub mod records;
pub mod turns;
pub mod visibility;

use std::collections::HashSet;
use std::fmt;

use rand::rngs::SmallRng;
use rand::SeedableRng;

use crate::game::{Actor, Game, Seat};
use crate::playout::{random_action, Buffers};
use crate::record;
use crate::variant::Variant;

/// How much the battery plays.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Random games per variant.
    pub games: usize,
    /// The seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Actions after which a game is cut off (it is then checked as far as it went).
    pub max_actions: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games: 40,
            seed: 1,
            max_actions: 2_000,
        }
    }
}

/// What a passing run covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Games that reached an outcome.
    pub finished: usize,
    /// Actions checked.
    pub actions: usize,
}

/// A broken contract, with everything needed to reproduce it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The game id.
    pub game: &'static str,
    /// The variant text.
    pub variant: String,
    /// The seed of the failing game.
    pub seed: u64,
    /// The number of actions played before the failure.
    pub action: usize,
    /// The position text where it failed.
    pub position: String,
    /// What is wrong.
    pub problem: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} [{}] seed {} after {} actions at `{}`: {}",
            self.game, self.variant, self.seed, self.action, self.position, self.problem
        )
    }
}

impl std::error::Error for Failure {}

/// Runs the battery for one variant and seat count.
pub fn run<G: Game>(variant: &G::Variant, seats: usize, config: Config) -> Result<Report, Failure> {
    check_variant_text::<G>(variant)?;
    let mut report = Report::default();
    for i in 0..config.games {
        let seed = config.seed.wrapping_add(i as u64);
        let start = G::new(variant, seats).map_err(|e| Failure {
            game: G::INFO.id,
            variant: variant.text(),
            seed,
            action: 0,
            position: String::new(),
            problem: format!("cannot set up: {e}"),
        })?;
        let mut walk = Walk::<G>::new(start, seed);
        walk.play(config.max_actions)?;
        report.games += 1;
        report.actions += walk.actions.len();
        report.finished += usize::from(walk.game.outcome().is_some());
    }
    Ok(report)
}

/// Runs the battery for every preset of `G` with its default seat count.
pub fn run_presets<G: Game>(config: Config) -> Result<Report, Failure> {
    check_default_is_first_preset::<G>()?;
    options::check_options::<G::Variant>()
        .map_err(|problem| variant_failure::<G>(&G::Variant::default(), &problem))?;
    let mut total = Report::default();
    for preset in G::Variant::presets() {
        let report = run::<G>(&(preset.make)(), G::INFO.default_seats, config)?;
        total.games += report.games;
        total.finished += report.finished;
        total.actions += report.actions;
    }
    Ok(total)
}

/// Walks `max_actions` random actions (seeded by `seed`) from any position, a parsed text or a
/// fuzzer's find, and checks at every position and step what [`run`] checks from the start.
///
/// This is the meaning of "a position that parses is valid": every position text the game reads
/// must pass this walk, so that no later action can break the contract or panic.
pub fn walk_from<G: Game>(start: G, seed: u64, max_actions: usize) -> Result<Report, Failure> {
    let mut walk = Walk::<G>::new(start, seed);
    walk.play(max_actions)?;
    Ok(Report {
        games: 1,
        finished: usize::from(walk.game.outcome().is_some()),
        actions: walk.actions.len(),
    })
}

/// The checks the battery makes at every position (see the module documentation), on one
/// position from anywhere; the error says what is wrong.
pub fn check_position<G: Game>(game: &G) -> Result<(), String> {
    let walk = Walk::<G>::new(game.clone(), 0);
    walk.check_position().map_err(|f| f.problem)
}

/// Checks `action` against `game` the way a server would take it from outside: a refused action
/// must leave the position exactly as it was, and an accepted one must give the same position by
/// the checked and the unchecked doors. Returns whether the action was accepted.
pub fn check_outside_action<G: Game>(game: &mut G, action: G::Action) -> Result<bool, String> {
    let before = game.clone();
    let mut events = Vec::new();
    match game.apply(action, &mut events) {
        Err(e) => {
            if *game != before {
                return Err(format!("the refused action changed the position ({e})"));
            }
            Ok(false)
        }
        Ok(()) => {
            let mut fast = before;
            fast.apply_unchecked(action);
            if fast != *game || fast.position_hash() != game.position_hash() {
                return Err("apply and apply_unchecked disagree".to_owned());
            }
            Ok(true)
        }
    }
}

fn check_default_is_first_preset<G: Game>() -> Result<(), Failure> {
    let first = G::Variant::presets().first().map(|p| (p.make)());
    if first.as_ref() == Some(&G::Variant::default()) {
        return Ok(());
    }
    Err(variant_failure::<G>(
        &G::Variant::default(),
        "the default variant is not the first preset",
    ))
}

fn check_variant_text<G: Game>(variant: &G::Variant) -> Result<(), Failure> {
    let text = variant.text();
    match G::Variant::parse_text(&text) {
        Ok(again) if &again == variant => Ok(()),
        Ok(_) => Err(variant_failure::<G>(
            variant,
            "the variant text reads back to another variant",
        )),
        Err(e) => Err(variant_failure::<G>(
            variant,
            &format!("the variant text is refused: {e}"),
        )),
    }
}

fn variant_failure<G: Game>(variant: &G::Variant, problem: &str) -> Failure {
    Failure {
        game: G::INFO.id,
        variant: variant.text(),
        seed: 0,
        action: 0,
        position: String::new(),
        problem: problem.to_owned(),
    }
}

/// One random game under test.
struct Walk<G: Game> {
    start: G,
    game: G,
    actions: Vec<G::Action>,
    seed: u64,
    rng: SmallRng,
    buffers: Buffers<G>,
}

fn view_actions<G: Game>(game: &G) -> Vec<G::Action> {
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    actions
}

impl<G: Game> Walk<G> {
    fn new(start: G, seed: u64) -> Self {
        Walk {
            game: start.clone(),
            start,
            actions: Vec::new(),
            seed,
            rng: SmallRng::seed_from_u64(seed),
            buffers: Buffers::default(),
        }
    }

    fn fail(&self, problem: impl Into<String>) -> Failure {
        Failure {
            game: G::INFO.id,
            variant: self.game.variant().text(),
            seed: self.seed,
            action: self.actions.len(),
            position: self.game.position_text(),
            problem: problem.into(),
        }
    }

    fn play(&mut self, max_actions: usize) -> Result<(), Failure> {
        loop {
            self.check_position()?;
            if self.actions.len() >= max_actions {
                break;
            }
            let Some(action) = random_action(&self.game, &mut self.rng, &mut self.buffers) else {
                break;
            };
            self.step(action)?;
        }
        self.check_record()
    }

    fn check_position(&self) -> Result<(), Failure> {
        self.check_over()?;
        self.check_actions()?;
        self.check_chance()?;
        self.check_resignation()?;
        self.check_text_and_hash()?;
        self.check_views()?;
        paths::check_paths(&self.game).map_err(|p| self.fail(format!("click paths: {p}")))?;
        turns::check_turn(&self.game).map_err(|p| self.fail(format!("turns: {p}")))?;
        visibility::check_position(&self.game).map_err(|p| self.fail(p))
    }

    fn check_over(&self) -> Result<(), Failure> {
        let g = &self.game;
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let over = matches!(g.actor(), Actor::Over);
        if over != g.outcome().is_some() || over != legal.is_empty() {
            return Err(self.fail(format!(
                "actor {:?}, outcome {:?} and {} legal actions disagree about the game being over",
                g.actor(),
                g.outcome(),
                legal.len()
            )));
        }
        if let Some(outcome) = g.outcome() {
            if outcome.scores.len() != g.seats() || outcome.ranks.len() != g.seats() {
                return Err(self.fail(format!(
                    "outcome {outcome:?} does not cover {} seats",
                    g.seats()
                )));
            }
        }
        if let Actor::Seat(seat) = g.actor() {
            if seat.index() >= g.seats() {
                return Err(self.fail(format!(
                    "{seat} is to act but only {} seats play",
                    g.seats()
                )));
            }
        }
        Ok(())
    }

    fn check_actions(&self) -> Result<(), Failure> {
        let g = &self.game;
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        if g.count_actions() != legal.len() {
            let problem = format!(
                "count_actions {} but {} legal actions",
                g.count_actions(),
                legal.len()
            );
            return Err(self.fail(problem));
        }
        self.check_choose_action(&legal)?;
        let distinct: HashSet<_> = legal.iter().collect();
        if distinct.len() != legal.len() {
            return Err(self.fail("the legal actions contain duplicates"));
        }
        for &action in &legal {
            let text = g.action_text(action);
            match g.parse_action(&text) {
                Ok(again) if again == action => {}
                Ok(again) => {
                    return Err(
                        self.fail(format!("`{text}` reads back as {again:?}, not {action:?}"))
                    )
                }
                Err(e) => return Err(self.fail(format!("own action text refused: {e}"))),
            }
            if let Err(e) = g.check(action) {
                return Err(self.fail(format!("a generated action fails its check: {e}")));
            }
        }
        Ok(())
    }

    /// [`Game::choose_action`] picks the action listing puts at the chosen index: the first,
    /// the last and two between (every index would cost quadratic time in long lists).
    fn check_choose_action(&self, legal: &[G::Action]) -> Result<(), Failure> {
        let g = &self.game;
        let mut buffer = Vec::new();
        if legal.is_empty() {
            let chosen = g.choose_action(|_| 0, &mut buffer);
            return match chosen {
                None => Ok(()),
                Some(a) => Err(self.fail(format!("choose_action gave {a:?} with no legal action"))),
            };
        }
        let n = legal.len();
        for i in [0, n / 3, n / 2, n - 1] {
            let mut offered = None;
            let chosen = g.choose_action(
                |count| {
                    offered = Some(count);
                    i
                },
                &mut buffer,
            );
            if offered != Some(n) || chosen != Some(legal[i]) {
                return Err(self.fail(format!(
                    "choose_action offered {offered:?} of {n} actions and gave {chosen:?} at \
                     index {i}, where listing gives {:?}",
                    legal[i]
                )));
            }
        }
        Ok(())
    }

    fn check_resignation(&self) -> Result<(), Failure> {
        let g = &self.game;
        let Some(resign) = g.resignation() else {
            return Ok(());
        };
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        if legal.contains(&resign) {
            return Err(self.fail("the resignation is listed among the legal actions"));
        }
        let text = g.action_text(resign);
        if g.parse_action(&text) != Ok(resign) {
            return Err(self.fail(format!("the resignation `{text}` does not read back")));
        }
        let mut resigned = g.clone();
        if let Err(e) = resigned.apply(resign, &mut Vec::new()) {
            return Err(self.fail(format!("the resignation is refused: {e}")));
        }
        if &resigned == g {
            return Err(self.fail("resigning changed nothing"));
        }
        Ok(())
    }

    fn check_chance(&self) -> Result<(), Failure> {
        let g = &self.game;
        let mut outcomes = Vec::new();
        g.chance_outcomes(&mut outcomes);
        if g.actor() != Actor::Chance {
            return match outcomes.is_empty() {
                true => Ok(()),
                false => Err(self.fail("chance outcomes listed while chance is not the actor")),
            };
        }
        if outcomes.is_empty() || outcomes.iter().any(|&(_, w)| w == 0) {
            return Err(self.fail("a chance node needs outcomes with positive weights"));
        }
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let listed: HashSet<_> = outcomes.iter().map(|&(a, _)| a).collect();
        if listed != legal.iter().copied().collect() || listed.len() != outcomes.len() {
            return Err(self.fail("chance outcomes differ from the legal actions"));
        }
        Ok(())
    }

    fn check_text_and_hash(&self) -> Result<(), Failure> {
        let g = &self.game;
        if let Err(problem) = g.check_invariants() {
            return Err(self.fail(format!("a rules invariant fails: {problem}")));
        }
        if g.position_hash() != g.hash_from_scratch() {
            return Err(self.fail("the incremental hash differs from the from-scratch hash"));
        }
        let text = g.position_text();
        let again = G::from_position(g.variant(), &text)
            .map_err(|e| self.fail(format!("own position text refused: {e}")))?;
        if &again != g {
            return Err(self.fail(format!(
                "position text reads back to another position: {again:?}"
            )));
        }
        if again.position_text() != text || again.position_hash() != g.position_hash() {
            return Err(self.fail("the read-back position has another text or hash"));
        }
        Ok(())
    }

    fn check_views(&self) -> Result<(), Failure> {
        let g = &self.game;
        let viewers = std::iter::once(None).chain((0..g.seats()).map(|s| Some(Seat(s as u8))));
        for viewer in viewers {
            let view = g.view(viewer);
            if !G::INFO.has_hidden_information && &view != g {
                return Err(self.fail(format!(
                    "a perfect-information view for {viewer:?} hides something"
                )));
            }
            // The seat that decides sees enough to decide: its view offers the same actions.
            if let (Some(seat), Actor::Seat(actor)) = (viewer, g.actor()) {
                if seat == actor && view_actions(&view) != view_actions(g) {
                    return Err(self.fail(format!(
                        "{actor}'s own view offers other actions than the position"
                    )));
                }
            }
        }
        Ok(())
    }

    fn step(&mut self, action: G::Action) -> Result<(), Failure> {
        let mut checked = self.game.clone();
        let mut events = Vec::new();
        if let Err(e) = checked.apply(action, &mut events) {
            return Err(self.fail(format!("apply refused a legal action: {e}")));
        }
        visibility::check_step(&self.game, action, &checked, &events).map_err(|p| self.fail(p))?;
        let mut fast = self.game.clone();
        fast.apply_unchecked(action);
        if fast != checked || fast.position_hash() != checked.position_hash() {
            let text = self.game.action_text(action);
            return Err(self.fail(format!("apply and apply_unchecked disagree after `{text}`")));
        }
        turns::check_turn_step(&self.game, &checked).map_err(|p| {
            let text = self.game.action_text(action);
            self.fail(format!("turns, after `{text}`: {p}"))
        })?;
        self.game = checked;
        self.actions.push(action);
        Ok(())
    }

    fn check_record(&self) -> Result<(), Failure> {
        let text = record::export(&self.start, &self.actions, &[]).to_text();
        let parsed = record::Record::parse(&text)
            .map_err(|e| self.fail(format!("own record refused: {e}\n{text}")))?;
        let replayed = record::replay::<G>(&parsed)
            .map_err(|e| self.fail(format!("own record does not replay: {e}\n{text}")))?;
        if replayed.end != self.game || replayed.actions != self.actions {
            return Err(self.fail("the replayed record ends elsewhere"));
        }
        records::check_records(&self.start, &self.actions).map_err(|p| self.fail(p))
    }
}
