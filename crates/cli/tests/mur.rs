//! Mur through the command line: the opening counts, the round board in play, obligations
//! announced, resignation of a set, and records that replay.

mod common;

use common::{muster, muster_with_input};

#[test]
fn the_opening_offers_24_placements_and_552_two_ply_sequences() {
    let run = muster(&["moves", "mur"]);
    assert!(run.success, "{}", run.stderr);
    let moves: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(moves.len(), 24, "{}", run.stdout);
    assert!(
        moves.iter().all(|m| m.starts_with('*')),
        "only placements: {moves:?}"
    );
    let run = muster(&["perft", "mur", "--variant", "game", "--depth", "2"]);
    assert_eq!(run.stdout.trim(), "perft 2 = 552", "{}", run.stderr);
    // At match length the resignation is not counted: the same numbers.
    let run = muster(&["perft", "mur", "--depth", "2"]);
    assert_eq!(run.stdout.trim(), "perft 2 = 552", "{}", run.stderr);
}

/// The spec's case M3a: White a3, Black h3 and b3, the kraken on C; Black to place.
const M3A: &str = "K/......../......../WB.....B B 0-0";

#[test]
fn the_board_shows_names_pieces_tallies_and_the_trap_withdrawal_owed() {
    let script = "*a2\n?\nquit\n";
    let run = muster_with_input(
        &[
            "play",
            "mur",
            "--vs",
            "human",
            "--position",
            M3A,
            "--no-color",
        ],
        script,
    );
    assert!(run.success, "{}", run.stderr);
    let out = run.stdout;
    assert!(out.contains("Game 1 of 6, set 1 of 2"), "{out}");
    for name in ["a1", "h2", "d3"] {
        assert!(out.contains(name), "point {name} is labelled: {out}");
    }
    assert!(out.contains("[B]"), "the placed ship is marked: {out}");
    assert!(out.contains("White must withdraw a3 (trapped)"), "{out}");
    assert!(
        out.contains("1 ship trap,") || out.contains("1 ship trap\n"),
        "{out}"
    );
    assert!(out.contains("^a3"), "the only legal move is listed: {out}");
}

#[test]
fn a_player_may_resign_the_set_and_the_match_goes_on() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("resigned.txt");
    let script = format!("help\n*a1\n*e1\nresign\nsave {}\nquit\n", path.display());
    let run = muster_with_input(&["play", "mur", "--vs", "human", "--no-color"], &script);
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stdout.contains("resign, as the rules allow"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("Game 1 of 6, set 2 of 2"),
        "set 2 begins: {}",
        run.stdout
    );
    let replay = muster(&["replay", path.to_str().expect("a UTF-8 path"), "--json"]);
    assert!(replay.success, "{}", replay.stderr);
    let value: serde_json::Value = serde_json::from_str(&replay.stdout).expect("JSON");
    assert_eq!(
        value["actions"],
        serde_json::json!(["*a1", "*e1", "resign"])
    );
}

#[test]
fn resigning_a_single_game_is_refused() {
    let run = muster(&["apply", "mur", "--variant", "game", "*a1", "resign"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("action 2"), "{}", run.stderr);
}

#[test]
fn an_illegal_knock_is_explained() {
    // Two alphas: an alpha can never knock an alpha.
    let run = muster(&[
        "apply",
        "mur",
        "--position",
        "K/BW....../......../........ B 0-0",
        "a1+",
    ]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stderr.contains("illegal action `a1+`"),
        "{}",
        run.stderr
    );
}
