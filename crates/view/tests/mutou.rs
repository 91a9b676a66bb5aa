//! MuTou scenes along random walks of every preset (two to four seats): every tessel is a
//! closed polygon holding its own centre and no other tessel's, ids are unique, every piece and
//! mark stands on a tessel, every legal first click is a cell or a button, the JSON form reads
//! back equal and the SVG is XML with each clickable id once; and the secret setting-out shows a
//! seat nothing of another seat's puts.

use std::collections::{HashMap, HashSet};

use muster_rules::{Actor, AnyGame, GameId, Seat};
use muster_view::{polygon_contains, MarkKind, PieceKind, Scene, Shape, Surface, Target, Xy};
use rand::rngs::SmallRng;
use rand::SeedableRng;

const ACTIONS_PER_WALK: usize = 60;
/// The full checks (other viewers, JSON, SVG) run on every this many positions.
const FULL_EVERY: usize = 6;

/// Every check on one scene of `game` as `viewer` sees it.
fn check(game: &AnyGame, viewer: Option<Seat>, scene: &Scene) {
    let where_ = format!("mutou `{}` as {viewer:?}", game.position_text());
    let mut ids = HashSet::new();
    for cell in &scene.cells {
        assert!(
            ids.insert(cell.id.clone()),
            "{where_}: cell {} twice",
            cell.id
        );
    }
    let tessels: Vec<(&str, &Vec<Xy>, Xy)> = scene
        .cells
        .iter()
        .filter(|c| c.surface == Surface::Tessel)
        .map(|c| match &c.shape {
            Shape::Polygon { points } => (c.id.as_str(), points, c.centre),
            other => panic!("{where_}: tessel {} is a {other:?}", c.id),
        })
        .collect();
    if let Some(surface) = game.as_mutou().and_then(|g| g.surface_opt()) {
        assert_eq!(tessels.len(), surface.len(), "{where_}: every live tessel");
    }
    // Closed polygons that do not overlap: each holds its own centre and no other's.
    for (id, points, centre) in &tessels {
        assert!(
            points.len() >= 3,
            "{where_}: {id} has {} corners",
            points.len()
        );
        assert!(
            polygon_contains(points, *centre),
            "{where_}: {id}'s centre is outside it"
        );
        for (other, _, c) in &tessels {
            assert!(
                other == id || !polygon_contains(points, *c),
                "{where_}: {other}'s centre lies inside {id}"
            );
        }
    }
    for cell in scene.cells.iter().filter(|c| c.surface != Surface::Tessel) {
        let expected = match cell.surface {
            Surface::Edge => "e",
            Surface::Vertex => "v",
            other => panic!("{where_}: a {other:?} cell on a MuTou board"),
        };
        assert!(
            cell.id.as_str().starts_with(expected),
            "{where_}: {}",
            cell.id
        );
    }
    let tessel_ids: HashSet<&str> = tessels.iter().map(|(id, _, _)| *id).collect();
    let mut occupied = HashSet::new();
    for piece in &scene.pieces {
        assert!(
            tessel_ids.contains(piece.at.as_str()),
            "{where_}: a piece on {}, not a tessel",
            piece.at
        );
        assert!(
            occupied.insert(piece.at.clone()),
            "{where_}: two on {}",
            piece.at
        );
        assert_eq!(piece.kind, PieceKind::Stack);
        let stack = piece.stack.as_ref().expect("a MuTou piece has a stack");
        let blood: u16 = stack.blood.iter().map(|b| u16::from(b.count)).sum();
        let sum = [stack.walker, stack.angler, stack.jagger, stack.rand]
            .iter()
            .map(|&n| u16::from(n))
            .sum::<u16>()
            + blood;
        assert_eq!(sum, piece.height, "{where_}: the stack on {}", piece.at);
        assert!(usize::from(piece.owner.expect("owned")) < game.seats());
    }
    for mark in &scene.marks {
        for t in &mark.targets {
            assert!(ids.contains(t), "{where_}: {:?} marks {t}", mark.kind);
        }
    }
    assert_eq!(scene.panels.len(), game.seats(), "{where_}: panels");
    for t in &scene.targets {
        assert!(ids.contains(t), "{where_}: target {t} is not a cell");
    }
    for b in &scene.buttons {
        assert!(!ids.contains(&b.id), "{where_}: button {} is a cell", b.id);
    }
    match game.actor() {
        Actor::Seat(actor) if viewer.is_none() || viewer == Some(actor) => {
            let clicks = muster_view::first_clicks(game).expect("drawable");
            assert!(!clicks.is_empty(), "{where_}: the actor has no first click");
            assert_eq!(clicks.len(), scene.targets.len() + scene.buttons.len());
            for click in clicks {
                match click {
                    Target::Board(id) => assert!(scene.targets.contains(&id), "{where_}: {id}"),
                    Target::Button(id) => assert!(scene.buttons.iter().any(|b| b.id == id)),
                }
            }
        }
        _ => assert!(
            scene.targets.is_empty() && scene.buttons.is_empty(),
            "{where_}"
        ),
    }
}

