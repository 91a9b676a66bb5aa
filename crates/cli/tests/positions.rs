//! `muster new`, `muster moves` and `muster apply`, and their errors.

mod common;

use common::{fails, json, ok, BREAKTHROUGH, OPENING_MOVES};

const START: &str = "tttttttt/8/8/8/8/8/TTTTTTTT L 0";

#[test]
fn new_prints_the_start_position_on_one_line() {
    assert_eq!(ok(&["new", "murus-gallicus"]), format!("{START}\n"));
    assert_eq!(ok(&["new", "mg", "--seed", "7"]), format!("{START}\n"));
    let eight = ok(&["new", "murus-gallicus", "--variant", "basic board=8x8"]);
    assert_eq!(eight.trim().split('/').count(), 8, "{eight}");
}

#[test]
fn moves_lists_the_twenty_opening_moves_sorted() {
    let out = ok(&["moves", "murus-gallicus"]);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves, OPENING_MOVES);
}

#[test]
fn advanced_adds_the_moves_along_the_home_row() {
    let out = ok(&["moves", "murus-gallicus", "--variant", "advanced"]);
    assert_eq!(out.lines().count(), 32, "{out}");
    let mut sorted: Vec<&str> = out.lines().collect();
    sorted.sort_unstable();
    assert_eq!(out.lines().collect::<Vec<_>>(), sorted, "sorted");
    // The same variant through --opt.
    assert_eq!(
        ok(&["moves", "murus-gallicus", "--opt", "ruleset=advanced"]),
        out
    );
}

