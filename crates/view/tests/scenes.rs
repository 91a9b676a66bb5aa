//! Scenes along random walks of every preset of Murus Gallicus, Mur and Mu, seen by a spectator
//! and by the seat to act: every piece and mark stands on a cell of the geometry, ids are unique,
//! every legal first click is a cell or a button, the JSON form reads back equal, and the SVG is
//! well-formed XML in which every clickable thing carries its id once.

use std::collections::{HashMap, HashSet};

use muster_rules::{Actor, AnyGame, GameId, Seat};
use muster_view::{Scene, Target, ViewError};
use rand::rngs::SmallRng;
use rand::SeedableRng;

const SEEDS: u64 = 2;
const ACTIONS_PER_WALK: usize = 70;

/// Every (preset, seat count) to walk: the game's fewest and most seats, where the preset allows.
fn setups(id: GameId) -> Vec<AnyGame> {
    let info = id.info().expect("a playable game");
    let mut out = Vec::new();
    for (preset, _) in id.presets().expect("presets") {
        for seats in [info.min_seats, info.default_seats, 3, info.max_seats] {
            if seats < info.min_seats || seats > info.max_seats {
                continue;
            }
            if let Ok(game) = AnyGame::new(id, preset, Some(seats)) {
                if !out.contains(&game) {
                    out.push(game);
                }
            }
        }
    }
    assert!(!out.is_empty(), "{} has no setup to walk", id.id());
    out
}

/// Every check on one scene of `game` as `viewer` sees it; with `forms`, also its JSON and SVG
/// forms (the slow part).
fn check(game: &AnyGame, viewer: Option<Seat>, scene: &Scene, forms: bool) {
    let where_ = format!("{} `{}`", game.id().id(), game.position_text());
    // Cells: unique ids, a centre inside the cell, no two cells in the same place.
    let mut ids = HashSet::new();
    let mut places = HashSet::new();
    for cell in &scene.cells {
        assert!(
            ids.insert(cell.id.clone()),
            "{where_}: cell {} twice",
            cell.id
        );
        assert!(
            cell.shape.contains(cell.centre),
            "{where_}: the centre of {} lies outside its shape",
            cell.id
        );
        let place = (
            (cell.centre.x * 10.0).round() as i64,
            (cell.centre.y * 10.0).round() as i64,
        );
        assert!(
            places.insert(place),
            "{where_}: {} lies on another cell",
            cell.id
        );
    }
    // Pieces: each on a cell, at most one per cell, owned by a seat of the game or neutral.
    let mut occupied = HashSet::new();
    for piece in &scene.pieces {
        assert!(
            ids.contains(&piece.at),
            "{where_}: a piece on {}, not a cell",
            piece.at
        );
        assert!(
            occupied.insert(piece.at.clone()),
            "{where_}: two pieces on {}",
            piece.at
        );
        if let Some(owner) = piece.owner {
            assert!(usize::from(owner) < game.seats(), "{where_}: owner {owner}");
        }
        assert!(
            piece.height >= 1,
            "{where_}: an empty piece on {}",
            piece.at
        );
    }
    for mark in &scene.marks {
        for t in &mark.targets {
            assert!(
                ids.contains(t),
                "{where_}: {:?} marks {t}, not a cell",
                mark.kind
            );
        }
    }
    // Panels: one per seat, the actor's marked.
    assert_eq!(scene.panels.len(), game.seats(), "{where_}: panels");
    for (i, panel) in scene.panels.iter().enumerate() {
        assert_eq!(usize::from(panel.seat), i, "{where_}: panel order");
        assert_eq!(
            panel.name,
            game.seat_name(Seat(i as u8)),
            "{where_}: panel name"
        );
        assert_eq!(panel.to_act, game.actor() == Actor::Seat(Seat(i as u8)));
    }
    // Targets: every legal first click is a cell or a button; a spectator and the actor see the
    // actor's, other seats none.
    for t in &scene.targets {
        assert!(ids.contains(t), "{where_}: target {t} is not a cell");
    }
    for b in &scene.buttons {
        assert!(
            !ids.contains(&b.id),
            "{where_}: button {} is also a cell",
            b.id
        );
    }
    match game.actor() {
        Actor::Seat(actor) if viewer.is_none() || viewer == Some(actor) => {
            assert_eq!(scene.targets_for, Some(actor.0));
            let clicks = muster_view::first_clicks(game).expect("drawable");
            assert_eq!(clicks.len(), scene.targets.len() + scene.buttons.len());
            assert!(!clicks.is_empty(), "{where_}: the actor has no first click");
            for click in clicks {
                match click {
                    Target::Board(id) => assert!(scene.targets.contains(&id)),
                    Target::Button(id) => assert!(scene.buttons.iter().any(|b| b.id == id)),
                }
            }
        }
        _ => {
            assert!(
                scene.targets.is_empty() && scene.buttons.is_empty(),
                "{where_}"
            );
            assert_eq!(scene.targets_for, None);
        }
    }
    if forms {
        check_forms(&where_, scene);
    }
}