/// The JSON form reads back equal; the SVG is XML whose data-targets are exactly the cells and
/// buttons, each once.
fn check_forms(scene: &Scene) {
    let json = serde_json::to_string(scene).expect("serialises");
    let back: Scene = serde_json::from_str(&json).expect("reads back");
    assert_eq!(&back, scene, "JSON round trip");
    let svg = muster_view::svg::write(scene);
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    let mut seen: HashMap<String, usize> = HashMap::new();
    for node in doc.descendants() {
        if let Some(t) = node.attribute("data-target") {
            *seen.entry(t.to_owned()).or_default() += 1;
        }
    }
    assert!(seen.values().all(|&n| n == 1), "a data-target twice");
    let expected: HashSet<String> = scene
        .cells
        .iter()
        .map(|c| c.id.to_string())
        .chain(scene.buttons.iter().map(|b| b.id.to_string()))
        .collect();
    let found: HashSet<String> = seen.into_keys().collect();
    assert_eq!(found, expected, "data-targets");
}

/// A random walk of `ACTIONS_PER_WALK` actions of play after the setting-up (whose positions
/// are checked less often), every scene checked. Returns whether play was reached.
fn walk(preset: &str, seats: usize, seed: u64) -> bool {
    let mut game = AnyGame::new(GameId::MuTou, preset, Some(seats)).expect("a setup");
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut played = 0;
    let mut i = 0;
    while played < ACTIONS_PER_WALK {
        let in_play = game.as_mutou().is_some_and(|g| {
            g.phase() != muster_rules::mutou::Phase::ChooseTier && g.secret_decider().is_none()
        });
        i += 1;
        let full = i % FULL_EVERY == 0;
        if in_play || full {
            let scene = muster_view::scene(&game, None).expect("drawable");
            check(&game, None, &scene);
        }
        if full {
            check_forms(&muster_view::scene(&game, None).expect("drawable"));
            for s in 0..seats {
                let seat = Some(Seat(s as u8));
                check(
                    &game,
                    seat,
                    &muster_view::scene(&game, seat).expect("drawable"),
                );
            }
        }
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        if !in_play {
            game.apply(&action).expect("legal");
            continue;
        }
        played += 1;
        let before = game.clone();
        let after = muster_view::scene_after(&before, &action, None)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
        let steps = muster_view::steps(&before, &action).expect("legal");
        // (A roll in the middle of a Rand count reports no event of its own.)
        let seen = muster_view::scene(&before, None).expect("drawable");
        for step in &steps {
            for t in &step.targets {
                assert!(
                    seen.cell(t).is_some() || after.cell(t).is_some(),
                    "{action}: step `{}` touches {t}, a cell of neither board",
                    step.text
                );
            }
        }
        game.apply(&action).expect("legal");
        check(&game, None, &after);
    }
    played > 0
}

#[test]
fn mutou_scenes_along_random_walks_of_every_preset_are_consistent() {
    let presets: Vec<&str> = GameId::MuTou
        .presets()
        .expect("presets")
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert!(presets.contains(&"scribed") && presets.contains(&"hex"));
    for (k, preset) in presets.iter().enumerate() {
        // Two to four seats across the presets; the sown board with two and four.
        let seats = 2 + k % 3;
        assert!(walk(preset, seats, k as u64), "{preset} with {seats} seats");
        if *preset == "scribed" {
            assert!(walk(preset, if seats == 4 { 2 } else { 4 }, 7));
        }
    }
}

