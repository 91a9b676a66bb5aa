//! The rules of the versioned stream, without a server: frames are built from a real Murus
//! Gallicus game.

use muster_rules::{AnyGame, GameId, Seat};
use muster_wire::server::{End, Full, GameStatus, Rewind, Skip, Step};
use muster_wire::{
    Actor, By, ClientMsg, LegalMoves, MatchId, Outcome, Ply, ServerMsg, Sub, Version, ViewHash,
};

use super::{Applied, GameView};

fn g() -> MatchId {
    MatchId("01JD0000000000000000000000".into())
}

/// A game and the frames of its first `n` decisions as seat 0 sees them: a `full` at version
/// `v0` and ply 0, then one `step` per decision at versions `v0 + 1 …`.
fn stream(n: usize, v0: u32) -> (Full, Vec<Step>) {
    let mut game = AnyGame::new(GameId::MurusGallicus, "basic", None).expect("the game");
    let me = Some(Seat(0));
    let legal = |game: &AnyGame| LegalMoves::all(&game.legal_moves());
    let full = Full {
        g: g(),
        v: Version(v0),
        ply: Ply(0),
        game: "murus-gallicus".into(),
        variant: "basic".into(),
        rules_version: 1,
        seats: Vec::new(),
        me,
        status: GameStatus::Running,
        actor: game.actor().into(),
        clock: None,
        position: game.position_text(),
        board: muster_view::BoardKey::of(&muster_view::scene(&game, me).expect("a scene")),
        scene: muster_view::scene(&game, me).expect("a scene"),
        moves: Vec::new(),
        legal: Some(legal(&game)),
        offers: Vec::new(),
        draw_offers: false,
        set_resignation: false,
        outcome: None,
        hash: ViewHash::from_u64(0),
    };
    let mut steps = Vec::new();
    for i in 0..n {
        let held = muster_view::scene(&game, me).expect("a scene");
        let actor = game.actor();
        let a = game.legal_actions()[0].clone();
        game.apply(&a).expect("a legal action");
        let next: Actor = game.actor().into();
        steps.push(Step {
            g: g(),
            v: Version(v0 + 1 + i as u32),
            ply: Ply(i as u32 + 1),
            by: match actor {
                muster_rules::Actor::Seat(s) => By::Seat(s),
                _ => By::Chance,
            },
            a: Some(a),
            events: Vec::new(),
            anim: Vec::new(),
            actor: next,
            clock: None,
            scene: muster_view::SceneDelta::between(
                &held,
                &muster_view::scene(&game, me).expect("a scene"),
            ),
            legal: (next == Actor::Seat(Seat(0))).then(|| legal(&game)),
            hash: ViewHash::from_u64(i as u64 + 1),
            revealed: Vec::new(),
        });
    }
    (full, steps)
}

#[test]
fn a_full_sets_everything_and_the_next_version_is_applied() {
    let (full, steps) = stream(3, 5);
    let mut view = GameView::new(g());
    assert_eq!(view.apply(&ServerMsg::Full(full.clone())), Applied::Applied);
    assert_eq!(view.version(), Some(Version(5)));
    assert!(view.my_turn(), "seat 0 opens Murus Gallicus");
    assert!(view.legal().is_some());
    for step in &steps {
        assert_eq!(view.apply(&ServerMsg::Step(step.clone())), Applied::Applied);
    }
    assert_eq!(view.version(), Some(Version(8)));
    assert_eq!(view.ply(), Ply(3));
    assert_eq!(view.hash(), &ViewHash::from_u64(3));
    let plies: Vec<u32> = view.moves().iter().map(|m| m.ply.0).collect();
    assert_eq!(
        plies,
        [0, 1, 2],
        "a step's decision was made on the ply before it"
    );
    assert_eq!(view.moves()[1].a, steps[1].a);
    assert!(!view.my_turn(), "after three decisions seat 1 is to play");
    assert!(view.legal().is_none(), "the legal list goes with the step");
}

#[test]
fn a_version_already_held_is_ignored() {
    let (full, steps) = stream(2, 0);
    let mut view = GameView::new(g());
    view.apply(&ServerMsg::Full(full));
    view.apply(&ServerMsg::Step(steps[0].clone()));
    view.apply(&ServerMsg::Step(steps[1].clone()));
    assert_eq!(
        view.apply(&ServerMsg::Step(steps[0].clone())),
        Applied::Repeat
    );
    assert_eq!(
        view.apply(&ServerMsg::Step(steps[1].clone())),
        Applied::Repeat
    );
    assert_eq!(view.moves().len(), 2, "no decision is counted twice");
    assert_eq!(view.version(), Some(Version(2)));
    assert_eq!(view.repeats(), 2);
}

#[test]
fn a_gap_applies_nothing_and_resubscribes_from_the_last_version() {
    let (full, steps) = stream(3, 10);
    let mut view = GameView::new(g());
    view.apply(&ServerMsg::Full(full));
    view.apply(&ServerMsg::Step(steps[0].clone()));
    let gap = view.apply(&ServerMsg::Step(steps[2].clone()));
    assert_eq!(
        gap,
        Applied::Gap {
            have: Some(Version(11)),
            got: Version(13)
        }
    );
    assert_eq!(view.version(), Some(Version(11)));
    assert_eq!(view.ply(), Ply(1));
    assert_eq!(
        view.resubscribe(),
        ClientMsg::Sub(Sub {
            g: g(),
            v: Some(Version(11))
        })
    );
    // The server sends the missing entries; the late one is then a repeat.
    assert_eq!(
        view.apply(&ServerMsg::Step(steps[1].clone())),
        Applied::Applied
    );
    assert_eq!(
        view.apply(&ServerMsg::Step(steps[2].clone())),
        Applied::Applied
    );
    assert_eq!(
        view.apply(&ServerMsg::Step(steps[2].clone())),
        Applied::Repeat
    );
    assert_eq!(view.ply(), Ply(3));
    assert_eq!(view.gaps(), 1);
}

