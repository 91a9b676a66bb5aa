//! `muster view`: the scene as JSON, the SVG, the errors, and the board pictures in `docs/boards/`,
//! which must stay exactly what the command writes (set `MUSTER_WRITE_BOARDS=1` to rewrite them).

mod common;

use std::collections::HashSet;
use std::path::PathBuf;

use common::muster;

/// One picture of `docs/boards/`: its file name and the `muster view` arguments that draw it.
struct Board {
    file: &'static str,
    args: &'static [&'static str],
}

const BOARDS: [Board; 4] = [
    // Murus Gallicus T4 (Advanced): Light's c5-c7 puts a stone on Dark's home row, which must
    // survive Dark's turn; Dark's towers on d7 and h7 may act.
    Board {
        file: "murus-gallicus-t4.svg",
        args: &[
            "murus-gallicus",
            "--variant",
            "advanced",
            "--position",
            "3t3t/8/2T5/8/8/8/7T L 0",
            "c5-c7",
        ],
    },
    // Mur: Black's ship placed on a2 closes the last neighbour of White's alpha on a3, a trap;
    // White must withdraw it before anything else.
    Board {
        file: "mur-trap.svg",
        args: &[
            "mur",
            "--variant",
            "game",
            "--position",
            "./..B.W.K./..WB.BW./WB..W..B B 1-0",
            "*a2",
        ],
    },
    // Mu levis on board T3: Purple's C3-se-2 starts a chain reaction whose order matters, so
    // Purple chooses which of the hot cells C0 and C5 explodes next.
    Board {
        file: "mu-chain-reaction.svg",
        args: &[
            "mu",
            "--variant",
            "levis start=t3",
            "--position",
            "0,0 3,-1 1,2 | A0=VR1 A3=VR1 A4=VR1 C0=VP3 C1=C C2=VP1 C3=VP2 C5=VP1 C6=CP2 | play P seats=2 ply=29",
            "C3-se-2",
        ],
    },
    // MuTou on a sown board (seed 0, tier III) in a random game after nine area alterations:
    // two splits, an erase (the hole), four remote splices (marker pairs s1–s4) and two new
    // vertices. Blue called a choice on Red's area alteration and now inserts alterations of
    // its own; its first, `scribe:e57:4`, scribed the hexagon t60 beyond the periphery.
    Board {
        file: "mutou-sown.svg",
        args: &[
            "mutou",
            "--variant",
            "scribed",
            "--position",
            "tier=III phase=play wafers=8,4 bank=0,0 supply=4 out=-,- zones=1,2 pools=-,- pieces=t3:1:WWAJB1,t8:1:AJJ,t9:1:WAJ,t10:1:WRB1,t14:1:AA,t15:1:A,t16:1:WWWJB1,t22:1:WAJR,t25:1:WAR,t31:2:WW,t33:2:WWRR,t34:2:JB2,t37:2:WJJJRB2,t42:2:WAJ,t44:2:WAAAB2,t47:2:AJ,t49:2:WWA,t54:2:AA turn=1:1 budget=6 spent=3 cat=area started=0 refused=0 moved=- frozen=- pending=insert:2:5 edits=splice:e103:e115,split:t9:v44:v19,splice:e75:e82,split:t8:v38:v26,erase:t4,splice:e21:e79,splice:e26:e43,ins:e117,ins:e4",
            "scribe:e57:4",
        ],
    },
];

fn boards_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/boards")
}

#[test]
fn the_board_pictures_in_the_docs_are_what_muster_view_writes() {
    let rewrite = std::env::var_os("MUSTER_WRITE_BOARDS").is_some_and(|v| v == "1");
    let dir = tempfile::tempdir().expect("a temporary directory");
    for board in &BOARDS {
        let written = dir.path().join(board.file);
        let mut args = vec!["view"];
        args.extend_from_slice(board.args);
        args.extend(["--svg", written.to_str().expect("a UTF-8 path")]);
        let run = muster(&args);
        assert!(run.success, "{}: {}", board.file, run.stderr);
        let svg = std::fs::read_to_string(&written).expect("the SVG was written");
        let checked_in = boards_dir().join(board.file);
        if rewrite {
            std::fs::write(&checked_in, &svg).expect("docs/boards is writable");
        }
        let expected = std::fs::read_to_string(&checked_in).unwrap_or_default();
        assert!(
            svg == expected,
            "docs/boards/{} differs from what `muster view` writes now; \
             run the tests with MUSTER_WRITE_BOARDS=1 to rewrite it, then look at it",
            board.file
        );
    }
}

#[test]
fn without_svg_the_scene_is_printed_as_json() {
    let run = muster(&["view", "murus-gallicus", "d1-d3"]);
    assert!(run.success, "{}", run.stderr);
    let scene: serde_json::Value = serde_json::from_str(&run.stdout).expect("one JSON object");
    assert_eq!(scene["game"], "murus-gallicus");
    assert_eq!(scene["cells"].as_array().map(Vec::len), Some(56));
    let last = scene["marks"]
        .as_array()
        .and_then(|marks| marks.iter().find(|m| m["kind"] == "last-move"))
        .expect("the last move is marked");
    assert_eq!(last["targets"], serde_json::json!(["d1", "d2", "d3"]));
    // Dark is to act now: a spectator sees Dark's first clicks, its eight home towers.
    assert_eq!(scene["targets_for"], 1);
    assert_eq!(scene["targets"].as_array().map(Vec::len), Some(8));
}