#[test]
fn a_sown_board_stays_drawn_without_overlaps_through_many_area_alterations() {
    // Seed 6 of the sown preset alters the area dozens of times in its first 125 actions.
    let mut game = AnyGame::new(GameId::MuTou, "scribed", Some(2)).expect("setup");
    let mut rng = SmallRng::seed_from_u64(6);
    for _ in 0..125 {
        let Some(action) = game.random_action(&mut rng) else {
            break;
        };
        game.apply(&action).expect("legal");
    }
    let mutou = game.as_mutou().expect("mutou");
    let edits = mutou.surface().edit_log().len();
    assert!(edits >= 10, "only {edits} area alterations");
    let scene = muster_view::scene(&game, None).expect("drawable");
    check(&game, None, &scene);
    check_forms(&scene);
}

/// The scene of the sown two-seat game after `puts` by Red while setting out, as `viewer` sees
/// it.
fn after_puts(puts: &[&str], viewer: Option<Seat>) -> Scene {
    let mut game = AnyGame::new(GameId::MuTou, "friendly", Some(2)).expect("setup");
    for put in puts {
        game.apply(put).expect("a legal put");
    }
    muster_view::scene(&game, viewer).expect("drawable")
}

#[test]
fn another_seats_secret_puts_change_nothing_in_a_scene() {
    let game = AnyGame::new(GameId::MuTou, "friendly", Some(2)).expect("setup");
    let legal = game.legal_actions();
    assert!(legal.contains(&"c1+W".to_owned()) && legal.contains(&"d1+J".to_owned()));
    // Red puts a Walker on c1, or a Jagger on d1: Blue and a spectator cannot tell which.
    for viewer in [Some(Seat(1)), None] {
        let one = after_puts(&["c1+W"], viewer);
        let other = after_puts(&["d1+J"], viewer);
        assert_eq!(one, other, "{viewer:?} sees a difference");
        let svg = |s: &Scene| muster_view::svg::write(s);
        assert_eq!(svg(&one), svg(&other));
        let red = one.pieces.iter().filter(|p| p.owner == Some(0));
        for piece in red {
            let stack = piece.stack.as_ref().expect("a stack");
            assert!(stack.hidden && piece.height == 0, "{viewer:?}: {piece:?}");
        }
    }
    // Red sees its own put.
    let red = after_puts(&["c1+W"], Some(Seat(0)));
    let c1 = red
        .pieces
        .iter()
        .find(|p| p.at.as_str() == "t2")
        .expect("c1 is t2");
    assert_eq!(
        c1.stack.as_ref().map(|s| (s.walker, s.hidden)),
        Some((1, false))
    );
    // The last-move mark of a put shows only to the seat that made it.
    let before = AnyGame::new(GameId::MuTou, "friendly", Some(2)).expect("setup");
    for (viewer, marked) in [(Some(Seat(0)), true), (Some(Seat(1)), false), (None, false)] {
        let scene = muster_view::scene_after(&before, "c1+W", viewer).expect("legal");
        let last = scene.marks.iter().any(|m| m.kind == MarkKind::LastMove);
        assert_eq!(last, marked, "{viewer:?}");
    }
}

#[test]
fn tessels_are_clicked_by_id_and_labelled_as_the_notation_names_them() {
    let square = muster_view::scene(
        &AnyGame::new(GameId::MuTou, "friendly", Some(2)).expect("setup"),
        None,
    )
    .expect("scene");
    let label = |scene: &muster_view::Scene, id: &str| {
        scene
            .cells
            .iter()
            .find(|c| c.id.as_str() == id)
            .and_then(|c| c.label.clone())
    };
    // On a square board the tessel `t4` is labelled `e1`; the edge e1 and vertex v0 are apart.
    assert_eq!(label(&square, "t0").as_deref(), Some("a1"));
    assert_eq!(label(&square, "t4").as_deref(), Some("e1"));
    assert_eq!(label(&square, "t63").as_deref(), Some("h8"));
    let ids: HashSet<&str> = square.cells.iter().map(|c| c.id.as_str()).collect();
    assert!(ids.contains("e1") && ids.contains("v0"));
    let targets: Vec<&str> = square.targets.iter().map(|t| t.as_str()).collect();
    assert_eq!(
        targets,
        ["t2", "t3", "t4", "t5"],
        "Red puts on its four bases, c1 to f1"
    );
    let hex = muster_view::scene(
        &AnyGame::new(GameId::MuTou, "hex", Some(2)).expect("setup"),
        None,
    )
    .expect("scene");
    assert!(hex.cells.iter().any(|c| c.label.as_deref() == Some("0,0")));
}

