//! MuTou through the command line: the start, moves from a position (the specification's X1),
//! applying units with a call window, perft and bench, and terminal play with the secret
//! setting-out hidden from the person at the table.

mod common;

use common::{json, muster_with_input, ok};

/// Tier I in play on the 8×8 layout: Red's piece on d4 (t27) carries a Jagger and its blood,
/// Blue's blood piece stands on h8 (t63). Red to move with 3 wafers.
const D4_JAGGER: &str = "tier=I phase=play wafers=3,3 bank=0,0 supply=4 out=-,- zones=1,2 \
                         pools=-,- pieces=t27:1:JB1,t63:2:B2 turn=1:1 budget=3 spent=0 cat=- \
                         started=0 refused=0 moved=- frozen=- pending=free edits=-";

#[test]
fn new_starts_with_the_first_seat_setting_out() {
    let out = ok(&["new", "mutou"]);
    assert!(out.contains("phase=setout:1"), "{out}");
    assert!(out.contains("tier=I"), "{out}");
    let out = ok(&["new", "mutou", "--tier", "III", "--seats", "3"]);
    assert!(out.contains("tier=III"), "{out}");
    assert!(out.contains("wafers=6,6,6"), "{out}");
}

#[test]
fn moves_list_the_twelve_jagger_destinations_of_x1() {
    let out = ok(&["moves", "mutou", "--position", D4_JAGGER]);
    let jaggers: Vec<&str> = out.lines().filter(|l| l.starts_with("d4J>")).collect();
    assert_eq!(jaggers.len(), 12, "{out}");
    for to in [
        "b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5", "b4", "d2", "d6", "f4",
    ] {
        assert!(
            jaggers.contains(&format!("d4J>{to}").as_str()),
            "{to}: {out}"
        );
    }
}

#[test]
fn apply_plays_a_unit_and_the_opponent_may_call_a_choice() {
    let out = ok(&[
        "apply",
        "mutou",
        "--position",
        D4_JAGGER,
        "d4J>f5",
        "call:open",
        "--json",
    ]);
    let value: serde_json::Value = serde_json::from_str(&out).expect("json");
    let position = value["position"].as_str().expect("a position");
    assert!(
        position.contains("wafers=4,2"),
        "the caller paid the mover: {position}"
    );
    assert!(position.contains("pending=roll:2:open:p.t37"), "{position}");
}

#[test]
fn perft_counts_the_decisions_from_a_position() {
    let moves = ok(&["moves", "mutou", "--position", D4_JAGGER]);
    let out = ok(&["perft", "mutou", "--position", D4_JAGGER, "--depth", "1"]);
    // Rest, 12 Jagger and 8 Blood steps, and the area alterations near d4.
    let count = moves.lines().count();
    assert!(count > 21, "{moves}");
    assert!(out.contains(&format!("perft 1 = {count}")), "{out}");
}

#[test]
fn apply_json_prints_a_put_as_a_typed_event_for_its_owner_only() {
    let value = json(&["apply", "mutou", "c1+W", "--json"]);
    let events = value["events"].as_array().expect("events");
    assert_eq!(events.len(), 1, "{value}");
    let put = &events[0];
    assert_eq!(put["action"], "c1+W");
    assert_eq!(put["rule"], "mutou:S23");
    assert_eq!(put["audience"], serde_json::json!({ "Seat": 0 }), "{put}");
    assert_eq!(put["data"]["game"], "mutou");
    assert_eq!(put["data"]["event"]["type"], "Put");
    assert_eq!(put["data"]["event"]["base"]["name"], "c1", "{put}");
    assert_eq!(put["data"]["event"]["shak"], "W");
}