/// The JSON form reads back equal; the SVG is XML whose data-targets are exactly the cells and
/// buttons, each once.
fn check_forms(where_: &str, scene: &Scene) {
    let ids: HashSet<_> = scene.cells.iter().map(|c| c.id.clone()).collect();
    let json = serde_json::to_string(scene).expect("serialises");
    let back: Scene = serde_json::from_str(&json).expect("reads back");
    assert_eq!(&back, scene, "{where_}: JSON round trip");
    // The SVG is XML; its data-targets are exactly the cells and buttons, each once.
    let svg = muster_view::svg::write(scene);
    let doc = roxmltree::Document::parse(&svg)
        .unwrap_or_else(|e| panic!("{where_}: the SVG is not XML: {e}"));
    let mut seen: HashMap<String, usize> = HashMap::new();
    for node in doc.descendants() {
        if let Some(t) = node.attribute("data-target") {
            *seen.entry(t.to_owned()).or_default() += 1;
        }
    }
    for (t, count) in &seen {
        assert_eq!(
            *count, 1,
            "{where_}: data-target `{t}` appears {count} times"
        );
    }
    let expected: HashSet<String> = ids
        .iter()
        .map(|t| t.to_string())
        .chain(scene.buttons.iter().map(|b| b.id.to_string()))
        .collect();
    let found: HashSet<String> = seen.into_keys().collect();
    assert_eq!(found, expected, "{where_}: data-targets");
}

/// Random walks from every setup of `id`, checking the scene before and after every action.
fn walk_every_setup(id: GameId) {
    for start in setups(id) {
        for seed in 0..SEEDS {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut game = start.clone();
            for _ in 0..ACTIONS_PER_WALK {
                let mut viewers = vec![None];
                if let Actor::Seat(actor) = game.actor() {
                    viewers.push(Some(actor));
                    viewers.push(Some(Seat(((actor.index() + 1) % game.seats()) as u8)));
                }
                for viewer in viewers {
                    let scene = muster_view::scene(&game, viewer).expect("drawable");
                    check(&game, viewer, &scene, viewer.is_none());
                }
                let Some(action) = game.random_action(&mut rng) else {
                    break;
                };
                let before = game.clone();
                let after = muster_view::scene_after(&before, &action, None)
                    .unwrap_or_else(|e| panic!("{action}: {e}"));
                game.apply(&action).expect("a legal action");
                check(&game, None, &after, false);
                check_steps(&before, &action, &after);
            }
        }
    }
}

/// Every step of an action names its rule and touches only cells of the board before or after
/// it (a Mu segment laid out exists only after, a withdrawn Mur ship only before).
fn check_steps(before: &AnyGame, action: &str, after: &Scene) {
    let seen = muster_view::scene(before, None).expect("drawable");
    let steps = muster_view::steps(before, action).expect("a legal action");
    assert!(!steps.is_empty(), "{action}: an action reports what it did");
    for step in &steps {
        assert!(
            !step.rule.is_empty() && !step.text.is_empty(),
            "{action}: {step:?}"
        );
        for t in &step.targets {
            assert!(
                seen.cell(t).is_some() || after.cell(t).is_some(),
                "{action}: step `{}` touches {t}, a cell of neither board",
                step.text
            );
        }
    }
}

#[test]
fn murus_gallicus_scenes_along_random_walks_of_every_preset_are_consistent() {
    walk_every_setup(GameId::MurusGallicus);
}

#[test]
fn mur_scenes_along_random_walks_of_every_preset_are_consistent() {
    walk_every_setup(GameId::Mur);
}

#[test]
fn mu_scenes_along_random_walks_of_every_preset_are_consistent() {
    walk_every_setup(GameId::Mu);
}

#[test]
fn the_last_move_marks_the_cells_an_action_touched() {
    let game = AnyGame::new(GameId::MurusGallicus, "basic", None).expect("setup");
    let scene = muster_view::scene_after(&game, "d1-d3", None).expect("legal");
    let last = scene
        .marks
        .iter()
        .find(|m| m.kind == muster_view::MarkKind::LastMove)
        .expect("a last-move mark");
    let names: Vec<&str> = last.targets.iter().map(|t| t.as_str()).collect();
    // A tower move leaves d1 and drops a stone on d2 and on d3.
    assert_eq!(names, ["d1", "d2", "d3"]);
}