#[test]
fn as_a_seat_that_is_not_to_act_the_scene_has_no_targets() {
    for seat in ["2", "dark", "Dark"] {
        let run = muster(&["view", "murus-gallicus", "--as", seat]);
        assert!(run.success, "--as {seat}: {}", run.stderr);
        let scene: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
        assert_eq!(scene["viewer"], 1);
        assert_eq!(scene["targets"], serde_json::json!([]));
    }
}

#[test]
fn the_svg_carries_every_cell_and_button_as_a_data_target() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("mu.svg");
    let run = muster(&[
        "view",
        "mu",
        "--variant",
        "levis start=t3",
        "--svg",
        path.to_str().expect("UTF-8"),
    ]);
    assert!(run.success, "{}", run.stderr);
    let svg = std::fs::read_to_string(&path).expect("written");
    let targets: Vec<&str> = svg
        .split("data-target=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    let unique: HashSet<&str> = targets.iter().copied().collect();
    assert_eq!(unique.len(), targets.len(), "every data-target once");
    // Board T3 has three segments of seven cells; Red may also pass.
    assert!(unique.contains("A0") && unique.contains("C6") && unique.contains("pass"));
    assert_eq!(targets.len(), 3 * 7 + 1);
}

#[test]
fn bad_input_is_quoted_in_the_error() {
    let run = muster(&["view", "murus-gallicus", "d1-d3", "d1-d5"]);
    assert!(!run.success);
    assert!(run.stderr.contains("action 2 `d1-d5`"), "{}", run.stderr);
    let run = muster(&["view", "mur", "--as", "Green"]);
    assert!(!run.success);
    assert!(run.stderr.contains("--as `Green`"), "{}", run.stderr);
    assert!(run.stderr.contains("Black, White"), "{}", run.stderr);
    let run = muster(&["view", "mur", "--as", "3"]);
    assert!(run.stderr.contains("seats 1 to 2"), "{}", run.stderr);
}

#[test]
fn a_mutou_board_is_drawn_with_its_tessels_edges_and_vertices() {
    let run = muster(&["view", "mutou", "--as", "Blue", "c1+W"]);
    assert!(run.success, "{}", run.stderr);
    let scene: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(scene["game"], "mutou");
    let cells = scene["cells"].as_array().expect("cells");
    let ids: HashSet<&str> = cells.iter().filter_map(|c| c["id"].as_str()).collect();
    // 64 squares, 144 edges, 81 vertices.
    assert_eq!(ids.len(), 64 + 144 + 81);
    assert!(ids.contains("t4") && ids.contains("e1") && ids.contains("v80"));
    // Red's put is secret: Blue sees no last move and only bare, hidden stacks of Red's.
    let marks = scene["marks"].as_array().expect("marks");
    assert!(!marks.iter().any(|m| m["kind"] == "last-move"));
    let c1 = scene["pieces"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["at"] == "t2"))
        .expect("a base on c1, tessel t2");
    assert_eq!(c1["height"], 0);
    assert_eq!(c1["stack"]["hidden"], true);
    let run = muster(&["view", "mutou", "--position", "tier=I phase=nonsense"]);
    assert!(!run.success);
    assert!(run.stderr.contains("nonsense"), "{}", run.stderr);
}

/// The steps of `args`' last action, as JSON.
fn steps_of(args: &[&str]) -> Vec<serde_json::Value> {
    let run = muster(args);
    assert!(run.success, "{}", run.stderr);
    serde_json::from_str::<Vec<serde_json::Value>>(&run.stdout).expect("a JSON list of steps")
}

#[test]
fn steps_show_what_the_last_action_touched_in_order() {
    let steps = steps_of(&["view", "murus-gallicus", "--steps", "d1-d3"]);
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0]["rule"], "murus-gallicus:2.2 tower move");
    assert_eq!(steps[0]["targets"], serde_json::json!(["d1", "d2", "d3"]));
    let run = muster(&["view", "murus-gallicus", "--steps"]);
    assert!(
        !run.success && run.stderr.contains("--steps"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_secret_put_has_steps_only_for_the_seat_that_made_it() {
    let red = steps_of(&["view", "mutou", "--as", "Red", "--steps", "c1+W"]);
    assert_eq!(red.len(), 1, "{red:?}");
    assert_eq!(
        red[0]["targets"],
        serde_json::json!(["t2"]),
        "c1 is tessel t2"
    );
    for other in ["Blue", "2"] {
        let seen = steps_of(&["view", "mutou", "--as", other, "--steps", "c1+W"]);
        assert!(seen.is_empty(), "{other}: {seen:?}");
    }
    assert!(
        steps_of(&["view", "mutou", "--steps", "c1+W"]).is_empty(),
        "a spectator"
    );
}