#[test]
fn play_keeps_the_random_opponents_setting_out_secret() {
    let run = muster_with_input(
        &[
            "play",
            "mutou",
            "--as",
            "2",
            "--vs",
            "random",
            "--no-color",
            "--seed",
            "3",
        ],
        "quit\n",
    );
    assert!(run.success, "{}\n{}", run.stderr, run.stdout);
    let out = run.stdout;
    assert!(
        out.contains("Red (random) plays a secret decision"),
        "{out}"
    );
    assert!(!out.contains("+W"), "no put is shown: {out}");
    assert!(out.contains("Blue sets out shakken in secret"), "{out}");
    // Red's bases are drawn bare (R0) while Blue sets out.
    assert!(out.contains("R0"), "{out}");
}

#[test]
fn rules_prints_the_mutou_page() {
    let out = ok(&["rules", "mutou"]);
    assert!(out.starts_with("# MuTou"), "{}", &out[..80.min(out.len())]);
}

/// The board as `muster play` draws it for the seat at the table (hotseat, no moves made).
fn board(args: &[&str]) -> String {
    let mut full = vec!["play", "mutou", "--vs", "human", "--no-color"];
    full.extend_from_slice(args);
    let run = muster_with_input(&full, "quit\n");
    assert!(run.success, "{}\n{}", run.stderr, run.stdout);
    run.stdout
}

/// The line and column where `text` first stands in `out`.
fn find(out: &str, text: &str) -> (usize, usize) {
    out.lines()
        .enumerate()
        .find_map(|(i, line)| {
            line.split_whitespace()
                .any(|w| w == text)
                .then(|| (i, line.find(&format!(" {text}")).map_or(0, |c| c + 1)))
        })
        .unwrap_or_else(|| panic!("{text} is drawn: {out}"))
}

#[test]
fn a_hex_board_is_an_offset_grid_with_each_piece_over_its_name() {
    let out = board(&["--variant", "hex"]);
    assert!(!out.contains("edges |"), "no listing of cells: {out}");
    let (row, col) = find(&out, "0,0");
    // East is six columns on; north-east (r + 1) two lines up and three columns on; north
    // up, so Blue (the second seat) stands at the top and Red at the bottom.
    assert_eq!(find(&out, "1,0"), (row, col + 6), "{out}");
    assert_eq!(find(&out, "0,1"), (row - 2, col + 3), "{out}");
    assert_eq!(find(&out, "-1,1"), (row - 2, col - 3), "{out}");
    let (red_row, red_col) = find(&out, "0,-3");
    let above = out.lines().nth(red_row - 1).expect("a line above");
    assert_eq!(
        &above[red_col..red_col + 2],
        "R0",
        "Red's base over its name: {out}"
    );
    let (blue_row, _) = find(&out, "0,3");
    assert!(blue_row < row && row < red_row, "{out}");
    // All 37 cells of the hexhex board of radius 3 are named.
    for r in -3i32..=3 {
        for q in (-3i32).max(-3 - r)..=3.min(3 - r) {
            find(&out, &format!("{q},{r}"));
        }
    }
}

#[test]
fn a_sown_board_is_a_map_of_every_tessel_with_its_neighbours_listed() {
    let out = board(&["--variant", "friendly board=sown"]);
    let (map, legend) = out
        .split_once("neighbours (walker, then | angler):")
        .expect("a neighbour listing");
    for t in 0..22 {
        let name = format!("t{t}");
        assert!(
            map.split_whitespace().any(|w| w == name),
            "{name} on the map: {out}"
        );
        assert!(
            legend.contains(&format!("{name}: ")),
            "{name} listed: {out}"
        );
    }
    // The sowing of seed 0 is fixed: t1 (zone 1, t0-t10) borders t14, t18 and t19 of zone 2.
    assert!(legend.contains("t1: t4 t5 t6 t7 t14"), "{legend}");
}

#[test]
fn a_disc_of_squares_for_three_seats_is_drawn_as_a_grid() {
    let out = board(&["--seats", "3"]);
    assert!(out.contains("a   b   c   d   e   f   g   h"), "{out}");
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with("6 "))
        .expect("rank 6");
    assert!(row.contains("G0") && row.contains("B0"), "{out}");
}
