//! Scene deltas along random walks of every game: applied to the scene before, a delta makes
//! exactly the scene after, for a spectator and for every seat; it reads back equal from JSON;
//! a scene of another board refuses it; and along a game it carries far less than the scene.

use muster_rules::{AnyGame, GameId, Seat};
use muster_view::{BoardKey, DeltaError, Scene, SceneDelta};
use rand::rngs::SmallRng;
use rand::SeedableRng;

/// What a walk saw, to show that every kind of change was met.
#[derive(Default, Debug)]
struct Seen {
    deltas: usize,
    /// Deltas that sent every cell (the cells' ids changed).
    all_cells: usize,
    /// Deltas that sent some cells by id.
    some_cells: usize,
    /// Deltas that sent no cell at all.
    no_cells: usize,
    /// JSON bytes of the deltas and of the scenes they stand for.
    delta_bytes: usize,
    scene_bytes: usize,
}

/// One decision seen by every viewer: the delta from each viewer's scene before to its scene
/// after makes that scene after, and reads back from JSON.
fn check_decision(before: &AnyGame, action: &str, seen: &mut Seen) {
    let viewers = std::iter::once(None).chain((0..before.seats()).map(|s| Some(Seat(s as u8))));
    for viewer in viewers {
        let from = muster_view::scene(before, viewer).expect("drawable");
        let to = muster_view::scene_after(before, action, viewer).expect("legal");
        let delta = SceneDelta::between(&from, &to);
        let made = delta
            .apply(&from)
            .unwrap_or_else(|e| panic!("{action} seen by {viewer:?}: {e}"));
        assert_eq!(made, to, "{action} seen by {viewer:?}");
        let json = serde_json::to_string(&delta).expect("serialisable");
        let back: SceneDelta = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, delta, "{action}: the JSON form reads back equal");
        seen.deltas += 1;
        match (&delta.cells, delta.changed.is_empty()) {
            (Some(_), _) => seen.all_cells += 1,
            (None, false) => seen.some_cells += 1,
            (None, true) => seen.no_cells += 1,
        }
        seen.delta_bytes += json.len();
        seen.scene_bytes += serde_json::to_string(&to).expect("serialisable").len();
    }
}

/// A random walk of `plies` decisions of `game` from `seed`, every decision checked.
fn walk(mut game: AnyGame, seed: u64, plies: usize) -> Seen {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut seen = Seen::default();
    for _ in 0..plies {
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        check_decision(&game, &action, &mut seen);
        game.apply(&action).expect("legal");
    }
    seen
}

fn new(id: GameId, variant: &str, seats: Option<usize>) -> AnyGame {
    AnyGame::new(id, variant, seats).expect("a setup")
}

#[test]
fn a_murus_gallicus_step_sends_only_the_cells_it_changed_and_a_fifth_of_the_scene() {
    let seen = walk(new(GameId::MurusGallicus, "basic", None), 1, 60);
    assert!(seen.deltas >= 60, "{seen:?}");
    assert_eq!(seen.all_cells, 0, "the board never changes: {seen:?}");
    assert!(seen.delta_bytes * 5 < seen.scene_bytes, "{seen:?}");
}

#[test]
fn a_mur_step_sends_only_the_cells_it_changed() {
    let seen = walk(new(GameId::Mur, "game", None), 2, 80);
    assert!(seen.deltas >= 60, "{seen:?}");
    assert_eq!(seen.all_cells, 0, "the board never changes: {seen:?}");
    assert!(seen.delta_bytes * 4 < seen.scene_bytes, "{seen:?}");
}

#[test]
fn mu_steps_send_the_segments_laid_out_and_then_only_the_cells_that_changed() {
    for (variant, seats, seed) in [("levis", None, 3), ("multi", Some(3), 4)] {
        let seen = walk(new(GameId::Mu, variant, seats), seed, 160);
        assert!(
            seen.all_cells > 0,
            "{variant}: the lay-out adds cells: {seen:?}"
        );
        assert!(seen.some_cells > 0, "{variant}: men change cells: {seen:?}");
        assert!(
            seen.delta_bytes * 2 < seen.scene_bytes,
            "{variant}: {seen:?}"
        );
    }
}

#[test]
fn mutou_steps_follow_area_alterations_and_secret_puts() {
    // Seed 6 of the sown preset alters the area dozens of times in its first 125 actions.
    let seen = walk(new(GameId::MuTou, "scribed", Some(2)), 6, 125);
    assert!(
        seen.all_cells > 0,
        "area alterations change the cells: {seen:?}"
    );
    let seen = walk(new(GameId::MuTou, "friendly", Some(3)), 8, 80);
    assert!(seen.no_cells > 0, "{seen:?}");
}

#[test]
fn a_delta_refuses_a_scene_of_another_board() {
    let game = new(GameId::Mu, "levis", None);
    let mut rng = SmallRng::seed_from_u64(9);
    let mut before = game.clone();
    // Into the phase of play, where moves change cells but not the cells' ids.
    let mut scenes: Vec<Scene> = Vec::new();
    for _ in 0..40 {
        let action = before.random_action(&mut rng).expect("a decision");
        scenes.push(muster_view::scene(&before, None).expect("drawable"));
        before.apply(&action).expect("legal");
    }
    let action = before.random_action(&mut rng).expect("a decision");
    let from = muster_view::scene(&before, None).expect("drawable");
    let to = muster_view::scene_after(&before, &action, None).expect("legal");
    let delta = SceneDelta::between(&from, &to);
    let stale = scenes
        .iter()
        .find(|s| BoardKey::of(s) != delta.base)
        .expect("an earlier board differs");
    assert!(matches!(
        delta.apply(stale),
        Err(DeltaError::OtherBase { .. })
    ));
    // A delta whose promise is not kept is refused too.
    let mut forged = delta.clone();
    forged.board = BoardKey("0000000000000000".to_owned());
    assert!(matches!(
        forged.apply(&from),
        Err(DeltaError::Broken { .. })
    ));
}

#[test]
fn a_whole_delta_makes_its_scene_from_any_scene_of_its_game() {
    let mut game = new(GameId::Mu, "levis", None);
    let start = muster_view::scene(&game, Some(Seat(1))).expect("drawable");
    let mut rng = SmallRng::seed_from_u64(2);
    for _ in 0..30 {
        let action = game.random_action(&mut rng).expect("a decision");
        game.apply(&action).expect("legal");
    }
    let scene = muster_view::scene(&game, Some(Seat(1))).expect("drawable");
    assert_ne!(
        BoardKey::of(&start),
        BoardKey::of(&scene),
        "segments were laid"
    );
    let whole = SceneDelta::whole(&scene);
    assert!(whole.is_whole());
    assert_eq!(whole.apply(&start).expect("any board"), scene);
}

#[test]
fn a_board_key_is_the_same_in_every_process() {
    // The key is part of the wire: a client may hold a board from one server and receive a
    // delta from another, so it must not depend on a process's random state.
    let game = new(GameId::MurusGallicus, "basic", None);
    let scene = muster_view::scene(&game, None).expect("drawable");
    let key = BoardKey::of(&scene);
    assert_eq!(key.0.len(), 16);
    assert!(key.0.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_eq!(key, BoardKey::of(&scene.clone()));
    insta_like(&key.0);
}

/// The key of the basic start as a spectator sees it, computed once: a change to the hash (or
/// to the scene's board) shows here.
fn insta_like(key: &str) {
    assert_eq!(key, EXPECTED_BASIC_START_KEY, "the board key changed");
}

const EXPECTED_BASIC_START_KEY: &str = "19be9ff14eb201fd";
