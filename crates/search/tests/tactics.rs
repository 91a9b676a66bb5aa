//! Forced wins: in each game's tactical positions (verified by exhaustive minimax in the
//! knowledge files' own tests) MCTS and alpha-beta must both find a winning first action.

use muster_rules::mu::Mu;
use muster_rules::mur::Mur;
use muster_rules::murus_gallicus::MurusGallicus;
use muster_rules::{Game, Variant};
use muster_search::games::mu::MuKnowledge;
use muster_search::games::mur::MurKnowledge;
use muster_search::games::murus_gallicus::MurusGallicusKnowledge;
use muster_search::games::{self, Tactic};
use muster_search::{AlphaBeta, AlphaBetaConfig, Budget, Knowledge, Mcts, MctsConfig, StopFlag};

fn position<G: Game>(tactic: &Tactic) -> G {
    let variant = G::Variant::parse_text(tactic.variant).expect("the tactic's variant");
    G::from_position(&variant, tactic.position).expect("the tactic's position")
}

/// MCTS with `iterations` finds a winning action in every tactic, and proves it when the win is
/// at most three decisions deep.
fn mcts_finds<G: Game, K: Knowledge<G> + Clone>(tactics: &[Tactic], knowledge: K, iterations: u64) {
    assert!(!tactics.is_empty());
    for tactic in tactics {
        let game: G = position(tactic);
        let mut mcts = Mcts::new(knowledge.clone(), MctsConfig::default(), 17);
        let found = mcts
            .search(
                &game,
                &Budget::nodes(iterations),
                &StopFlag::default(),
                &mut (),
            )
            .expect("searchable");
        let action = game.action_text(found.best);
        assert!(
            tactic.wins.contains(&action.as_str()),
            "MCTS chose {action} in {} (wins: {:?})",
            tactic.position,
            tactic.wins
        );
        if tactic.depth <= 3 {
            assert!(
                found.proven && found.value >= 1.0,
                "{action} not proven in {}",
                tactic.position
            );
        }
    }
}

/// Alpha-beta to the tactic's depth scores a win and plays one of the winning actions.
fn alpha_beta_finds<G: Game, K: Knowledge<G> + Clone>(tactics: &[Tactic], knowledge: K) {
    for tactic in tactics {
        let game: G = position(tactic);
        let mut search = AlphaBeta::new(knowledge.clone(), AlphaBetaConfig::default());
        let found = search
            .search(
                &game,
                &Budget::depth(tactic.depth),
                &StopFlag::default(),
                &mut (),
            )
            .expect("searchable");
        let action = game.action_text(found.best);
        assert!(
            tactic.wins.contains(&action.as_str()),
            "alpha-beta chose {action} in {}",
            tactic.position
        );
        assert!(
            found.score > muster_search::alphabeta::EVAL_LIMIT,
            "no win seen in {}",
            tactic.position
        );
    }
}

#[test]
fn mcts_finds_the_forced_wins_of_murus_gallicus() {
    let tactics = games::murus_gallicus::tactical_positions();
    mcts_finds::<MurusGallicus, _>(&tactics, MurusGallicusKnowledge, 20_000);
}

#[test]
fn alpha_beta_finds_the_forced_wins_of_murus_gallicus() {
    let tactics = games::murus_gallicus::tactical_positions();
    alpha_beta_finds::<MurusGallicus, _>(&tactics, MurusGallicusKnowledge);
}

#[test]
fn mcts_finds_the_forced_wins_of_mur() {
    let tactics = games::mur::tactical_positions();
    mcts_finds::<Mur, _>(&tactics, MurKnowledge, 20_000);
}

#[test]
fn alpha_beta_finds_the_forced_wins_of_mur() {
    alpha_beta_finds::<Mur, _>(&games::mur::tactical_positions(), MurKnowledge);
}

#[test]
fn mcts_finds_the_forced_wins_of_mu() {
    let tactics = games::mu::tactical_positions();
    mcts_finds::<Mu, _>(&tactics, MuKnowledge::default(), 20_000);
}

#[test]
fn alpha_beta_finds_the_forced_wins_of_mu() {
    alpha_beta_finds::<Mu, _>(&games::mu::tactical_positions(), MuKnowledge::default());
}