#[test]
fn before_the_first_full_every_entry_is_a_gap_and_sub_asks_for_a_full() {
    let (_, steps) = stream(1, 0);
    let mut view = GameView::new(g());
    assert_eq!(
        view.apply(&ServerMsg::Step(steps[0].clone())),
        Applied::Gap {
            have: None,
            got: Version(1)
        }
    );
    assert_eq!(view.resubscribe(), ClientMsg::Sub(Sub { g: g(), v: None }));
}

#[test]
fn a_skip_counts_its_version_and_changes_nothing_else() {
    let (full, steps) = stream(1, 0);
    let mut view = GameView::new(g());
    view.apply(&ServerMsg::Full(full));
    let skip = ServerMsg::Skip(Skip {
        g: g(),
        v: Version(1),
    });
    assert_eq!(view.apply(&skip), Applied::Applied);
    assert_eq!(view.apply(&skip), Applied::Repeat);
    assert_eq!(view.version(), Some(Version(1)));
    assert!(view.moves().is_empty());
    // The step at version 1 is now a repeat; at version 2 it would be the next one.
    assert_eq!(
        view.apply(&ServerMsg::Step(steps[0].clone())),
        Applied::Repeat
    );
    let mut later = steps[0].clone();
    later.v = Version(2);
    assert_eq!(view.apply(&ServerMsg::Step(later)), Applied::Applied);
}

#[test]
fn a_full_replaces_the_picture_whatever_its_version() {
    let (full, steps) = stream(3, 0);
    let mut view = GameView::new(g());
    view.apply(&ServerMsg::Full(full.clone()));
    for step in &steps {
        view.apply(&ServerMsg::Step(step.clone()));
    }
    // A rewind and the full that follows it: back to the start, at a newer version.
    let rewind = ServerMsg::Rewind(Rewind {
        g: g(),
        v: Version(4),
        to_ply: Ply(1),
    });
    assert_eq!(view.apply(&rewind), Applied::Applied);
    assert_eq!(view.moves().len(), 1);
    let mut again = full;
    again.v = Version(4);
    assert_eq!(view.apply(&ServerMsg::Full(again)), Applied::Applied);
    assert_eq!(view.version(), Some(Version(4)));
    assert_eq!(view.ply(), Ply(0));
    assert!(view.moves().is_empty());
    assert!(view.my_turn());
}

#[test]
fn frames_of_other_games_and_unversioned_frames_are_not_entries() {
    let (full, steps) = stream(1, 0);
    let mut view = GameView::new(g());
    view.apply(&ServerMsg::Full(full));
    let mut elsewhere = steps[0].clone();
    elsewhere.g = MatchId("another".into());
    assert_eq!(view.apply(&ServerMsg::Step(elsewhere)), Applied::Other);
    let pong = ServerMsg::Pong(muster_wire::server::Pong {
        n: 1,
        now_ms: muster_wire::Millis(0),
    });
    assert_eq!(view.apply(&pong), Applied::Other);
    assert_eq!(view.version(), Some(Version(0)));
}

#[test]
fn the_end_entry_ends_the_game_and_withdraws_the_legal_moves() {
    let (full, _) = stream(0, 0);
    let mut view = GameView::new(g());
    view.apply(&ServerMsg::Full(full));
    assert!(view.my_turn());
    let end = ServerMsg::End(End {
        g: g(),
        v: Version(1),
        outcome: Outcome {
            scores: vec![0, 1],
            ranks: vec![1, 0],
            reason: "resigned".into(),
        },
        termination: muster_wire::server::Termination::Resignation,
        ratings: Vec::new(),
    });
    assert_eq!(view.apply(&end), Applied::Applied);
    assert!(view.is_over());
    assert!(!view.my_turn());
    assert!(view.legal().is_none());
    assert_eq!(view.status(), GameStatus::Over);
}

#[test]
fn forgetting_after_a_resync_asks_for_a_full_again() {
    let (full, _) = stream(0, 7);
    let mut view = GameView::new(g());
    view.apply(&ServerMsg::Full(full));
    view.forget();
    assert_eq!(view.version(), None);
    assert_eq!(view.resubscribe(), ClientMsg::Sub(Sub { g: g(), v: None }));
}

#[test]
fn a_step_that_reveals_secret_decisions_fills_in_their_text() {
    let (full, steps) = stream(2, 0);
    let mut view = GameView::new(g());
    view.apply(&ServerMsg::Full(full));
    let mut secret = steps[0].clone();
    secret.a = None;
    view.apply(&ServerMsg::Step(secret));
    assert_eq!(view.moves()[0].a, None, "a secret decision has no text");
    let mut revealing = steps[1].clone();
    revealing.revealed = vec![muster_wire::server::Revealed {
        ply: Ply(0),
        a: "d1-f3".into(),
    }];
    view.apply(&ServerMsg::Step(revealing));
    assert_eq!(view.moves()[0].a.as_deref(), Some("d1-f3"));
}