#[test]
fn a_mur_move_marks_its_landing_point() {
    // A Black alpha on c2 moves one point clockwise, to d2.
    let game = AnyGame::from_position(GameId::Mur, "game", "K/......../..B...../........ B 0-0")
        .expect("position");
    let scene = muster_view::scene_after(&game, "c2+", None).expect("legal");
    let last = scene
        .marks
        .iter()
        .find(|m| m.kind == muster_view::MarkKind::LastMove);
    let names: Vec<&str> = last
        .expect("marked")
        .targets
        .iter()
        .map(|t| t.as_str())
        .collect();
    assert_eq!(names, ["c2", "d2"]);
}

#[test]
fn an_illegal_last_action_is_refused_with_its_text() {
    let game = AnyGame::new(GameId::MurusGallicus, "basic", None).expect("setup");
    let error = muster_view::scene_after(&game, "d1-d5", None).unwrap_err();
    assert!(
        matches!(&error, ViewError::Action(text, _) if text == "d1-d5"),
        "{error}"
    );
    let error = muster_view::scene_after(&game, "z9", None).unwrap_err();
    assert!(error.to_string().contains("`z9`"), "{error}");
}

#[test]
fn a_viewer_outside_the_seats_is_refused() {
    let game = AnyGame::new(GameId::Mur, "game", None).expect("setup");
    let error = muster_view::scene(&game, Some(Seat(2))).unwrap_err();
    assert_eq!(error, ViewError::NoSuchSeat { seat: 3, seats: 2 });
}

#[test]
fn dark_sees_the_board_turned_with_rank_one_at_the_top() {
    let game = AnyGame::new(GameId::MurusGallicus, "basic", None).expect("setup");
    let y_of = |scene: &Scene, name: &str| {
        scene
            .cells
            .iter()
            .find(|c| c.id.as_str() == name)
            .map(|c| c.centre.y)
            .expect("a cell")
    };
    let light = muster_view::scene(&game, Some(Seat(0))).expect("scene");
    let dark = muster_view::scene(&game, Some(Seat(1))).expect("scene");
    assert!(y_of(&light, "a1") > y_of(&light, "a7"));
    assert!(y_of(&dark, "a1") < y_of(&dark, "a7"));
    // Dark is not to act at the start: it sees no targets.
    assert!(dark.targets.is_empty());
    assert_eq!(light.targets.len(), 8, "every home tower can move");
}

#[test]
fn mu_lay_out_places_are_ghost_cells_named_by_their_coordinates() {
    let mut game = AnyGame::new(GameId::Mu, "", Some(2)).expect("setup");
    let first = muster_view::scene(&game, None).expect("scene");
    let names: Vec<&str> = first.targets.iter().map(|t| t.as_str()).collect();
    assert_eq!(names, ["0,0"], "the first segment goes at 0,0");
    assert!(first
        .cells
        .iter()
        .all(|c| c.surface == muster_view::Surface::Ghost));
    game.apply("place:0,0").expect("legal");
    let second = muster_view::scene(&game, None).expect("scene");
    assert_eq!(
        second
            .cells
            .iter()
            .filter(|c| c.surface != muster_view::Surface::Ghost)
            .count(),
        7,
        "one segment of seven cells"
    );
    let legal: HashSet<String> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| a.strip_prefix("place:").map(str::to_owned))
        .collect();
    let ghosts: HashSet<String> = second.targets.iter().map(|t| t.to_string()).collect();
    assert_eq!(ghosts, legal, "one ghost per legal centre");
}

/// The cells a scene marks with `kind`, by name, with the mark's seat.
fn marked(scene: &Scene, kind: muster_view::MarkKind) -> Vec<(Option<u8>, String)> {
    scene
        .marks
        .iter()
        .filter(|m| m.kind == kind)
        .flat_map(|m| m.targets.iter().map(move |t| (m.seat, t.to_string())))
        .collect()
}

#[test]
fn a_trapped_mur_ship_is_marked_and_its_withdrawal_is_the_only_target() {
    // Black places on a2 and closes the last neighbour of White's alpha on a3 (mur §1.7).
    let game = AnyGame::from_position(GameId::Mur, "game", "./..B.W.K./..WB.BW./WB..W..B B 1-0")
        .expect("position");
    let scene = muster_view::scene_after(&game, "*a2", None).expect("legal");
    // White is seat 1.
    assert_eq!(
        marked(&scene, muster_view::MarkKind::Trapped),
        [(Some(1), "a3".to_owned())]
    );
    let targets: Vec<&str> = scene.targets.iter().map(|t| t.as_str()).collect();
    assert_eq!(
        targets,
        ["a3"],
        "White must withdraw a3 before anything else"
    );
    let black = &scene.panels[0];
    assert_eq!(black.name, "Black");
    assert!(black
        .tallies
        .iter()
        .any(|t| t.label == "ship traps" && t.value == 2));
}