#[test]
fn a_remote_splice_is_a_pair_of_matching_markers() {
    let game = AnyGame::new(GameId::MuTou, "friendly wrap=cylinder", Some(2)).expect("setup");
    let scene = muster_view::scene(&game, None).expect("scene");
    let mut markers: HashMap<&str, usize> = HashMap::new();
    for label in &scene.labels {
        if label.kind == muster_view::LabelKind::Splice {
            *markers.entry(label.text.as_str()).or_default() += 1;
        }
    }
    // A cylinder of eight rows glues eight pairs of edges.
    assert_eq!(markers.len(), 8);
    assert!(markers.values().all(|&n| n == 2), "{markers:?}");
}

/// A sown board (seed 0, tier III) after nine area alterations, in a call on Red's area
/// alteration by which Blue inserts alterations of its own (the docs' board, before its last
/// action).
const SOWN: &str = "tier=III phase=play wafers=8,4 bank=0,0 supply=4 out=-,- zones=1,2 pools=-,- pieces=t3:1:WWAJB1,t8:1:AJJ,t9:1:WAJ,t10:1:WRB1,t14:1:AA,t15:1:A,t16:1:WWWJB1,t22:1:WAJR,t25:1:WAR,t31:2:WW,t33:2:WWRR,t34:2:JB2,t37:2:WJJJRB2,t42:2:WAJ,t44:2:WAAAB2,t47:2:AJ,t49:2:WWA,t54:2:AA turn=1:1 budget=6 spent=3 cat=area started=0 refused=0 moved=- frozen=- pending=insert:2:5 edits=splice:e103:e115,split:t9:v44:v19,splice:e75:e82,split:t8:v38:v26,erase:t4,splice:e21:e79,splice:e26:e43,ins:e117,ins:e4";

#[test]
fn a_scribed_tessel_is_the_last_move_and_insertions_start_from_their_tools() {
    let game = AnyGame::from_position(GameId::MuTou, "scribed", SOWN).expect("position");
    let scene = muster_view::scene_after(&game, "scribe:e57:4", None).expect("legal");
    let last: Vec<&str> = scene
        .marks
        .iter()
        .filter(|m| m.kind == MarkKind::LastMove)
        .flat_map(|m| m.targets.iter().map(|t| t.as_str()))
        .collect();
    // The edge scribed beyond, then the new tessel.
    assert_eq!(last, ["e57", "t60"]);
    // An inserted alteration starts, as every area alteration does, with its tool (the rules'
    // click paths); Blue may also stop inserting.
    let buttons: Vec<&str> = scene.buttons.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(
        buttons,
        ["ins", "rmv", "split", "merge", "scribe", "erase", "splice", "unsplice", "done"]
    );
    assert!(scene.targets.is_empty(), "{:?}", scene.targets);
    assert!(scene.status.contains("Blue may insert"), "{}", scene.status);
    // Four splices, each a pair of markers.
    let markers = scene
        .labels
        .iter()
        .filter(|l| l.kind == muster_view::LabelKind::Splice)
        .count();
    assert_eq!(markers, 2 * 4);
}

#[test]
fn a_call_window_offers_call_and_decline_as_buttons() {
    let mut game = AnyGame::from_position(GameId::MuTou, "scribed", SOWN).expect("position");
    game.apply("done").expect("Blue stops inserting");
    // Play on until a seat is asked whether to call.
    let mut rng = SmallRng::seed_from_u64(1);
    for _ in 0..200 {
        let legal = game.legal_actions();
        if legal.iter().any(|a| a == "decline") {
            let scene = muster_view::scene(&game, None).expect("scene");
            let buttons: HashSet<&str> = scene.buttons.iter().map(|b| b.id.as_str()).collect();
            assert_eq!(buttons, HashSet::from(["call", "decline"]));
            assert!(scene.targets.is_empty());
            assert!(scene.status.contains("call a choice"), "{}", scene.status);
            return;
        }
        let action = game.random_action(&mut rng).expect("not over");
        game.apply(&action).expect("legal");
    }
    panic!("no call window in 200 actions");
}