#[test]
fn moves_json_has_every_key() {
    let value = json(&["moves", "murus-gallicus", "--json"]);
    assert_eq!(value["game"], "murus-gallicus");
    assert_eq!(value["variant"], "basic");
    assert_eq!(value["position"], START);
    assert_eq!(value["actor"], "Light");
    assert_eq!(value["count"], 20);
    let moves: Vec<&str> = value["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m.as_str())
        .collect();
    assert_eq!(moves, OPENING_MOVES);
}

#[test]
fn moves_json_gives_every_move_its_click_path() {
    let value = json(&["moves", "murus-gallicus", "--json"]);
    let paths = value["paths"].as_array().expect("paths");
    assert_eq!(paths.len(), 20);
    let d1_d3 = paths
        .iter()
        .find(|m| m["text"] == "d1-d3")
        .expect("d1-d3 is an opening move");
    assert_eq!(d1_d3["path"], serde_json::json!(["d1", "d3"]));
}

#[test]
fn moves_under_a_clicked_cell_are_the_moves_that_start_there() {
    let out = ok(&["moves", "murus-gallicus", "--under", "d1", "--paths"]);
    assert_eq!(out, "d1-b3\td1 b3\nd1-d3\td1 d3\nd1-f3\td1 f3\n");
    // A whole path leaves the one move it makes.
    assert_eq!(ok(&["moves", "mg", "--under", "d1,d3"]), "d1-d3\n");
}

#[test]
fn a_click_that_leads_nowhere_is_refused_with_what_may_come_next() {
    fails(
        &["moves", "murus-gallicus", "--under", "d1,e9"],
        &["`e9`", "next: d3, f3, b3"],
    );
    fails(&["moves", "murus-gallicus", "--under", "d4"], &["`d4`"]);
}

#[test]
fn moves_from_a_position_text() {
    let out = ok(&["moves", "murus-gallicus", "--position", BREAKTHROUGH]);
    assert!(out.lines().any(|m| m == "d5-d7"), "{out}");
}

#[test]
fn apply_prints_the_resulting_position() {
    let after = ok(&["apply", "murus-gallicus", "d1-d3", "e7-e5"]);
    assert!(after.ends_with(" L 2\n"), "{after}");
    // Continuing from the printed position gives the same as applying everything at once.
    let step = ok(&[
        "apply",
        "murus-gallicus",
        "--position",
        after.trim(),
        "a1-a3",
    ]);
    assert_eq!(
        step,
        ok(&["apply", "murus-gallicus", "d1-d3", "e7-e5", "a1-a3"])
    );
}

#[test]
fn apply_json_reports_outcome_and_events() {
    let value = json(&["apply", "murus-gallicus", "d1-d3", "--json"]);
    assert_eq!(value["actor"], "Dark");
    assert!(value["outcome"].is_null());
    let events = value["events"].as_array().expect("events");
    assert!(!events.is_empty());
    for event in events {
        assert_eq!(event["action"], "d1-d3");
        assert!(
            event["text"].is_string() && event["rule"].is_string(),
            "{event}"
        );
        // The typed event travels with its game and kind.
        assert_eq!(event["audience"], "Everyone", "{event}");
        assert_eq!(event["data"]["game"], "murus-gallicus", "{event}");
        assert_eq!(event["data"]["event"]["type"], "TowerMoved", "{event}");
        assert_eq!(event["data"]["event"]["from"], "d1", "{event}");
    }
    let won = json(&[
        "apply",
        "murus-gallicus",
        "--position",
        BREAKTHROUGH,
        "d5-d7",
        "--json",
    ]);
    assert!(won["actor"].is_null());
    let outcome = &won["outcome"];
    assert_eq!(outcome["result"], "1-0");
    assert_eq!(outcome["scores"], serde_json::json!([1, 0]));
    assert_eq!(outcome["ranks"], serde_json::json!([0, 1]));
    assert!(
        outcome["reason"].as_str().is_some_and(|r| r.contains("d7")),
        "{outcome}"
    );
}

#[test]
fn apply_names_the_illegal_action_by_number() {
    fails(
        &["apply", "murus-gallicus", "d1-d3", "d1-d3"],
        &["action 2 `d1-d3`", "illegal"],
    );
    fails(
        &["apply", "murus-gallicus", "d1-d3", "e7-e5", "zz9"],
        &["action 3 `zz9`"],
    );
}

#[test]
fn bad_variants_options_and_positions_are_quoted() {
    fails(
        &["moves", "murus-gallicus", "--variant", "turbo"],
        &["`turbo`"],
    );
    fails(
        &["moves", "murus-gallicus", "--opt", "board=9x9"],
        &["`board`", "`9x9`"],
    );
    fails(
        &["moves", "murus-gallicus", "--opt", "colour=red"],
        &["`colour`"],
    );
    fails(
        &["moves", "murus-gallicus", "--opt", "board"],
        &["`board`", "KEY=VALUE"],
    );
    fails(&["new", "murus-gallicus", "--seats", "3"], &["3"]);
    fails(
        &["moves", "murus-gallicus", "--position", "not a position"],
        &["`not a position`"],
    );
    fails(
        &["apply", "murus-gallicus", "--position", "x/y L 0", "d1-d3"],
        &["`x/y L 0`"],
    );
}

/// A Mu position text that starts with `-`: levis before the first segment is laid out.
const MU_LAYOUT: &str = "- | - | layout R seats=2";

#[test]
fn a_position_text_starting_with_a_hyphen_is_taken_as_a_position_everywhere() {
    assert_eq!(
        ok(&["new", "mu"]).trim(),
        MU_LAYOUT,
        "the text starts with `-`"
    );
    let moves = ok(&["moves", "mu", "--position", MU_LAYOUT]);
    assert!(moves.lines().any(|m| m == "place:0,0"), "{moves}");
    let after = ok(&["apply", "mu", "--position", MU_LAYOUT, "place:0,0"]);
    assert_eq!(after.trim(), ok(&["apply", "mu", "place:0,0"]).trim());
    let perft = json(&[
        "perft",
        "mu",
        "--position",
        MU_LAYOUT,
        "--depth",
        "1",
        "--json",
    ]);
    assert_eq!(perft["nodes"], moves.lines().count(), "{perft}");
    let bench = json(&[
        "bench",
        "mu",
        "--position",
        MU_LAYOUT,
        "--seconds",
        "0.1",
        "--max-plies",
        "50",
        "--json",
    ]);
    assert!(bench["plies"].as_u64().is_some_and(|p| p > 0), "{bench}");
    let run = common::muster_with_input(
        &["play", "mu", "--vs", "human", "--position", MU_LAYOUT],
        "position\nquit\n",
    );
    assert!(run.success, "{}", run.stderr);
    assert!(
        run.stdout.contains(&format!("> position\n{MU_LAYOUT}\n")),
        "{}",
        run.stdout
    );
}