#[test]
fn an_empty_point_enclosed_by_black_ships_is_a_black_eye() {
    let game = AnyGame::from_position(GameId::Mur, "game", "K/......../B......./.B.....B W 0-0")
        .expect("position");
    let scene = muster_view::scene(&game, None).expect("scene");
    assert_eq!(
        marked(&scene, muster_view::MarkKind::Eye),
        [(Some(0), "a3".to_owned())]
    );
    // White may not enter Black's eye without trapping a Black ship (mur §1.7, rule 3).
    assert!(!scene.targets.iter().any(|t| t.as_str() == "a3"));
}

#[test]
fn in_a_chain_reaction_the_hot_cells_are_marked_and_the_mover_chooses_among_them() {
    let game = AnyGame::from_position(
        GameId::Mu,
        "levis start=t3",
        "0,0 3,-1 1,2 | A0=VR1 A3=VR1 A4=VR1 C0=VP3 C1=C C2=VP1 C3=VP2 C5=VP1 C6=CP2 | play P seats=2 ply=29",
    )
    .expect("position");
    let scene = muster_view::scene_after(&game, "C3-se-2", None).expect("legal");
    let hot: HashSet<String> = marked(&scene, muster_view::MarkKind::Hot)
        .into_iter()
        .map(|(_, cell)| cell)
        .collect();
    let mut after = game.clone();
    after.apply("C3-se-2").expect("legal");
    let choices: HashSet<String> = after
        .legal_actions()
        .into_iter()
        .filter_map(|a| a.strip_prefix("explode:").map(str::to_owned))
        .collect();
    assert!(choices.len() >= 2, "the order matters, so Purple is asked");
    assert!(
        choices.is_subset(&hot),
        "every cell Purple may explode glows"
    );
    let targets: HashSet<String> = scene.targets.iter().map(|t| t.to_string()).collect();
    assert_eq!(targets, choices);
    let last: Vec<String> = marked(&scene, muster_view::MarkKind::LastMove)
        .into_iter()
        .map(|(_, cell)| cell)
        .collect();
    assert_eq!(
        last,
        ["C3", "C6"],
        "two men travel two cells south-east from C3"
    );
}

#[test]
fn mu_seats_have_eight_different_colours_and_their_letters() {
    let game = AnyGame::new(GameId::Mu, "multi", Some(8)).expect("setup");
    let scene = muster_view::scene(&game, None).expect("scene");
    let colours: HashSet<&str> = scene.panels.iter().map(|p| p.colour.as_str()).collect();
    assert_eq!(colours.len(), 8);
    let letters: String = scene.panels.iter().map(|p| p.letter).collect();
    assert_eq!(letters, "RPGYBOST");
}

#[test]
fn a_tower_move_is_one_step_over_its_three_cells() {
    let game = AnyGame::new(GameId::MurusGallicus, "basic", None).expect("setup");
    let steps = muster_view::steps(&game, "d1-d3").expect("legal");
    assert_eq!(steps.len(), 1);
    let cells: Vec<&str> = steps[0].targets.iter().map(|t| t.as_str()).collect();
    assert_eq!(cells, ["d1", "d2", "d3"]);
    assert_eq!(steps[0].rule, "murus-gallicus:2.2 tower move");
}

#[test]
fn a_mu_chain_reaction_is_animated_explosion_by_explosion() {
    // Board T3 (mu example E1): Red's second man on A3 sets off a chain reaction.
    let mut game = AnyGame::new(GameId::Mu, "levis start=t3", None).expect("setup");
    game.apply("A0-w-1").expect("legal");
    game.apply("pass").expect("legal");
    let steps = muster_view::steps(&game, "A3-sw-1").expect("legal");
    let explosions: Vec<&muster_view::Step> = steps
        .iter()
        .filter(|s| s.rule == "mu:2.6 explosion")
        .collect();
    assert!(explosions.len() >= 2, "a chain: {steps:?}");
    for explosion in explosions {
        // The exploding cell first, then every cell its men reach.
        assert!(explosion.targets.len() >= 2, "{explosion:?}");
        assert!(
            explosion.text.contains(explosion.targets[0].as_str()),
            "{explosion:?}"
        );
    }
}
